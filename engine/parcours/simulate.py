"""Many seeded races at once: win rate by seat, race length, articles fired."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core import Events, Need, Quiet
from .games import game_of
from .options import OptionValue

Bot = Callable[[Any, Need, random.Random], str]


@dataclass
class Summary:
    ruleset: str
    players: int
    races: int
    bots: list[str] = field(default_factory=list)
    wins: Counter[int] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)  # throws per race
    articles: Counter[str] = field(default_factory=Counter)
    interrupted: bool = False  # stopped (Ctrl-C) before `requested` races: the figures cover `races`
    requested: int = 0

    def win_rate(self, seat: int) -> tuple[float, float, float]:
        """Win rate with its 95% Wilson interval."""
        return wilson(self.wins[seat], self.races)

    def to_json(self) -> dict[str, Any]:
        lengths = sorted(self.lengths.elements())
        out: dict[str, Any] = {
            "ruleset": self.ruleset,
            "players": self.players,
            "races": self.races,
            "bots": self.bots,
            "win_rate": [dict(zip(("rate", "low", "high"), self.win_rate(s))) for s in range(self.players)],
            "length": {
                "min": lengths[0] if lengths else None, "median": lengths[len(lengths) // 2] if lengths else None,
                "max": lengths[-1] if lengths else None, "mean": sum(lengths) / len(lengths) if lengths else None,
                "histogram": {str(k): v for k, v in sorted(self.lengths.items())},
            },
            "articles": dict(sorted(self.articles.items())),
        }
        if self.interrupted:
            out["interrupted"] = True
            out["requested"] = self.requested
        return out


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float, float]:
    if trials == 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def one_race(ruleset: str, players: int, options: dict[str, OptionValue], rng: random.Random,
             bots: Sequence[Bot] = (), full: bool = False) -> tuple[Any, int, list[str]]:
    """Play a whole race with random dice and the given bots; returns the final state, the throws and
    the articles the rules cited, in order.

    The rules build no event (a Quiet sink, which notes only the articles they would cite).
    `full`: every event built, as a replay builds them (the same race, for comparison: bench, tests)."""
    game = game_of(ruleset)
    setup = {"shuffle": rng.randrange(2**31)} if game.SHUFFLES else None
    state = game.new_state(ruleset, players, options, setup)
    # 1 + floor(sides * random()) is a fair die, much faster than randint; floor rather than int: the
    # same number for a positive float, and half the work for CPython
    face, floor = rng.random, math.floor
    need, play_throw, throws = game.need, game.play_throw, 0
    sink = Events() if full else Quiet()  # one for the whole race: the full path's keeps every event
    die = [0]  # every one-die throw's list, made once: the rules copy what they keep of it (test_fast_path)
    play_dice = getattr(game, "play_dice", None)  # a run of throws in one call, where a game can (GameRules)
    while (asked := need(state)) is not None:
        if asked.kind != "dice":
            game.play_choice(state, bots[asked.seat](state, asked, rng), sink)
        elif play_dice is not None:
            throws += play_dice(state, face, sink)
        elif asked.count == 1:
            die[0] = 1 + floor(asked.sides * face())
            play_throw(state, die, sink)
            throws += 1
        else:
            sides = asked.sides
            play_throw(state, [1 + floor(sides * face()) for _ in range(asked.count)], sink)
            throws += 1
    return state, throws, sink.cites if isinstance(sink, Quiet) else [e.cite for e in sink]


def simulate(ruleset: str, players: int, count: int, seed: int, options: dict[str, OptionValue],
             progress: Callable[[int], None] | None = None, bots: Sequence[str] = (), full: bool = False) -> Summary:
    """`count` seeded races (see one_race; `full`: every event built, for comparison)."""
    game = game_of(ruleset)
    rng = random.Random(seed)
    names = list(bots) or ([next(iter(game.BOTS))] * players if game.BOTS else [])
    players_bots = [game.BOTS[name] for name in names]
    summary = Summary(ruleset, players, 0, names, requested=count)
    try:
        for n in range(count):
            state, throws, cites = one_race(ruleset, players, options, rng, players_bots, full)
            winner = game.observe(state, None)["winner"]
            summary.races += 1
            summary.articles.update(Counter(cites))  # counted once the race is complete (small counts: quicker)
            if winner is not None:
                summary.wins[winner] += 1
            summary.lengths[throws] += 1
            if progress is not None:
                progress(n + 1)
    except KeyboardInterrupt:  # Ctrl-C: the races completed so far still make a summary
        summary.interrupted = True
    return summary
