"""The site's figures are claims, and these tests check them: every published share as precise as the
page says (playable/measuring.py), every measured figure that has an exact counterpart (the horse race's
Markov chains, Velocità's solved game) holding it within its interval, and every sentence agreeing with
its table (who leads, whether an edge is beyond chance, ties, what a reading changes)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from parcours import all_games
from parcours.interface import Exact
from parcours.report import exact_verdict
from playable.data_check import _numbers_in
from playable.impact import exact_words
from playable.measuring import CHECK_RARE, MOST, check_gap, exact_under, target_for
from playable.numbers_page import _advantage, _check

DOCS = Path(__file__).resolve().parent.parent / "docs"
GAMES = sorted(all_games())
ROUNDING = 0.05  # the pages' differences are in points to one decimal


def stored(game: str, name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((DOCS / game / name).read_text(encoding="utf-8"))
    return loaded


def impact_records(game: str) -> list[dict[str, Any]]:
    return [r for records in stored(game, "impact.json")["options"].values() for r in records]


def wins_rows(record: dict[str, Any], against: dict[str, Any]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = against["rows"][:record["players"]]
    return rows


# ---------------------------------------------------------------- precision

@pytest.mark.parametrize("game", GAMES)
def test_every_share_of_a_numbers_page_is_as_precise_as_said(game: str) -> None:
    for ruleset, s in stored(game, "numbers.json")["races"].items():
        assert s["races"] < MOST, f"{ruleset}: the precision was not reached"
        for seat, w in enumerate(s["wins"]):
            assert (w["high"] - w["low"]) / 2 <= target_for(ruleset) + 1e-12, (ruleset, seat, w)


@pytest.mark.parametrize("game", GAMES)
def test_every_difference_in_wins_a_reading_makes_is_as_precise_as_said(game: str) -> None:
    for r in impact_records(game):
        assert r["races"] < MOST, f"{r['ruleset']} {r['option']}: the precision was not reached"
        for a in r["against"]:
            for row in wins_rows(r, a):
                _, low, high = _numbers_in(row["difference"]["en"], "en")
                assert (high - low) / 2 <= 100 * target_for(r["ruleset"], True) + ROUNDING, (r["ruleset"], row)


# ---------------------------------------------------------------- exact against measured

def races_with_exact_figures() -> list[tuple[str, str]]:
    return [(game, ruleset) for game in GAMES for ruleset in all_games()[game].RACES
            if exact_under(ruleset) is not None]


def test_some_races_are_computed_exactly() -> None:
    assert {"chevaux.course", "cdp.velocita"} <= {r for _, r in races_with_exact_figures()}


@pytest.mark.parametrize(("game", "ruleset"), races_with_exact_figures())
def test_every_race_played_bears_its_exact_value_out_and_the_page_says_how_well(game: str, ruleset: str) -> None:
    exact = exact_under(ruleset)
    assert exact is not None
    s = stored(game, "numbers.json")["races"][ruleset]
    seat, chance = check_gap(s["wins"], exact, s["races"])
    assert chance * CHECK_RARE >= 1, (ruleset, seat, s["wins"][seat], exact.wins[seat], chance)
    said = _check(ruleset, s, exact)["en"]
    often = re.search(r"about once in ([\d,]+) samples", said)
    assert (often is None) == (chance >= 0.5), said
    if often:
        assert int(often.group(1).replace(",", "")) == round(1 / chance), said
    assert f"{100 * abs(s['wins'][seat]['share'] - exact.wins[seat]):.2f} points" in said, said


def test_a_race_played_far_from_its_exact_value_fails_the_check() -> None:
    wrong = Exact((0.5, 0.5), {"fr": "calcul", "en": "computation"})
    s: dict[str, Any] = {"wins": [{"share": 0.51}, {"share": 0.49}], "races": 240_000}
    _, chance = check_gap(s["wins"], wrong, s["races"])
    assert chance * CHECK_RARE < 1  # 0.49 against 0.5 over 240,000 races: about 9.8 spreads


@pytest.mark.parametrize("game", GAMES)
def test_every_measured_difference_holds_its_exact_value(game: str) -> None:
    for r in impact_records(game):
        before = exact_under(r["ruleset"])
        for a in r["against"]:
            after = exact_under(r["ruleset"], {r["option"]: a["value"]})
            if before is None or after is None:
                continue
            for seat, row in enumerate(wins_rows(r, a)):
                _, low, high = _numbers_in(row["difference"]["en"], "en")
                moved = 100 * (after.wins[seat] - before.wins[seat])
                assert low - ROUNDING <= moved <= high + ROUNDING, (r["ruleset"], r["option"], a["value"], seat)


# ---------------------------------------------------------------- sentences against their tables

def named_seat(sentence: str) -> int:
    found = re.search(r"[Pp]layer (\d+)", sentence)
    assert found, sentence
    return int(found.group(1)) - 1


@pytest.mark.parametrize("game", GAMES)
def test_the_numbers_page_names_the_leader_and_claims_an_edge_only_beyond_chance(game: str) -> None:
    for ruleset, s in stored(game, "numbers.json")["races"].items():
        exact = exact_under(ruleset)
        said = _advantage(ruleset, s, exact)
        en, fr = said["en"], said["fr"]
        if exact is not None:
            top = max(exact.wins)
            if all(abs(w - top) < 1e-9 for w in exact.wins):
                assert en.startswith("Exactly even chances") and fr.startswith("Chances exactement égales"), en
            else:
                assert exact.wins[named_seat(en)] == top and "exactly" in en and "exactement" in fr, en
            continue
        shares = [w["share"] for w in s["wins"]]
        lead = named_seat(en)
        assert shares[lead] == max(shares), (ruleset, en)
        beyond = s["wins"][lead]["low"] > 1 / s["players"]
        assert ("has the edge" in en) == beyond and ("a l'avantage" in fr) == beyond, (ruleset, en, fr)
        assert ("No edge beyond chance" in en) == (not beyond), en
        behind = [k for k, w in enumerate(s["wins"]) if w["high"] < 1 / s["players"]]
        tail = en.split("Behind beyond chance:", 1)[1] if behind else ""
        assert [int(k) - 1 for k in re.findall(r"player (\d+)", tail)] == behind, (ruleset, en)


def test_ties_are_said_as_ties() -> None:
    tied = Exact((0.4, 0.4, 0.2), {"fr": "calcul", "en": "computation"})
    even = Exact((0.5, 0.5), {"fr": "calcul", "en": "computation"})
    s = {"players": 3, "wins": [{"share": 0.4, "low": 0.39, "high": 0.41}] * 3}
    said = _advantage("veldiv.individuelle", s, tied)
    assert said["en"].startswith("Exactly tied in the lead: player 1 and player 2, 40% of races each"), said
    assert said["fr"].startswith("À égalité exacte en tête : le joueur 1 et le joueur 2, 40\u00a0% des courses"), said
    said = _advantage("chevaux.course", {**s, "players": 2}, even)
    assert said["en"].startswith("Exactly even chances: each player wins 50% of races"), said


@pytest.mark.parametrize("game", GAMES)
def test_every_verdict_agrees_with_its_table(game: str) -> None:
    for r in impact_records(game):
        for a in r["against"]:
            en, rows = a["verdict"]["en"], wins_rows(r, a)
            moved = re.search(r"from (\S+) to (\S+)", en)
            assert not moved or moved.group(1) != moved.group(2), en  # never "from 7.31 to 7.31"
            if en.startswith("changes who wins"):
                row = rows[named_seat(en)]
                assert row["measurable"] and f"from {row['default']['en']} to {row['value']['en']}" in en, en
            else:
                assert not any(row["measurable"] for row in rows), (en, rows)
            bound = re.search(r"beyond ±([\d.]+) points", en)
            if bound:
                widest = max(abs(x) for row in rows for x in _numbers_in(row["difference"]["en"], "en")[1:])
                assert widest <= float(bound.group(1)) + ROUNDING, (en, widest)


@pytest.mark.parametrize("game", GAMES)
def test_an_exact_verdict_names_the_seat_that_moves_most(game: str) -> None:
    for r in impact_records(game):
        before = exact_under(r["ruleset"])
        for (ruleset, value), words in exact_words([r]).items():
            after = exact_under(ruleset, {r["option"]: value})
            assert before is not None and after is not None
            if words["verdict"] is None:
                assert max(abs(x - y) for x, y in zip(before.wins, after.wins)) < 1e-5
                continue
            seat = named_seat(words["verdict"]["en"])
            moves = [abs(x - y) for x, y in zip(before.wins, after.wins)]
            assert moves[seat] == max(moves) and "(exact)" in words["verdict"]["en"]
            assert words["verdict"]["en"] == exact_verdict(ruleset, before, after, "en")
