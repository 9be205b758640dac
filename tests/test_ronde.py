"""Het Grote Ronde van Vlaanderen Spel, section by section: each test sets a position, scripts the
dice and choices, and checks what the rulebook (and our stated reading) says must happen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from parcours import ScenarioError, parse
from parcours.core import Dice, Need
from parcours.ronde import cards as C
from parcours.ronde.course import DEFAULT_COURSE, build, counts
from parcours.scenario import Game

L1, L2, L3, L3X = "ronde.niveau-1", "ronde.niveau-2", "ronde.niveau-3", "ronde.niveau-3-sans-peloton"


def game(ruleset: str, players: int, setup: dict[str, Any], dice: Sequence[int] = (),
         choices: Sequence[str] = (), options: dict[str, Any] | None = None) -> Game:
    scenario = parse({"ruleset": ruleset, "players": players, "setup": {"first": 1, **setup},
                      "dice": list(dice), "choices": list(choices), "options": options or {}})
    g = Game(scenario)
    used = g.run(Dice(list(dice)), list(choices))
    assert used == len(choices), f"only {used} of the choices were used"
    return g


def riders(g: Game) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = g.position()["riders"]
    return out


def need_of(g: Game) -> Need:
    """The game's current question (the game must not be over)."""
    need = g.need()
    assert need is not None
    return need


def kinds(g: Game) -> list[str]:
    return [e.kind for e in g.events]


def hand(*cards: str) -> list[str]:
    return list(cards)


# ---------------------------------------------------------------- the material

def test_the_reconstructed_course_has_the_counts_the_rulebook_gives() -> None:
    assert counts(build()) == {"spaces": 180, "flat": 120, "uphill": 60, "hills": 8, "cobbled strips": 3}
    names = [h["name"] for h in DEFAULT_COURSE["hills"]]
    assert {"Koppenberg", "Muur - Kapelmuur", "Berendries"} <= set(names)
    assert {c["name"] for c in DEFAULT_COURSE["cobbles"]} == {"Paddestraat", "Kerkgate", "Haaghoek"}


def test_the_reconstructed_card_split_has_the_rulebook_totals() -> None:
    assert C.by_family(C.DEFAULT_SPLIT) == {"acceleration": 50, "misfortune": 8, "peloton": 10, "tactical": 32}
    assert C.DEFAULT_SPLIT["p-mixed"] == 2  # "of which there are two in the game"


def test_a_scenario_may_replace_the_course_and_bad_course_data_names_the_field() -> None:
    short = {"spaces": 30, "hills": [{"name": "Muur - Kapelmuur", "from": 10, "dice": "44"}], "cobbles": [],
             "supply": [20], "red_triangle": 25}
    g = game(L1, 2, {"course": short, "riders": [{"at": 8, "hand": []}, {"at": 0, "hand": []}]}, [2], ["d4"])
    assert riders(g)[0]["at"] == 10 and "extra-turn" in kinds(g)
    with pytest.raises(ScenarioError) as err:
        parse({"ruleset": L1, "players": 2, "setup": {"course": {**short, "hills": [{"name": "X", "from": 10,
                                                                                      "dice": "45"}]}}})
    assert err.value.where == "setup.course.hills[0].dice[1]"  # the bad space itself


def test_level_1_setup_deals_three_acceleration_cards_and_shuffles_the_misfortunes_into_the_draw_pile() -> None:
    g = Game(parse({"ruleset": L1, "players": 4, "seed": 3}))
    state = g.state
    assert all(len(r.hand) == 3 and all(state.kinds[c] in C.ACCELERATION for c in r.hand) for r in state.riders)
    assert len(state.draw) == 50 - 12 + 8 and not state.peloton_draw
    need = g.need()
    assert need is not None and need.decision == "lot" and need.sides == 16


# ---------------------------------------------------------------- dice, cards, playing

def test_on_the_flat_the_player_chooses_the_d4_d6_or_d8_and_on_a_hill_rolls_the_space_die() -> None:
    g = game(L1, 2, {"riders": [{"at": 10, "hand": []}, {"at": 38, "hand": []}]}, [3], ["d4"])
    need = need_of(g)
    assert need.choices == () or need.kind == "dice"
    assert need.kind == "dice" and need.seat == 1 and need.sides == 4  # space 38: a D4 space
    with pytest.raises(ScenarioError, match="D4"):
        g.throw([5])
    assert riders(g)[1]["at"] == 38  # the refused throw changed nothing


def test_the_narration_says_who_chose_the_die_and_where_the_space_imposed_it() -> None:
    from parcours import sentence

    g = game(L1, 2, {"riders": [{"at": 10, "hand": []}, {"at": 38, "hand": []}]}, [3], ["d4"])
    said = [(sentence(e, "fr", False), sentence(e, "en", False)) for e in g.events if e.kind == "die"]
    assert said == [("Rouge choisit le D4.", "Red chooses the D4."),  # on the flat: his choice
                    ("Orange lance le D4 marqué sur sa case.", "Orange throws the D4 marked on his space.")]


def test_acceleration_cards_match_the_space_and_go_to_the_discard() -> None:
    g = game(L1, 2, {"riders": [{"at": 36, "hand": hand("triangle", "square", "flat")}, {"hand": []}]})
    assert set(need_of(g).choices) == {"roll", "square"}  # space 36 is a D6 space: no triangle, no flat card
    g.choose("square")
    assert need_of(g).sides == 16
    g.throw([9])
    assert riders(g)[0]["at"] == 45 and g.state.kinds[g.state.discard[-1]] == "square"


def test_a_drawn_misfortune_is_served_then_discarded() -> None:
    g = game(L1, 2, {"riders": [{"at": 10, "hand": []}, {"at": 5, "hand": []}], "draw": ["m-hammer"]},
             [6, 2, 3, 3, 3, 3], ["d6", "d4", "d4", "d4"])
    events = [(e.kind, e.seat) for e in g.events]
    assert ("hit", 0) in events and events.count(("sit-out", 0)) == 3 and ("back-up", 0) in events
    assert "m-hammer" in [g.state.kinds[c] for c in g.state.discard]


def test_thirteen_or_more_on_the_d16_voids_a_misfortune_on_top_of_the_draw_pile() -> None:
    g = game(L1, 2, {"riders": [{"at": 36, "hand": hand("square")}, {"hand": []}], "draw": ["m-fall", "flat"]},
             [14], ["square"])
    assert "misfortune-void" in kinds(g)
    assert g.state.kinds[g.state.draw[-1]] == "flat" and riders(g)[0]["skip"] == 0


def test_thirteen_as_a_shield_protects_from_the_next_misfortune_of_the_turn() -> None:
    g = game(L1, 2, {"riders": [{"at": 36, "hand": hand("square")}, {"hand": []}], "draw": ["m-fall"]},
             [14], ["square"], {"ronde.d16-thirteen": "shield"})
    assert "shield" in kinds(g) and g.state.kinds[g.state.draw[-1]] == "m-fall"


@pytest.mark.parametrize("face, pile", [(1, "draw"), (6, "draw"), (8, "discard"), (3, None)])
def test_dice_results_1_or_6_draw_and_8_or_12_take_the_discard(face: int, pile: str | None) -> None:
    g = game(L1, 2, {"riders": [{"at": 0, "hand": []}, {"hand": []}], "draw": ["square"], "discard": ["triangle"]},
             [face], ["d8"])
    got = [g.state.kinds[c] for c in g.state.riders[0].hand]
    assert got == ({"draw": ["square"], "discard": ["triangle"], None: []}[pile])


def test_an_empty_draw_pile_is_rebuilt_from_the_discard() -> None:
    g = Game(parse({"ruleset": L1, "players": 2, "setup": {"first": 1, "riders": [{"hand": []}, {"hand": []}]}}))
    state = g.state
    state.discard, state.draw = state.draw, []
    g.choose("d6")
    g.throw([6])
    assert "reshuffle" in [e.kind for e in g.steps[-1]] and not state.discard
    assert len(state.riders[0].hand) + len(state.riders[0].lying) == 1


def test_the_draw_pile_is_rebuilt_the_moment_it_runs_out_so_a_later_8_finds_the_discard_empty() -> None:
    few = {**{kind: 0 for kind in C.DEFAULT_SPLIT}, "flat": 1, "triangle": 1, "square": 1}
    setup = {"cards": few, "riders": [{"hand": []}, {"hand": []}], "draw": ["flat"], "discard": ["square", "triangle"]}
    g = game(L1, 2, setup, [6, 8], ["d6", "d8"])
    # Red's 6 takes the last card of the draw pile: the discard, shuffled, is the draw pile at once
    assert "reshuffle" in [e.kind for e in g.steps[2]] and len(g.state.draw) == 2  # steps: set-up, d6, 6
    assert g.position()["hands"] == [["flat"], []]  # so Orange's 8 finds no discard to take from


@pytest.mark.parametrize("reading, back", [("at-once", "square"), ("after-roll", "triangle")])
def test_an_acceleration_card_rolling_12_may_take_itself_back_from_the_discard(reading: str, back: str) -> None:
    setup = {"riders": [{"at": 36, "hand": hand("square")}, {"hand": []}], "discard": ["triangle"]}
    g = game(L1, 2, setup, [12], ["square"], {"ronde.played-card-discard": reading})
    assert riders(g)[0]["at"] == 48 and g.position()["hands"][0] == [back]
    assert [g.state.kinds[c] for c in g.state.discard] == ["triangle" if reading == "at-once" else "square"]


@pytest.mark.parametrize("reading, back", [("at-once", "p-hill"), ("after-roll", "p-flat")])
def test_a_peloton_card_rolling_10_may_take_itself_back_from_the_discard(reading: str, back: str) -> None:
    setup = {"riders": [{"at": 38, "hand": hand("p-hill")}, {"at": 50, "hand": []}, {"at": 60, "hand": []}],
             "peloton": 37, "peloton_discard": ["p-flat"]}
    g = game(L2, 3, setup, [10], ["p-hill"], {"ronde.played-card-discard": reading})
    assert g.position()["peloton"] == 47 and riders(g)[0]["at"] == 48
    assert g.position()["hands"][0] == [back] and need_of(g).decision == "act"  # then he plays his own rider
    assert g.position()["piles"]["peloton_discard"] == ["p-flat" if reading == "at-once" else "p-hill"]


def test_the_highest_d16_begins_and_a_tie_rolls_again() -> None:
    scenario = parse({"ruleset": L1, "players": 3, "dice": [12, 12, 5, 3, 9]})
    g = Game(scenario)
    g.run(Dice(scenario.dice), [])
    assert [e.kind for e in g.events if e.kind.startswith(("lot", "first"))] == [
        "lot", "lot", "lot", "lot-tie", "lot", "lot", "first"]
    assert g.state.turn == 1


def test_three_riders_abreast_stop_a_rider_behind_them_and_the_points_are_lost() -> None:
    g = game(L1, 4, {"riders": [{"at": 10, "hand": []}, {"at": 14, "hand": []}, {"at": 14, "hand": []},
                                {"at": 14, "hand": []}]}, [8], ["d8"])
    assert riders(g)[0]["at"] == 13
    ride = next(e for e in g.events if e.kind == "ride")
    assert ride.cite == "ronde:three-abreast" and ride.data["lost"] == 5


def test_three_riders_just_in_front_at_the_start_of_a_turn_pass_it() -> None:
    g = game(L1, 4, {"riders": [{"at": 13, "hand": []}, {"at": 14, "hand": []}, {"at": 14, "hand": []},
                                {"at": 14, "hand": []}]})
    assert "boxed-in" in kinds(g) and g.state.turn == 1


def test_reaching_the_foot_of_a_hill_exactly_gives_an_extra_turn() -> None:
    g = game(L1, 2, {"riders": [{"at": 33, "hand": []}, {"hand": []}]}, [3, 2], ["d6"])
    assert riders(g)[0]["at"] == 38 and "extra-turn" in kinds(g)


def test_rolling_more_stops_at_the_foot_of_the_hill_and_the_rest_is_lost() -> None:
    g = game(L1, 2, {"riders": [{"at": 33, "hand": []}, {"hand": []}]}, [7], ["d8"])
    assert riders(g)[0]["at"] == 36 and "extra-turn" not in kinds(g) and g.state.turn == 1


def test_from_hill_to_flat_the_rider_uses_all_his_points() -> None:
    g = game(L1, 2, {"riders": [{"at": 43, "hand": []}, {"hand": []}]}, [4])  # 43: a D4 space, 45 flat
    assert riders(g)[0]["at"] == 47


@pytest.mark.parametrize("die, face, turns", [("d4", 4, 1), ("d8", 5, 2)])
def test_landing_on_a_cobble_with_at_least_its_number_is_a_fall_and_no_card(die: str, face: int, turns: int) -> None:
    # Kerkgate starts on 25 with numbers 5 4 6 4 5: space 26 carries a 4, space 27 a 6
    g = game(L1, 2, {"riders": [{"at": 26 - face, "hand": []}, {"hand": []}], "draw": ["square"]},
             [face], [die])
    assert riders(g)[0]["skip"] == turns and "fall" in kinds(g) and not g.state.riders[0].hand


def test_a_fall_with_the_d16_costs_a_d4_roll_of_turns() -> None:
    g = game(L1, 2, {"course": {**DEFAULT_COURSE, "hills": [], "cobbles": [{"name": "Kerkgate", "from": 40,
                                                                             "numbers": [9]}]},
                     "riders": [{"at": 26, "hand": hand("flat")}, {"hand": []}]}, [10, 14 - 10 + 0][:1] + [3],
             ["flat"])
    assert riders(g)[0]["at"] == 36 and riders(g)[0]["skip"] == 0  # the D10's 10 lands on 36: no cobble
    g2 = game(L1, 2, {"course": {**DEFAULT_COURSE, "hills": [{"name": "Berg", "from": 20, "dice": "6"}],
                                 "cobbles": [{"name": "Kerkgate", "from": 40, "numbers": [9]}]},
                      "riders": [{"at": 28, "hand": hand("flat", "square")}, {"hand": []}]})
    assert need_of(g2).choices == ("d4", "d6", "d8", "flat")


def test_the_supply_zone_gives_three_cards() -> None:
    g = game(L1, 2, {"riders": [{"at": 79, "hand": []}, {"hand": []}], "draw": ["flat", "square", "triangle"]},
             [3], ["d4"])
    assert sorted(g.position()["hands"][0]) == ["flat", "square", "triangle"]


def test_one_misfortune_at_the_supply_is_served_and_the_other_two_cards_kept() -> None:
    g = game(L1, 2, {"riders": [{"at": 79, "hand": []}, {"hand": []}], "draw": ["flat", "m-fall", "triangle"]},
             [3], ["d4"])
    assert sorted(g.position()["hands"][0]) == ["flat", "triangle"] and riders(g)[0]["skip"] == 2


@pytest.mark.parametrize("reading, kept", [("lose-all", []), ("keep-rest", ["flat"])])
def test_two_misfortunes_at_the_supply_are_discarded_unserved(reading: str, kept: list[str]) -> None:
    g = game(L1, 2, {"riders": [{"at": 79, "hand": []}, {"hand": []}], "draw": ["flat", "m-fall", "m-hammer"]},
             [3], ["d4"], {"ronde.supply-misfortunes": reading})
    assert g.position()["hands"][0] == kept and riders(g)[0]["skip"] == 0


@pytest.mark.parametrize("reading, at, face, steals", [("reach", 170, 4, True), ("stop", 170, 4, False),
                                                      ("stop", 169, 3, True)])
def test_the_red_triangle_takes_a_card_from_someone(reading: str, at: int, face: int, steals: bool) -> None:
    g = game(L1, 2, {"riders": [{"at": at, "hand": []}, {"hand": hand("square")}]}, [face],
             ["d4"] + (["steal@2"] if steals else []), {"ronde.red-triangle": reading})
    assert g.position()["hands"][0] == (["square"] if steals else [])


def test_the_first_over_the_line_wins_and_the_race_may_go_on_for_the_places() -> None:
    g = game(L1, 2, {"riders": [{"at": 176, "hand": []}, {"at": 170, "hand": []}]}, [5], ["d8"])
    assert g.finished and g.position()["winner"] == 0
    g = game(L1, 2, {"riders": [{"at": 176, "hand": []}, {"at": 175, "hand": []}]}, [5, 6], ["d8", "d8"],
             {"ronde.race-end": "all"})
    assert g.finished and g.position()["ranking"] == [0, 1]


# ---------------------------------------------------------------- level 2: the peloton

def test_level_2_sets_the_peloton_at_the_start_and_a_4_or_a_10_draws_a_peloton_card() -> None:
    g = game(L2, 3, {"riders": [{"at": 20, "hand": []}, {"at": 21, "hand": []}, {"at": 22, "hand": []}],
                     "peloton": 5, "peloton_draw": ["p-hill"]}, [4], ["d4"])
    assert g.position()["hands"][0] == ["p-hill"] and g.position()["peloton"] == 20  # behind Orange, now last
    assert {"peloton-start", "peloton-pile"} <= set(kinds(g))


def test_the_peloton_follows_the_last_rider() -> None:
    g = game(L2, 3, {"riders": [{"at": 10, "hand": []}, {"at": 14, "hand": []}, {"at": 20, "hand": []}],
                     "peloton": 9}, [8], ["d8"])
    assert g.position()["peloton"] == 13  # Red went to 18: the last rider is now Orange on 14


def test_a_peloton_card_sweeps_the_overtaken_riders_in_front_of_it_three_to_a_space() -> None:
    setup = {"riders": [{"at": 2, "hand": hand("p-flat")}, {"at": 5, "hand": []}, {"at": 6, "hand": []},
                        {"at": 7, "hand": []}, {"at": 9, "hand": []}, {"at": 20, "hand": []}], "peloton": 1}
    g = game(L2, 6, setup, [11], ["p-flat"])
    at = [r["at"] for r in riders(g)]
    # the first three overtaken (the rearmost) just in front, the fourth and fifth a space further
    assert g.position()["peloton"] == 12 and at == [13, 13, 13, 14, 14, 20]
    assert need_of(g).seat == 0 and need_of(g).decision == "act"  # then he plays his own rider


def test_a_lying_rider_just_in_front_of_the_peloton_goes_behind_it_and_drives_it_with_the_d4() -> None:
    setup = {"riders": [{"at": 10, "skip": 2, "hand": []}, {"at": 15, "hand": []}, {"at": 30, "hand": []}],
             "peloton": 9}
    g = game(L2, 3, setup)
    assert riders(g)[0]["behind"] and need_of(g).sides == 4 and need_of(g).seat == 0
    g.throw([3])
    assert g.position()["peloton"] == 12 and riders(g)[0]["at"] == 11 and riders(g)[0]["skip"] == 1


def test_after_sitting_out_behind_the_peloton_a_7_on_the_d8_gets_back_in_front() -> None:
    setup = {"riders": [{"behind": True, "hand": []}, {"at": 15, "hand": []}, {"at": 30, "hand": []}],
             "peloton": 9}
    g = game(L2, 3, setup, [2, 7])
    assert g.position()["peloton"] == 11 and riders(g)[0]["at"] == 12 and not riders(g)[0]["behind"]
    assert "peloton-mode" in kinds(g) and not g.state.riders[0].hand  # no cards behind the peloton


def test_the_peloton_stops_at_the_foot_of_a_hill_and_an_exact_count_rolls_the_d4_again() -> None:
    setup = {"riders": [{"at": 27, "hand": hand("p-flat")}, {"at": 33, "hand": []}, {"at": 35, "hand": []}],
             "peloton": 26}
    g = game(L2, 3, setup, [10, 2], ["p-flat"])
    assert "peloton-extra" in kinds(g) and g.position()["peloton"] == 38
    assert riders(g)[1]["at"] == 39 and riders(g)[2]["at"] == 39


def test_riders_set_down_on_cobbles_by_the_peloton_do_not_fall() -> None:
    setup = {"riders": [{"at": 18, "hand": hand("p-flat")}, {"at": 22, "hand": []}, {"at": 50, "hand": []}],
             "peloton": 17}
    g = game(L2, 3, setup, [8], ["p-flat"])
    assert riders(g)[1]["at"] == 26 and riders(g)[1]["skip"] == 0 and "cobbles-safe" in kinds(g)


def test_riders_swept_onto_the_supply_zone_get_their_cards() -> None:
    setup = {"riders": [{"at": 70, "hand": hand("p-flat")}, {"at": 70, "hand": []}, {"at": 100, "hand": []}],
             "peloton": 69, "draw": ["flat", "flat", "flat", "square", "square", "square"]}
    g = game(L2, 3, setup, [12], ["p-flat"], {"ronde.peloton-draws": "no"})
    # Koppenberg's foot (71) stops the peloton: no supply this time; the rule is tested on the flat below
    assert g.position()["peloton"] == 71
    setup = {"riders": [{"at": 79, "hand": hand("p-flat")}, {"at": 79, "hand": []}, {"at": 120, "hand": []}],
             "peloton": 78, "draw": ["flat", "flat", "flat", "square", "square", "square"]}
    g = game(L2, 3, setup, [3], ["p-flat"], {"ronde.peloton-draws": "no"})
    assert g.position()["peloton"] == 81 and [r["at"] for r in riders(g)][:2] == [82, 82]
    # clockwise from the player on turn: Red takes the top three, then Orange
    assert g.position()["hands"][0] == ["flat"] * 3 and g.position()["hands"][1] == ["square"] * 3


def test_at_the_foot_of_the_muur_the_peloton_cards_are_over() -> None:
    setup = {"riders": [{"at": 140, "hand": hand("p-flat", "p-hill")}, {"at": 146, "hand": hand("p-mixed")},
                        {"at": 160, "hand": []}], "peloton": 139}
    g = game(L2, 3, setup, [12], ["p-flat"], {"ronde.peloton-draws": "no"})
    assert g.position()["peloton_closed"] and g.position()["hands"][1] == []
    assert not any(c.startswith("p-") for c in need_of(g).choices)


# ---------------------------------------------------------------- level 3: tactical cards

def test_level_3_deals_one_tactical_card_and_without_peloton_removes_the_take_cards() -> None:
    g = Game(parse({"ruleset": L3, "players": 3, "seed": 1}))
    assert all(sum(1 for c in r.hand if g.state.kinds[c].startswith("t-")) == 1 for r in g.state.riders)
    g = Game(parse({"ruleset": L3X, "players": 3, "seed": 1}))
    assert "t-take" not in g.state.kinds and sum(k.startswith("t-") for k in g.state.kinds) == 30


def test_a_third_tactical_card_must_be_discarded_after_one_round() -> None:
    g = game(L3, 3, {"riders": [{"at": 10, "hand": hand("t-koppenberg", "t-berendries")}, {"at": 30, "hand": []},
                                {"at": 40, "hand": []}], "draw": ["t-take"]},
             [6, 3, 3, 3], ["d6", "d4", "d4"])  # Yellow, on a hill, has no choice to make
    assert need_of(g).decision == "discard" and need_of(g).seat == 0
    g.choose("discard:t-berendries")
    assert sorted(g.position()["hands"][0]) == ["t-koppenberg", "t-take"]


def test_a_card_against_a_rider_makes_him_skip_and_its_player_rolls_a_basic_die() -> None:
    g = game(L3, 3, {"riders": [{"at": 10, "hand": hand("t-hammer", "flat")}, {"at": 30, "hand": []},
                                {"at": 40, "hand": []}]}, [], ["t-hammer@3"])
    assert riders(g)[2]["skip"] == 3 and need_of(g).choices == ("d4", "d6", "d8")
    g = game(L3, 3, {"riders": [{"at": 10, "hand": hand("t-hammer", "flat")}, {"at": 30, "hand": []},
                                {"at": 40, "hand": []}]}, [], ["t-hammer@3"], {"ronde.against-basic-die": "any"})
    assert "flat" in need_of(g).choices


def test_the_take_card_takes_blind_from_an_opponent() -> None:
    g = game(L3, 3, {"riders": [{"at": 10, "hand": hand("t-take")}, {"at": 30, "hand": hand("flat", "square",
                                                                                             "p-hill")},
                                {"at": 40, "hand": []}]}, [], ["t-take@2"])
    assert sorted(g.position()["hands"][0]) == ["flat", "p-hill", "square"] and g.position()["hands"][1] == []


def test_the_koppenberg_card_rolls_the_d10_twice() -> None:
    g = game(L3, 3, {"riders": [{"at": 72, "hand": hand("t-koppenberg")}, {"at": 30, "hand": []},
                                {"at": 40, "hand": []}]}, [3, 9], ["t-koppenberg"])
    assert riders(g)[0]["at"] == 84 and "second-roll" in kinds(g)


@pytest.mark.parametrize("at, sides", [(115, 16), (130, 8)])
def test_the_berendries_card_rolls_the_d16_there_or_the_d8_on_another_hill(at: int, sides: int) -> None:
    g = game(L3, 3, {"riders": [{"at": at, "hand": hand("t-berendries")}, {"at": 30, "hand": []},
                                {"at": 40, "hand": []}]}, [], ["t-berendries"])
    assert need_of(g).sides == sides


def test_a_counter_against_a_counter_lets_the_card_stand() -> None:
    setup = {"riders": [{"at": 10, "hand": hand("flat", "t-counter")}, {"at": 30, "hand": hand("t-counter")},
                        {"at": 40, "hand": []}]}
    g = game(L3, 3, setup, [7], ["flat", "counter", "counter"])
    assert [e.kind for e in g.events].count("counter") == 2 and "countered" not in kinds(g)
    assert riders(g)[0]["at"] == 17


def test_a_countered_acceleration_card_costs_its_player_the_turn() -> None:
    setup = {"riders": [{"at": 10, "hand": hand("flat")}, {"at": 30, "hand": hand("t-counter")},
                        {"at": 40, "hand": []}]}
    g = game(L3, 3, setup, [], ["flat", "counter"])
    assert "countered" in kinds(g) and riders(g)[0]["at"] == 10 and g.state.turn == 1
    assert "out-of-turn" in kinds(g)


def test_a_player_may_counter_the_misfortune_he_draws() -> None:
    setup = {"riders": [{"at": 10, "hand": hand("t-counter")}, {"at": 30, "hand": []}, {"at": 40, "hand": []}],
             "draw": ["m-hammer"]}
    g = game(L3, 3, setup, [6], ["d6", "counter"])
    assert riders(g)[0]["skip"] == 0 and "countered" in kinds(g)


def test_spring_along_before_the_roll_rides_the_same_points() -> None:
    setup = {"riders": [{"at": 10, "hand": []}, {"at": 8, "hand": hand("t-spring")}, {"at": 40, "hand": []}]}
    g = game(L3, 3, setup, [5], ["d6", "spring"])
    assert [r["at"] for r in riders(g)][:2] == [15, 13]


def test_spring_along_after_being_passed_rides_the_points_left() -> None:
    setup = {"riders": [{"at": 10, "hand": []}, {"at": 12, "hand": hand("t-spring")}, {"at": 40, "hand": []}]}
    g = game(L3, 3, setup, [7], ["d8", "spring"], {"ronde.spring-along": "passed"})
    assert [r["at"] for r in riders(g)][:2] == [17, 17]


def test_two_riders_over_the_line_together_roll_the_d16() -> None:
    setup = {"riders": [{"at": 175, "hand": []}, {"at": 174, "hand": hand("t-spring")}, {"at": 40, "hand": []}]}
    g = game(L3, 3, setup, [8, 5, 11], ["d8", "spring"])
    assert g.finished and g.position()["winner"] == 1 and kinds(g).count("tie-roll") == 2


def test_with_every_place_ridden_for_two_riders_over_the_line_together_both_are_ranked() -> None:
    setup = {"riders": [{"at": 175, "hand": []}, {"at": 174, "hand": hand("t-spring")}, {"at": 40, "hand": []}]}
    g = game(L3, 3, setup, [8, 5, 11], ["d8", "spring"], {"ronde.race-end": "all"})
    assert not g.finished and g.state.arrivals == [1, 0] and g.state.turn == 2


def test_a_kwak_knocks_down_a_rider_on_the_same_space() -> None:
    setup = {"riders": [{"at": 10, "hand": []}, {"at": 14, "hand": hand("t-kwak")}, {"at": 40, "hand": []}]}
    g = game(L3, 3, setup, [4], ["d4", "t-kwak@1"])
    assert riders(g)[0]["skip"] == 2 and g.state.kinds[g.state.riders[0].lying[0]] == "t-kwak"


def test_a_played_tactical_card_goes_face_up_on_the_discard() -> None:
    setup = {"riders": [{"at": 115, "hand": hand("t-berendries")}, {"at": 30, "hand": []}, {"at": 40, "hand": []}]}
    g = game(L3, 3, setup, [3], ["t-berendries"])
    assert "tactical-discard" in kinds(g) and g.state.kinds[g.state.discard[-1]] == "t-berendries"


# ---------------------------------------------------------------- the other readings, side by side

@pytest.mark.parametrize("reading, drawn", [("every-roll", ["flat"]), ("basic-dice", [])])
def test_which_rolls_draw_a_card(reading: str, drawn: list[str]) -> None:
    g = game(L1, 2, {"riders": [{"at": 37, "hand": hand("square")}, {"hand": []}], "draw": ["flat"]}, [6],
             ["square"], {"ronde.drawing-rolls": reading})
    assert g.position()["hands"][0] == drawn


@pytest.mark.parametrize("reading, at", [("yes", 13), ("no", 18)])
def test_whether_riders_lying_down_bar_the_road(reading: str, at: int) -> None:
    setup = {"riders": [{"at": 10, "hand": []}, {"at": 14, "hand": [], "skip": 2}, {"at": 14, "hand": []},
                        {"at": 14, "hand": []}]}
    g = game(L1, 4, setup, [8], ["d8"], {"ronde.lying-block": reading})
    assert riders(g)[0]["at"] == at


def test_a_third_tactical_card_discarded_at_once_with_no_grace() -> None:
    g = game(L3, 3, {"riders": [{"at": 10, "hand": hand("t-koppenberg", "t-berendries")}, {"at": 30, "hand": []},
                                {"at": 40, "hand": []}], "draw": ["t-take"]},
             [6], ["d6"], {"ronde.tactical-grace": "at-once"})
    assert need_of(g).decision == "discard" and need_of(g).seat == 0


@pytest.mark.parametrize("reading, peloton", [("yes", 36), ("no", 38)])
def test_whether_the_peloton_driven_with_the_d4_stops_at_the_foot_of_a_hill(reading: str, peloton: int) -> None:
    setup = {"riders": [{"behind": True, "skip": 2, "hand": []}, {"at": 50, "hand": []},
                        {"at": 60, "hand": []}], "peloton": 34}
    g = game(L2, 3, setup, [4], [], {"ronde.drive-stops-at-foot": reading})
    assert g.position()["peloton"] == peloton


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("setup, where", [
    ({"riders": [{"at": 200}, {}]}, "setup.riders[0].at"),
    ({"riders": [{"hand": ["joker"]}, {}]}, "setup.riders[0].hand[0]"),
    ({"draw": ["t-kwak"]}, "setup.draw[0]"),  # no tactical cards at level 1
    ({"peloton": 3}, "setup.peloton"),
    ({"first": 3}, "setup.first"),
    ({"cards": {"flat": -1}}, "setup.cards.flat"),
    ({"colour": "red"}, "setup.colour"),
])
def test_a_bad_setup_names_the_field(setup: dict[str, Any], where: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse({"ruleset": L1, "players": 2, "setup": setup})
    assert err.value.where == where


SHORT = {"spaces": 30, "hills": [{"name": "Muur - Kapelmuur", "from": 10, "dice": "44"}], "cobbles": [],
         "supply": [20], "red_triangle": 25}


@pytest.mark.parametrize("course, where", [
    ({"hills": [{"name": "X", "from": 10, "dice": 46}]}, "setup.course.hills[0].dice"),
    ({"hills": [{"name": "X", "from": 10, "dice": []}]}, "setup.course.hills[0].dice"),
    ({"hills": [{"name": "X", "from": 10, "dice": [4, True]}]}, "setup.course.hills[0].dice[1]"),
    ({"hills": [{"name": "", "from": 10, "dice": "44"}]}, "setup.course.hills[0].name"),
    ({"hills": [{"name": "X", "from": 0, "dice": "44"}]}, "setup.course.hills[0].from"),
    ({"hills": [{"name": "X", "from": 27, "dice": "444"}]}, "setup.course.hills[0]"),
    ({"cobbles": [{"name": "K", "from": 5, "numbers": 5}]}, "setup.course.cobbles[0].numbers"),
    ({"cobbles": [{"name": "K", "from": 5, "numbers": [5, 17]}]}, "setup.course.cobbles[0].numbers[1]"),
    ({"cobbles": [{"name": "K", "from": 10, "numbers": [5]}]}, "setup.course.cobbles[0]"),  # on the hill
    ({"red_triangle": [25]}, "setup.course.red_triangle"),
    ({"red_triangle": 29}, "setup.course.red_triangle"),
    ({"supply": 20}, "setup.course.supply"),
    ({"supply": [20, "21"]}, "setup.course.supply[1]"),
    ({"spaces": 401}, "setup.course.spaces"),
    ({"spaces": 9}, "setup.course.spaces"),
    ({"spaces": 30.0}, "setup.course.spaces"),
    ({"hills": {"name": "X"}}, "setup.course.hills"),
])
def test_a_bad_course_is_one_line_naming_the_field_never_a_traceback(course: dict[str, Any], where: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse({"ruleset": L1, "players": 2, "setup": {"course": {**SHORT, **course}}})
    assert err.value.where == where and "\n" not in str(err.value)


def test_a_course_of_400_spaces_is_the_longest_allowed_and_the_error_says_so() -> None:
    assert len(build({**SHORT, "spaces": 400}).spaces) == 400
    with pytest.raises(ScenarioError, match="from 10 to 400, got 1000"):
        build({**SHORT, "spaces": 1000})


@pytest.mark.parametrize("ruleset, setup, where", [
    (L1, {"cards": {"flat": 61}}, "setup.cards.flat"),
    (L1, {"cards": {"flat": "3"}}, "setup.cards.flat"),
    (L1, {"cards": {"flat": 60, "triangle": 60, "square": 60, "p-flat": 60}}, "setup.cards"),
    (L1, {"cards": ["flat"]}, "setup.cards"),
    (L1, {"shuffle": 1.5}, "setup.shuffle"),
    (L1, {"riders": [{"skip": 21}, {}]}, "setup.riders[0].skip"),
    (L1, {"riders": [{"at": -1}, {}]}, "setup.riders[0].at"),
    (L1, {"riders": [{"at": 179}, {}]}, "setup.riders[0].at"),  # the finish: nobody starts there
    (L1, {"riders": [{"hand": "flat"}, {}]}, "setup.riders[0].hand"),
    (L1, {"riders": [{"behind": "yes"}, {}]}, "setup.riders[0].behind"),
    (L1, {"riders": {"at": 3}}, "setup.riders"),
    (L2, {"peloton": 178}, "setup.peloton"),
    (L2, {"peloton": True}, "setup.peloton"),
    (L2, {"draw": ["p-flat"]}, "setup.draw[0]"),
    (L2, {"peloton_discard": ["flat"]}, "setup.peloton_discard[0]"),
])
def test_every_set_up_field_is_checked_for_type_and_range(ruleset: str, setup: dict[str, Any], where: str) -> None:
    players = 2 if ruleset == L1 else 3
    if "riders" in setup and isinstance(setup["riders"], list):
        setup = {**setup, "riders": setup["riders"] + [{}] * (players - len(setup["riders"]))}
    with pytest.raises(ScenarioError) as err:
        parse({"ruleset": ruleset, "players": players, "setup": setup})
    assert err.value.where == where and "\n" not in str(err.value)


@pytest.mark.parametrize("rows, peloton, where, problem", [
    ([{"at": 12}, {"at": 20}, {"at": 30}], 12, "setup.riders[0].at", "not in front of the peloton"),
    ([{"at": 20}, {"at": 5, "skip": 1}, {"at": 30}], 12, "setup.riders[1].at", "not in front of the peloton"),
    ([{}, {"at": 20}, {"at": 30}], 12, "setup.riders[0].at", "not in front of the peloton"),  # left at the start
    ([{"at": 25, "behind": True}, {"at": 20}, {"at": 30}], 12, "setup.riders[0].at", "on space 11, just behind it"),
    ([{"at": 13}, {"at": 13}, {"at": 13}, {"at": 13}], 12, "setup.riders[3].at", "three riders"),
])
def test_impossible_positions_around_the_peloton_are_refused(rows: list[dict[str, Any]], peloton: int, where: str,
                                                             problem: str) -> None:
    with pytest.raises(ScenarioError, match=problem) as err:
        parse({"ruleset": L2, "players": len(rows), "setup": {"riders": rows, "peloton": peloton}})
    assert err.value.where == where


def test_a_rider_behind_the_peloton_stands_just_behind_it_and_never_off_the_board() -> None:
    g = game(L2, 3, {"riders": [{"behind": True, "skip": 1}, {"at": 20}, {"at": 30}], "peloton": 12})
    assert riders(g)[0]["at"] == 11 and riders(g)[0]["behind"]
    # a rider lying on space 1 while the peloton is still at the start goes behind it: to the start, not space -1
    g = game(L2, 3, {"riders": [{"at": 1, "skip": 2, "hand": []}, {"at": 20}, {"at": 30}]})
    assert riders(g)[0]["behind"] and riders(g)[0]["at"] == 0
    g.throw([3])
    assert g.position()["peloton"] == 3 and riders(g)[0]["at"] == 2


def test_past_the_foot_of_the_muur_a_set_up_has_no_peloton_cards() -> None:
    muur = DEFAULT_COURSE["hills"][6]["from"]
    g = game(L2, 3, {"riders": [{"at": muur + 2, "hand": []}, {"at": muur + 3}, {"at": muur + 4}], "peloton": muur})
    assert g.position()["peloton_closed"]
    with pytest.raises(ScenarioError, match="no peloton cards in hand") as err:
        parse({"ruleset": L2, "players": 3, "setup": {"riders": [{"at": muur + 2, "hand": ["p-flat"]}, {"at": muur + 3},
                                                                {"at": muur + 4}], "peloton": muur}})
    assert err.value.where == "setup.riders[0].hand"


def test_an_illegal_choice_is_refused_and_changes_nothing() -> None:
    g = game(L1, 2, {"riders": [{"at": 10, "hand": []}, {"hand": []}]})
    before = g.position()
    with pytest.raises(ScenarioError, match="not allowed"):
        g.choose("square")
    assert g.position() == before


# ---------------------------------------------------------------- speed: a long custom course

def test_a_film_of_a_400_space_course_parses_it_once_and_draws_its_profile_once(monkeypatch: Any) -> None:
    """A permalink's own course of 400 spaces was parsed and cut into rows again for every frame
    (17-30 s in the browser's worker): counted here rather than timed."""
    import random

    from parcours.ronde import BOTS
    from parcours.ronde import course as course_module
    from parcours_view import ronde_course as profile
    from parcours_view.film import film

    hills = [{"name": f"Mont {k}", "from": 20 + 40 * k, "dice": "6644466446"} for k in range(9)]
    strips = [{"name": f"Pavés {k}", "from": 35 + 40 * k, "numbers": [5, 4, 6, 4]} for k in range(9)]
    course = {"spaces": 400, "hills": hills, "cobbles": strips, "supply": [200, 201], "red_triangle": 390}
    data: dict[str, Any] = {"ruleset": L2, "players": 4, "setup": {"course": course, "shuffle": 3}}
    g, rng, dice, choices = Game(parse(data)), random.Random(1), [], []
    while (asked := g.need()) is not None and len(g.steps) < 120:  # a record as a permalink carries it
        if asked.kind == "dice":
            dice.append(rng.randint(1, asked.sides))
            g.throw(dice[-1:])
        else:
            choices.append(BOTS["heuristic"](g.state, asked, rng))
            g.choose(choices[-1])
    parsed = []
    real = course_module._parse

    def counted(full: dict[str, Any], where: str) -> course_module.Course:
        parsed.append(full["spaces"])
        return real(full, where)

    monkeypatch.setattr(course_module, "_parse", counted)
    course_module._BUILT.clear()
    profile._SEEN.clear()
    for cached in (profile._profile, profile.rows, profile.drawing):
        cached.cache_clear()
    out = film({**data, "dice": dice, "choices": choices})
    assert len(out.frames) > 100 and parsed.count(400) == 1  # (and the default course's, for its board symbols)
    assert profile.rows.cache_info().misses == 1 and profile.drawing.cache_info().misses == 1
    assert all(f'viewBox="0 0 {40 * 2 + 4000}' in frame["board"] for frame in out.frames)  # every board: this course


def test_the_board_in_words_says_turns_with_the_right_plural() -> None:
    from parcours_view.boards import board_label

    setup = {"riders": [{"at": 10, "skip": 1, "hand": []}, {"at": 12, "skip": 2, "hand": []}]}
    position = Game(parse({"ruleset": L1, "players": 2, "setup": setup})).position()  # waiting for the D16 lot
    fr, en = board_label(position, "fr"), board_label(position, "en")
    assert "à terre pour 1 tour," in fr and "à terre pour 2 tours," in fr and "(s)" not in fr
    assert "down for 1 turn," in en and "down for 2 turns," in en and "(s)" not in en


def test_paper_draws_only_the_rows_of_the_course_where_riders_stand() -> None:
    """A printed example's board (paper_board_svg): the rows of the course holding a rider or the
    peloton, one under the other, the riders drawn within them; the screen's board keeps every row."""
    import re

    from parcours_view import ronde as view
    from parcours_view.ronde_course import profile_of, rows

    cuts = rows(profile_of(None))
    far = int((cuts[3][0] + cuts[3][1]) / 2 - 40) // 10  # a space in the course's fourth row
    setup = {"riders": [{"at": 2, "hand": []}, {"at": far, "hand": []}]}
    position = Game(parse({"ruleset": L1, "players": 2, "setup": setup})).position()
    paper, screen = view.paper_board_svg(position, "board"), view.board_svg(position, "board")
    drawn = [float(left) for left in re.findall(r'<svg y="[\d.]+" [^>]*viewBox="([\d.]+) ', paper)]
    assert len(drawn) == 2 and drawn == [cuts[0][0], cuts[3][0]]  # rows 1 and 4, by their left edge
    assert "px-board-tabled" in paper and f'href="#{view.ROWS_ID}"' in screen and view.ROWS_ID not in paper
    riders_y = [float(y) for y in re.findall(r'<use xlink:href="#px-rc-r\d" x="[\d.-]+" y="([\d.-]+)"', paper)]
    row_height = profile_of(None).height
    assert len(riders_y) == 2 and max(riders_y) < 2 * row_height + 4  # the far rider in the second row drawn
