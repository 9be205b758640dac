"""The pages rendered from data, read in the built site/ (make build): no program data in their text
(a Python dict, None, null, a data file's key, a lazy "(s)" plural), every rules page citable in
both languages, and the edition tables' words each marked with their language."""

from __future__ import annotations

import json
import re
from datetime import date
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from parcours import all_games
from parcours_view.film import article_href
from playable.citation import build_stamp
from playable.sources import Located
from test_browser import CHROMIUM, CHROMIUM_ARGS, Server

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
    version = build_stamp(ROOT).version.split()[0]
    for lang, title, day in (("fr", "Comment citer", FR_DATE), ("en", "How to cite", EN_DATE)):
        text = " ".join(cite.text[lang].split())
        assert title in text, f"{game}: no '{title}' box in {lang}"
        assert "Parcours" in text and f"version {version}" in text, f"{game} ({lang}): no edition or version: {text}"
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
def test_no_null_under_the_controls_of_a_race_without_readings() -> None:
    """The horse race's plain course has no readings: its examples' controls were followed by 'null'."""
    from playwright.sync_api import sync_playwright

    _read(SITE / "chevaux" / "rules" / "index.html")  # built
    server = Server()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(reduced_motion="reduce")
            page.goto(server.base + "chevaux/rules/")
            page.wait_for_function("document.querySelectorAll('.px-example .px-controls:not([hidden])').length"
                                   " === document.querySelectorAll('.px-example').length")
            assert page.evaluate(NULL_IN_EXAMPLES) == []
        finally:
            browser.close()
            server.close()


# ---------------------------------------------------------------------------- light pages, links that land
MAX_PAGE_BYTES = 400_000  # issue 11: no page over 400 KB of HTML
ANCHOR_TARGET = re.compile(r'\bid="([^"]+)"')
CITE_LINK = re.compile(r'<a class="px-cite" href="([^"]*)"')
LINKS_TEMPLATE = re.compile(r'<template class="px-links"[^>]*>(.*?)</template>')
LINKS_ATTRIBUTE = re.compile(r'<option value="([a-z]+)\.[^"]*"[^>]*? data-links="([^"]*)"')


def built_pages() -> list[Path]:
    pages = sorted(p for p in SITE.rglob("*.html") if p.relative_to(SITE).parts[0] not in ("assets", "search"))
    if not pages:
        pytest.fail("site/ is empty: run make build first", pytrace=False)
    return pages


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
    tables = [t for t in re.findall(r"<table>.*?</table>", html, re.DOTALL) if "<th>Confiance</th>" in t
              or "<th>Confidence</th>" in t]
    assert len(tables) == 2, f"{game}: a readings table in each language, found {len(tables)}"
    for table in tables:
        assert "<code>" not in table, f"{game}: a code in its readings table: {table[:300]}"
        if "<th>Confiance</th>" in table:  # (in English, the confidence's words are its codes)
            assert not re.search(r"<td>(text|reading|reconstruction)</td>", table), f"{game}: a confidence's code"
    boxes = re.findall(r'<div class="px-option".*?</ul></div></div>', html, re.DOTALL)
    assert boxes, f"{game}: no reading beside its article"
    assert not [b for b in boxes if "<code>" in b], f"{game}: a code beside an article's readings"
    codes = _page(SITE / "scenario-format" / "index.html")
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
