"""The Play page's scoreboard, each game's own (parcours_view/<game>.py, `scoreboard`), and its undo
(play.py): the figures are the engine's position, the final table is the engine's ranking, every cell
is in both languages, and an undo shortens the record to before a person's last move."""

from __future__ import annotations

from typing import Any

import pytest

from parcours import Dice, Game, ScenarioError, parse
from parcours_view.play import play


def race(ruleset: str, players: int, moves: int, seed: int = 3, humans: list[int] | None = None) -> dict[str, Any]:
    """A race the bots play `moves` moves into (all seats but `humans`), as the page gets it."""
    humans = humans or []
    bots = [s for s in range(players) if s not in humans]
    return play({"scenario": {"ruleset": ruleset, "players": players, "options": {}, "dice": [], "choices": []},
                 "since": 0, "humans": humans, "bots": {"seats": bots, "name": "search", "seed": seed, "moves": moves}})


def observed(answer: dict[str, Any], ruleset: str, players: int) -> dict[str, Any]:
    """The engine's position (CPython, nothing hidden) for the record of an answer."""
    game = Game(parse({"ruleset": ruleset, "players": players, "options": {}}))
    game.run(Dice(answer["dice"]), answer["choices"])
    position: dict[str, Any] = game.rules.observe(game.state, None)
    return position


def column(board: dict[str, Any], english: str) -> dict[int, str]:
    """A column of the scoreboard by its English heading: {seat: the cell in English}."""
    k = [c["en"] for c in board["columns"]].index(english)
    return {row["seat"]: row["cells"][k]["en"] for row in board["rows"]}


def check_words(board: dict[str, Any]) -> None:
    cells = [board["caption"], *board["columns"], *(c for row in board["rows"] for c in row["cells"])]
    cells += [board["note"]] if board["note"] else []
    for words in cells:
        assert set(words) == {"fr", "en"} and all(words.values()), words
        assert not any(bad in words[lang] for lang in words for bad in ("(s)", "None", "null", "_")), words


@pytest.mark.parametrize("moves", [7, 40, 500])
def test_veldiv_points_race(moves: int) -> None:
    answer = race("veldiv.individuelle", 3, moves)
    board, position = answer["scoreboard"], observed(answer, "veldiv.individuelle", 3)
    check_words(board)
    figures = (("Points", "points"), ("Premier tokens", "premier"), ("Laps gained (Un Tour)", "tours"))
    for english, key in figures:
        assert column(board, english) == {p["seat"]: str(p[key]) for p in position["players"]}
    heads = [c["en"] for c in board["columns"]]
    assert heads.index("Laps gained (Un Tour)") < heads.index("Premier tokens") < heads.index("Points")
    assert board["final"] == position["finished"]
    if position["finished"]:  # the results: the engine's ranking, its place first
        assert [row["seat"] for row in board["rows"]] == position["ranking"]
        assert column(board, "Place") == {seat: str(k) for k, seat in enumerate(position["ranking"], 1)}
        assert board["caption"]["en"] == "Results"
    else:
        assert [row["seat"] for row in board["rows"]] == [0, 1, 2] and "Place" not in heads


def test_veldiv_the_other_races_count_what_they_score() -> None:
    kitty = race("veldiv.cagnotte", 3, 120)
    position = observed(kitty, "veldiv.cagnotte", 3)
    paid = column(kitty["scoreboard"], "Paid into the kitty")
    assert paid == {p["seat"]: str(p["stakes"]) for p in position["players"]}
    assert f"The kitty holds {position['pot']}" in kitty["scoreboard"]["note"]["en"]
    out = race("veldiv.eliminatoire", 4, 500)
    position = observed(out, "veldiv.eliminatoire", 4)
    assert position["finished"]
    status = column(out["scoreboard"], "Status")
    assert [status[s] for s in position["ranking"][1:]] == ["eliminated"] * 3
    pursuit = race("veldiv.poursuite-equipe", 2, 30)
    position = observed(pursuit, "veldiv.poursuite-equipe", 2)
    assert column(pursuit["scoreboard"], "Laps ridden") == {p["seat"]: str(p["tours"]) for p in position["players"]}
    for answer in (kitty, out, pursuit):
        check_words(answer["scoreboard"])


def test_veldiv_board_keeps_the_riders_at_the_end() -> None:
    answer = race("veldiv.individuelle", 3, 500)
    assert answer["finished"]
    board = answer["frames"][-1]["board"]
    assert board.count('class="px-rider') == 3, "every rider who finished stays on the board"
    assert "finished" in answer["frames"][-1]["label"]["en"] and "arrivé" in answer["frames"][-1]["label"]["fr"]


@pytest.mark.parametrize("moves", [5, 500])
def test_velocita_sprint_order(moves: int) -> None:
    answer = race("cdp.velocita", 2, moves)
    board, position = answer["scoreboard"], observed(answer, "cdp.velocita", 2)
    check_words(board)
    assert column(board, "Squares ridden") == {s: str(p) for s, p in enumerate(position["pos"])}
    if position["finished"]:
        assert [row["seat"] for row in board["rows"]] == position["ranking"]
    else:  # the rider ahead first
        ridden = column(board, "Squares ridden")
        assert [int(ridden[row["seat"]]) for row in board["rows"]] == sorted(position["pos"], reverse=True)


@pytest.mark.parametrize("moves", [30, 800])
def test_mezzofondo_positions(moves: int) -> None:
    answer = race("cdp.mezzofondo", 3, moves)
    board, position = answer["scoreboard"], observed(answer, "cdp.mezzofondo", 3)
    check_words(board)
    assert column(board, "Squares ridden") == {t["seat"]: str(t["rider"]) for t in position["teams"]}
    if position["finished"]:
        assert [row["seat"] for row in board["rows"]] == position["ranking"]


@pytest.mark.parametrize("ruleset", ["chevaux.course", "chevaux.trois-points"])
def test_horses_home(ruleset: str) -> None:
    answer = race(ruleset, 2, 1000)
    board, position = answer["scoreboard"], observed(answer, ruleset, 2)
    check_words(board)
    assert position["finished"]
    home = column(board, "Horses home")
    winner = position["winner"]
    if ruleset == "chevaux.trois-points":
        assert home == {p["seat"]: str(p["points"]) for p in position["players"]} and home[winner] == "3"
    assert column(board, "Horses left") == {p["seat"]: str(p["horses_left"]) for p in position["players"]}
    assert [row["seat"] for row in board["rows"]] == position["ranking"]


@pytest.mark.parametrize("moves", [60, 2000])
def test_ronde_ranking(moves: int) -> None:
    answer = race("ronde.niveau-2", 3, moves)
    board, position = answer["scoreboard"], observed(answer, "ronde.niveau-2", 3)
    check_words(board)
    assert column(board, "Cards in hand") == {r["seat"]: str(r["cards"]) for r in position["riders"]}
    order = [row["seat"] for row in board["rows"]]
    if position["finished"]:
        assert order == position["ranking"]
    else:  # who is ahead: the farthest along first, riders level sharing a place
        ats = {r["seat"]: r["at"] for r in position["riders"]}
        assert [ats[s] for s in order] == sorted(ats.values(), reverse=True)
        places = column(board, "Place")
        assert all((places[a] == places[b]) == (ats[a] == ats[b]) for a in ats for b in ats)


def test_undo_takes_back_a_persons_move_and_the_bots_replies() -> None:
    scenario = {"ruleset": "veldiv.individuelle", "players": 3, "options": {}, "dice": [], "choices": []}
    bots = {"seats": [1, 2], "name": "search", "seed": 9, "moves": 10}
    first = play({"scenario": {**scenario, "dice": [4]}, "since": 0, "humans": [0], "bots": bots})
    second = play({"scenario": {**scenario, "dice": [*first["dice"], 5]}, "since": first["count"], "humans": [0],
                   "bots": bots})
    assert second["count"] == 7
    undone = play({"scenario": {**scenario, "dice": second["dice"]}, "since": second["count"], "humans": [0],
                   "undo": True})
    assert undone["dice"] == first["dice"] and undone["count"] == first["count"]
    assert undone["since"] == first["count"] - 1 and len(undone["frames"]) == 1
    assert undone["frames"][-1]["label"] == first["frames"][-1]["label"]
    assert undone["scoreboard"] == first["scoreboard"]
    again = play({"scenario": {**scenario, "dice": undone["dice"]}, "since": undone["count"], "humans": [0],
                  "undo": True})
    assert again["dice"] == [] and again["since"] == 0 and "symbols" in again
    with pytest.raises(ScenarioError, match="no move of a person"):
        play({"scenario": scenario, "since": 1, "humans": [0], "undo": True})
    with pytest.raises(ScenarioError, match="no move of a person"):
        play({"scenario": {**scenario, "dice": second["dice"]}, "since": 7, "undo": True})  # bots only
