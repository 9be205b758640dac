"""One test or more per race: start squares, scoring, tokens, eliminations, the end and the ranking."""

from __future__ import annotations

import pytest

from veldiv_helpers import kinds, race, squares

IND, AME = "veldiv.individuelle", "veldiv.americaine"
PI, PE = "veldiv.poursuite-individuelle", "veldiv.poursuite-equipe"
ELIM, CAG = "veldiv.eliminatoire", "veldiv.cagnotte"


# --- Course individuelle -----------------------------------------------------

@pytest.mark.parametrize("players, dice, points", [
    (2, [3, 4], [1, 0]),
    (3, [3, 4, 5], [2, 1, 0]),
    (4, [3, 4, 5, 6], [3, 2, 1, 0]),
    (5, [3, 4, 5, 6, 1], [3, 2, 1, 0, 0]),
])
def test_individual_points_per_lap_by_number_of_players(players: int, dice: list[int], points: list[int]) -> None:
    setup = {"riders": [[46 - seat] for seat in range(players)]}
    result = race(IND, players, dice, setup)
    assert [p["points"] for p in result["players"]][:len(dice)] == points[:len(dice)]
    assert [p["premier"] for p in result["players"]] == [1] + [0] * (players - 1)


def test_individual_stopping_on_48_crosses_only_under_the_reach_reading() -> None:
    assert kinds(race(IND, 2, [3], {"riders": [[45], [40]]}), "cross") == []
    assert kinds(race(IND, 2, [3], {"riders": [[45], [40]]}, line_crossing="reach"), "cross")[0]["lap"] == 1


def test_individual_third_premier_stops_the_race_at_once() -> None:
    setup = {"riders": [[46], [45], [44]], "players": [{"premier": 2}, {"points": 4}, {}]}
    result = race(IND, 3, [3, 4, 5], setup, final_lap="at-once")
    assert result["finished"] and result["winner"] == 0
    assert result["unused_dice"] == 2
    assert result["ranking"] == [0, 1, 2]


def test_individual_third_premier_then_every_rider_crosses_once_more() -> None:
    setup = {"riders": [[46], [45], [40]], "players": [{"premier": 2}, {}, {"points": 5}]}
    result = race(IND, 3, [3, 4, 2, 6], setup)
    assert [e["kind"] for e in result["events"]].count("bell") == 1
    assert [(f["seat"], f["arrival"]) for f in kinds(result, "finish")] == [(0, 1), (1, 2), (2, 3)]
    # seat 1 took the second place's point on the last lap; seat 2 kept its 5 points
    assert [p["points"] for p in result["players"]] == [2, 1, 5]
    assert result["ranking"] == [0, 2, 1] and result["finished"]
    assert all(r["square"] is None for team in result["riders"] for r in team)


def test_individual_ranking_puts_laps_before_premier_tokens() -> None:
    setup = {"riders": [[46], [20], [30]],
             "players": [{"premier": 2}, {"tours": 1, "premier": 0}, {"points": 9, "premier": 2}]}
    result = race(IND, 3, [3], setup, final_lap="at-once")
    assert result["ranking"] == [1, 0, 2]
    other = race(IND, 3, [3], setup, final_lap="at-once", ranking="premier-first")
    assert other["ranking"] == [0, 2, 1]


def test_individual_lap_token_all_or_each() -> None:
    setup = {"riders": [[{"square": 5, "laps": 1}], [10], [7]]}
    # seat 0 on 53 squares ridden, seat 1 on 10, seat 2 on 7: a 4 takes seat 0 to 57, a lap on seat 2 only
    each = race(IND, 3, [4], setup, lap_token="each")
    assert [t["on"] for t in kinds(each, "tour")] == [2]
    assert race(IND, 3, [4], setup)["players"][0]["tours"] == 0
    everyone = race(IND, 3, [6], {"riders": [[{"square": 1, "laps": 1}], [3], [2]]})
    assert everyone["players"][0]["tours"] == 1


LAPPED = {"riders": [[46], [20], [30], [4]]}
LAPPED_DICE = [1, 5, 2, 6, 6, 2, 4, 4, 6, 4, 4, 4, 3, 2, 2, 5, 3, 4, 2, 2, 4, 1, 1, 6, 4, 6, 5, 6]


def test_individual_a_rider_lapped_before_the_line_forfeits_the_points() -> None:
    result = race(IND, 4, LAPPED_DICE, LAPPED)
    assert {(e["seat"], e["lap"]) for e in kinds(result, "lapped")} == {(3, 1), (1, 1)}
    assert [(c["seat"], c["place"]) for c in kinds(result, "cancelled")] == [(1, 2), (3, 4)]


@pytest.mark.parametrize("reading, place, points", [("cancel", 3, 1), ("pass-on", 2, 2)])
def test_individual_the_cancelled_place_is_lost_or_passed_on(reading: str, place: int, points: int) -> None:
    result = race(IND, 4, LAPPED_DICE, LAPPED, lapped_points=reading)
    seat2 = next(p for p in kinds(result, "points") if p["seat"] == 2)
    assert (seat2["place"], seat2["points"]) == (place, points)


# --- Course par équipe (américaine) ------------------------------------------

def test_americaine_both_riders_of_a_team_can_score_3_2_1() -> None:
    result = race(AME, 2, [3, 4], {"riders": [[46, 45], [44, 43]]})
    points = [(p["seat"], p["rider"], p["points"]) for p in kinds(result, "points")]
    assert points == [(0, 1, 3), (0, 0, 2)]  # the 4 to the rider behind (45), then the 3: Art. 7 on 49
    assert result["players"][0]["premier"] == 1


@pytest.mark.parametrize("reading, premier", [("first-rider", [1, 0]), ("both-riders", [0, 1])])
def test_americaine_premier_to_the_first_rider_or_the_first_whole_team(reading: str, premier: list[int]) -> None:
    result = race(AME, 2, [3, 2, 5, 6], {"riders": [[47, 10], [45, 44]]}, americaine_premier=reading)
    assert [p["premier"] for p in result["players"]] == premier


def test_americaine_third_premier_team_finishes_its_second_rider_with_one_die() -> None:
    setup = {"riders": [[46, 30], [20, 21]], "players": [{"premier": 2}, {}]}
    result = race(AME, 2, [3, 4, 2, 3, 6], setup)
    assert kinds(result, "bell")
    throws = kinds(result, "throw")
    assert throws[-1]["cite"] == "veldiv:art-10" and throws[-1]["seat"] == 0


# --- Poursuite individuelle --------------------------------------------------

@pytest.mark.parametrize("players, starts", [(2, [24, 48]), (3, [16, 32, 48]), (4, [12, 24, 36, 48])])
def test_pursuit_start_squares_in_seat_order(players: int, starts: list[int]) -> None:
    assert [team[0] for team in squares(race(PI, players, []))] == starts
    assert [team for team in squares(race(PE, players, []))] == [[s, s] for s in starts]


def test_pursuit_a_rider_caught_and_passed_is_eliminated() -> None:
    result = race(PI, 2, [3, 1], {"riders": [[20], [22]]})
    elim = kinds(result, "eliminated")[0]
    assert (elim["seat"], elim["by"]) == (1, 0)
    assert result["winner"] == 0 and result["ranking"] == [0, 1]
    assert result["riders"][1][0]["square"] is None and result["players"][1]["eliminated"]
    assert result["unused_dice"] == 1


def test_pursuit_three_laps_first_over_its_own_line_wins() -> None:
    setup = {"riders": [[{"square": 22, "laps": 2}], [{"square": 30, "laps": 2}]]}
    result = race(PI, 2, [3], setup)
    assert result["winner"] == 0 and result["players"][0]["tours"] == 3
    assert result["riders"][0][0]["laps"] == 3


def test_pursuit_takes_a_lap_token_at_each_crossing() -> None:
    result = race(PI, 3, [5] * 30)
    crossings = [(c["seat"], c["lap"]) for c in kinds(result, "cross")]
    assert len(crossings) >= 3
    assert [(t["seat"], t["total"]) for t in kinds(result, "tour")] == crossings


def test_pursuit_with_four_players_a_six_counts_six() -> None:
    move = kinds(race(PI, 4, [6]), "move")[0]
    assert (move["from"], move["to"], move["cite"]) == (12, 18, PI.replace(".", ":"))
    assert kinds(race(PI, 3, [6]), "move")[0]["to"] == 28


# --- Poursuite par équipe ----------------------------------------------------

TEAM_CATCH = {"riders": [[20, 19], [30, 26]]}


def test_team_pursuit_both_riders_passed_by_both_riders_are_eliminated() -> None:
    result = race(PE, 2, [6, 6], TEAM_CATCH)
    elim = kinds(result, "eliminated")
    assert [(e["seat"], e["by"]) for e in elim] == [(1, 0)]
    assert result["winner"] == 0


def test_team_pursuit_one_rider_passed_is_not_enough() -> None:
    result = race(PE, 2, [5, 6], TEAM_CATCH)
    assert kinds(result, "eliminated") == [] and not result["finished"]


def test_team_pursuit_two_laps_reading_stops_eliminations_after_two_laps() -> None:
    setup = {"riders": [[{"square": 2, "laps": 2}, {"square": 1, "laps": 2}],
                        [{"square": 8, "laps": 2}, {"square": 6, "laps": 2}]],
             "players": [{"tours": 2}, {"tours": 2}]}
    assert kinds(race(PE, 2, [6, 6], setup), "eliminated")
    assert kinds(race(PE, 2, [6, 6], setup, team_window="two-laps"), "eliminated") == []


# --- Course éliminatoire -----------------------------------------------------

def test_elimination_the_last_of_the_lap_is_eliminated_and_the_nearest_to_the_line_starts() -> None:
    result = race(ELIM, 3, [6, 4, 1], {"riders": [[46], [45], [30]]})
    assert [w["seat"] for w in kinds(result, "wait")] == [0, 1]
    assert [(e["seat"], e["by"]) for e in kinds(result, "eliminated")] == [(2, None)]
    first = kinds(result, "first")[0]  # seat 1 waits on square 1, nearer the line than seat 0 on 10
    assert (first["seat"], first["lap"]) == (1, 2)
    assert kinds(result, "throw")[-1]["seat"] == 1


def test_elimination_waiting_riders_do_not_throw() -> None:
    result = race(ELIM, 3, [3, 1, 1, 1, 1], {"riders": [[46], [30], [20]]})
    assert [t["seat"] for t in kinds(result, "throw")] == [0, 1, 2, 1, 2]


def test_elimination_line_order_reading_parks_the_rider_just_past_the_line() -> None:
    result = race(ELIM, 3, [6], {"riders": [[46], [30], [20]]}, waiting_square="line-order")
    assert squares(result)[0] == [1]
    assert squares(race(ELIM, 3, [6], {"riders": [[46], [30], [20]]}))[0] == [10]


def test_elimination_ends_with_one_rider_and_a_full_ranking() -> None:
    result = race(ELIM, 4, [], None)
    assert not result["finished"]
    full = race(ELIM, 4, [1, 2, 3, 4, 5, 6] * 60)
    assert full["finished"] and sorted(full["ranking"]) == [0, 1, 2, 3]
    eliminated = [e["seat"] for e in kinds(full, "eliminated")]
    assert full["ranking"] == [full["winner"]] + eliminated[::-1]


# --- La Cagnotte -------------------------------------------------------------

def test_kitty_the_last_pays_goes_to_38_and_throws_first() -> None:
    result = race(CAG, 3, [3, 4, 2], {"riders": [[46], [45], [30]]})
    stake = kinds(result, "stake")[0]
    assert (stake["seat"], stake["stake"], stake["pot"]) == (2, 1, 1)
    assert kinds(result, "placed")[0]["square"] == 38
    assert kinds(result, "throw")[-1]["seat"] == 2
    assert squares(result)[2] == [40] and result["riders"][2][0]["laps"] == 0


def test_kitty_next_lap_reading_counts_the_lap() -> None:
    result = race(CAG, 3, [3, 4], {"riders": [[46], [45], [30]]}, cagnotte_38="next-lap")
    assert result["riders"][2][0] == {"square": 38, "laps": 1, "finished": False}


def test_kitty_ends_when_the_pot_reaches_the_total() -> None:
    setup = {"riders": [[46], [45], [30]], "players": [{"stakes": 2}, {"stakes": 2}, {}]}
    result = race(CAG, 3, [3, 4], setup, cagnotte_stake=1, cagnotte_total=5)
    assert result["finished"] and result["pot"] == 5
    assert result["ranking"][0] == 2 and result["winner"] == 2
    bigger = race(CAG, 3, [3, 4], setup, cagnotte_stake=3, cagnotte_total=20)
    assert not bigger["finished"] and bigger["pot"] == 7
