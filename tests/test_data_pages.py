"""The pages rendered from data, read in the built site/ (make build): no program data in their text
(a Python dict, None, null, a data file's key, a lazy "(s)" plural), every rules page citable in
both languages, and the edition tables' words each marked with their language."""

from __future__ import annotations

import itertools
import json
import re
from datetime import date
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from browser_support import Session
from parcours import all_games
from parcours_view.film import article_href
from playable.citation import build_stamp
from playable.sources import Located

pytestmark = pytest.mark.site

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
DOCS = ROOT / "docs"
GAMES = sorted(all_games())
SKIPPED = {"script", "style", "template", "svg", "code", "pre"}  # not read as prose
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Text(HTMLParser):
    """A page's visible prose, text node by text node, each with its language and whether it
    sits in a table cell."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str, bool]] = []  # (tag, lang, in a table cell)
        self.skipping = 0
        self.nodes: list[tuple[str, str, bool]] = []  # (text, lang, in a table cell)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        lang, cell = self.stack[-1][1:] if self.stack else ("", False)
        self.stack.append((tag, dict(attrs).get("lang") or lang, cell or tag in ("td", "th")))
        self.skipping += tag in SKIPPED

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            open_tag = self.stack.pop()[0]
            self.skipping -= open_tag in SKIPPED
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self.skipping and data.strip() and self.stack:
            self.nodes.append((data, *self.stack[-1][1:]))

    def prose(self) -> str:
        return " ".join(" ".join(text for text, _, _ in self.nodes).split())


def _read(page: Path) -> Text:
    if not page.is_file():
        pytest.fail(f"{page.relative_to(ROOT)} is missing: run make build first", pytrace=False)
    parser = Text()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def _pages() -> list[Path]:
    return sorted(p for p in SITE.rglob("index.html") if p.relative_to(SITE).parts[0] not in ("assets", "search"))


def _data_pages(game: str) -> list[Path]:
    """A game's pages drawn from its data files: its index (editions), its rules, its sources."""
    return [p for p in (SITE / game / "index.html", SITE / game / "rules" / "index.html",
                        SITE / game / "sources" / "index.html") if p.is_file()]


def _ids(value: Any) -> set[str]:
    """Every `id` and `section` a data file gives (the keys a page must not show)."""
    if isinstance(value, dict):
        found = {v for k, v in value.items() if k in ("id", "section") and isinstance(v, str)}
        return found.union(*(_ids(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_ids(v) for v in value))
    return set()


def _texts(value: Any) -> str:
    """Every French and English text of a data file, which may use a word that is also a key."""
    if isinstance(value, dict):
        return " ".join(_texts(v) for k, v in value.items() if k not in ("id", "section", "found_in"))
    if isinstance(value, list):
        return " ".join(_texts(v) for v in value)
    return value if isinstance(value, str) else ""


def _originals(game: str) -> str:
    """The archived text of a game's rules, quoted as written ("rider(s)" included)."""
    sections = Located(DOCS / game / "rulebook.yml").data["sections"]
    return " ".join(" ".join(s["original"].split()) for s in sections)


# ---------------------------------------------------------------------------- program data
PROGRAM_DATA = re.compile(r"\{'|\[\{|\bNone\b(?! of\b)|\bnull\b|\bundefined\b|\bNaN\b|\bTrue\b|\bFalse\b")
LAZY_PLURAL = re.compile(r"\w\((?:s|es|x|aux|e|le|ne)\)")


@pytest.mark.parametrize("page", _pages(), ids=lambda p: p.parent.relative_to(SITE).as_posix() or "home")
def test_no_program_data_in_any_page(page: Path) -> None:
    text = _read(page).prose()
    leaks = [text[max(0, m.start() - 50):m.end() + 30] for m in PROGRAM_DATA.finditer(text)]
    assert not leaks, f"program data in the text of {page.relative_to(SITE)}: {leaks[:5]}"


# A source named by the number of the file it was read in ("[000]", "source 003", "Témoin A (000)",
# "#source-004") where its siglum belongs: the page, its links and its labels included.
FILE_NUMBER = re.compile(r"\[0\d\d\]|\(0\d\d\)|\bsources? 0\d\d\b|source-0\d\d\b", re.IGNORECASE)


@pytest.mark.parametrize("page", _pages(), ids=lambda p: p.parent.relative_to(SITE).as_posix() or "home")
def test_every_source_is_named_by_its_siglum(page: Path) -> None:
    html = unescape(page.read_text(encoding="utf-8"))
    found = [html[max(0, m.start() - 60):m.end() + 20] for m in FILE_NUMBER.finditer(html)]
    assert not found, f"a source named by its file's number in {page.relative_to(SITE)}: {found[:5]}"
    for siglum in re.findall(r'class="px-src" href="[^"]*#source-([^"]+)"', html):
        assert re.fullmatch(r"[A-Z]", siglum), f"{page.relative_to(SITE)} cites the source {siglum!r}, not a siglum"


# A block inside a paragraph, which the browser splits into empty paragraphs around it (a blank band):
# a <div>, a paragraph, a list or a table opening a <p> (as Markdown wraps an indented tab's HTML).
BLOCK_IN_PARAGRAPH = re.compile(r"<p>\s*<(?:div|p|ul|ol|table)\b")


@pytest.mark.parametrize("page", _pages(), ids=lambda p: p.parent.relative_to(SITE).as_posix() or "home")
def test_no_block_inside_a_paragraph(page: Path) -> None:
    html = page.read_text(encoding="utf-8")
    found = [html[m.start():m.start() + 120] for m in BLOCK_IN_PARAGRAPH.finditer(html)]
    assert not found, f"{len(found)} blocks inside a paragraph in {page.relative_to(SITE)}: {found[:3]}"


@pytest.mark.parametrize("game", GAMES)
def test_no_lazy_plural_outside_the_quoted_original(game: str) -> None:
    original = _originals(game)
    for page in _data_pages(game):
        text = _read(page).prose()
        lazy = [text[max(0, m.start() - 25):m.end()] for m in LAZY_PLURAL.finditer(text)]
        ours = [phrase for phrase in lazy if " ".join(phrase.split()) not in original]
        assert not ours, f"'(s)' plurals in {page.relative_to(SITE)}: {ours[:5]}"


@pytest.mark.parametrize("game", GAMES)
def test_no_data_key_in_a_games_pages(game: str) -> None:
    """A key such as horses-red or no0 shown where a name belongs (the keys that are also words
    of the data's own texts, such as box-board or die, cannot be told apart and are let be)."""
    data = [Located(path).data for path in (DOCS / game).glob("*.yml") if path.name != "rulebook.yml"]
    keys = set().union(*(_ids(d) for d in data)) - {"composition", "instructions"}
    words = _texts(data)
    keys = {k for k in keys if not re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", words)}
    for page in (SITE / game / "index.html", SITE / game / "sources" / "index.html"):
        if not page.is_file():
            continue
        text = _read(page).prose()
        shown = sorted(k for k in keys if re.search(rf"(?<![\w:-]){re.escape(k)}(?![\w-])", text))
        assert not shown, f"data keys shown on {page.relative_to(SITE)}: {shown}"


# ---------------------------------------------------------------------------- languages
FRENCH = re.compile(r"\b(?:oui|non|inconnus?|pelouse|carton|imprimé|tissu|boîtes?|coureurs|plateau|orthographe|"
                    r"formulation|ajout|ponctuation|témoin|périodique|éditeur|auteur|pays|année|italie|septembre|"
                    r"règle)\b", re.IGNORECASE)
ENGLISH = re.compile(r"\b(?:yes|no|the|and|of|unknown|infield|cardboard|printed|cloth|boxes?|riders|board|"
                     r"spelling|wording|addition|punctuation|Periodical|Publisher|Author|Country|Year|Italy|"
                     r"September)\b")


TABLE_PAGES = [SITE / g / "index.html" for g in GAMES] + sorted(SITE.glob("*/sources/index.html"))


@pytest.mark.parametrize("page", TABLE_PAGES, ids=lambda p: p.parent.relative_to(SITE).as_posix())
def test_each_table_cell_word_is_marked_with_its_language(page: Path) -> None:
    """In the editions' and the sources' tables, a French word is inside lang="fr" and an English
    one inside lang="en" (the page itself is marked English). Names (Corriere dei Piccoli, Edition
    H.B.) are neither list's words."""
    wrong = []
    for text, lang, cell in _read(page).nodes:
        if not cell or len(text.split()) > 12:  # a value, not a note (notes quote the other language)
            continue
        if lang == "fr" and ENGLISH.search(text) and not FRENCH.search(text):
            wrong.append(f"English in French: {text.strip()!r}")
        elif lang != "fr" and FRENCH.search(text):
            wrong.append(f"French in {lang or 'unmarked'} text: {text.strip()!r}")
    assert not wrong, f"{page.relative_to(SITE)}: {wrong[:6]}"


# ---------------------------------------------------------------------------- citation
FR_DATE = (r"(?:1er|[0-9]{1,2}) (?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|"
           r"décembre) [0-9]{4}")
EN_DATE = (r"[0-9]{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) "
           r"[0-9]{4}")


class Citation(HTMLParser):
    """The text of each language inside the page's citation box, and the page's ids."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # inside <aside class="px-citation">
        self.langs: list[str] = []
        self.text: dict[str, str] = {"fr": "", "en": ""}
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag == "aside" and "px-citation" in (a.get("class") or "").split():
            self.depth = 1
        elif self.depth and tag not in VOID:
            self.depth += 1
            self.langs.append(a.get("lang") or (self.langs[-1] if self.langs else ""))

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1
            if self.langs:
                self.langs.pop()

    def handle_data(self, data: str) -> None:
        if self.depth and self.langs and self.langs[-1] in self.text:
            self.text[self.langs[-1]] += data


@pytest.mark.parametrize("game", GAMES)
def test_each_rules_page_says_how_to_cite_it_in_both_languages(game: str) -> None:
    page = SITE / game / "rules" / "index.html"
    if not page.is_file():
        pytest.fail(f"{page.relative_to(ROOT)} is missing: run make build first", pytrace=False)
    cite = Citation()
    cite.feed(page.read_text(encoding="utf-8"))
    stamp = build_stamp(ROOT)
    version = stamp.version
    html = page.read_text(encoding="utf-8")
    if stamp.commit:  # the commit is the citation's data, not its words (a reader cites the version)
        assert f'<aside class="px-citation" id="cite" data-commit="{stamp.commit}">' in html
    for lang, title, day in (("fr", "Comment citer", FR_DATE), ("en", "How to cite", EN_DATE)):
        text = " ".join(cite.text[lang].split())
        assert title in text, f"{game}: no '{title}' box in {lang}"
        assert "Parcours" in text and f"version {version} " in text, f"{game} ({lang}): no edition or version: {text}"
        assert not stamp.commit or stamp.commit not in text, f"{game} ({lang}): the commit in the sentence: {text}"
        assert re.search(day, text), f"{game} ({lang}): no build date in words: {text}"
        anchors = re.findall(rf"/{game}/rules/#([\w-]+)", text)
        assert anchors and set(anchors) <= cite.ids, f"{game} ({lang}): no article anchor of this page: {text}"


def test_the_build_date_is_source_date_epochs_when_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert build_stamp(ROOT).day == date(2023, 11, 14)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    assert build_stamp(ROOT).day == date(1970, 1, 1)


# ---------------------------------------------------------------------------- the widget's controls
NULL_IN_EXAMPLES = """[...document.querySelectorAll('.px-example')].filter((example) => {
  const walk = document.createTreeWalker(example, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) if (/\\b(null|undefined)\\b/.test(walk.currentNode.data)) return true;
  return false;
}).map((example) => example.id)"""


@pytest.mark.browser
def test_no_null_under_the_controls_of_a_race_without_readings(session: Session) -> None:
    """The horse race's plain course has no readings: its examples' controls were followed by 'null'."""
    _read(SITE / "chevaux" / "rules" / "index.html")  # built
    page = session.page("chevaux/rules/")
    page.wait_for_function("document.querySelectorAll('.px-example .px-controls:not([hidden])').length"
                           " === document.querySelectorAll('.px-example').length")
    assert page.evaluate(NULL_IN_EXAMPLES) == []


# ---------------------------------------------------------------------------- light pages, links that land
MAX_PAGE_BYTES = 400_000  # issue 11: no page over 400 KB of HTML
ANCHOR_TARGET = re.compile(r'\bid="([^"]+)"')
CITE_LINK = re.compile(r'<a class="px-cite[^"]*" href="([^"]*)"')
LINKS_TEMPLATE = re.compile(r'<template class="px-links"[^>]*>(.*?)</template>')
LINKS_ATTRIBUTE = re.compile(r'<option value="([a-z]+)\.[^"]*"[^>]*? data-links="([^"]*)"')


def built_pages() -> list[Path]:
    pages = sorted(p for p in SITE.rglob("*.html") if p.relative_to(SITE).parts[0] not in ("assets", "search"))
    if not pages:
        pytest.fail("site/ is empty: run make build first", pytrace=False)
    return pages


def test_every_step_cites_its_article_once() -> None:
    """A step's line names its article once: the words "Art. 5" in its sentence are the link, else the
    link follows the sentence (never "Art. 5: ... Art. 5")."""
    twice = []
    for page in built_pages():
        html = page.read_text(encoding="utf-8")
        for line in re.findall(r'<li data-cite="[^"]+">(.*?)</li>', html):
            label = re.findall(r'<a class="px-cite[^"]*" href="[^"]*">([^<]+)</a>', line)
            text = re.sub(r"<[^>]+>", "", line)
            if len(label) != 1 or len(re.findall(re.escape(label[0]) + r"(?!\w)", text)) != 1:
                twice.append(f"{page.relative_to(SITE)}: {text}")
    assert not twice, twice[:5]


def test_sentences_under_one_article_are_one_item() -> None:
    """A step's sentences that follow one another under one article are one item, cited once at its end
    (never "... The peloton accelerates. / ... The peloton accelerates."): two items in a row cite the same
    article only where one of them names it in its words."""
    repeated = []
    for page in built_pages():
        for events in re.findall(r'<ul class="px-events">(.*?)</ul>', page.read_text(encoding="utf-8")):
            items = re.findall(r'<li data-cite="([^"]+)">(.*?)</li>', events)
            repeated += [f"{page.relative_to(SITE)}: {re.sub(r'<[^>]+>', '', b)}" for (cite, a), (then, b)
                         in itertools.pairwise(items) if cite == then and "px-cite-in" not in a + b]
    assert not repeated, repeated[:5]


def test_no_page_is_heavier_than_400_kb() -> None:
    heavy = {p.relative_to(SITE).as_posix(): p.stat().st_size for p in built_pages()
             if p.stat().st_size > MAX_PAGE_BYTES}
    assert not heavy, f"pages over {MAX_PAGE_BYTES:,} bytes: {heavy}"


def test_every_article_a_step_cites_is_on_the_page_its_link_names() -> None:
    """The worked examples' steps link to the articles they apply, wherever the rulebook prints them
    (the Ronde's takes four pages): each link on a page, and each article in the links the live
    steps use (a rules page's <template class="px-links">, the Play page's data-links), lands on an
    anchor that exists."""
    ids: dict[Path, set[str]] = {}

    def lands(page: Path, href: str) -> bool:
        path, _, anchor = href.partition("#")
        target = (page.parent / path / "index.html").resolve() if path else page
        if target not in ids and target.is_file():
            ids[target] = set(ANCHOR_TARGET.findall(target.read_text(encoding="utf-8")))
        return anchor in ids.get(target, set())

    broken, seen = [], 0
    for page in built_pages():
        html = page.read_text(encoding="utf-8")
        hrefs = set(CITE_LINK.findall(html))
        game = page.relative_to(SITE).parts[0]
        live = [(game, links) for links in LINKS_TEMPLATE.findall(html)]
        live += [(game, unescape(links)) for game, links in LINKS_ATTRIBUTE.findall(html)]
        for game, links in live:
            hrefs |= {article_href(json.loads(links), article) for article in all_games()[game].ARTICLES}
        seen += len(hrefs)
        broken += [f"{page.relative_to(SITE)}: {href}" for href in sorted(hrefs) if not lands(page, href)]
    assert seen > 200 and not broken, f"{seen} links, broken: {broken}"


@pytest.mark.parametrize("game", GAMES)
def test_a_rules_pages_readings_table_is_in_words(game: str) -> None:
    """The table of a game's readings says each in words (question, article, confidence, values):
    the codes a scenario writes are the Scenario format page's."""
    html = _page(SITE / game / "rules" / "index.html")
    tables = [t for t in re.findall(r"<table>.*?</table>", html, re.DOTALL)
              if "<th>Le choix par défaut repose sur</th>" in t or "<th>The default rests on</th>" in t]
    assert len(tables) == 2, f"{game}: a readings table in each language, found {len(tables)}"
    for table in tables:
        assert "<code>" not in table, f"{game}: a code in its readings table: {table[:300]}"
        assert not re.search(r"<td>(text|reading|reconstruction)</td>", table), f"{game}: a confidence's code"
        assert re.search(r"<td>(our reading of the text|notre lecture du texte|the text itself|le texte lui-même"
                         r"|a reconstruction, the text being silent|une reconstitution, le texte étant muet)</td>",
                         table), f"{game}: what a default rests on, in words"
    boxes = re.findall(r'<div class="px-option".*?</ul></div></div>', html, re.DOTALL)
    assert boxes, f"{game}: no reading beside its article"
    assert not [b for b in boxes if "<code>" in b], f"{game}: a code beside an article's readings"
    codes = _page(SITE / "scenario-format" / "index.html").replace("<wbr>", "")  # (where a code may break)
    assert f"<code>{next(iter(all_games()[game].OPTIONS))}</code>" in codes, "the reference page keeps the codes"


def _page(path: Path) -> str:
    if not path.is_file():
        pytest.fail(f"{path.relative_to(ROOT)} is missing: run make build first", pytrace=False)
    return path.read_text(encoding="utf-8")


def test_the_404_pages_menu_is_marked_by_language() -> None:
    """The 404 page's menu, like every page's, says each title in each language apart (a language
    choice then shows one of them)."""
    html = _page(SITE / "404.html")
    marked = '<span lang="fr">Accueil</span><span class="px-sep"> · </span><span lang="en">Home</span>'
    assert marked in _page(SITE / "index.html"), "a page's menu, as the build marks it"
    assert marked in html
    assert not re.search(r">\s*Accueil · Home\s*<", html)


# ---------------------------------------------------------------------------- words, not codes (issue 11)
def test_the_home_pages_races_are_named_in_words_and_counted_once() -> None:
    """The home page names each race in words, in each language's tab, and no ruleset id (the
    Scenario format page keeps them, which documents the codes); "2–2" players is "2"."""
    from parcours import all_races

    races = all_races()
    home = _read(SITE / "index.html").prose()
    ids = [rid for rid in races if rid in home]
    assert not ids, f"ruleset ids on the home page: {ids}"
    for race in races.values():  # the page's prose has its spaces as plain ones, no-break ones too
        assert " ".join(race.name["fr"].split()) in home and race.name["en"] in home, race.name
    codes = _page(SITE / "scenario-format" / "index.html").replace("<wbr>", "")  # (where a code may break)
    assert all(f"<code>{rid}</code>" in codes for rid in races), "the Scenario format page lists every ruleset id"
    for page in (home, _read(SITE / "scenario-format" / "index.html").prose()):
        same = re.findall(r"\b(\d+)\u2060?[–-]\u2060?\1\b", page)
        assert not same, f"a range with equal ends: {same}"


# A reading's line in a note's box: its label, "(par défaut)", then its sentence. Two colons running
# ("Ils comptent (par défaut) : Oui : ils sont sur la case") say the label twice over.
TWO_COLONS = re.compile(r"^[^:.;]+\s?:\s*[^:.;,]{1,20}\s?:")


@pytest.mark.parametrize("game", GAMES)
def test_no_reading_runs_two_colons(game: str) -> None:
    boxes = re.findall(r'<div class="px-option".*?</ul></div></div>',
                       "".join(_page(p) for p in SITE.glob(f"{game}/rules*/index.html")), re.DOTALL)
    assert boxes, f"{game}: no reading beside an article"
    lines = [" ".join(unescape(re.sub(r"<[^>]+>", "", li)).split())
             for box in boxes for li in re.findall(r"<li>(.*?)</li>", box)]
    assert not [line for line in lines if TWO_COLONS.match(line)], [line for line in lines if TWO_COLONS.match(line)]


def _marked(lang: str) -> list[tuple[Path, str]]:
    """Every text node marked with `lang` (by itself or an ancestor, not the page's own mark) on
    every page, with its page: the words we wrote, the originals quoted aside."""
    found = []
    for page in _pages():
        html = page.read_text(encoding="utf-8")
        html = re.sub(r'<div class="tabbed-block">\s*<div class="px-source".*?</div>', "", html, flags=re.DOTALL)
        parser = Text()
        parser.feed(html.replace('<html lang="en"', "<html"))
        found += [(page, text) for text, marked, _ in parser.nodes if marked == lang]
    return found


@pytest.mark.build
def test_english_numbers_its_boxes_no_and_french_accents_its_capitals() -> None:
    """English writes "No. 0" (not "nº0"); French writes "Édition H.B." (a quoted original keeps
    its own spelling: « JEU DU VELDIV, Edition H.B., France, 1932 »)."""
    english = [f"{p.relative_to(SITE)}: {t.strip()[:80]}" for p, t in _marked("en")
               if re.search(r"\b[nN]º ?\d", re.sub(r"“[^”]*”", "", t))]
    assert not english, f"nº in English text: {english[:6]}"
    french = [f"{p.relative_to(SITE)}: {t.strip()[:80]}" for p, t in _marked("fr")
              if re.search(r"\bEdition\b", re.sub(r"«[^»]*»", "", t))]
    assert not french, f"an unaccented Édition in French text: {french[:6]}"


# A card's sort is its noun's complement: "une carte d'accélération", "la carte de malchance".
CARD_WITHOUT_ITS_DE = re.compile(r"\bcartes? (?:accélération|malchance)\b")


@pytest.mark.parametrize("page", _pages(), ids=lambda p: p.parent.relative_to(SITE).as_posix() or "home")
def test_a_card_is_a_card_of_its_sort(page: Path) -> None:
    text = _read(page).prose()
    found = [text[max(0, m.start() - 40):m.end() + 20] for m in CARD_WITHOUT_ITS_DE.finditer(text)]
    assert not found, f"{page.relative_to(SITE)}: {found[:4]}"


def test_the_ronde_boards_table_heads_its_columns_with_the_games_words() -> None:
    """The board's table heads (rider, space, turns down, cards) are the Ronde package's words, each
    language on its line: "Passe" / "Out" said nothing of the turns a rider lying down sits out."""
    from parcours.ronde.narrate import BOARD_HEADS, SCORE_WORDS

    html = _page(SITE / "ronde" / "rules-level-1" / "index.html")
    for lang in ("fr", "en"):
        head = re.search(rf'<text class="px-rc-head" lang="{lang}"[^>]*>(.*?)</text>', html)
        assert head, f"no board table head in {lang}"
        assert re.findall(r"<tspan[^>]*>([^<]*)</tspan>", head.group(1)) == [w[lang] for w in BOARD_HEADS]
    assert BOARD_HEADS[2] == SCORE_WORDS["down"], "the board and the scoreboard name the turns down alike"


def test_a_rules_pages_closing_section_is_its_readings_in_english_too() -> None:
    """The site's English word for the engine's options is "readings", everywhere."""
    pages = sorted(SITE.glob("*/rules*/index.html"))
    found = [f"{p.relative_to(SITE)}: {t.strip()}" for p in pages for t, lang, _ in _read(p).nodes
             if lang == "en" and re.search(r"\binterpretations?\b", t, re.IGNORECASE)]
    assert not found, found[:5]


def test_a_rules_page_is_cited_by_its_own_title() -> None:
    """The citation quotes the page's title, its h1, in each language ("la règle du jeu" as the
    title says, not "le règlement"), and the English citation is all English."""
    for page in sorted(SITE.glob("*/rules*/index.html")):
        html = _page(page)
        h1 = re.search(r'<h1[^>]*><span lang="fr">(.*?)</span>.*?<span lang="en">(.*?)</span>', html)
        assert h1, f"{page.relative_to(SITE)}: no title in both languages"
        fr, en = (unescape(t) for t in h1.groups())
        cite = Citation()
        cite.feed(html)
        # (its spaces compared as plain ones: French sets a no-break one inside « » and before ":")
        assert " ".join(f"« {fr} »".split()) in " ".join(cite.text["fr"].split()), (page, fr)
        assert f"“{en}”" in " ".join(cite.text["en"].split()), (page, en)


def test_the_play_page_names_its_bots_in_words() -> None:
    """The Play page's introduction names the bot that decides by its name in words, from the games'
    packages, and no bot by its id; each race's menu entry carries that name for the page's script."""
    from parcours_view.play import PLAY_BOT

    html = _page(SITE / "play" / "index.html")
    text = _read(SITE / "play" / "index.html").prose()
    ids = {bot for rules in all_games().values() for bot in rules.BOTS}
    assert not [bot for bot in ids if re.search(rf"[«\"“]\s*{bot}\s*[»\"”]", text)], text[:600]
    deciding = [rules for rules in all_games().values() if rules.DECISIONS]
    for rules in deciding:
        name = rules.BOT_NAMES[PLAY_BOT]
        assert f"« {name['fr']} »" in text and f"“{name['en']}”" in text, name
        for rid in rules.RACES:
            entry = re.search(rf'<option value="{re.escape(rid)}"[^>]*>', html)
            assert entry and f'data-bot-fr="{name["fr"]}"' in entry.group(0), rid
    script = (ROOT / "playable" / "assets" / "parcours" / "play.mjs").read_text(encoding="utf-8")
    assert not [bot for bot in ids if f'"{bot}"' in script], "a bot's id written in the page's script"


def test_an_identifier_set_as_code_may_break_after_its_dots_only() -> None:
    """playable/breaks.py: a <wbr> after a dot, a colon or an underscore that a letter follows, in
    inline code only (a code block, a number and the text around are left as they are); the built
    Scenario format page's fields table lets `veldiv.individuelle` break after its dot."""
    from playable.breaks import code_breaks

    assert code_breaks("<td><code>veldiv.individuelle</code> v1.5</td>") == \
        "<td><code>veldiv.<wbr>individuelle</code> v1.5</td>"
    assert code_breaks('<code class="x">red_line veldiv:art-7 1.5 a.</code>') == \
        '<code class="x">red_<wbr>line veldiv:<wbr>art-7 1.5 a.</code>'
    block = '<pre><span></span><code>a.b\n<span class="n">c.d</span></code></pre><p><code>e.f</code></p>'
    assert code_breaks(block) == block.replace("e.f", "e.<wbr>f")
    page = _page(SITE / "scenario-format" / "index.html")
    assert "<code>veldiv.<wbr>individuelle</code>" in page and "<code>description</code>" in page


# ---------------------------------------------------------------------------- the search index
def plain(fragment: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def test_the_search_index_holds_each_text_once_and_no_drawing() -> None:
    """Material's search builds its index in the reader's browser on every page load, from
    search/search_index.json: prose only. A printable rulebook repeats its rules page (left out), and
    the boards, charts, figures tables and print-only links are drawings and numbers, not words to
    find (data-search-exclude). A rules page's notes and the games' pages stay findable."""
    path = SITE / "search" / "search_index.json"
    if not path.is_file():
        pytest.fail("site/search/search_index.json is missing: run make build first", pytrace=False)
    docs = json.loads(path.read_text(encoding="utf-8"))["docs"]
    pages = {d["location"].split("#")[0] for d in docs}
    assert not [p for p in pages if "/print" in p], "a printable page is indexed"
    assert {"veldiv/", "veldiv/rules/", "ronde/rules-level-1/", "chevaux/rules/", "scenario-format/"} <= pages
    text = " ".join(d["text"] for d in docs)
    rules = (SITE / "veldiv" / "rules" / "index.html").read_text(encoding="utf-8")
    caption = re.search(r'<figcaption class="px-caption"><span lang="fr">([^<]+)</span>', rules)
    note = re.search(r'<div class="px-note-text"><div lang="fr"><p>(.*?)</p>', rules, re.DOTALL)  # a note's words
    assert caption and note
    assert unescape(caption.group(1)) not in text, "a board's caption is indexed"
    assert plain(note.group(1))[:60] in plain(text), "a rules page's note is not indexed"
    for words in ("À parcourir et à poursuivre en ligne", "The figures</summary>", "Difference (95% interval)"):
        assert words not in text, f"indexed: {words}"


def test_no_text_names_a_reading_by_its_code() -> None:
    """A worked example's explanation and a note speak of a reading in words, never by the value a
    scenario writes ("choose the option « beyond »")."""
    import yaml

    from parcours import all_games

    found = []
    for game, rules in all_games().items():
        codes = {str(v) for o in rules.OPTIONS.values() for v in o.values} - {
            label[lang] for o in rules.OPTIONS.values() for label in o.labels.values() for lang in ("fr", "en")}
        quoted = re.compile(r"[«“\"]\s*(" + "|".join(map(re.escape, sorted(codes))) + r")\s*[»”\"]")
        texts = [(p.name, yaml.safe_load(p.read_text(encoding="utf-8")).get("explain") or {})
                 for p in sorted((DOCS / game / "examples").glob("*.yml"))]
        rulebook = yaml.safe_load((DOCS / game / "rulebook.yml").read_text(encoding="utf-8"))
        texts += [("rulebook.yml", n["text"]) for s in rulebook["sections"] for n in s.get("notes") or []]
        found += [f"{game}/{name}: {m.group(0)}" for name, words in texts for text in words.values()
                  for m in [quoted.search(text)] if m]
    assert not found, found


def test_every_slip_of_an_original_is_marked_where_it_stands() -> None:
    """Each sic note marks its slip in the original, "numerotées [sic : numérotées]" (the correction
    where the note gives one), the mark linking to its note below the texts."""
    import yaml

    noted = {}
    for game in GAMES:  # every game's rulebook: a game without sic notes shows no mark
        rulebook = yaml.safe_load((DOCS / game / "rulebook.yml").read_text(encoding="utf-8"))
        notes = noted[game] = sum(len(s.get("sic") or []) for s in rulebook["sections"])
        html = "".join(p.read_text(encoding="utf-8") for p in SITE.glob(f"{game}/rules*/index.html"))
        marks = re.findall(r'<a class="px-sic-mark" href="#([^"]+)">\[sic(?:\u00a0: |: )?([^\]]*)\]</a>', html)
        assert len(marks) == notes, (game, len(marks), notes)
        assert all(f'<li id="{target}">' in html for target, _ in marks)
    assert noted["veldiv"] and noted["cdp"], noted
    html = (SITE / "veldiv" / "rules" / "index.html").read_text(encoding="utf-8")
    assert 'numerotées <a class="px-sic-mark" href="#composition-sic-1">[sic\u00a0: numérotées]</a>' in html


def test_the_home_page_lists_every_game_the_engine_knows() -> None:
    """The home page's table of games is the registry's (macros._games_table): in each language one row
    a game, linked to its page, saying how many worked examples it has; no game written by hand."""
    page = (SITE / "index.html").read_text(encoding="utf-8")
    for lang, head in (("fr", "<th>Ici</th>"), ("en", "<th>Here</th>")):
        table = re.search(rf"<table>\s*<thead>\s*<tr>\s*<th>\w+</th>\s*<th>Date</th>\s*{head}.*?</table>", page,
                          re.DOTALL)
        assert table, f"no games table in {lang}"
        rows = re.findall(r"<tr>(.*?)</tr>", table.group(0), re.DOTALL)[1:]
        assert len(rows) == len(all_games()), f"{lang}: {len(rows)} rows, {len(all_games())} games"
        for game, row in zip(all_games(), rows):
            count = len(list((ROOT / "docs" / game / "examples").glob("*.yml")))
            assert f'href="{game}/"' in row, f"{lang}: the row of {game} does not link to its page"
            words = f"{count} exemples commentés" if lang == "fr" else f"{count} worked examples"
            assert words in unescape(re.sub(r"<[^>]+>", "", row)), f"{lang}: {game}'s row: {row}"
