"""Nothing a reader or a file can send breaks the engine: bounded work, one-line errors, no cut-short races."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parcours import ScenarioError, parse, replay
from parcours.cli import main
from parcours.games import all_games, default_options
from parcours.scenario import MAX_DEPTH, MAX_VALUES, loads
from parcours.simulate import simulate

V = "veldiv.individuelle"


def refused(data: object) -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        parse(data)
    return err.value


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


# --- 1. every set-up field has a range that makes sense for its game ---------------------------

@pytest.mark.parametrize("scenario, where, words", [
    # Veldiv: laps (the bug: a billion laps made the sprint code allocate gigabytes)
    ({"ruleset": V, "players": 2, "setup": {"riders": [[{"square": 40, "laps": 1_000_000_000}], [3]]}},
     "setup.riders[0][0].laps", "0 to 1000"),
    ({"ruleset": "veldiv.poursuite-individuelle", "players": 2,
      "setup": {"riders": [[{"square": 5, "laps": 3}], [30]]}},
     "setup.riders[0][0].laps", "0 to 2"),
    ({"ruleset": "veldiv.eliminatoire", "players": 3, "setup": {"riders": [[{"square": 5, "laps": 3}], [30], [20]]}},
     "setup.riders[0][0].laps", "0 to 2"),
    ({"ruleset": V, "players": 2, "setup": {"players": [{"premier": 3}, {}]}}, "setup.players[0].premier", "0 to 2"),
    ({"ruleset": V, "players": 2, "setup": {"players": [{"points": 10**9}, {}]}},
     "setup.players[0].points", "0 to 6000"),
    ({"ruleset": V, "players": 2, "setup": {"players": [{}, {"tours": 5000}]}}, "setup.players[1].tours", "0 to 1000"),
    ({"ruleset": V, "players": 2, "setup": {"players": [{"stakes": 1}, {}]}}, "setup.players[0].stakes",
     "not counted in this race"),
    ({"ruleset": "veldiv.cagnotte", "players": 2, "setup": {"players": [{"stakes": 5}, {}]}},
     "setup.players[0].stakes", "0 to 4"),
    ({"ruleset": "veldiv.cagnotte", "players": 2, "setup": {"players": [{"stakes": 3}, {"stakes": 2}]}},
     "setup.players", "race is over"),
    # Veldiv: positions the rules cannot reach
    ({"ruleset": "veldiv.eliminatoire", "players": 3,
      "setup": {"riders": [[{"square": 5, "laps": 2}], [30], [20]]}}, "setup.riders[0]", "more than a lap ahead"),
    ({"ruleset": "veldiv.poursuite-individuelle", "players": 2,
      "setup": {"riders": [[{"square": 30, "laps": 1}], [{"square": 25, "laps": 0}]]}}, "setup.riders[0]", "caught"),
    ({"ruleset": "veldiv.eliminatoire", "players": 3,
      "setup": {"riders": [[{"square": 5, "laps": 1}], [{"square": 30, "laps": 1}], [{"square": 20, "laps": 1}]]}},
     "setup.riders", "one rider drops out a lap"),
    ({"ruleset": "veldiv.eliminatoire", "players": 3, "setup": {"riders": [[None], [30], [20]]}},
     "setup.riders", "one rider drops out a lap"),
    # Veldiv: no race is left with fewer than two players in it, nor with half a team (issue 25)
    ({"ruleset": "veldiv.eliminatoire", "players": 2, "setup": {"riders": [[None], [None]]}},
     "setup.riders", "0 players left in the race"),
    ({"ruleset": "veldiv.eliminatoire", "players": 2, "setup": {"riders": [[None], [{"square": 5, "laps": 1}]]}},
     "setup.riders", "1 player left in the race"),
    ({"ruleset": "veldiv.poursuite-individuelle", "players": 2, "setup": {"riders": [[None], [None]]}},
     "setup.riders", "fewer than two"),
    ({"ruleset": "veldiv.poursuite-individuelle", "players": 3, "setup": {"riders": [[None], [None], [20]]}},
     "setup.riders", "1 player left"),
    ({"ruleset": "veldiv.poursuite-equipe", "players": 2, "setup": {"riders": [[None, 5], [20, 30]]}},
     "setup.riders[0]", "both riders null, or neither"),
    # ... nor a lap decided at the set-up that ends the race (the last of two drops out)
    ({"ruleset": "veldiv.eliminatoire", "players": 3,
      "setup": {"riders": [[None], [{"square": 3, "laps": 2}], [{"square": 40, "laps": 1}]]}},
     "setup", "already over"),
    ({"ruleset": "veldiv.eliminatoire", "players": 2, "setup": {"riders": [[{"square": 5, "laps": 1}], [10]]}},
     "setup", "already over"),
    ({"ruleset": "veldiv.cagnotte", "players": 2, "options": {"veldiv.cagnotte-total": 3},
      "setup": {"riders": [[{"square": 5, "laps": 1}], [10]], "players": [{}, {"stakes": 2}]}},
     "setup", "already over"),
    # Veldiv: scores a race never gives
    ({"ruleset": "veldiv.poursuite-individuelle", "players": 2, "setup": {"players": [{"points": 3}, {}]}},
     "setup.players[0].points", "not counted in this race (Individual pursuit)"),
    ({"ruleset": "veldiv.eliminatoire", "players": 2, "setup": {"players": [{}, {"premier": 1}]}},
     "setup.players[1].premier", "not counted"),
    ({"ruleset": "veldiv.cagnotte", "players": 2, "setup": {"players": [{}, {"tours": 1}]}},
     "setup.players[1].tours", "not counted"),
    ({"ruleset": "veldiv.poursuite-equipe", "players": 2, "setup": {"players": [{}, {"tours": 3}]}},
     "setup.players[1].tours", "0 to 2"),
    # Velocità: the rider ahead throws first
    ({"ruleset": "cdp.velocita", "players": 2, "setup": {"pos": [10, 5], "first": 1}},
     "setup.first", "the rider ahead (seat 0) throws first"),
    ({"ruleset": "cdp.velocita", "players": 2, "setup": {"pos": [4, 5], "first": 0}},
     "setup.first", "the rider ahead (seat 1)"),
    # Velocità: seat numbers are whole numbers
    ({"ruleset": "cdp.velocita", "players": 2, "setup": {"first": 1.0}}, "setup.first", "seat 0 or 1"),
    ({"ruleset": "cdp.velocita", "players": 2, "setup": {"first": True}}, "setup.first", "seat 0 or 1"),
    ({"ruleset": "cdp.velocita", "players": 2, "setup": {"pos": [True, 3]}}, "setup.pos", "two squares"),
    # Mezzo fondo: squares along the road, and positions a race can reach
    ({"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"teams": [{"rider": 10**15}, {}]}},
     "setup.teams[0].rider", "before the finish"),
    ({"ruleset": "cdp.mezzofondo", "players": 2,
      "setup": {"teams": [{"rider": 120, "derny": 121, "phase": "coupled"}, {}]}},
     "setup.teams[0].rider", "before the finish"),
    ({"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"teams": [{"rider": -500}, {}]}},
     "setup.teams[0].rider", "from -1 (its place on the start row)"),
    ({"ruleset": "cdp.mezzofondo", "players": 3, "setup": {"teams": [{}, {"rider": -3}, {}]}},
     "setup.teams[1].rider", "from -2 (its place on the start row)"),  # riders only go forward
    ({"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"teams": [{"rider": 5, "derny": -12}, {}]}},
     "setup.teams[0].derny", "from -11 (the dernys' start"),
    ({"ruleset": "cdp.mezzofondo", "players": 2,
      "setup": {"teams": [{"rider": 10, "derny": 4, "phase": "chasing"}, {}]}},
     "setup.teams[0]", "not behind"),
    ({"ruleset": "cdp.mezzofondo", "players": 2,
      "setup": {"teams": [{"rider": 10, "derny": 12, "phase": "dernys"}, {}]}},
     "setup.teams[0]", "still behind its rider"),
    ({"ruleset": "cdp.mezzofondo", "players": 2,
      "setup": {"teams": [{"rider": 10, "derny": 40, "phase": "chasing"}, {}]}},
     "setup.teams[0].derny", "at most 13 ahead"),
    ({"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"track": {"squares": 3, "red_line": 3}}},
     "setup.track.squares", "10 to 200"),
    ({"ruleset": "cdp.mezzofondo", "players": 3, "setup": {"track": {"red_line": 20, "yellow_line": 19}}},
     "setup.track", "behind the riders' row"),
    # the horse race: points belong to the race in legs
    ({"ruleset": "chevaux.course", "players": 2, "setup": {"horses": [{"points": 2}, {}]}},
     "setup.horses[0].points", "only in the race in legs"),
])
def test_set_up_fields_out_of_range_or_unreachable_are_refused(scenario: dict[str, Any], where: str,
                                                               words: str) -> None:
    err = refused(scenario)
    assert err.where == where and words in err.problem, str(err)
    fr = err.words()["fr"]
    assert fr.startswith(f"champ {where}\u00a0: ") and fr != f"champ {where}\u00a0: {err.problem}"  # in French too


def test_reachable_set_ups_at_the_edges_of_the_ranges_still_play() -> None:
    edges = [
        {"ruleset": V, "players": 2, "setup": {"riders": [[{"square": 40, "laps": 1000}], [3]],
                                              "players": [{"premier": 2, "points": 6000, "tours": 1000}, {}]}},
        {"ruleset": "veldiv.cagnotte", "players": 2, "setup": {"players": [{"stakes": 4}, {}]}},
        {"ruleset": "veldiv.eliminatoire", "players": 3,
         "setup": {"riders": [[None], [{"square": 3, "laps": 1}], [{"square": 40, "laps": 1}]]}},
        {"ruleset": "veldiv.eliminatoire", "players": 4,  # a lap decided at the set-up: one drops out, two go on
         "setup": {"riders": [[None], [{"square": 3, "laps": 2}], [{"square": 40, "laps": 1}], [{"square": 9,
                                                                                                  "laps": 2}]]}},
        {"ruleset": "veldiv.poursuite-individuelle", "players": 3, "setup": {"riders": [[None], [10], [30]]}},
        {"ruleset": "veldiv.poursuite-equipe", "players": 3, "setup": {"riders": [[None, None], [10, 12], [30, 33]],
                                                                      "players": [{}, {"tours": 2}, {"points": 0}]}},
        {"ruleset": "cdp.velocita", "players": 2, "setup": {"first": 1, "pos": [12, 12]}},  # level: either
        {"ruleset": "veldiv.eliminatoire", "players": 2,  # a score the race never counts, at 0 (the fuzz's find)
         "setup": {"players": [{"stakes": 0, "points": 0, "premier": 0, "tours": 0}, {}]}},
        {"ruleset": "cdp.velocita", "players": 2, "setup": {"first": 1, "pos": [0, 29]}},
        {"ruleset": "cdp.mezzofondo", "players": 2,
         "setup": {"teams": [{"rider": 119, "derny": 120, "phase": "coupled"},
                             {"rider": 3, "derny": 16, "phase": "chasing"}]}},
        {"ruleset": "chevaux.trois-points", "players": 2, "setup": {"horses": [{"points": 2}, {"points": 2}]}},
    ]
    for scenario in edges:
        assert replay(scenario | {"seed": 1})["finished"] or parse(scenario).game.DECISIONS


def test_a_chasing_rider_never_rides_backwards() -> None:
    """The bug: a rider chasing a derny behind him moved a negative number of squares."""
    out = replay({"ruleset": "cdp.mezzofondo", "players": 2, "seed": 3,
                  "setup": {"teams": [{"rider": 10, "derny": 12, "phase": "chasing"}, {}]}})
    assert all(e["steps"] >= 0 for e in out["events"] if e["kind"] == "ride")


# --- 3. one line for anything a file can hold -------------------------------------------------

def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("change, where, words", [
    ({"options": {"veldiv.ranking": ["laps-first"]}}, "options.veldiv.ranking", "not one of"),
    ({"options": {"veldiv.ranking": {"a": 1}}}, "options.veldiv.ranking", "not one of"),
    ({"players": 10**5000}, "players", "number too large"),
    ({"seed": -(10**20)}, "seed", "number too large"),
    ({"setup": nested(5000)}, "setup" + "[0]" * (MAX_DEPTH - 1), "nested too deep"),
    ({"title": "x" * 100_000}, "title", "text too long"),
    ({"dice": [1] * (MAX_VALUES + 1)}, "scenario", "too large"),
    ({"setup": {"riders": {1j: 2}}}, "setup.riders.<key>", "unexpected complex"),
    ({"oops\nsecond line": 1}, "oops\\nsecond line", "unknown field"),
])
def test_anything_a_mapping_can_hold_gives_one_short_line(change: dict[str, Any], where: str, words: str) -> None:
    err = refused({"ruleset": V, "players": 2} | change)
    assert err.where == where and words in err.problem
    assert "\n" not in str(err) and len(str(err)) < 500


YAML = pytest.mark.yaml  # YAML text: PyYAML, which Pyodide lacks


@pytest.mark.parametrize("text, where, words", [
    ("[" * 100_000, "f:1", "nested too deep"),
    ('{"a": ' * 50 + "1" + "}" * 50, "f:1", "nested too deep"),
    ('["[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "\\"[[[[[[[[[[[[[[[[[[[["]', None, None),  # brackets in strings do not count
    pytest.param("a:\n" + "".join("  " * i + "- \n" for i in range(1, 100)), "f:17", "nested too deep", marks=YAML),
    pytest.param("- " * 5000, "f:1", "nested too deep", marks=YAML),
    ('{"players": ' + "9" * 5000 + "}", "f", "number too large"),
    pytest.param("players: " + "9" * 5000, "f", "number too large", marks=YAML),
    # aliases are fine; parse counts their expansion
    pytest.param("a: &a [1, 1]\nb: &b [*a, *a]\n", None, None, marks=YAML),
])
def test_texts_nested_deep_or_with_huge_numbers_are_refused_before_parsing(text: str, where: str | None,
                                                                           words: str | None) -> None:
    if where is None:
        loads(text, "f")
        return
    with pytest.raises(ScenarioError) as err:
        loads(text, "f")
    assert err.value.where == where and words is not None and words in err.value.problem


@YAML
def test_yaml_aliases_cannot_blow_up_into_billions_of_values() -> None:
    lines = ["a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    data = loads("\n".join(lines), "bomb.yml")  # shared references: cheap to load, 10**9 values to walk
    start = time.thread_time()
    with pytest.raises(ScenarioError) as err:
        parse({"ruleset": V, "players": 2, "setup": data})
    assert "too large" in err.value.problem and time.thread_time() - start < 5


def test_cli_one_line_exit_2_for_bad_values_and_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    latin1 = tmp_path / "latin1.yml"
    latin1.write_bytes("ruleset: veldiv.individuelle\nplayers: 2\ntitle: Vélodrome\n".encode("latin-1"))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    cases = [
        (["replay", str(latin1)], "latin1.yml:3: not UTF-8 text"),
        (["replay", str(deep)], "deep.json:1: nested too deep"),
        (["simulate", "veldiv.cagnotte", "--players", "3", "-n", "5", "--option", "veldiv.cagnotte-stake=²"],
         "options.veldiv.cagnotte-stake: expected a whole number"),
        (["simulate", "veldiv.cagnotte", "--players", "3", "-n", "5",
          "--option", "veldiv.cagnotte-stake=" + "9" * 5000],
         "options.veldiv.cagnotte-stake: expected a whole number"),
        (["simulate", V, "--players", "2", "-n", "100000000000000000000000"], "-n: expected 1 to 1,000,000 races"),
        (["simulate", V, "--players", "2", "-n", "0"], "-n: expected 1 to 1,000,000 races"),
        (["play", V, "--players", "2", "--human", "x"], "--human: expected seats from 0 to 1"),
        (["play", V, "--players", "2", "--human", "5"], "--human: expected seats from 0 to 1"),
        (["play", V, "--players", "two"], "play: argument --players: invalid int value"),
        (["play", V, "--players", "9" * 4000], "players: a number too large"),
        (["play", V, "--players", "9" * 5000], "play: argument --players: invalid int value"),
        (["no-such-command"], "parcours: argument COMMAND: invalid choice"),
    ]
    for args, message in cases:
        code, out, err = run_cli(capsys, *args)
        assert (code, out) == (2, ""), args
        assert err.startswith("parcours: ") and err.count("\n") == 1 and message in err, (args, err)


def test_cli_refuses_an_oversized_file_before_reading_it_all(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as file:
        file.seek(64_000_000)
        file.write(b"]")
    code, _, err = run_cli(capsys, "replay", str(big))
    assert code == 2 and "too large" in err and err.count("\n") == 1


# --- 2. simulate: bounded, and Ctrl-C keeps what was done -------------------------------------

def test_simulate_interrupted_reports_the_races_completed() -> None:
    def stop_after_five(done: int) -> None:
        if done == 5:
            raise KeyboardInterrupt

    summary = simulate(V, 3, 1000, 1, {"veldiv.line-crossing": "beyond", "veldiv.lap-token": "all",
                                       "veldiv.lapped-points": "cancel", "veldiv.final-lap": "all-cross",
                                       "veldiv.ranking": "laps-first"}, stop_after_five)
    data = summary.to_json()
    assert data["interrupted"] and data["races"] == 5 and data["requested"] == 1000
    assert sum(summary.lengths.values()) == 5 and sum(summary.wins.values()) == 5
    throws = sum(length * races for length, races in summary.lengths.items())
    assert data["articles"]["veldiv:art-2"] == throws  # one art-2 event a throw: whole races only


def test_simulate_interrupted_before_any_race_still_summarises() -> None:
    def stop(done: int) -> None:
        raise KeyboardInterrupt

    summary = simulate("chevaux.course", 2, 10, 1, {}, stop)
    assert summary.races == 1 and summary.interrupted
    summary.races, summary.lengths = 0, type(summary.lengths)()
    assert summary.to_json()["length"]["min"] is None


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
def test_ctrl_c_stops_a_simulation_cleanly_with_exit_130() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "parcours.cli", "simulate", V,
                             "--players", "4", "-n", "1000000", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # noqa: PLW1509
    # Interrupted once it is surely simulating: two seconds of its own CPU time (its start and imports take
    # a fraction of that), however loaded the machine (a fixed wait could end before Python's own SIGINT
    # handler is set: the default action then kills it, exit -2).
    ticks = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        if not os.path.exists(f"/proc/{proc.pid}/stat"):  # no /proc (macOS): a wait, as best we can
            time.sleep(3)
            break
        with open(f"/proc/{proc.pid}/stat") as stat:
            utime, stime = (int(f) for f in stat.read().rsplit(")", 1)[1].split()[11:13])
        if (utime + stime) / ticks >= 2:
            break
        time.sleep(0.1)
    os.kill(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err
    data = json.loads(out)
    assert data["interrupted"] and 0 < data["races"] < 1_000_000 and data["requested"] == 1_000_000


def test_cli_prints_an_interrupted_summary_in_both_languages(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> Any:
        summary = simulate(*args, **kwargs)
        summary.interrupted = True
        return summary

    monkeypatch.setattr("parcours.cli.simulate", interrupted)
    code, out, _ = run_cli(capsys, "simulate", V, "--players", "2", "-n", "3")
    assert code == 130 and out.startswith("Interrupted: 3 of 3 races completed.")
    code, out, _ = run_cli(capsys, "simulate", V, "--players", "2", "-n", "3", "--lang", "fr")
    assert code == 130 and out.startswith("Interrompu\u00a0: 3 courses terminées sur 3.") and "3 courses de" in out


# --- 4. legal races are never cut short; a budget says so --------------------------------------

KITTY = {"ruleset": "veldiv.cagnotte", "players": 12, "options": {"veldiv.cagnotte-total": 1000}, "seed": 1}


def test_a_long_legal_kitty_race_is_replayed_to_its_end() -> None:
    """The bug: a cap of 20,000 steps stopped this race, which `simulate` plays to its end in 93,028 throws."""
    out = replay(KITTY)
    assert out["finished"] and out["stopped"] == "end" and out["steps"] > 90_000
    assert out["pot"] >= 1000


def test_a_budget_stops_a_replay_and_says_so() -> None:
    out = replay(KITTY, max_steps=100)
    assert not out["finished"] and out["stopped"] == "budget" and out["steps"] == 100
    assert replay(KITTY | {"seed": None, "dice": [3, 4]}, max_steps=100)["stopped"] == "dice"
    assert replay({"ruleset": "cdp.velocita", "players": 2, "dice": [1, 1]})["stopped"] == "choices"
    with pytest.raises(ScenarioError, match="max_steps"):
        replay(KITTY, max_steps=-1)


@pytest.mark.parametrize("ruleset", [r for g in all_games().values() for r in g.RACES])
def test_seeded_races_end_with_no_cap_needed(ruleset: str) -> None:
    """With no step cap left in the engine, every race must end by its rules: random dice, bots deciding."""
    game = all_games()[ruleset.split(".")[0]]
    race = game.RACES[ruleset]
    for players in sorted({race.min_players, race.max_players}):
        for seed in range(4):
            rng = random.Random(seed)
            state = game.new_state(ruleset, players, default_options(ruleset), None)
            bot = next(iter(game.BOTS.values()), None)
            for _ in range(200_000):
                need = game.need(state)
                if need is None:
                    break
                if need.kind == "dice":
                    game.play_throw(state, [rng.randint(1, need.sides) for _ in range(need.count)])
                else:
                    assert bot is not None
                    game.play_choice(state, bot(state, need, rng))
            assert game.need(state) is None, (ruleset, players, seed)


def test_a_film_says_why_it_ends_and_never_cuts_silently() -> None:
    """The worker's film stops at MAX_FRAMES for a long seeded race, and says so (the page tells the reader)."""
    from parcours_view.film import MAX_FRAMES, film

    long = film({"ruleset": "veldiv.cagnotte", "players": 12, "seed": 1})
    assert long.stopped == "budget" and len(long.frames) == MAX_FRAMES and not long.finished
    assert film({"ruleset": "veldiv.individuelle", "players": 2, "dice": [3]}).stopped == "dice"
    whole = film({"ruleset": "chevaux.course", "players": 2, "seed": 5})
    assert whole.stopped == "end" and whole.finished


# --- 5. every refusal in French too --------------------------------------------------------------

R1, R2 = "ronde.niveau-1", "ronde.niveau-2"
FRENCH_WORDS = {"le", "la", "les", "un", "une", "des", "du", "de", "au", "à", "est", "pas", "que", "qui", "sur", "dans",
                "et", "ou", "ce", "reçu", "attendu", "inconnu", "inconnue", "trop", "illisible", "imbrication",
                "manquant", "inattendu", "mal"}
ENGLISH_WORDS = {"the", "got", "expected", "unknown", "is", "of", "to", "and", "not", "in", "with", "must"}


def french(problem: str) -> bool:
    """A refusal written in French: French words, none of the English sentence's own (a library's own
    message may be quoted, « like this »)."""
    words = set(re.findall(r"[a-zà-ÿœ]+", re.sub("«[^»]*»", "", problem).lower()))
    return bool(words & FRENCH_WORDS) and not words & ENGLISH_WORDS


BAD_SCENARIOS: list[object] = [
    ["not", "a", "mapping"], {"ruleset": V}, {"ruleset": "no.such-race", "players": 2},
    {"ruleset": V, "players": "two"}, {"ruleset": V, "players": 40}, {"ruleset": V, "players": 2, "extra": 1},
    {"ruleset": V, "players": 2, "choices": ["go"]}, {"ruleset": V, "players": 2, "dice": 3},
    {"ruleset": V, "players": 2, "dice": [17]}, {"ruleset": V, "players": 2, "choices": "go"},
    {"ruleset": V, "players": 2, "choices": [[1]]}, {"ruleset": V, "players": 2, "seed": 1.5},
    {"ruleset": V, "players": 10**30}, {"ruleset": V, "players": 2, "title": "x" * 20_000},
    {"ruleset": V, "players": 2, "setup": {"riders": {1j: 2}}}, {"ruleset": V, "players": 2, "setup": nested(40)},
    {"ruleset": V, "players": 2, "dice": [1] * (MAX_VALUES + 1)},
    # options
    {"ruleset": V, "players": 2, "options": 3}, {"ruleset": V, "players": 2, "options": {"nope": 1}},
    {"ruleset": V, "players": 2, "options": {"veldiv.art7-scope": "any-roll"}},
    {"ruleset": V, "players": 2, "options": {"veldiv.ranking": "sideways"}},
    {"ruleset": "veldiv.cagnotte", "players": 2, "options": {"veldiv.cagnotte-stake": 0}},
    # the Veldiv's set-up
    {"ruleset": V, "players": 2, "setup": 3}, {"ruleset": V, "players": 2, "setup": {"oops": 1}},
    {"ruleset": V, "players": 2, "setup": {"turn": 5}}, {"ruleset": V, "players": 2, "setup": {"riders": [[3]]}},
    {"ruleset": V, "players": 2, "setup": {"riders": [[3, 4], [5]]}},
    {"ruleset": V, "players": 2, "setup": {"riders": [[None], [5]]}},
    {"ruleset": V, "players": 2, "setup": {"riders": [[{"square": 3, "x": 1}], [5]]}},
    {"ruleset": V, "players": 2, "setup": {"riders": [[{"square": 3, "laps": -1}], [5]]}},
    {"ruleset": V, "players": 2, "setup": {"riders": [[99], [5]]}},
    {"ruleset": V, "players": 2, "setup": {"riders": [[12], [12]]}},
    {"ruleset": V, "players": 2, "setup": {"players": [{}]}},
    {"ruleset": V, "players": 2, "setup": {"players": [3, {}]}},
    {"ruleset": V, "players": 2, "setup": {"players": [{"colour": 1}, {}]}},
    {"ruleset": V, "players": 2, "setup": {"players": [{"premier": 3}, {}]}},
    {"ruleset": "veldiv.cagnotte", "players": 2, "setup": {"players": [{"stakes": 3}, {"stakes": 2}]}},
    {"ruleset": "veldiv.eliminatoire", "players": 3, "setup": {"riders": [[{"square": 5, "laps": 2}], [30], [20]]}},
    {"ruleset": "veldiv.eliminatoire", "players": 3, "setup": {"riders": [[None], [30], [20]]}},
    {"ruleset": "veldiv.poursuite-individuelle", "players": 2,
     "setup": {"riders": [[{"square": 30, "laps": 1}], [{"square": 25, "laps": 0}]]}},
    # Velocità and Mezzo fondo
    {"ruleset": "cdp.velocita", "players": 2, "setup": 1}, {"ruleset": "cdp.velocita", "players": 2, "setup": {"x": 1}},
    {"ruleset": "cdp.velocita", "players": 2, "setup": {"pos": [40, 0]}},
    {"ruleset": "cdp.velocita", "players": 2, "setup": {"sprint": 1}},
    {"ruleset": "cdp.velocita", "players": 2, "setup": {"first": 2}},
    {"ruleset": "cdp.mezzofondo", "players": 2, "setup": 1},
    {"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"x": 1}},
    {"ruleset": "cdp.mezzofondo", "players": 3, "setup": {"track": {"red_line": 20, "yellow_line": 19}}},
    {"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"track": 1}},
    {"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"track": {"x": 1}}},
    {"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"track": {"squares": 3}}},
    {"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"track": {"squares": 40, "red_line": 45}}},
    {"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"teams": [{}]}},
    {"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"teams": [3, {}]}},
    {"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"teams": [{"phase": "asleep"}, {}]}},
    {"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"teams": [{"rider": "x"}, {}]}},
    {"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"teams": [{"x": 1}, {}]}},
    {"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"teams": [{"rider": 10**6}, {}]}},
    {"ruleset": "cdp.mezzofondo", "players": 2,
     "setup": {"teams": [{"rider": 10, "derny": 40, "phase": "chasing"}, {}]}},
    {"ruleset": "cdp.mezzofondo", "players": 2,
     "setup": {"teams": [{"rider": 10, "derny": 15, "phase": "coupled"}, {}]}},
    {"ruleset": "cdp.mezzofondo", "players": 2,
     "setup": {"teams": [{"rider": 10, "derny": 4, "phase": "chasing"}, {}]}},
    {"ruleset": "cdp.mezzofondo", "players": 2,
     "setup": {"teams": [{"rider": 10, "derny": 12, "phase": "dernys"}, {}]}},
    # the horse race
    {"ruleset": "chevaux.course", "players": 2, "choices": ["x"]},
    {"ruleset": "chevaux.course", "players": 2, "setup": 1},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"x": 1}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"turn": 4}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"horses": [{}]}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"horses": [1, {}]}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"horses": [{"x": 1}, {}]}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"horses": [{"lost": 9}, {}]}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"horses": [{"points": 1}, {}]}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"board": 1}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"board": {"x": 1}}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"board": {"holes": 1}}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"board": {"holes": 10, "up": 10}}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"board": {"traps": 3}}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"board": {"holes": 10, "traps": [12]}}},
    {"ruleset": "chevaux.course", "players": 2, "setup": {"board": {"holes": 10, "traps": [3, 3]}}},
    # the Ronde's set-up, course and cards
    {"ruleset": R1, "players": 2, "setup": {"x": 1}}, {"ruleset": R1, "players": 2, "setup": {"shuffle": "x"}},
    {"ruleset": R1, "players": 2, "setup": {"peloton": 3}}, {"ruleset": R2, "players": 2, "setup": {"peloton": -1}},
    {"ruleset": R1, "players": 2, "setup": {"riders": [{}]}},
    {"ruleset": R1, "players": 2, "setup": {"riders": [1, {}]}},
    {"ruleset": R1, "players": 2, "setup": {"riders": [{"x": 1}, {}]}},
    {"ruleset": R1, "players": 2, "setup": {"riders": [{"skip": 99}, {}]}},
    {"ruleset": R1, "players": 2, "setup": {"riders": [{"behind": True}, {}]}},
    {"ruleset": R1, "players": 2, "setup": {"riders": [{"at": 10**4}, {}]}},
    {"ruleset": R2, "players": 2, "setup": {"peloton": 10, "riders": [{"at": 3, "behind": True}, {}]}},
    {"ruleset": R2, "players": 2, "setup": {"peloton": 10, "riders": [{"at": 5}, {}]}},
    {"ruleset": R1, "players": 4, "setup": {"riders": [{"at": 5}, {"at": 5}, {"at": 5}, {"at": 5}]}},
    {"ruleset": R1, "players": 2, "setup": {"riders": [{"hand": 3}, {}]}},
    {"ruleset": R1, "players": 2, "setup": {"riders": [{"hand": ["no-such-card"]}, {}]}},
    {"ruleset": R1, "players": 2, "setup": {"riders": [{"hand": ["flat"] * 99}, {}]}},
    {"ruleset": R1, "players": 2, "setup": {"first": 9}},
    {"ruleset": R1, "players": 2, "setup": {"cards": 1}}, {"ruleset": R1, "players": 2, "setup": {"cards": {"x": 1}}},
    {"ruleset": R1, "players": 2, "setup": {"cards": {"flat": -1}}},
    {"ruleset": R1, "players": 2, "setup": {"course": 1}}, {"ruleset": R1, "players": 2, "setup": {"course": {"x": 1}}},
    {"ruleset": R1, "players": 2, "setup": {"course": {"spaces": 2}}},
    {"ruleset": R1, "players": 2, "setup": {"course": {"supply": 3}}},
    {"ruleset": R1, "players": 2, "setup": {"course": {"red_triangle": 0}}},
    {"ruleset": R1, "players": 2, "setup": {"course": {"hills": 3}}},
    {"ruleset": R1, "players": 2, "setup": {"course": {"hills": [3]}}},
    {"ruleset": R1, "players": 2, "setup": {"course": {"hills": [{"name": "", "from": 3, "dice": "66"}]}}},
    {"ruleset": R1, "players": 2, "setup": {"course": {"hills": [{"name": "Muur", "from": 0, "dice": "66"}]}}},
    {"ruleset": R1, "players": 2, "setup": {"course": {"hills": [{"name": "Muur", "from": 3, "dice": "65"}]}}},
    {"ruleset": R1, "players": 2, "setup": {"course": {"hills": [{"name": "Muur", "from": 3, "dice": ""}]}}},
    {"ruleset": R1, "players": 2, "setup": {"course": {"cobbles": [{"name": "Pavé", "from": 3, "numbers": [17]}]}}},
]


@pytest.mark.parametrize("scenario", BAD_SCENARIOS, ids=range(len(BAD_SCENARIOS)))
def test_every_refusal_of_a_scenario_is_written_in_french_too(scenario: object) -> None:
    err = refused(scenario)
    assert err.problem_fr != err.problem and french(err.problem_fr), (err.problem, err.problem_fr)


def test_refusals_of_a_move_or_a_text_are_written_in_french_too() -> None:
    from parcours import Game
    errors: list[ScenarioError] = []
    game = Game(parse({"ruleset": "cdp.velocita", "players": 2, "options": {"cdp.lot": "first-seat"}}))
    while (need := game.need()) is not None and need.kind == "dice":
        game.throw([3])
    moves: list[Callable[[], object]] = [lambda: game.throw([3]), lambda: game.choose("nonsense")]
    for move in moves:
        with pytest.raises(ScenarioError) as err:
            move()
        errors.append(err.value)
    veldiv = Game(parse({"ruleset": V, "players": 2}))
    for move in (lambda: veldiv.throw([3, 4]), lambda: veldiv.throw([9]), lambda: veldiv.choose("x")):
        with pytest.raises(ScenarioError) as err:
            move()
        errors.append(err.value)
    for text in ("[" * 100, '{"players": ' + "9" * 5000 + "}", "{oops", "ruleset: [unclosed"):
        with pytest.raises(ScenarioError) as err:
            loads(text, "f")
        errors.append(err.value)
    with pytest.raises(ScenarioError) as err:
        replay({"ruleset": V, "players": 2}, max_steps=-1)
    errors.append(err.value)
    for e in errors:
        assert e.problem_fr != e.problem and french(e.problem_fr), (e.problem, e.problem_fr)


def test_the_cli_prints_its_refusals_in_french_with_lang_fr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    latin1 = tmp_path / "latin1.yml"
    latin1.write_bytes("title: Vélodrome\n".encode("latin-1"))
    cases = [
        (["replay", str(latin1), "--lang", "fr"], "latin1.yml:1\u00a0: pas du texte UTF-8"),
        (["replay", str(tmp_path / "missing.json"), "--lang", "fr"], "illisible"),
        (["simulate", V, "--players", "2", "-n", "0", "--lang", "fr"], "option -n\u00a0: attendu\u00a0: de 1 à"),
        (["play", V, "--players", "2", "--human", "x", "--lang", "fr"],
         "option --human\u00a0: attendu\u00a0: des places"),
        (["simulate", "cdp.velocita", "--players", "2", "--bots", "nobody,plain", "--lang=fr"], "robot inconnu"),
        (["simulate", "cdp.velocita", "--players", "2", "--bots", "plain", "--lang=fr"], "un robot par place"),
        (["simulate", V, "--players", "2", "--option", "oops", "--lang", "fr"], "attendu\u00a0: ID=VALEUR"),
        (["play", V, "--players", "two", "--lang", "fr"], "commande mal formée"),
        (["simulate", V, "--players", "40", "--lang", "fr"], "se joue de 2 à"),
        # a race for one number of players says that number once ("2 to 2" was printed)
        (["simulate", "cdp.velocita", "--players", "4", "--lang", "fr"],
         "Vitesse (Velocità) se joue à 2 joueurs, pas 4"),
    ]
    for args, message in cases:
        code, out, err = run_cli(capsys, *args)
        assert (code, out) == (2, ""), args
        # French sets a no-break space before a colon (parcours.core.typeset)
        assert err.startswith("parcours\u00a0: ") and err.count("\n") == 1 and message in err, (args, err)


def test_no_refusal_lacks_its_french() -> None:
    """Every `ScenarioError(...)` the engine and the view raise says `fr=` (mypy requires it too:
    this names the place when a call slips past the types, e.g. through `**kwargs`)."""
    import ast

    import parcours
    import parcours_view
    missing = []
    for package in (parcours, parcours_view):
        root = Path(str(package.__file__)).parent
        for path in sorted(root.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ScenarioError"
                        and not any(k.arg == "fr" for k in node.keywords)):
                    missing.append(f"{path.relative_to(root.parent)}:{node.lineno}")
    assert not missing, missing


def test_the_workers_calls_answer_a_refusal_in_both_languages() -> None:
    from parcours_view.film import film_json
    from parcours_view.live import figure_json
    from parcours_view.play import play_json
    odds = {"game": "chevaux", "name": "odds", "input": {"holes": 1}}  # the horse race's live figure
    answers = (film_json(json.dumps({"ruleset": V})), figure_json(json.dumps(odds)),
               play_json(json.dumps({"scenario": {"ruleset": V, "players": 40}})))
    # A scenario's field is named by its path ("champ players"); the odds editor's by the form's words.
    fields = (("champ ", ""), ("Trous", "Holes"), ("champ ", ""))
    for answer, (field_fr, field_en) in zip(answers, fields, strict=True):
        error = json.loads(answer)["error"]
        assert set(error) == {"en", "fr"}, error
        where, problem = error["fr"].split("\u00a0: ", 1)
        assert where.startswith(field_fr), error
        named_en = field_en or where.removeprefix("champ ")
        assert error["en"].startswith(f"{named_en}: ") and french(problem), error


# --- 6. a value named in a refusal is quoted as its language quotes --------------------------------

def test_a_value_is_quoted_as_each_language_quotes_it() -> None:
    from parcours.core import QUOTED_LIMIT, quoted
    nbsp = "\u00a0"
    assert (quoted("three", "fr"), quoted("three", "en")) == (f"«{nbsp}three{nbsp}»", "“three”")
    assert [quoted(v, "en") for v in (7, -2, 1.5, True, None)] == ["7", "\u22122", "1.5", "true", "null"]
    assert [quoted(v, "fr") for v in (7, -2, 1.5, False)] == ["7", "\u22122", "1,5", "false"]
    assert quoted(["flat", 3], "en") == "[“flat”, 3]" and quoted({"a": 1}, "fr") == f"{{«{nbsp}a{nbsp}»: 1}}"
    assert quoted([1.5, 2], "fr") == f"[1,5{nbsp}; 2]"  # its commas are the decimal numbers'
    # long values are cut, their quotes kept; a newline is shown, not printed; a huge number is cut too
    long = quoted("x" * 10_000, "en")
    assert long.startswith("“x") and long.endswith("…”") and len(long) == QUOTED_LIMIT + 2
    assert quoted("a\nb", "en") == "“a\\nb”"
    assert quoted(10**5000, "en").endswith("…") and len(quoted(10**5000, "en")) <= QUOTED_LIMIT + 2
    assert quoted(list(range(10**6)), "en").endswith(", …]")


# A value in Python's repr: 'x' opened after a space, a bracket or the line's start; any straight ".
REPR_QUOTE = re.compile(r"(?:^|[\s(\[{:])'|\"")


@pytest.mark.parametrize("scenario", BAD_SCENARIOS, ids=range(len(BAD_SCENARIOS)))
def test_a_refusal_names_the_value_it_got_in_each_languages_quotes(scenario: object) -> None:
    err = refused(scenario)
    assert not REPR_QUOTE.search(err.problem) and not REPR_QUOTE.search(err.problem_fr), (err.problem,
                                                                                           err.problem_fr)


def test_refusals_with_a_value_name_it_quoted() -> None:
    """The value a refusal got is named in its language's quotes ("got 'x'" was Python's repr)."""
    cases = [({"ruleset": V, "players": "two"}, "got “two”", "reçu «\u00a0two\u00a0»"),
             ({"ruleset": V, "players": 2, "dice": ["6"]}, "“6” is not a die face", "«\u00a06\u00a0» n'est pas"),
             ({"ruleset": V, "players": 2, "dice": [0]}, "0 is not a die face", "0 n'est pas"),
             ({"ruleset": "cdp.mezzofondo", "players": 2, "setup": {"teams": [{"rider": -500}, {}]}},
              "got \u2212500", "reçu \u2212500"),
             ({"ruleset": "no.such-race", "players": 2}, "unknown ruleset “no.such-race”",
              "course inconnue\u00a0: «\u00a0no.such-race\u00a0»")]
    for scenario, en, fr in cases:
        err = refused(scenario)
        assert en in err.problem and fr in err.problem_fr, (err.problem, err.problem_fr)


def test_no_refusal_shows_a_value_by_its_repr() -> None:
    """No `ScenarioError(...)` of the engine or the view formats a value with !r or repr(): a value
    is named through core.quoted, in each language's quotes."""
    import ast

    import parcours
    import parcours_view
    found = []
    for package in (parcours, parcours_view):
        root = Path(str(package.__file__)).parent
        for path in sorted(root.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ScenarioError"):
                    continue
                for part in ast.walk(node):
                    if ((isinstance(part, ast.FormattedValue) and part.conversion == ord("r"))
                            or (isinstance(part, ast.Call) and getattr(part.func, "id", None) == "repr")):
                        found.append(f"{path.relative_to(root.parent)}:{node.lineno}")
    assert not found, found
