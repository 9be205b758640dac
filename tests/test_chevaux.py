"""The wooden horse race: a test per rule, the variant's readings, and the exact odds against simulation."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parcours import ScenarioError, default_options, parse, replay
from parcours.chevaux import Board
from parcours.chevaux.odds import Chance, absorption_times, odds, outcome_chances
from parcours.simulate import wilson

COURSE, LEGS = "chevaux.course", "chevaux.trois-points"
SMALL = {"holes": 8, "up": 4, "traps": [3]}


def run(dice: list[int], setup: dict[str, Any] | None = None, ruleset: str = COURSE, **options: str) -> dict[str, Any]:
    scenario: dict[str, object] = {"ruleset": ruleset, "players": 2, "dice": dice}
    if setup is not None:
        scenario["setup"] = setup
    if options:
        scenario["options"] = {f"chevaux.{k.replace('_', '-')}": v for k, v in options.items()}
    return replay(scenario)


def kinds(result: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in result["events"] if e["kind"] == kind]


def holes(result: dict[str, Any]) -> list[int]:
    return [p["hole"] for p in result["players"]]


def test_mise_en_place_the_youngest_starts_and_turns_alternate() -> None:
    result = run([1, 2, 3])
    assert kinds(result, "first")[0]["seat"] == 0
    assert [t["seat"] for t in kinds(result, "throw")] == [0, 1, 0]


def test_deplacement_the_first_throw_enters_by_the_first_hole_no_six_needed() -> None:
    result = run([1, 2])
    assert [(m["from"], m["to"]) for m in kinds(result, "move")] == [(0, 1), (0, 2)]
    assert all(m["cite"] == "chevaux:deplacement" for m in kinds(result, "move"))


def test_pieges_a_horse_ending_in_a_trap_is_out_and_a_new_one_starts_next_turn() -> None:
    result = run([3, 1, 1], {"board": SMALL})
    fall = kinds(result, "fall")[0]
    assert (fall["seat"], fall["hole"], fall["left"], fall["cite"]) == (0, 3, 5, "chevaux:pieges")
    assert kinds(result, "next-horse")[0]["cite"] == "chevaux:un-cheval"
    assert holes(result) == [1, 1]  # Red's new horse entered with the 1
    assert result["players"][0]["lost"] == 1


def test_pieges_a_trap_jumped_over_does_nothing() -> None:
    result = run([4], {"board": SMALL})
    assert kinds(result, "fall") == [] and holes(result) == [4, 0]


def test_fin_exact_count_or_the_horse_stays() -> None:
    result = run([3, 1, 2], {"board": SMALL, "horses": [{"hole": 6}, {}]})
    assert kinds(result, "overshoot")[0]["needed"] == 2
    assert holes(result)[0] == 8 and result["winner"] == 0 and result["finished"]
    assert kinds(result, "finish")[0]["cite"] == "chevaux:fin"


def test_fin_losing_the_sixth_horse_loses_the_game() -> None:
    result = run([3], {"board": SMALL, "horses": [{"lost": 5}, {}]})
    assert kinds(result, "ruined")[0]["seat"] == 0
    assert result["winner"] == 1 and result["players"][0]["horses_left"] == 0


def test_variante_three_points_in_legs() -> None:
    setup = {"board": SMALL, "horses": [{"hole": 7, "points": 2}, {"hole": 7, "points": 2}]}
    first = run([1], setup, LEGS)
    assert first["winner"] == 0 and kinds(first, "point")[0]["total"] == 3
    setup = {"board": SMALL, "horses": [{"hole": 7, "lost": 2}, {"hole": 5, "lost": 1}]}
    leg = run([1], setup, LEGS)
    assert not leg["finished"] and leg["leg"] == 2 and result_points(leg) == [1, 0]
    assert holes(leg) == [0, 0] and [p["lost"] for p in leg["players"]] == [0, 0]
    kept = run([1], setup, LEGS, legs_horses="carry")
    assert [p["lost"] for p in kept["players"]] == [2, 1]
    alternate = run([1], setup, LEGS, legs_start="alternate")
    assert kinds(leg, "leg")[0]["seat"] == 0 and kinds(alternate, "leg")[0]["seat"] == 1


def result_points(result: dict[str, Any]) -> list[int]:
    return [p["points"] for p in result["players"]]


def test_variante_ruin_loses_the_leg_or_the_game() -> None:
    setup = {"board": SMALL, "horses": [{"lost": 5}, {}]}
    leg = run([3], setup, LEGS)
    assert not leg["finished"] and result_points(leg) == [0, 1]
    game = run([3], setup, LEGS, legs_ruin="game")
    assert game["finished"] and game["winner"] == 1


@pytest.mark.parametrize("board, where", [
    ({"holes": 1}, "setup.board.holes"),
    ({"traps": [20]}, "setup.board.traps[0]"),
    ({"traps": [4, 4]}, "setup.board.traps"),
    ({"lanes": 2}, "setup.board.lanes"),
])
def test_a_bad_board_names_the_field(board: dict[str, object], where: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse({"ruleset": COURSE, "players": 2, "setup": {"board": board}})
    assert err.value.where == where


def test_a_horse_cannot_stand_in_a_trap() -> None:
    with pytest.raises(ScenarioError) as err:
        parse({"ruleset": COURSE, "players": 2, "setup": {"board": SMALL, "horses": [{"hole": 3}, {}]}})
    assert err.value.where == "setup.horses[0].hole"


# --- exact odds ------------------------------------------------------------------

def test_odds_of_a_tiny_board_by_hand() -> None:
    """Two holes, no trap: FINISH is hole 2. Red wins if Red throws a 2 before Blue does.
    From START a 1 leads to hole 1 then only a 1 finishes; a 2 finishes at once; 3-6 stay."""
    board = Board.parse({"holes": 2, "up": 1, "traps": []})
    (red, blue), ruin = outcome_chances(board)
    assert red + blue == 1 and ruin == (0, 0)
    # Red's chance by hand: f = P(a player finishes on a given own throw | not yet) is not constant,
    # so compare with the independent propagation over 600 throws instead
    assert abs(float(red) - _brute_force(board)) < 1e-9
    assert red > Fraction(1, 2)


def _brute_force(board: Board) -> float:
    """P(Red wins) by propagating exact probabilities throw by throw (independent players)."""
    finish, ruin = absorption_times(board, 600)
    red_win = 0.0
    blue_alive = 1.0
    red_alive = 1.0
    for k in range(1, 601):
        red_end = (finish[k] + ruin[k]) / 6**k
        red_win += finish[k] / 6**k * blue_alive
        red_alive -= red_end
        blue_end = (finish[k] + ruin[k]) / 6**k
        red_win += ruin[k] / 6**k * red_alive
        blue_alive -= blue_end
    return red_win


@pytest.mark.numeric
def test_exact_odds_sum_to_one_and_length_distribution_is_a_distribution() -> None:
    o = odds(Board.parse(None))
    assert sum(o.win) == 1
    assert 0 < o.ruin[0] < o.win[1]
    assert abs(sum(o.length.values()) + o.tail - 1) < Fraction(1, 10**12)
    assert o.tail < Fraction(1, 10**9)
    # the shortest game: Red's horse reaches hole 20 in four throws (say 6, 6, 6, 2), on throw 7
    assert min(o.length) == 7
    quick = sum(1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7) for d in range(1, 7)
                if _clean_path([a, b, c, d], Board.parse(None)))
    assert o.length[7] == Fraction(quick, 6**4)


def _clean_path(faces: list[int], board: Board) -> bool:
    """Does this first horse reach FINISH exactly with the last face, missing every trap?"""
    hole = 0
    for i, face in enumerate(faces):
        if hole + face > board.holes:
            continue
        hole += face
        if hole in board.traps:
            return False
        if hole == board.holes:
            return i == len(faces) - 1
    return False


@pytest.mark.numeric
@pytest.mark.parametrize("board", [None, {"holes": 12, "up": 6, "traps": [2, 7, 9]},
                                   {"holes": 30, "up": 15, "traps": []}])
def test_exact_odds_agree_with_simulation(board: dict[str, object] | None) -> None:
    exact = odds(Board.parse(board))
    options = default_options(COURSE)
    count = 6000
    wins = 0
    total_length = 0
    rng = random.Random(11)
    from parcours.chevaux import need, new_state, play_throw
    for _ in range(count):
        state = new_state(COURSE, 2, options, {"board": board} if board else None)
        while need(state) is not None:
            play_throw(state, [rng.randint(1, 6)])
        wins += state.winner == 0
        total_length += state.throws
    rate, low, high = wilson(wins, count, z=3.29)  # a 99.9% interval: this test fails about once in 1000 seeds
    assert low <= float(exact.win[0]) <= high, (rate, float(exact.win[0]))
    mean = float(sum(t * p for t, p in exact.length.items()))
    assert abs(total_length / count - mean) < 0.06 * mean


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([COURSE, LEGS]))
def test_every_game_ends_and_replays_identically(seed: int, ruleset: str) -> None:
    scenario = {"ruleset": ruleset, "players": 2, "seed": seed}
    first = replay(scenario)
    assert first["finished"] and first["winner"] in (0, 1)
    assert first == replay(scenario)


def close(exact: Chance, approximate: Chance) -> bool:
    return abs(Fraction(exact) - Fraction(approximate)) < 1e-12


@pytest.mark.numeric
def test_large_boards_are_solved_in_floating_point_by_the_same_equations() -> None:
    """Exact fractions grow with the board (a 60-hole board took 48 s); past EXACT_UP_TO positions the
    same equations run in floats, which agree with the fractions where both are computed."""
    from parcours.chevaux.odds import EXACT_UP_TO

    board = Board.parse(None)
    (red, blue), ruin = outcome_chances(board)
    (red_f, blue_f), ruin_f = outcome_chances(board, exact=False)
    assert isinstance(red, Fraction) and isinstance(red_f, float)
    assert close(red, red_f) and close(blue, blue_f)
    assert all(close(r, f) for r, f in zip(ruin, ruin_f))
    assert odds(board).exact
    large = odds(Board.parse({"holes": 60, "up": 30, "traps": [5, 9, 13, 17]}))
    assert not large.exact and EXACT_UP_TO < 6 * 56
    assert abs(float(sum(large.win)) - 1) < 1e-9 and large.to_json()["win_exact"] is None
