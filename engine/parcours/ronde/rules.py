"""Het Grote Ronde van Vlaanderen Spel: the rules of the three levels, section by section.

Each step of play is a task on `Race.tasks` (see state.py). `advance` runs the automatic ones;
`need` tells what the task on top waits for: a die (of any size) or a decision, from any seat.
Events cite the rulebook section that caused them ("ronde:cobbles", ...).
"""

from __future__ import annotations

import collections
import random
from typing import Any

from ..core import Event, Need, ScenarioError
from ..options import OptionValue
from . import cards as C
from .course import HILL_CARD_HILLS, PELOTON_END_HILL, build
from .setup import deal
from .state import Race, Rider

S = "ronde:"
BASIC_FLAT = (4, 6, 8)
MAX_TASKS = 400  # a guard: no legal sequence of play stacks this many steps


def new_state(ruleset: str, players: int, options: dict[str, OptionValue], setup: object) -> Race:
    level = int(ruleset[-1]) if ruleset[-1].isdigit() else 3
    with_peloton = level >= 2 and ruleset != "ronde.niveau-3-sans-peloton"
    data = setup if setup is not None else {}
    if not isinstance(data, dict):
        raise ScenarioError("setup", "expected a mapping (course, cards, shuffle, riders, piles, peloton, first)")
    course = build(data.get("course"))
    race = Race(ruleset, options, level, with_peloton, course, [], [Rider(s) for s in range(players)],
                random.Random(0))
    deal(race, data)
    return race


def settle_setup(race: Race) -> list[Event]:
    from .course import counts
    board = counts(race.course)
    material = C.by_family(collections.Counter(race.kinds))
    events = [
        Event("board", S + "board", data={k: board[k] for k in ("spaces", "flat", "uphill", "hills")}),
        Event("material", S + "contents", data={"riders": len(race.riders), **material}),
        Event("start", S + "level-1-setup", data={
            "level": race.level, "hands": [len(r.hand) for r in race.riders], "draw": len(race.draw)}),
    ]
    if race.peloton or any(r.at or r.behind or r.finished for r in race.riders):
        events[-1].data["placed"] = True  # a race under way, not the start in Bruges
    if race.with_peloton:
        events.append(Event("peloton-start", S + "level-2-setup", data={"at": race.peloton or 0}))
        events.append(Event("peloton-pile", S + "peloton-cards", data={"cards": len(race.peloton_draw)}))
    if race.level == 3:
        events.append(Event("tactical-deal", S + "level-3-setup", data={
            "tactical": material["tactical"], "peloton": race.with_peloton}))
    _catch(race, events)  # a set-up may leave a rider lying just in front of the peloton
    advance(race, events)
    return events


# ---------------------------------------------------------------- what the top task waits for

def need(race: Race) -> Need | None:
    if race.finished or not race.tasks:
        return None
    task = race.tasks[-1]
    if task[0] == "roll":
        return Need("dice", task[1], 1, sides=task[3], decision=task[2])
    if task[0] == "lot":
        return Need("dice", task[1][0], 1, sides=16, decision="lot")
    seat, choices = _choices(race, task)
    return Need("choice", seat, choices=tuple(choices), decision=task[0])


def _choices(race: Race, task: tuple[Any, ...]) -> tuple[int, list[str]]:
    kind = task[0]
    if kind == "act":
        return task[1], actions(race, task[1])
    if kind in ("counter", "spring", "passed", "kwak"):
        seat = task[-1][0]
        if kind == "counter":
            return seat, ["counter", "pass"]
        if kind == "kwak":
            return seat, [*kwak_plays(race, seat), "pass"]
        return seat, ["spring", "pass"]
    if kind == "triangle":
        victims = [f"steal@{r.seat + 1}" for r in race.riders if r.seat != task[1] and _stealable(race, r.seat)]
        return task[1], [*victims, "pass"]
    if kind == "discard":
        return task[1], sorted({f"discard:{race.kinds[c]}" for c in race.riders[task[1]].hand
                                if race.kinds[c].startswith("t-")})
    if kind == "rejoin":
        return task[1], rejoin_choices(race, task[1])
    raise AssertionError(kind)


def actions(race: Race, seat: int) -> list[str]:
    """Everything the player on turn may do now: a card before his move, or his move itself."""
    rider, space = race.riders[seat], race.course[race.riders[seat].at]
    out: list[str] = []
    if race.with_peloton and not race.peloton_closed and "peloton-played" not in race.flags:
        front = race.course[race.peloton or 0]
        out += sorted({race.kinds[c] for c in rider.hand
                       if race.kinds[c] in C.PELOTON and C.PELOTON[race.kinds[c]][0 if front.flat else 1]})
    opponents = [r.seat for r in race.riders if r.seat != seat and not r.finished]
    held = {race.kinds[c] for c in rider.hand}
    for kind in sorted(held & set(C.AGAINST)):
        out += [f"{kind}@{v + 1}" for v in opponents]
    if "t-take" in held:
        out += [f"t-take@{v + 1}" for v in opponents if race.riders[v].hand]
    out += kwak_plays(race, seat)
    if space.flat:
        out += [f"d{d}" for d in BASIC_FLAT]
        if "basic-only" not in race.flags and "flat" in held:
            out.append("flat")
    else:
        out.append("roll")
        if "basic-only" not in race.flags:
            card = "triangle" if space.die == 4 else "square"
            out += [card] if card in held else []
            for hill_card, hills in HILL_CARD_HILLS.items():
                if hill_card in held and (space.hill in hills or hill_card == "t-berendries"):
                    out.append(hill_card)
    return out


def kwak_plays(race: Race, seat: int) -> list[str]:
    me = race.riders[seat]
    if not me.standing or me.at == 0:
        return []
    kinds = sorted({race.kinds[c] for c in me.hand} & set(C.KWAK))
    victims = [r.seat for r in race.riders if r.seat != seat and r.standing and r.at == me.at]
    return [f"{k}@{v + 1}" for k in kinds for v in victims]


def rejoin_choices(race: Race, seat: int) -> list[str]:
    front = race.course[race.peloton or 0]
    card = "flat" if front.flat else ("triangle" if front.die == 4 else "square")
    return ["d8", *([card] if race.held(seat, card) is not None else [])]


def _stealable(race: Race, seat: int) -> bool:
    return any(C.family(race.kinds[c]) in ("acceleration", "tactical") for c in race.riders[seat].hand)


# ---------------------------------------------------------------- answers

def play_throw(race: Race, dice: list[int]) -> list[Event]:
    task = race.tasks.pop()
    face = dice[0]
    events: list[Event] = []
    race.throws += 1
    if task[0] == "lot":
        _lot(race, task, face, events)
    else:
        _, seat, purpose, sides, arg = task
        ROLLS[purpose](race, seat, face, sides, arg, events)
        _after_roll(race, events)
    advance(race, events)
    return events


def play_choice(race: Race, choice: str) -> list[Event]:
    task = race.tasks.pop()
    events: list[Event] = []
    CHOICES[task[0]](race, task, choice, events)
    advance(race, events)
    return events


def advance(race: Race, events: list[Event]) -> None:
    """Run automatic tasks until one waits for a die or a decision (with more than one way)."""
    while race.tasks and not race.finished:
        if len(race.tasks) > MAX_TASKS:
            raise RuntimeError("runaway task stack")
        task = race.tasks[-1]
        if task[0] in ("roll", "lot"):
            return
        if task[0] == "act" and not race.riders[task[1]].standing:
            race.tasks.pop()  # his own peloton card's roll drew him a misfortune: his turn is over
            continue
        if task[0] in CHOICES:
            if task[0] in WINDOW_CLOSED:
                if not task[-1]:
                    race.tasks.pop()
                    WINDOW_CLOSED[task[0]](race, task, events)
                    continue
                if not ELIGIBLE[task[0]](race, task[-1][0]):  # he no longer holds the card
                    race.tasks[-1] = (*task[:-1], task[-1][1:])
                    continue
            seat, choices = _choices(race, task)
            if len(choices) > 1:
                return
            race.tasks.pop()
            if choices:
                CHOICES[task[0]](race, task, choices[0], events)
            continue
        race.tasks.pop()
        AUTOMATIC[task[0]](race, task, events)


# ---------------------------------------------------------------- turns

def _lot(race: Race, task: tuple[Any, ...], face: int, events: list[Event]) -> None:
    _, pending, results = task
    results = (*results, (pending[0], face))
    events.append(Event("lot", S + "playing", pending[0], data={"face": face}))
    if len(pending) > 1:
        race.tasks.append(("lot", pending[1:], results))
        return
    best = max(f for _, f in results)
    top = tuple(s for s, f in results if f == best)
    if len(top) > 1:
        events.append(Event("lot-tie", S + "playing", data={"seats": list(top), "face": best}))
        race.tasks.append(("lot", top, ()))
        return
    race.turn = top[0]
    events.append(Event("first", S + "playing", top[0], data={"face": best}))
    race.tasks.append(("turn",))


def _turn(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    seat = race.turn
    rider = race.riders[seat]
    race.flags.clear()
    race.tasks.append(("end", seat))
    if rider.finished:
        return
    if rider.behind:
        race.tasks.append(("after-drive", seat))
        race.tasks.append(("roll", seat, "drive", 4, None))
    elif rider.skip:
        _sit_out(race, rider, events, S + "misfortune-cards")
    elif race.full(rider.at + 1):
        events.append(Event("boxed-in", S + "three-abreast", seat, data={"at": rider.at, "ahead": rider.at + 1}))
    else:
        race.tasks.append(("act", seat))


def _sit_out(race: Race, rider: Rider, events: list[Event], cite: str) -> None:
    rider.skip -= 1
    events.append(Event("sit-out", cite, rider.seat, data={"left": rider.skip}))
    if rider.skip == 0:
        race.discard += rider.lying
        events.append(Event("back-up", cite, rider.seat, data={"cards": [race.kinds[c] for c in rider.lying]}))
        rider.lying = []


def _end(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    seat = task[1]
    rider = race.riders[seat]
    if race.tactical_count(seat) > 2:
        rider.excess += 1
        if rider.excess >= (2 if race.options.get("ronde.tactical-grace", "one-round") == "one-round" else 1):
            race.tasks.append(("end", seat))
            race.tasks.append(("discard", seat))
            rider.excess = 0
            return
    else:
        rider.excess = 0
    if all(r.finished for r in race.riders):
        race.finished = True
        return
    race.turn = (seat + 1) % len(race.riders)
    race.tasks.append(("turn",))


def _act(race: Race, task: tuple[Any, ...], choice: str, events: list[Event]) -> None:
    seat = task[1]
    rider = race.riders[seat]
    kind, _, target = choice.partition("@")
    victim = int(target) - 1 if target else None
    if kind in ("d4", "d6", "d8", "roll"):
        sides = int(kind[1:]) if kind != "roll" else race.course[rider.at].die
        events.append(Event("die", S + ("dice" if kind != "roll" else "playing"), seat,
                            data={"die": sides, "at": rider.at}))
        _prepare_move(race, seat, sides, "basic")
        return
    card = _take_from_hand(race, seat, kind)
    if kind in C.ACCELERATION:
        sides = C.ACCELERATION[kind]
        events.append(Event("card", S + "acceleration-cards", seat, data={"card": kind, "die": sides}))
        _prepare_move(race, seat, sides, kind)
        _open_counter(race, seat, card, lose_turn=True)
    elif kind in HILL_CARD_HILLS:
        hill = race.course[rider.at].hill
        named = hill in HILL_CARD_HILLS[kind]
        sides = 10 if kind == "t-koppenberg" else (16 if named else 8)
        cite = S + ("hill-card-koppenberg" if kind == "t-koppenberg" else "hill-card-berendries")
        events.append(Event("card", cite, seat, data={"card": kind, "die": sides, "hill": hill}))
        if kind == "t-koppenberg":
            race.tasks.append(("second-roll", seat, sides))
        _prepare_move(race, seat, sides, kind)
        _open_counter(race, seat, card, lose_turn=True)
    else:
        race.tasks.append(("act", seat))
        if kind in C.PELOTON:
            race.flags.add("peloton-played")
            front = race.course[race.peloton or 0]
            sides = C.PELOTON[kind][0 if front.flat else 1]
            events.append(Event("peloton-card", S + "peloton-acceleration", seat, data={"card": kind, "die": sides}))
            race.tasks.append(("roll", seat, "peloton", sides, card))
            _open_counter(race, seat, card, lose_turn=False)
        elif kind in C.AGAINST:
            assert victim is not None
            if race.options["ronde.against-basic-die"] == "basic":
                race.flags.add("basic-only")
            events.append(Event("attack", S + "tactical-against", seat, data={"card": kind, "victim": victim}))
            race.tasks.append(("hit", victim, card, C.AGAINST[kind], S + "tactical-against"))
            _open_counter(race, seat, card, lose_turn=True)
        elif kind == "t-take":
            assert victim is not None
            events.append(Event("take-card", S + "tactical-take-cards", seat, data={"victim": victim}))
            race.tasks.append(("take", seat, victim, card))
            _open_counter(race, seat, card, lose_turn=True)
        else:
            assert victim is not None
            _play_kwak(race, seat, victim, kind, card, events, on_turn=True)


def _prepare_move(race: Race, seat: int, sides: int, source: str) -> None:
    """The roll of a move, preceded by the spring-along window (before the dice are rolled)."""
    race.springers = []
    race.tasks.append(("roll", seat, "move", sides, source))
    if race.level == 3 and race.options["ronde.spring-along"] in ("both", "before"):
        mover = race.riders[seat]
        candidates = tuple(s for s in race.clockwise(seat)[1:] if _can_spring(race, s)
                           and race.riders[s].at <= mover.at)
        race.tasks.append(("spring", seat, candidates))


def _can_spring(race: Race, seat: int) -> bool:
    return race.riders[seat].standing and race.held(seat, "t-spring") is not None


def _take_from_hand(race: Race, seat: int, kind: str) -> int:
    card = race.held(seat, kind)
    if card is None:
        raise ScenarioError("choices", f"player {seat + 1} holds no {kind} card")
    race.riders[seat].hand.remove(card)
    race.table.append(card)
    return card


# ---------------------------------------------------------------- moving

def _roll_move(race: Race, seat: int, face: int, sides: int, source: str, events: list[Event]) -> None:
    """A rider's own roll. What follows is stacked so that it happens in this order: his fall or
    his card, the supply and the red triangle, the finish, riders springing along, the kwak
    window, and last the extra turn at the foot of a hill."""
    rider = race.riders[seat]
    start = rider.at
    was_last = _is_last(race, seat)
    events.append(Event("throw", S + _move_cite(race, source, start), seat, data={"dice": [face], "die": sides}))
    end, exact_foot = _ride(race, seat, face, stop_at_foot=True, events=events)
    falls = _falls(race, seat, face)
    if exact_foot and not falls:
        events.append(Event("extra-turn", S + "flat-to-hill", seat, data={"at": end}))
        race.tasks.append(("extra", seat))
    if race.level == 3:
        _open_kwak(race, rider.at)
    race.tasks.append(("finish-check",))  # after the riders springing along, who may cross too
    passed = tuple(s for s in race.clockwise(seat)[1:] if _can_spring(race, s) and start < race.riders[s].at < end)
    if passed and race.level == 3 and race.options["ronde.spring-along"] in ("both", "passed"):
        race.tasks.append(("passed", seat, start, face, sides, passed))
    if race.springers:
        race.tasks.append(("springers", tuple(race.springers), face, sides))
        race.springers = []
    _arrivals(race, seat, start, events)
    if falls:
        _fall(race, seat, face, sides, events, S + "cobbles")
    elif not rider.finished:
        race.tasks.append(("draws", seat, face, sides, source == "basic"))
    if race.with_peloton and was_last:
        _follow(race, events)


def _move_cite(race: Race, source: str, start: int) -> str:
    if source in C.ACCELERATION:
        return "acceleration-cards"
    if source in HILL_CARD_HILLS:
        return "hill-card-koppenberg" if source == "t-koppenberg" else "hill-card-berendries"
    return "dice" if race.course[start].flat else "playing"


def _ride(race: Race, seat: int, points: int, stop_at_foot: bool, events: list[Event],
          cite: str = "playing") -> tuple[int, bool]:
    """Move a rider `points` spaces; a group of three or the foot of a hill may stop him."""
    rider = race.riders[seat]
    start = pos = rider.at
    exact_foot = False
    why = ""
    for step in range(1, points + 1):
        nxt = pos + 1
        if nxt >= race.finish:
            pos = race.finish
            break
        if race.full(nxt):
            why = "three-abreast"
            break
        pos = nxt
        if stop_at_foot and race.course[nxt].first and race.course[nxt - 1].flat:
            exact_foot = step == points
            why = "flat-to-hill" if step < points else ""
            break
    rider.at = pos
    lost = points - (pos - start) if why else 0
    events.append(Event("ride", S + (why or cite), seat, data={"from": start, "to": pos, "points": points,
                                                               "lost": lost}))
    if pos >= race.finish:
        rider.finished = True
        race.crossing.append(seat)
    return pos, exact_foot


def _falls(race: Race, seat: int, face: int) -> bool:
    """On the cobbles, a result at least the number of the space landed on brings a fall."""
    rider = race.riders[seat]
    space = race.course[rider.at]
    return not rider.finished and space.cobbles is not None and face >= space.number


def _fall(race: Race, seat: int, face: int, sides: int, events: list[Event], cite: str) -> None:
    rider = race.riders[seat]
    space = race.course[rider.at]
    turns = {4: 1, 6: 1, 8: 2, 10: 2, 12: 3}.get(sides, 0)
    events.append(Event("fall", cite, seat, data={"strip": space.cobbles, "number": space.number, "face": face,
                                                  "die": sides, "turns": turns}))
    if turns:
        rider.skip += turns
        _catch(race, events)
    else:  # the D16: a D4 roll says how many turns
        race.tasks.append(("roll", seat, "turns", 4, cite))


def _draws_task(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    _, seat, face, sides, basic = task
    if basic or race.options["ronde.drawing-rolls"] == "every-roll":
        _draws(race, seat, face, sides, events)


def _draws(race: Race, seat: int, face: int, sides: int, events: list[Event]) -> None:
    """1 or 6: the draw pile; 8 or 12: the discard; at level 2, 4: peloton pile, 10: its discard."""
    if race.riders[seat].behind:
        return
    peloton_open = race.with_peloton and not race.peloton_closed
    if face in (1, 6):
        _receive(race, seat, _pop_draw(race, events), S + "dice-results", events)
    elif face in (8, 12):
        if race.discard:
            _receive(race, seat, race.discard.pop(), S + "dice-results", events, from_discard=True)
    elif face in (4, 10) and peloton_open:
        pile = race.peloton_draw if face == 4 else race.peloton_discard
        if pile:
            _receive(race, seat, pile.pop(), S + "peloton-dice-results", events, from_discard=face == 10)
    if sides == 16 and face >= 13:
        _thirteen(race, seat, events)


def _thirteen(race: Race, seat: int, events: list[Event]) -> None:
    if race.options["ronde.d16-thirteen"] == "shield":
        race.flags.add("shield")
        events.append(Event("shield", S + "misfortune-cards", seat, data={}))
        return
    if not race.draw:
        return
    top = race.draw[-1]
    if C.family(race.kinds[top]) == "misfortune":
        race.discard.append(race.draw.pop())
        events.append(Event("misfortune-void", S + "misfortune-cards", seat, data={"card": race.kinds[top]}))
        _refill(race, events)
    else:
        events.append(Event("top-seen", S + "misfortune-cards", seat, data={"family": C.family(race.kinds[top])}))


def _pop_draw(race: Race, events: list[Event]) -> int | None:
    _refill(race, events)  # it ran out while the discard was empty: rebuilt from today's discard
    if not race.draw:
        return None
    card = race.draw.pop()
    _refill(race, events)
    return card


def _refill(race: Race, events: list[Event]) -> None:
    """"When the draw pile 1-6 runs out", at once: the discard, shuffled, becomes the draw pile
    (before any 8 or 12 can take from it)."""
    if not race.draw and race.discard:
        race.draw = race.discard
        race.discard = []
        race.rng.shuffle(race.draw)
        events.append(Event("reshuffle", S + "dice-results", data={"cards": len(race.draw)}))


def _receive(race: Race, seat: int, card: int | None, cite: str, events: list[Event],
             from_discard: bool = False) -> None:
    if card is None:
        return
    kind = race.kinds[card]
    events.append(Event("draw", cite, seat, data={"card": kind, "open": from_discard, "family": C.family(kind)}))
    if C.family(kind) == "misfortune":
        if "shield" in race.flags and seat == race.turn:
            race.flags.discard("shield")
            race.discard.append(card)
            events.append(Event("misfortune-void", S + "misfortune-cards", seat, data={"card": kind}))
            return
        race.table.append(card)
        race.tasks.append(("hit", seat, card, C.MISFORTUNE[kind], S + "misfortune-cards"))
        _open_counter(race, None, card, lose_turn=False)
    else:
        race.riders[seat].hand.append(card)


def _arrivals(race: Race, seat: int, start: int, events: list[Event]) -> None:
    """Where a move ends: the supply zone; on the way, the red triangle."""
    rider = race.riders[seat]
    if rider.finished or rider.behind:
        return
    if race.course[rider.at].supply:
        race.tasks.append(("supply", seat, S + "supply"))
    triangle = race.course.data["red_triangle"]
    reached = rider.at == triangle if race.options["ronde.red-triangle"] == "stop" else start < triangle <= rider.at
    if not rider.triangle and reached:
        rider.triangle = True
        race.tasks.append(("triangle", seat))


def _from_turn(race: Race, seats: list[int]) -> list[int]:
    return [s for s in race.clockwise(race.turn) if s in seats]


def _supply(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    seat, cite = task[1], task[2]
    got = [c for c in (_pop_draw(race, events) for _ in range(3)) if c is not None]
    bad = [c for c in got if C.family(race.kinds[c]) == "misfortune"]
    events.append(Event("supply", cite, seat, data={"cards": len(got), "misfortunes": len(bad)}))
    if len(bad) >= 2:
        keep = race.options["ronde.supply-misfortunes"] == "keep-rest"
        race.discard += bad if keep else got
        if keep:
            race.riders[seat].hand += [c for c in got if c not in bad]
        return
    for card in got:
        if card in bad:
            _receive(race, seat, card, S + "supply", events)
        else:
            race.riders[seat].hand.append(card)


def _is_last(race: Race, seat: int) -> bool:
    ahead = [r.at for r in race.riders if not r.finished and not r.behind]
    return bool(ahead) and race.riders[seat].at == min(ahead)


def _finish_check(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    crossing, race.crossing = race.crossing, []
    if len(crossing) > 1:
        race.tasks.append(("tie-break", tuple(crossing), ()))
        return
    for seat in crossing:
        _arrive(race, seat, events)


def _arrive(race: Race, seat: int, events: list[Event]) -> None:
    race.arrivals.append(seat)
    events.append(Event("finish", S + "object", seat, data={"place": len(race.arrivals)}))
    if race.options["ronde.race-end"] == "first" or len(race.arrivals) == len(race.riders):
        race.finished = True
        events.append(Event("end", S + "object", race.arrivals[0], data={"ranking": ranking(race)}))


def _tie_break(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    _, pending, results = task
    if pending:
        race.tasks.append(("tie-break", pending[1:], results))
        race.tasks.append(("roll", pending[0], "tie", 16, None))
        return
    best = max(f for _, f in results)
    top = tuple(s for s, f in results if f == best)
    if len(top) > 1:
        race.tasks.append(("tie-break", top, ()))
        return
    for seat, _ in sorted(results, key=lambda sf: -sf[1]):
        _arrive(race, seat, events)
        if race.finished:
            return


def _roll_tie(race: Race, seat: int, face: int, sides: int, arg: Any, events: list[Event]) -> None:
    task = race.tasks.pop()
    race.tasks.append((task[0], task[1], (*task[2], (seat, face))))
    events.append(Event("tie-roll", S + "spring-along-card", seat, data={"face": face}))


def ranking(race: Race) -> list[int]:
    rest = sorted((r for r in race.riders if r.seat not in race.arrivals), key=lambda r: (-r.at, r.seat))
    return race.arrivals + [r.seat for r in rest]


def _extra(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    seat = task[1]
    race.flags.clear()
    if race.riders[seat].standing and not race.finished:
        race.tasks.append(("act", seat))


def _second_roll(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    seat, sides = task[1], task[2]
    if race.riders[seat].standing and not race.full(race.riders[seat].at + 1):
        events.append(Event("second-roll", S + "hill-card-koppenberg", seat, data={}))
        _prepare_move(race, seat, sides, "t-koppenberg")


# ---------------------------------------------------------------- misfortune, counters, cards

def _hit(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    _, victim, card, turns, cite = task
    race.table.remove(card)
    rider = race.riders[victim]
    if rider.finished:
        race.discard.append(card)
        return
    rider.lying.append(card)
    if turns:
        rider.skip += turns
        events.append(Event("hit", cite, victim, data={"card": race.kinds[card], "turns": turns,
                                                       "skip": rider.skip}))
        _catch(race, events)
    else:
        events.append(Event("hit", cite, victim, data={"card": race.kinds[card], "turns": 0, "skip": rider.skip}))
        race.tasks.append(("roll", victim, "turns", 4, cite))


def _roll_turns(race: Race, seat: int, face: int, sides: int, cite: str, events: list[Event]) -> None:
    rider = race.riders[seat]
    rider.skip += face
    events.append(Event("turns", cite, seat, data={"turns": face, "skip": rider.skip}))
    _catch(race, events)


def _open_counter(race: Race, player: int | None, card: int, lose_turn: bool) -> None:
    """A card was played (or a misfortune drawn): anyone holding a counter card may cancel it."""
    if race.level < 3:
        race.tasks.append(("settle", card))
        return
    race.tasks.append(("counter-end", card, player if lose_turn else None))
    race.tasks.append(("counter", card, player, 0, _counterers(race, player)))


def _counterers(race: Race, excluded: int | None) -> tuple[int, ...]:
    return tuple(s for s in race.clockwise(race.turn) if s != excluded and not race.riders[s].finished
                 and race.held(s, "t-counter") is not None)


def _counter(race: Race, task: tuple[Any, ...], choice: str, events: list[Event]) -> None:
    _, card, last, chain, candidates = task
    seat = candidates[0]
    if choice == "pass":
        race.tasks.append(("counter", card, last, chain, candidates[1:]))
        return
    counter = _take_from_hand(race, seat, "t-counter")
    _out_of_turn(race, seat, "t-counter", events)
    events.append(Event("counter", S + "counter-card", seat, data={"against": race.kinds[card], "chain": chain + 1}))
    race.tasks.append(("counter", card, seat, chain + 1, _counterers(race, seat)))
    race.discard.append(race.table.pop(race.table.index(counter)))


def _counter_closed(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    chain = task[3]
    end = race.tasks.pop()  # ("counter-end", card, loser)
    if chain % 2 == 0:
        race.tasks.append(("settle", end[1]))
        return
    card, loser = end[1], end[2]
    effect = race.tasks.pop()  # what the card was about to do
    while effect[0] == "spring":  # a move's spring-along window sits above its roll
        effect = race.tasks.pop()
    _to_discard(race, card)
    events.append(Event("countered", S + "counter-card", loser, data={"card": race.kinds[card]}))
    if effect[0] == "roll" and effect[2] == "move" and race.tasks and race.tasks[-1][0] == "second-roll":
        race.tasks.pop()
    if loser is not None and loser == race.turn:
        while race.tasks and race.tasks[-1][0] != "end":
            race.tasks.pop()


def _settle(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    card = task[1]
    kind = race.kinds[card]
    if C.family(kind) in ("misfortune",) or kind in C.AGAINST or kind in C.KWAK:
        return  # it lies in front of its victim (the effect below takes it off the table)
    if _rolls_with(kind) and race.options.get("ronde.played-card-discard", "at-once") == "after-roll":
        return  # it stays on the table until its roll is played (see _after_roll)
    _discard_played(race, card, events)


def _rolls_with(kind: str) -> bool:
    """A card that gives a roll: acceleration, hill and peloton cards."""
    return kind in C.ACCELERATION or kind in HILL_CARD_HILLS or kind in C.PELOTON


def _after_roll(race: Race, events: list[Event]) -> None:
    """With the reading "after-roll", the card a roll was made with goes to the discard once the
    card that roll draws is taken (the "draws" step, when there is one, is on top)."""
    if race.options.get("ronde.played-card-discard", "at-once") != "after-roll":
        return
    scheduled = {task[1] for task in race.tasks if task[0] == "played"}  # a later roll of the same move
    waiting = [c for c in race.table if _rolls_with(race.kinds[c]) and c not in scheduled]
    at = len(race.tasks) - 1 if race.tasks and race.tasks[-1][0] == "draws" else len(race.tasks)
    for card in waiting:
        race.tasks.insert(at, ("played", card))


def _played(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    _discard_played(race, task[1], events)


def _discard_played(race: Race, card: int, events: list[Event]) -> None:
    kind = race.kinds[card]
    _to_discard(race, card)
    if kind.startswith("t-"):
        events.append(Event("tactical-discard", S + "tactical-discard", data={"card": kind}))


def _to_discard(race: Race, card: int) -> None:
    if card in race.table:
        race.table.remove(card)
    (race.peloton_discard if race.kinds[card] in C.PELOTON else race.discard).append(card)


def _take(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    _, seat, victim, card = task
    hand = race.riders[victim].hand
    pool = [c for c in hand if race.kinds[c] not in C.PELOTON]
    taken = race.rng.sample(pool, min(2, len(pool)))
    pelotons = [c for c in hand if race.kinds[c] in C.PELOTON]
    taken += race.rng.sample(pelotons, min(1, len(pelotons)))
    for c in taken:
        hand.remove(c)
        race.riders[seat].hand.append(c)
    events.append(Event("taken", S + "tactical-take-cards", seat, data={"victim": victim, "cards": len(taken)}))


def _triangle(race: Race, task: tuple[Any, ...], choice: str, events: list[Event]) -> None:
    seat = task[1]
    if choice == "pass":
        return
    victim = int(choice.split("@")[1]) - 1
    pool = [c for c in race.riders[victim].hand if C.family(race.kinds[c]) in ("acceleration", "tactical")]
    if not pool:  # only possible in a bot's imagined deal: the choice was offered on the real hands
        return
    card = race.rng.choice(pool)
    race.riders[victim].hand.remove(card)
    race.riders[seat].hand.append(card)
    events.append(Event("steal", S + "red-triangle", seat, data={"victim": victim}))


def _discard(race: Race, task: tuple[Any, ...], choice: str, events: list[Event]) -> None:
    seat = task[1]
    kind = choice.split(":")[1]
    card = _take_from_hand(race, seat, kind)
    _to_discard(race, card)
    events.append(Event("discard", S + "tactical-cards", seat, data={"card": kind}))


def _play_kwak(race: Race, seat: int, victim: int, kind: str, card: int, events: list[Event],
               on_turn: bool) -> None:
    events.append(Event("kwak", S + "kwak-cards", seat, data={"card": kind, "victim": victim}))
    race.tasks.append(("hit", victim, card, C.KWAK[kind], S + "kwak-cards"))
    _open_counter(race, seat, card, lose_turn=on_turn)


def _open_kwak(race: Race, space: int) -> None:
    if space == 0:
        return
    here = tuple(s for s in race.clockwise(race.turn) if race.riders[s].at == space and kwak_plays(race, s))
    if here:
        race.tasks.append(("kwak", space, here))


def _kwak(race: Race, task: tuple[Any, ...], choice: str, events: list[Event]) -> None:
    _, space, candidates = task
    seat = candidates[0]
    rest = candidates[1:]
    if choice == "pass":
        race.tasks.append(("kwak", space, rest))
        return
    kind, _, target = choice.partition("@")
    race.tasks.append(("kwak", space, tuple(s for s in rest if kwak_plays(race, s))))
    card = _take_from_hand(race, seat, kind)
    _out_of_turn(race, seat, kind, events)
    _play_kwak(race, seat, int(target) - 1, kind, card, events, on_turn=False)


# ---------------------------------------------------------------- spring-along

def _spring(race: Race, task: tuple[Any, ...], choice: str, events: list[Event]) -> None:
    _, mover, candidates = task
    seat = candidates[0]
    race.tasks.append(("spring", mover, candidates[1:]))
    if choice == "pass":
        return
    card = _take_from_hand(race, seat, "t-spring")
    _out_of_turn(race, seat, "t-spring", events)
    events.append(Event("spring", S + "spring-along-card", seat, data={"mover": mover, "when": "before"}))
    race.tasks.append(("register", seat))
    _open_counter(race, seat, card, lose_turn=False)


def _out_of_turn(race: Race, seat: int, kind: str, events: list[Event]) -> None:
    if seat != race.turn:
        events.append(Event("out-of-turn", S + "out-of-turn", seat, data={"card": kind}))


def _register(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    race.springers.append(task[1])


def _springers(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    _, seats, face, sides = task
    for seat in seats:
        _spring_ride(race, seat, face, sides, events)


def _spring_ride(race: Race, seat: int, points: int, sides: int, events: list[Event]) -> None:
    rider = race.riders[seat]
    if not rider.standing:
        return
    start = rider.at
    _ride(race, seat, points, stop_at_foot=False, events=events, cite="spring-along-card")
    _arrivals(race, seat, start, events)
    if _falls(race, seat, points):
        _fall(race, seat, points, sides, events, S + "spring-along-card")


def _passed(race: Race, task: tuple[Any, ...], choice: str, events: list[Event]) -> None:
    _, mover, start, face, sides, candidates = task
    seat = candidates[0]
    race.tasks.append(("passed", mover, start, face, sides, candidates[1:]))
    if choice == "pass":
        return
    card = _take_from_hand(race, seat, "t-spring")
    _out_of_turn(race, seat, "t-spring", events)
    left = face - (race.riders[seat].at - start)
    events.append(Event("spring", S + "spring-along-card", seat, data={"mover": mover, "when": "passed",
                                                                       "points": left}))
    race.tasks.append(("spring-ride", seat, left, sides))
    _open_counter(race, seat, card, lose_turn=False)


def _spring_ride_task(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    _spring_ride(race, task[1], task[2], task[3], events)


# ---------------------------------------------------------------- the peloton

def _follow(race: Race, events: list[Event]) -> None:
    """The peloton stays on the space just behind the last rider(s), unless riders are behind it."""
    if race.peloton is None or any(r.behind for r in race.riders):
        return
    ahead = [r.at for r in race.riders if not r.finished]
    if not ahead:
        return
    target = min(ahead) - 1
    if target > race.peloton:
        before, race.peloton = race.peloton, min(target, race.finish - 1)
        events.append(Event("peloton-follows", S + "peloton-follows", data={"from": before, "to": race.peloton}))
        _muur(race, events)
        _catch(race, events)


def _catch(race: Race, events: list[Event]) -> None:
    """A rider lying down just in front of the peloton goes behind it."""
    if race.peloton is None:
        return
    following = not any(r.behind for r in race.riders)
    for r in race.riders:
        if r.skip and not r.behind and not r.finished and r.at <= race.peloton + 1 and r.at > 0:
            r.behind, r.at = True, race.behind_space
            events.append(Event("swallowed", S + "behind-peloton", r.seat, data={"peloton": race.peloton}))
    if following and any(r.behind for r in race.riders):
        events.append(Event("peloton-mode", S + "peloton-moves", data={"follows": False}))


def _roll_peloton(race: Race, seat: int, face: int, sides: int, card: Any, events: list[Event]) -> None:
    """A peloton card's roll (or the D4 of its bonus turn at the foot of a hill)."""
    cite = S + ("peloton-acceleration" if card is not None else "peloton-flat-to-hill")
    events.append(Event("throw", cite, seat, data={"dice": [face], "die": sides}))
    exact = _peloton_ride(race, face, events, cite)
    if exact:
        events.append(Event("peloton-extra", S + "peloton-flat-to-hill", seat, data={"at": race.peloton}))
        race.tasks.append(("roll", seat, "peloton", 4, None))
    if race.options["ronde.peloton-draws"] == "yes":
        race.tasks.append(("draws", seat, face, sides, False))


def _roll_drive(race: Race, seat: int, face: int, sides: int, arg: Any, events: list[Event]) -> None:
    """A rider behind the peloton makes it ride with the D4; he and the others behind go along."""
    events.append(Event("throw", S + "behind-peloton", seat, data={"dice": [face], "die": sides}))
    _peloton_ride(race, face, events, S + "behind-peloton",
                  stop_at_foot=race.options["ronde.drive-stops-at-foot"] == "yes")


def _peloton_ride(race: Race, points: int, events: list[Event], cite: str, stop_at_foot: bool = True) -> bool:
    assert race.peloton is not None
    start = pos = race.peloton
    exact = foot = False
    for step in range(1, points + 1):
        if pos + 1 > race.finish - 4:  # it stops short of the line: room for three rows of riders it carries
            break
        pos += 1
        if stop_at_foot and race.course[pos].first and race.course[pos - 1].flat:
            exact, foot = step == points, True
            break
    race.peloton = pos
    events.append(Event("peloton", S + "peloton-flat-to-hill" if foot else cite,
                        data={"from": start, "to": pos, "points": points,
                              "lost": points - (pos - start) if foot else 0}))
    # the first three overtaken (the rearmost) go just in front, the next three a space further...
    swept = sorted((r for r in race.riders if not r.behind and not r.finished and start <= r.at <= pos),
                   key=lambda r: (r.at, r.seat))
    place = pos + 1
    supplied: list[int] = []
    following = not any(r.behind for r in race.riders)
    for r in swept:
        if r.skip:
            r.behind = True
            events.append(Event("swallowed", S + "behind-peloton", r.seat, data={"peloton": pos}))
            continue
        while race.riders_on(place) >= 3 and place < race.finish - 1:
            place += 1
        before, r.at = r.at, place
        if before != place:
            events.append(Event("swept", S + "peloton-acceleration", r.seat, data={"from": before, "to": place}))
            if race.course[place].supply:
                supplied.append(r.seat)
    for r in race.riders:
        if r.behind:
            r.at = race.behind_space
    if following and any(r.behind for r in race.riders):
        events.append(Event("peloton-mode", S + "peloton-moves", data={"follows": False}))
    cobbled = sorted({r.at for r in swept if not r.behind and race.course[r.at].cobbles} |
                     ({pos} if race.course[pos].cobbles else set()))
    if cobbled:
        events.append(Event("cobbles-safe", S + "peloton-cobbles", data={"spaces": cobbled}))
    for seat in reversed(_from_turn(race, supplied)):  # stacked: the first in clockwise order is served first
        race.tasks.append(("supply", seat, S + "peloton-supply"))
    _muur(race, events)
    _catch(race, events)
    return exact


def _muur(race: Race, events: list[Event]) -> None:
    foot = race.course.hill_foot(PELOTON_END_HILL)
    if race.peloton_closed or foot is None or race.peloton is None or race.peloton < foot:
        return
    race.peloton_closed = True
    for r in race.riders:
        kept = [c for c in r.hand if race.kinds[c] not in C.PELOTON]
        race.peloton_discard += [c for c in r.hand if race.kinds[c] in C.PELOTON]
        r.hand[:] = kept
    events.append(Event("peloton-closed", S + "peloton-piles", data={"at": race.peloton}))


def _after_drive(race: Race, task: tuple[Any, ...], events: list[Event]) -> None:
    rider = race.riders[task[1]]
    if rider.skip:
        _sit_out(race, rider, events, S + "behind-peloton")
    else:
        race.tasks.append(("rejoin", rider.seat))


def _rejoin(race: Race, task: tuple[Any, ...], choice: str, events: list[Event]) -> None:
    seat = task[1]
    if choice == "d8":
        race.tasks.append(("roll", seat, "rejoin", 8, choice))
        return
    card = _take_from_hand(race, seat, choice)
    events.append(Event("card", S + "behind-peloton", seat, data={"card": choice, "die": C.ACCELERATION[choice]}))
    race.tasks.append(("roll", seat, "rejoin", C.ACCELERATION[choice], choice))
    _open_counter(race, seat, card, lose_turn=True)


def _roll_rejoin(race: Race, seat: int, face: int, sides: int, card: Any, events: list[Event]) -> None:
    rider = race.riders[seat]
    assert race.peloton is not None
    made = face >= 7
    events.append(Event("rejoin", S + "behind-peloton", seat, data={"dice": [face], "die": sides, "made": made}))
    if made:
        place = race.peloton + 1
        while race.full(place):
            place += 1
        rider.behind, rider.at = False, place
        if not any(r.behind for r in race.riders):
            events.append(Event("peloton-mode", S + "peloton-moves", data={"follows": True}))


ROLLS: dict[str, Any] = {
    "move": _roll_move, "turns": _roll_turns, "peloton": _roll_peloton, "drive": _roll_drive,
    "rejoin": _roll_rejoin, "tie": _roll_tie,
}
CHOICES: dict[str, Any] = {
    "act": _act, "counter": _counter, "spring": _spring, "passed": _passed, "kwak": _kwak,
    "triangle": _triangle, "discard": _discard, "rejoin": _rejoin,
}
WINDOW_CLOSED: dict[str, Any] = {
    "counter": _counter_closed, "spring": lambda race, task, events: None,
    "passed": lambda race, task, events: None, "kwak": lambda race, task, events: None,
}
ELIGIBLE: dict[str, Any] = {
    "counter": lambda race, seat: race.held(seat, "t-counter") is not None and not race.riders[seat].finished,
    "spring": _can_spring, "passed": _can_spring, "kwak": lambda race, seat: bool(kwak_plays(race, seat)),
}
AUTOMATIC: dict[str, Any] = {
    "turn": _turn, "end": _end, "hit": _hit, "settle": _settle, "take": _take, "supply": _supply,
    "finish-check": _finish_check, "tie-break": _tie_break, "extra": _extra, "second-roll": _second_roll,
    "register": _register, "springers": _springers, "spring-ride": _spring_ride_task, "after-drive": _after_drive,
    "counter-end": lambda race, task, events: None, "draws": _draws_task, "played": _played,
}
