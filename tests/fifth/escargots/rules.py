"""The snail race's rules, one throw at a time; every event cites its article."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from parcours.core import Event, Events, Need, ScenarioError, dice_needs, events_into, is_whole, quoted
from parcours.interface import RaceFigures
from parcours.options import OptionValue

from .terms import TERMS

LETTUCE = 6  # the last square: the first snail there wins
_ONE_DIE = dice_needs(1, 2)


@dataclass
class State:
    ruleset: str
    options: dict[str, OptionValue]
    snails: list[int]  # each seat's square, 0 before the first
    turn: int = 0
    winner: int | None = None
    throws: int = 0

    @property
    def finished(self) -> bool:
        return self.winner is not None


def new_state(ruleset: str, players: int, options: dict[str, OptionValue], setup: object = None) -> State:
    """The snails at the start, or where the set-up puts them ({snails: [4, 5], turn: 1})."""
    data = {} if setup is None else setup
    if not isinstance(data, dict) or set(data) - {"snails", "turn"}:
        raise ScenarioError("setup", "expected a mapping with snails and turn",
                            fr="attendu : un dictionnaire avec snails et turn")
    snails = data.get("snails", [0] * players)
    if not isinstance(snails, list) or len(snails) != players or not all(is_whole(s, 0, LETTUCE - 1) for s in snails):
        raise ScenarioError("setup.snails",
                            f"expected {players} squares from 0 to {LETTUCE - 1}, got {quoted(snails, 'en')}",
                            fr=f"attendu : {players} cases de 0 à {LETTUCE - 1}, reçu {quoted(snails, 'fr')}")
    turn = data.get("turn", 0)
    if not is_whole(turn, 0, players - 1):
        raise ScenarioError("setup.turn", f"expected a seat from 0 to {players - 1}, got {quoted(turn, 'en')}",
                            fr=f"attendu : une place de 0 à {players - 1}, reçu {quoted(turn, 'fr')}")
    return State(ruleset, options, list(snails), turn)


def settle_setup(state: State, sink: Events | None = None) -> Events:
    return events_into(sink)  # nothing to settle: the first player throws


def need(state: State) -> Need | None:
    return None if state.finished else _ONE_DIE[state.turn]


def play_choice(state: State, choice: str, sink: Events | None = None) -> Events:
    raise ScenarioError("choices", f"the {TERMS.name('game', 'en')} has no decisions to script",
                        fr=f"la {TERMS.name('game', 'fr')} ne demande aucune décision")


def play_throw(state: State, dice: list[int], sink: Events | None = None) -> Events:
    """The snail of the seat to play moves the die's count; on or past the lettuce it wins (by the exact
    count only, under that reading: else it stays)."""
    seat, face = state.turn, dice[0]
    events = events_into(sink)
    state.throws += 1
    if events.wants("escargots:marche"):
        events.append(Event("throw", "escargots:marche", seat, data={"face": face}))
    target = state.snails[seat] + face
    if target > LETTUCE and state.options["escargots.exact"] == "yes":
        if events.wants("escargots:arrivee"):
            events.append(Event("stay", "escargots:arrivee", seat, data={"needed": LETTUCE - state.snails[seat]}))
    else:
        target = min(target, LETTUCE)
        if events.wants("escargots:marche"):
            events.append(Event("move", "escargots:marche", seat, data={"from": state.snails[seat], "to": target}))
        state.snails[seat] = target
        if target == LETTUCE:
            state.winner = seat
            if events.wants("escargots:arrivee"):
                events.append(Event("end", "escargots:arrivee", seat, data={"ranking": ranking(state)}))
            return events
    state.turn = 1 - seat
    return events


def ranking(state: State) -> list[int]:
    """The winner, then the other snail (none before the end)."""
    if state.winner is None:
        return []
    return [state.winner] + [s for s in range(len(state.snails)) if s != state.winner]


def observe(state: State, seat: int | None = None) -> dict[str, Any]:
    """The position as JSON (nothing is hidden)."""
    return {"ruleset": state.ruleset, "finished": state.finished, "winner": state.winner, "ranking": ranking(state),
            "turn": None if state.finished else state.turn, "snails": list(state.snails)}


@dataclass
class Tally:
    """The race's own figures: the throws too high to move (under the exact count), where snails stop."""

    kinds: frozenset[str] = frozenset({"move", "stay"})
    figures: RaceFigures = field(default_factory=RaceFigures)
    stays: int = 0

    def step(self, state: State, events: list[Event]) -> None:
        for event in events:
            if event.kind == "move":
                self.figures.landings[int(str(event.data["to"]))] += 1
            else:
                self.stays += 1

    def result(self, state: State) -> RaceFigures:
        self.figures.race["stays"] = self.stays
        return self.figures


def tally(ruleset: str, players: int) -> Tally:
    return Tally()
