"""Benchmark (not a test): whole races per second as `parcours simulate` runs them, on one core, by
the full path (every event built, as a replay builds them) and by the fast path (`simulate`: no
event built), run in turns within the same minute; with --before REV, the fast path of the engine as
it was at git revision REV too, race by race in the same minute (`make bench`: the revision before
the engine's speed work of issue 12); whatever else a game asks to be timed (its CHECKS.timed: the
time to solve Velocità); and, with --pyodide, the fast path inside Pyodide (Node, node_modules/pyodide,
a wheel of the working tree) against CPython.

Every race of every registered game is timed, in the registry's order, with the players its game's
CHECKS name (engine/parcours/interface.py, Checks.players), else its fewest: a new game is timed as it
is registered.

Races per second are counted in the CPU time of the process (time.process_time): on a machine
shared with others, their load slows the wall clock, hardly the CPU time. Pyodide's clock is the wall
clock (Emscripten's), so the Pyodide/CPython ratio compares wall clocks, the two runs in turn.

    .venv/bin/python scripts/bench_engine.py                 # every race, and the solver
    .venv/bin/python scripts/bench_engine.py --ruleset veldiv.individuelle --players 4 --races 2000
    .venv/bin/python scripts/bench_engine.py --before main   # and main's fast path, before and after
    .venv/bin/python scripts/bench_engine.py --pyodide       # and the Pyodide/CPython ratio
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from parcours import all_races, default_options, game_of
from parcours.simulate import simulate


def cases() -> list[tuple[str, int]]:
    """(ruleset, players) for every race of every registered game, as its game's CHECKS times it. (Imported
    here, not above: --before runs the fast path of an engine older than CHECKS.)"""
    from parcours import all_games
    from parcours.interface import checks_of

    return [(ruleset, checks_of(game).players.get(ruleset, race.min_players))
            for game in all_games().values() for ruleset, race in game.RACES.items()]


def timed() -> list[tuple[str, float]]:
    """What else each game asks to be timed (its CHECKS.timed), in seconds of the wall clock."""
    from parcours import all_games
    from parcours.interface import checks_of

    times = []
    for game in all_games().values():
        for name, work in checks_of(game).timed.items():
            started = time.perf_counter()
            work()
            times.append((name, time.perf_counter() - started))
    return times


def races_per_second(ruleset: str, players: int, races: int, repeat: int) -> tuple[float, float, float]:
    """Full and fast races per second of CPU time (best of `repeat`, the two paths in turns), and throws a race."""
    best = {False: float("inf"), True: float("inf")}
    game = game_of(ruleset)
    bots = [next(iter(game.BOTS))] * players if game.BOTS else []  # each game's first (plainest) bot
    for run in range(repeat):
        for full in (True, False):
            started = time.process_time()
            summary = simulate(ruleset, players, races, seed=run, options=default_options(ruleset), bots=bots,
                               full=full)
            best[full] = min(best[full], time.process_time() - started)
    throws = sum(k * v for k, v in summary.lengths.items()) / races
    return races / best[True], races / best[False], throws


def fast_rates(cases: list[tuple[str, int, int]], repeat: int, clock: str = "wall") -> dict[str, float]:
    """The fast path's races per second for each (ruleset, players, races), best of `repeat`: what
    --pyodide measures in both CPython and Pyodide (by the wall clock), the same seeded races in each,
    and --before with another engine (`clock` "cpu": CPU time, as races_per_second)."""
    now = time.process_time if clock == "cpu" else time.perf_counter
    rates = {}
    for ruleset, players, races in cases:
        game = game_of(ruleset)
        bots = [next(iter(game.BOTS))] * players if game.BOTS else []
        best = float("inf")
        for run in range(repeat):
            started = now()
            simulate(ruleset, players, races, seed=run, options=default_options(ruleset), bots=bots)
            best = min(best, now() - started)
        rates[ruleset] = races / best
    return rates


def engine_at(revision: str, out: Path) -> Path:
    """The engine (engine/parcours) as it was at a git revision, written under `out`: the directory to
    put on PYTHONPATH."""
    repo = Path(__file__).resolve().parent.parent
    archive = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", revision, "engine"],
                             check=False, capture_output=True)
    if archive.returncode != 0:
        sys.exit(f"--before {revision}: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(out, filter="data")
    return out / "engine"


def before_rate(engine: Path, case: tuple[str, int, int], repeat: int) -> float:
    """The fast path's races per second with another engine (engine_at), the same seeded races."""
    env = dict(os.environ, PYTHONPATH=str(engine))
    run = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--inner", json.dumps([case]),
                          "--repeat", str(repeat), "--clock", "cpu"], check=False, capture_output=True, text=True,
                         env=env, cwd=engine)
    if run.returncode != 0:
        sys.exit(f"the engine before failed ({run.returncode}):\n{run.stderr[-3000:]}")
    rates: dict[str, float] = json.loads(run.stdout.strip().splitlines()[-1])
    return rates[case[0]]


def pyodide_ratio(cases: list[tuple[str, int, int]], repeat: int) -> None:
    """This script's fast path inside Pyodide (Node, node_modules/pyodide, the engine's wheel built from
    the working tree, as tests/test_pyodide_parity.py runs it), then in CPython: race by race, the two
    within the same minute (a machine shared with others makes figures minutes apart incomparable)."""
    repo = Path(__file__).resolve().parent.parent
    print("the fast path in CPython and in Pyodide (Node) by the wall clock, race by race in turn, "
          f"best of {repeat} runs each")
    print(f"{'':<32} {'':>10}  {'CPython':>8}  {'Pyodide':>8}")
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", out, str(repo)], check=True,
                       capture_output=True)
        wheel = next(Path(out).glob("parcours-*-py3-none-any.whl"))
        for case in cases:
            inside = _in_pyodide(repo, wheel, case, repeat)
            outside = fast_rates([case], repeat)[case[0]]
            ruleset, players, races = case
            print(f"{ruleset:<32} {players:>2} players  {outside:>8,.0f}  {inside:>8,.0f}  "
                  f"Pyodide/CPython {outside / inside:.1f}x  ({races} races a run)", flush=True)


def _in_pyodide(repo: Path, wheel: Path, case: tuple[str, int, int], repeat: int) -> float:
    run = subprocess.run(["node", str(repo / "tests/node/pyodide_run.mjs"), "--wheel", str(wheel),
                          "--script", str(Path(__file__).resolve()), "--", "--inner", json.dumps([case]),
                          "--repeat", str(repeat)], check=False, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"Pyodide run failed ({run.returncode}):\n{run.stderr[-3000:]}")
    rates: dict[str, float] = json.loads(run.stdout.strip().splitlines()[-1])
    return rates[case[0]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--races", type=int, default=1000)
    parser.add_argument("--ruleset")
    parser.add_argument("--players", type=int)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", metavar="REV", help="also the fast path of the engine at this git revision")
    parser.add_argument("--pyodide", action="store_true", help="also the fast path in Pyodide against CPython")
    parser.add_argument("--inner", help=argparse.SUPPRESS)  # inside Pyodide: the cases as JSON, rates printed
    parser.add_argument("--clock", default="wall", help=argparse.SUPPRESS)  # --inner's: "cpu" or "wall"
    args = parser.parse_args()
    if args.inner:
        print(json.dumps(fast_rates([tuple(case) for case in json.loads(args.inner)], args.repeat, args.clock)))
        return
    chosen = [(args.ruleset, args.players or all_races()[args.ruleset].min_players)] if args.ruleset else cases()
    with tempfile.TemporaryDirectory() as out:
        before = engine_at(args.before, Path(out)) if args.before else None
        print(f"races a second of CPU time, best of {args.repeat} runs of {args.races} (full path and fast in turns"
              + (f"; then the fast path at {args.before})" if before else ")"))
        print(f"{'':<32} {'':>10}  {'full':>8}  {'fast':>8}        " + (f"{'before':>8}" if before else ""))
        sized = []  # for Pyodide: about a third of a second of CPython's fast path a run
        for ruleset, players in chosen:
            full, fast, throws = races_per_second(ruleset, players, args.races, args.repeat)
            was = ""
            if before is not None:
                then = before_rate(before, (ruleset, players, args.races), args.repeat)
                was = f"  {then:>8,.0f}  now x{fast / then:.2f}"
            print(f"{ruleset:<32} {players:>2} players  {full:>8,.0f}  {fast:>8,.0f}  x{fast / full:.1f}{was}  "
                  f"({throws:.0f} throws a race)", flush=True)
            sized.append((ruleset, players, max(10, round(fast / 3))))
    if not args.ruleset:
        for name, seconds in timed():
            print(f"{name} in {seconds:.2f} s")
    if args.pyodide:
        pyodide_ratio(sized, args.repeat)


if __name__ == "__main__":
    main()
