"""Scenarios: a race's set-up, scripted dice and choices, replayed deterministically.

A scenario is a mapping (JSON, or YAML in docs/):
    ruleset   "veldiv.individuelle", ...
    players   number of players (seats 0..n-1)
    options   {option id: value}            optional
    setup     {"riders": [[15, 23], ...]}   optional: a mid-race position (its shape is the game's)
    dice      [3, 5, ...]                   scripted, in the order the rules throw them
    choices   ["2", "sprint", ...]          scripted decisions, in the order the rules ask for them
    seed      integer                       optional: random dice once the script runs out
    title, description                      optional, for pages: short texts (TEXT_LIMITS)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol

from .core import Dice, Event, Need, ScenarioError, french_number, is_whole, plural, quoted, unprintable
from .games import game_of
from .interface import GameRules
from .narrate import choice_words, question_words
from .options import OptionValue, resolve

_FIELDS = ("ruleset", "players", "options", "setup", "dice", "choices", "seed", "title", "description")

# What a scenario may hold at most, checked before anything reads it (without recursion, so that
# Pyodide's small stack is safe too). The examples nest 6 deep; the longest legal race (the kitty,
# 12 players, a total of 1,000) scripts about 100,000 throws.
MAX_DEPTH = 16
MAX_VALUES = 1_000_000  # lists' items and mappings' values, all levels together
MAX_NUMBER = 2**53  # JavaScript's safe integers: a scenario goes to and from the browser
MAX_STRING = 10_000
MAX_TEXT = 8_000_000  # characters of a scenario file
TEXT_LIMITS = {"title": 200, "description": 2_000}  # characters: a heading, a paragraph


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
        raise ScenarioError("scenario", "expected a mapping with at least “ruleset” and “players”",
                            fr="attendu : un dictionnaire avec au moins « ruleset » et « players »")
    check_shape(data)
    for key in data:
        if key not in _FIELDS:
            raise ScenarioError(str(key), f"unknown field (expected one of: {', '.join(_FIELDS)})",
                                fr=f"champ inconnu (attendu : l'un de {', '.join(_FIELDS)})")
    ruleset = data.get("ruleset")
    game = game_of(ruleset)
    assert isinstance(ruleset, str)
    if "players" not in data:
        raise ScenarioError("players", "missing", fr="manquant")
    race = game.RACES[ruleset]
    players = data["players"]
    if not is_whole(players):
        raise ScenarioError("players", f"expected a whole number, got {quoted(players, 'en')}",
                            fr=f"attendu : un nombre entier, reçu {quoted(players, 'fr')}")
    if not race.min_players <= players <= race.max_players:
        low, high = race.min_players, race.max_players
        raise ScenarioError("players", f"{race.name['en']} is for {low if low == high else f'{low} to {high}'} "
                            f"players, not {players}",
                            fr=f"{race.name['fr']} se joue {f'à {low}' if low == high else f'de {low} à {high}'} "
                               f"joueurs, pas {players}")
    for name in TEXT_LIMITS:
        _text(data, name)
    applicable = {oid for oid, races in game.APPLIES.items() if ruleset in races}
    chosen = resolve(game.OPTIONS, data.get("options"), applicable)
    options = {oid: chosen[oid] for oid in game.OPTIONS if oid in chosen}  # the game's order, not a set's
    scenario = Scenario(ruleset, players, options, data.get("setup"), _dice(data.get("dice", [])),
                        _choices(data.get("choices", [])), _seed(data))
    if scenario.choices and not game.DECISIONS:
        raise ScenarioError("choices", f"the races of this game ({game.GAME}) have no decisions to script",
                            fr=f"les courses de ce jeu ({game.GAME}) ne demandent aucune décision")
    if game.SHUFFLES:
        scenario.setup = with_shuffle(scenario.setup, scenario.seed)
    state = game.new_state(ruleset, players, options, scenario.setup)  # checks the set-up
    if scenario.setup is not None:
        game.settle_setup(state)
        if game.need(state) is None:  # every game's own checks name the field; this one is the net under them
            raise ScenarioError("setup", "the race is already over in this position: a set-up is a race under way",
                                fr="la course est déjà finie dans cette position : une position de départ "
                                   "est une course en cours")
    return scenario


def _text(data: dict[str, Any], name: str) -> None:
    """A title or a description: a short text, printable (a description may break its lines)."""
    text, most = data.get(name), TEXT_LIMITS[name]
    if text is None:
        return
    if not isinstance(text, str) or len(text) > most:
        size, size_fr = ((f" ({len(text):,} characters)", f" ({french_number(len(text))} caractères)")
                         if isinstance(text, str) else ("", ""))
        raise ScenarioError(name, f"expected a text of at most {most:,} characters, got {quoted(text, 'en')}{size}",
                            fr=f"attendu : un texte d'au plus {french_number(most)} caractères, "
                               f"reçu {quoted(text, 'fr')}{size_fr}")
    bad = unprintable(text, "\n" if name == "description" else "")
    if bad is not None:
        raise ScenarioError(name, f"a character that cannot be printed (U+{ord(bad):04X})",
                            fr=f"un caractère qui ne s'imprime pas (U+{ord(bad):04X})")


MAX_FACE = 16  # the largest die of any game (the Ronde's yellow D16)


def check_shape(data: object, where: str = "scenario") -> None:
    """Refuse data nested too deep, too large, or holding numbers or strings too big to handle.

    Walks with its own stack (no recursion); names the path of the first bad value.
    """
    stack: list[tuple[object, str, int]] = [(data, "", 0)]
    values = 0
    while stack:
        value, path, depth = stack.pop()
        if not isinstance(value, (dict, list)):
            if not _plain(value):
                _check_scalar(value, path or where)
            continue
        if depth >= MAX_DEPTH:
            raise ScenarioError(path or where, f"nested too deep (more than {MAX_DEPTH} levels)",
                                fr=f"imbrication trop profonde (plus de {MAX_DEPTH} niveaux)")
        values += len(value)
        if values > MAX_VALUES:
            raise ScenarioError(where, f"too large (more than {MAX_VALUES:,} values)",
                                fr=f"trop volumineux (plus de {french_number(MAX_VALUES)} valeurs)")
        if isinstance(value, dict):
            for key in value:
                _check_scalar(key, f"{path}.<key>" if path else "<key>")
            children = [(f"{path}.{key}" if path else str(key), item) for key, item in value.items()]
        elif _plain_list(value):  # a script of dice or choices: checked at C speed
            continue
        else:
            children = [(f"{path}[{i}]", item) for i, item in enumerate(value)]
        stack.extend((item, item_path, depth + 1) for item_path, item in reversed(children))


def _plain_list(value: list[Any]) -> bool:
    kinds = set(map(type, value))
    if kinds <= {int}:
        return not value or (min(value) >= -MAX_NUMBER and max(value) <= MAX_NUMBER)
    return kinds <= {str} and max(map(len, value)) <= MAX_STRING


def _plain(value: object) -> bool:
    """The common case, fast: a small number, a short string, null, a float."""
    kind = type(value)
    if kind is int:
        return -MAX_NUMBER <= value <= MAX_NUMBER  # type: ignore[operator]
    if kind is str:
        return len(value) <= MAX_STRING  # type: ignore[arg-type]
    return value is None or kind is bool or kind is float


def _check_scalar(value: object, where: str) -> None:
    if isinstance(value, int) and not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise ScenarioError(where, f"a number too large (at most {MAX_NUMBER:,} either way)",
                            fr=f"nombre trop grand (au plus {french_number(MAX_NUMBER)}, en plus ou en moins)")
    if isinstance(value, str) and len(value) > MAX_STRING:
        raise ScenarioError(where, f"a text too long (at most {MAX_STRING:,} characters)",
                            fr=f"texte trop long (au plus {french_number(MAX_STRING)} caractères)")
    if not isinstance(value, (str, int, float, type(None))):  # bool is an int
        raise ScenarioError(where, f"unexpected {type(value).__name__} (JSON values only)",
                            fr=f"valeur inattendue de type {type(value).__name__} (valeurs JSON seulement)")


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
        raise ScenarioError("dice", "expected a list of die faces", fr="attendu : une liste de faces de dé")
    for i, face in enumerate(value):
        if not is_whole(face, 1, MAX_FACE):
            raise ScenarioError(f"dice[{i}]", f"{quoted(face, 'en')} is not a die face (1 to {MAX_FACE})",
                                fr=f"{quoted(face, 'fr')} n'est pas une face de dé (1 à {MAX_FACE})")
    return list(value)


def _dice_count(count: int, lang: str = "en") -> str:
    """'one die', 'two dice', '3 dice' (no throw of these games takes more than two)."""
    words = {1: ("un dé", "one die"), 2: ("deux dés", "two dice")}.get(count)
    if words:
        return words[0] if lang == "fr" else words[1]
    return plural(count, "dé", "dés", "fr") if lang == "fr" else plural(count, "die", "dice")


def _choices(value: object) -> list[str]:
    if not isinstance(value, list):
        raise ScenarioError("choices", "expected a list of choices", fr="attendu : une liste de choix")
    for i, choice in enumerate(value):
        if isinstance(choice, bool) or not isinstance(choice, (str, int)):
            raise ScenarioError(f"choices[{i}]", f"expected a word or a number, got {quoted(choice, 'en')}",
                                fr=f"attendu : un mot ou un nombre, reçu {quoted(choice, 'fr')}")
    return [str(c) for c in value]


def _seed(data: dict[str, Any]) -> int | None:
    seed = data.get("seed")
    if seed is not None and not is_whole(seed):
        raise ScenarioError("seed", f"expected a whole number, got {quoted(seed, 'en')}",
                            fr=f"attendu : un nombre entier, reçu {quoted(seed, 'fr')}")
    return seed


class DiceSource(Protocol):
    """Where a race's dice come from: a scenario's `Dice`, or a bot's throws."""

    def available(self, count: int) -> bool: ...
    def throw(self, sides: int = 6) -> int: ...
    @property
    def used(self) -> int: ...  # dice thrown so far


@dataclass(frozen=True)
class Step:
    """One step of a race: what the rules asked, what was played (the faces, or the choice), and the
    events that followed. With `said`, a decision's words as they were asked (each choice's label and
    the question, in both languages), so that a page can show the decision again without the engine."""

    asked: Need
    played: tuple[int, ...] | str
    events: list[Event]
    said: dict[str, Any] | None = None  # {"labels": {choice: {en, fr}}, "question": {en, fr}}

    @property
    def words(self) -> dict[str, str] | None:
        """The choice played, in both languages (None: a throw, or a step played without words)."""
        return None if self.said is None or not isinstance(self.played, str) else self.said["labels"].get(self.played)

    def to_json(self) -> dict[str, Any]:
        """What was asked (with its words, if any) and what was played, as a film's frame carries them."""
        played = self.played if isinstance(self.played, str) else list(self.played)
        return {"asked": self.asked.to_json() | (self.said or {}), "played": played}


class Game:
    """A race in progress: its state, and the events of every step (a throw or a choice) so far."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.rules = scenario.game
        self.state = self.rules.new_state(scenario.ruleset, scenario.players, dict(scenario.options), scenario.setup)
        self.steps: list[list[Event]] = []
        self.record: list[tuple[str, list[int] | str]] = []  # ("dice", faces) or ("choice", choice)
        self.stopped = ""  # why the last advance() ended: "end", "dice", "choices" or "budget"
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
            raise ScenarioError("dice", "the race is over", fr="la course est finie")
        if need.kind != "dice":
            raise ScenarioError("dice", f"the rules wait for a choice of player {need.seat + 1}, not dice",
                                fr=f"la règle attend un choix du joueur {need.seat + 1}, pas des dés")
        if len(dice) != need.count:
            raise ScenarioError("dice", f"this throw takes {_dice_count(need.count)}, not {len(dice)}",
                                fr=f"ce lancer se joue avec {_dice_count(need.count, 'fr')}, pas {len(dice)}")
        for face in dice:
            if not is_whole(face, 1, need.sides):
                raise ScenarioError("dice", f"{quoted(face, 'en')} is not a face of the D{need.sides} rolled here "
                                    f"(it shows 1 to {need.sides})",
                                    fr=f"{quoted(face, 'fr')} n'est pas une face du D{need.sides} lancé ici "
                                    f"(il va de 1 à {need.sides})")
        events = self.rules.play_throw(self.state, list(dice))
        self.steps.append(events)
        self.record.append(("dice", list(dice)))
        return events

    def choose(self, choice: str) -> list[Event]:
        """Apply one decision; an illegal one raises ScenarioError and changes nothing."""
        need = self.need()
        if need is None or need.kind != "choice":
            raise ScenarioError("choices", "no decision is asked for here", fr="aucune décision n'est demandée ici")
        if str(choice) not in need.choices:
            raise ScenarioError("choices", f"{quoted(choice, 'en')} is not allowed here "
                                f"(allowed: {', '.join(need.choices)})",
                                fr=f"{quoted(choice, 'fr')} n'est pas permis ici (permis : {', '.join(need.choices)})")
        events = self.rules.play_choice(self.state, str(choice))
        self.steps.append(events)
        self.record.append(("choice", str(choice)))
        return events

    def play(self, move: list[int] | str, words: bool = False) -> Step:
        """Play one move where the race stands: a throw (its faces) or a decision. A move that does
        not fit what the rules wait for raises ScenarioError and changes nothing."""
        need = self.need()
        said = self.words_of(need) if words and isinstance(move, str) else None
        events = self.choose(move) if isinstance(move, str) else self.throw(move)
        assert need is not None  # throw() and choose() refuse a finished race
        return Step(need, move if isinstance(move, str) else tuple(move), events, said)

    def words_of(self, need: Need | None) -> dict[str, Any] | None:
        """A decision's words: each choice's label and the question, in both languages."""
        if need is None or need.kind != "choice":
            return None
        return {"labels": choice_words(self.rules, self.state, need),
                "question": question_words(self.rules, self.state, need)}

    def advance(self, dice: DiceSource, choices: Iterable[str], max_steps: int | None = None,
                words: bool = False) -> Iterator[Step]:
        """Play dice and choices as the rules ask for them, yielding each step once it is played.

        Every legal step is played: only `max_steps`, a budget a caller may set (the browser, say),
        stops a race sooner. When the loop ends, `stopped` says why: "end" (the race is over),
        "dice" or "choices" (the script ran out) or "budget". `choices` is read one at a time, when
        a decision is asked, so it may be a generator that decides on the position (a bot).
        With `words`, a decision's step carries its words (they cost as much as the step).
        A wrong die or choice raises ScenarioError naming its place in the script.
        """
        choices = iter(choices)
        used = played = 0
        while (need := self.need()) is not None:
            if max_steps is not None and played >= max_steps:
                self.stopped = "budget"
                return
            if need.kind == "dice":
                if not dice.available(need.count):
                    self.stopped = "dice"
                    return
                index = dice.used
                faces = [dice.throw(need.sides) for _ in range(need.count)]
                for k, face in enumerate(faces):
                    if face > need.sides:
                        raise ScenarioError(f"dice[{index + k}]",
                                            f"{face} is not a face of the D{need.sides} rolled here",
                                            fr=f"{face} n'est pas une face du D{need.sides} lancé ici")
                yield self.play(faces)
            else:
                choice = next(choices, None)
                if choice is None:
                    self.stopped = "choices"
                    return
                try:
                    step = self.play(str(choice), words)
                except ScenarioError as err:
                    raise ScenarioError(f"choices[{used}]", err.problem, fr=err.problem_fr) from None
                used += 1
                yield step
            played += 1
        self.stopped = "end"

    def run(self, dice: Dice, choices: list[str], max_steps: int | None = None) -> int:
        """Play the scripted dice and choices as far as they go (see `advance`); returns how many
        choices were used."""
        return sum(step.asked.kind == "choice" for step in self.advance(dice, choices, max_steps))

    @property
    def events(self) -> list[Event]:
        return [e for step in self.steps for e in step]

    def position(self, seat: int | None = None) -> dict[str, Any]:
        """The position as `seat` may see it (None: all of it, see GameRules.observe) and what it
        waits for; a decision comes with its words (`labels`: each choice in French and English,
        `question`), so no page ever shows a bare code."""
        out = self.rules.observe(self.state, seat)
        need = self.need()
        out["need"] = None if need is None else need.to_json() | (self.words_of(need) or {})
        return out


def play(scenario: Scenario, max_steps: int | None = None) -> tuple[Game, Dice, int]:
    game = Game(scenario)
    dice = Dice(scenario.dice, scenario.seed)
    used = game.run(dice, scenario.choices, max_steps)
    return game, dice, len(scenario.choices) - used


def replay(data: object, max_steps: int | None = None) -> dict[str, Any]:
    """Replay a scenario (mapping, Scenario or JSON text); return the final position as JSON.

    Every legal step is played unless `max_steps` (a budget of throws and choices) is given:
    `stopped` says why the replay ended ("end", "dice", "choices" or "budget") and `steps` how
    many steps were played (the set-up's opening step included).
    """
    if max_steps is not None and not is_whole(max_steps, 0):
        raise ScenarioError("max_steps", f"expected a whole number of steps, got {quoted(max_steps, 'en')}",
                            fr=f"attendu : un nombre entier d'étapes, reçu {quoted(max_steps, 'fr')}")
    if isinstance(data, str):
        data = loads(data, "scenario")
    scenario = data if isinstance(data, Scenario) else parse(data)
    return result(*play(scenario, max_steps))


def result(game: Game, dice: Dice, unused_choices: int) -> dict[str, Any]:
    """A replay's answer: the position, every event, and how (and why) the replay ended."""
    out = game.position()
    out["events"] = [e.to_json() for e in game.events]
    out["steps"] = len(game.steps)
    out["stopped"] = game.stopped
    out["unused_dice"] = dice.unused
    out["unused_choices"] = unused_choices
    return out


def loads(text: str, name: str) -> Any:
    """JSON, or YAML when PyYAML is installed; errors name the file and the line.

    Sizes and depths are checked before the (recursive) parsers build anything.
    """
    if text.lstrip().startswith(("{", "[")):
        return loads_json(text, name)
    if len(text) > MAX_TEXT:
        raise _too_long(name, len(text))
    try:
        import yaml
    except ImportError:
        raise ScenarioError(name, "not JSON, and reading YAML needs PyYAML (pip install pyyaml)",
                            fr="pas du JSON, et lire du YAML demande PyYAML (pip install pyyaml)") from None
    try:
        _check_yaml_depth(yaml, text, name)
        return yaml.load(text, Loader=_strict_loader(yaml))  # a safe loader (see _strict_loader)
    except ScenarioError:
        raise
    except _Twice as err:
        raise err.refusal(name) from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise ScenarioError(f"{name}{line}", f"malformed YAML: {problem}",
                            fr=f"YAML mal formé (« {problem} »)") from None
    except (ValueError, RecursionError) as err:
        raise _unreadable(name, err) from None


def loads_json(text: str, name: str) -> Any:
    """JSON only (what the browser's worker is sent), its size and depth checked before parsing."""
    if len(text) > MAX_TEXT:
        raise _too_long(name, len(text))
    _check_json_depth(text, name)
    try:
        return json.loads(text, object_pairs_hook=_unique)
    except _Twice as err:
        raise err.refusal(name) from None
    except json.JSONDecodeError as err:
        raise ScenarioError(f"{name}:{err.lineno}", f"malformed JSON: {err.msg}",
                            fr=f"JSON mal formé (« {err.msg} »)") from None
    except (ValueError, RecursionError) as err:  # an integer of thousands of digits, say
        raise _unreadable(name, err) from None


class _Twice(Exception):
    """A key given twice in one mapping: the last would silently win."""

    def __init__(self, key: object, line: int | None = None, first: int | None = None) -> None:
        super().__init__(key)
        self.key, self.line, self.first = key, line, first

    def refusal(self, name: str) -> ScenarioError:
        where = name if self.line is None else f"{name}:{self.line}"
        first = "" if self.first is None else f" (first on line {self.first})"
        first_fr = "" if self.first is None else f" (la première fois ligne {self.first})"
        return ScenarioError(where, f"key {quoted(self.key, 'en')} given twice in one mapping{first}",
                             fr=f"clé {quoted(self.key, 'fr')} donnée deux fois dans un même dictionnaire{first_fr}")


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, its keys each given once (json's parser does not say where a key stands)."""
    out = dict(pairs)
    if len(out) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Twice(key)
            seen.add(key)
    return out


@cache
def _strict_loader(yaml: Any) -> Any:
    """PyYAML's safe loader (libyaml's when present), refusing a key given twice in one mapping."""

    class Strict(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            seen: dict[object, int] = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue  # "<<: *base": its keys may be overridden, that is what it is for
                key, line = self.construct_object(key_node, deep=True), key_node.start_mark.line + 1
                try:
                    if key in seen:
                        raise _Twice(key, line, seen[key])
                    seen[key] = line
                except TypeError:  # a list as a key: the safe loader's own error says so
                    pass
            return super().construct_mapping(node, deep)

    return Strict


def _too_long(name: str, length: int) -> ScenarioError:
    return ScenarioError(name, f"too large ({length:,} characters; at most {MAX_TEXT:,})",
                         fr=f"trop volumineux ({french_number(length)} caractères ; au plus {french_number(MAX_TEXT)})")


def _unreadable(name: str, err: Exception) -> ScenarioError:
    if "integer string conversion" in str(err):
        return ScenarioError(name, "a number too large (thousands of digits)",
                             fr="nombre trop grand (des milliers de chiffres)")
    why = str(err).splitlines()[0] if str(err) else type(err).__name__
    return ScenarioError(name, f"cannot be read: {why}", fr=f"illisible (« {why} »)")


_JSON_TOKENS = re.compile(r'\\.|["\[\]{}]')


def _check_json_depth(text: str, name: str) -> None:
    """Brackets outside strings, counted without parsing."""
    depth, in_string = 0, False
    for token in _JSON_TOKENS.finditer(text):
        mark = token.group()
        if mark == '"':
            in_string = not in_string
        elif in_string or mark[0] == "\\":
            continue
        elif mark in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, token.start()) + 1
                raise ScenarioError(f"{name}:{line}", f"nested too deep (more than {MAX_DEPTH} levels)",
                                    fr=f"imbrication trop profonde (plus de {MAX_DEPTH} niveaux)")
        else:
            depth -= 1


def _check_yaml_depth(yaml: Any, text: str, name: str) -> None:
    """YAML's parser emits events without recursion (its composer recurses): count the nesting first."""
    depth = 0
    for events, event in enumerate(yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)), start=1):
        if events > MAX_VALUES:
            raise ScenarioError(name, f"too large (more than {MAX_VALUES:,} values)",
                                fr=f"trop volumineux (plus de {french_number(MAX_VALUES)} valeurs)")
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise ScenarioError(f"{name}:{event.start_mark.line + 1}",
                                    f"nested too deep (more than {MAX_DEPTH} levels)",
                                    fr=f"imbrication trop profonde (plus de {MAX_DEPTH} niveaux)")
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1
