"""Bots for Mezzo fondo. The only decision: how much of the derny's two throws to use.

- plain: use the whole throw, as the naive reading of the rule would.
- search: expectimax over the rider's coming throw (and the chase that follows a lost contact),
  weighing each distance by where it leaves the rider, and winning outright when it can.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..core import Need
from .mezzofondo import PACE, State

CHASE_SPEED = 3.5  # squares a turn for a rider chasing alone
PACED_SPEED = 10.5  # squares a turn for a coupled team, roughly


def plain(state: State, need: Need, rng: random.Random) -> str:
    return need.choices[-1]


@lru_cache(maxsize=4096)
def _value(gap_after: int, to_line: int) -> float:
    """Expected standing (in squares gained, the line counting as a win) for a derny `gap_after`
    squares ahead of its coupled rider, the rider needing `to_line` squares to finish."""
    total = 0.0
    for face in range(1, 7):
        reach = face + PACE
        if reach >= gap_after:
            gained = gap_after
            total += 1000.0 if gained >= to_line else gained
        else:
            behind = gap_after - reach
            turns = behind / CHASE_SPEED  # turns spent chasing instead of being paced
            total += reach - turns * (PACED_SPEED - CHASE_SPEED)
    return total / 6


def search(state: State, need: Need, rng: random.Random) -> str:
    team = state.teams[need.seat]
    to_line = state.line(team) - team.rider
    best = max(need.choices, key=lambda c: (_value(int(c), to_line), -int(c)))
    return best


BOTS = {"plain": plain, "search": search}
