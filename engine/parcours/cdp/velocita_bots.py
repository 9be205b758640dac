"""Bots for Velocità. They see only what a rider at the table sees: both positions, the die, the sprint.

- plain: a rule of thumb: hang back "sur place" while ahead, stay on the other's wheel while behind,
  and launch the sprint within reach of the line.
- search: expectimax to the end of the current turn and through the next one, every die and every
  reply of the opponent weighed; positions beyond that are scored by a simple evaluation.
- optimal: the solved game (velocita_solver): the best choice there is.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from ..core import Need
from .velocita import State
from .velocita_solver import solution


def _view(state: State) -> tuple[tuple[int, int], bool, int, bool, int]:
    die = state.die if state.stage in ("launch", "distance") else 0
    return (state.pos[0], state.pos[1]), state.sprint, state.first, state.moved == 1, die


def plain(state: State, need: Need, rng: random.Random) -> str:
    me = need.seat
    mine, theirs = state.pos[me], state.pos[1 - me]
    to_go = state.line - mine
    if need.decision == "sprint":
        reach = 2 * state.die if state.die else 7
        return "sprint" if to_go <= reach + 4 and mine <= theirs + 2 else "wait"
    most = int(need.choices[-1])
    if state.sprint or to_go <= most or to_go <= 6:
        return str(most)
    if mine >= theirs:
        return "0"  # sur place: make the other lead
    return str(min(most, max(0, theirs - 1 - mine)))  # on the other's wheel


def optimal(state: State, need: Need, rng: random.Random) -> str:
    pos, sprint, first, second, die = _view(state)
    choice, _ = solution(state.options).best_choice(pos, sprint, first, second, die, need.choices)
    return choice


def _evaluate(a: int, b: int, sprint: bool, first: int, line: int) -> float:
    """A rough P(seat 0 wins) for a turn start beyond the search: lead, but the leader throws first."""
    lead = a - b
    nearness = 1 + 3 * max(0, 1 - (line - max(a, b)) / line)
    edge = lead * 0.25 * nearness - (0.35 if first == 0 else -0.35) * (1 if not sprint else 0.5)
    return 1 / (1 + math.exp(-edge))


class _Search:
    """Expectimax over dice and both riders' choices, `turns` turns deep (numbers, no engine objects)."""

    def __init__(self, line: int, doubled_is_even: bool, declare_first: bool, turns: int = 2) -> None:
        self.line, self.doubled_is_even, self.declare_first, self.turns = line, doubled_is_even, declare_first, turns
        self._turns_seen = lru_cache(maxsize=200_000)(self._turn)

    def moves(self, die: int, sprint: bool) -> range:
        most = die * (2 if sprint else 1)
        forced = (sprint and self.doubled_is_even) or die % 2 == 0
        return range(most, most + 1) if forced else range(most + 1)

    def turn(self, a: int, b: int, sprint: bool, first: int, depth: int) -> float:
        return self._turns_seen(a, b, sprint, first, depth)

    def _turn(self, a: int, b: int, sprint: bool, first: int, depth: int) -> float:
        if depth == 0:
            return _evaluate(a, b, sprint, first, self.line)
        return self.throw((a, b), sprint, first, False, depth)

    def end(self, a: int, b: int, sprint: bool, first: int, depth: int) -> float:
        if max(a, b) >= self.line and a != b:
            return 1.0 if a > b else 0.0
        nxt = (1 - first) if a == b else (0 if a > b else 1)
        if max(a, b) >= self.line:
            a = b = self.line
        return self.turn(a, b, sprint, nxt, depth - 1)

    def throw(self, pos: tuple[int, int], sprint: bool, first: int, second: bool, depth: int) -> float:
        return sum(self.die(pos, sprint, first, second, d, depth) for d in range(1, 7)) / 6

    def second(self, pos: tuple[int, int], sprint: bool, first: int, depth: int) -> float:
        """Before the second rider's throw, with its sprint declaration when made before the die."""
        value = self.throw(pos, sprint, first, True, depth)
        if self.declare_first and not sprint:
            best = max if first == 1 else min
            value = best(value, self.throw(pos, True, first, True, depth))
        return value

    def die(self, pos: tuple[int, int], sprint: bool, first: int, second: bool, die: int, depth: int) -> float:
        mover = 1 - first if second else first
        best = max if mover == 0 else min
        values = [self.distance(pos, sprint, first, second, die, depth)]
        if second and not sprint and not self.declare_first:
            values.append(self.distance(pos, True, first, second, die, depth))
        return best(values)

    def distance(self, pos: tuple[int, int], sprint: bool, first: int, second: bool, die: int, depth: int) -> float:
        mover = 1 - first if second else first
        best = max if mover == 0 else min
        return best(self.after(pos[0] + m if mover == 0 else pos[0], pos[1] + m if mover == 1 else pos[1],
                               sprint, first, second, depth) for m in self.moves(die, sprint))

    def after(self, a: int, b: int, sprint: bool, first: int, second: bool, depth: int) -> float:
        if second:
            return self.end(a, b, sprint, first, depth)
        return self.second((a, b), sprint, first, depth)


_SEARCHES: dict[tuple[int, bool, bool], _Search] = {}


def search(state: State, need: Need, rng: random.Random) -> str:
    key = (state.line, state.options["cdp.sprint-parity"] == "doubled",
           state.options["cdp.sprint-when"] == "before-throw")
    engine = _SEARCHES.setdefault(key, _Search(*key))
    (a, b), sprint, first, second, die = _view(state)
    depth = engine.turns
    values: dict[str, float] = {}
    for choice in need.choices:
        if choice in ("sprint", "wait"):
            on = sprint or choice == "sprint"
            values[choice] = (engine.distance((a, b), on, first, second, die, depth) if die
                              else engine.throw((a, b), on, first, second, depth))
        else:
            m = int(choice)
            values[choice] = engine.after(a + m if need.seat == 0 else a, b + m if need.seat == 1 else b,
                                          sprint, first, second, depth)
    pick = max if need.seat == 0 else min
    return pick(values, key=values.__getitem__)


BOTS = {"plain": plain, "search": search, "optimal": optimal}
