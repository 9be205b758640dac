"""The horse race solved exactly under every reading (chevaux/match.py), checked three ways: against
closed formulas (the legs are independent races when every leg starts afresh), against the engine's own
rules explored state by state on small boards (every face played by play_throw, the chain solved in
fractions), and against the engine's seeded simulation."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from parcours import default_options
from parcours.chevaux import Board, State, exact, new_state, play_throw
from parcours.chevaux.figures import RaceTally
from parcours.chevaux.match import Solved, expected_landings, leg, solve
from parcours.chevaux.odds import Chance, odds
from parcours.options import OptionValue
from parcours.simulate import wilson
from parcours.stats import Moments, run

COURSE, LEGS = "chevaux.course", "chevaux.trois-points"
VALUES = list(itertools.product(("fresh", "carry"), ("leg", "game"), ("youngest", "alternate")))
READINGS: list[dict[str, OptionValue]] = [
    dict(zip(("chevaux.legs-horses", "chevaux.legs-ruin", "chevaux.legs-start"), values)) for values in VALUES]
NAMES = ["-".join(values) for values in VALUES]
DEFAULT = Board.parse(None)
Z = 4.5  # the simulation's intervals: about 7 in a million each, so a seeded run does not flake on a change


def at_least_three_of_five(chances: list[Fraction]) -> Fraction:
    """P(at least three of five independent legs won, leg i won with chances[i]): first to three points
    wins the match exactly when the five legs, all played out, would give three."""
    total = Fraction(0)
    for won in itertools.product((0, 1), repeat=5):
        if sum(won) >= 3:
            total += math.prod((c if w else 1 - c) for c, w in zip(chances, won))
    return total


# --- closed formulas: with six fresh horses every leg is the single race again --------------------------

@pytest.mark.numeric
def test_fresh_legs_from_the_youngest_are_three_of_five_independent_races() -> None:
    """p^3 (1 + 3q + 6q^2) with p the single race's chance (odds.py's chain over pairs, solved another
    way); a ruin scores for the other, so a leg is won by arriving or by the other's ruin."""
    p, q = odds(DEFAULT).win
    assert isinstance(p, Fraction) and isinstance(q, Fraction)
    solved = solve(DEFAULT, LEGS, READINGS[0])
    assert solved.wins[0] == p**3 * (1 + 3 * q + 6 * q**2) == at_least_three_of_five([p] * 5)
    assert solved.wins[1] == 1 - solved.wins[0]
    assert round(100 * float(solved.wins[0]), 3) == 52.225


@pytest.mark.numeric
def test_fresh_legs_in_turn_alternate_the_first_player() -> None:
    p, q = odds(DEFAULT).win
    assert isinstance(p, Fraction) and isinstance(q, Fraction)
    solved = solve(DEFAULT, LEGS, {"chevaux.legs-start": "alternate"})
    assert solved.wins[0] == at_least_three_of_five([p, q, p, q, p])
    assert abs(float(solved.wins[0]) - 0.504) < 0.001


def fresh_match(p_first: tuple[Fraction, Fraction, Fraction, Fraction], alternate: bool,
                ) -> tuple[Fraction, Fraction]:
    """P(seat 0 wins), E[legs] when a ruin ends the whole game, by the tree of legs: a leg's outcomes
    (first home, first ruined, second home, second ruined) are the single race's, whoever starts."""
    home_f, ruin_f, home_s, ruin_s = p_first

    def value(points: tuple[int, int], played: int) -> tuple[Fraction, Fraction]:
        if 3 in points:
            return Fraction(points[0] == 3), Fraction(0)
        f = played % 2 if alternate else 0
        win, legs = Fraction(0), Fraction(1)
        for seat, chance in ((f, home_f), (1 - f, home_s)):
            w, n = value((points[0] + (seat == 0), points[1] + (seat == 1)), played + 1)
            win, legs = win + chance * w, legs + chance * n
        win += ruin_s if f == 0 else ruin_f  # the other's ruin: seat 0 wins the game
        return win, legs

    return value((0, 0), 0)


@pytest.mark.numeric
@pytest.mark.parametrize("alternate", [False, True])
def test_fresh_legs_where_a_ruin_loses_the_game(alternate: bool) -> None:
    (home_f_and_ruin_s, _), (ruin_f, ruin_s) = odds(DEFAULT).win, odds(DEFAULT).ruin
    home_f = Fraction(home_f_and_ruin_s) - Fraction(ruin_s)
    home_s = 1 - home_f - Fraction(ruin_f) - Fraction(ruin_s)
    win, legs = fresh_match((home_f, Fraction(ruin_f), home_s, Fraction(ruin_s)), alternate)
    options = {"chevaux.legs-ruin": "game", "chevaux.legs-start": "alternate" if alternate else "youngest"}
    solved = solve(DEFAULT, LEGS, options)
    assert solved.wins[0] == win and solved.race["legs"] == legs
    if not alternate:  # the independent reader's figure: about 1.9 points below the default reading's
        assert 1.8 < 100 * float(solve(DEFAULT, LEGS).wins[0] - win) < 2.0


@pytest.mark.numeric
def test_mean_length_of_fresh_legs_is_the_legs_times_a_race() -> None:
    """Whether a leg is played depends on the legs before it only, and a leg lasts as long, in law,
    whoever starts: E[throws] = E[legs] x E[throws of one race] (odds.py's distribution, to its tail)."""
    race = odds(DEFAULT)
    mean = sum((t * p for t, p in race.length.items()), Fraction(0))  # P(longer) < 1e-9 left out
    course = solve(DEFAULT, COURSE)
    assert 0 < Fraction(course.length) - mean < 1000 * race.tail  # the tail's throws: about 140 x its chance
    assert course.length == leg(DEFAULT).first.throws + leg(DEFAULT).second.throws
    for options in READINGS[:4]:
        solved = solve(DEFAULT, LEGS, options)
        assert solved.length == solved.race["legs"] * course.length


@pytest.mark.numeric
def test_the_single_race_is_odds_chain_exactly() -> None:
    (red, blue), ruin = odds(DEFAULT).win, odds(DEFAULT).ruin
    course = solve(DEFAULT, COURSE)
    assert course.exact and course.wins == (red, blue) and course.seats["ruined"] == ruin
    assert course.race["ended-by-ruin"] == sum(ruin)


# --- a tiny board by hand ---------------------------------------------------------------------------

TWO_HOLES = Board.parse({"holes": 2, "up": 1, "traps": []})


def test_two_holes_no_trap_by_hand() -> None:
    """FINISH is hole 2: from START a 2 finishes and a 1 goes to hole 1, from which a 1 finishes; every
    other face overshoots. So each throw finishes with chance 1/6 wherever the horse is: Red (first)
    wins 1/6 / (1 - 25/36) = 6/11, a race lasts 6 throws on average. Red lands on hole 1 at its k-th
    throw after k-1 throws staying at START, Blue having thrown k-1 times without finishing:
    sum (4/6)^(k-1) 1/6 (5/6)^(k-1) = 3/8; Blue likewise once Red has thrown k times: 5/6 of that."""
    course = solve(TWO_HOLES, COURSE)
    assert course.wins == (Fraction(6, 11), Fraction(5, 11))
    assert course.length == 6
    assert expected_landings(TWO_HOLES) == {1: Fraction(3, 8) + Fraction(5, 16), 2: 1}
    assert course.seats == {"lost": (0, 0), "ruined": (0, 0)}
    # a leg is this race again (no horse is ever lost: every reading of the legs is the same match)
    p, q = Fraction(6, 11), Fraction(5, 11)
    youngest = p**3 * (1 + 3 * q + 6 * q**2)
    three, four, five = p**3 + q**3, 3 * p**3 * q + 3 * q**3 * p, 6 * p**2 * q**2
    for options in READINGS:
        solved = solve(TWO_HOLES, LEGS, options)
        alternate = options["chevaux.legs-start"] == "alternate"
        assert solved.wins[0] == (at_least_three_of_five([p, q, p, q, p]) if alternate else youngest)
        if not alternate:
            assert solved.race["legs"] == 3 * three + 4 * four + 5 * five
        assert solved.length == 6 * solved.race["legs"]


# --- the engine's own rules, every state explored ----------------------------------------------------

SMALL = {"holes": 3, "up": 1, "traps": [2]}  # START, hole 1, a trap on 2, FINISH on 3


def fields(board: Board, legs: bool) -> list[str]:
    return (["win", "throws", "lost0", "lost1", "ruin0", "ruin1", "overshoots", "ended-by-ruin"]
            + (["legs"] if legs else []) + [f"land{h}" for h in range(1, board.holes + 1)])


def key(state: State) -> tuple[Any, ...]:
    """What decides the rest of a race and of its figures (not the throws so far, nor past arrivals)."""
    return (state.turn, state.leg_starter, state.leg, state.finished, state.winner,
            tuple((p.hole, p.lost, p.points, p.ruined) for p in state.players))


def rewards(ruleset: str, board: Board, state: State, events: list[Any]) -> list[Fraction]:
    """What one throw adds to each field: the game's own tally reading this throw's events alone."""
    tally = RaceTally(ruleset, 2)
    tally.step(state, [e for e in events if e.kind in tally.kinds])
    got = tally.result(state)
    ruins = got.seats["ruins" if ruleset == LEGS else "ruined"]
    out = [Fraction(state.finished and state.winner == 0), Fraction(1), *map(Fraction, got.seats["lost"]),
           *map(Fraction, ruins), Fraction(got.race["overshoots"] or 0), Fraction(got.race["ended-by-ruin"] or 0)]
    if ruleset == LEGS:
        out.append(Fraction(state.leg if state.finished else 0))
    return out + [Fraction(got.landings[h]) for h in range(1, board.holes + 1)]


def explore(ruleset: str, board_json: dict[str, Any], options: dict[str, OptionValue]) -> dict[str, Fraction]:
    """Every state the rules reach, each of the six faces played by play_throw on a copy; the expected
    value of each field from the start, solved exactly one strongly connected part at a time."""
    board = Board.parse(board_json)
    chosen = {**default_options(ruleset), **options}
    start = new_state(ruleset, 2, chosen, {"board": board_json})
    edges: dict[tuple[Any, ...], list[tuple[tuple[Any, ...], list[Fraction]]]] = {}
    todo = [start]
    while todo:
        state = todo.pop()
        here = key(state)
        if here in edges:
            continue
        edges[here] = []
        if state.finished:
            continue
        for face in range(1, 7):
            after = State.from_json(state.to_json())
            events = play_throw(after, [face])
            edges[here].append((key(after), rewards(ruleset, board, after, events)))
            todo.append(after)
    width = len(fields(board, ruleset == LEGS))
    value: dict[tuple[Any, ...], list[Fraction]] = {}
    for part in strongly_connected(edges):
        solve_part(part, edges, value, width)
    return dict(zip(fields(board, ruleset == LEGS), value[key(start)]))


def strongly_connected(edges: dict[Any, list[tuple[Any, Any]]]) -> Iterator[list[Any]]:
    """Tarjan's parts, each after every part it leads to (iterative)."""
    index: dict[Any, int] = {}
    low: dict[Any, int] = {}
    stack: list[Any] = []
    on_stack: set[Any] = set()
    for root, out in edges.items():
        if root in index:
            continue
        work = [(root, iter(out))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for nxt, _ in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(edges[nxt])))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.append(member)
                        if member == node:
                            break
                    yield part


def solve_part(part: list[Any], edges: dict[Any, list[tuple[Any, list[Fraction]]]],
               value: dict[Any, list[Fraction]], width: int) -> None:
    """V(s) = sum over faces of (reward + V(next)) / 6 for the states of one part, by Gauss-Jordan."""
    where = {s: i for i, s in enumerate(part)}
    n = len(part)
    rows = []
    for s in part:
        row = [Fraction(int(i == where[s])) for i in range(n)] + [Fraction(0)] * width
        for nxt, reward in edges[s]:
            for k in range(width):
                row[n + k] += reward[k] / 6
            if nxt in where:
                row[where[nxt]] -= Fraction(1, 6)
            else:
                for k in range(width):
                    row[n + k] += value[nxt][k] / 6
        rows.append(row)
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        rows[col] = [x / rows[col][col] for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                rows[r] = [a - rows[r][col] * b for a, b in zip(rows[r], rows[col])]
    for s in part:
        value[s] = rows[where[s]][n:]


def as_fields(solved: Solved, legs: bool) -> dict[str, Fraction]:
    ruins = solved.seats["ruins" if legs else "ruined"]
    out = {"win": solved.wins[0], "throws": solved.length, "lost0": solved.seats["lost"][0],
           "lost1": solved.seats["lost"][1], "ruin0": ruins[0], "ruin1": ruins[1],
           "overshoots": solved.race["overshoots"], "ended-by-ruin": solved.race["ended-by-ruin"]}
    if legs:
        out["legs"] = solved.race["legs"]
    out |= {f"land{h}": v for h, v in solved.landings.items()}
    assert solved.exact
    return {k: Fraction(v) for k, v in out.items()}


@pytest.mark.parametrize("board", [SMALL, {"holes": 4, "up": 2, "traps": [1, 3]}])
def test_the_single_race_is_the_engines_chain(board: dict[str, Any]) -> None:
    assert as_fields(solve(Board.parse(board), COURSE), False) == explore(COURSE, board, {})


@pytest.mark.numeric
@pytest.mark.parametrize("options", READINGS, ids=NAMES)
def test_the_race_in_legs_is_the_engines_chain(options: dict[str, OptionValue]) -> None:
    """Every reading, every figure, exactly: wins, throws, horses lost, ruins, overshoots, legs, stops."""
    got = as_fields(solve(Board.parse(SMALL), LEGS, options), True)
    assert got == explore(LEGS, SMALL, options)


# --- the engine's simulation ------------------------------------------------------------------------

def within(mean: Chance, m: Moments) -> bool:
    return abs(m.mean - float(mean)) <= Z * m.error + 1e-9


def check_against_simulation(ruleset: str, options: dict[str, OptionValue], races: int, seed: int) -> None:
    solved = solve(DEFAULT, ruleset, options)
    stats = run(ruleset, 2, races, seed, options)
    _, low, high = wilson(stats.wins[0], stats.races, Z)
    assert low <= float(solved.wins[0]) <= high, (stats.wins, float(solved.wins[0]))
    length = Moments()
    for throws, count in stats.lengths.items():
        for _ in range(count):
            length.add(throws)
    assert within(solved.length, length), (length.mean, float(solved.length))
    for fid, value in solved.race.items():
        assert within(value, stats.race_figures[fid]), (fid, stats.race_figures[fid].mean, float(value))
    for fid, pair in solved.seats.items():
        for seat, value in enumerate(pair):
            assert within(value, stats.seat_figures[fid][seat]), (fid, seat, float(value))


@pytest.mark.numeric
def test_the_single_race_against_simulation() -> None:
    check_against_simulation(COURSE, {}, 8000, 26)


@pytest.mark.numeric
@pytest.mark.parametrize("options", READINGS, ids=NAMES)
def test_the_race_in_legs_against_simulation(options: dict[str, OptionValue]) -> None:
    check_against_simulation(LEGS, options, 4000, 26)


# --- what the site asks for ----------------------------------------------------------------------------

def test_exact_answers_for_both_races_under_every_reading(capsys: pytest.CaptureFixture[str]) -> None:
    """The site's build asks for each race under each reading: all of them, in fractions, quietly."""
    answers = [exact(COURSE, default_options(COURSE))] + [exact(LEGS, o) for o in READINGS]
    for answer in answers:
        assert answer is not None and answer.length is not None
        assert abs(sum(answer.wins) - 1) < 1e-12
        assert answer.how["fr"] and answer.how["en"]
    assert answers[1] == exact(LEGS, default_options(LEGS))
    # with horses carried over a ruin always ends the game: the two readings of a ruin are one
    assert answers[5] == answers[7] and answers[6] == answers[8]
    assert capsys.readouterr() == ("", "")


def test_holes_five_and_six_are_exactly_as_likely() -> None:
    """Hole 5 is a trap, so no horse stands on it: both are reached only from START to hole 4, each
    by one face. The stops add up to the throws that move a horse; FINISH is reached unless a ruin
    ends the race; the traps' stops are the horses lost."""
    stops = expected_landings(DEFAULT)
    course = solve(DEFAULT, COURSE)
    assert stops[5] == stops[6] and [h for h in stops if h != 5 and stops[h] == stops[6]] == [6]
    assert sum(stops.values()) == course.length - course.race["overshoots"]
    assert stops[DEFAULT.holes] == 1 - course.race["ended-by-ruin"]
    assert sum(stops[t] for t in DEFAULT.traps) == sum(course.seats["lost"])


@pytest.mark.numeric
def test_large_boards_are_solved_in_floating_point() -> None:
    """Past odds.EXACT_UP_TO positions the same sums run in floats; odds.py's own floats agree."""
    large = Board.parse({"holes": 60, "up": 30, "traps": [5, 9, 13, 17]})
    course = solve(large, COURSE)
    assert not course.exact and isinstance(course.wins[0], float)
    assert abs(course.wins[0] - float(odds(large).win[0])) < 1e-9
