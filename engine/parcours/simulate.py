"""Many seeded races at once: win rate by seat, race length, articles fired."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import veldiv
from .options import OptionValue


@dataclass
class Summary:
    ruleset: str
    players: int
    races: int
    wins: Counter[int] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)  # throws per race
    articles: Counter[str] = field(default_factory=Counter)

    def win_rate(self, seat: int) -> tuple[float, float, float]:
        """Win rate with its 95% Wilson interval."""
        return wilson(self.wins[seat], self.races)

    def to_json(self) -> dict[str, Any]:
        lengths = sorted(self.lengths.elements())
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "races": self.races,
            "win_rate": [dict(zip(("rate", "low", "high"), self.win_rate(s))) for s in range(self.players)],
            "length": {
                "min": lengths[0], "median": lengths[len(lengths) // 2], "max": lengths[-1],
                "mean": sum(lengths) / len(lengths), "histogram": {str(k): v for k, v in sorted(self.lengths.items())},
            },
            "articles": dict(sorted(self.articles.items())),
        }


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float, float]:
    if trials == 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def one_race(ruleset: str, players: int, options: dict[str, OptionValue], rng: random.Random,
             articles: Counter[str] | None = None) -> veldiv.State:
    state = veldiv.setup.new_state(ruleset, players, options)
    face = rng.random  # 1 + int(6 * random()) is a fair die, and much faster than randint
    while not state.finished:
        events = veldiv.play_throw(state, [1 + int(6 * face()) for _ in range(veldiv.dice_needed(state))])
        if articles is not None:
            articles.update(e.cite for e in events)
    return state


def simulate(ruleset: str, players: int, count: int, seed: int, options: dict[str, OptionValue],
             progress: Callable[[int], None] | None = None) -> Summary:
    rng = random.Random(seed)
    summary = Summary(ruleset, players, count)
    for n in range(count):
        state = one_race(ruleset, players, options, rng, summary.articles)
        assert state.winner is not None
        summary.wins[state.winner] += 1
        summary.lengths[state.throws] += 1
        if progress is not None:
            progress(n + 1)
    return summary
