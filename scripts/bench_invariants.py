"""Invariants over many seeded random races (a benchmark-like run, not a test): for each ruleset,
N races with random dice, random player counts and readings, decisions half at random among the
legal ones and half by the game's bots, the property tests' invariants checked at every step.

    .venv/bin/python scripts/bench_invariants.py                        # 100,000 races per ruleset
    .venv/bin/python scripts/bench_invariants.py --races 500 --jobs 2   # a quick measure
    .venv/bin/python scripts/bench_invariants.py --rulesets ronde.niveau-3 --seed 1234 --races 1 --traceback
                                                         # one race again, stopping at what broke

Checked at every step: every game: the race ends within its bound, every decision taken is one of those
offered; and what its game's CHECKS say holds (engine/parcours/interface.py, Checks: the Veldiv's no
rider lost, one rider a square; the Ronde's cards each in one place, at most three riders a space...,
which its property tests check too). At the end: a winner, and what its CHECKS say of the end. Its
bots, but those its CHECKS call slow. Every `--sample`-th race also: replayed from its record to the
same position, and every event cites an article of its game and reads in French and in English
(tests/test_games.py). Race `seed` is played from random.Random(seed): a failure names its seed. Every
registered game is played: a new game's races are checked as it is registered.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Self

from parcours import Game, all_races, default_options, game_of, parse, replay, sentence
from parcours.interface import checks_of

DEFAULT_BOUND = 20_000  # steps (throws and decisions) a race may take, where its game's CHECKS set no bound
CHUNK = 500  # races a worker plays between reports


def scenario_of(ruleset: str, seed: int, mixed: bool) -> tuple[dict[str, Any], random.Random]:
    """The race of this seed: its players, readings and shuffle; the generator then plays it."""
    rng = random.Random(seed)
    race, game = all_races()[ruleset], game_of(ruleset)
    options = default_options(ruleset)
    if mixed and rng.random() < 0.5:  # half the races: each reading drawn among its values
        for oid in sorted(options):
            values = sorted(game.OPTIONS[oid].values)
            if values:  # a number option keeps its default
                options[oid] = rng.choice(values)
    scenario = {"ruleset": ruleset, "players": rng.randint(race.min_players, race.max_players),
                "options": options, "seed": rng.randrange(2**32)}
    return scenario, rng


def play_race(ruleset: str, seed: int, mixed: bool, sample: bool) -> int:
    """One race, checked at every step; returns its steps. A broken invariant raises."""
    scenario, rng = scenario_of(ruleset, seed, mixed)
    rules = game_of(ruleset)
    checks = checks_of(rules)
    names = [b for b in rules.BOTS if b not in checks.slow_bots]
    bots = [rules.BOTS[rng.choice(names)] if names else None for _ in range(scenario["players"])]
    step_check, end_check = checks.step, checks.end
    bound = checks.bounds.get(ruleset, DEFAULT_BOUND)
    game = Game(parse(scenario))
    dice: list[int] = []
    choices: list[str] = []
    if step_check:
        step_check(game.state)
    while (need := game.need()) is not None:
        assert len(game.record) < bound, f"the race has not ended after {bound} steps"
        if need.kind == "dice":
            faces = [1 + int(need.sides * rng.random()) for _ in range(need.count)]
            game.throw(faces)  # checks the faces against the die
            dice += faces
        else:
            bot = bots[need.seat]
            choice = rng.choice(need.choices) if bot is None or rng.random() < 0.5 else str(bot(game.state, need, rng))
            game.choose(choice)  # refuses a choice that was not offered
            choices.append(choice)
        if step_check:
            step_check(game.state)
    position = game.position()
    assert position["winner"] is not None, "the race ended without a winner"
    if end_check:
        end_check(game.state)
    if sample:
        _check_sample(ruleset, scenario, dice, choices, game, position)
    return len(game.record)


def _check_sample(ruleset: str, scenario: dict[str, Any], dice: list[int], choices: list[str], game: Game,
                  position: dict[str, Any]) -> None:
    again = replay({**scenario, "dice": dice, "choices": choices})
    assert again["stopped"] == "end" and again["unused_dice"] == again["unused_choices"] == 0, "replay left some over"
    assert {k: again[k] for k in position} == position, "the replay ends elsewhere"
    rules, team = game_of(ruleset), all_races()[ruleset].team
    for event in game.events:
        assert event.cite in rules.ARTICLES, f"{event.kind} cites unknown {event.cite}"
        fr, en = sentence(event, "fr", team), sentence(event, "en", team)
        assert fr and en and fr != en and "{" not in fr + en and "None" not in fr + en, f"{event.kind}: {fr} / {en}"


@dataclass
class Tally:
    races: int = 0
    steps: int = 0
    cpu: float = 0.0  # seconds of the workers' own time
    failures: list[tuple[int, str]] = field(default_factory=list)  # (seed, what broke), the first few

    def add(self, other: Tally) -> None:
        self.races += other.races
        self.steps += other.steps
        self.cpu += other.cpu
        self.failures = sorted(self.failures + other.failures)[:5]


def run_chunk(job: tuple[str, int, int, bool, int, bool]) -> tuple[str, Tally, int]:
    """Races seed .. seed+count-1 of a ruleset; returns the tally and how many races broke something."""
    ruleset, first, count, mixed, every, loud = job
    tally, broken = Tally(), 0
    started = time.process_time()
    for seed in range(first, first + count):
        try:
            tally.steps += play_race(ruleset, seed, mixed, every > 0 and seed % every == 0)
        except Exception as err:  # any crash is a violation too
            if loud:
                raise
            broken += 1
            if len(tally.failures) < 5:
                tally.failures.append((seed, f"{type(err).__name__}: {err}"[:300]))
        tally.races += 1
    tally.cpu = time.process_time() - started
    return ruleset, tally, broken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--races", type=int, default=100_000, help="races per ruleset (default 100,000)")
    parser.add_argument("--rulesets", default="all", help="comma-separated ruleset ids, or a game's id, or all")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="the first race's seed; races take seed, seed+1, ...")
    parser.add_argument("--sample", type=int, default=100,
                        help="every n-th race is also replayed and its narration checked (0: none)")
    parser.add_argument("--defaults-only", action="store_true", help="every race with the default readings")
    parser.add_argument("--traceback", action="store_true", help="stop at the first violation, with its traceback")
    args = parser.parse_args(argv)
    known = list(all_races())
    wanted = known if args.rulesets == "all" else [
        r for part in args.rulesets.split(",") for r in known if r == part or r.split(".", 1)[0] == part]
    if args.traceback:
        args.jobs = 1
    if not wanted or args.races < 1 or args.jobs < 1:
        parser.error(f"--rulesets: none of {args.rulesets!r} (known: {', '.join(known)})" if not wanted
                     else "--races and --jobs must be at least 1")
    size = max(1, min(CHUNK, -(-args.races // (4 * args.jobs))))
    jobs = [(r, first, min(size, args.seed + args.races - first), not args.defaults_only, args.sample, args.traceback)
            for r in wanted for first in range(args.seed, args.seed + args.races, size)]
    tallies = {r: Tally() for r in wanted}
    broken = dict.fromkeys(wanted, 0)
    started = dict.fromkeys(wanted, time.perf_counter())
    wall: dict[str, float] = {}
    print(f"{args.races:,} races per ruleset, seeds {args.seed}..{args.seed + args.races - 1}, {args.jobs} job(s)")
    print(f"{'ruleset':<30}{'races':>9}{'steps':>12}{'wall s':>9}{'races/s':>9}{'/s/core':>9}{'violations':>11}")
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for ruleset, tally, bad in pool.imap(run_chunk, jobs):  # in order: each ruleset's row as it ends
            tallies[ruleset].add(tally)
            broken[ruleset] += bad
            if tallies[ruleset].races == args.races:
                wall[ruleset] = time.perf_counter() - started[ruleset]
                if ruleset != wanted[-1]:
                    started[wanted[wanted.index(ruleset) + 1]] = time.perf_counter()
                _row(ruleset, tallies[ruleset], broken[ruleset], wall[ruleset])
    total = sum(broken.values())
    print(f"{'all':<30}{sum(t.races for t in tallies.values()):>9,}{sum(t.steps for t in tallies.values()):>12,}"
          f"{sum(wall.values()):>9.1f}{'':>18}{total:>11,}")
    for ruleset in wanted:
        for seed, what in tallies[ruleset].failures:
            print(f"FAIL {ruleset} seed {seed}: {what}\n  replay: .venv/bin/python scripts/bench_invariants.py "
                  f"--rulesets {ruleset} --seed {seed} --races 1{' --defaults-only' if args.defaults_only else ''}"
                  " --traceback")
    return 1 if total else 0


def _row(ruleset: str, tally: Tally, broken: int, wall: float) -> None:
    first = f"  first: seed {tally.failures[0][0]}" if tally.failures else ""
    print(f"{ruleset:<30}{tally.races:>9,}{tally.steps:>12,}{wall:>9.1f}{tally.races / wall:>9.0f}"
          f"{tally.races / max(tally.cpu, 1e-9):>9.0f}{broken:>11,}{first}", flush=True)


class _Serial:
    """A pool of one: the races in this process (no pickling, tracebacks stay plain)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, fn: Callable[[Any], Any], jobs: list[Any]) -> Any:
        return map(fn, jobs)


if __name__ == "__main__":
    sys.exit(main())
