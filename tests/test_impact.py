"""What each reading changes: the data beside every note that names an option (docs/<game>/impact.json,
written by scripts/reading_impact.py) covers every such note, and is what the engine gives again from
its seed: a sample of it is replayed here, figures and words."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

from parcours import all_games
from parcours.report import impact
from parcours.stats import compare

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SITE = ROOT / "site"
_spec = importlib.util.spec_from_file_location("reading_impact", ROOT / "scripts" / "reading_impact.py")
assert _spec and _spec.loader
generator = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generator)
GAMES = sorted(generator.GAMES)


def data(game: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((DOCS / game / "impact.json").read_text(encoding="utf-8"))
    return loaded


def noted_options(game: str) -> list[str]:
    """The option each note names, in the rulebook's order (a note per reading, or more)."""
    import yaml  # the rulebook's own format (a dev requirement, as for the build)

    rulebook = yaml.safe_load((DOCS / game / "rulebook.yml").read_text(encoding="utf-8"))
    return [note["option"] for section in rulebook["sections"] for note in section.get("notes") or []
            if note.get("option")]


@pytest.mark.parametrize("game", GAMES)
def test_every_reading_a_note_names_has_its_figures_for_every_race(game: str) -> None:
    rules, stored = all_games()[game], data(game)
    assert stored["seed"] == generator.SEED and stored["check"] == generator.CHECK
    for option in sorted(set(noted_options(game))):
        records = stored["options"].get(option)
        assert records, f"{game}: no figures for {option}: run scripts/reading_impact.py --game {game}"
        assert sorted(r["ruleset"] for r in records) == sorted(rules.APPLIES[option]), option
        for r in records:
            assert r["seed"] == generator.SEED and r["target"] == generator.target_for(r["ruleset"], True)
            assert r["players"] == generator.players_for(r["ruleset"])
            # every value of the reading (a number's few representative ones) against the default
            assert [a["value"] for a in r["against"]] == r["values"][1:] and len(r["values"]) >= 2


@pytest.mark.parametrize("game", GAMES)
def test_the_figures_come_again_from_their_seed(game: str) -> None:
    """The first races of a record of each game, replayed: the same figures in the same words (a
    change to the rules or to their words since the data was written fails here)."""
    stored = data(game)
    for records in list(stored["options"].values())[:2]:
        r = records[0]
        again = impact(compare(r["ruleset"], r["players"], r["option"], stored["check"], r["seed"], bots=r["bots"]))
        assert again == r["check"], f"{r['option']} on {r['ruleset']}: run scripts/reading_impact.py --game {game}"


@pytest.mark.replay
def test_a_whole_record_comes_again_from_its_seed() -> None:
    """One record replayed in full, every race, every figure: the quickest to replay of every game's
    (the Veldiv's elimination race under its line-crossing reading, 40,000 races in about 30 s on this
    machine's kind; the horse race's shortest took 51 s)."""
    [r] = [r for r in data("veldiv")["options"]["veldiv.line-crossing"] if r["ruleset"] == "veldiv.eliminatoire"]
    assert impact(compare(r["ruleset"], r["players"], r["option"], r["races"], r["seed"], bots=r["bots"])) == \
        {k: v for k, v in r.items() if k not in ("check", "target")}


def test_a_reading_that_changes_who_wins_says_so() -> None:
    """Not a constant: the horse race's lost horses move the winner's share, measurably."""
    [against] = data("chevaux")["options"]["chevaux.legs-horses"][0]["against"]
    assert against["verdict"]["en"].startswith("changes who wins: player 1 (Red) from")
    assert against["verdict"]["fr"].startswith("change qui gagne\u00a0: joueur 1 (Rouge) de")
    wins = [row for row in against["rows"] if row["figure"]["en"].startswith("Wins")]
    assert len(wins) == 2 and all(row["measurable"] for row in wins)


@pytest.mark.parametrize("game", GAMES)
def test_a_difference_below_zero_is_set_with_a_minus_sign(game: str) -> None:
    """The readings' differences print "−3,7 (−5,5 à −1,9)", never with a hyphen-minus: in the stored
    words (what the pages show) a number is never signed by "-"."""
    hyphen = re.compile(r"(?<![\w-])-(?=\d)")
    words = json.dumps(data(game), ensure_ascii=False)
    found = hyphen.search(words)
    assert found is None, words[max(0, found.start() - 80):found.start() + 80]
    if game == "chevaux":
        [against] = data("chevaux")["options"]["chevaux.legs-horses"][0]["against"]
        difference = against["rows"][0]["difference"]["fr"]
        assert re.fullmatch(r"\u2212\d+,\d \(\u2212\d+,\d à \u2212\d+,\d\)( \*)?", difference), difference


@pytest.mark.site
@pytest.mark.parametrize("game", GAMES)
def test_every_note_with_a_reading_prints_what_it_changes(game: str) -> None:
    """Beside the note, each verdict in a sentence and a link to its figures; on the numbers page, at
    that link, the same verdicts with their tables, and a link back to the note."""
    pages = [p for p in SITE.glob(f"{game}/rules*/index.html")]
    assert pages, "build the site first (make build)"
    html = "".join(p.read_text(encoding="utf-8") for p in pages)
    numbers = (SITE / game / "numbers" / "index.html").read_text(encoding="utf-8")
    shown = re.findall(r'<div class="px-impact" data-impact="([^"]+)" data-races="[^"]+">', html)
    assert sorted(shown) == sorted(noted_options(game))
    for option in set(shown):
        box = html.split(f'data-impact="{option}"', 1)[1].split('<div class="px-impact"', 1)[0]
        box = box[:box.rindex('class="px-impact-more"')]  # the box alone
        assert "Ce que change cette lecture" in box and "What this reading changes" in box
        assert "<table>" not in box  # the rules page stays light: the tables are on the numbers page
        anchor = "reading-" + option.replace(".", "-")
        assert box.count(f'<a href="../numbers/#{anchor}">') == 1, option  # the second ends the box
        full = numbers.split(f'id="{anchor}"', 1)[1].split("<h3 ", 1)[0].split("<h2 ", 1)[0]
        assert f'#option-{option.replace(".", "-")}"' in full, option
        verdicts = re.findall(r"<p><strong>.*?</p>", box)
        assert verdicts and all(v in full for v in verdicts), option  # the same sentences, word for word
        assert full.count("<table>") == len(verdicts), option  # each verdict its table, in each language
