"""Level 1: a rider's move (three abreast, the foot of a hill, the cobbles and their falls), the
cards a roll's result draws, misfortunes, the supply zones and the red triangle; and the riders
who spring along ride the same roll."""

from __future__ import annotations

from ..core import Event, Events
from . import cards as C
from .course import HILL_CARD_HILLS
from .peloton import catch, follow
from .state import State
from .steps import (
    DrawForResult,
    ExtraTurn,
    FinishCheck,
    Hit,
    MoveRoll,
    PassedWindow,
    RedTriangle,
    S,
    SpringersRide,
    SpringRide,
    SpringWindow,
    Supply,
    TurnsRoll,
)
from .tactics import can_spring, open_counter, open_kwak

FALL_TURNS = {4: 1, 6: 1, 8: 2, 10: 2, 12: 3}  # by the die that brought the fall; the D16: a D4 says


def prepare_move(state: State, seat: int, sides: int, source: str) -> None:
    """The roll of a move, preceded by the spring-along window (before the dice are rolled)."""
    state.springers = []
    state.tasks.append(MoveRoll(seat, sides, source))
    if state.level == 3 and state.options["ronde.spring-along"] in ("both", "before"):
        mover = state.riders[seat]
        candidates = tuple(s for s in state.clockwise(seat)[1:] if state.riders[s].at <= mover.at
                           and can_spring(state, s))
        if candidates:
            state.tasks.append(SpringWindow(seat, candidates))


def roll_move(state: State, throw: MoveRoll, face: int, events: Events) -> None:
    """A rider's own roll. What follows is stacked so that it happens in this order: his fall or
    his card, the supply and the red triangle, the finish, riders springing along, the kwak
    window, and last the extra turn at the foot of a hill."""
    seat, rider = throw.seat, state.riders[throw.seat]
    start = rider.at
    was_last = state.with_peloton and _is_last(state, seat)  # the peloton follows the last riders
    if events.wants(cited := S + _move_cite(state, throw.source, start)):
        events.append(Event("throw", cited, seat,
                            data={"dice": [face], "die": throw.sides}))
    end, exact_foot = ride(state, seat, face, stop_at_foot=True, events=events)
    falls = _falls(state, seat, face)
    if exact_foot and not falls:
        if events.wants(S + "flat-to-hill"):
            events.append(Event("extra-turn", S + "flat-to-hill", seat, data={"at": end}))
        state.tasks.append(ExtraTurn(seat))
    _stack_finish_and_windows(state, throw, start, end, face)
    arrivals(state, seat, start, events)
    if falls:
        _fall(state, seat, face, throw.sides, events, S + "cobbles")
    elif not rider.finished:
        state.tasks.append(DrawForResult(seat, face, throw.sides, throw.source == "basic"))
    if was_last:
        follow(state, events)


def _stack_finish_and_windows(state: State, throw: MoveRoll, start: int, end: int, face: int) -> None:
    """The kwak window where the move ended, the finish (after the riders springing along, who
    may cross too), the riders passed who may spring along, those who sprang before the roll."""
    if state.level == 3:
        open_kwak(state, state.riders[throw.seat].at)
    state.tasks.append(FinishCheck())
    if state.level == 3 and state.options["ronde.spring-along"] in ("both", "passed"):
        passed = tuple(s for s in state.clockwise(throw.seat)[1:]
                       if start < state.riders[s].at < end and can_spring(state, s))
        if passed:
            state.tasks.append(PassedWindow(throw.seat, start, face, throw.sides, passed))
    if state.springers:
        state.tasks.append(SpringersRide(tuple(state.springers), face, throw.sides))
        state.springers = []


def _move_cite(state: State, source: str, start: int) -> str:
    if source in C.ACCELERATION:
        return "acceleration-cards"
    if source in HILL_CARD_HILLS:
        return "hill-card-koppenberg" if source == "t-koppenberg" else "hill-card-berendries"
    return "dice" if state.course[start].flat else "playing"


def ride(state: State, seat: int, points: int, stop_at_foot: bool, events: Events,
         cite: str = "playing") -> tuple[int, bool]:
    """Move a rider `points` spaces; a group of three or the foot of a hill may stop him."""
    rider = state.riders[seat]
    start = pos = rider.at
    exact_foot = False
    why = ""
    finish, spaces, closed = state.course.finish, state.course.spaces, state.closed()  # nobody else moves meanwhile
    for step in range(1, points + 1):
        nxt = pos + 1
        if nxt >= finish:
            pos = finish
            break
        if nxt in closed:
            why = "three-abreast"
            break
        pos = nxt
        if stop_at_foot and spaces[nxt].first and spaces[nxt - 1].flat:
            exact_foot = step == points
            why = "flat-to-hill" if step < points else ""
            break
    rider.at = pos
    lost = points - (pos - start) if why else 0
    if events.wants(cited := S + (why or cite)):
        events.append(Event("ride", cited, seat, data={"from": start, "to": pos, "points": points,
                                                                    "lost": lost}))
    if pos >= finish:
        rider.finished = True
        state.crossing.append(seat)
    return pos, exact_foot


def _falls(state: State, seat: int, face: int) -> bool:
    """On the cobbles, a result at least the number of the space landed on brings a fall."""
    rider = state.riders[seat]
    space = state.course[rider.at]
    return not rider.finished and space.cobbles is not None and face >= space.number


def _fall(state: State, seat: int, face: int, sides: int, events: Events, cite: str) -> None:
    rider = state.riders[seat]
    space = state.course[rider.at]
    turns = FALL_TURNS.get(sides, 0)
    if events.wants(cite):
        events.append(Event("fall", cite, seat, data={"strip": space.cobbles, "number": space.number, "face": face,
                                                      "die": sides, "turns": turns}))
    if turns:
        rider.skip += turns
        catch(state, events)
    else:
        state.tasks.append(TurnsRoll(seat, 4, cite))


def _is_last(state: State, seat: int) -> bool:
    ahead = [r.at for r in state.riders if not r.finished and not r.behind]
    return bool(ahead) and state.riders[seat].at == min(ahead)


# ---------------------------------------------------------------- riding along

def springers_ride(state: State, step: SpringersRide, events: Events) -> None:
    for seat in step.seats:
        spring_ride(state, seat, step.face, step.sides, events)


def spring_ride(state: State, seat: int, points: int, sides: int, events: Events) -> None:
    rider = state.riders[seat]
    if not rider.standing:
        return
    start = rider.at
    ride(state, seat, points, stop_at_foot=False, events=events, cite="spring-along-card")
    arrivals(state, seat, start, events)
    if _falls(state, seat, points):
        _fall(state, seat, points, sides, events, S + "spring-along-card")


def ride_after_passed(state: State, step: SpringRide, events: Events) -> None:
    spring_ride(state, step.seat, step.points, step.sides, events)


# ---------------------------------------------------------------- misfortune

def hit(state: State, step: Hit, events: Events) -> None:
    state.table.remove(step.card)
    rider = state.riders[step.victim]
    if rider.finished:
        state.discard.append(step.card)
        return
    rider.lying.append(step.card)
    if events.wants(step.cite):
        events.append(Event("hit", step.cite, step.victim, data={"card": state.kinds[step.card], "turns": step.turns,
                                                                  "skip": rider.skip + step.turns}))
    if step.turns:
        rider.skip += step.turns
        catch(state, events)
    else:
        state.tasks.append(TurnsRoll(step.victim, 4, step.cite))


def roll_turns(state: State, throw: TurnsRoll, face: int, events: Events) -> None:
    rider = state.riders[throw.seat]
    rider.skip += face
    if events.wants(throw.cite):
        events.append(Event("turns", throw.cite, throw.seat, data={"turns": face, "skip": rider.skip}))
    catch(state, events)


# ---------------------------------------------------------------- what a result draws

def draw_for_result(state: State, step: DrawForResult, events: Events) -> None:
    if step.basic or state.options["ronde.drawing-rolls"] == "every-roll":
        _draws(state, step.seat, step.face, step.sides, events)


def _draws(state: State, seat: int, face: int, sides: int, events: Events) -> None:
    """1 or 6: the draw pile; 8 or 12: the discard; at level 2, 4: peloton pile, 10: its discard."""
    if state.riders[seat].behind:
        return
    peloton_open = state.with_peloton and not state.peloton_closed
    if face in (1, 6):
        _receive(state, seat, _pop_draw(state, events), S + "dice-results", events)
    elif face in (8, 12):
        if state.discard:
            _receive(state, seat, state.discard.pop(), S + "dice-results", events, from_discard=True)
    elif face in (4, 10) and peloton_open:
        pile = state.peloton_draw if face == 4 else state.peloton_discard
        if pile:
            _receive(state, seat, pile.pop(), S + "peloton-dice-results", events, from_discard=face == 10)
    if sides == 16 and face >= 13:
        _thirteen(state, seat, events)


def _thirteen(state: State, seat: int, events: Events) -> None:
    if state.options["ronde.d16-thirteen"] == "shield":
        state.flags.add("shield")
        if events.wants(S + "misfortune-cards"):
            events.append(Event("shield", S + "misfortune-cards", seat, data={}))
        return
    if not state.draw:
        return
    top = state.draw[-1]
    if C.family(state.kinds[top]) == "misfortune":
        state.discard.append(state.draw.pop())
        if events.wants(S + "misfortune-cards"):
            events.append(Event("misfortune-void", S + "misfortune-cards", seat, data={"card": state.kinds[top]}))
        _refill(state, events)
    else:
        if events.wants(S + "misfortune-cards"):
            events.append(Event("top-seen", S + "misfortune-cards", seat, data={"family": C.family(state.kinds[top])}))


def _pop_draw(state: State, events: Events) -> int | None:
    _refill(state, events)  # it ran out while the discard was empty: rebuilt from today's discard
    if not state.draw:
        return None
    card = state.draw.pop()
    _refill(state, events)
    return card


def _refill(state: State, events: Events) -> None:
    """"When the draw pile 1-6 runs out", at once: the discard, shuffled, becomes the draw pile
    (before any 8 or 12 can take from it)."""
    if not state.draw and state.discard:
        state.draw = state.discard
        state.discard = []
        state.shuffles.shuffle(state.draw)
        if events.wants(S + "dice-results"):
            events.append(Event("reshuffle", S + "dice-results", data={"cards": len(state.draw)}))


def _receive(state: State, seat: int, card: int | None, cite: str, events: Events,
             from_discard: bool = False) -> None:
    if card is None:
        return
    kind = state.kinds[card]
    if events.wants(cite):
        events.append(Event("draw", cite, seat, data={"card": kind, "open": from_discard, "family": C.family(kind)}))
    if C.family(kind) != "misfortune":
        state.riders[seat].hand.append(card)
    elif "shield" in state.flags and seat == state.turn:
        state.flags.discard("shield")
        state.discard.append(card)
        if events.wants(S + "misfortune-cards"):
            events.append(Event("misfortune-void", S + "misfortune-cards", seat, data={"card": kind}))
    else:
        state.table.append(card)
        state.tasks.append(Hit(seat, card, C.MISFORTUNE[kind], S + "misfortune-cards"))
        open_counter(state, None, card, lose_turn=False)


# ---------------------------------------------------------------- where a move ends

def arrivals(state: State, seat: int, start: int, events: Events) -> None:
    """Where a move ends: the supply zone; on the way, the red triangle."""
    rider = state.riders[seat]
    if rider.finished or rider.behind:
        return
    if state.course[rider.at].supply:
        state.tasks.append(Supply(seat, S + "supply"))
    if rider.triangle:  # he has had his card
        return
    triangle = state.course.data["red_triangle"]
    reached = rider.at == triangle if state.options["ronde.red-triangle"] == "stop" else start < triangle <= rider.at
    if reached:
        rider.triangle = True
        state.tasks.append(RedTriangle(seat))


def supply(state: State, step: Supply, events: Events) -> None:
    seat = step.seat
    got = [c for c in (_pop_draw(state, events) for _ in range(3)) if c is not None]
    bad = [c for c in got if C.family(state.kinds[c]) == "misfortune"]
    if events.wants(step.cite):
        events.append(Event("supply", step.cite, seat, data={"cards": len(got), "misfortunes": len(bad)}))
    if len(bad) >= 2:
        keep = state.options["ronde.supply-misfortunes"] == "keep-rest"
        state.discard += bad if keep else got
        if keep:
            state.riders[seat].hand += [c for c in got if c not in bad]
        return
    for card in got:
        if card in bad:
            _receive(state, seat, card, S + "supply", events)
        else:
            state.riders[seat].hand.append(card)


def steal_choices(state: State, seat: int) -> list[str]:
    victims = [f"steal@{r.seat + 1}" for r in state.riders if r.seat != seat and _stealable(state, r.seat)]
    return [*victims, "pass"]


def _stealable(state: State, seat: int) -> bool:
    return any(C.family(state.kinds[c]) in ("acceleration", "tactical") for c in state.riders[seat].hand)


def steal(state: State, step: RedTriangle, choice: str, events: Events) -> None:
    """The red triangle: a card taken blind from the chosen player's hand."""
    if choice == "pass":
        return
    victim = int(choice.split("@")[1]) - 1
    pool = [c for c in state.riders[victim].hand if C.family(state.kinds[c]) in ("acceleration", "tactical")]
    if not pool:  # only possible in a bot's imagined deal: the choice was offered on the real hands
        return
    card = state.shuffles.choice(pool)
    state.riders[victim].hand.remove(card)
    state.riders[step.seat].hand.append(card)
    if events.wants(S + "red-triangle"):
        events.append(Event("steal", S + "red-triangle", step.seat, data={"victim": victim}))
