"""Exact odds of the horse race: nobody decides anything, so it is a Markov chain.

Each player's horses live on their own track, so the two players' fates are independent until
the game stops: the chain of one player is small (horses lost x hole). Win chances are solved
exactly over pairs of positions (fractions); the game's length comes from the two players'
own absorption times, exactly, up to a stated tail.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .races import HORSES
from .state import Board

FINISH, RUIN = "finish", "ruin"
# One player's chain up to this many positions is solved in exact fractions (the reconstructed board
# has 96: about 2 s); the fractions' digits grow with the board, so larger boards are solved with the
# same equations in floating point (a 60-hole board: 48 s exact, under a second in floats).
EXACT_UP_TO = 100
Chance = Fraction | float
Step = tuple[str, int]  # ("to", index) a next position, ("finish", 0), ("ruin", 0), or ("stay", 0)


def _positions(board: Board) -> list[tuple[int, int]]:
    """(horses lost, hole) in the order play moves through them: never backwards."""
    return [(lost, hole) for lost in range(HORSES) for hole in range(board.holes)
            if hole not in board.traps]


def _moves(board: Board) -> list[list[Step]]:
    """For each position, what each face of the die (1..6) leads to."""
    order = _positions(board)
    index = {p: i for i, p in enumerate(order)}
    table = []
    for lost, hole in order:
        steps: list[Step] = []
        for face in range(1, 7):
            target = hole + face
            if target > board.holes:
                steps.append(("stay", 0))
            elif target == board.holes:
                steps.append((FINISH, 0))
            elif target in board.traps:
                steps.append((RUIN, 0) if lost + 1 == HORSES else ("to", index[(lost + 1, 0)]))
            else:
                steps.append(("to", index[(lost, target)]))
        table.append(steps)
    return table


@dataclass(frozen=True)
class Odds:
    win: tuple[Chance, Chance]          # each player's chance to win (Red starts)
    ruin: tuple[Chance, Chance]         # each player's chance to lose all six horses
    length: dict[int, Fraction]         # P(the game lasts exactly t throws), t up to the tail
    tail: Fraction                      # P(longer than the last t listed)
    exact: bool = True                  # win and ruin as fractions (else floating point)

    def to_json(self) -> dict[str, object]:
        return {"win": [float(w) for w in self.win], "win_exact": [str(w) for w in self.win] if self.exact else None,
                "ruin": [float(r) for r in self.ruin],
                "ruin_exact": [str(r) for r in self.ruin] if self.exact else None,
                "length": {str(t): float(p) for t, p in self.length.items()}, "tail": float(self.tail),
                "mean_length": float(sum(t * p for t, p in self.length.items()))}


def outcome_chances(board: Board, exact: bool = True) -> tuple[tuple[Chance, Chance], tuple[Chance, Chance]]:
    """Exact chances over pairs of positions: (Red wins, Blue wins), (Red ruined, Blue ruined).

    Value of a pair, Red to throw (X) or Blue to throw (Y), as a 4-vector of final outcomes
    (Red finishes, Red ruined, Blue finishes, Blue ruined). Throws that overshoot leave the pair
    unchanged, so X and Y depend on each other: X = a + qR Y, Y = b + qB X, solved directly.
    """
    moves = _moves(board)
    n = len(moves)
    one: Chance = Fraction(1) if exact else 1.0
    zero = (one - one,) * 4
    sixth = one / 6
    red_to_throw: list[list[tuple[Chance, ...]]] = [[zero] * n for _ in range(n)]
    blue_to_throw: list[list[tuple[Chance, ...]]] = [[zero] * n for _ in range(n)]
    for r in range(n - 1, -1, -1):
        for b in range(n - 1, -1, -1):
            a_vec, q_red = _throw(moves[r], lambda i, b=b: blue_to_throw[i][b], (1, 0, 0, 0), (0, 1, 0, 0), sixth)
            b_vec, q_blue = _throw(moves[b], lambda i, r=r: red_to_throw[r][i], (0, 0, 1, 0), (0, 0, 0, 1), sixth)
            denom = 1 - q_red * q_blue
            x = tuple((a + q_red * bb) / denom for a, bb in zip(a_vec, b_vec))
            red_to_throw[r][b] = x
            blue_to_throw[r][b] = tuple(bb + q_blue * xx for bb, xx in zip(b_vec, x))
    start = red_to_throw[0][0]
    return (start[0] + start[3], start[2] + start[1]), (start[1], start[3])


def _throw(steps: list[Step], after: object, finish: tuple[int, ...], ruin: tuple[int, ...],
           sixth: Chance) -> tuple[tuple[Chance, ...], Chance]:
    total = [sixth - sixth] * 4
    stay = sixth - sixth
    for kind, i in steps:
        if kind == "stay":
            stay += sixth
            continue
        vec = finish if kind == FINISH else ruin if kind == RUIN else after(i)  # type: ignore[operator]
        for k in range(4):
            total[k] += sixth * vec[k]
    return tuple(total), stay


def absorption_times(board: Board, limit: int) -> tuple[list[int], list[int]]:
    """Counts of the 6^k die sequences with which one player's chain ends at its k-th throw,
    by finishing and by ruin (k = 1..limit; index 0 unused). Exact integers."""
    moves = _moves(board)
    counts = [0] * len(moves)
    counts[0] = 1
    finish, ruin = [0] * (limit + 1), [0] * (limit + 1)
    for k in range(1, limit + 1):
        nxt = [0] * len(moves)
        for i, c in enumerate(counts):
            if c:
                for kind, j in moves[i]:
                    if kind == "to":
                        nxt[j] += c
                    elif kind == "stay":
                        nxt[i] += c
                    elif kind == FINISH:
                        finish[k] += c
                    else:
                        ruin[k] += c
        counts = nxt
    return finish, ruin


def length_distribution(board: Board, tail: Fraction = Fraction(1, 10**9), limit: int = 4000
                        ) -> tuple[dict[int, Fraction], Fraction]:
    """P(the game lasts t throws): Red's k-th throw is throw 2k-1, Blue's m-th is throw 2m."""
    finish, ruin = absorption_times(board, limit)
    ended = [f + r for f, r in zip(finish, ruin)]
    dist: dict[int, Fraction] = {}
    left = Fraction(1)
    red_left = blue_left = Fraction(1)  # P(still playing after k-1 of its own throws)
    for k in range(1, limit + 1):
        red_now = Fraction(ended[k], 6**k)
        dist[2 * k - 1] = red_now * blue_left
        red_left -= red_now
        blue_now = Fraction(ended[k], 6**k)
        dist[2 * k] = blue_now * red_left
        blue_left -= blue_now
        left = red_left * blue_left
        if left < tail:
            break
    return {t: p for t, p in dist.items() if p}, left


@lru_cache(maxsize=8)  # the site's build asks for the same board's odds on three pages (boards are frozen)
def odds(board: Board) -> Odds:
    exact = len(_positions(board)) <= EXACT_UP_TO
    win, ruin = outcome_chances(board, exact)
    length, rest = length_distribution(board)
    return Odds(win, ruin, length, rest, exact)
