"""Het Grote Ronde van Vlaanderen Spel: the machine that plays its rules.

Each step of play is a record on `State.tasks` (steps.py). `advance` runs the automatic ones;
`need` tells what the step on top waits for: a die (of any size) or a decision, from any seat.
The rules themselves: turns.py (turns, the finish), moves.py (level 1), peloton.py (level 2),
tactics.py (cards played, the tactical cards of level 3). Events cite the rulebook section that
caused them ("ronde:cobbles", ...).
"""

from __future__ import annotations

import collections
from dataclasses import replace

from ..chance import Shuffles
from ..core import Event, Events, Need, ScenarioError, events_into
from ..options import OptionValue
from . import cards as C
from . import moves, peloton, tactics, turns
from .course import build, counts
from .setup import deal
from .state import Rider, State
from .steps import (
    Act,
    AfterDrive,
    Automatic,
    CounterEnd,
    CounterWindow,
    Decision,
    DiscardExcess,
    DiscardPlayed,
    DrawForResult,
    DriveRoll,
    EndOfTurn,
    ExtraTurn,
    FinishCheck,
    Hit,
    KwakWindow,
    Lot,
    MoveRoll,
    PassedWindow,
    PelotonRoll,
    RedTriangle,
    RegisterSpringer,
    Rejoin,
    RejoinRoll,
    Roll,
    S,
    SecondRoll,
    Settle,
    SpringersRide,
    SpringRide,
    SpringWindow,
    Step,
    Supply,
    TakeCards,
    TieBreak,
    TieRoll,
    Turn,
    TurnsRoll,
    Window,
)

MAX_TASKS = 400  # a guard: no legal sequence of play stacks this many steps


def new_state(ruleset: str, players: int, options: dict[str, OptionValue], setup: object) -> State:
    level = int(ruleset[-1]) if ruleset[-1].isdigit() else 3
    with_peloton = level >= 2 and ruleset != "ronde.niveau-3-sans-peloton"
    data = setup if setup is not None else {}
    if not isinstance(data, dict):
        raise ScenarioError("setup", "expected a mapping (course, cards, shuffle, riders, piles, peloton, first)",
                            fr="attendu : un dictionnaire (course, cards, shuffle, riders, piles, peloton, first)")
    course = build(data.get("course"))
    state = State(ruleset, options, level, with_peloton, course, [], [Rider(s) for s in range(players)], Shuffles(0))
    deal(state, data)
    return state


def settle_setup(state: State, sink: Events | None = None) -> Events:
    board = counts(state.course)
    material = C.by_family(collections.Counter(state.kinds))
    events = events_into(sink)
    if events.wants(S + "board"):
        events.append(Event("board", S + "board", data={k: board[k] for k in ("spaces", "flat", "uphill", "hills")}))
    if events.wants(S + "contents"):
        events.append(Event("material", S + "contents", data={"riders": len(state.riders), **material}))
    if events.wants(S + "level-1-setup"):
        start = Event("start", S + "level-1-setup", data={
            "level": state.level, "hands": [len(r.hand) for r in state.riders], "draw": len(state.draw)})
        if state.peloton or any(r.at or r.behind or r.finished for r in state.riders):
            start.data["placed"] = True  # a race under way, not the start in Bruges
        events.append(start)
    if state.with_peloton:
        if events.wants(S + "level-2-setup"):
            events.append(Event("peloton-start", S + "level-2-setup", data={"at": state.peloton or 0}))
        if events.wants(S + "peloton-cards"):
            events.append(Event("peloton-pile", S + "peloton-cards", data={"cards": len(state.peloton_draw)}))
    if state.level == 3 and events.wants(S + "level-3-setup"):
        events.append(Event("tactical-deal", S + "level-3-setup", data={
            "tactical": material["tactical"], "peloton": state.with_peloton}))
    peloton.catch(state, events)  # a set-up may leave a rider lying just in front of the peloton
    advance(state, events)
    return events


# ---------------------------------------------------------------- what the step on top waits for

def need(state: State) -> Need | None:
    if state.finished or not state.tasks:
        return None
    step = state.tasks[-1]
    match step:
        case Roll():
            return Need("dice", step.seat, 1, sides=step.sides, decision=step.decision)
        case Lot():
            return Need("dice", step.pending[0], 1, sides=16, decision="lot")
        case Decision():
            seat, choices = choices_of(state, step)
            return Need("choice", seat, choices=tuple(choices), decision=step.decision)
    raise AssertionError(f"{step} runs by itself")


def choices_of(state: State, step: Decision) -> tuple[int, list[str]]:
    """Who decides, and the ways open to him."""
    match step:
        case Act():
            return step.seat, turns.actions(state, step.seat)
        case CounterWindow():
            return step.candidates[0], ["counter", "pass"]
        case KwakWindow():
            return step.candidates[0], [*tactics.kwak_plays(state, step.candidates[0]), "pass"]
        case SpringWindow() | PassedWindow():
            return step.candidates[0], ["spring", "pass"]
        case RedTriangle():
            return step.seat, moves.steal_choices(state, step.seat)
        case DiscardExcess():
            return step.seat, tactics.excess_choices(state, step.seat)
        case Rejoin():
            return step.seat, peloton.rejoin_choices(state, step.seat)
    raise AssertionError(step)


# ---------------------------------------------------------------- answers

def play_throw(state: State, dice: list[int], sink: Events | None = None) -> Events:
    step = state.tasks.pop()
    face = dice[0]
    events = events_into(sink)
    state.throws += 1
    if isinstance(step, Lot):
        turns.lot(state, step, face, events)
    else:
        _roll(state, step, face, events)
        tactics.after_roll(state)
    advance(state, events)
    return events


def _roll(state: State, step: Step, face: int, events: Events) -> None:
    match step:
        case MoveRoll():
            moves.roll_move(state, step, face, events)
        case TurnsRoll():
            moves.roll_turns(state, step, face, events)
        case PelotonRoll():
            peloton.roll(state, step, face, events)
        case DriveRoll():
            peloton.drive(state, step, face, events)
        case RejoinRoll():
            peloton.roll_rejoin(state, step, face, events)
        case TieRoll():
            turns.roll_tie(state, step, face, events)
        case _:
            raise AssertionError(f"{step} waits for no die")


def play_choice(state: State, choice: str, sink: Events | None = None) -> Events:
    step = state.tasks.pop()
    events = events_into(sink)
    match step:
        case Decision():
            _decide(state, step, choice, events)
        case _:
            raise AssertionError(f"{step} asks no decision")
    advance(state, events)
    return events


def _decide(state: State, step: Decision, choice: str, events: Events) -> None:
    match step:
        case Act():
            turns.act(state, step, choice, events)
        case CounterWindow():
            tactics.counter(state, step, choice, events)
        case SpringWindow():
            tactics.spring(state, step, choice, events)
        case PassedWindow():
            tactics.spring_passed(state, step, choice, events)
        case KwakWindow():
            tactics.kwak(state, step, choice, events)
        case RedTriangle():
            moves.steal(state, step, choice, events)
        case DiscardExcess():
            tactics.discard_excess(state, step, choice, events)
        case Rejoin():
            peloton.rejoin(state, step, choice, events)


def advance(state: State, events: Events) -> None:
    """Run automatic steps until one waits for a die or a decision (with more than one way)."""
    tasks = state.tasks  # the same list throughout (the steps push and pop, never replace it)
    while tasks and not state.finished:
        if len(tasks) > MAX_TASKS:
            raise RuntimeError("runaway task stack")
        step = tasks[-1]
        match step:
            case Roll() | Lot():
                return
            case Decision():
                if _waits(state, step, events):
                    return
            case _:
                tasks.pop()
                _run(state, step, events)


def _waits(state: State, step: Decision, events: Events) -> bool:
    """Whether a decision on top is a question to ask; if not, it is played or passed over."""
    match step:
        case Act() if not state.riders[step.seat].standing:
            state.tasks.pop()  # his own peloton card's roll drew him a misfortune: his turn is over
            return False
        case Act() if state.course[state.riders[step.seat].at].flat:
            return True  # three dice to choose from at least (turns.actions): no need to list the rest
        case CounterWindow() | SpringWindow() | PassedWindow() | KwakWindow():
            if not step.candidates:
                state.tasks.pop()
                if isinstance(step, CounterWindow):
                    tactics.close_counter(state, step, events)
                return False
            if not _eligible(state, step):
                state.tasks[-1] = replace(step, candidates=step.candidates[1:])  # he no longer holds the card
                return False
    _, choices = choices_of(state, step)
    if len(choices) > 1:
        return True
    state.tasks.pop()
    if choices:
        _decide(state, step, choices[0], events)
    return False


def _eligible(state: State, window: Window) -> bool:
    """Whether the first player a window comes to still holds what it needs."""
    seat = window.candidates[0]
    match window:
        case CounterWindow():
            return tactics.can_counter(state, seat)
        case KwakWindow():
            return bool(tactics.kwak_plays(state, seat))
    return tactics.can_spring(state, seat)


def _run(state: State, step: Automatic, events: Events) -> None:
    match step:  # the most frequent first
        case Turn():
            turns.begin_turn(state, events)
        case EndOfTurn():
            turns.end_turn(state, step, events)
        case FinishCheck():
            turns.finish_check(state, events)
        case DrawForResult():
            moves.draw_for_result(state, step, events)
        case Settle():
            tactics.settle(state, step.card, events)
        case AfterDrive():
            turns.after_drive(state, step, events)
        case Hit():
            moves.hit(state, step, events)
        case ExtraTurn():
            turns.extra_turn(state, step)
        case Supply():
            moves.supply(state, step, events)
        case RegisterSpringer():
            state.springers.append(step.seat)
        case SpringersRide():
            moves.springers_ride(state, step, events)
        case SpringRide():
            moves.ride_after_passed(state, step, events)
        case SecondRoll():
            turns.second_roll(state, step, events)
        case TakeCards():
            tactics.take_cards(state, step, events)
        case TieBreak():
            turns.tie_break(state, step, events)
        case DiscardPlayed():
            tactics.discard_played(state, step.card, events)
        case CounterEnd():
            pass  # a marker for close_counter, which takes it off
