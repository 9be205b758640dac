"""Many races, measured: who wins and where each seat finishes, how long a race lasts, each game's
own figures (its tally, `figures.py` in the game's package) and where pieces stop, each with its 95%
interval; and one reading of an option against another on the same dice (`compare`).

Chance is split into streams seeded by (seed, race number): the dice, the bots' choices, the shuffles.
Race i of every reading compared throws from the same dice, deals the same cards and gives the bots
the same draws, so a reading that changes nothing plays the very same races (common random numbers),
and a difference is measured race by race (a paired interval), much tighter than two separate runs.
The words of all this are in `report.py`.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from .core import ScenarioError, quoted
from .games import default_options, game_of
from .interface import GameRules, RaceFigures
from .options import Option, OptionValue
from .simulate import Bot, wilson

Z95 = NormalDist().inv_cdf(0.975)
FAMILY_ERROR = 0.05  # compare: the chance, over all the figures compared for a value, of a non-effect called measurable
MAX_VALUES = 6  # compare: readings side by side at most
Progress = Callable[[int], None]


# ---------------------------------------------------------------- one race

@dataclass
class Streams:
    """The chance of one race, each part from its own generator."""

    dice: random.Random
    bots: random.Random
    shuffle: int  # the seed of the race's card shuffles (games with cards)


def streams(seed: int, race: int) -> Streams:
    """Race `race` of a run seeded `seed`: the same streams on every machine (a text seed is hashed, never salted)."""
    base = f"parcours:{seed}:{race}"
    return Streams(random.Random(base + ":dice"), random.Random(base + ":bots"),
                   random.Random(base + ":shuffle").randrange(2**31))


@dataclass
class Outcome:
    """What one race came to."""

    winner: int | None
    ranking: list[int]
    throws: int
    figures: RaceFigures


def play_race(game: GameRules, ruleset: str, players: int, options: dict[str, OptionValue], chance: Streams,
              bots: Sequence[Bot]) -> Outcome:
    """The one place that plays a race for the stats: dice and bots' choices until the race is over,
    each step's events (only the kinds the tally reads) handed to the game's tally."""
    setup = {"shuffle": chance.shuffle} if game.SHUFFLES else None
    state = game.new_state(ruleset, players, dict(options), setup)
    tally = game.tally(ruleset, players)
    kinds = tally.kinds
    tally.step(state, [e for e in game.settle_setup(state) if e.kind in kinds])
    need, play_throw, play_choice, face = game.need, game.play_throw, game.play_choice, chance.dice.random
    throws = 0
    while (asked := need(state)) is not None:
        if asked.kind == "dice":
            events = play_throw(state, [1 + int(asked.sides * face()) for _ in range(asked.count)])
            throws += 1
        else:
            events = play_choice(state, bots[asked.seat](state, asked, chance.bots))
        tally.step(state, [e for e in events if e.kind in kinds])
    position = game.observe(state, None)
    return Outcome(position["winner"], list(position["ranking"]), throws, tally.result(state))


# ---------------------------------------------------------------- aggregates

@dataclass
class Moments:
    """Count, total, mean and spread of a series, kept as it comes (Welford's way: no list of values)."""

    n: int = 0
    total: float = 0.0
    mean: float = 0.0
    least: float = math.inf
    most: float = -math.inf
    _m2: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.least, self.most = min(self.least, x), max(self.most, x)
        delta = x - self.mean
        self.mean += delta / self.n
        self._m2 += delta * (x - self.mean)

    @property
    def error(self) -> float:
        """The standard error of the mean (0 for fewer than two values)."""
        return math.sqrt(self._m2 / (self.n - 1) / self.n) if self.n > 1 else 0.0

    @property
    def spread(self) -> float:
        return math.sqrt(self._m2 / (self.n - 1)) if self.n > 1 else 0.0

    def interval(self, z: float = Z95) -> tuple[float, float]:
        """The mean's interval (normal), kept within the values seen: a count's mean is never below its least."""
        return max(self.least, self.mean - z * self.error), min(self.most, self.mean + z * self.error)


def share_interval(m: Moments) -> tuple[float, float, float]:
    """A yes-or-no figure's share of races with its 95% Wilson interval."""
    return wilson(round(m.total), m.n)


def mean_interval(m: Moments) -> tuple[float, float, float]:
    return (m.mean, *m.interval())


def kth(counts: Counter[int], k: int) -> int:
    """The k-th smallest value (1-based) of a tally of values."""
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= k:
            return value
    raise IndexError(k)


@dataclass
class Stats:
    """Races of one ruleset under one set of readings, added one by one."""

    ruleset: str
    players: int
    seed: int
    options: dict[str, OptionValue]
    bots: list[str]
    requested: int = 0
    races: int = 0
    interrupted: bool = False  # stopped (Ctrl-C) before `requested` races: the figures cover `races`
    wins: list[int] = field(default_factory=list)
    places: list[list[int]] = field(default_factory=list)  # seat -> place -> races
    lengths: Counter[int] = field(default_factory=Counter)  # throws -> races
    race_figures: dict[str, Moments] = field(default_factory=dict)
    seat_figures: dict[str, list[Moments]] = field(default_factory=dict)
    landings: Counter[int] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.places = [[0] * self.players for _ in range(self.players)]

    def add(self, race: Outcome) -> None:
        self.races += 1
        if race.winner is not None:
            self.wins[race.winner] += 1
        for place, seat in enumerate(race.ranking):
            self.places[seat][place] += 1
        self.lengths[race.throws] += 1
        for fid, value in race.figures.race.items():
            if value is not None:
                self.race_figures.setdefault(fid, Moments()).add(value)
        for fid, values in race.figures.seats.items():
            for m, value in zip(self.seat_figures.setdefault(fid, [Moments() for _ in values]), values):
                m.add(value)
        self.landings.update(race.figures.landings)

    def length(self) -> dict[str, float]:
        """Throws a race: mean, median, 10th and 90th percentiles (nearest rank), longest."""
        n = self.races
        if n == 0:
            return {}
        return {"mean": sum(t * c for t, c in self.lengths.items()) / n,
                "median": (kth(self.lengths, (n + 1) // 2) + kth(self.lengths, n // 2 + 1)) / 2,
                "p10": kth(self.lengths, max(1, math.ceil(0.1 * n))),
                "p90": kth(self.lengths, max(1, math.ceil(0.9 * n))), "longest": max(self.lengths)}

    def to_json(self) -> dict[str, Any]:
        game = game_of(self.ruleset)
        stops = sum(self.landings.values())
        out: dict[str, Any] = {
            "ruleset": self.ruleset, "players": self.players, "races": self.races, "seed": self.seed,
            "options": self.options, "bots": self.bots,
            "wins": [dict(zip(("share", "low", "high"), wilson(w, self.races))) for w in self.wins],
            "places": [[c / self.races if self.races else 0.0 for c in row] for row in self.places],
            "length": self.length(),
            "figures": {fid: _figure_json(game, fid, self) for fid in game.FIGURES if self.has(fid)},
            "landings": {str(k): {"per_race": c / self.races, "share": c / stops}
                         for k, c in sorted(self.landings.items())},
        }
        if self.interrupted:
            out |= {"interrupted": True, "requested": self.requested}
        return out

    def has(self, fid: str) -> bool:
        return fid in self.race_figures or fid in self.seat_figures

    def figure(self, fid: str, seat: int | None = None) -> tuple[float, float, float]:
        """A figure's mean (a share, for a yes-or-no figure) with its 95% interval, of the race or a seat."""
        m = self.race_figures[fid] if seat is None else self.seat_figures[fid][seat]
        return share_interval(m) if game_of(self.ruleset).FIGURES[fid].share else mean_interval(m)


def _figure_json(game: GameRules, fid: str, stats: Stats) -> dict[str, Any]:
    figure = game.FIGURES[fid]
    out: dict[str, Any] = {"name": figure.name, "share": figure.share}
    keys = ("mean", "low", "high")
    if fid in stats.race_figures:
        out["race"] = dict(zip(keys, stats.figure(fid))) | {"races": stats.race_figures[fid].n}
    if fid in stats.seat_figures:
        out["seats"] = [dict(zip(keys, stats.figure(fid, s))) for s in range(stats.players)]
    return out


def chosen_bots(game: GameRules, players: int, names: Sequence[str]) -> tuple[list[str], list[Bot]]:
    """The bots' names and functions: those given, else the game's first bot at every seat."""
    chosen = list(names) or ([next(iter(game.BOTS))] * players if game.BOTS else [])
    return chosen, [game.BOTS[name] for name in chosen]


def run(ruleset: str, players: int, count: int, seed: int, options: dict[str, OptionValue],
        bots: Sequence[str] = (), progress: Progress | None = None) -> Stats:
    """`count` races, race i on the streams of (seed, i). Ctrl-C stops early: the races done still count."""
    stats, play = running(ruleset, players, count, seed, options, bots)
    try:
        for i in range(count):
            play(i)
            if progress is not None:
                progress(i + 1)
    except KeyboardInterrupt:
        stats.interrupted = True
    return stats


def running(ruleset: str, players: int, count: int, seed: int, options: dict[str, OptionValue],
            bots: Sequence[str] = ()) -> tuple[Stats, Callable[[int], None]]:
    """Stats not played yet, and how to play their race i (on the streams of (seed, i))."""
    game = game_of(ruleset)
    names, functions = chosen_bots(game, players, bots)
    stats = Stats(ruleset, players, seed, dict(options), names, requested=count)
    return stats, lambda i: stats.add(play_race(game, ruleset, players, options, streams(seed, i), functions))


# ---------------------------------------------------------------- one reading against another

@dataclass(frozen=True)
class ComparedFigure:
    """One figure compared race by race: a seat's win, the length, or a game's figure (of a seat or the race)."""

    what: str  # "wins", "length" or "figure"
    figure: str = ""
    seat: int | None = None


def compared_figures(race: Outcome, players: int) -> dict[ComparedFigure, float]:
    """Every figure of one race that `compare` compares (a figure with nothing to measure is left out)."""
    out = {ComparedFigure("wins", seat=s): float(race.winner == s) for s in range(players)}
    out[ComparedFigure("length")] = float(race.throws)
    out |= {ComparedFigure("figure", fid): v for fid, v in race.figures.race.items() if v is not None}
    for fid, values in race.figures.seats.items():
        out |= {ComparedFigure("figure", fid, s): v for s, v in enumerate(values)}
    return out


def representative(option: Option) -> tuple[list[OptionValue], bool]:
    """The values compared when none are given: every value of a reading; for a whole number, a few
    representative ones (the lowest, the default, twice and four times it, within the range). The
    flag says whether these are a sample of the range."""
    if option.number_range is None:
        return list(option.values), False
    low, high = option.number_range
    default = int(option.default)
    picks: list[OptionValue] = sorted({low, default, min(high, 2 * default), min(high, 4 * default)})
    return picks, True


@dataclass
class Comparison:
    """The same races under each value of one option; `values[0]` is the default, the reference."""

    option: Option
    values: list[OptionValue]
    sampled: bool  # the values are a few of a number's range
    stats: list[Stats]
    differences: list[dict[ComparedFigure, Moments]]  # per value: value minus default, race by race ([0] is empty)

    @property
    def races(self) -> int:
        return self.stats[0].races

    def family_z(self, index: int) -> float:
        """The z of each figure's interval when all the figures compared for a value share a 5% chance of
        error (Bonferroni): what "measurable" asks of a difference."""
        k = max(1, len(self.differences[index]))
        return NormalDist().inv_cdf(1 - FAMILY_ERROR / (2 * k))

    def measurable(self, index: int, measure: ComparedFigure) -> bool:
        d = self.differences[index][measure]
        return abs(d.mean) > self.family_z(index) * d.error if d.error else d.mean != 0

    def same_races(self, index: int) -> bool:
        """Every figure the same in every race: the value changed nothing at all here."""
        return all(d.mean == 0 and d.spread == 0 for d in self.differences[index].values())

    def effects(self, index: int) -> list[ComparedFigure]:
        """The measurable differences, the strongest (in standard errors) first."""
        found = [m for m in self.differences[index] if self.measurable(index, m)]
        return sorted(found, key=lambda m: -_strength(self.differences[index][m]))

    def value_of(self, index: int, measure: ComparedFigure) -> float:
        """The measure's mean (a share for wins and yes-or-no figures) under value `index`."""
        stats = self.stats[index]
        if measure.what == "wins":
            return stats.wins[measure.seat or 0] / stats.races if stats.races else 0.0
        if measure.what == "length":
            return stats.length().get("mean", 0.0)
        return stats.figure(measure.figure, measure.seat)[0]

    def to_json(self) -> dict[str, Any]:
        base = self.stats[0]
        return {
            "ruleset": base.ruleset, "players": base.players, "races": self.races, "seed": base.seed,
            "bots": base.bots, "option": self.option.to_json(), "values": self.values, "sampled": self.sampled,
            "stats": [s.to_json() for s in self.stats],
            "differences": [None] + [self._differences_json(i) for i in range(1, len(self.values))],
        }

    def _differences_json(self, index: int) -> dict[str, Any]:
        rows = []
        for measure, d in self.differences[index].items():
            low, high = d.interval()
            rows.append({"measure": measure.what, "figure": measure.figure or None, "seat": measure.seat,
                         "default": self.value_of(0, measure), "value": self.value_of(index, measure),
                         "difference": d.mean, "low": low, "high": high, "races": d.n,
                         "measurable": self.measurable(index, measure)})
        return {"value": self.values[index], "family_z": self.family_z(index), "same_races": self.same_races(index),
                "measurable": len(self.effects(index)), "figures": rows}


def _strength(d: Moments) -> float:
    return abs(d.mean) / d.error if d.error else math.inf


def applicable_option(ruleset: str, option_id: str) -> Option:
    game = game_of(ruleset)
    if option_id not in game.OPTIONS:
        known = ", ".join(oid for oid, races in game.APPLIES.items() if ruleset in races) or "none"
        raise ScenarioError("--option", f"unknown option {quoted(option_id, 'en')} (this race's: {known})",
                            fr=f"option inconnue : {quoted(option_id, 'fr')} (celles de cette course : "
                               f"{known if known != 'none' else 'aucune'})")
    if ruleset not in game.APPLIES[option_id]:
        raise ScenarioError("--option", f"{option_id} does not apply to this race",
                            fr=f"{option_id} ne s'applique pas à cette course")
    return game.OPTIONS[option_id]


def compare(ruleset: str, players: int, option_id: str, count: int, seed: int,
            values: Sequence[OptionValue] | None = None, bots: Sequence[str] = (),
            progress: Progress | None = None) -> Comparison:
    """`count` races under each value of the option (the default first), race i of each on the same
    streams; every other option at its default."""
    comparison, play = comparing(ruleset, players, option_id, count, seed, values, bots)
    try:
        for i in range(count):
            play(i)
            if progress is not None:
                progress(i + 1)
    except KeyboardInterrupt:
        for s in comparison.stats:
            s.interrupted = True
    return comparison


def comparing(ruleset: str, players: int, option_id: str, count: int, seed: int,
              values: Sequence[OptionValue] | None = None, bots: Sequence[str] = ()
              ) -> tuple[Comparison, Callable[[int], None]]:
    """A comparison not played yet, and how to play its race i (all the values of that race, then its
    differences): `compare` plays them all; the page's worker a few at a time, so that a reader sees
    how far it has come and may stop it."""
    game = game_of(ruleset)
    option = applicable_option(ruleset, option_id)
    picked, sampled = representative(option) if values is None else (list(values), False)
    chosen = [option.default] + [v for v in dict.fromkeys(picked) if v != option.default]
    if values is not None and list(values).count(option.default) > 1:
        chosen.append(option.default)  # the default against itself: asked for, so played
    if len(chosen) > MAX_VALUES:
        raise ScenarioError("--values", f"at most {MAX_VALUES} values side by side, got {len(chosen)}",
                            fr=f"au plus {MAX_VALUES} valeurs côte à côte, reçu {len(chosen)}")
    readings = [default_options(ruleset) | {option_id: option.check(v, "--values")} for v in chosen]
    names, functions = chosen_bots(game, players, bots)
    comparison = Comparison(option, chosen, sampled,
                            [Stats(ruleset, players, seed, r, names, requested=count) for r in readings],
                            [{} for _ in chosen])
    return comparison, lambda i: _compare_one(comparison, game, readings, functions, seed, i)


def _compare_one(comparison: Comparison, game: GameRules, readings: list[dict[str, OptionValue]],
                 functions: list[Bot], seed: int, number: int) -> None:
    """Race i under every reading, then its differences: all or nothing, so an interruption keeps the pairs."""
    base = comparison.stats[0]
    outcomes = [play_race(game, base.ruleset, base.players, r, streams(seed, number), functions) for r in readings]
    reference = compared_figures(outcomes[0], base.players)
    for index, (stats, race) in enumerate(zip(comparison.stats, outcomes)):
        stats.add(race)
        if index:
            diffs = comparison.differences[index]
            for measure, value in compared_figures(race, base.players).items():
                if measure in reference:
                    diffs.setdefault(measure, Moments()).add(value - reference[measure])


# ---------------------------------------------------------------- to a stated precision

def wins_half_width(stats: Stats) -> float:
    """Half the widest of the seats' 95% intervals of their win shares (0.005: ±0.5 points)."""
    return max(((high - low) / 2 for _, low, high in (wilson(w, stats.races) for w in stats.wins)), default=0.0)


def comparison_half_width(c: Comparison) -> float:
    """Half the widest 95% interval among the win shares of every value and their differences from
    the default, race by race."""
    shares = max(wins_half_width(s) for s in c.stats)
    differences = (Z95 * d.error for diffs in c.differences[1:] for m, d in diffs.items() if m.what == "wins")
    return max(shares, *differences)


def play_until(play: Callable[[int], None], half_width: Callable[[], float], target: float, batch: int,
               most: int) -> int:
    """Races 0, 1, 2, … played in batches until every interval is within ±target (half_width() <=
    target) or `most` races are played: how many were. The same count on every machine, race i
    always on the streams of (seed, i)."""
    played = 0
    while played < most:
        for i in range(played, min(played + batch, most)):
            play(i)
        played = min(played + batch, most)
        if half_width() <= target:
            break
    return played
