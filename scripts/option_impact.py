"""Which readings change the games most: `parcours compare` over every option of every ruleset (not a test).

For each option and each of its values against the default, the same races are played (common random
numbers) and every figure compared race by race. A value's effect size is that of its strongest
measurable difference (Bonferroni over the figures compared, as `compare` says "measurable"), in
standard deviations of the figure (Cohen's d, the two readings' spreads pooled); the winner's and the
length's changes are given beside it (wins: the largest change of a seat's share, in percentage points,
starred when measurable; length: the mean's change in percent). The start of the build-time tables
of each option's impact.

    .venv/bin/python scripts/option_impact.py                        # 2,000 races a value, the top ten
    .venv/bin/python scripts/option_impact.py --races 500 --ruleset veldiv.individuelle
    .venv/bin/python scripts/option_impact.py --json impact.json     # every row, for a page to read
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import asdict, dataclass

from parcours import all_races, game_of
from parcours.report import figure_words, reading_words, show_value
from parcours.stats import ComparedFigure, Comparison, Stats, compare


@dataclass
class Row:
    ruleset: str
    players: int
    option: str
    confidence: str
    value: str  # in words (English)
    effect: float  # Cohen's d of the strongest measurable difference (0: nothing measurable)
    figure: str  # that difference, in words: what, default -> value
    wins: float  # the largest change of a seat's win share, in percentage points (measurable or not)
    wins_measurable: bool
    length: float  # the change of the mean length, in percent
    measurable: int  # figures measurably changed
    compared: int


def players_for(ruleset: str) -> int:
    race = all_races()[ruleset]
    return max(race.min_players, min(4, race.max_players))


def spread(stats: Stats, m: ComparedFigure) -> float:
    """A figure's standard deviation over the races of one reading."""
    if m.what == "wins":
        p = stats.wins[m.seat or 0] / stats.races
        return math.sqrt(p * (1 - p))
    if m.what == "length":
        mean = stats.length()["mean"]
        return math.sqrt(sum(c * (t - mean) ** 2 for t, c in stats.lengths.items()) / max(1, stats.races - 1))
    moments = stats.race_figures[m.figure] if m.seat is None else stats.seat_figures[m.figure][m.seat]
    return moments.spread


def cohen(c: Comparison, index: int, m: ComparedFigure) -> float:
    """The difference in pooled standard deviations; 0 for a figure that never varies under either value
    (the kitty's stakes paid, fixed by its stake and total): a value's arithmetic, not an effect on play."""
    pooled = math.sqrt((spread(c.stats[0], m) ** 2 + spread(c.stats[index], m) ** 2) / 2)
    return abs(c.differences[index][m].mean) / pooled if pooled else 0.0


def rows_of(c: Comparison, ruleset: str, players: int) -> list[Row]:
    rows = []
    for index in range(1, len(c.values)):
        effects = c.effects(index)
        strongest = max(effects, key=lambda m: cohen(c, index, m), default=None)
        wins = [m for m in c.differences[index] if m.what == "wins"]
        top_win = max(wins, key=lambda m: abs(c.differences[index][m].mean))
        before, after = c.value_of(0, ComparedFigure("length")), c.value_of(index, ComparedFigure("length"))
        said = ""
        if strongest is not None:
            was, now = (show_value(c, strongest, c.value_of(i, strongest), "en") for i in (0, index))
            said = f"{figure_words(c, strongest, 'en')}: {was} -> {now}"
        rows.append(Row(ruleset, players, c.option.id, c.option.confidence,
                        reading_words(c.option, c.values[index], "en"),
                        cohen(c, index, strongest) if strongest is not None else 0.0, said,
                        100 * c.differences[index][top_win].mean, c.measurable(index, top_win),
                        100 * (after - before) / before, len(effects), len(c.differences[index])))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=2000, help="races a value (default 2,000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ruleset", action="append", help="only these rulesets (default: all)")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--json", metavar="FILE", help="write every row as JSON")
    args = parser.parse_args()
    rows: list[Row] = []
    for ruleset in args.ruleset or sorted(all_races()):
        game, players = game_of(ruleset), players_for(ruleset)
        for option in (oid for oid, races in game.APPLIES.items() if ruleset in races):
            started = time.perf_counter()
            c = compare(ruleset, players, option, args.races, args.seed)
            found = rows_of(c, ruleset, players)
            rows += found
            best = max(r.effect for r in found)
            print(f"{ruleset:<30} {option:<28} d={best:5.2f}  {time.perf_counter() - started:6.1f} s",
                  file=sys.stderr, flush=True)
    rows.sort(key=lambda r: -r.effect)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([asdict(r) for r in rows], out, ensure_ascii=False, indent=1)
    table("Every option, by effect size", rows[:args.top])
    table("Readings only (the rules unclear or silent; not the numbers players agree on)",
          [r for r in rows if r.confidence != "text"][:args.top])
    table("By the change of who wins (measurable)",
          sorted((r for r in rows if r.wins_measurable), key=lambda r: -abs(r.wins))[:args.top])
    return 0


def table(title: str, rows: list[Row]) -> None:
    print(f"\n{title}\n{'ruleset':<30} {'option = value':<52} {'d':>6}  {'wins':>7} {'length':>8}  strongest figure")
    for r in rows:
        wins = f"{r.wins:+.1f}{'*' if r.wins_measurable else ' '}"
        print(f"{r.ruleset:<30} {(r.option + ' = ' + r.value)[:52]:<52} {r.effect:6.2f}  {wins:>7} "
              f"{r.length:+7.1f}%  {r.figure} ({r.measurable}/{r.compared})")


if __name__ == "__main__":
    sys.exit(main())
