"""Mezzo fondo a motore: a test per phase, the derny decision, the finish readings, bots, properties."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parcours import Game, ScenarioError, default_options, parse, replay
from parcours.simulate import simulate, wilson

M = "cdp.mezzofondo"


def run(players: int, dice: list[int], choices: list[str] | None = None, setup: object = None,
        **options: object) -> dict[str, Any]:
    scenario: dict[str, object] = {"ruleset": M, "players": players, "dice": dice, "choices": choices or [],
                                   "options": {f"cdp.{k.replace('_', '-')}": v for k, v in options.items()}}
    if setup is not None:
        scenario["setup"] = setup
    return replay(scenario)


def kinds(result: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e for e in result["events"] if e["kind"] == kind]


def team(result: dict[str, Any], seat: int) -> dict[str, Any]:
    teams: list[dict[str, Any]] = result["teams"]
    return teams[seat]


def test_depart_riders_in_a_row_behind_the_red_line_dernys_behind_the_yellow() -> None:
    start = run(3, [])
    assert [t["rider"] for t in start["teams"]] == [-1, -2, -3]
    assert {t["derny"] for t in start["teams"]} == {-11}
    assert [t["rider_square"] for t in start["teams"]] == [29, 28, 27]
    assert start["teams"][0]["line"] == 4 * 30  # four laps by default


def test_phase_1_dernys_alone_one_throw_the_team_ahead_first() -> None:
    result = run(2, [4, 5])
    assert [(e["seat"], e["steps"]) for e in kinds(result, "derny")] == [(0, 4), (1, 5)]
    assert all(e["cite"] == "cdp:mezzofondo-phase-1" for e in kinds(result, "derny"))


def test_phase_2_a_derny_past_its_rider_waits_and_the_rider_couples_losing_excess_pips() -> None:
    setup = {"teams": [{"rider": 5, "derny": 4}, {"rider": 2, "derny": 0}]}
    result = run(2, [3, 1, 6], setup=setup)
    assert kinds(result, "wait")[0]["seat"] == 0  # 4 + 3 = 7, past its rider on 5
    ride = kinds(result, "ride")[0]  # team 0's rider: 6 thrown, 1 square to the derny's wheel
    assert (ride["seat"], ride["steps"], ride["lost"]) == (0, 1, 5)
    assert team(result, 0)["phase"] == "coupled"


def test_phase_3_two_throws_for_the_derny_the_player_may_use_less_then_the_rider_plus_seven() -> None:
    setup = {"teams": [{"rider": 10, "derny": 11, "phase": "coupled"}, {"rider": 2, "derny": 0}]}
    asked = run(2, [5, 6], setup=setup)
    assert asked["need"]["decision"] == "derny" and asked["need"]["choices"][-1] == "11"
    result = run(2, [5, 6, 2], ["9"], setup=setup)  # the rider: 2 + 7 = 9, just enough
    assert team(result, 0)["derny"] == 20 and team(result, 0)["rider"] == 19 and team(result, 0)["phase"] == "coupled"


def test_phase_3_losing_contact_stops_the_derny_and_the_rider_chases_with_one_die() -> None:
    setup = {"teams": [{"rider": 10, "derny": 11, "phase": "coupled"}, {"rider": 2, "derny": 0}]}
    result = run(2, [6, 6, 1, 3, 2], ["12"], setup=setup)  # 1 + 7 = 8 < 12: contact lost, 4 behind
    assert kinds(result, "dropped")[0]["gap"] == 4
    assert team(result, 0)["phase"] == "chasing"
    assert kinds(result, "ride")[-1]["steps"] == 2 and kinds(result, "ride")[-1]["cite"] == "cdp:mezzofondo-phase-2"


def test_derny_throws_reading_best_of_two() -> None:
    setup = {"teams": [{"rider": 10, "derny": 11, "phase": "coupled"}, {"rider": 2, "derny": 0}]}
    assert run(2, [5, 6], setup=setup, derny_throws="best")["need"]["choices"][-1] == "6"


def test_arrivee_crossing_coupled_wins() -> None:
    setup = {"teams": [{"rider": 115, "derny": 116, "phase": "coupled"}, {"rider": 2, "derny": 0}]}
    result = run(2, [3, 3, 2], ["6"], setup=setup)
    assert result["finished"] and result["winner"] == 0 and kinds(result, "end")[0]["coupled"]


@pytest.mark.parametrize("reading, finished", [("no-win", False), ("first-across", True)])
def test_arrivee_crossing_uncoupled(reading: str, finished: bool) -> None:
    setup = {"teams": [{"rider": 117, "derny": 125, "phase": "chasing"}, {"rider": 2, "derny": 0}]}
    result = run(2, [4], setup=setup, uncoupled_finish=reading)
    assert result["finished"] is finished
    if not finished:
        assert team(result, 0)["line"] == 150 and kinds(result, "uncoupled")


def test_laps_option_and_bad_setups() -> None:
    assert run(2, [], laps=8)["teams"][0]["line"] == 240
    with pytest.raises(ScenarioError) as err:
        parse({"ruleset": M, "players": 2, "setup": {"teams": [{"rider": 3, "derny": 9, "phase": "coupled"}, {}]}})
    assert err.value.where == "setup.teams[0]"
    with pytest.raises(ScenarioError) as err:
        parse({"ruleset": M, "players": 10})
    assert err.value.where == "players"


def test_an_illegal_derny_distance_is_refused_and_changes_nothing() -> None:
    setup = {"teams": [{"rider": 10, "derny": 11, "phase": "coupled"}, {"rider": 2, "derny": 0}]}
    game = Game(parse({"ruleset": M, "players": 2, "setup": setup}))
    game.throw([5, 6])
    before = game.position()
    with pytest.raises(ScenarioError):
        game.choose("12")
    assert game.position() == before


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 9), st.sampled_from(["plain", "search"]))
def test_random_races_end_with_legal_choices_and_replay_identically(seed: int, players: int, bot: str) -> None:
    from parcours.cdp import BOTS
    rng = random.Random(seed)
    game = Game(parse({"ruleset": M, "players": players}))
    dice: list[int] = []
    choices: list[str] = []
    while (need := game.need()) is not None:
        assert len(game.steps) < 5000
        if need.kind == "dice":
            faces = [rng.randint(1, 6) for _ in range(need.count)]
            dice += faces
            game.throw(faces)
        else:
            choice = BOTS[bot](game.state, need, rng)
            assert choice in need.choices
            choices.append(choice)
            game.choose(choice)
    again = replay({"ruleset": M, "players": players, "dice": dice, "choices": choices})
    assert again["winner"] == game.position()["winner"] is not None


def test_search_beats_plain_over_seeded_races() -> None:
    options = default_options(M)
    first = simulate(M, 2, 300, 3, options, bots=["search", "plain"])
    second = simulate(M, 2, 300, 4, options, bots=["plain", "search"])
    rate, low, _ = wilson(first.wins[0] + second.wins[1], 600)
    assert low > 0.5, rate


@pytest.mark.parametrize("reading, coupled_after", [("throw-anyway", 2), ("couple-now", 1)])
def test_a_derny_stopping_just_in_front_of_its_rider(reading: str, coupled_after: int) -> None:
    setup = {"teams": [{"rider": -1, "derny": -4, "phase": "dernys"}, {"rider": -2, "derny": -8, "phase": "dernys"}]}
    result = run(2, [4, 1, 5], setup=setup, derny_ahead=reading)
    steps = [e["kind"] for e in result["events"] if e.get("seat") == 0]
    assert team(result, 0)["phase"] == "coupled"
    assert steps.count("throw") == coupled_after
