"""A build is never stale: the data the engine's rules produced carry a fingerprint of those rules, and
every worked example the final position it reaches; the build recomputes both from the engine it runs
and fails on a difference, naming the file, what changed and the command that writes it again.

The data files: docs/<game>/numbers.json (scripts/game_numbers.py), docs/<game>/impact.json
(scripts/reading_impact.py), and every JSON file of the engine's package (scripts/cdp_solve_velocita.py
writes engine/parcours/cdp/velocita_solved.json), each with a top-level "fingerprint".

The fingerprint, and why it is made this way:
- It is behavioural: a sample of the very races a file measures, the first of its own seeded stream
  (the same seed, players and bots), replayed by `parcours.stats.play_race`, the loop the generators use.
  Each race's outcome (winner, ranking, throws, the game's figures, every square a piece stopped on) is
  digested, under the default readings and under every reading the file compares. A rule that plays
  differently in the sample changes the digest; a refactor that plays the same races (comments, names,
  code moved, a faster path) does not, as nothing of the code itself is hashed. The sample is as many
  races as it takes to reach SAMPLE_THROWS throws under the defaults (a fast game plays more races,
  the Ronde two or three): for every game together about a second of CPU, and enough to meet every
  article that a quarter of a race's first races cite (tests/test_freshness.py checks it; all of the
  articles but the Ronde's three abreast, which one race in five meets). A rule the sample never meets
  (a rare corner of a race) is not seen here: the tests that replay each file's own check records,
  and the figures themselves, are the deeper net.
- The default readings are kept in clear, so that a changed default is named as such.
- The words a file stores are digested as the engine would write them now: numbers.json stores the
  figures' names, so all of the game's figures' names are taken; impact.json stores labels, figures
  and verdicts in words, so the sample's own comparison is rendered in words (`report.impact`), and
  every verdict the ruleset can print is rendered once with each of its measures as the one that changed
  (a verdict that 4,000 races print but a few races never reach has its words checked too).
- Each digest is 16 hex digits of SHA-256 (64 bits: no accidental collision in a file's few hundred).

The examples: each docs/<game>/examples/*.yml pins, in `expect`, every field of the final position
(the game's `observe`) that the replay changes from the set-up, as "before → after", so that a reader
checks it against the explanation (scripts/pin_examples.py writes it).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import parcours
from parcours import ScenarioError, all_games, all_races, default_options, game_of, parse
from parcours.options import OptionValue
from parcours.report import impact, ordered
from parcours.scenario import play
from parcours.stats import (
    Comparison,
    Moments,
    Outcome,
    chosen_bots,
    compared_figures,
    comparing,
    play_race,
    representative,
    streams,
)

from .sources import DataError, Located, shown

SAMPLE_THROWS = 300
PYTHON = ".venv/bin/python"
DEFAULTS = "defaults"  # the key of the races under the default readings
VERDICTS = "verdicts"  # the key of the probe of every verdict a ruleset can print
MOST = 3  # the changes named in a file's line; the rest counted

Json = dict[str, Any]


def digest(value: object) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# ---------------------------------------------------------------- the sample of races

@functools.cache
def _outcome(ruleset: str, players: int, readings: tuple[tuple[str, OptionValue], ...], bots: tuple[str, ...],
             seed: int, race: int) -> Outcome:
    game = game_of(ruleset)
    _, functions = chosen_bots(game, players, bots)
    return play_race(game, ruleset, players, dict(readings), streams(seed, race), functions)


def outcomes(ruleset: str, players: int, options: dict[str, OptionValue], bots: list[str], seed: int,
             races: int) -> list[Outcome]:
    """Races 0 to races-1 of the stream `seed`, as the generators play them (each played once a process)."""
    key = tuple(sorted(options.items()))
    return [_outcome(ruleset, players, key, tuple(bots), seed, i) for i in range(races)]


def sample_size(ruleset: str, players: int, bots: list[str], seed: int) -> int:
    """The races it takes to reach SAMPLE_THROWS throws under the default readings."""
    options, races, throws = default_options(ruleset), 0, 0
    while throws < SAMPLE_THROWS:
        races += 1
        throws += outcomes(ruleset, players, options, bots, seed, races)[-1].throws
    return races


def play_digest(outs: list[Outcome]) -> str:
    return digest([[o.winner, o.ranking, o.throws, o.figures.race, o.figures.seats,
                    sorted(o.figures.landings.items())] for o in outs])


# ---------------------------------------------------------------- readings, by key

def reading_key(overrides: dict[str, OptionValue]) -> str:
    """'defaults', or the readings set away from them: 'cdp.sprint-parity=doubled cdp.sprint-when=before-throw'."""
    return " ".join(f"{k}={v}" for k, v in sorted(overrides.items())) or DEFAULTS


def overrides_of(ruleset: str, key: str) -> dict[str, OptionValue] | None:
    """The readings of a key (None: an option or a value the engine no longer has)."""
    if key == DEFAULTS:
        return {}
    game, out = game_of(ruleset), {}
    for pair in key.split(" "):
        oid, _, text = pair.partition("=")
        option = game.OPTIONS.get(oid)
        if option is None or ruleset not in game.APPLIES[oid]:
            return None
        value: OptionValue = int(text) if option.number_range and text.lstrip("-").isdigit() else text
        try:
            out[oid] = option.check(value, oid)
        except ScenarioError:
            return None
    return out


def compared_keys(ruleset: str) -> list[str]:
    """Every reading a comparison of `ruleset` plays: each option's values but the default (`compare`'s)."""
    game, keys = game_of(ruleset), []
    for oid, races in game.APPLIES.items():
        if ruleset in races:
            values, _ = representative(game.OPTIONS[oid])
            keys += [reading_key({oid: v}) for v in values if v != game.OPTIONS[oid].default]
    return keys


# ---------------------------------------------------------------- the words a file stores

def figure_words(ruleset: str) -> Json:
    """numbers.json's words: every figure's name, and whether it is a share."""
    return {fid: [f.name, f.share] for fid, f in game_of(ruleset).FIGURES.items()}


def sample_comparison(ruleset: str, recipe: Json, option: str) -> Comparison:
    """`parcours compare` of the option over the sample's races (each played once), as reading_impact.py
    compares over its own."""
    players, bots, seed, races = recipe["players"], recipe["bots"], recipe["seed"], recipe["races"]
    c, _ = comparing(ruleset, players, option, races, seed, None, bots)
    runs = [outcomes(ruleset, players, s.options, bots, seed, races) for s in c.stats]
    for i in range(races):
        reference = compared_figures(runs[0][i], players)
        for index, (stats, run) in enumerate(zip(c.stats, runs)):
            stats.add(run[i])
            for m, value in compared_figures(run[i], players).items() if index else ():
                if m in reference:
                    c.differences[index].setdefault(m, Moments()).add(value - reference[m])
    return c


def verdict_words(c: Comparison) -> list[Json]:
    """Every verdict the ruleset can print, each kind of measure in turn the one that changed: one
    seat's wins, the length, each of the game's figures (words only: the numbers are the sample's)."""
    probes, kinds = [], set()
    for m in ordered(c, 1):
        if (m.what, m.figure) in kinds:
            continue
        kinds.add((m.what, m.figure))
        changed = {k: _constant(float(k == m)) for k in c.differences[1]}
        probe = Comparison(c.option, [c.values[0]] * 2, False, [c.stats[0]] * 2, [{}, changed])
        said = impact(probe)["against"][0]
        probes.append({k: said[k] for k in ("verdict", "rows")})
    return probes


def _constant(x: float) -> Moments:
    """A difference of x in every race: measurable exactly when x is not zero."""
    m = Moments()
    m.add(x)
    m.add(x)
    return m


def impact_words(ruleset: str, recipe: Json, key: str) -> object:
    if key == VERDICTS:
        option = next(oid for oid, races in game_of(ruleset).APPLIES.items() if ruleset in races)
        return verdict_words(sample_comparison(ruleset, recipe, option))
    return impact(sample_comparison(ruleset, recipe, key))


# ---------------------------------------------------------------- the kinds of file

@dataclass(frozen=True)
class Kind:
    """A kind of data file: where it is, what it must cover (None: what it says it covers), its words
    and the command that writes it."""

    name: str
    coverage: Callable[[str], dict[str, Json] | None]  # game -> ruleset -> {"play": keys, "words": keys}
    words: Callable[[str, Json, str], object]  # ruleset, recipe, key -> the words
    command: Callable[[str, Json], str]  # game, the file's data -> the command that writes it


def _numbers_coverage(game: str) -> dict[str, Json]:
    return {r: {"play": [DEFAULTS], "words": ["figures"]} for r in all_games()[game].RACES}


def _impact_coverage(game: str) -> dict[str, Json]:
    rules = all_games()[game]
    return {r: {"play": [DEFAULTS] + compared_keys(r),
                "words": [o for o, races in rules.APPLIES.items() if r in races] + [VERDICTS]}
            for r in rules.RACES if compared_keys(r)}


NUMBERS = Kind("numbers.json", _numbers_coverage, lambda r, recipe, key: figure_words(r),
               lambda game, data: f"{PYTHON} scripts/game_numbers.py --game {game}")
IMPACT = Kind("impact.json", _impact_coverage, impact_words,
              lambda game, data: f"{PYTHON} scripts/reading_impact.py --game {game}")
ENGINE = Kind("engine data", lambda game: None, lambda r, recipe, key: None,
              lambda game, data: f"{PYTHON} {data.get('generator', 'scripts/')}")


# ---------------------------------------------------------------- writing a fingerprint

def part(ruleset: str, players: int, bots: list[str], seed: int, play_keys: list[str], words_of: Kind) -> Json:
    """One ruleset's fingerprint: its recipe (as the file's races are played), its defaults, a digest of
    the sample's races under each reading and of each kind of words the file stores."""
    recipe: Json = {"players": players, "bots": list(bots), "seed": seed,
                    "races": sample_size(ruleset, players, bots, seed), "defaults": default_options(ruleset)}
    coverage = (words_of.coverage(ruleset.split(".", 1)[0]) or {}).get(ruleset, {})
    return recipe | {"play": {key: _play(ruleset, recipe, key) for key in play_keys},
                     "words": {key: digest(words_of.words(ruleset, recipe, key)) for key in coverage.get("words", [])}}


def _play(ruleset: str, recipe: Json, key: str) -> str:
    overrides = overrides_of(ruleset, key)
    assert overrides is not None, key
    return play_digest(outcomes(ruleset, recipe["players"], recipe["defaults"] | overrides, recipe["bots"],
                                recipe["seed"], recipe["races"]))


def numbers_fingerprint(races: dict[str, Json]) -> Json:
    """numbers.json's: each race as its record was played (players, bots, seed)."""
    return {r: part(r, s["players"], s["bots"], s["seed"], [DEFAULTS], NUMBERS) for r, s in sorted(races.items())}


def impact_fingerprint(options: dict[str, list[Json]]) -> Json:
    """impact.json's: each ruleset compared, as its records were played, under every reading compared."""
    recipes = {r["ruleset"]: r for records in options.values() for r in records}
    return {ruleset: part(ruleset, r["players"], r["bots"], r["seed"], [DEFAULTS] + compared_keys(ruleset), IMPACT)
            for ruleset, r in sorted(recipes.items())}


def engine_fingerprint(ruleset: str, players: int, seed: int, readings: list[dict[str, OptionValue]]) -> Json:
    """A file of the engine's package computed under these readings (the game's first bot plays)."""
    bots, _ = chosen_bots(game_of(ruleset), players, ())
    defaults = default_options(ruleset)
    keys = [reading_key({k: v for k, v in r.items() if defaults.get(k) != v}) for r in readings]
    return {ruleset: part(ruleset, players, bots, seed, keys, ENGINE)}


# ---------------------------------------------------------------- checking one

def changes(stored: object, kind: Kind, game: str) -> list[str]:
    """What differs between a file's fingerprint and the engine's rules now, in plain sentences."""
    if not isinstance(stored, dict) or not stored:
        return ["it carries no fingerprint of the rules that produced it"]
    said: list[str] = []
    expected = kind.coverage(game)
    if expected is not None:
        said += [f"{r} has no figures here" for r in expected if r not in stored]
    moved: dict[str, list[str]] = {}  # how the defaults moved -> the races they moved in
    for ruleset, recipe in stored.items():
        if expected is not None and ruleset not in expected or ruleset not in all_races():
            said.append(f"it has figures for {ruleset}, which the engine no longer measures this way")
            continue
        try:
            if recipe.get("defaults") != default_options(ruleset):
                moved.setdefault(_defaults_moved(recipe["defaults"], default_options(ruleset)), []).append(ruleset)
            else:
                said += _part_changes(ruleset, recipe, kind, (expected or {}).get(ruleset))
        except (KeyError, TypeError, ValueError, AttributeError):  # a recipe edited by hand (ScenarioError too)
            said.append(f"its fingerprint of {ruleset} is not one the engine can play again")
    return [f"the default readings of {', '.join(races)} changed ({how})" for how, races in moved.items()] + said


def _part_changes(ruleset: str, recipe: Json, kind: Kind, expected: Json | None) -> list[str]:
    """How a race's sample plays and speaks now, its defaults unchanged."""
    said = []
    play, words = recipe.get("play") or {}, recipe.get("words") or {}
    for key in (expected or {}).get("play", []):
        if key not in play:
            said.append(f"{ruleset} under {key}: a reading of the engine's, not here")
    differ = []
    for key, value in play.items():
        if expected is not None and key not in expected["play"] or overrides_of(ruleset, key) is None:
            said.append(f"{ruleset} under {key}: a reading here, no longer the engine's")
        elif _play(ruleset, recipe, key) != value:
            differ.append(key)
    if DEFAULTS in differ:
        others = f" and {len(differ) - 1} other readings compared" if len(differ) > 1 else ""
        said.append(f"{ruleset} plays differently under its default readings{others}")
    else:
        said += [f"{ruleset} plays differently under {key} (the other readings their defaults)" for key in differ]
    if not said:
        for key in (expected or {}).get("words", []):
            if words.get(key) != digest(kind.words(ruleset, recipe, key)):
                what = {"figures": "its figures' names", VERDICTS: "its verdicts"}.get(key, f"what {key} changes")
                said.append(f"the words of {ruleset} changed ({what})")
    return said


def _defaults_moved(before: Json, now: Json) -> str:
    moved = [f"{o} is now {now[o]!r}, was {before[o]!r}" for o in now if o in before and before[o] != now[o]]
    moved += [f"{o} is new" for o in now if o not in before] + [f"{o} is gone" for o in before if o not in now]
    return "; ".join(moved)


def file_fault(path: Path, kind: Kind, game: str) -> str | None:
    """The file's one line if it is stale: what changed, and the command that writes it again."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:  # a missing or broken file: its loader's own message says more
        found = ["it is missing" if isinstance(err, FileNotFoundError) else "it cannot be read as JSON"]
        data = {}
    else:
        found = changes(data.get("fingerprint") if isinstance(data, dict) else None, kind, game)
    if not found:
        return None
    more = f"; and {len(found) - MOST} more" if len(found) > MOST else ""
    return (f"{shown(path)}: stale: {'; '.join(found[:MOST])}{more} (the engine changed since it was written): "
            f"run {kind.command(game, data if isinstance(data, dict) else {})}")


# ---------------------------------------------------------------- the examples' final positions

def flat(value: object, path: str = "") -> Iterator[tuple[str, object]]:
    """A position's fields one by one: 'riders[0][0].square', 10 (a list of plain values stays whole)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from flat(v, f"{path}.{k}" if path else str(k))
    elif isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        for i, v in enumerate(value):
            yield from flat(v, f"{path}[{i}]")
    else:
        yield path, value


def said(value: object) -> str:
    """A field's value as the pin writes it: a word bare, a list of plain values as [a, b]."""
    if value is _ABSENT:
        return "(none)"
    if isinstance(value, list):
        return "[" + ", ".join(map(said, value)) + "]"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


_ABSENT = object()


def positions(scenario: object) -> tuple[dict[str, object], dict[str, object]]:
    """The position the scenario sets up and the one its replay ends in, field by field."""
    parsed = parse(scenario)
    rules = parsed.game
    start = rules.new_state(parsed.ruleset, parsed.players, dict(parsed.options), parsed.setup)
    game, _, _ = play(parsed)
    return dict(flat(rules.observe(start, None))), dict(flat(rules.observe(game.state, None)))


def final_position(scenario: object) -> dict[str, str]:
    """Every field of the final position that the replay changed from the set-up: 'before → after'."""
    start, end = positions(scenario)
    return {k: f"{said(start.get(k, _ABSENT))} → {said(end.get(k, _ABSENT))}"
            for k in list(end) + [k for k in start if k not in end] if start.get(k, _ABSENT) != end.get(k, _ABSENT)}


def pin_command(path: Path) -> str:
    return f"{PYTHON} scripts/pin_examples.py {shown(path)}"


def example_fault(path: Path) -> str | None:
    """An example whose replay no longer ends where its `expect` says (or which pins nothing)."""
    try:
        doc = Located(path)
        data = doc.data if isinstance(doc.data, dict) else {}
        start, _ = positions(data.get("scenario"))
        now = final_position(data.get("scenario"))
    except (DataError, ScenarioError):
        return None  # the data check names it
    pinned = data.get("expect", _ABSENT)
    if pinned is _ABSENT:
        return doc.where(("expect",), "missing: the final position the example reaches is pinned by "
                                      f"{pin_command(path)}")
    if not isinstance(pinned, dict) or not all(isinstance(v, str) for v in pinned.values()) or \
            not str(data["scenario"].get("ruleset")).startswith(path.parent.parent.name + "."):
        return None  # the data check names it
    if pinned == now:
        return None
    differ = [k for k in dict.fromkeys([*now, *pinned]) if now.get(k) != pinned.get(k)]
    line = doc.line(("expect", differ[0])) if differ[0] in pinned else doc.line(("expect",))
    def at(position: dict[str, Any]) -> str:
        return "; ".join(f"{k}: {position.get(k) or f'{said(start.get(k, _ABSENT))} (unchanged)'}"
                         for k in differ[:MOST])

    shown_now, shown_then = at(now), at(pinned)
    more = f" (and {len(differ) - MOST} more)" if len(differ) > MOST else ""
    return doc.where(("expect",), f"the example now ends at {shown_now}, not at {shown_then}{more} (the engine "
                                  f"or the scenario changed): read its explanation again, then run "
                                  f"{pin_command(path)}", line)


# ---------------------------------------------------------------- the build's check

def data_files(docs: Path) -> Iterator[tuple[Path, Kind, str]]:
    """Every fingerprinted file: each game's numbers and impact, every JSON file of the engine's package."""
    for game in all_games():
        for kind in (NUMBERS, IMPACT):
            yield docs / game / kind.name, kind, game
    engine = Path(parcours.__file__).parent
    for path in sorted(engine.glob("**/*.json")):
        yield path, ENGINE, path.parent.name


def stale(docs: Path) -> list[str]:
    """Every stale file and example, one line each (every race played again: `mkdocs serve` may have
    reloaded the engine since the last build)."""
    _outcome.cache_clear()
    found = [file_fault(path, kind, game) for path, kind, game in data_files(docs)]
    found += [example_fault(path) for game in all_games() for path in sorted((docs / game / "examples").glob("*.yml"))]
    return [line for line in found if line]


def check_fresh(docs: Path) -> None:
    """The build's check: one DataError naming every stale file and example. The build runs it before the
    data check: what an engine change leaves stale explains the faults it makes elsewhere (an example's
    dice left over once its race ends sooner), and writing it again is the remedy."""
    faults = stale(docs)
    if faults:
        raise DataError("\n".join(faults))
