"""Velocità computed exactly under every reading: each seat's chance, the starter's, the mean length.

`parcours.cdp.exact` reads the chances from the solver (velocita_solver: backward induction in floats,
to 1e-13) and the mean length from the chain the optimal bots play (velocita_chain: turn start to turn
start through the engine itself, solved in fractions). Checked here: against the engine's own races
with the optimal bots (seeded, wide intervals), against hand counts, against the solver (the chain's
exact value of the bots' play is the solver's value at every turn start it reaches), by the symmetry
of the two seats, and against the figures an independent reader computed.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from parcours import default_options
from parcours.cdp import APPLIES, OPTIONS, exact
from parcours.cdp.velocita_chain import RACE_STARTS, Chain, chain
from parcours.cdp.velocita_solver import solution
from parcours.options import OptionValue
from parcours.simulate import wilson
from parcours.stats import run

V = "cdp.velocita"
DEFAULTS = default_options(V)
# The defaults, then each other value of each reading, one changed at a time.
READINGS: list[dict[str, OptionValue]] = [{}] + [
    {oid: value} for oid in sorted(DEFAULTS) for value in OPTIONS[oid].values if value != DEFAULTS[oid]]
IDS = ["defaults"] + [f"{oid}={value}" for r in READINGS[1:] for oid, value in r.items()]
RACES = 12_000  # about 1.5 s of CPU a reading
Z = 3.89  # 99.99 %: seeded races never flake, and a change to the rules still has room to move them
SAME = 1e-12  # the solver's floats against exact fractions


def options_of(reading: dict[str, OptionValue]) -> dict[str, OptionValue]:
    return DEFAULTS | reading


def test_every_reading_of_velocita_is_modelled_and_nothing_else_is_solved() -> None:
    applying = {oid for oid, races in APPLIES.items() if V in races}
    # what the solver reads (Solution.__init__: the line, the sprint's parity, when it is launched) and
    # what `exact` reads (the lot); a reading added to Velocità must be modelled before it is solved
    assert applying == {"cdp.line-crossing", "cdp.sprint-parity", "cdp.sprint-when", "cdp.lot"}
    assert exact("cdp.mezzofondo", default_options("cdp.mezzofondo")) is None
    assert exact(V, DEFAULTS | {"cdp.line-crossing": "somewhere"}) is None  # no value the solver knows
    assert exact(V, {k: v for k, v in DEFAULTS.items() if k != "cdp.sprint-when"}) is None


def test_a_reading_the_solver_ignores_leaves_velocita_unsolved(monkeypatch: pytest.MonkeyPatch) -> None:
    unknown = OPTIONS["cdp.derny-throws"]  # a Mezzo fondo reading, as if it applied to Velocità too
    monkeypatch.setitem(APPLIES, unknown.id, APPLIES[unknown.id] | {V})
    assert exact(V, DEFAULTS | {unknown.id: unknown.default}) is not None  # at its default: nothing changes
    assert exact(V, DEFAULTS | {unknown.id: "best"}) is None


@pytest.mark.parametrize("reading", READINGS, ids=IDS)
def test_exact_chances_and_length_agree_with_the_engine_s_races(reading: dict[str, OptionValue]) -> None:
    options = options_of(reading)
    known = exact(V, options)
    assert known is not None and known.length is not None
    seed = 1 + READINGS.index(reading)
    s = run(V, 2, RACES, seed, options, ["optimal", "optimal"])
    share, low, high = wilson(s.wins[0], s.races, Z)
    assert low < known.wins[0] < high, (share, known.wins[0])
    assert s.wins[0] + s.wins[1] == s.races  # a Velocità race always has a winner
    mean = sum(t * n for t, n in s.lengths.items()) / s.races
    spread = math.sqrt(sum(n * (t - mean) ** 2 for t, n in s.lengths.items()) / (s.races - 1))
    assert abs(mean - known.length) < Z * spread / math.sqrt(s.races), (mean, known.length)


@pytest.mark.parametrize("reading", READINGS, ids=IDS)
def test_the_chain_values_the_bots_play_as_the_solver_does(reading: dict[str, OptionValue]) -> None:
    """The chain evaluates the optimal bots' play in fractions; the solver claims its best play is worth
    its values: they must agree at every turn start the race reaches (the solver's floats to 1e-12)."""
    options = options_of(reading)
    sol, played = solution(options), chain(options)
    assert played.rows.keys() >= set(RACE_STARTS)
    assert all(abs(float(w) - sol.turn_value(*key)) < SAME for key, w in played.wins.items())
    assert sum(played.rows[RACE_STARTS[0]].values()) == 1
    known = exact(V, options)
    assert known is not None and known.length is not None
    assert known.length == float(played.mean_throws(options["cdp.lot"]))


@pytest.mark.parametrize("reading", READINGS, ids=IDS)
def test_the_two_seats_are_mirror_images_so_the_lot_makes_it_even(reading: dict[str, OptionValue]) -> None:
    options = options_of(reading)
    sol, played = solution(options), chain(options)
    # seat 0's chance from a turn start is seat 1's from the mirrored one (squares swapped, the other first)
    assert all(abs(v + sol.turn_value(b, a, s, 1 - f) - 1) < SAME for (a, b, s, f), v in sol.turn.items())
    # the draw by lot: either seat starts half the time, so each wins half the races, exactly
    assert played.seat_wins("die") == Fraction(1, 2)
    lot = exact(V, options | {"cdp.lot": "die"})
    assert lot is not None and lot.wins == (0.5, 0.5)
    # as long whoever starts: the lot's die is one throw more than a race with no draw
    assert played.turns[RACE_STARTS[0]] == played.turns[RACE_STARTS[1]]


@pytest.mark.parametrize("line_crossing, line", [("reach", 30), ("beyond", 31)])
def test_a_level_finish_in_a_doubled_sprint_lasts_six_fifths_of_a_turn(line_crossing: str, line: int) -> None:
    """By hand: level past the line, the sprint on, every doubled number moved in full (no choice left):
    the turn ends level again only on equal faces (6 pairs of 36), else the higher face wins (15 pairs
    each way). Mean turns T = 1 + T/6 (the other seat first next, the same by symmetry): 6/5. And the
    first to throw wins with 15/36 + (6/36)(1 - p) = p, so p = 1/2."""
    options = DEFAULTS | {"cdp.line-crossing": line_crossing, "cdp.sprint-parity": "doubled"}
    level = Chain(options, [(line, line, True, 0)])
    assert level.rows[(line, line, True, 0)] == {
        (line, line, True, 1): Fraction(6, 36), 0: Fraction(15, 36), 1: Fraction(15, 36)}
    assert level.turns[(line, line, True, 0)] == Fraction(6, 5)
    assert level.wins[(line, line, True, 0)] == Fraction(1, 2)
    assert solution(options).turn_value(line + 4, line + 4, True, 0) == pytest.approx(0.5, abs=SAME)


def test_the_starter_s_chance_as_an_independent_reader_found() -> None:
    """An independent reader, solving Velocità on its own, found that the rider who throws first in the
    first turn wins 30.1 % of races under best play by both (the second rider sees the first's move, and
    may launch the sprint after seeing his die), and about 35.7 % when the sprint must be launched before
    the throw (the launcher commits blind, which takes some of the second rider's edge). With no draw
    for the start (`cdp.lot`: first-seat) player 1 always starts, so player 1's share is that 30.1 %;
    with the draw by lot, either starts half the time and player 1's share is 50 %."""
    by_lot, no_draw = exact(V, DEFAULTS), exact(V, DEFAULTS | {"cdp.lot": "first-seat"})
    blind = exact(V, DEFAULTS | {"cdp.sprint-when": "before-throw"})
    assert by_lot is not None and no_draw is not None and blind is not None
    assert by_lot.starter == no_draw.starter == no_draw.wins[0]
    assert round(100 * no_draw.wins[0], 1) == 30.1 and by_lot.wins[0] == 0.5
    assert blind.starter is not None and round(100 * blind.starter, 1) == 35.7
    # the same figures from the chain's fractions (the bots' play valued exactly, not iterated)
    assert abs(float(chain(DEFAULTS).wins[RACE_STARTS[0]]) - no_draw.wins[0]) < SAME
    assert abs(float(chain(DEFAULTS | {"cdp.sprint-when": "before-throw"}).wins[RACE_STARTS[0]])
               - blind.starter) < SAME
