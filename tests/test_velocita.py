"""Velocità: a test per rule and per decision kind, the bots, and the solved game against the engine."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parcours import Game, ScenarioError, default_options, parse, replay
from parcours.cdp.velocita_solver import solution
from parcours.simulate import simulate, wilson

V = "cdp.velocita"


def run(dice: list[int], choices: list[str] | None = None, setup: dict[str, object] | None = None,
        **options: str) -> dict[str, Any]:
    scenario: dict[str, object] = {"ruleset": V, "players": 2, "dice": dice, "choices": choices or [],
                                   "options": {f"cdp.{k.replace('_', '-')}": v for k, v in options.items()}}
    if setup is not None:
        scenario["setup"] = setup
        scenario["options"]["cdp.lot"] = "first-seat"  # type: ignore[index]
    return replay(scenario)


def kinds(result: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in result["events"] if e["kind"] == kind]


def test_depart_same_square_and_first_by_lot() -> None:
    assert run([2])["first"] == 0 and run([5])["first"] == 1
    assert kinds(run([5]), "lot")[0]["cite"] == "cdp:velocita-depart"
    assert run([])["pos"] == [0, 0]


def test_pair_impair_even_moves_in_full_odd_asks_how_far() -> None:
    result = run([1, 4])  # seat 0 first by lot, throws 4: moves 4, no question
    assert result["pos"] == [4, 0] and result["need"]["kind"] == "dice"
    odd = run([1, 3])
    asked = {"kind": "choice", "seat": 0, "count": 0, "sides": 6, "choices": ["0", "1", "2", "3"],
             "decision": "distance"}
    assert {k: odd["need"].get(k) for k in asked} == asked  # the need may carry more (the choices' labels)
    surplace = run([1, 3], ["0"])
    assert surplace["pos"] == [0, 0] and kinds(surplace, "move")[0]["steps"] == 0


def test_ordre_the_rider_ahead_throws_first_and_level_riders_swap() -> None:
    result = run([1, 4, 2], ["wait"])  # seat 0 moves 4, seat 1 moves 2: seat 0 still ahead and first
    assert kinds(result, "first")[-1]["seat"] == 0
    level = run([1, 4, 4], ["wait"])
    first = kinds(level, "first")[-1]
    assert (first["seat"], first["level"]) == (1, True)  # seat 0 was first: now it plays second


def test_sprint_the_second_rider_may_double_after_seeing_its_die() -> None:
    result = run([1, 2, 4], ["sprint"])  # seat 1 plays second, throws 4, launches: moves 8
    assert kinds(result, "sprint")[0]["seat"] == 1 and result["pos"] == [2, 8] and result["sprint"]
    assert kinds(run([1, 2, 4], ["wait"]), "hold") and run([1, 2, 4], ["wait"])["pos"] == [2, 4]
    # from then on, both riders' numbers are doubled
    assert run([1, 2, 4, 2], ["sprint"])["pos"] == [2, 12]


def test_sprint_only_the_second_rider_may_launch_it() -> None:
    result = run([1, 4])
    assert result["need"]["kind"] == "dice"  # the first rider was never asked
    with pytest.raises(ScenarioError):
        Game(parse({"ruleset": V, "players": 2, "dice": [1]})).choose("sprint")


def test_sprint_before_the_die_reading() -> None:
    result = run([1, 2], sprint_when="before-throw")
    assert result["need"]["decision"] == "sprint"
    assert run([1, 2, 3], ["sprint", "6"], sprint_when="before-throw")["pos"] == [2, 6]


@pytest.mark.parametrize("parity, need", [("face", "choice"), ("doubled", "dice")])
def test_sprint_parity_reading(parity: str, need: str) -> None:
    result = run([1, 2, 4, 3], ["sprint"], sprint_parity=parity)  # seat 1 first (ahead), throws 3 doubled
    assert result["need"]["kind"] == need
    if parity == "doubled":
        assert result["pos"] == [2, 14]


def test_arrivee_the_turn_is_completed_then_the_furthest_wins() -> None:
    setup = {"pos": [28, 26], "first": 0}
    result = run([2, 6], ["wait"], setup=setup)
    assert result["finished"] and result["winner"] == 1 and result["pos"] == [30, 32]
    assert kinds(result, "end")[0]["margin"] == 2


def test_arrivee_a_tie_past_the_line_means_an_extra_turn() -> None:
    result = run([4, 6, 2, 4], ["wait", "wait"], setup={"pos": [26, 24], "first": 0})
    assert kinds(result, "tie") and result["finished"] and result["winner"] == 0


def test_line_crossing_reading() -> None:
    assert run([2, 2], ["wait"], setup={"pos": [28, 20], "first": 0})["finished"]
    assert not run([2, 2], ["wait"], setup={"pos": [28, 20], "first": 0}, line_crossing="beyond")["finished"]


def test_an_illegal_distance_is_refused_and_changes_nothing() -> None:
    game = Game(parse({"ruleset": V, "players": 2, "dice": [1, 3]}))
    game.run(__import__("parcours").Dice([1, 3]), [])
    before = game.position()
    with pytest.raises(ScenarioError) as err:
        game.choose("4")
    assert "not allowed" in err.value.problem and game.position() == before
    with pytest.raises(ScenarioError) as bad:
        replay({"ruleset": V, "players": 2, "dice": [1, 3], "choices": ["9"]})
    assert bad.value.where == "choices[0]"


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["plain", "search", "optimal"]), st.sampled_from(["plain", "search"]))
def test_random_races_end_with_legal_choices_only_and_replay_identically(seed: int, a: str, b: str) -> None:
    from parcours.cdp import BOTS
    rng = random.Random(seed)
    game = Game(parse({"ruleset": V, "players": 2}))
    dice, choices = [], []
    while (need := game.need()) is not None:
        assert len(game.steps) < 400
        if need.kind == "dice":
            faces = [rng.randint(1, 6)]
            dice += faces
            game.throw(faces)
        else:
            choice = BOTS[(a, b)[need.seat]](game.state, need, rng)
            assert choice in need.choices
            choices.append(choice)
            game.choose(choice)
    again = replay({"ruleset": V, "players": 2, "dice": dice, "choices": choices})
    assert again["winner"] == game.position()["winner"] and again["unused_dice"] == 0


def test_the_solution_agrees_with_the_engine_under_optimal_play() -> None:
    """Optimal against optimal, played through the engine, wins as often as the solver says."""
    options = default_options(V) | {"cdp.lot": "first-seat"}
    setup = {"pos": [12, 9], "first": 0}
    exact = solution(options).turn_value(12, 9, False, 0)
    from parcours.cdp import BOTS
    rng = random.Random(5)
    wins, count = 0, 3000
    for _ in range(count):
        game = Game(parse({"ruleset": V, "players": 2, "setup": setup, "options": options}))
        while (need := game.need()) is not None:
            if need.kind == "dice":
                game.throw([rng.randint(1, 6)])
            else:
                game.choose(BOTS["optimal"](game.state, need, rng))
        wins += game.position()["winner"] == 0
    rate, low, high = wilson(wins, count, z=3.29)
    assert low <= exact <= high, (rate, exact)


def test_the_leader_is_at_a_disadvantage_as_the_rules_say() -> None:
    s = solution(default_options(V))
    assert s.turn_value(0, 0, False, 0) < 0.5 < s.turn_value(0, 0, False, 1)


def test_search_beats_plain_over_seeded_races() -> None:
    options = default_options(V)
    both = [simulate(V, 2, 300, 7, options, bots=["search", "plain"]),
            simulate(V, 2, 300, 8, options, bots=["plain", "search"])]
    wins = both[0].wins[0] + both[1].wins[1]
    rate, low, _ = wilson(wins, 600)
    assert low > 0.5, rate
