"""Exact figures of both horse races under every reading: the chances, the mean length in throws, and
the expected values of what the race's tally counts (horses lost, ruins, stops on each hole).

The players' horses never meet: each player's own chain (horses lost x hole, odds.py's) runs alone,
and a race (or a leg) stops at the first horse home or the first player ruined. So every figure is a
sum over time of products of the two chains' distributions, all read from one matrix

    Y[x][y] = sum over j >= 0 of P(the first player is at x after j throws) P(the second at y after j),

which solves Y = E + Qt Y Q (Q one throw of one chain; E the two starts), triangular because play never
moves backwards. The first player throws for the (j+1)-th time from x, the other being at y, with
weight Y[x][y]; the second throws from y once the first has thrown j+1 times, with weight
sum over x of Y[x][y] Q(x -> alive), by level of horses lost.
A player who starts a leg with l horses lost runs the same chain moved up l levels (a trap leads from
one level to the next; falling from the sixth horse is ruin), so the leg from any horses lost is a sum
over blocks of the same Y. The race in legs is then a small chain over the legs: the points, the
horses lost so far (when they stay lost) and who starts (a function of the points).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache, reduce
from operator import add

from ..options import OptionValue
from .odds import EXACT_UP_TO, FINISH, RUIN, Chance, _moves, _positions
from .options import OPTIONS
from .races import HORSES
from .rules import POINTS_TO_WIN
from .state import Board

COURSE, LEGS = "chevaux.course", "chevaux.trois-points"
Lost = tuple[int, int]  # horses lost by the leg's first player, by its second


# ---------------------------------------------------------------- the two chains side by side

@dataclass(frozen=True)
class Chain:
    """One player's chain (odds.py's positions: horses lost x hole), in counts of die faces."""

    per_level: int                  # positions with a given number of horses lost
    onward: list[list[int]]         # onward[i][j]: faces moving position i to position j (j > i)
    stay: list[int]                 # faces that overshoot FINISH: the horse stays
    home: list[int]                 # faces that reach FINISH
    trap: list[int]                 # faces that end in a trap (the next horse, or ruin from the last)
    lands: list[list[int]]          # the holes a throw from each position can stop on (traps, FINISH too)


@lru_cache(maxsize=8)
def _chain(board: Board) -> Chain:
    order = _positions(board)
    n = len(order)
    onward = [[0] * n for _ in range(n)]
    stay, home, trap = [0] * n, [0] * n, [0] * n
    for i, steps in enumerate(_moves(board)):
        for kind, j in steps:
            if kind == "stay":
                stay[i] += 1
            elif kind == FINISH:
                home[i] += 1
            elif kind == RUIN:
                trap[i] += 1
            else:
                onward[i][j] += 1
                trap[i] += order[j][0] > order[i][0]  # fallen: the next horse at START
    lands = [[h + f for f in range(1, 7) if h + f <= board.holes] for _, h in order]
    return Chain(n // HORSES, onward, stay, home, trap, lands)


def _pairs(chain: Chain, one: Chance) -> list[list[Chance]]:
    """Y over pairs of positions, both players from START with no horse lost (so Y is symmetric).

    In counts of faces: 36 Y[a][b] = 36 E[a][b] + sum over c, d of n(c->a) n(d->b) Y[c][d], summed as
    sum over c of n(c->a) W[c][b] with W = Y n, one row at a time; a's and b's own loops (overshoots)
    are solved in place, dividing by 36 - stay(a) stay(b)."""
    n = len(chain.stay)
    into: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # position -> (predecessor, faces)
    for i, row in enumerate(chain.onward):
        for j, faces in enumerate(row):
            if faces:
                into[j].append((i, faces))
    zero = one - one
    y: list[list[Chance]] = [[zero] * n for _ in range(n)]
    w: list[list[Chance]] = [[zero] * n for _ in range(n)]
    for a in range(n):
        ya, wa, stay_a = y[a], w[a], chain.stay[a]
        for b in range(n):
            partial = sum((faces * ya[d] for d, faces in into[b]), zero)  # W[a][b] less b's own loop
            stay_b = chain.stay[b]
            if b < a:
                value = y[b][a]
            else:
                total = sum((faces * w[c][b] for c, faces in into[a]), 36 * one if a == b == 0 else zero)
                value = (total + stay_a * partial) / (36 - stay_a * stay_b)
            ya[b] = value
            wa[b] = partial + stay_b * value
    return y


# ---------------------------------------------------------------- one leg from any horses lost

@dataclass(frozen=True)
class Throws:
    """What some throws add up to, in expectation: a leg's, or one side's at given levels."""

    throws: Chance
    home: Chance                    # horses home (the chance that this side finishes)
    falls: Chance                   # horses lost in traps
    overshoots: Chance
    landings: dict[int, Chance]     # hole -> stops there

    def __add__(self, other: Throws) -> Throws:
        landings = dict(self.landings)
        for hole, value in other.landings.items():
            landings[hole] = landings[hole] + value if hole in landings else value
        return Throws(self.throws + other.throws, self.home + other.home, self.falls + other.falls,
                      self.overshoots + other.overshoots, landings)


@dataclass(frozen=True)
class Leg:
    """A race (the single race, or one leg) from given horses lost: F throws first, then S.

    Keys (a, c) are F's and S's horses lost at that moment (those of the next leg, if they stay lost)."""

    first_home: dict[Lost, Chance]   # F's horse reaches FINISH first
    second_home: dict[Lost, Chance]  # S's does
    first_ruined: Chance             # F loses the sixth horse before anyone is home
    second_ruined: Chance
    first: Throws                    # F's throws in the leg (falls include a ruin's last horse)
    second: Throws


@dataclass(frozen=True)
class _Levels:
    """Per (F's level, S's level): F's throws while both are at those levels, and S's throws while F is at
    its level after its own throw that round."""

    first: list[list[Throws]]
    second: list[list[Throws]]


@lru_cache(maxsize=8)
def _levels(board: Board) -> _Levels:
    chain = _chain(board)
    one: Chance = Fraction(1) if len(chain.stay) <= EXACT_UP_TO else 1.0
    y = _pairs(chain, one)
    n, per = len(chain.stay), chain.per_level
    zero = one - one
    # F throws from x, S anywhere at level g: the sum of Y[x][y] over S's positions at g
    by_level = [[sum(row[g * per:(g + 1) * per], zero) for g in range(HORSES)] for row in y]
    # S throws from y, F at level a after its throw: sum over x of Y[x][y] n(x -> alive at a), in faces
    after = [[zero] * HORSES for _ in range(n)]
    for x in range(n):
        level, same, fall = x // per, 6 - chain.home[x] - chain.trap[x], chain.trap[x]
        for other, value in enumerate(y[x]):
            after[other][level] += same * value
            if fall and level + 1 < HORSES:
                after[other][level + 1] += fall * value
    sixth = one / 6
    first = [[_throws(chain, [(x, by_level[x][g]) for x in range(a * per, (a + 1) * per)], sixth)
              for g in range(HORSES)] for a in range(HORSES)]
    second = [[_throws(chain, [(s, after[s][a] * sixth) for s in range(g * per, (g + 1) * per)], sixth)
               for g in range(HORSES)] for a in range(HORSES)]
    return _Levels(first, second)


def _throws(chain: Chain, weights: list[tuple[int, Chance]], sixth: Chance) -> Throws:
    """Throws from these positions, each position weighted by its expected throws."""
    zero = sixth - sixth
    throws = home = falls = overshoots = zero
    landings: dict[int, Chance] = {}
    for x, weight in weights:
        throws += weight
        home += chain.home[x] * weight
        falls += chain.trap[x] * weight
        overshoots += chain.stay[x] * weight
        for hole in chain.lands[x]:
            landings[hole] = landings.get(hole, zero) + weight
    return Throws(throws, home * sixth, falls * sixth, overshoots * sixth,
                  {h: v * sixth for h, v in sorted(landings.items())})


@lru_cache(maxsize=64)
def leg(board: Board, first_lost: int = 0, second_lost: int = 0) -> Leg:
    """The leg whose first player starts with first_lost horses lost and the second with second_lost:
    the blocks of levels they can still reach, moved up by what they have lost."""
    levels = _levels(board)
    top_f, top_s = HORSES - 1 - first_lost, HORSES - 1 - second_lost  # their sixth horse's level, moved
    blocks = [(a, g) for a in range(top_f + 1) for g in range(top_s + 1)]
    first = reduce(add, (levels.first[a][g] for a, g in blocks))
    second = reduce(add, (levels.second[a][g] for a, g in blocks))
    return Leg({(a + first_lost, g + second_lost): levels.first[a][g].home for a, g in blocks},
               {(a + first_lost, g + second_lost): levels.second[a][g].home for a, g in blocks},
               reduce(add, (levels.first[top_f][g].falls for g in range(top_s + 1))),  # a fall from the sixth
               reduce(add, (levels.second[a][top_s].falls for a in range(top_f + 1))),
               first, second)


# ---------------------------------------------------------------- the races

@dataclass(frozen=True)
class Solved:
    """A race solved: each seat's chance, the expected length in throws (one throw, one play_throw), and
    the expected value of each figure the tally counts (figures.py; a yes-or-no figure: its chance).
    No race is drawn: every leg ends with a point or the game, and play ends with probability 1, so the
    wins add up to 1."""

    wins: tuple[Chance, Chance]
    length: Chance
    seats: dict[str, tuple[Chance, Chance]]
    race: dict[str, Chance]
    landings: dict[int, Chance]      # hole -> expected stops a race
    exact: bool                      # in fractions (else floating point: a board too large)


def solve(board: Board, ruleset: str, options: Mapping[str, OptionValue] | None = None) -> Solved:
    """Either race on this board under these readings (the defaults where not given; the single race
    has none)."""
    if ruleset == COURSE:
        return _course(board)
    chosen = {oid: str(o.default) for oid, o in OPTIONS.items()} | {k: str(v) for k, v in (options or {}).items()}
    horses = chosen["chevaux.legs-horses"]
    # with horses carried over a ruined player has none left for another leg: either reading ends the game
    ruin = "game" if horses == "carry" else chosen["chevaux.legs-ruin"]
    return _match(board, horses, ruin, chosen["chevaux.legs-start"])


def expected_landings(board: Board) -> dict[int, Chance]:
    """The single race's expected stops on each hole (what the tally counts as landings: every move's
    hole, a trap's and FINISH's included; an overshoot stops nowhere)."""
    return _course(board).landings


@lru_cache(maxsize=8)
def _course(board: Board) -> Solved:
    """The single race: the leg from no horse lost, Red (seat 0, the youngest) throwing first."""
    race = leg(board)
    f, s = race.first, race.second
    return Solved((f.home + race.second_ruined, s.home + race.first_ruined), f.throws + s.throws,
                  {"lost": (f.falls, s.falls), "ruined": (race.first_ruined, race.second_ruined)},
                  {"overshoots": f.overshoots + s.overshoots, "ended-by-ruin": race.first_ruined + race.second_ruined},
                  (f + s).landings, isinstance(f.throws, Fraction))


Score = tuple[int, int, int, int]  # at a leg's start: each seat's points, each seat's horses lost


@lru_cache(maxsize=16)
def _match(board: Board, horses: str, ruin: str, start: str) -> Solved:
    """The chain of the legs, leg by leg: the chance of each start (points, horses lost) is spread
    over the next ones; the points say who starts."""
    carry = horses == "carry"
    totals = _Totals.empty(leg(board).first.throws * 0)
    zero = totals.length
    mass: dict[Score, Chance] = {(0, 0, 0, 0): zero + 1}
    for played in range(2 * POINTS_TO_WIN - 1):
        for (*points, lost_0, lost_1), m in [(k, v) for k, v in mass.items() if k[0] + k[1] == played]:
            f = 0 if start == "youngest" else played % 2
            this = leg(board, *((lost_0, lost_1) if f == 0 else (lost_1, lost_0)))
            totals.add(m, f, this)
            for seat, chance, held, ruined in _outcomes(this, f):
                scored = (points[0] + (seat == 0), points[1] + (seat == 1))
                if scored[seat] == POINTS_TO_WIN or (ruined and (carry or ruin == "game")):
                    totals.wins[seat] += m * chance
                    totals.by_ruin += m * chance if ruined else zero
                    continue
                key = (*scored, *(held if carry else (0, 0)))
                mass[key] = mass.get(key, zero) + m * chance
    return totals.solved()


def _outcomes(this: Leg, f: int) -> Iterator[tuple[int, Chance, Lost, bool]]:
    """How a leg ends, its first player at seat f: the seat that scores (or wins), the chance, each
    seat's horses lost then, and whether by the other's ruin."""
    def by_seat(held: Lost) -> Lost:
        return held if f == 0 else (held[1], held[0])

    yield from ((f, p, by_seat(held), False) for held, p in this.first_home.items())
    yield from ((1 - f, p, by_seat(held), False) for held, p in this.second_home.items())
    yield 1 - f, this.first_ruined, (0, 0), True
    yield f, this.second_ruined, (0, 0), True


@dataclass
class _Totals:
    """The match's expected figures, added leg by leg, each leg weighted by its chance to be played."""

    wins: list[Chance]
    lost: list[Chance]
    ruins: list[Chance]
    length: Chance
    overshoots: Chance
    legs: Chance
    by_ruin: Chance
    landings: dict[int, Chance]

    @classmethod
    def empty(cls, zero: Chance) -> _Totals:
        return cls([zero, zero], [zero, zero], [zero, zero], zero, zero, zero, zero, {})

    def add(self, m: Chance, f: int, this: Leg) -> None:
        both = this.first + this.second
        self.legs += m
        self.length += m * both.throws
        self.overshoots += m * both.overshoots
        for seat, side, ruined in ((f, this.first, this.first_ruined), (1 - f, this.second, this.second_ruined)):
            self.lost[seat] += m * side.falls
            self.ruins[seat] += m * ruined
        for hole, value in both.landings.items():
            self.landings[hole] = self.landings.get(hole, m - m) + m * value

    def solved(self) -> Solved:
        return Solved((self.wins[0], self.wins[1]), self.length,
                      {"lost": (self.lost[0], self.lost[1]), "ruins": (self.ruins[0], self.ruins[1])},
                      {"overshoots": self.overshoots, "legs": self.legs, "ended-by-ruin": self.by_ruin},
                      dict(sorted(self.landings.items())), isinstance(self.length, Fraction))
