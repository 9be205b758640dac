"""Scenarios: a race's set-up, scripted dice and choices, replayed deterministically.

A scenario is a mapping (JSON, or YAML in docs/):
    ruleset   "veldiv.individuelle", ...
    players   number of players (seats 0..n-1)
    options   {option id: value}            optional
    setup     {"riders": [[15, 23], ...]}   optional: a mid-race position
    dice      [3, 5, ...]                   scripted, in the order the rules throw them
    choices   [...]                         scripted decisions (none in the Veldiv)
    seed      integer                       optional: random dice once the script runs out
    title, description                      optional, for pages
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from . import veldiv
from .core import Dice, Event, ScenarioError
from .options import OptionValue, resolve

_FIELDS = ("ruleset", "players", "options", "setup", "dice", "choices", "seed", "title", "description")
MAX_THROWS = 20_000  # no Veldiv race comes near this; a guard against a runaway seed


@dataclass
class Scenario:
    ruleset: str
    players: int
    options: dict[str, OptionValue]
    setup: Any = None
    dice: list[int] = field(default_factory=list)
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ruleset": self.ruleset, "players": self.players, "options": dict(self.options)}
        if self.setup is not None:
            out["setup"] = self.setup
        out["dice"] = list(self.dice)
        if self.seed is not None:
            out["seed"] = self.seed
        return out


def parse(data: object) -> Scenario:
    """Check a scenario mapping; raise ScenarioError naming the first bad field."""
    if not isinstance(data, dict):
        raise ScenarioError("scenario", "expected a mapping with at least 'ruleset' and 'players'")
    for key in data:
        if key not in _FIELDS:
            raise ScenarioError(str(key), f"unknown field (expected one of: {', '.join(_FIELDS)})")
    ruleset = data.get("ruleset")
    if ruleset not in veldiv.RACES:
        raise ScenarioError("ruleset", f"unknown ruleset {ruleset!r} (known: {', '.join(veldiv.RACES)})")
    assert isinstance(ruleset, str)
    if "players" not in data:
        raise ScenarioError("players", "missing")
    players = veldiv.setup.players_range(veldiv.RACES[ruleset], data["players"])
    applicable = {oid for oid, races in veldiv.APPLIES.items() if ruleset in races}
    options = resolve(veldiv.OPTIONS, data.get("options"), applicable)
    scenario = Scenario(ruleset, players, options, data.get("setup"), _dice(data.get("dice", [])), _seed(data))
    if data.get("choices"):
        raise ScenarioError("choices", "the Veldiv races have no decisions to script")
    veldiv.setup.new_state(ruleset, players, options, scenario.setup)  # checks the set-up
    return scenario


def _dice(value: object) -> list[int]:
    if not isinstance(value, list):
        raise ScenarioError("dice", "expected a list of die faces")
    for i, face in enumerate(value):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise ScenarioError(f"dice[{i}]", f"{face!r} is not a die face (1-6)")
    return list(value)


def _seed(data: dict[str, Any]) -> int | None:
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ScenarioError("seed", f"expected a whole number, got {seed!r}")
    return seed


class Game:
    """A race in progress: its state and the events of every throw so far."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.state = veldiv.setup.new_state(scenario.ruleset, scenario.players, dict(scenario.options), scenario.setup)
        self.steps: list[list[Event]] = []
        opening = veldiv.settle_setup(self.state)
        if opening:
            self.steps.append(opening)

    @property
    def finished(self) -> bool:
        return self.state.finished

    def dice_needed(self) -> int:
        return veldiv.dice_needed(self.state)

    def throw(self, dice: list[int]) -> list[Event]:
        """Apply one throw; a wrong throw raises ScenarioError and changes nothing."""
        if self.state.finished:
            raise ScenarioError("dice", "the race is over")
        needed = self.dice_needed()
        if len(dice) != needed:
            raise ScenarioError("dice", f"this throw takes {needed} die/dice, got {len(dice)}")
        _dice(list(dice))
        events = veldiv.play_throw(self.state, list(dice))
        self.steps.append(events)
        return events

    def run(self, dice: Dice) -> None:
        while not self.finished and dice.available(self.dice_needed()) and self.state.throws < MAX_THROWS:
            self.throw([dice.throw() for _ in range(self.dice_needed())])

    @property
    def events(self) -> list[Event]:
        return [e for step in self.steps for e in step]

    def position(self) -> dict[str, Any]:
        return veldiv.setup.public_position(self.state)


def play(scenario: Scenario) -> tuple[Game, Dice]:
    game = Game(scenario)
    dice = Dice(scenario.dice, scenario.seed)
    game.run(dice)
    return game, dice


def replay(data: object) -> dict[str, Any]:
    """Replay a scenario (mapping, Scenario or JSON text); return the final position as JSON."""
    if isinstance(data, str):
        data = loads(data, "scenario")
    scenario = data if isinstance(data, Scenario) else parse(data)
    game, dice = play(scenario)
    out = game.position()
    out["events"] = [e.to_json() for e in game.events]
    out["steps"] = len(game.steps)
    out["unused_dice"] = dice.unused
    return out


def loads(text: str, name: str) -> Any:
    """JSON, or YAML when PyYAML is installed; errors name the file and the line."""
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")):
        try:
            return json.loads(text)
        except json.JSONDecodeError as err:
            raise ScenarioError(f"{name}:{err.lineno}", f"malformed JSON: {err.msg}") from None
    try:
        import yaml
    except ImportError:
        raise ScenarioError(name, "not JSON, and reading YAML needs PyYAML (pip install pyyaml)") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise ScenarioError(f"{name}{line}", f"malformed YAML: {problem}") from None
