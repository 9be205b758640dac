"""Bad data fails the build with one line per fault, `file:line: field: what is wrong`.

Each test copies the site's data, spoils one file in its text (so the line is known) and asks the
checker (playable/data_check.py, what the build runs first); four full `mkdocs build --strict`
runs prove the build itself fails, in one line a fault and no traceback, or escapes what it must."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from datetime import date
from pathlib import Path

import pytest

from parcours_view.film import article_href
from playable import data_check
from playable.archive import render_editions
from playable.citation import Build
from playable.pages import article_links, rules_pages
from playable.rulebook import render_rules
from playable.sources import DataError
from project_copy import build, copy_project

pytestmark = pytest.mark.site  # the site's data and build, not the engine: make test runs it, make check does not

ROOT = Path(__file__).parent.parent


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    out = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", out, ignore=shutil.ignore_patterns("vendor"))
    return out


def edit(path: Path, old: str, new: str, after: str = "") -> int:
    """Replace the first `old` (after the text `after`) by `new`; return the line where it was."""
    text = path.read_text(encoding="utf-8")
    at = text.index(old, text.index(after) if after else 0)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text.count("\n", 0, at) + 1


def edit_block(path: Path, key: str, new: str, after: str) -> int:
    """Replace `key:` (the first after `after`) and the lines indented below it by `new`."""
    text = path.read_text(encoding="utf-8")
    match = re.compile(rf"^( *){re.escape(key)}:.*\n(?:\1 .*\n|\n)*", re.MULTILINE).search(text, text.index(after))
    assert match is not None
    path.write_text(text[:match.start()] + match.group(1) + new + "\n" + text[match.end():], encoding="utf-8")
    return text.count("\n", 0, match.start()) + 1


def faults(check: object) -> list[str]:
    with pytest.raises(DataError) as err:
        check()  # type: ignore[operator]
    return str(err.value).splitlines()


def assert_fault(lines: list[str], path: Path, line: int, message: str) -> None:
    expected = f"{path}:{line}: {message}"
    assert any(f.startswith(expected) for f in lines), f"{expected!r} not in {lines}"


@pytest.mark.build
def test_the_sites_own_data_is_valid() -> None:
    data_check.check_site(ROOT / "docs")


# ---------------------------------------------------------------- rulebook.yml

def test_unknown_article_id_in_a_rulebook(docs: Path) -> None:
    path = docs / "veldiv" / "rulebook.yml"
    line = edit(path, '- id: "veldiv:art-3"', '- id: "veldiv:art-33"')
    lines = faults(lambda: data_check.rulebook(docs, "veldiv"))
    assert_fault(lines, path, line, "sections[4].id: unknown article id 'veldiv:art-33'")
    text = path.read_text(encoding="utf-8")
    sections_line = text.count("\n", 0, text.index("\nsections:")) + 2
    assert_fault(lines, path, sections_line, "sections: no section for veldiv:art-3")


def test_a_section_id_used_twice(docs: Path) -> None:
    path = docs / "veldiv" / "rulebook.yml"
    line = edit(path, "  - id: instructions", "  - id: composition")
    assert_fault(faults(lambda: data_check.rulebook(docs, "veldiv")), path, line,
                 "sections[1].id: section id 'composition' used twice (first in sections[0])")


def test_original_given_as_a_number(docs: Path) -> None:
    path = docs / "veldiv" / "rulebook.yml"
    line = edit_block(path, "original", "original: 7", after='id: "veldiv:art-3"')
    assert_fault(faults(lambda: data_check.rulebook(docs, "veldiv")), path, line,
                 "sections[4].original: expected the original text as a string (plain text), got 7")


def test_a_sic_entry_without_its_note(docs: Path) -> None:
    path = docs / "veldiv" / "rulebook.yml"
    item = edit(path, '- text: "cinc cinc cases"', '- text: "cinc cinc cases"')
    line = edit(path, "note:", "nota:", after='- text: "cinc cinc cases"')
    lines = faults(lambda: data_check.rulebook(docs, "veldiv"))
    assert_fault(lines, path, item, "sections[2].sic[0]: missing 'note'")
    assert_fault(lines, path, line, "sections[2].sic[0]: unknown key 'nota' (expected one of: text, note)")


def test_notes_given_as_a_string(docs: Path) -> None:
    path = docs / "veldiv" / "rulebook.yml"
    line = edit_block(path, "notes", 'notes: "see the next article"', after='id: "veldiv:art-2"')
    assert_fault(faults(lambda: data_check.rulebook(docs, "veldiv")), path, line,
                 "sections[3].notes: expected a list of notes (title, text, option), got 'see the next article'")


def test_a_notes_option_given_as_a_list(docs: Path) -> None:
    path = docs / "veldiv" / "rulebook.yml"
    line = edit(path, "option: veldiv.art7-scope", "option: [veldiv.art7-scope, veldiv.art7-rider]")
    assert_fault(faults(lambda: data_check.rulebook(docs, "veldiv")), path, line,
                 "sections[8].notes[0].option: expected an engine option id such as veldiv.depart (or null), "
                 "got a list")


def test_a_title_in_one_language_only(docs: Path) -> None:
    path = docs / "veldiv" / "rulebook.yml"
    title = edit(path, "    title:\n", "    title:\n", after='id: "veldiv:art-1"')
    edit(path, '      en: "Article 1"\n', "")
    assert_fault(faults(lambda: data_check.rulebook(docs, "veldiv")), path, title,
                 "sections[2].title: missing the English text (en)")


@pytest.mark.parametrize(("quote", "why"), [("cinq cinc cases", "not found: 'cinq'"),
                                            ("cases cinc cinc", "its words are there, not in this order")])
def test_a_sic_note_quoting_words_the_original_does_not_contain(docs: Path, quote: str, why: str) -> None:
    path = docs / "veldiv" / "rulebook.yml"
    line = edit(path, '- text: "cinc cinc cases"', f'- text: "{quote}"')
    assert_fault(faults(lambda: data_check.rulebook(docs, "veldiv")), path, line,
                 f"sections[2].sic[0].text: the original text does not contain {quote!r} ({why})")


def test_a_sic_note_may_quote_across_a_line_break_of_the_original(docs: Path) -> None:
    path = docs / "veldiv" / "rulebook.yml"
    edit(path, "quatre quatre cases; cinc cinc cases.", "quatre quatre cases; cinc cinc\n      cases.")
    data_check.rulebook(docs, "veldiv")


def test_a_rulebook_of_another_game_and_an_unknown_source(docs: Path) -> None:
    path = docs / "veldiv" / "rulebook.yml"
    game = edit(path, "game: veldiv", "game: cdp")
    source = edit(path, 'id: "A"', 'id: "G"')
    lines = faults(lambda: data_check.rulebook(docs, "veldiv"))
    assert_fault(lines, path, game, "game: expected 'veldiv' (the folder's game), got 'cdp'")
    assert_fault(lines, path, source, "source.id: unknown source 'G' (editions.yml lists: A, B)")


def test_a_rulebooks_pages_start_in_order_on_pages_that_exist(docs: Path) -> None:
    path = docs / "ronde" / "rulebook.yml"
    missing = edit(path, "file: rules-level-2.md", "file: rules-level-9.md")
    backwards = edit(path, 'from: "ronde:level-3-setup"', 'from: "ronde:object"')
    unknown = edit(path, 'from: "ronde:level-1-setup"', 'from: "ronde:level-one"')
    lines = faults(lambda: data_check.rulebook(docs, "ronde"))
    assert_fault(lines, path, missing, "pages[2].file: no page rules-level-9.md beside the rulebook")
    assert_fault(lines, path, backwards, "pages[3].from: 'ronde:object' comes before the previous page's start")
    assert_fault(lines, path, unknown, "pages[1].from: no section 'ronde:level-one' in this rulebook")


def test_each_article_is_linked_on_the_page_that_prints_it() -> None:
    """From a page of the rulebook, its own articles are "#…", the others on their page; from any
    other page, the first page is the default."""
    rulebook = data_check.rulebook(ROOT / "docs", "ronde").data
    pages = rules_pages("ronde", rulebook)
    assert [p.file for p in pages] == ["ronde/rules.md", "ronde/rules-level-1.md", "ronde/rules-level-2.md",
                                       "ronde/rules-level-3.md"]
    assert sum(len(p.sections) for p in pages) == len(rulebook["sections"])

    def url_of(file: str) -> str:
        return file.removesuffix(".md") + "/"

    here = article_links(pages, "ronde/rules-level-2/", url_of)
    assert isinstance(here, dict)
    assert here[""] == "#" and "ronde:peloton-moves" not in here
    assert here["ronde:dice"] == "../rules/#" and here["ronde:playing"] == "../rules-level-1/#"
    assert article_href(here, "ronde:tactical-against") == "../rules-level-3/#ronde-tactical-against"
    assert article_href(here, "ronde:peloton-moves") == "#ronde-peloton-moves"
    play = article_links(pages, "play/", url_of)
    assert article_href(play, "ronde:dice") == "../ronde/rules/#ronde-dice"
    assert article_href(play, "ronde:peloton-moves") == "../ronde/rules-level-2/#ronde-peloton-moves"
    one = article_links(rules_pages("chevaux", data_check.rulebook(ROOT / "docs", "chevaux").data), "play/", url_of)
    assert one == {"": "../chevaux/rules/#"}  # a rulebook on one page
    veldiv = article_links(rules_pages("veldiv", data_check.rulebook(ROOT / "docs", "veldiv").data), "play/", url_of)
    assert article_href(veldiv, "veldiv:art-3") == "../veldiv/rules/#veldiv-art-3"
    assert article_href(veldiv, "veldiv:cagnotte") == "../veldiv/rules-races/#veldiv-cagnotte"


def test_html_in_titles_is_shown_as_text(docs: Path) -> None:
    path = docs / "veldiv" / "rulebook.yml"
    edit(path, '"Article premier"', '"Article <script>alert(1)</script> *premier* {#x}"')
    edit(path, '"Les jetons ronds numérotés de 1 à 3"', '"Les <b>jetons</b> \\"ronds\\""')
    html = render_rules(docs, "veldiv", ("veldiv/rules.md", "https://example.org/veldiv/rules/"),
                        Build("1.0", date(2025, 1, 1)), lambda file: file.removesuffix(".md") + "/")
    assert "<script>" not in html and "<b>jetons" not in html
    # a section title is a Markdown heading: HTML escaped, Markdown's own marks too
    assert ('## <span lang="fr">Article &lt;script&gt;alert(1)&lt;/script&gt; \\*premier\\* \\{\\#x\\}</span> '
            '· <span lang="en">Article 1</span> {#veldiv-art-1}') in html
    assert ('<p class="admonition-title"><span lang="fr">Les &lt;b&gt;jetons&lt;/b&gt; &quot;ronds&quot;</span> · '
            '<span lang="en">The round tokens') in html


# ---------------------------------------------------------------- examples/*.yml

def test_a_key_given_twice_keeps_neither(docs: Path) -> None:
    path = docs / "veldiv" / "examples" / "art-3-taken.yml"
    line = edit(path, "title:", 'article: "veldiv:art-4"\ntitle:')
    assert_fault(faults(lambda: data_check.examples(docs, "veldiv")), path, line,
                 "key 'article' given twice (first on line 1)")


def test_an_example_of_another_games_race(docs: Path) -> None:
    path = docs / "veldiv" / "examples" / "art-3-taken.yml"
    line = edit(path, "ruleset: veldiv.individuelle", "ruleset: cdp.velocita")
    assert_fault(faults(lambda: data_check.examples(docs, "veldiv")), path, line,
                 "scenario.ruleset: 'cdp.velocita' is not a race of this page's game (veldiv: ")


def test_an_unknown_key_in_an_example(docs: Path) -> None:
    path = docs / "veldiv" / "examples" / "art-3-taken.yml"
    line = edit(path, "scenario:", "remark: check the dice\nscenario:")
    assert_fault(faults(lambda: data_check.examples(docs, "veldiv")), path, line,
                 "unknown key 'remark' (expected one of: article, title, explain, scenario, expect)")


def test_an_alias_bomb_is_refused_before_it_expands(docs: Path) -> None:
    path = docs / "veldiv" / "examples" / "art-3-taken.yml"
    bomb = '  description: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n' + "".join(
        f"  {name}: &{name} [{', '.join([f'*{prev}'] * 9)}]\n" for prev, name in zip("abcdefg", "bcdefgh"))
    line = edit(path, "  dice:", bomb + "  dice:")
    assert_fault(faults(lambda: data_check.examples(docs, "veldiv")), path, line,
                 "anchors and aliases (&name, *name) are not allowed in the site's data")


@pytest.mark.parametrize("depth", [100, 5000])
def test_yaml_nested_thousands_deep_is_refused_with_its_line(docs: Path, depth: int) -> None:
    path = docs / "veldiv" / "examples" / "art-3-taken.yml"
    line = edit(path, "  dice:", "  description: " + "[" * depth + "]" * depth + "\n  dice:")
    lines = faults(lambda: data_check.examples(docs, "veldiv"))
    assert any(f.startswith(f"{path}:{line}: ") and "nest" in f for f in lines), lines


def test_a_scenario_option_given_as_a_list_names_its_line(docs: Path) -> None:
    path = docs / "cdp" / "examples" / "velocita-arrivee.yml"
    line = edit(path, "options: {cdp.lot: first-seat}", "options: {cdp.lot: [first-seat, last-seat]}")
    assert_fault(faults(lambda: data_check.examples(docs, "cdp")), path, line, "scenario.options.cdp.lot: ")


@pytest.mark.parametrize(("path", "old", "new", "expected"), [
    ("veldiv/examples/individuelle-finish.yml", "dice: [3, 4, 2, 6]", "dice: [3, 4, 2, 6, 1, 1]",
     "scenario.dice: 2 dice of 6 never played (the race is over before): remove them"),
    ("ronde/examples/supply.yml", "dice: [4]", "dice: [4, 2]",
     ("scenario.dice: 1 die of 2 never played (the replay stops first, at a decision with no choice scripted): "
      "remove it")),
    ("cdp/examples/velocita-ligne.yml", 'choices: ["wait"]', 'choices: ["wait", "sprint"]',
     "scenario.choices: 1 choice of 2 never played (the race is over before): remove it"),
    ("cdp/examples/velocita-ordre.yml", "choices: [\"0\", \"wait\"]", "choices: [\"0\", \"wait\", \"wait\"]",
     ("scenario.choices: 1 choice of 3 never played (the replay stops first, at a throw with no die scripted): "
      "remove it")),
])
def test_an_example_whose_dice_or_choices_are_not_all_played(docs: Path, path: str, old: str, new: str,
                                                              expected: str) -> None:
    """A die or a choice the replay never reaches is shown nowhere: the page's film stops before it too."""
    line = edit(docs / path, old, new)
    game = path.split("/")[0]
    assert_fault(faults(lambda: data_check.examples(docs, game)), docs / path, line, expected)


def test_an_example_file_name_must_make_a_lower_case_html_id(docs: Path) -> None:
    folder = docs / "veldiv" / "examples"
    shutil.copy(folder / "art-3-taken.yml", folder / "Art-3-Taken.yml")
    assert_fault(faults(lambda: data_check.examples(docs, "veldiv")), folder / "Art-3-Taken.yml", 1,
                 "the file name makes the HTML id 'ex-Art-3-Taken'")


# ---------------------------------------------------------------- editions.yml, collation.yml

def test_an_unknown_source_in_editions(docs: Path) -> None:
    path = docs / "veldiv" / "editions.yml"
    line = edit(path, 'source: "B"', 'source: "G"')
    assert_fault(faults(lambda: data_check.editions(docs, "veldiv")), path, line,
                 "awards[0].source: unknown source 'G' (editions.yml lists: A, B)")


def test_a_source_is_cited_by_its_siglum_and_read_in_a_seed_file(docs: Path) -> None:
    """A source is named by a siglum, a capital letter, never by the number of the file it was read in."""
    path = docs / "veldiv" / "editions.yml"
    key = edit(path, '  "B":', '  "001":')
    fact = edit(path, 'source: "A"', 'source: "000"', after="boxes:")
    seed = edit(path, '    seed: "000"', '    seed: "0"')
    lines = faults(lambda: data_check.editions(docs, "veldiv"))
    assert_fault(lines, path, key, "sources: the key '001': expected a source's siglum, a capital letter in quotes")
    assert_fault(lines, path, fact, "boxes[0].source: expected a source's siglum, a capital letter in quotes")
    assert_fault(lines, path, seed, "sources.A.seed: expected the number of the seed file a source was read in")


def test_a_file_that_is_not_utf8(docs: Path) -> None:
    path = docs / "veldiv" / "examples" / "art-3-taken.yml"
    path.write_bytes(path.read_bytes().replace(b"Une case prise", "Une case \xe9".encode("latin-1")))
    assert_fault(faults(lambda: data_check.examples(docs, "veldiv")), path, 1, "not UTF-8 text")


def test_a_missing_game_name_and_html_in_the_year(docs: Path) -> None:
    path = docs / "veldiv" / "editions.yml"
    name = edit(path, '  name: "Jeu du Veldiv"', '  title: "Jeu du Veldiv"')
    year = edit(path, "  year: 1932", '  year: "<b>1932</b>"')
    lines = faults(lambda: data_check.editions(docs, "veldiv"))
    assert_fault(lines, path, name - 1, "game: missing 'name'")
    assert_fault(lines, path, name, "game: unknown key 'title' (expected one of: name, name_note, source")
    assert_fault(lines, path, year, "game.year: expected a year (a number) or null, got '<b>1932</b>'")


def test_a_non_mapping_item_and_an_id_used_twice_in_editions(docs: Path) -> None:
    path = docs / "veldiv" / "editions.yml"
    item = edit(path, "boxes:\n", "boxes:\n  - the box of 1932\n") + 1
    twice = edit(path, "  - id: wooden", "  - id: metal")
    assert_fault(faults(lambda: data_check.editions(docs, "veldiv")), path, item,
                 "boxes[0]: expected a fact: a mapping with an id and its source, got 'the box of 1932'")
    edit(path, "  - the box of 1932\n", "")
    assert_fault(faults(lambda: data_check.editions(docs, "veldiv")), path, twice - 1,
                 "counters[0].id: id 'metal' used twice (first in riders[2])")


def test_found_in_names_a_box_or_version_of_the_file(docs: Path) -> None:
    """Checked before the build: the game's page no longer fails in its macro, under a traceback."""
    path = docs / "veldiv" / "editions.yml"
    line = edit(path, "found_in: [no0]", "found_in: [no9]")
    assert_fault(faults(lambda: data_check.editions(docs, "veldiv")), path, line,
                 "boards[1].found_in[0]: unknown box or version 'no9' (this file's: no0, no1, no2, no3, v1, ")


def test_editions_text_is_escaped_on_the_page(docs: Path) -> None:
    edit(docs / "veldiv" / "editions.yml", '"Edition H.B."', '"<i>Edition</i> H.B."')
    html = render_editions(docs, "veldiv")
    assert "<i>Edition" not in html and "&lt;i&gt;Edition&lt;/i&gt; H.B." in html


def test_a_collation_variant_of_an_unknown_section_or_kind(docs: Path) -> None:
    path = docs / "veldiv" / "collation.yml"
    section = edit(path, "- section: composition", "- section: compositon")
    kind = edit(path, "kind: punctuation", "kind: typo")
    lines = faults(lambda: data_check.collation(docs, "veldiv"))
    assert_fault(lines, path, kind, "[0].kind: expected spelling, wording, omission, addition or punctuation, "
                                    "got 'typo'")
    edit(path, "kind: typo", "kind: punctuation")
    assert_fault(faults(lambda: data_check.collation(docs, "veldiv")), path, section,
                 "[0].section: unknown section id 'compositon' (not in the rulebook)")


def test_the_site_check_reports_every_file_at_once(docs: Path) -> None:
    rulebook, editions = docs / "cdp" / "rulebook.yml", docs / "chevaux" / "editions.yml"
    one = edit(rulebook, "game: cdp", "game: [cdp]")
    two = edit(editions, "players: 2", "players: two") if "players: 2" in editions.read_text() else None
    lines = faults(lambda: data_check.check_site(docs))
    assert_fault(lines, rulebook, one,
                 "game: expected an id of lower-case letters, digits, dots and hyphens, got a list")
    if two is not None:
        assert_fault(lines, editions, two, "game.players: expected a number of players, or a sourced French")


def test_a_registered_game_without_its_folder_is_named(docs: Path) -> None:
    shutil.rmtree(docs / "chevaux")
    lines = faults(lambda: data_check.check_site(docs))
    named = f"{docs / 'chevaux'}/: missing (the game 'chevaux' is registered"
    assert any(line.startswith(named) for line in lines), lines


# ---------------------------------------------------------------- the real build

def _project(tmp_path: Path) -> Path:
    return copy_project(tmp_path)


def _build(project: Path) -> subprocess.CompletedProcess[str]:
    return build(project, "-q")


@pytest.mark.build
def test_the_build_fails_naming_every_fault_with_its_file_and_line(tmp_path: Path) -> None:
    project = _project(tmp_path)
    original = edit_block(project / "docs/veldiv/rulebook.yml", "original", "original: 7", after='id: "veldiv:art-3"')
    fin = project / "docs/chevaux/examples/fin.yml"
    alias = edit(fin, "scenario:\n", "scenario: &s\n")
    fin.write_text(fin.read_text(encoding="utf-8") + "again: *s\n", encoding="utf-8")
    twice = edit(project / "docs/ronde/editions.yml", "game:\n", "game:\n  name: x\n") + 1
    out = _build(project)
    assert out.returncode != 0
    log = out.stdout + out.stderr
    assert (f"docs/veldiv/rulebook.yml:{original}: sections[4].original: expected the original text as a string "
            "(plain text), got 7") in log
    assert f"docs/chevaux/examples/fin.yml:{alias}: anchors and aliases (&name, *name) are not allowed" in log
    assert log.count(f"docs/ronde/editions.yml:{twice + 1}: key 'name' given twice (first on line {twice})") == 1


@pytest.mark.build
def test_the_build_names_each_fault_of_the_figures_and_examples_in_one_line(tmp_path: Path) -> None:
    """The faults that printed "inf races" and "nan", ended in a traceback without a line (400 digits), or
    buried their message in a macro's traceback (a race or a note without figures): one line each."""
    project = _project(tmp_path)
    docs = project / "docs"
    stored = json.loads((docs / "chevaux/numbers.json").read_text(encoding="utf-8"))
    counted = stored["races"]["chevaux.course"]["races"]
    races = edit(docs / "chevaux/numbers.json", f'"races": {counted}', '"races": 1e999')
    share = edit(docs / "chevaux/numbers.json", '"share": 0.', '"share": NaN, "x": 0.')
    seed = edit(docs / "veldiv/numbers.json", '"seed": 1964', '"seed": ' + "9" * 400)
    unknown = edit(docs / "cdp/impact.json", '"ruleset": "cdp.velocita"', '"ruleset": "cdp.tandem"',
                   after='"cdp.sprint-parity": [')
    missing = edit(docs / "ronde/numbers.json", '"ronde.niveau-1": {', '"ronde.level-1": {')
    note = edit(docs / "cdp/rulebook.yml", "option: cdp.lot", "option: cdp.lot")
    edit(docs / "cdp/impact.json", '"cdp.lot": [', '"cdp.lots": [')
    dice = edit(docs / "veldiv/examples/individuelle-finish.yml", "dice: [3, 4, 2, 6]", "dice: [3, 4, 2, 6, 1]")
    sic = edit(docs / "veldiv/rulebook.yml", '- text: "cinc cinc cases"', '- text: "cinq cases"')
    found = edit(docs / "veldiv/editions.yml", "found_in: [no0]", "found_in: [no9]")
    out = _build(project)
    log = out.stdout + out.stderr
    assert out.returncode != 0 and "Traceback" not in log, log
    for expected in [
            f"docs/chevaux/numbers.json:{races}: races.chevaux.course.races: 1e999 is too large",
            f"docs/chevaux/numbers.json:{share}: races.chevaux.course.wins[0].share: NaN is not JSON",
            f"docs/veldiv/numbers.json:{seed}: seed: a number of 400 characters is too large",
            f"docs/cdp/impact.json:{unknown}: options.cdp.sprint-parity[0].ruleset: unknown race 'cdp.tandem'",
            f"docs/ronde/numbers.json:{missing - 1}: races: no numbers for ronde.niveau-1",
            f"docs/cdp/rulebook.yml:{note}: sections[", ": impact.json has no figures for cdp.lot (write them",
            f"docs/veldiv/examples/individuelle-finish.yml:{dice}: scenario.dice: 1 die of 5 never played",
            f"docs/veldiv/rulebook.yml:{sic}: sections[2].sic[0].text: the original text does not contain",
            f"docs/veldiv/editions.yml:{found}: boards[1].found_in[0]: unknown box or version 'no9'"]:
        assert expected in log, (expected, log)


@pytest.mark.build
def test_the_built_pages_show_html_in_the_data_as_text(tmp_path: Path) -> None:
    project = _project(tmp_path)
    edit(project / "docs/veldiv/rulebook.yml", '"Article premier"', '"Article <script>alert(1)</script> premier"')
    edit(project / "docs/veldiv/editions.yml", '"Edition H.B."', '"<img src=x onerror=alert(1)> H.B."')
    out = _build(project)
    assert out.returncode == 0, out.stderr
    rules = (project / "site/veldiv/rules/index.html").read_text(encoding="utf-8")
    index = (project / "site/veldiv/index.html").read_text(encoding="utf-8")
    assert "<script>alert" not in rules and "Article &lt;script&gt;alert(1)&lt;/script&gt; premier" in rules
    assert "<img src=x" not in index and "&lt;img src=x onerror=alert(1)&gt; H.B." in index
