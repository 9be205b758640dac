"""Velocità: a two-rider sprint over one lap of 30 squares, with "sur place" and the final sprint."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..core import Event, Events, Need, ScenarioError, dice_needs, events_into, is_whole, numbers_up_to, quoted
from ..options import OptionValue
from .races import RACES, TRACK_SQUARES

DEPART, ORDRE, PARITE, SPRINT, ARRIVEE = (
    "cdp:velocita-depart", "cdp:velocita-ordre", "cdp:velocita-pair-impair", "cdp:velocita-sprint",
    "cdp:velocita-arrivee")


@dataclass(slots=True)
class State:
    """A Velocità race in progress."""

    ruleset: str
    options: dict[str, OptionValue]
    pos: list[int] = field(default_factory=lambda: [0, 0])  # squares ridden
    sprint: bool = False
    first: int = -1  # the seat that throws first this turn; -1 until the lot is drawn
    mover: int = 0
    stage: str = "lot"  # "lot", "declare" (sprint before the die), "throw", "launch" (after it), "distance"
    die: int = 0  # the face just thrown, while a choice is pending
    moved: int = 0  # riders who have played in this turn (0 or 1)
    finished: bool = False
    winner: int | None = None
    throws: int = 0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def line(self) -> int:
        """Squares ridden to be past the line."""
        return TRACK_SQUARES if self.options["cdp.line-crossing"] == "reach" else TRACK_SQUARES + 1


def new_state(ruleset: str, options: dict[str, OptionValue], setup: object) -> State:
    state = State(ruleset, options)
    if options["cdp.lot"] == "first-seat":
        _start_turn(state, 0)
    if setup is None:
        return state
    if not isinstance(setup, dict):
        raise ScenarioError("setup", "expected a mapping with pos, sprint and first",
                            fr="attendu : un dictionnaire avec pos, sprint et first")
    for key in setup:
        if key not in ("pos", "sprint", "first"):
            raise ScenarioError(f"setup.{key}", "unknown field (expected pos, sprint, first)",
                                fr="champ inconnu (attendu : pos, sprint, first)")
    pos = setup.get("pos", [0, 0])
    if not isinstance(pos, list) or len(pos) != 2 or not all(is_whole(p, 0, state.line - 1) for p in pos):
        raise ScenarioError("setup.pos", f"expected two squares ridden, 0 to {state.line - 1}, got {quoted(pos, 'en')}",
                            fr=f"attendu : deux nombres de cases parcourues, de 0 à {state.line - 1}, "
                               f"reçu {quoted(pos, 'fr')}")
    sprint = setup.get("sprint", False)
    if not isinstance(sprint, bool):
        raise ScenarioError("setup.sprint", f"expected true or false, got {quoted(sprint, 'en')}",
                            fr=f"attendu : true ou false, reçu {quoted(sprint, 'fr')}")
    state.pos, state.sprint = list(pos), sprint
    first = setup.get("first", _leader(state, 0))
    if not is_whole(first, 0, 1):  # not 1.0, nor true
        raise ScenarioError("setup.first", f"expected seat 0 or 1, got {quoted(first, 'en')}",
                            fr=f"attendu : la place 0 ou 1, reçu {quoted(first, 'fr')}")
    if pos[0] != pos[1] and first != _leader(state, 0):
        raise ScenarioError("setup.first", f"the rider ahead (seat {_leader(state, 0)}) throws first; either may "
                                           f"only when they are level, got {quoted(first, 'en')}",
                            fr=f"le coureur en tête (place {_leader(state, 0)}) lance le premier ; l'un ou l'autre "
                               f"seulement à égalité, reçu {quoted(first, 'fr')}")
    _start_turn(state, first)
    return state


def _leader(state: State, level: int) -> int:
    """The rider ahead throws first; when level, `level` does."""
    a, b = state.pos
    return level if a == b else (0 if a > b else 1)


def _start_turn(state: State, first: int) -> None:
    state.first, state.mover, state.moved = first, first, 0
    state.stage = "throw"


def _may_launch(state: State) -> bool:
    return not state.sprint and state.moved == 1


def _before_throw(state: State) -> str:
    if _may_launch(state) and state.options["cdp.sprint-when"] == "before-throw":
        return "declare"
    return "throw"


_SEATS = RACES["cdp.velocita"].max_players
_ONE_DIE = dice_needs(1, _SEATS)  # what a turn waits for, made once a seat
_SPRINT_OR_WAIT = tuple(Need("choice", seat, choices=("sprint", "wait"), decision="sprint") for seat in range(_SEATS))


def need(state: State) -> Need | None:
    if state.finished:
        return None
    if state.stage in ("lot", "throw"):
        return _ONE_DIE[state.mover]
    if state.stage in ("declare", "launch"):
        return _SPRINT_OR_WAIT[state.mover]
    return Need("choice", state.mover, choices=numbers_up_to(_value(state)), decision="distance")


def _value(state: State) -> int:
    return state.die * (2 if state.sprint else 1)


def _forced(state: State) -> bool:
    if state.sprint and state.options["cdp.sprint-parity"] == "doubled":
        return True
    return state.die % 2 == 0


def play_throw(state: State, dice: list[int], sink: Events | None = None) -> Events:
    face = dice[0]
    state.throws += 1
    events = events_into(sink)
    if state.stage == "lot":
        first = 0 if face <= 3 else 1
        _start_turn(state, first)
        if events.wants(DEPART):
            events.append(Event("lot", DEPART, first, data={"dice": [face]}))
        return events
    state.die = face
    if events.wants(PARITE):
        events.append(Event("throw", PARITE, state.mover, data={"dice": [face]}))
    if _may_launch(state) and state.options["cdp.sprint-when"] == "after-throw":
        state.stage = "launch"
        return events
    _resolve(state, events)
    return events


def _resolve(state: State, events: Events) -> None:
    if _forced(state):
        _move(state, _value(state), events)
    else:
        state.stage = "distance"


def play_choice(state: State, choice: str, sink: Events | None = None) -> Events:
    events = events_into(sink)
    if state.stage in ("declare", "launch"):  # the sprint decision, before or after the die
        if choice == "sprint":
            state.sprint = True
            if events.wants(SPRINT):
                events.append(Event("sprint", SPRINT, state.mover, data={}))
        else:
            if events.wants(SPRINT):
                events.append(Event("hold", SPRINT, state.mover, data={}))
        if state.stage == "launch":
            _resolve(state, events)
        else:
            state.stage = "throw"
        return events
    _move(state, int(choice), events)
    return events


def _move(state: State, squares: int, events: Events) -> None:
    seat = state.mover
    before = state.pos[seat]
    state.pos[seat] += squares
    if events.wants(PARITE):
        events.append(Event("move", PARITE, seat, data={
            "from": before, "to": state.pos[seat], "steps": squares, "most": _value(state),
            "doubled": state.sprint, "forced": _forced(state)}))
    state.die = 0
    if state.moved == 0:
        state.moved, state.mover = 1, 1 - seat
        state.stage = _before_throw(state)
        return
    _end_of_turn(state, events)


def _end_of_turn(state: State, events: Events) -> None:
    a, b = state.pos
    if max(a, b) >= state.line:
        if a != b:
            state.finished, state.winner = True, 0 if a > b else 1
            if events.wants(ARRIVEE):
                events.append(Event("end", ARRIVEE, state.winner, data={"ranking": [state.winner, 1 - state.winner],
                                                                         "margin": abs(a - b)}))
            return
        if events.wants(ARRIVEE):
            events.append(Event("tie", ARRIVEE, None, data={"at": a}))
    first = _leader(state, level=1 - state.first)  # level: the rider who was first now plays second
    _start_turn(state, first)
    if events.wants(ORDRE):
        events.append(Event("first", ORDRE, first, data={"level": a == b}))


def observe(state: State, seat: int | None = None) -> dict[str, Any]:
    """The position as JSON (nothing is hidden: every seat sees it all)."""
    return {
        "ruleset": state.ruleset, "finished": state.finished, "winner": state.winner,
        "ranking": [state.winner, 1 - state.winner] if state.winner is not None else [],
        "turn": None if state.finished else state.mover,
        "pos": list(state.pos), "sprint": state.sprint, "first": state.first,
        "players": [{"seat": s, "pos": state.pos[s]} for s in (0, 1)],
    }
