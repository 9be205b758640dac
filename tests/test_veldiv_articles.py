"""One test (or a few) per article of the 1932 rules, the rulebook's own example among them."""

from __future__ import annotations

from veldiv_helpers import cites, kinds, race, squares

IND = "veldiv.individuelle"
AME = "veldiv.americaine"


def test_art_1_each_face_counts_its_number_and_six_counts_twelve() -> None:
    for face in range(1, 6):
        assert squares(race(IND, 2, [face], {"riders": [[10], [30]]}))[0] == [10 + face]
    six = race(AME, 2, [6, 1], {"riders": [[10, 40], [30, 41]]})
    move = kinds(six, "move")[0]
    assert (move["from"], move["to"], move["steps"], move["cite"]) == (10, 22, 12, "veldiv:art-1")


def test_art_2_each_player_in_turn_throws_one_die() -> None:
    result = race(IND, 3, [1, 2, 3, 4])
    throws = kinds(result, "throw")
    assert [t["seat"] for t in throws] == [0, 1, 2, 0]
    assert all(t["cite"] == "veldiv:art-2" and len(t["dice"]) == 1 for t in throws)
    assert squares(result) == [[5], [2], [3]]


def test_art_3_a_taken_square_sends_the_rider_on_by_the_same_number() -> None:
    result = race(IND, 2, [3], {"riders": [[20], [23]]})
    bump = kinds(result, "bump")[0]
    assert (bump["square"], bump["steps"], bump["to"], bump["cite"]) == (23, 3, 26, "veldiv:art-3")
    assert squares(result) == [[26], [23]]


def test_art_3_repeats_until_a_free_square() -> None:
    result = race(IND, 3, [3], {"riders": [[20], [23], [26]]})
    assert [b["to"] for b in kinds(result, "bump")] == [26, 29]
    assert squares(result)[0] == [29]


def test_art_4_a_six_on_a_taken_square_moves_on_six_at_a_time() -> None:
    result = race(IND, 3, [6], {"riders": [[10], [22], [28]]})
    assert [(b["steps"], b["to"], b["cite"]) for b in kinds(result, "bump")] == [
        (6, 28, "veldiv:art-4"), (6, 34, "veldiv:art-4")]
    assert kinds(result, "move")[0]["cite"] == "veldiv:art-4"


def test_art_5_the_rulebooks_own_example() -> None:
    """Riders on 15 and 23, dice 3 and 5: first 15 -> 20, then 23 -> 26."""
    result = race(AME, 2, [3, 5], {"riders": [[15, 23], [40, 41]]})
    moves = kinds(result, "move")
    assert [(m["rider"], m["from"], m["to"]) for m in moves] == [(0, 15, 20), (1, 23, 26)]
    assert kinds(result, "order")[0]["cite"] == "veldiv:art-5"


def test_art_5_opening_turn_is_one_die_and_one_rider_then_two_dice() -> None:
    result = race(AME, 2, [4, 2, 5, 3])
    throws = kinds(result, "throw")
    assert [len(t["dice"]) for t in throws] == [1, 1, 2]
    assert all(t["cite"] == "veldiv:art-5" for t in throws)
    # seat 0: rider 0 went to 4; then the 5 to the rider still on the line (behind), the 3 to the one ahead
    assert squares(result)[0] == [7, 5]


def test_art_5_equal_dice_move_the_rider_behind_first() -> None:
    result = race(AME, 2, [4, 4], {"riders": [[15, 23], [40, 41]]})
    assert [(m["from"], m["to"]) for m in kinds(result, "move")] == [(15, 19), (23, 27)]


def test_art_6_an_opponents_square_sends_the_rider_on() -> None:
    result = race(AME, 2, [3, 1], {"riders": [[15, 30], [18, 40]]})
    bump = kinds(result, "bump")[0]
    assert (bump["square"], bump["to"], bump["cite"]) == (18, 21, "veldiv:art-6")


def test_art_7_a_lucky_throw_onto_the_teammate_doubles_the_move() -> None:
    result = race(AME, 2, [3, 1], {"riders": [[15, 18], [40, 41]]})
    bonus = kinds(result, "bonus")[0]
    assert (bonus["square"], bonus["steps"], bonus["to"], bonus["cite"]) == (18, 6, 24, "veldiv:art-7")
    assert squares(result)[0] == [24, 19]


def test_art_7_then_an_opponent_costs_only_the_die_number() -> None:
    result = race(AME, 2, [3, 1], {"riders": [[15, 18], [24, 40]]})
    bump = kinds(result, "bump")[0]
    assert (bump["square"], bump["steps"], bump["to"], bump["cite"]) == (24, 3, 27, "veldiv:art-7")


def test_art_7_options_six_only_and_teammate() -> None:
    six_only = race(AME, 2, [3, 1], {"riders": [[15, 18], [40, 41]]}, art7_scope="six-only")
    assert kinds(six_only, "bonus") == []
    assert kinds(six_only, "bump")[0]["to"] == 21
    teammate = race(AME, 2, [3, 1], {"riders": [[15, 18], [40, 41]]}, art7_rider="teammate")
    bonus = kinds(teammate, "bonus")[0]
    assert (bonus["rider"], bonus["to"]) == (1, 24)
    # the arriving rider keeps square 18, then the rider ahead (the teammate, now on 24) takes the 1
    assert squares(teammate)[0] == [18, 25]


def test_art_8_a_six_onto_an_opponent_moves_on_six() -> None:
    result = race(AME, 2, [6, 1], {"riders": [[10, 40], [22, 41]]})
    bump = kinds(result, "bump")[0]
    assert (bump["steps"], bump["to"], bump["cite"]) == (6, 28, "veldiv:art-8")


def test_art_9_a_six_onto_the_teammate_moves_on_twelve_then_six() -> None:
    free = race(AME, 2, [6, 1], {"riders": [[10, 22], [40, 41]]})
    bonus = kinds(free, "bonus")[0]
    assert (bonus["steps"], bonus["to"], bonus["cite"]) == (12, 34, "veldiv:art-9")
    blocked = race(AME, 2, [6, 1], {"riders": [[10, 22], [34, 41]]})
    bump = kinds(blocked, "bump")[0]
    assert (bump["steps"], bump["to"], bump["cite"]) == (6, 40, "veldiv:art-9")


def test_art_8_and_9_drop_out_of_the_four_team_pursuit() -> None:
    setup = {"riders": [[14, 20], [26, 40], [38, 44], [2, 6]]}
    result = race("veldiv.poursuite-equipe", 4, [6, 1], setup)
    assert kinds(result, "move")[0]["steps"] == 6
    bonus = kinds(result, "bonus")[0]  # a six counts six: 14 -> 20, the teammate's square: Art. 7 doubles it
    assert (bonus["steps"], bonus["to"], bonus["cite"]) == (12, 32, "veldiv:art-7")


def test_art_10_one_die_once_a_team_rider_has_finished() -> None:
    setup = {"riders": [[{"square": 20, "laps": 2}, {"square": 10, "laps": 2}],
                        [{"square": 40, "laps": 2}, {"square": 44, "laps": 2}]]}
    result = race("veldiv.poursuite-equipe", 2, [6, 5, 1, 2, 3], setup)
    finish = kinds(result, "finish")[0]
    assert (finish["seat"], finish["rider"], finish["cite"]) == (0, 0, "veldiv:art-10")
    last = kinds(result, "throw")[-1]
    assert (last["seat"], last["dice"], last["cite"]) == (0, [3], "veldiv:art-10")
    assert result["unused_dice"] == 0


def test_every_event_cites_a_known_article() -> None:
    from parcours.veldiv import ARTICLES

    result = race(IND, 4, [], None)
    assert result["events"] == []
    for ruleset in ("veldiv.individuelle", "veldiv.americaine", "veldiv.cagnotte"):
        out = race(ruleset, 3, [1, 2, 3, 4, 5, 6] * 40)
        assert set(cites(out)) <= set(ARTICLES)


def test_art_3_when_every_square_it_could_reach_is_taken_the_rider_stays() -> None:
    """A six from 10 to 22, then six by six: 28, 34, 40, 46, 4 and back to 10 (our reconstruction)."""
    ring = [[10], [22], [28], [34], [40], [46], [4]]
    blocked = race(IND, 7, [6], {"riders": ring})
    assert [(e["cite"], e["square"]) for e in kinds(blocked, "blocked")] == [("veldiv:art-3", 10)]
    assert squares(blocked)[0] == [10] and kinds(blocked, "cross") == []
    gap = race(IND, 7, [6], {"riders": ring[:-1] + [[5]]})
    assert kinds(gap, "blocked") == [] and squares(gap)[0] == [4]
