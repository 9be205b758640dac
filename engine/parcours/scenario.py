"""Scenarios: a race's set-up, scripted dice and choices, replayed deterministically.

A scenario is a mapping (JSON, or YAML in docs/):
    ruleset   "veldiv.individuelle", ...
    players   number of players (seats 0..n-1)
    options   {option id: value}            optional
    setup     {"riders": [[15, 23], ...]}   optional: a mid-race position (its shape is the game's)
    dice      [3, 5, ...]                   scripted, in the order the rules throw them
    choices   ["2", "sprint", ...]          scripted decisions, in the order the rules ask for them
    seed      integer                       optional: random dice once the script runs out
    title, description                      optional, for pages
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .core import Dice, Event, Need, ScenarioError, is_whole
from .games import GameRules, game_of
from .options import OptionValue, resolve

_FIELDS = ("ruleset", "players", "options", "setup", "dice", "choices", "seed", "title", "description")
MAX_STEPS = 20_000  # no race comes near this; a guard against a runaway seed


@dataclass
class Scenario:
    ruleset: str
    players: int
    options: dict[str, OptionValue]
    setup: Any = None
    dice: list[int] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)
    seed: int | None = None

    @property
    def game(self) -> GameRules:
        return game_of(self.ruleset)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ruleset": self.ruleset, "players": self.players, "options": dict(self.options)}
        if self.setup is not None:
            out["setup"] = self.setup
        out["dice"] = list(self.dice)
        if self.choices:
            out["choices"] = list(self.choices)
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
    game = game_of(ruleset)
    assert isinstance(ruleset, str)
    if "players" not in data:
        raise ScenarioError("players", "missing")
    race = game.RACES[ruleset]
    players = data["players"]
    if not is_whole(players):
        raise ScenarioError("players", f"expected a whole number, got {players!r}")
    if not race.min_players <= players <= race.max_players:
        raise ScenarioError("players", f"{ruleset} takes {race.min_players} to {race.max_players} players, got {players}")
    applicable = {oid for oid, races in game.APPLIES.items() if ruleset in races}
    options = resolve(game.OPTIONS, data.get("options"), applicable)
    scenario = Scenario(ruleset, players, options, data.get("setup"), _dice(data.get("dice", [])),
                        _choices(data.get("choices", [])), _seed(data))
    if scenario.choices and not game.DECISIONS:
        raise ScenarioError("choices", f"the races of this game ({game.GAME}) have no decisions to script")
    if getattr(game, "SHUFFLES", False):
        scenario.setup = with_shuffle(scenario.setup, scenario.seed)
    game.new_state(ruleset, players, options, scenario.setup)  # checks the set-up
    return scenario


MAX_FACE = 16  # the largest die of any game (the Ronde's yellow D16)


def with_shuffle(setup: Any, seed: int | None) -> Any:
    """Games with cards: a scenario's seed also seeds the shuffles, unless the set-up fixes them."""
    if seed is None or (isinstance(setup, dict) and "shuffle" in setup):
        return setup
    if setup is None:
        return {"shuffle": seed}
    return {**setup, "shuffle": seed} if isinstance(setup, dict) else setup


def _dice(value: object) -> list[int]:
    """Faces are checked against 1-16 here, and against the die actually rolled when consumed."""
    if not isinstance(value, list):
        raise ScenarioError("dice", "expected a list of die faces")
    for i, face in enumerate(value):
        if not is_whole(face, 1, MAX_FACE):
            raise ScenarioError(f"dice[{i}]", f"{face!r} is not a die face (1-{MAX_FACE})")
    return list(value)


def _choices(value: object) -> list[str]:
    if not isinstance(value, list):
        raise ScenarioError("choices", "expected a list of choices")
    for i, choice in enumerate(value):
        if isinstance(choice, bool) or not isinstance(choice, (str, int)):
            raise ScenarioError(f"choices[{i}]", f"expected a word or a number, got {choice!r}")
    return [str(c) for c in value]


def _seed(data: dict[str, Any]) -> int | None:
    seed = data.get("seed")
    if seed is not None and not is_whole(seed):
        raise ScenarioError("seed", f"expected a whole number, got {seed!r}")
    return seed


class Game:
    """A race in progress: its state, and the events of every step (a throw or a choice) so far."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.rules = scenario.game
        self.state = self.rules.new_state(scenario.ruleset, scenario.players, dict(scenario.options), scenario.setup)
        self.steps: list[list[Event]] = []
        self.record: list[tuple[str, list[int] | str]] = []  # ("dice", faces) or ("choice", choice)
        opening = self.rules.settle_setup(self.state)
        if opening:
            self.steps.append(opening)

    @property
    def finished(self) -> bool:
        return self.rules.need(self.state) is None

    def need(self) -> Need | None:
        return self.rules.need(self.state)

    def dice_needed(self) -> int:
        need = self.need()
        return need.count if need is not None and need.kind == "dice" else 0

    def throw(self, dice: list[int]) -> list[Event]:
        """Apply one throw; a wrong throw raises ScenarioError and changes nothing."""
        need = self.need()
        if need is None:
            raise ScenarioError("dice", "the race is over")
        if need.kind != "dice":
            raise ScenarioError("dice", f"the rules wait for a choice of player {need.seat + 1}, not dice")
        if len(dice) != need.count:
            raise ScenarioError("dice", f"this throw takes {need.count} die/dice, got {len(dice)}")
        _dice(list(dice))
        for face in dice:
            if not is_whole(face, 1, need.sides):
                raise ScenarioError("dice", f"{face!r} is not a face of the D{need.sides} rolled here")
        events = self.rules.play_throw(self.state, list(dice))
        self.steps.append(events)
        self.record.append(("dice", list(dice)))
        return events

    def choose(self, choice: str) -> list[Event]:
        """Apply one decision; an illegal one raises ScenarioError and changes nothing."""
        need = self.need()
        if need is None or need.kind != "choice":
            raise ScenarioError("choices", "no decision is asked for here")
        if str(choice) not in need.choices:
            raise ScenarioError("choices", f"{choice!r} is not allowed here (allowed: {', '.join(need.choices)})")
        events = self.rules.play_choice(self.state, str(choice))
        self.steps.append(events)
        self.record.append(("choice", str(choice)))
        return events

    def run(self, dice: Dice, choices: list[str]) -> int:
        """Play the scripted dice and choices as far as they go; returns how many choices were used."""
        used = 0
        while len(self.steps) < MAX_STEPS:
            need = self.need()
            if need is None:
                break
            if need.kind == "dice":
                if not dice.available(need.count):
                    break
                index = dice.used
                faces = [dice.throw(need.sides) for _ in range(need.count)]
                for k, face in enumerate(faces):
                    if face > need.sides:
                        raise ScenarioError(f"dice[{index + k}]", f"{face} is not a face of the D{need.sides} rolled here")
                self.throw(faces)
            else:
                if used >= len(choices):
                    break
                try:
                    self.choose(choices[used])
                except ScenarioError as err:
                    raise ScenarioError(f"choices[{used}]", err.problem) from None
                used += 1
        return used

    @property
    def events(self) -> list[Event]:
        return [e for step in self.steps for e in step]

    def position(self) -> dict[str, Any]:
        """The public position and what it waits for; a decision comes with its words (`labels`:
        each choice in French and English, `question`), so no page ever shows a bare code."""
        out = self.rules.public_position(self.state)
        need = self.need()
        out["need"] = need.to_json() if need is not None else None
        if need is not None and need.kind == "choice":
            out["need"]["labels"] = self.rules.choice_words(self.state, need)
            out["need"]["question"] = self.rules.question_words(self.state, need)
        return out


def play(scenario: Scenario) -> tuple[Game, Dice, int]:
    game = Game(scenario)
    dice = Dice(scenario.dice, scenario.seed)
    used = game.run(dice, scenario.choices)
    return game, dice, len(scenario.choices) - used


def replay(data: object) -> dict[str, Any]:
    """Replay a scenario (mapping, Scenario or JSON text); return the final position as JSON."""
    if isinstance(data, str):
        data = loads(data, "scenario")
    scenario = data if isinstance(data, Scenario) else parse(data)
    game, dice, unused_choices = play(scenario)
    out = game.position()
    out["events"] = [e.to_json() for e in game.events]
    out["steps"] = len(game.steps)
    out["unused_dice"] = dice.unused
    out["unused_choices"] = unused_choices
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
