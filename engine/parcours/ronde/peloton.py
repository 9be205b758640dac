"""Level 2: the peloton follows the last riders, rides on peloton cards and drives, sweeps riders
in front of it and swallows those lying down; behind it, a rider drives it or tries to rejoin."""

from __future__ import annotations

from ..core import Event, Events
from . import cards as C
from .course import PELOTON_END_HILL
from .state import Rider, State
from .steps import DrawForResult, DriveRoll, PelotonRoll, Rejoin, RejoinRoll, S, Supply
from .tactics import open_counter, take_from_hand


def follow(state: State, events: Events) -> None:
    """The peloton stays on the space just behind the last rider(s), unless riders are behind it."""
    if state.peloton is None or any(r.behind for r in state.riders):
        return
    ahead = [r.at for r in state.riders if not r.finished]
    if not ahead:
        return
    target = min(ahead) - 1
    if target > state.peloton:
        before, state.peloton = state.peloton, min(target, state.finish - 1)
        if events.wants(S + "peloton-follows"):
            events.append(Event("peloton-follows", S + "peloton-follows", data={"from": before, "to": state.peloton}))
        _close_at_muur(state, events)
        catch(state, events)


def catch(state: State, events: Events) -> None:
    """A rider lying down just in front of the peloton goes behind it."""
    if state.peloton is None:
        return
    following = not any(r.behind for r in state.riders)
    for r in state.riders:
        if r.skip and not r.behind and not r.finished and r.at <= state.peloton + 1 and r.at > 0:
            r.behind, r.at = True, state.behind_space
            if events.wants(S + "behind-peloton"):
                events.append(Event("swallowed", S + "behind-peloton", r.seat, data={"peloton": state.peloton}))
    _stops_following(state, following, events)


def _stops_following(state: State, was_following: bool, events: Events) -> None:
    if was_following and any(r.behind for r in state.riders) and events.wants(S + "peloton-moves"):
        events.append(Event("peloton-mode", S + "peloton-moves", data={"follows": False}))


def playable_cards(state: State, hand: list[int]) -> list[str]:
    """The peloton cards a player on turn may play now (one a turn, none once at the Muur)."""
    if not state.with_peloton or state.peloton_closed or "peloton-played" in state.flags:
        return []
    front = state.course[state.peloton or 0]
    return sorted({state.kinds[c] for c in hand
                   if state.kinds[c] in C.PELOTON and C.PELOTON[state.kinds[c]][0 if front.flat else 1]})


def play_card(state: State, seat: int, kind: str, card: int, events: Events) -> None:
    state.flags.add("peloton-played")
    front = state.course[state.peloton or 0]
    sides = C.PELOTON[kind][0 if front.flat else 1]
    if events.wants(S + "peloton-acceleration"):
        events.append(Event("peloton-card", S + "peloton-acceleration", seat, data={"card": kind, "die": sides}))
    state.tasks.append(PelotonRoll(seat, sides, card))
    open_counter(state, seat, card, lose_turn=False)


def roll(state: State, throw: PelotonRoll, face: int, events: Events) -> None:
    """A peloton card's roll (or the D4 of its bonus turn at the foot of a hill)."""
    seat, sides = throw.seat, throw.sides
    cite = S + ("peloton-acceleration" if throw.card is not None else "peloton-flat-to-hill")
    if events.wants(cite):
        events.append(Event("throw", cite, seat, data={"dice": [face], "die": sides}))
    exact = _ride(state, face, events, cite)
    if exact:
        if events.wants(S + "peloton-flat-to-hill"):
            events.append(Event("peloton-extra", S + "peloton-flat-to-hill", seat, data={"at": state.peloton}))
        state.tasks.append(PelotonRoll(seat, 4, None))
    if state.options["ronde.peloton-draws"] == "yes":
        state.tasks.append(DrawForResult(seat, face, sides, False))


def drive(state: State, throw: DriveRoll, face: int, events: Events) -> None:
    """A rider behind the peloton makes it ride with the D4; he and the others behind go along."""
    if events.wants(S + "behind-peloton"):
        events.append(Event("throw", S + "behind-peloton", throw.seat, data={"dice": [face], "die": throw.sides}))
    _ride(state, face, events, S + "behind-peloton", stop_at_foot=state.options["ronde.drive-stops-at-foot"] == "yes")


def _ride(state: State, points: int, events: Events, cite: str, stop_at_foot: bool = True) -> bool:
    """The peloton rides `points` spaces, sweeping the riders it overtakes; True when it stopped
    exactly at the foot of a hill (a bonus D4)."""
    assert state.peloton is not None
    start = pos = state.peloton
    exact = foot = False
    for step in range(1, points + 1):
        if pos + 1 > state.finish - 4:  # it stops short of the line: room for three rows of riders it carries
            break
        pos += 1
        if stop_at_foot and state.course[pos].first and state.course[pos - 1].flat:
            exact, foot = step == points, True
            break
    state.peloton = pos
    if events.wants(cited := S + "peloton-flat-to-hill" if foot else cite):
        events.append(Event("peloton", cited,
                            data={"from": start, "to": pos, "points": points,
                                  "lost": points - (pos - start) if foot else 0}))
    swept = sorted((r for r in state.riders if not r.behind and not r.finished and start <= r.at <= pos),
                   key=lambda r: (r.at, r.seat))
    following = not any(r.behind for r in state.riders)
    supplied = _sweep(state, swept, pos, events)
    for r in state.riders:
        if r.behind:
            r.at = state.behind_space
    _stops_following(state, following, events)
    cobbled = sorted({r.at for r in swept if not r.behind and state.course[r.at].cobbles} |
                     ({pos} if state.course[pos].cobbles else set()))
    if cobbled and events.wants(S + "peloton-cobbles"):
        events.append(Event("cobbles-safe", S + "peloton-cobbles", data={"spaces": cobbled}))
    for seat in reversed(state.in_turn_order(supplied)):  # stacked: the first in clockwise order is served first
        state.tasks.append(Supply(seat, S + "peloton-supply"))
    _close_at_muur(state, events)
    catch(state, events)
    return exact


def _sweep(state: State, swept: list[Rider], peloton: int, events: Events) -> list[int]:
    """The first three overtaken (the rearmost) go just in front, the next three a space further...;
    riders lying down are swallowed. Returns the seats set down in a supply zone."""
    place = peloton + 1
    supplied: list[int] = []
    for r in swept:
        if r.skip:
            r.behind = True
            if events.wants(S + "behind-peloton"):
                events.append(Event("swallowed", S + "behind-peloton", r.seat, data={"peloton": peloton}))
            continue
        while state.riders_on(place) >= 3 and place < state.finish - 1:
            place += 1
        before, r.at = r.at, place
        if before != place:
            if events.wants(S + "peloton-acceleration"):
                events.append(Event("swept", S + "peloton-acceleration", r.seat, data={"from": before, "to": place}))
            if state.course[place].supply:
                supplied.append(r.seat)
    return supplied


def _close_at_muur(state: State, events: Events) -> None:
    """At the foot of the Muur the peloton cards leave the game: every hand gives them up."""
    foot = state.course.hill_foot(PELOTON_END_HILL)
    if state.peloton_closed or foot is None or state.peloton is None or state.peloton < foot:
        return
    state.peloton_closed = True
    for r in state.riders:
        kept = [c for c in r.hand if state.kinds[c] not in C.PELOTON]
        state.peloton_discard += [c for c in r.hand if state.kinds[c] in C.PELOTON]
        r.hand[:] = kept
    if events.wants(S + "peloton-piles"):
        events.append(Event("peloton-closed", S + "peloton-piles", data={"at": state.peloton}))


# ---------------------------------------------------------------- behind the peloton

def rejoin_choices(state: State, seat: int) -> list[str]:
    front = state.course[state.peloton or 0]
    card = "flat" if front.flat else ("triangle" if front.die == 4 else "square")
    return ["d8", *([card] if state.held(seat, card) is not None else [])]


def rejoin(state: State, step: Rejoin, choice: str, events: Events) -> None:
    seat = step.seat
    if choice == "d8":
        state.tasks.append(RejoinRoll(seat, 8))
        return
    card = take_from_hand(state, seat, choice)
    if events.wants(S + "behind-peloton"):
        events.append(Event("card", S + "behind-peloton", seat, data={"card": choice, "die": C.ACCELERATION[choice]}))
    state.tasks.append(RejoinRoll(seat, C.ACCELERATION[choice]))
    open_counter(state, seat, card, lose_turn=True)


def roll_rejoin(state: State, throw: RejoinRoll, face: int, events: Events) -> None:
    rider = state.riders[throw.seat]
    assert state.peloton is not None
    made = face >= 7
    if events.wants(S + "behind-peloton"):
        events.append(Event("rejoin", S + "behind-peloton", throw.seat,
                            data={"dice": [face], "die": throw.sides, "made": made}))
    if made:
        place = state.peloton + 1
        while state.full(place):
            place += 1
        rider.behind, rider.at = False, place
        if not any(r.behind for r in state.riders) and events.wants(S + "peloton-moves"):
            events.append(Event("peloton-mode", S + "peloton-moves", data={"follows": True}))
