"""A fifth game, added as README's "Adding a game" says and registered only here (issue 29): the snail
race of tests/fifth/ (its engine package, its view, its pages and data, numbers.json and impact.json
written by the repository's own scripts: tests/fifth/write_data.py), copied into a copy of the project
with its nav lines and its row of the scenario page's table, and registered by a hook of the copy's
mkdocs.yml (tests/fifth/hook.py). The copy is built once for the module (`mkdocs build --strict`: the
data check, the freshness check, every link checked); its site must list the game wherever a game is
listed, and the game's pages must pass the proofreading checks of tests/ that need no browser.

What the build skips, and why: nothing of the build itself; Pyodide, the wheel and Python's snapshot are
the repository's, copied, not vendored again (the copy's engine is unchanged: the fixture lives outside
engine/parcours; stale ones, before `make build`, would be vendored again, minutes more). So the
browser's engine does not hold the snail race: its examples play at build time only, and live they
would fail (not tested). The build takes most of the module's time: about 45 s of CPU.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest

import fifth
import test_citation_meta
import test_data_pages
import test_scenario_page
import test_site_data
import test_terms
from parcours.cli import main as parcours
from playable import data_check
from playable.sources import DataError
from project_copy import build, copy_project

pytestmark = [pytest.mark.site, pytest.mark.build, pytest.mark.xdist_group("fifth-game")]

GAME = fifth.escargots.GAME
RACE = next(iter(fifth.escargots.RACES))
HERE = Path(__file__).resolve().parent / "fifth"


def _with_game(project: Path) -> None:
    """What a contributor adds beside the registries: the game's folder under docs/, its lines in the
    nav, its rows in the scenario page's table; and here, the hook that registers it."""
    shutil.copytree(HERE, project / "fifth", ignore=shutil.ignore_patterns("docs", "*.md", "*.yml", "__pycache__"))
    shutil.copytree(HERE / "docs" / GAME, project / "docs" / GAME)
    config = (project / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("hooks:\n", "hooks:\n  - fifth/hook.py\n", 1)
    play = "  - Jouer · Play: play.md\n"
    config = config.replace(play, (HERE / "nav.yml").read_text(encoding="utf-8") + play, 1)
    assert "  - fifth/hook.py\n" in config and f"{GAME}/index.md" in config, "mkdocs.yml no longer of this shape"
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    page = project / "docs" / "scenario-format.md"
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    rows = (HERE / "scenario-format.md").read_text(encoding="utf-8").splitlines(keepends=True)
    for (lang, head), row in zip(test_scenario_page.HEADS.items(), rows, strict=True):
        at = next(i for i, line in enumerate(lines) if line.strip() == head) + 2
        while lines[at].strip().startswith("|"):
            at += 1
        lines.insert(at, row)
    page.write_text("".join(lines), encoding="utf-8")


@pytest.fixture(scope="module")
def registered() -> Iterator[None]:
    """The snail race known to this process too (the proofreading checks ask the registry), then forgotten."""
    fifth.register()
    yield
    fifth.unregister()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("fifth"))
    _with_game(project)
    return project


@pytest.fixture(scope="module")
def site(project: Path, registered: None) -> Path:
    done = build(project)
    assert done.returncode == 0, f"the copy with a fifth game does not build:\n{done.stdout}\n{done.stderr[-6000:]}"
    return project / "site"


def _text(site: Path, page: str) -> str:
    return (site / page / "index.html").read_text(encoding="utf-8")


# ---------------------------------------------------------------- listed wherever a game is listed
def test_the_home_pages_games_table_lists_it_in_both_languages(site: Path) -> None:
    home = _text(site, "")
    rows = re.findall(rf'<tr>\s*<td><a href="{GAME}/">([^<]*)</a>.*?</tr>', home, re.DOTALL)
    assert sorted(map(unescape, rows)) == ["Course d'escargots", "The snail race"], rows
    assert "2 exemples commentés" in home and "2 worked examples" in home


def test_the_menu_lists_its_pages(site: Path) -> None:
    menu = re.findall(r'<a href="([^"]*)" class="md-nav__link', _text(site, "play"))
    assert [f"../{GAME}/", f"../{GAME}/rules/", f"../{GAME}/numbers/"] == [h for h in menu if GAME in h], menu


def test_the_play_page_lists_and_offers_its_race(site: Path) -> None:
    page = _text(site, "play")
    menu = re.search(r'<select name="ruleset">(.*?)</select>', page, re.DOTALL)
    assert menu and f'<option value="{RACE}" data-min="2" data-max="2"' in menu.group(1)
    listed = re.findall(rf'<li><a href="../{GAME}/">([^<]*)</a>[^<]*</li>', page)
    assert sorted(map(unescape, listed)) == ["Course d'escargots", "The snail race"], "its line in the list of games"


def test_the_scenario_page_lists_its_race_and_its_option(site: Path) -> None:
    codes = _text(site, "scenario-format").replace("<wbr>", "")
    assert f"<code>{RACE}</code>" in codes and "<code>escargots.exact</code>" in codes


def test_its_numbers_and_what_its_reading_changes_are_on_its_numbers_page(site: Path) -> None:
    page = _text(site, f"{GAME}/numbers")
    races = json.loads((HERE / "docs" / GAME / "numbers.json").read_text(encoding="utf-8"))["races"]
    assert f"{races[RACE]['races']:,}".replace(",", "\u202f") in page, "the races its numbers.json played"
    assert 'id="reading-escargots-exact"' in page, "the impact of its one reading"
    assert "Lancers trop forts" in page and "Throws too high" in page, "its own figure, named"


def test_its_rulebook_prints_with_its_examples(site: Path) -> None:
    for page in ("print", "print-fr", "print-en"):
        html = _text(site, f"{GAME}/{page}")
        assert re.findall(r'<div class="px-printed-example" id="(ex-[a-z]+)"', html) == ["ex-marche", "ex-arrivee"]
    assert 'href="print-fr/"' in _text(site, GAME), "the game's page links its printable rulebook"


def test_its_styles_end_the_sites_stylesheet(site: Path) -> None:
    sheets = list((site / "parcours").glob("parcours.*.css"))
    assert len(sheets) == 1, sheets
    ours = (HERE / "view.css").read_text(encoding="utf-8")
    assert sheets[0].read_text(encoding="utf-8").endswith(f"/* {GAME}: view.css (playable/styles.py) */\n" + ours)
    assert 'class="px-rider px-snail"' in _text(site, f"{GAME}/rules")


def test_the_search_index_holds_its_pages_but_not_the_printable_ones(site: Path) -> None:
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = {doc["location"].split("#")[0] for doc in index["docs"]}
    assert {f"{GAME}/", f"{GAME}/rules/", f"{GAME}/numbers/"} <= locations
    assert not [loc for loc in locations if loc.startswith(f"{GAME}/print")]


def test_its_rules_page_plays_its_examples_at_build_time(site: Path) -> None:
    rules = _text(site, f"{GAME}/rules")
    assert "Jaune atteint la salade et gagne." in rules and "Yellow reaches the lettuce and wins." in rules


# ---------------------------------------------------------------- its pages proofread as every game's
@pytest.fixture
def proofread(site: Path, project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The proofreading checks' modules reading the copy's site and docs instead of the repository's."""
    for module in (test_data_pages, test_citation_meta):
        monkeypatch.setattr(module, "SITE", site)
    for module in (test_data_pages, test_site_data, test_terms):
        monkeypatch.setattr(module, "DOCS", project / "docs")
    for module in (test_data_pages, test_terms):
        monkeypatch.setattr(module, "ROOT", project)
    monkeypatch.setattr(test_scenario_page, "PAGE", project / "docs" / "scenario-format.md")
    return site


def _pages(site: Path) -> list[Path]:
    """The game's pages and the pages that list every game."""
    return sorted([*(site / GAME).rglob("index.html"), site / "index.html", site / "play" / "index.html",
                   site / "scenario-format" / "index.html"])


def test_its_pages_pass_the_page_checks(proofread: Path) -> None:
    for page in _pages(proofread):
        test_data_pages.test_no_program_data_in_any_page(page)
        test_data_pages.test_every_source_is_named_by_its_siglum(page)
        test_data_pages.test_no_block_inside_a_paragraph(page)
        test_data_pages.test_a_card_is_a_card_of_its_sort(page)
        path = page.parent.relative_to(proofread).as_posix() + "/"
        path = "" if path == "./" else path
        test_citation_meta.test_every_page_says_its_citation_in_its_head(path)
        test_citation_meta.test_a_page_is_about_the_game_of_its_folder_named_as_its_package_names_it(path)
        test_citation_meta.test_every_page_offers_its_reference_in_its_languages_as_its_head_says_it(path)
    test_data_pages.test_each_table_cell_word_is_marked_with_its_language(proofread / GAME / "index.html")


def test_its_pages_pass_the_game_checks(proofread: Path) -> None:
    test_data_pages.test_no_lazy_plural_outside_the_quoted_original(GAME)
    test_data_pages.test_no_data_key_in_a_games_pages(GAME)
    test_data_pages.test_each_rules_page_says_how_to_cite_it_in_both_languages(GAME)
    test_data_pages.test_a_rules_pages_readings_table_is_in_words(GAME)
    test_data_pages.test_no_reading_runs_two_colons(GAME)
    test_data_pages.test_the_home_pages_races_are_named_in_words_and_counted_once()
    test_terms.test_the_pages_name_each_game_as_its_table_does(GAME)
    test_terms.test_no_text_writes_a_variant_of_a_name(GAME)
    test_terms.test_every_name_is_given_in_both_languages(GAME)
    test_terms.test_every_word_of_the_table_is_one_the_game_writes(GAME)


def test_its_names_are_written_only_in_its_terms_table(registered: None) -> None:
    """As every game's code (test_terms), the fixture's asks its terms for its names."""
    code = sorted(path for path in HERE.rglob("*.py") if path.name != "terms.py")
    found = test_terms.written_out(fifth.escargots.TERMS.names, (s for path in code for s in test_terms.said(path)))
    assert not found, "\n".join(found)


def test_its_data_pass_the_data_checks(proofread: Path) -> None:
    test_site_data.test_every_article_has_both_languages_notes_and_a_worked_example(GAME)
    test_site_data.test_every_article_is_cited_by_a_worked_example_and_every_cited_id_exists(GAME)
    test_site_data.test_each_example_cites_the_article_it_illustrates(GAME)
    test_site_data.test_every_engine_option_is_annotated_beside_its_article(GAME)


def test_the_scenario_page_names_its_results_fields(proofread: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    test_scenario_page.test_the_page_names_exactly_the_fields_of_each_race_s_result(GAME, RACE, tmp_path, capsys)


# ---------------------------------------------------------------- its faults named as every game's
def test_a_fault_in_its_files_is_named_by_file_and_line(project: Path, registered: None, tmp_path: Path) -> None:
    """The data check the build runs first, on a spoiled copy of the game's folder: a rulebook's
    section without its English, and impact.json gone, each named by its file (and line)."""
    docs = tmp_path / "docs"
    shutil.copytree(project / "docs" / GAME, docs / GAME)
    rulebook = docs / GAME / "rulebook.yml"
    text = rulebook.read_text(encoding="utf-8")
    rulebook.write_text(text.replace("    translation: |\n      Each in turn", "    translat: |\n      Each in turn"),
                        encoding="utf-8")
    (docs / GAME / "impact.json").unlink()
    with pytest.raises(DataError) as err:
        data_check.check_site(docs, [GAME])
    line = 1 + text.splitlines().index('  - id: "escargots:marche"')
    faults = str(err.value)
    assert f"rulebook.yml:{line}: sections[0]: missing 'translation'" in faults, faults
    assert f"impact.json: missing (write it with scripts/reading_impact.py --game {GAME})" in faults, faults


def test_its_examples_replay_from_the_command_line(registered: None) -> None:
    for example in sorted((HERE / "docs" / GAME / "examples").glob("*.yml")):
        assert parcours(["replay", str(example)]) == 0, example
