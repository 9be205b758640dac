"""The scenario contract and the `parcours` command, bad input included."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from parcours import Game, ScenarioError, parse, replay

GOOD = {"ruleset": "veldiv.americaine", "players": 2, "setup": {"riders": [[15, 23], [40, 41]]}, "dice": [3, 5]}


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "parcours.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("change, where, words", [
    ({"ruleset": "veldiv.sprint"}, "ruleset", "unknown ruleset"),
    ({"players": 9}, "players", "2 to 6"),
    ({"players": "two"}, "players", "whole number"),
    ({"options": {"veldiv.nope": 1}}, "options.veldiv.nope", "unknown option"),
    ({"options": {"veldiv.art7-rider": "both"}}, "options.veldiv.art7-rider", "not one of"),
    ({"options": {"veldiv.cagnotte-38": "next-lap"}}, "options.veldiv.cagnotte-38", "does not apply"),
    ({"dice": [3, 17]}, "dice[1]", "not a die face"),
    ({"dice": [0]}, "dice[0]", "not a die face"),
    ({"dice": "35"}, "dice", "list"),
    ({"setup": {"riders": [[15, 23], [23, 41]]}}, "setup.riders[1][0]", "already taken"),
    ({"setup": {"riders": [[15, 23], [49, 41]]}}, "setup.riders[1][0]", "1 to 48"),
    ({"setup": {"riders": [[15, 23]]}}, "setup.riders", "2 lists"),
    ({"setup": {"riders": [[15], [40]]}}, "setup.riders[0]", "2 riders"),
    ({"setup": {"turn": 5}}, "setup.turn", "seat"),
    ({"setup": {"players": [{"points": -1}, {}]}}, "setup.players[0].points", "whole number"),
    ({"choices": [1]}, "choices", "no decisions"),
    ({"colour": "red"}, "colour", "unknown field"),
])
def test_bad_scenarios_name_the_field(change: dict[str, object], where: str, words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse(GOOD | change)
    assert err.value.where == where
    assert words in err.value.problem


def test_a_face_too_big_for_the_die_rolled_is_refused_when_it_is_used() -> None:
    """Faces up to 16 parse (the Ronde's D16); a 7 on the Veldiv's D6 fails when it is thrown."""
    with pytest.raises(ScenarioError) as err:
        replay(GOOD | {"dice": [3, 7]})
    assert err.value.where == "dice[1]"
    assert "D6" in err.value.problem


def test_start_line_may_hold_several_riders_that_have_not_moved() -> None:
    scenario = {"ruleset": "veldiv.americaine", "players": 2, "setup": {"riders": [[10, 48], [12, 48]]}}
    assert replay(scenario)["riders"][1][1]["square"] == 48


def test_replay_stops_when_dice_run_out_and_counts_dice_left_after_the_end() -> None:
    short = replay({"ruleset": "veldiv.individuelle", "players": 2, "dice": [4]})
    assert not short["finished"] and short["unused_dice"] == 0 and short["turn"] == 1
    over = replay({"ruleset": "veldiv.poursuite-individuelle", "players": 2,
                   "setup": {"riders": [[20], [22]]}, "dice": [3, 1, 1, 1]})
    assert over["finished"] and over["unused_dice"] == 3


def test_replay_json_fields() -> None:
    out = replay(GOOD)
    assert set(out) >= {"ruleset", "finished", "winner", "players", "riders", "events", "unused_dice"}
    assert set(out["players"][0]) >= {"points", "premier", "tours", "eliminated"}
    assert set(out["riders"][0][0]) >= {"square", "laps"}
    assert all("cite" in e for e in out["events"])


def test_cli_replay_explains_each_step_in_both_languages(tmp_path: Path) -> None:
    path = tmp_path / "example.json"
    path.write_text(json.dumps(GOOD))
    en = cli("replay", str(path))
    assert en.returncode == 0
    assert "from square 15 to 20" in en.stdout and "[veldiv:art-5]" in en.stdout
    fr = cli("replay", str(path), "--lang", "fr")
    assert "de la case 15 à la case 20" in fr.stdout


def test_cli_replay_reads_yaml_from_stdin_and_prints_json() -> None:
    text = "ruleset: veldiv.individuelle\nplayers: 2\nsetup:\n  riders: [[20], [23]]\ndice: [3]\n"
    out = cli("replay", "-", "--json", stdin=text)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["riders"][0][0]["square"] == 26
    assert [e["cite"] for e in data["events"]] == ["veldiv:art-2", "veldiv:art-1", "veldiv:art-3"]


@pytest.mark.parametrize("text, message", [
    ('{"ruleset": "veldiv.individuelle", "players": 2, "dice": [7]}', "dice[0]: 7 is not a face of the D6"),
    ('{"ruleset": "veldiv.individuelle",\n "players": 2,,}', "<stdin>:2: malformed JSON"),
    ("ruleset: veldiv.individuelle\nplayers: [2\n", "<stdin>:3: malformed YAML"),
    ('{"ruleset": "veldiv.individuelle", "players": 1}', "players: Individual race is for 2 to 12 players, not 1"),
    ('{"ruleset": "cdp.velocita", "players": 3}', "players: Sprint (Velocità) is for 2 players, not 3"),  # not "2 to 2"
])
def test_cli_bad_input_exits_2_with_one_line_and_nothing_on_stdout(text: str, message: str) -> None:
    out = cli("replay", "-", "--json", stdin=text)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and message in out.stderr and "Traceback" not in out.stderr


def test_cli_missing_file() -> None:
    out = cli("replay", "/nonexistent/scenario.yml")
    assert out.returncode == 2 and "/nonexistent/scenario.yml" in out.stderr


def test_cli_play_with_bots_runs_a_whole_race() -> None:
    out = cli("play", "veldiv.eliminatoire", "--players", "3", "--seed", "4")
    assert out.returncode == 0
    assert "The race is over" in out.stdout


def test_cli_play_with_a_human_who_presses_enter_then_quits() -> None:
    out = cli("play", "veldiv.individuelle", "--players", "2", "--seed", "1", "--human", "0", stdin="\n\nq\n")
    assert out.returncode == 0
    assert out.stdout.count("Player 1 throws") == 2 and "Game abandoned" in out.stdout



def test_cli_play_asks_a_human_to_decide_and_a_bot_answers() -> None:
    """Velocità, seat 0 a person (seed 2): the lot and a throw of 1 at Enter, then how far to ride;
    the choices in words, by number; a wrong answer is asked again, the second (ride 1) is played, the
    bot rides for seat 1 (its throw of 1, no sprint, it stays put); quitting at the next throw leaves
    the race unfinished."""
    out = cli("play", "cdp.velocita", "--players", "2", "--seed", "2", "--human", "0",
              stdin="\n\nnonsense\n2\nq\n").stdout
    assert out.count("Player 1, choose (1: Stay put, 2: ") == 2 and out.count("Type a number from 1 to 2.") == 1
    assert "3. Rider 1 moves 1, to square 1" in out and "6. Rider 2 stays put" in out
    assert out.endswith("Player 1, press Enter to throw (q to quit): Game abandoned.\n")


def test_cli_simulate_reports_win_rates_lengths_and_articles() -> None:
    out = cli("simulate", "veldiv.individuelle", "--players", "4", "-n", "200", "--seed", "3", "--json")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert data["races"] == 200
    assert abs(sum(r["rate"] for r in data["win_rate"]) - 1) < 1e-9
    assert all(r["low"] <= r["rate"] <= r["high"] for r in data["win_rate"])
    assert data["articles"]["veldiv:art-2"] > 0 and data["length"]["min"] > 0
    again = cli("simulate", "veldiv.individuelle", "--players", "4", "-n", "200", "--seed", "3", "--json")
    assert again.stdout == out.stdout


def test_cli_simulate_accepts_options_and_refuses_bad_ones() -> None:
    ok = cli("simulate", "veldiv.cagnotte", "--players", "3", "-n", "20", "--option", "veldiv.cagnotte-total=3")
    assert ok.returncode == 0 and "seat 0" in ok.stdout
    bad = cli("simulate", "veldiv.cagnotte", "--players", "3", "-n", "20", "--option", "veldiv.cagnotte-total=0")
    assert bad.returncode == 2 and "options.veldiv.cagnotte-total" in bad.stderr


def test_the_scenario_format_page_shows_what_the_command_really_prints(tmp_path: Path) -> None:
    page = (Path(__file__).parent.parent / "docs" / "scenario-format.md").read_text()
    path = tmp_path / "example.json"
    path.write_text(json.dumps(GOOD))
    for lang in ("en", "fr"):
        for line in cli("replay", str(path), "--lang", lang).stdout.splitlines()[:-1]:
            assert line in page, line


def test_cli_play_asks_a_human_for_decisions_and_refuses_illegal_ones() -> None:
    answers = "\n".join(["", "0", "1"] * 200) + "\n"
    out = cli("play", "cdp.velocita", "--players", "2", "--seed", "3", "--human", "0", stdin=answers)
    assert out.returncode == 0
    assert "Player 1, choose (1: " in out.stdout and "Type a number from 1 to" in out.stdout
    assert "wins by" in out.stdout


def test_cli_play_bots_make_the_decisions_of_a_whole_motor_paced_race() -> None:
    out = cli("play", "cdp.mezzofondo", "--players", "3", "--seed", "2", "--lang", "fr")
    assert out.returncode == 0 and "passe la ligne couplée et gagne" in out.stdout


def test_cli_simulate_compares_bots_with_confidence_intervals() -> None:
    out = cli("simulate", "cdp.velocita", "--players", "2", "-n", "200", "--seed", "1", "--bots", "search,plain")
    assert out.returncode == 0 and "bots: search, plain" in out.stdout and "95% CI" in out.stdout
    bad = cli("simulate", "cdp.velocita", "--players", "2", "-n", "5", "--bots", "genius,plain")
    assert bad.returncode == 2 and "unknown bot" in bad.stderr


def test_cli_play_a_ronde_race_shows_a_person_his_own_hand_only() -> None:
    out = cli("play", "ronde.niveau-3", "--players", "3", "--seed", "5", "--human", "0", stdin="\nq\n")
    assert out.returncode == 0, out.stderr
    hands = Game(parse({"ruleset": "ronde.niveau-3", "players": 3})).position()["hands"]  # the same deal
    shown = [line[line.index("[your hand"):] for line in out.stdout.splitlines() if "[your hand" in line]
    assert shown and set(shown) == {f"[your hand: {', '.join(hands[0])}] "}  # his own, at each of his prompts
    assert "D16 [your hand" in out.stdout  # the first roll says which die
    assert "Game abandoned." in out.stdout


def test_cli_simulate_ronde_bots_reports_each_seat_with_its_interval() -> None:
    out = cli("simulate", "ronde.niveau-1", "--players", "2", "-n", "20", "--seed", "1", "--bots", "search,heuristic")
    assert out.returncode == 0, out.stderr
    assert "bots: search, heuristic" in out.stdout and "95% CI" in out.stdout
    bad = cli("simulate", "ronde.niveau-1", "--players", "2", "-n", "5", "--bots", "search,oracle")
    assert bad.returncode == 2 and "--bots" in bad.stderr
