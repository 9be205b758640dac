"""Velocità as the optimal bots play it: a Markov chain from turn start to turn start, solved in fractions.

Every turn is two throws (one a rider). From each turn start the chain plays the 36 pairs of faces
through the engine itself (`velocita.play_throw`, `play_choice`), every choice answered by the
`optimal` bot, so the solver's policy is followed with the bot's own tie-breaking (the first of
equally good choices: the smallest distance, "sprint" before "wait"). Only turn starts reachable from
the start are kept. The chain is solved backward like the solver: the turn starts nearest the line
first; a turn that comes back to its own squares (both riders "sur place", or level again past the
line) is a small linear system, solved exactly. The transition chances are k/36, so the mean number
of turns and each seat's chance under this policy are exact fractions.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction

from ..options import OptionValue
from .velocita import State, need, play_choice, play_throw
from .velocita_bots import optimal
from .velocita_solver import Key

Next = Key | int  # the next turn start, or the seat that won
Row = dict[Next, Fraction]  # where a turn leads, with its chance
RACE_STARTS: tuple[Key, ...] = ((0, 0, False, 0), (0, 0, False, 1))
_NO_RANDOM = random.Random(0)  # the optimal bot draws nothing; a bot is called with one all the same


def turn_state(options: dict[str, OptionValue], key: Key) -> State:
    """The engine's state at a turn start: squares of each seat, sprint, the seat that throws first."""
    a, b, sprint, first = key
    return State("cdp.velocita", options, pos=[a, b], sprint=sprint, first=first, mover=first, stage="throw")


def _copy(state: State) -> State:
    return dataclasses.replace(state, pos=list(state.pos))


def _answer_choices(state: State) -> None:
    """The optimal bot answers every question until the next throw or the end of the race."""
    while (asked := need(state)) is not None and asked.kind == "choice":
        play_choice(state, optimal(state, asked, _NO_RANDOM))


def _throw(state: State, face: int) -> State:
    after = _copy(state)
    play_throw(after, [face])
    _answer_choices(after)
    return after


def _landing(state: State) -> Next:
    """Where a turn ended: the winner, or the next turn start (level past the line: one key, as solved)."""
    if state.finished:
        assert state.winner is not None
        return state.winner
    assert state.stage == "throw" and state.moved == 0, "a turn ends at the next turn's first throw"
    a, b = state.pos
    line = state.line
    if a == b >= line:
        a = b = line
    return (a, b, state.sprint, state.first)


def turn_row(options: dict[str, OptionValue], key: Key) -> Row:
    """The chances of where one turn leads from `key`, both riders playing the optimal bot."""
    start = turn_state(options, key)
    counts: Counter[Next] = Counter()
    for first_face in range(1, 7):
        middle = _throw(start, first_face)
        assert not middle.finished and middle.moved == 1, "the second rider plays before the turn ends"
        for second_face in range(1, 7):
            counts[_landing(_throw(middle, second_face))] += 1
    return {landing: Fraction(n, 36) for landing, n in counts.items()}


class Chain:
    """The turn starts reachable from the start of a race, where each turn leads, and what follows."""

    def __init__(self, options: dict[str, OptionValue], starts: Iterable[Key] = RACE_STARTS) -> None:
        """The chain from `starts`: by default the start of a race, either seat first."""
        self.options = dict(options)
        self.rows: dict[Key, Row] = {}
        self._explore(list(starts))
        self.turns: dict[Key, Fraction] = {}  # mean turns still to play
        self.wins: dict[Key, Fraction] = {}  # P(seat 0 wins)
        for group in _groups(self.rows):
            self._solve(group)

    def _explore(self, starts: list[Key]) -> None:
        todo = list(starts)
        while todo:
            key = todo.pop()
            if key in self.rows:
                continue
            self.rows[key] = turn_row(self.options, key)
            todo.extend(k for k in self.rows[key] if not isinstance(k, int) and k not in self.rows)

    def _solve(self, group: list[Key]) -> None:
        """Both unknowns of every turn start in `group` at once: x = c + P·x over the group, where c
        gathers what the turn leads to outside it (solved already, or the end of the race)."""
        steps = [[self.rows[key].get(other, Fraction(0)) for other in group] for key in group]
        turns = [1 + self._outside(key, group, self.turns, (Fraction(0), Fraction(0))) for key in group]
        wins = [self._outside(key, group, self.wins, (Fraction(1), Fraction(0))) for key in group]
        for key, t, w in zip(group, _linear(steps, turns), _linear(steps, wins), strict=True):
            self.turns[key], self.wins[key] = t, w

    def _outside(self, key: Key, group: list[Key], solved: dict[Key, Fraction],
                 won: tuple[Fraction, Fraction]) -> Fraction:
        """The expected value, over where a turn from `key` leads outside its group: a turn start's
        `solved` value, or `won[seat]` when that seat has won."""
        total = Fraction(0)
        for landing, p in self.rows[key].items():
            if isinstance(landing, int):
                total += p * won[landing]
            elif landing not in group:
                total += p * solved[landing]  # a KeyError here would be a group solved out of order
        return total

    def mean_throws(self, lot: OptionValue) -> Fraction:
        """The mean length of a race in throws: two a turn, and the lot's own throw where a die draws it."""
        seat_0, seat_1 = (self.turns[key] for key in RACE_STARTS)
        return 1 + seat_0 + seat_1 if lot == "die" else 2 * seat_0  # the die: 1 + 2 × the mean of the two

    def seat_wins(self, lot: OptionValue) -> Fraction:
        """P(seat 0 wins) under the bots' play: seat 0 starts, or each seat half the time (the lot's die)."""
        seat_0, seat_1 = (self.wins[key] for key in RACE_STARTS)
        return (seat_0 + seat_1) / 2 if lot == "die" else seat_0


_CACHE: dict[tuple[tuple[str, OptionValue], ...], Chain] = {}


def chain(options: dict[str, OptionValue]) -> Chain:
    """The chain under these readings, built once (the lot changes only where a race starts)."""
    key = tuple(sorted((k, v) for k, v in options.items() if k != "cdp.lot"))
    if key not in _CACHE:
        _CACHE[key] = Chain(options)
    return _CACHE[key]


def _groups(rows: Iterable[Key]) -> list[list[Key]]:
    """The turn starts by squares and sprint, in an order where a turn leads only to its own group or
    to groups already solved: more squares ridden first; on the same squares, the sprint on first (a
    turn can launch it, never end it)."""
    groups: dict[tuple[int, int, bool], list[Key]] = {}
    for key in rows:
        groups.setdefault(key[:3], []).append(key)
    order = sorted(groups, key=lambda g: (-(g[0] + g[1]), not g[2]))
    return [sorted(groups[g]) for g in order]


def _linear(steps: list[list[Fraction]], known: list[Fraction]) -> list[Fraction]:
    """Solve x = known + steps·x exactly (Gauss-Jordan on I - steps; a group has at most two unknowns)."""
    n = len(known)
    rows = [[(1 if i == j else 0) - steps[i][j] for j in range(n)] + [known[i]] for i in range(n)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        rows[col] = [v / rows[col][col] for v in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] for i in range(n)]
