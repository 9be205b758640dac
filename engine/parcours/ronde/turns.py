"""Turns: who begins, a turn and its end, what the player on turn may do (a card before his move,
or the move itself), the extra turn and the Koppenberg's second roll; the finish and its tie-break."""

from __future__ import annotations

from ..core import Event, Events
from . import cards as C
from . import peloton
from .course import HILL_CARD_HILLS
from .moves import prepare_move
from .state import Rider, State
from .steps import (
    Act,
    AfterDrive,
    DiscardExcess,
    DriveRoll,
    EndOfTurn,
    ExtraTurn,
    Lot,
    Rejoin,
    S,
    SecondRoll,
    TieBreak,
    TieRoll,
    Turn,
)
from .tactics import kwak_plays, open_counter, play_against, play_kwak, play_take, take_from_hand

BASIC_FLAT = (4, 6, 8)  # the dice a rider may choose on the flat


def lot(state: State, throw: Lot, face: int, events: Events) -> None:
    seat = throw.pending[0]
    results = (*throw.results, (seat, face))
    if events.wants(S + "playing"):
        events.append(Event("lot", S + "playing", seat, data={"face": face}))
    if len(throw.pending) > 1:
        state.tasks.append(Lot(throw.pending[1:], results))
        return
    best = max(f for _, f in results)
    top = tuple(s for s, f in results if f == best)
    if len(top) > 1:
        if events.wants(S + "playing"):
            events.append(Event("lot-tie", S + "playing", data={"seats": list(top), "face": best}))
        state.tasks.append(Lot(top, ()))
        return
    state.turn = top[0]
    if events.wants(S + "playing"):
        events.append(Event("first", S + "playing", top[0], data={"face": best}))
    state.tasks.append(Turn())


def begin_turn(state: State, events: Events) -> None:
    seat = state.turn
    rider = state.riders[seat]
    state.flags.clear()
    state.tasks.append(EndOfTurn(seat))
    if rider.finished:
        return
    if rider.behind:
        state.tasks.append(AfterDrive(seat))
        state.tasks.append(DriveRoll(seat, 4))
    elif rider.skip:
        _sit_out(state, rider, events, S + "misfortune-cards")
    elif state.full(rider.at + 1):
        if events.wants(S + "three-abreast"):
            events.append(Event("boxed-in", S + "three-abreast", seat, data={"at": rider.at, "ahead": rider.at + 1}))
    else:
        state.tasks.append(Act(seat))


def _sit_out(state: State, rider: Rider, events: Events, cite: str) -> None:
    rider.skip -= 1
    if events.wants(cite):
        events.append(Event("sit-out", cite, rider.seat, data={"left": rider.skip}))
    if rider.skip == 0:
        state.discard += rider.lying
        if events.wants(cite):
            events.append(Event("back-up", cite, rider.seat, data={"cards": [state.kinds[c] for c in rider.lying]}))
        rider.lying = []


def after_drive(state: State, step: AfterDrive, events: Events) -> None:
    rider = state.riders[step.seat]
    if rider.skip:
        _sit_out(state, rider, events, S + "behind-peloton")
    else:
        state.tasks.append(Rejoin(rider.seat))


def end_turn(state: State, step: EndOfTurn, events: Events) -> None:
    seat = step.seat
    rider = state.riders[seat]
    if state.tactical_count(seat) > 2:
        rider.excess += 1
        if rider.excess >= (2 if state.options.get("ronde.tactical-grace", "one-round") == "one-round" else 1):
            state.tasks.append(EndOfTurn(seat))
            state.tasks.append(DiscardExcess(seat))
            rider.excess = 0
            return
    else:
        rider.excess = 0
    if all(r.finished for r in state.riders):
        state.finished = True
        return
    state.turn = (seat + 1) % len(state.riders)
    state.tasks.append(Turn())


def extra_turn(state: State, step: ExtraTurn) -> None:
    state.flags.clear()
    if state.riders[step.seat].standing and not state.finished:
        state.tasks.append(Act(step.seat))


def second_roll(state: State, step: SecondRoll, events: Events) -> None:
    if state.riders[step.seat].standing and not state.full(state.riders[step.seat].at + 1):
        if events.wants(S + "hill-card-koppenberg"):
            events.append(Event("second-roll", S + "hill-card-koppenberg", step.seat, data={}))
        prepare_move(state, step.seat, step.sides, "t-koppenberg")


# ---------------------------------------------------------------- the player on turn

def actions(state: State, seat: int) -> list[str]:
    """Everything the player on turn may do now: a card before his move, or his move itself."""
    rider = state.riders[seat]
    out = peloton.playable_cards(state, rider.hand)
    opponents = [r.seat for r in state.riders if r.seat != seat and not r.finished]
    held = {state.kinds[c] for c in rider.hand}
    for kind in sorted(held & C.AGAINST.keys()):
        out += [f"{kind}@{v + 1}" for v in opponents]
    if "t-take" in held:
        out += [f"t-take@{v + 1}" for v in opponents if state.riders[v].hand]
    out += kwak_plays(state, seat)
    return out + _moves(state, rider, held)


def _moves(state: State, rider: Rider, held: set[str]) -> list[str]:
    """The move: a basic die or a card on the flat; the space's die or a card uphill."""
    space = state.course[rider.at]
    free = "basic-only" not in state.flags
    if space.flat:
        return [f"d{d}" for d in BASIC_FLAT] + (["flat"] if free and "flat" in held else [])
    out = ["roll"]
    if free:
        card = "triangle" if space.die == 4 else "square"
        out += [card] if card in held else []
        for hill_card, hills in HILL_CARD_HILLS.items():
            if hill_card in held and (space.hill in hills or hill_card == "t-berendries"):
                out.append(hill_card)
    return out


def act(state: State, step: Act, choice: str, events: Events) -> None:
    seat = step.seat
    kind, _, target = choice.partition("@")
    if kind in ("d4", "d6", "d8", "roll"):
        sides = int(kind[1:]) if kind != "roll" else state.course[state.riders[seat].at].die
        if events.wants(cited := S + ("dice" if kind != "roll" else "playing")):
            events.append(Event("die", cited, seat,
                                data={"die": sides, "at": state.riders[seat].at}))
        prepare_move(state, seat, sides, "basic")
        return
    card = take_from_hand(state, seat, kind)
    if kind in C.ACCELERATION:
        if events.wants(S + "acceleration-cards"):
            events.append(Event("card", S + "acceleration-cards", seat,
                                data={"card": kind, "die": C.ACCELERATION[kind]}))
        prepare_move(state, seat, C.ACCELERATION[kind], kind)
        open_counter(state, seat, card, lose_turn=True)
    elif kind in HILL_CARD_HILLS:
        _play_hill_card(state, seat, kind, card, events)
    else:  # a card before his move: he acts again after it
        state.tasks.append(Act(seat))
        if kind in C.PELOTON:
            peloton.play_card(state, seat, kind, card, events)
        elif kind in C.AGAINST:
            play_against(state, seat, int(target) - 1, kind, card, events)
        elif kind == "t-take":
            play_take(state, seat, int(target) - 1, card, events)
        else:
            play_kwak(state, seat, int(target) - 1, kind, card, events, on_turn=True)


def _play_hill_card(state: State, seat: int, kind: str, card: int, events: Events) -> None:
    hill = state.course[state.riders[seat].at].hill
    named = hill in HILL_CARD_HILLS[kind]
    sides = 10 if kind == "t-koppenberg" else (16 if named else 8)
    cite = S + ("hill-card-koppenberg" if kind == "t-koppenberg" else "hill-card-berendries")
    if events.wants(cite):
        events.append(Event("card", cite, seat, data={"card": kind, "die": sides, "hill": hill}))
    if kind == "t-koppenberg":
        state.tasks.append(SecondRoll(seat, sides))
    prepare_move(state, seat, sides, kind)
    open_counter(state, seat, card, lose_turn=True)


# ---------------------------------------------------------------- the finish

def finish_check(state: State, events: Events) -> None:
    crossing, state.crossing = state.crossing, []
    if len(crossing) > 1:
        state.tasks.append(TieBreak(tuple(crossing), ()))
        return
    for seat in crossing:
        _arrive(state, seat, events)


def _arrive(state: State, seat: int, events: Events) -> None:
    state.arrivals.append(seat)
    if events.wants(S + "object"):
        events.append(Event("finish", S + "object", seat, data={"place": len(state.arrivals)}))
    if state.options["ronde.race-end"] == "first" or len(state.arrivals) == len(state.riders):
        state.finished = True
        if events.wants(S + "object"):
            events.append(Event("end", S + "object", state.arrivals[0], data={"ranking": ranking(state)}))


def tie_break(state: State, step: TieBreak, events: Events) -> None:
    if step.pending:
        state.tasks.append(TieBreak(step.pending[1:], step.results))
        state.tasks.append(TieRoll(step.pending[0], 16))
        return
    best = max(f for _, f in step.results)
    top = tuple(s for s, f in step.results if f == best)
    if len(top) > 1:
        state.tasks.append(TieBreak(top, ()))
        return
    for seat, _ in sorted(step.results, key=lambda sf: -sf[1]):
        _arrive(state, seat, events)
        if state.finished:
            return


def roll_tie(state: State, throw: TieRoll, face: int, events: Events) -> None:
    below = state.tasks.pop()
    assert isinstance(below, TieBreak)
    state.tasks.append(TieBreak(below.pending, (*below.results, (throw.seat, face))))
    if events.wants(S + "spring-along-card"):
        events.append(Event("tie-roll", S + "spring-along-card", throw.seat, data={"face": face}))


def ranking(state: State) -> list[int]:
    rest = sorted((r for r in state.riders if r.seat not in state.arrivals), key=lambda r: (-r.at, r.seat))
    return state.arrivals + [r.seat for r in rest]
