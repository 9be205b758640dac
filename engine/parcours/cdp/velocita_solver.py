"""Velocità solved: the chance that each rider wins from every position, under best play by both.

Backward induction over (squares ridden by each rider, sprint on or not, who throws first in the
turn), from the positions nearest the line back to the start. A turn in which both riders stay
"sur place" comes back to the same position, so each position is solved as a small fixed point.
The rules mirrored here are those of `velocita.py`; a test plays the solved policy through the
engine and checks that the engine agrees with the computed chances.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from ..options import OptionValue
from .races import TRACK_SQUARES
from .velocita import State

Key = tuple[int, int, bool, int]  # squares of seat 0, squares of seat 1, sprint, first seat
TOLERANCE = 1e-13
SAME = 1e-9  # choices this close are worth the same: no advice between them


class UnsolvedPosition(LookupError):
    """A turn start the solver has no value for: a finished race, or a bug; never worth a default."""


class Solution:
    """P(seat 0 wins) at the start of every turn, and the best choice at every decision."""

    def __init__(self, options: dict[str, OptionValue], values: list[float] | None = None) -> None:
        """Solved now, or read from `values`: the turn values in the order of `turn_starts()` (SOLVED)."""
        self.line = TRACK_SQUARES if options["cdp.line-crossing"] == "reach" else TRACK_SQUARES + 1
        self.doubled_is_even = options["cdp.sprint-parity"] == "doubled"
        self.declare_first = options["cdp.sprint-when"] == "before-throw"
        self.turn: dict[Key, float] = {}
        self._second: dict[tuple[int, int, bool, int], float] = {}
        self._group: tuple[int, int, bool] | None = None
        if values is None:
            self._solve()
        else:
            self.turn = dict(zip(self.turn_starts(), values, strict=True))

    # --- the rules, as numbers ---------------------------------------------------

    def _moves(self, die: int, sprint: bool) -> range:
        most = die * (2 if sprint else 1)
        forced = (sprint and self.doubled_is_even) or die % 2 == 0
        return range(most, most + 1) if forced else range(most + 1)

    def _end_of_turn(self, a: int, b: int, sprint: bool, first: int) -> float:
        if max(a, b) >= self.line and a != b:
            return 1.0 if a > b else 0.0
        nxt = (1 - first) if a == b else (0 if a > b else 1)
        return self.turn_value(a, b, sprint, nxt)

    def stored(self, a: int, b: int, sprint: bool, first: int) -> Key:
        """The key a turn start is solved under: level past the line, an extra turn is the same from any square."""
        if a == b >= self.line:
            return (self.line, self.line, sprint, first)
        return (a, b, sprint, first)

    def turn_value(self, a: int, b: int, sprint: bool, first: int) -> float:
        """P(seat 0 wins) at the start of a turn; a position never solved is an error, not a guess."""
        key = self.stored(a, b, sprint, first)
        if key not in self.turn:
            raise UnsolvedPosition(f"velocita solver: no turn starts at squares {a} and {b} "
                                   f"(sprint {'on' if sprint else 'off'}, seat {first} first)")
        return self.turn[key]

    def _after_move(self, pos: tuple[int, int], sprint: bool, first: int, second: bool) -> float:
        if second:
            return self._end_of_turn(pos[0], pos[1], sprint, first)
        return self.second_value(pos[0], pos[1], sprint, first)

    def die_value(self, pos: tuple[int, int], sprint: bool, first: int, second: bool, die: int) -> float:
        """After the mover's die, before its choices: the best it can do."""
        mover = 1 - first if second else first
        best = max if mover == 0 else min
        options = [self._distance_value(pos, sprint, first, second, die)]
        if second and not sprint and not self.declare_first:
            options.append(self._distance_value(pos, True, first, second, die))
        return best(options)

    def _distance_value(self, pos: tuple[int, int], sprint: bool, first: int, second: bool, die: int) -> float:
        mover = 1 - first if second else first
        best = max if mover == 0 else min
        values = []
        for squares in self._moves(die, sprint):
            moved = (pos[0] + squares, pos[1]) if mover == 0 else (pos[0], pos[1] + squares)
            values.append(self._after_move(moved, sprint, first, second))
        return best(values)

    def _throw_value(self, pos: tuple[int, int], sprint: bool, first: int, second: bool) -> float:
        return sum(self.die_value(pos, sprint, first, second, die) for die in range(1, 7)) / 6

    def second_value(self, a: int, b: int, sprint: bool, first: int) -> float:
        """Before the second rider's throw (and its sprint declaration, if made before the die)."""
        key = (a, b, sprint, first)
        if key in self._second:
            return self._second[key]
        value = self._throw_value((a, b), sprint, first, True)
        if self.declare_first and not sprint:
            best = max if first == 1 else min  # the second rider is seat 1 - first
            value = best(value, self._throw_value((a, b), True, first, True))
        if self._group is None or (a, b, sprint) != self._group:
            self._second[key] = value  # safe to keep: it no longer depends on this turn's guesses
        return value

    # --- backward induction --------------------------------------------------------

    def _groups(self) -> list[tuple[int, int]]:
        """The squares of the two riders, in the order they are solved: nearest the line first."""
        top = self.line
        return [(top, top)] + sorted(((a, b) for a in range(top) for b in range(top)), key=lambda ab: -(ab[0] + ab[1]))

    def turn_starts(self) -> list[Key]:
        """Every turn start, in the order they are solved (and stored in SOLVED)."""
        return [(a, b, sprint, first) for a, b in self._groups() for sprint in (True, False) for first in (0, 1)]

    def _solve(self) -> None:
        for a, b in self._groups():
            for sprint in (True, False):
                self._fixed_point(a, b, sprint)
        self._group = None

    def _fixed_point(self, a: int, b: int, sprint: bool) -> None:
        self._group = (a, b, sprint)
        tie_group = a >= self.line
        for first in (0, 1):
            self.turn[(a, b, sprint, first)] = 0.5  # the fixed point's first guess, replaced below
        for _ in range(200):
            if tie_group:  # past the line every level finish comes back here: keep nothing stale
                self._second.clear()
            change = 0.0
            for first in (0, 1):
                value = self._throw_value((a, b), sprint, first, False)
                change = max(change, abs(value - self.turn_value(a, b, sprint, first)))
                self.turn[(a, b, sprint, first)] = value
            if change < TOLERANCE:
                break

    # --- asking the solution about a game in progress ------------------------------------

    def best_choice(self, pos: tuple[int, int], sprint: bool, first: int, second: bool, die: int,
                    choices: tuple[str, ...]) -> tuple[str, dict[str, float]]:
        """The optimal choice at a decision, with the value (P seat 0 wins) of every choice."""
        mover = 1 - first if second else first
        values: dict[str, float] = {}
        for choice in choices:
            if choice in ("sprint", "wait"):
                on = choice == "sprint"
                if die:  # after the die: the distance comes next
                    values[choice] = self._distance_value(pos, sprint or on, first, second, die)
                else:
                    values[choice] = self._throw_value(pos, sprint or on, first, second)
            else:
                squares = int(choice)
                moved = (pos[0] + squares, pos[1]) if mover == 0 else (pos[0], pos[1] + squares)
                values[choice] = self._after_move(moved, sprint, first, second)
        pick: Callable[[str], float] = values.__getitem__
        choice = max(values, key=pick) if mover == 0 else min(values, key=pick)
        return choice, values


def chances(state: State) -> float:
    """P(seat 0 wins) from a game in progress, both riders playing their best from here."""
    if state.finished:
        return 1.0 if state.winner == 0 else 0.0
    sol = solution(state.options)
    a, b = state.pos
    second = state.moved == 1
    if state.stage == "lot":
        return (sol.turn_value(0, 0, False, 0) + sol.turn_value(0, 0, False, 1)) / 2
    if state.stage == "declare":
        return sol.second_value(a, b, state.sprint, state.first)
    if state.stage == "throw":
        if not second:
            return sol.turn_value(a, b, state.sprint, state.first)
        return sol._throw_value((a, b), state.sprint, state.first, True)
    if state.stage == "launch":
        return sol.die_value((a, b), state.sprint, state.first, True, state.die)
    return sol._distance_value((a, b), state.sprint, state.first, second, state.die)


def advice(state: State, choices: tuple[str, ...]) -> str | None:
    """What the optimal player chooses at a decision; None when every choice is worth the same."""
    die = state.die if state.stage in ("launch", "distance") else 0
    choice, values = solution(state.options).best_choice((state.pos[0], state.pos[1]), state.sprint, state.first,
                                                         state.moved == 1, die, choices)
    return None if max(values.values()) - min(values.values()) < SAME else choice


_CACHE: dict[tuple[tuple[str, OptionValue], ...], Solution] = {}


# The solutions under the default readings and under those of the published examples, computed once
# (scripts/cdp_solve_velocita.py, checked by tests/test_velocita_values.py) and read instead of solved:
# solving takes about a second in the browser, before an example's first live step could be played.
SOLVED = Path(__file__).with_name("velocita_solved.json")


def _key(options: dict[str, OptionValue]) -> tuple[tuple[str, OptionValue], ...]:
    return tuple(sorted((k, v) for k, v in options.items() if k != "cdp.lot"))


def _read_shipped() -> dict[tuple[tuple[str, OptionValue], ...], list[float]]:
    if not SOLVED.exists():
        return {}
    return {_key(solved["options"]): solved["values"]
            for solved in json.loads(SOLVED.read_text(encoding="utf-8"))["solutions"]}


# Read as the module is imported: the site's Python, restored from its snapshot, has the engine's
# modules in memory and none of its files.
SHIPPED = _read_shipped()


def solution(options: dict[str, OptionValue]) -> Solution:
    key = _key(options)
    if key not in _CACHE:
        _CACHE[key] = Solution(options, SHIPPED.get(key))
    return _CACHE[key]
