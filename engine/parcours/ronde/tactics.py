"""Cards played, at every level: from the hand to the table, the counter window (level 3), the
discard; and the level-3 tactical cards: counter, kwak, spring-along, take, too many in hand."""

from __future__ import annotations

from ..core import Event, Events, ScenarioError
from . import cards as C
from .course import HILL_CARD_HILLS
from .state import State
from .steps import (
    CounterEnd,
    CounterWindow,
    DiscardExcess,
    DiscardPlayed,
    DrawForResult,
    EndOfTurn,
    Hit,
    KwakWindow,
    MoveRoll,
    PassedWindow,
    RegisterSpringer,
    S,
    SecondRoll,
    Settle,
    SpringRide,
    SpringWindow,
    TakeCards,
)

# ---------------------------------------------------------------- a card played, countered or not


def take_from_hand(state: State, seat: int, kind: str) -> int:
    card = state.held(seat, kind)
    if card is None:
        raise ScenarioError("choices", f"player {seat + 1} holds no {kind} card",
                            fr=f"le joueur {seat + 1} n'a pas de carte {kind}")
    state.riders[seat].hand.remove(card)
    state.table.append(card)
    return card


def open_counter(state: State, player: int | None, card: int, lose_turn: bool) -> None:
    """A card was played (or a misfortune drawn): anyone holding a counter card may cancel it;
    when nobody can, it stands at once."""
    counterers = _counterers(state, player) if state.level == 3 else ()
    if not counterers:
        state.tasks.append(Settle(card))
        return
    state.tasks.append(CounterEnd(card, player if lose_turn else None))
    state.tasks.append(CounterWindow(card, player, 0, counterers))


def _counterers(state: State, excluded: int | None) -> tuple[int, ...]:
    return tuple(s for s in state.clockwise(state.turn) if s != excluded and not state.riders[s].finished
                 and state.held(s, "t-counter") is not None)


def can_counter(state: State, seat: int) -> bool:
    return not state.riders[seat].finished and state.held(seat, "t-counter") is not None


def counter(state: State, window: CounterWindow, choice: str, events: Events) -> None:
    seat, rest = window.candidates[0], window.candidates[1:]
    if choice == "pass":
        state.tasks.append(CounterWindow(window.card, window.last, window.chain, rest))
        return
    played = take_from_hand(state, seat, "t-counter")
    out_of_turn(state, seat, "t-counter", events)
    if events.wants(S + "counter-card"):
        events.append(Event("counter", S + "counter-card", seat,
                            data={"against": state.kinds[window.card], "chain": window.chain + 1}))
    state.tasks.append(CounterWindow(window.card, seat, window.chain + 1, _counterers(state, seat)))
    state.discard.append(state.table.pop(state.table.index(played)))


def close_counter(state: State, window: CounterWindow, events: Events) -> None:
    """Nobody counters any more: an even chain lets the card stand, an odd one cancels it, and
    what it was about to do with it."""
    end = state.tasks.pop()
    assert isinstance(end, CounterEnd)
    if window.chain % 2 == 0:
        state.tasks.append(Settle(end.card))
        return
    effect = state.tasks.pop()  # what the card was about to do
    while isinstance(effect, SpringWindow):  # a move's spring-along window sits above its roll
        effect = state.tasks.pop()
    to_discard(state, end.card)
    if events.wants(S + "counter-card"):
        events.append(Event("countered", S + "counter-card", end.loser, data={"card": state.kinds[end.card]}))
    if isinstance(effect, MoveRoll) and state.tasks and isinstance(state.tasks[-1], SecondRoll):
        state.tasks.pop()
    if end.loser is not None and end.loser == state.turn:
        while state.tasks and not isinstance(state.tasks[-1], EndOfTurn):
            state.tasks.pop()


def settle(state: State, card: int, events: Events) -> None:
    kind = state.kinds[card]
    if C.family(kind) == "misfortune" or kind in C.AGAINST or kind in C.KWAK:
        return  # it lies in front of its victim (the effect below takes it off the table)
    if rolls_with(kind) and state.options.get("ronde.played-card-discard", "at-once") == "after-roll":
        return  # it stays on the table until its roll is played (see after_roll)
    discard_played(state, card, events)


def rolls_with(kind: str) -> bool:
    """A card that gives a roll: acceleration, hill and peloton cards."""
    return kind in C.ACCELERATION or kind in HILL_CARD_HILLS or kind in C.PELOTON


def after_roll(state: State) -> None:
    """With the reading "after-roll", the card a roll was made with goes to the discard once the
    card that roll draws is taken (the draw for the result, when there is one, is on top)."""
    if state.options.get("ronde.played-card-discard", "at-once") != "after-roll":
        return
    scheduled = {step.card for step in state.tasks if isinstance(step, DiscardPlayed)}  # a later roll of the move
    waiting = [c for c in state.table if rolls_with(state.kinds[c]) and c not in scheduled]
    at = len(state.tasks) - 1 if state.tasks and isinstance(state.tasks[-1], DrawForResult) else len(state.tasks)
    for card in waiting:
        state.tasks.insert(at, DiscardPlayed(card))


def discard_played(state: State, card: int, events: Events) -> None:
    kind = state.kinds[card]
    to_discard(state, card)
    if kind.startswith("t-") and events.wants(S + "tactical-discard"):
        events.append(Event("tactical-discard", S + "tactical-discard", data={"card": kind}))


def to_discard(state: State, card: int) -> None:
    if card in state.table:
        state.table.remove(card)
    (state.peloton_discard if state.kinds[card] in C.PELOTON else state.discard).append(card)


def out_of_turn(state: State, seat: int, kind: str, events: Events) -> None:
    if seat != state.turn and events.wants(S + "out-of-turn"):
        events.append(Event("out-of-turn", S + "out-of-turn", seat, data={"card": kind}))


# ---------------------------------------------------------------- against, take, kwak

def play_against(state: State, seat: int, victim: int, kind: str, card: int, events: Events) -> None:
    """A tactical card against another rider: his turns to sit out."""
    if state.options["ronde.against-basic-die"] == "basic":
        state.flags.add("basic-only")
    if events.wants(S + "tactical-against"):
        events.append(Event("attack", S + "tactical-against", seat, data={"card": kind, "victim": victim}))
    state.tasks.append(Hit(victim, card, C.AGAINST[kind], S + "tactical-against"))
    open_counter(state, seat, card, lose_turn=True)


def play_take(state: State, seat: int, victim: int, card: int, events: Events) -> None:
    if events.wants(S + "tactical-take-cards"):
        events.append(Event("take-card", S + "tactical-take-cards", seat, data={"victim": victim}))
    state.tasks.append(TakeCards(seat, victim, card))
    open_counter(state, seat, card, lose_turn=True)


def take_cards(state: State, step: TakeCards, events: Events) -> None:
    hand = state.riders[step.victim].hand
    pool = [c for c in hand if state.kinds[c] not in C.PELOTON]
    taken = state.shuffles.sample(pool, min(2, len(pool)))
    pelotons = [c for c in hand if state.kinds[c] in C.PELOTON]
    taken += state.shuffles.sample(pelotons, min(1, len(pelotons)))
    for c in taken:
        hand.remove(c)
        state.riders[step.seat].hand.append(c)
    if events.wants(S + "tactical-take-cards"):
        events.append(Event("taken", S + "tactical-take-cards", step.seat,
                            data={"victim": step.victim, "cards": len(taken)}))


def kwak_plays(state: State, seat: int) -> list[str]:
    me = state.riders[seat]
    if not me.standing or me.at == 0:
        return []
    kinds = sorted({state.kinds[c] for c in me.hand} & C.KWAK.keys())
    if not kinds:
        return []
    victims = [r.seat for r in state.riders if r.seat != seat and r.standing and r.at == me.at]
    return [f"{k}@{v + 1}" for k in kinds for v in victims]


def play_kwak(state: State, seat: int, victim: int, kind: str, card: int, events: Events,
              on_turn: bool) -> None:
    if events.wants(S + "kwak-cards"):
        events.append(Event("kwak", S + "kwak-cards", seat, data={"card": kind, "victim": victim}))
    state.tasks.append(Hit(victim, card, C.KWAK[kind], S + "kwak-cards"))
    open_counter(state, seat, card, lose_turn=on_turn)


def open_kwak(state: State, space: int) -> None:
    if space == 0:
        return
    here = tuple(s for s in state.clockwise(state.turn) if state.riders[s].at == space and kwak_plays(state, s))
    if here:
        state.tasks.append(KwakWindow(space, here))


def kwak(state: State, window: KwakWindow, choice: str, events: Events) -> None:
    seat, rest = window.candidates[0], window.candidates[1:]
    if choice == "pass":
        state.tasks.append(KwakWindow(window.space, rest))
        return
    kind, _, target = choice.partition("@")
    state.tasks.append(KwakWindow(window.space, tuple(s for s in rest if kwak_plays(state, s))))
    card = take_from_hand(state, seat, kind)
    out_of_turn(state, seat, kind, events)
    play_kwak(state, seat, int(target) - 1, kind, card, events, on_turn=False)


# ---------------------------------------------------------------- spring-along

def can_spring(state: State, seat: int) -> bool:
    return state.riders[seat].standing and state.held(seat, "t-spring") is not None


def spring(state: State, window: SpringWindow, choice: str, events: Events) -> None:
    """Before the roll: he will ride it too (his card may still be countered)."""
    seat = window.candidates[0]
    state.tasks.append(SpringWindow(window.mover, window.candidates[1:]))
    if choice == "pass":
        return
    card = take_from_hand(state, seat, "t-spring")
    out_of_turn(state, seat, "t-spring", events)
    if events.wants(S + "spring-along-card"):
        events.append(Event("spring", S + "spring-along-card", seat, data={"mover": window.mover, "when": "before"}))
    state.tasks.append(RegisterSpringer(seat))
    open_counter(state, seat, card, lose_turn=False)


def spring_passed(state: State, window: PassedWindow, choice: str, events: Events) -> None:
    """Just passed: he rides the points the mover had left when passing him."""
    seat = window.candidates[0]
    state.tasks.append(PassedWindow(window.mover, window.start, window.face, window.sides, window.candidates[1:]))
    if choice == "pass":
        return
    card = take_from_hand(state, seat, "t-spring")
    out_of_turn(state, seat, "t-spring", events)
    left = window.face - (state.riders[seat].at - window.start)
    if events.wants(S + "spring-along-card"):
        events.append(Event("spring", S + "spring-along-card", seat, data={"mover": window.mover, "when": "passed",
                                                                           "points": left}))
    state.tasks.append(SpringRide(seat, left, window.sides))
    open_counter(state, seat, card, lose_turn=False)


# ---------------------------------------------------------------- too many tactical cards

def excess_choices(state: State, seat: int) -> list[str]:
    return sorted({f"discard:{state.kinds[c]}" for c in state.riders[seat].hand if state.kinds[c].startswith("t-")})


def discard_excess(state: State, step: DiscardExcess, choice: str, events: Events) -> None:
    kind = choice.split(":")[1]
    card = take_from_hand(state, step.seat, kind)
    to_discard(state, card)
    if events.wants(S + "tactical-cards"):
        events.append(Event("discard", S + "tactical-cards", step.seat, data={"card": kind}))
