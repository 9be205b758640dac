"""How the site's figures are measured: who plays, to what precision, and the work spread over the
machine's cores. scripts/game_numbers.py (docs/<game>/numbers.json) and scripts/reading_impact.py
(docs/<game>/impact.json) both measure this way; `make numbers` runs them.

Every share published is measured until its 95% interval is no wider than ± its game's PRECISION (the
Ronde's races are slow: ±1 point), the differences between two readings too (race by race, on the same dice):
races are played in batches of BATCH, race i always on the streams of (seed, i), so the count reached
is the same on every machine. Where a game is computed exactly (the horse race, Velocità) the pages
print the exact figure, and the races played are its check.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import parcours
from parcours import all_games, all_races, default_options, game_of
from parcours.interface import Exact
from parcours.options import Option, OptionValue

EXACT_CHECK = {False: 0.002, True: 0.003}  # numbers, comparisons: the precision of a check of exact figures
BATCH = 2000
MOST = 800_000  # races at most, whatever the precision reached (the pages then say the precision reached)
# Who plays and to what precision, each game says (GameRules.MEASURED_BY, PRECISION): the strongest
# players the project has where a race asks for decisions, within what a machine measures in hours.

Job = TypeVar("Job")


def players_for(ruleset: str) -> int:
    """As the Play page starts the race: four players where the race takes them, else as many as it can."""
    race = all_races()[ruleset]
    return max(race.min_players, min(4, race.max_players))


def bots_for(ruleset: str) -> list[str]:
    return list(game_of(ruleset).MEASURED_BY.get(ruleset, ()))


def target_for(ruleset: str, comparison: bool = False) -> float:
    """The precision asked of a race's shares (`comparison`: of a reading's differences too). A race the
    game computes exactly is measured tighter, as the check of its exact figures: ±0.2 points (±0.3
    for the differences, which vary twice as much), so that one unlucky stretch of its seeded races
    does not hide the exact value from the interval."""
    if exact_under(ruleset) is not None:
        return EXACT_CHECK[comparison]
    return game_of(ruleset).PRECISION


def in_parallel(work: Callable[[Job], Any], jobs: Iterable[Job], processes: int | None = None) -> list[Any]:
    """Each job's result, in the jobs' order, the jobs spread over the cores (one process a core)."""
    jobs = list(jobs)
    processes = processes or os.cpu_count() or 1
    if processes == 1 or len(jobs) == 1:
        return [work(job) for job in jobs]
    with ProcessPoolExecutor(processes) as pool:
        return list(pool.map(work, jobs))


def timed(what: str, work: Callable[[], Any]) -> Any:
    started = time.perf_counter()
    result = work()
    print(f"{what}: {time.perf_counter() - started:,.0f} s", file=sys.stderr, flush=True)
    return result


@functools.lru_cache(maxsize=256)
def _exact(ruleset: str, changes: tuple[tuple[str, str], ...]) -> Exact | None:
    game = game_of(ruleset)
    if changes and _exact(ruleset, ()) is None:
        return None  # a race the game never computes exactly
    options = default_options(ruleset) | {k: game.OPTIONS[k].check(_typed(game.OPTIONS[k], v), k) for k, v in changes}
    return _kept(game.GAME, f"{ruleset} {json.dumps(options, sort_keys=True)}", lambda: game.exact(ruleset, options))


# ---------------------------------------------------------------- exact figures kept between builds

# A build computes every exact figure again (Velocità's chains take half a minute), and so does each
# copy of the project a test builds. Each result is kept on disk under the digest of its game's files, the
# engine's shared modules and the Python that ran it: a change to any is a new key, so nothing kept can go
# stale, and a change to one game (as test_offline's copy makes) leaves the others' figures kept.
CACHE = Path(os.environ.get("PARCOURS_CACHE") or Path.home() / ".cache" / "parcours") / "exact"


@functools.cache
def exact_digest(game: str) -> str:
    """The digest of what a game's exact figures are computed from: the engine's shared modules (the
    .py and .json files at its package's top), the game's own package (every .py and .json in it;
    games import no other game's, tests/test_exact_kept.py) and the Python running them."""
    shared = Path(parcours.__file__).parent
    own = Path(vars(all_games()[game])["__file__"]).parent  # a game is a package (games.py)
    digest = hashlib.sha256(sys.version.encode())
    # each file named from its package's folder, so that a copy of the project elsewhere has the same keys
    files = [*((p, shared) for p in shared.iterdir() if p.suffix in (".py", ".json")),
             *((p, own.parent) for p in own.rglob("*") if p.suffix in (".py", ".json"))]
    for path, root in sorted(files):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _kept(game: str, key: str, compute: Callable[[], Exact | None]) -> Exact | None:
    """compute()'s result, read from CACHE when a build under the same game's files has computed it."""
    path = CACHE / hashlib.sha256(f"{exact_digest(game)} {key}".encode()).hexdigest()[:32]
    try:
        return _exact_from(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError, KeyError):  # not kept yet, or a file spoiled: computed again
        pass
    result = compute()
    try:
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=CACHE, delete=False) as out:
            json.dump(None if result is None else dataclasses.asdict(result), out)
        os.replace(out.name, path)  # whole or not at all, whoever else writes it at the same moment
    except OSError:
        pass  # a read-only home: computed each time, as before
    return result


def _exact_from(kept: dict[str, Any] | None) -> Exact | None:
    if kept is None:
        return None
    landings = kept["landings"]
    return Exact(tuple(kept["wins"]), dict(kept["how"]), kept["length"], kept["starter"],
                 None if landings is None else {int(place): share for place, share in landings.items()})


def _typed(option: Option, value: str) -> OptionValue:
    """A value as impact.json writes it (text) as the option takes it (a whole number, or a word)."""
    return int(value) if option.number_range is not None and value.lstrip("-").isdigit() else value


def exact_under(ruleset: str, changes: dict[str, str] | None = None) -> Exact | None:
    """The race computed exactly by its game under the default readings but `changes` (an option's
    value as impact.json writes it), or None where the game does not compute it; computed once."""
    return _exact(ruleset, tuple(sorted((changes or {}).items())))


# ---------------------------------------------------------------- the races played as a check

CHECK_RARE = 1000  # a check fails when chance alone gives its gap less than once in this many samples


def gap_chance(measured: float, exact: float, races: int) -> float:
    """How often `races` races played give a share at least this far from its exact value by chance
    alone (both directions; the normal approximation, sound at the thousands of races played)."""
    spread = math.sqrt(exact * (1 - exact) / races)
    if spread == 0:
        return 1.0 if measured == exact else 0.0
    return math.erfc(abs(measured - exact) / spread / math.sqrt(2))


def check_gap(wins: list[dict[str, Any]], exact: Exact, races: int) -> tuple[int, float]:
    """The seat whose measured share lies furthest from its exact value (in chances), and how often
    chance alone gives a gap that large."""
    chances = [gap_chance(w["share"], p, races) for w, p in zip(wins, exact.wins)]
    seat = min(range(len(chances)), key=chances.__getitem__)
    return seat, chances[seat]
