"""The site's data: the rulebook, the worked examples and the engine's article ids agree both ways,
and a malformed file fails the build naming the file, the line and the fault."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from parcours import all_games, replay
from playable.rulebook import load_examples, load_rulebook
from playable.sources import DataError
from project_copy import build, copy_project

pytestmark = pytest.mark.site  # the site's data and build, not the engine: make test runs it, make check does not

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
GAMES = sorted(all_games())


@pytest.mark.parametrize("game", GAMES)
def test_every_article_has_both_languages_notes_and_a_worked_example(game: str) -> None:
    _, sections = load_rulebook(DOCS / game / "rulebook.yml", game)
    examples = load_examples(DOCS / game / "examples", game)
    by_id = {s["id"]: s for s in sections}
    for article in all_games()[game].ARTICLES:
        section = by_id[article]
        assert section["original"].strip() and section["translation"].strip()
        assert section["title"]["fr"] and section["title"]["en"]
        assert section.get("notes"), f"{article} has no annotation"
        assert examples.get(article), f"{article} has no worked example"


@pytest.mark.parametrize("game", GAMES)
def test_every_article_is_cited_by_a_worked_example_and_every_cited_id_exists(game: str) -> None:
    articles = set(all_games()[game].ARTICLES)
    cited: set[str] = set()
    for group in load_examples(DOCS / game / "examples", game).values():
        for example in group:
            cited |= {e["cite"] for e in replay(example.scenario)["events"]}
    assert cited <= articles, cited - articles
    assert articles <= cited, articles - cited


@pytest.mark.parametrize("game", GAMES)
def test_each_example_cites_the_article_it_illustrates(game: str) -> None:
    for article, group in load_examples(DOCS / game / "examples", game).items():
        for example in group:
            assert article in {e["cite"] for e in replay(example.scenario)["events"]}, example.name


@pytest.mark.parametrize("game", GAMES)
def test_every_engine_option_is_annotated_beside_its_article(game: str) -> None:
    _, sections = load_rulebook(DOCS / game / "rulebook.yml", game)
    placed = {(n.get("option"), s["id"]) for s in sections for n in s.get("notes") or []}
    for oid, option in all_games()[game].OPTIONS.items():
        assert (oid, option.article) in placed, f"{oid} is not annotated in {option.article}"


def _copy_examples(tmp_path: Path) -> Path:
    folder = tmp_path / "examples"
    shutil.copytree(DOCS / "veldiv" / "examples", folder)
    return folder


def test_a_bad_die_in_an_example_names_the_file_and_line(tmp_path: Path) -> None:
    folder = _copy_examples(tmp_path)
    path = folder / "art-3-taken.yml"
    text = path.read_text()
    path.write_text(text.replace("dice: [3, 3, 5]", "dice:\n    - 3\n    - 9"))
    line = text[:text.index("dice: [3, 3, 5]")].count("\n") + 3  # the second die's line
    with pytest.raises(DataError) as err:
        load_examples(folder, "veldiv")
    assert str(err.value).startswith(f"{path}:{line}: scenario.dice[1]: 9 is not a face of the D6")


def test_malformed_yaml_names_the_file_and_line(tmp_path: Path) -> None:
    folder = _copy_examples(tmp_path)
    path = folder / "art-2-turns.yml"
    path.write_text(path.read_text().replace("players: 3", "players: [3"))
    with pytest.raises(DataError) as err:
        load_examples(folder, "veldiv")
    assert str(err.value).startswith(f"{path}:") and "malformed YAML" in str(err.value)


def test_a_rulebook_section_without_english_fails(tmp_path: Path) -> None:
    path = tmp_path / "rulebook.yml"
    text = (DOCS / "veldiv" / "rulebook.yml").read_text()
    path.write_text(text.replace('en: "Article 1"', 'de: "Artikel 1"', 1))
    assert text != path.read_text()
    with pytest.raises(DataError) as err:
        load_rulebook(path, "veldiv")
    assert "missing the English text" in str(err.value) and f"{path}:" in str(err.value)


@pytest.mark.build
def test_mkdocs_strict_build_fails_on_a_malformed_scenario(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    bad = project / "docs" / "veldiv" / "examples" / "art-1-faces.yml"
    bad.write_text(bad.read_text().replace("players: 2", "players: 9"))
    out = build(project)
    assert out.returncode != 0
    assert "art-1-faces.yml:" in out.stdout + out.stderr
    assert "players: Team race (Madison) is for 2 to 6 players, not 9" in out.stdout + out.stderr
