"""`parcours stats` and `parcours compare`: the figures, their intervals, the same dice for every reading,
the words in both languages, and agreement with the exact odds where the games have them."""

from __future__ import annotations

import importlib
import io
import json
import math
import subprocess
import sys
from collections import Counter

import pytest

from parcours import all_games, all_races, default_options, game_of
from parcours.cdp.velocita_solver import solution
from parcours.chevaux.odds import odds
from parcours.chevaux.state import Board
from parcours.cli import main
from parcours.report import compare_lines, stats_lines, verdict
from parcours.simulate import wilson
from parcours.stats import ComparedFigure, Moments, compare, kth, play_race, representative, run, streams

Z999 = 3.2905  # a 99.9% interval: the exact value must lie inside it (the runs are seeded: never a flake)
RULESETS = sorted(all_races())


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "parcours.cli", *args], capture_output=True, text=True,
                          timeout=300, check=False)


def smallest(ruleset: str) -> int:
    return all_races()[ruleset].min_players


# ---------------------------------------------------------------- where exact figures exist

def test_the_horse_race_agrees_with_its_markov_chain() -> None:
    """Win and ruin shares by seat and the mean length against chevaux/odds.py's exact values."""
    exact = odds(Board.parse(None))
    result = run("chevaux.course", 2, 20000, 12, default_options("chevaux.course"))
    for seat in (0, 1):
        _, low, high = wilson(result.wins[seat], result.races, Z999)
        assert low <= float(exact.win[seat]) <= high, (seat, result.wins)
        ruined = result.seat_figures["ruined"][seat]
        _, low, high = wilson(round(ruined.total), ruined.n, Z999)
        assert low <= float(exact.ruin[seat]) <= high
    lengths = Moments()
    for throws, races in result.lengths.items():
        for _ in range(races):
            lengths.add(throws)
    low, high = lengths.interval(Z999)
    assert low <= exact.to_json()["mean_length"] <= high  # type: ignore[operator]
    assert lengths.mean == pytest.approx(result.length()["mean"])


@pytest.mark.parametrize("reading", [{}, {"cdp.sprint-when": "before-throw"}, {"cdp.line-crossing": "beyond"}])
def test_velocita_between_two_optimal_riders_agrees_with_the_solved_game(reading: dict[str, str]) -> None:
    """Seat 0 first (no lot), both riders playing the solved game: seat 0 wins as the solver says."""
    options = default_options("cdp.velocita") | {"cdp.lot": "first-seat"} | reading
    result = run("cdp.velocita", 2, 3000, 5, options, ["optimal", "optimal"])
    exact = solution(options).turn_value(0, 0, False, 0)
    _, low, high = wilson(result.wins[0], result.races, Z999)
    assert low <= exact <= high, (exact, result.wins)
    assert result.wins[0] + result.wins[1] == result.races


# ---------------------------------------------------------------- the same dice for every reading

def test_an_option_against_itself_plays_the_very_same_races() -> None:
    """Cards dealt, bots' draws and dice all come from (seed, race): the default against itself is identical."""
    c = compare("ronde.niveau-3", 3, "ronde.race-end", 30, 4, values=["first", "first"])
    assert c.values == ["first", "first"]
    assert c.stats[0].to_json() == c.stats[1].to_json()
    assert c.same_races(1) and not c.effects(1)
    assert all(d.mean == 0 and d.spread == 0 for d in c.differences[1].values())
    assert verdict(c, 1, "en") == "no change over 30 races: every figure the same in every race"
    assert verdict(c, 1, "fr") == "aucun changement sur 30 courses : chaque chiffre identique dans chaque course"


def test_a_reading_that_cannot_matter_here_changes_nothing() -> None:
    """With one opponent, a lap token 'on every opponent' and 'on each' are the same token."""
    c = compare("veldiv.individuelle", 2, "veldiv.lap-token", 300, 1)
    assert c.values == ["all", "each"] and c.same_races(1) and not c.effects(1)
    assert verdict(c, 1, "en").startswith("no change over 300 races")


def test_two_readings_that_matter_differ_race_by_race() -> None:
    """Stopping at the third Premier shortens every race that would have gone on: measurable, and paired."""
    c = compare("veldiv.individuelle", 4, "veldiv.final-lap", 300, 1)
    length = c.differences[1][ComparedFigure("length")]
    assert length.mean < 0 and length.most <= 0  # never longer, race by race, on the same dice
    assert c.measurable(1, ComparedFigure("length")) and not c.same_races(1)
    assert verdict(c, 1, "en").startswith("changes the race's length: from ")
    assert verdict(c, 1, "fr").startswith("change la longueur de la course : de ")


def test_who_wins_is_the_verdict_when_the_winner_changes() -> None:
    """Velocità between two optimal riders: without the lot, seat 0 throws first in every race, which
    the solved game says costs him (about 30% against 50% with the lot)."""
    c = compare("cdp.velocita", 2, "cdp.lot", 600, 2, bots=["optimal", "optimal"])
    assert any(m.what == "wins" for m in c.effects(1))
    said = verdict(c, 1, "en")
    assert said.startswith("changes who wins: player ") and " from " in said and "% to " in said
    assert verdict(c, 1, "fr").startswith("change qui gagne : joueur ")


def test_the_dice_of_a_race_do_not_depend_on_the_bots_or_the_shuffles() -> None:
    one, two = streams(7, 3), streams(7, 3)
    two.bots.random(), two.bots.random()  # the bots draw more in one reading than in the other
    assert [one.dice.random() for _ in range(20)] == [two.dice.random() for _ in range(20)]
    assert one.shuffle == two.shuffle and streams(7, 4).shuffle != one.shuffle
    assert streams(8, 3).dice.random() != streams(7, 3).dice.random()


def test_figures_are_reproducible_from_the_seed() -> None:
    first = run("ronde.niveau-2", 3, 20, 9, default_options("ronde.niveau-2")).to_json()
    assert run("ronde.niveau-2", 3, 20, 9, default_options("ronde.niveau-2")).to_json() == first
    assert run("ronde.niveau-2", 3, 20, 10, default_options("ronde.niveau-2")).to_json() != first


def test_a_number_option_is_compared_at_a_few_values_and_says_so() -> None:
    laps = game_of("cdp.mezzofondo").OPTIONS["cdp.laps"]
    assert representative(laps) == ([1, 4, 8, 16], True)
    assert representative(game_of("cdp.velocita").OPTIONS["cdp.lot"]) == (["die", "first-seat"], False)
    c = compare("cdp.mezzofondo", 2, "cdp.laps", 5, 1)
    assert c.values == [4, 1, 8, 16]
    assert any("compared at a few values" in line for line in compare_lines(c, "en"))
    assert any("comparé en quelques valeurs" in line for line in compare_lines(c, "fr"))


def test_an_interruption_keeps_the_races_done_and_their_pairs() -> None:
    def stop_at_five(done: int) -> None:
        if done == 5:
            raise KeyboardInterrupt

    s = run("veldiv.cagnotte", 3, 50, 1, default_options("veldiv.cagnotte"), progress=stop_at_five)
    assert s.interrupted and s.races == 5 and sum(s.lengths.values()) == 5
    c = compare("veldiv.cagnotte", 3, "veldiv.cagnotte-38", 50, 1, progress=stop_at_five)
    assert [s.races for s in c.stats] == [5, 5] and all(d.n == 5 for d in c.differences[1].values())
    assert compare_lines(c, "en")[0] == "Interrupted: 5 races of 50 for each value."


# ---------------------------------------------------------------- the aggregates

def test_moments_and_ranks_agree_with_the_standard_library() -> None:
    import statistics

    values = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
    m = Moments()
    for v in values:
        m.add(v)
    assert m.mean == pytest.approx(statistics.mean(values)) and m.spread == pytest.approx(statistics.stdev(values))
    assert m.error == pytest.approx(statistics.stdev(values) / math.sqrt(len(values)))
    assert (m.least, m.most) == (1, 9)
    counts = Counter(values)
    assert [kth(counts, k) for k in range(1, 12)] == sorted(values)


def test_length_percentiles_are_nearest_ranks() -> None:
    s = run("chevaux.course", 2, 10, 3, default_options("chevaux.course"))
    throws = sorted(s.lengths.elements())
    import statistics

    length = s.length()
    assert length["median"] == statistics.median(throws)
    assert (length["p10"], length["p90"], length["longest"]) == (throws[0], throws[8], throws[-1])


# ---------------------------------------------------------------- the words of every game's figures

def reported(ruleset: str) -> tuple[set[str], bool]:
    """The figure ids a few races of the ruleset report, and whether they stopped anywhere."""
    game = game_of(ruleset)
    ids: set[str] = set()
    landed = False
    for players in {smallest(ruleset), min(4, all_races()[ruleset].max_players)}:
        bots = [game.BOTS[next(iter(game.BOTS))]] * players if game.BOTS else []
        for race in range(3):
            figures = play_race(game, ruleset, players, default_options(ruleset), streams(1, race), bots).figures
            ids |= set(figures.race) | set(figures.seats)
            landed |= bool(figures.landings)
    return ids, landed


def test_every_figure_has_its_words_in_both_languages_and_is_reported_somewhere() -> None:
    for name, game in all_games().items():
        seen: set[str] = set()
        for ruleset in game.RACES:
            ids, landed = reported(ruleset)
            assert ids <= set(game.FIGURES), (ruleset, ids - set(game.FIGURES))
            assert not landed or "landings" in game.FIGURES
            seen |= ids | ({"landings"} if landed else set())
        assert seen == set(game.FIGURES), (name, set(game.FIGURES) - seen)  # no words for a figure never seen
        for fid, figure in game.FIGURES.items():
            assert set(figure.name) == {"fr", "en"} and all(figure.name.values()), fid
            assert all("(s)" not in words and "(e)" not in words for words in figure.name.values()), fid
        assert len({f.name["fr"] for f in game.FIGURES.values()}) == len(game.FIGURES)  # each its own words
        assert len({f.name["en"] for f in game.FIGURES.values()}) == len(game.FIGURES)


def test_each_tally_reads_kinds_of_events_its_game_has() -> None:
    for name, game in all_games().items():
        narrate = importlib.import_module(f"parcours.{name}.narrate")
        kinds = set(narrate.KINDS) | set(getattr(narrate, "MEZZO_KINDS", ()))
        for ruleset in game.RACES:
            assert game.tally(ruleset, smallest(ruleset)).kinds <= kinds, ruleset


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_stats_of_every_race_read_in_both_languages_without_codes(ruleset: str) -> None:
    players = smallest(ruleset) + (1 if all_races()[ruleset].max_players > smallest(ruleset) else 0)
    s = run(ruleset, players, 6, 2, default_options(ruleset))
    option = next((oid for oid, races in game_of(ruleset).APPLIES.items() if ruleset in races), None)
    texts = {lang: "\n".join(stats_lines(s, lang)) for lang in ("fr", "en")}
    if option is not None:
        c = compare(ruleset, players, option, 4, 2)
        texts = {lang: texts[lang] + "\n".join(compare_lines(c, lang)) for lang in texts}
    for lang, text in texts.items():
        for code in (ruleset, "(s)", "None", "null", "nan", "inf", "{", "}"):
            assert code not in text, (lang, code)
        if option is not None:
            assert option not in text, lang
    assert "6 courses" in texts["fr"] and "6 races" in texts["en"]
    assert all_races()[ruleset].name["fr"] in texts["fr"] and all_races()[ruleset].name["en"] in texts["en"]


# ---------------------------------------------------------------- the command

def test_cli_stats_json_and_words_in_both_languages() -> None:
    out = cli("stats", "veldiv.individuelle", "--players", "3", "-n", "1200", "--seed", "3", "--json")
    assert out.returncode == 0 and out.stderr == ""
    data = json.loads(out.stdout)
    assert data["races"] == 1200 and len(data["wins"]) == 3
    assert sum(w["share"] for w in data["wins"]) == pytest.approx(1)
    assert all(sum(row) == pytest.approx(1) for row in data["places"])  # each seat finishes somewhere
    assert all(sum(data["places"][s][p] for s in range(3)) == pytest.approx(1) for p in range(3))
    assert data["length"]["p10"] <= data["length"]["median"] <= data["length"]["p90"] <= data["length"]["longest"]
    points = data["figures"]["points"]
    assert points["name"] == {"fr": "Points marqués", "en": "Points scored"}
    assert all(p["low"] <= p["mean"] <= p["high"] for p in points["seats"])
    assert sum(v["share"] for v in data["landings"].values()) == pytest.approx(1)
    en = cli("stats", "veldiv.individuelle", "--players", "3", "-n", "1200", "--seed", "3")
    fr = cli("stats", "veldiv.individuelle", "--players", "3", "-n", "1200", "--seed", "3", "--lang", "fr")
    assert en.returncode == fr.returncode == 0
    assert en.stdout.startswith("Individual race, 3 players: 1,200 races (seed 3)\nWins (share of races, 95% interval)")
    assert fr.stdout.startswith(  # a narrow no-break space between the thousands
        "Course individuelle, 3 joueurs\u00a0: 1\u202f200 courses (graine 3)\nVictoires (part des")
    assert "Length in throws: mean " in en.stdout and "Longueur en lancers\u00a0: moyenne " in fr.stdout
    assert "  Points scored\n    Player 1  " in en.stdout and "  Points marqués\n    Joueur 1  " in fr.stdout
    assert "\u00a0%" in fr.stdout and "1st" in en.stdout and "1er" in fr.stdout


def test_cli_compare_json_and_words_in_both_languages() -> None:
    args = ("compare", "chevaux.trois-points", "--players", "2", "--option", "chevaux.legs-horses", "-n", "400")
    data = json.loads(cli(*args, "--json").stdout)
    assert data["values"] == ["fresh", "carry"] and data["differences"][0] is None
    rows = data["differences"][1]["figures"]
    assert {r["measure"] for r in rows} == {"wins", "length", "figure"}
    for r in rows:
        assert r["low"] <= r["difference"] <= r["high"] and r["races"] <= 400
    en, fr = cli(*args).stdout, cli(*args, "--lang", "fr").stdout
    assert "Reading compared: In legs: does every leg start again with six horses?" in en
    assert "  A: Six horses every leg (the default)\n  B: Lost horses stay lost" in en
    assert "  A\u00a0: Six chevaux à chaque manche (par défaut)\n  B\u00a0: Les chevaux perdus le restent" in fr
    assert "\nVerdict (B): " in en and "\nVerdict (B)\u00a0: " in fr


@pytest.mark.parametrize("args, where", [
    (("stats", "veldiv.sprint", "--players", "2"), "unknown ruleset"),
    (("stats", "veldiv.individuelle", "--players", "2", "--option", "veldiv.nope=1"), "unknown option"),
    (("stats", "veldiv.individuelle", "--players", "2", "--option", "veldiv.ranking=best"), "is not one of"),
    (("stats", "veldiv.individuelle", "--players", "2", "-n", "0"), "expected 1 to"),
    (("stats", "cdp.velocita", "--players", "2", "--bots", "genius,plain"), "unknown bot"),
    (("compare", "veldiv.individuelle", "--players", "2", "--option", "veldiv.nope"), "unknown option"),
    (("compare", "veldiv.individuelle", "--players", "2", "--option", "veldiv.cagnotte-38"), "does not apply"),
    (("compare", "veldiv.individuelle", "--players", "2", "--option", "veldiv.ranking", "--values", "best"),
     "is not one of"),
    (("compare", "veldiv.cagnotte", "--players", "2", "--option", "veldiv.cagnotte-total", "--values", "0"),
     "whole number from 1 to 1000"),
    (("compare", "veldiv.individuelle", "--players", "13", "--option", "veldiv.ranking"), "2 to 12"),
    (("compare", "veldiv.individuelle", "--players", "2"), "--option"),
])
def test_cli_bad_input_exits_2_with_one_line(args: tuple[str, ...], where: str) -> None:
    for lang in ("en", "fr"):
        out = cli(*args, "--lang", lang)
        assert out.returncode == 2 and out.stdout == "", out.stderr
        assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
        assert out.stderr.startswith("parcours\u00a0: " if lang == "fr" else "parcours: ")
        if lang == "en":
            assert where in out.stderr, out.stderr


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("command", [["stats", "chevaux.course", "--players", "2"],
                                     ["compare", "chevaux.trois-points", "--players", "2", "--option",
                                      "chevaux.legs-start"]])
def test_a_progress_bar_on_a_terminal_only_and_never_with_json(monkeypatch: pytest.MonkeyPatch,
                                                               command: list[str]) -> None:
    def runs(*extra: str) -> tuple[str, str]:
        err, out = _Terminal(), io.StringIO()
        monkeypatch.setattr(sys, "stderr", err)
        monkeypatch.setattr(sys, "stdout", out)
        assert main([*command, "-n", "50", *extra]) == 0
        return out.getvalue(), err.getvalue()

    words, bar = runs()
    assert "[" in bar and "50/50" in bar and "50/50" not in words
    data, nothing = runs("--json")
    assert nothing == "" and json.loads(data)["races"] == 50



def test_the_scenario_format_page_shows_what_stats_and_compare_really_print() -> None:
    """Every line of the page's stats and compare samples (excerpts) is a line the command prints."""
    from pathlib import Path

    page = (Path(__file__).parent.parent / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    samples = [block for block in page.split("```console\n")[1:]
               if block.lstrip().startswith(("$ parcours stats", "$ parcours compare"))]
    assert len(samples) == 4  # stats and compare, in French and in English
    for block in samples:
        command, *lines = [line.strip() for line in block.split("```")[0].strip().splitlines()]
        printed = {line.strip() for line in cli(*command.removeprefix("$ parcours ").split()).stdout.splitlines()}
        assert lines and all(line in printed for line in lines), [line for line in lines if line not in printed]
