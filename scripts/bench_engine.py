"""Benchmark (not a test): full races per second, as `parcours simulate` runs them, on one core.

    .venv/bin/python scripts/bench_engine.py [--races 2000] [--ruleset veldiv.individuelle --players 4]
"""

from __future__ import annotations

import argparse
import time

from parcours.cli import defaults
from parcours.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--races", type=int, default=2000)
    parser.add_argument("--ruleset", default="veldiv.individuelle")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    best = float("inf")
    for run in range(args.repeat):
        started = time.perf_counter()
        summary = simulate(args.ruleset, args.players, args.races, seed=run, options=defaults(args.ruleset))
        best = min(best, time.perf_counter() - started)
    throws = sum(k * v for k, v in summary.lengths.items()) / args.races
    print(f"{args.ruleset}, {args.players} players: {args.races / best:,.0f} races/s "
          f"(best of {args.repeat} runs of {args.races}; {throws:.0f} throws a race, "
          f"{args.races * throws / best:,.0f} throws/s)")


if __name__ == "__main__":
    main()
