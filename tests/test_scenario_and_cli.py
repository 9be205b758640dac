"""The scenario contract and the `parcours` command, bad input included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from parcours import Game, ScenarioError, parse, replay
from parcours.core import printable

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


# --- issue 25: what the command prints of its input, duplicate keys, title and description, pipes, JSON bytes ---

CRAFTED = "\x1b]0;pwned\x07\x1b[2J"  # sets a terminal's title, then clears it
HOSTILE = [CRAFTED, "a\u202eb", "x\x9b31m", "line\u2028break", "del\x7f", "tag\U000e0041", "nul\x00", "\ud800"]


def unsafe(text: str) -> list[str]:
    """Characters a terminal would not show as themselves: controls (but the line breaks between lines),
    format and bidi characters, separators, surrogates."""
    import unicodedata

    return [c for c in text if c != "\n" and not c.isprintable() and unicodedata.category(c) != "Zs"]


def write_json(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")  # ASCII with \u escapes: any code point travels
    return path


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("change", [
    {CRAFTED: 1},  # an unknown field: its name is quoted
    {"ruleset": CRAFTED},  # an unknown ruleset: its value is quoted
    {"options": {CRAFTED: 1}},
    {"options": {"veldiv.ranking": CRAFTED}},
    {"setup": {"riders": [[15, 23], [40, 41]], CRAFTED: 1}},
    {"setup": {"riders": [[15, {CRAFTED: 2}], [40, 41]]}},
    {"title": CRAFTED}, {"description": "a\u202eb"}, {"title": "nul\x00"},
    {"ruleset": "cdp.velocita", "setup": None, "dice": [1, 3], "choices": [CRAFTED]},  # a decision refused
    {"dice": [CRAFTED]},
    {"seed": "x\x9b31m"},
    {"players": "line\u2028break"},
])
def test_cli_refusals_escape_what_the_input_sent(tmp_path: Path, change: dict[str, object], lang: str) -> None:
    out = cli("replay", str(write_json(tmp_path / "s.json", GOOD | change)), "--lang", lang)
    assert out.returncode == 2 and out.stdout == "" and out.stderr.count("\n") == 1, out.stderr
    assert not unsafe(out.stderr), out.stderr
    assert any(printable(text) in out.stderr for text in HOSTILE) or "(U+" in out.stderr, out.stderr  # not dropped


def test_cli_escapes_crafted_keys_in_yaml_and_on_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "s.yml"
    path.write_text('ruleset: veldiv.individuelle\nplayers: 2\n"\\e]0;pwned\\a\\e[2J": 1\n', encoding="utf-8")
    yaml_out = cli("replay", str(path))
    assert yaml_out.returncode == 2 and "\\x1b]0;pwned\\x07\\x1b[2J: unknown field" in yaml_out.stderr
    for args in (["simulate", CRAFTED, "--players", "2"], ["simulate", V2, "--players", "2", "--option", CRAFTED],
                 ["simulate", V2, "--players", "2", "--bots", CRAFTED], [CRAFTED],
                 ["play", V2, "--players", "2", "--human", "a\u202eb"], ["simulate", V2, "--players", CRAFTED]):
        out = cli(*args)
        assert out.returncode == 2 and out.stdout == "" and out.stderr.count("\n") == 1, (args, out.stderr)
        assert not unsafe(out.stdout + out.stderr), (args, out.stderr)
    for text in (yaml_out.stdout, yaml_out.stderr):
        assert not unsafe(text)


V2 = "veldiv.individuelle"


@pytest.mark.parametrize("text, where", [
    ('{"ruleset": "veldiv.individuelle", "players": 2, "players": 3}', "<stdin>: key “players” given twice"),
    ('{"ruleset": "veldiv.americaine", "players": 2, "setup": {"riders": [[15, 23], [40, 41]], "riders": []}}',
     "<stdin>: key “riders” given twice"),
    (('{"ruleset": "veldiv.individuelle", "players": 2, "options": {"veldiv.ranking": "laps-first", '
     '"veldiv.ranking": "premier-first"}}'), "<stdin>: key “veldiv.ranking” given twice"),
    ("ruleset: veldiv.individuelle\nplayers: 2\ndice: [1]\nplayers: 3\n",
     "<stdin>:4: key “players” given twice in one mapping (first on line 2)"),
    ("ruleset: veldiv.americaine\nplayers: 2\nsetup:\n  riders: [[15, 23], [40, 41]]\n  turn: 1\n  turn: 0\n",
     "<stdin>:6: key “turn” given twice in one mapping (first on line 5)"),
    ("ruleset: veldiv.individuelle\nplayers: 2\noptions: {veldiv.ranking: laps-first, veldiv.ranking: laps-first}\n",
     "<stdin>:3: key “veldiv.ranking” given twice"),
])
def test_cli_refuses_a_key_given_twice(text: str, where: str) -> None:
    out = cli("replay", "-", stdin=text)
    assert out.returncode == 2 and out.stdout == "" and out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.startswith(f"parcours: {where}"), out.stderr
    fr = cli("replay", "-", "--lang", "fr", stdin=text)
    assert "donnée deux fois dans un même dictionnaire" in fr.stderr, fr.stderr


def test_a_yaml_merge_key_may_still_be_overridden() -> None:
    text = "ruleset: veldiv.individuelle\nplayers: 2\nbase: &b {riders: [[20], [23]]}\n"
    from parcours.scenario import loads

    assert loads(text + "setup:\n  <<: *b\n  turn: 1\n", "f")["setup"] == {"riders": [[20], [23]], "turn": 1}
    assert loads("a: &b {x: 1}\nc:\n  <<: *b\n  x: 2\n", "f")["c"] == {"x": 2}


@pytest.mark.parametrize("change, words", [
    ({"title": 5}, "expected a text of at most 200 characters, got 5"),
    ({"title": ["a"]}, "expected a text of at most 200 characters"),
    ({"description": {"en": "x"}}, "expected a text of at most 2,000 characters"),
    ({"title": "x" * 201}, "(201 characters)"),
    ({"description": "x" * 2001}, "(2,001 characters)"),
    ({"title": "two\nlines"}, "a character that cannot be printed (U+000A)"),
    ({"title": "bell\x07"}, "(U+0007)"),
    ({"description": "left\u202eright"}, "(U+202E)"),
    ({"description": "c1\x85"}, "(U+0085)"),
])
def test_title_and_description_are_short_printable_texts(change: dict[str, object], words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse(GOOD | change)
    assert err.value.where == next(iter(change)) and words in err.value.problem, str(err.value)
    assert "\n" not in str(err.value) and err.value.problem_fr != err.value.problem


def test_title_and_description_at_their_limits_are_kept() -> None:
    parse(GOOD | {"title": "É" * 200, "description": ("Une ligne\u00a0; une autre.\n" * 80)[:2000]})
    parse(GOOD | {"title": None, "description": None})


def _closed_early(*args: str) -> tuple[int, str]:
    """Run the command with its standard output a pipe whose reader has already gone."""
    read, write = os.pipe()
    os.close(read)
    with os.fdopen(write, "wb") as out:
        proc = subprocess.run([sys.executable, "-m", "parcours.cli", *args], stdout=out, stderr=subprocess.PIPE,
                              timeout=120, check=False)
    return proc.returncode, proc.stderr.decode()


@pytest.mark.parametrize("args", [
    ["simulate", "veldiv.individuelle", "--players", "4", "-n", "50", "--seed", "1"],
    ["stats", "veldiv.individuelle", "--players", "4", "-n", "50", "--seed", "1"],
    ["stats", "veldiv.individuelle", "--players", "4", "-n", "50", "--seed", "1", "--json"],
    ["replay", "LONG"],
    ["replay", "LONG", "--json"],
    ["rulesets"],
])
def test_a_closed_pipe_ends_the_command_quietly_with_status_141(tmp_path: Path, args: list[str]) -> None:
    long = write_json(tmp_path / "long.json", LONG)
    code, err = _closed_early(*[str(long) if a == "LONG" else a for a in args])
    assert (code, err) == (141, "")


LONG = {"ruleset": "veldiv.cagnotte", "players": 12, "options": {"veldiv.cagnotte-total": 100}, "seed": 1}


@pytest.mark.parametrize("command", ["simulate veldiv.individuelle --players 4 -n 10000 --seed 1", "replay LONG",
                                     "stats veldiv.individuelle --players 4 -n 300 --seed 1"])
def test_head_reads_one_line_and_the_command_exits_quietly(tmp_path: Path, command: str) -> None:
    """The shell's own pipe: `head -1` takes a line and goes; the command says nothing and ends with 0 (its
    output was already in the pipe) or 141 (it was still writing), as any Unix tool."""
    line = command.replace("LONG", str(write_json(tmp_path / "long.json", LONG)))
    out = subprocess.run(["bash", "-c", (f'{sys.executable} -m parcours.cli {line} | head -1; '
                          'echo "${PIPESTATUS[0]}" >&2')], capture_output=True, text=True, timeout=300, check=False)
    assert out.stdout.count("\n") == 1 and out.stderr in ("0\n", "141\n"), out.stderr
    if command.startswith("replay"):
        assert out.stderr == "141\n"  # 1.7 MB: more than a pipe holds


@pytest.mark.parametrize("args", [
    ["stats", "veldiv.individuelle", "--players", "3", "-n", "20", "--json"],
    ["stats", "ronde.niveau-3", "--players", "3", "-n", "2", "--json", "--option", "ronde.lying-block=no"],
    ["compare", "veldiv.individuelle", "--players", "3", "--option", "veldiv.final-lap", "-n", "10", "--json"],
    ["simulate", "chevaux.trois-points", "--players", "2", "-n", "20", "--json"],
    ["replay", "RONDE", "--json"],
    ["rulesets", "--json"],
])
def test_json_output_is_the_same_bytes_whatever_the_hash_seed(tmp_path: Path, args: list[str]) -> None:
    """The bug: the options came out in a set's order, which PYTHONHASHSEED changes from run to run."""
    ronde = write_json(tmp_path / "ronde.json", {"ruleset": "ronde.niveau-3", "players": 3, "seed": 4})
    args = [str(ronde) if a == "RONDE" else a for a in args]
    runs = [subprocess.run([sys.executable, "-m", "parcours.cli", *args], capture_output=True, timeout=300,
                           check=False, env=os.environ | {"PYTHONHASHSEED": seed}) for seed in ("1", "2", "3")]
    assert all(run.returncode == 0 for run in runs), runs[0].stderr
    assert runs[0].stdout == runs[1].stdout == runs[2].stdout
    json.loads(runs[0].stdout)


def test_json_output_escapes_what_a_terminal_would_obey() -> None:
    data = {"a\x1b": ["x\x9by\u202e\U000e0001\ud800\x7f é\u00a0"], "b": "\n"}
    text = printable(json.dumps(data, ensure_ascii=False, indent=1), json=True)
    assert json.loads(text) == data and not unsafe(text) and "é\u00a0" in text


def test_cli_replays_a_worked_examples_file(tmp_path: Path) -> None:
    """A worked example's file (docs/<game>/examples/*.yml) replays as its scenario, as the scenario page
    says examples are written in the one format; a refusal names the field from the file's top."""
    import yaml

    example = Path(__file__).resolve().parent.parent / "docs" / "chevaux" / "examples" / "fin.yml"
    whole = cli("replay", str(example))
    assert whole.returncode == 0, whole.stderr
    alone = cli("replay", "-", stdin=yaml.safe_dump(yaml.safe_load(example.read_text(encoding="utf-8"))["scenario"]))
    assert whole.stdout == alone.stdout and "from hole 18 to hole 20" in whole.stdout
    bad = tmp_path / "bad.yml"
    bad.write_text('article: "chevaux:fin"\nscenario:\n  ruleset: chevaux.course\n  players: 9\n  dice: [6]\n')
    out = cli("replay", str(bad))
    assert out.returncode == 2 and out.stdout == ""
    assert "scenario.players: Horse race is for 2 players, not 9" in out.stderr
