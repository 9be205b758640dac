"""Search and the tab's title in the reader's language (issue 27; playable/hooks.py's LanguageIndex,
playable/lang_marks.py, parcours/lang.mjs, overrides/main.html).

The oracle is each page as built (site/<page>/index.html), read here on its own: the texts its
elements mark with a language (lang="fr", lang="en"), its headings by their ids, its tables' rows
cell by cell, and mkdocs.yml's titles. With one language chosen, a search result's title is its
heading's text in that language, and neither the title nor the text shown beneath it holds a text
the page marks with the other language (save the quotations of an original every language shows:
the words marked [sic], a witness's reading), nor " · " (the two languages side by side), nor two
cells of a table or two words glued together ("figuresPar", "(1964)Français").

First the index itself (search/search_index.json, every entry, each language's part read as the
stylesheet shows it); then Material's search in headless Chromium, for a French word with French
only and an English word with English only (and both languages), typed once an instant navigation
has taken the reader to another page; and the browser tab's title, after a full load, after an
instant navigation, and before any module has run.
Needs, and FAILS (does not skip) without them: Chromium, Playwright, the built site (make build).
Run only these:  pytest tests/test_browser_search_lang.py
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
from html.parser import HTMLParser
from itertools import pairwise
from typing import Any
from urllib.parse import urlsplit

import pytest

from browser_support import BASE_PATH, PYTHON_TIMEOUT, REPO, RULES, SITE, Server, Session, instant_go

OTHER = {"fr": "en", "en": "fr"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
SHORTEST = 12  # a phrase of the other language shorter than this may be a name both languages share
# Two words glued: a lower-case letter then a capital ("figuresPar"), or a closing bracket then a letter.
GLUED = re.compile(r"[a-zß-öø-ÿœ][A-ZÀ-ÖØ-ÞŒ]|[)\]»”][^\W\d_]")


def plain(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------------------- the oracle: a page as built
class PageTexts(HTMLParser):
    """A built page's article: its texts, each with the language of its nearest element marked with one
    (None: none) and whether it quotes an original that every language shows; its headings' texts by
    id; its tables' rows, each a list of cells, each cell's texts by language."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.inside = False
        self.texts: list[tuple[str | None, bool, str]] = []
        self.headings: dict[str, list[tuple[str | None, str]]] = {}
        self.rows: list[list[list[tuple[str | None, str]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "article":
            self.inside = True
        if not self.inside or tag in VOID:
            return
        self.stack.append((tag, values))
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th") and self.rows:
            self.rows[-1].append([])
        elif re.fullmatch(r"h[1-6]", tag) and values.get("id"):
            self.headings[str(values["id"])] = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.inside = False
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        if not self.inside or not data.strip():
            return
        classes = [str(v.get("class") or "").split() for _, v in self.stack]
        if any(t in ("script", "style", "template", "svg") for t, _ in self.stack) or \
                any("headerlink" in c or "tabbed-labels" in c for c in classes):
            return
        lang = "sep" if any("px-sep" in c for c in classes) else \
            next((v["lang"] for _, v in reversed(self.stack) if v.get("lang")), None)
        quotation = any("px-original" in c for c in classes) or \
            (any(t == "q" for t, _ in self.stack) and any("px-sic" in c for c in classes))
        self.texts.append((lang, quotation, data))
        heading = next((v.get("id") for t, v in reversed(self.stack) if re.fullmatch(r"h[1-6]", t)), None)
        if heading in self.headings:
            self.headings[str(heading)].append((lang, data))
        if any(t in ("td", "th") for t, _ in self.stack) and self.rows and self.rows[-1]:
            self.rows[-1][-1].append((lang, data))


@functools.cache
def page_texts(location: str) -> PageTexts:
    """The page a result links to (a location of the index, or a path under the site's base)."""
    path = location.split("#")[0].split("?")[0]
    parser = PageTexts()
    parser.feed((SITE / path / "index.html").read_text(encoding="utf-8"))
    return parser


def in_language(parts: list[tuple[str | None, str]], lang: str) -> str:
    """The texts a reader of `lang` sees: those of that language and those of none (both: all)."""
    return plain("".join(text for language, text in parts if lang == "both" or language in (lang, None)))


@functools.cache
def page_words(location: str) -> str:
    """Every text of the page, each apart."""
    return " \n ".join(plain(text) for _, _, text in page_texts(location).texts)


@functools.cache
def other_phrases(location: str, lang: str) -> list[str]:
    """The texts the page marks with the other language (no quotation of an original), that the page
    does not also say in this one."""
    texts = page_texts(location).texts
    own = plain(" ".join(t for language, quotation, t in texts if language != OTHER[lang] or quotation))
    phrases = {plain(t) for language, quotation, t in texts if language == OTHER[lang] and not quotation}
    return sorted(p for p in phrases if len(p) >= SHORTEST and p not in own)


@functools.cache
def glued_cells(location: str, lang: str) -> list[str]:
    """Each two cells side by side in a row of the page's tables, as `lang`'s reader sees them, glued."""
    pairs = []
    for row in page_texts(location).rows:
        cells = [in_language(cell, lang) for cell in row]
        cells = [c for c in cells if c]
        pairs += [a + b for a, b in pairwise(cells) if min(len(a), len(b)) >= 3]
    return [glued for glued in pairs if glued not in page_words(location)]


def expected_title(location: str, lang: str) -> str | None:
    """The heading a result's location names, in `lang` (both: as the page writes it); None if the
    location names none (a page's own result, whose title is its first heading or its menu's title)."""
    anchor = location.partition("#")[2]
    parts = page_texts(location).headings.get(anchor) if anchor else None
    return None if parts is None else in_language(parts, lang)


def faults(location: str, lang: str, title: str, text: str, prose: str) -> list[str]:
    """What a result (its title and text as shown; prose: both without their code) says of the other
    language, or glued."""
    found = []
    want = expected_title(location, lang)
    if want is not None and plain(title) != want:
        found.append(f"title {plain(title)!r}, not the heading's {want!r}")
    shown = plain(f"{title}\n{text}")
    if lang != "both":
        if " · " in shown:
            found.append("both languages side by side (' · ')")
        found += [f"the other language: {p!r}" for p in other_phrases(location, lang) if p in shown]
    for glued in glued_cells(location, lang):
        if glued in shown:
            found.append(f"two cells glued: {glued!r}")
    for match in GLUED.finditer(prose := plain(prose)):  # a word the page does not write itself
        start = prose.rfind(" ", 0, match.start()) + 1
        end = prose.find(" ", match.end())
        if prose[start:end if end >= 0 else None] not in page_words(location):
            found.append(f"two words glued: {prose[max(match.start() - 20, 0):match.end() + 20]!r}")
    return found


# ---------------------------------------------------------------------------- the index, as the stylesheet shows it
class Shown(HTMLParser):
    """An index entry's title or text as a reader of one language sees it (parcours.css): the elements
    marked with the other language and the separators (px-sep) hidden; each block on a line of its
    own. prose: the same without its code (identifiers such as veldiv.individuelle)."""

    BLOCKS = frozenset({"p", "li", "ul", "ol", "pre"})

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.stack: list[tuple[str, bool]] = []  # (tag, hidden)
        self.text: list[str] = []
        self.prose: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        hidden = self.lang != "both" and (values.get("lang") == OTHER[self.lang] or values.get("class") == "px-sep")
        self.stack.append((tag, hidden or bool(self.stack and self.stack[-1][1])))
        if tag in self.BLOCKS:
            self.text.append("\n")
            self.prose.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if self.stack and self.stack[-1][0] == tag:
            self.stack.pop()
        if tag in self.BLOCKS:
            self.text.append("\n")
            self.prose.append("\n")

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1][1]):
            self.text.append(data)
            self.prose.append(" " if any(t in ("code", "pre") for t, _ in self.stack) else data)


def shown(fragment: str, lang: str) -> tuple[str, str]:
    """The fragment's text as shown to a reader of lang, and its prose (Shown)."""
    parser = Shown(lang)
    parser.feed(fragment)
    parser.close()
    return "".join(parser.text), "".join(parser.prose)


@functools.cache
def index_docs() -> list[dict[str, Any]]:
    path = SITE / "search" / "search_index.json"
    if not path.is_file():
        pytest.fail("site/search/search_index.json is missing: run make build first", pytrace=False)
    return list(json.loads(path.read_text(encoding="utf-8"))["docs"])


@pytest.mark.build
@pytest.mark.site
@pytest.mark.parametrize("lang", ["fr", "en", "both"])
def test_the_index_speaks_each_language_alone(lang: str) -> None:
    """Every entry of the search index, as a reader of one language (or of both) is shown it: its title
    the heading's own words in that language, and nothing of the other, nor glued."""
    docs = index_docs()
    assert len(docs) > 100, len(docs)
    found = []
    for doc in docs:
        (title, title_prose), (text, text_prose) = shown(doc["title"], lang), shown(doc["text"], lang)
        if lang != "both" and not title.strip():
            continue  # a section all in the other language: lang.mjs leaves it out (the browser's test)
        found += [f"{doc['location']}: {fault}"
                  for fault in faults(doc["location"], lang, title, text, f"{title_prose}\n{text_prose}")]
    assert not found, f"{lang}: {len(found)} faults:\n" + "\n".join(found[:40])


# ---------------------------------------------------------------------------- the browser
# The results Material drew, as shown: each link's location (under the site's base), whether it is
# hidden, its title's and its text's visible words (innerText), and the words of its code.
RESULTS = """() => {
  for (const more of document.querySelectorAll(".md-search-result__more")) more.open = true;
  const shown = (el) => el.checkVisibility() && el.getClientRects().length > 0;
  return Array.from(document.querySelectorAll(".md-search-result__link")).map((link) => {
    const article = link.querySelector("article");
    const heading = article.querySelector(":scope > h1, :scope > h2");
    // the text: what follows the title, elements and bare text alike (an element not shown is left out:
    // its innerText would be its whole text)
    const rest = Array.from(article.childNodes).filter((node) => node !== heading
      && !(node.nodeType === Node.ELEMENT_NODE && (node.matches(".md-search-result__icon") || !shown(node))));
    return {
      href: link.href, hidden: !shown(link), title: heading ? heading.innerText : "",
      text: rest.map((node) => (node.nodeType === Node.ELEMENT_NODE ? node.innerText : node.data)).join("\\n"),
      code: Array.from(article.querySelectorAll("code")).filter(shown).map((el) => el.innerText),
    };
  });
}"""
# Each "N more on this page" that shows, and how many results it holds that show.
MORE = """() => Array.from(document.querySelectorAll(".md-search-result__more"))
  .filter((more) => more.checkVisibility())
  .map((more) => [more.querySelector("summary").innerText,
                  Array.from(more.querySelectorAll(".md-search-result__link")).filter((a) => a.checkVisibility())
                    .length])"""
# The results are those of the whole query once each link that names the words it found (search.highlight:
# ?h=) names the query's.
ANSWERED = """(query) => {
  const links = Array.from(document.querySelectorAll(".md-search-result__link"));
  const found = links.map((a) => (new URL(a.href).searchParams.get("h") || "").toLowerCase());
  return found.some((h) => h === query) && found.every((h) => !h || h === query);
}"""
SEARCHES = {"fr": ["derny", "veldiv"], "en": ["figures", "veldiv"], "both": ["derny"]}
PAGES = ("veldiv/rules.md", "cdp/rules.md")  # a full load of the first, an instant navigation to the second


@functools.cache
def tab_titles(source: str) -> dict[str, str]:
    """The browser tab's title of a page, by language, from mkdocs.yml (its menu's title, "French ·
    English", then the site's name)."""
    config = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    site = re.search(r"^site_name: (.+)$", config, re.MULTILINE)
    entry = re.search(rf"^\s*- (.+ · .+): {re.escape(source)}$", config, re.MULTILINE)
    assert site and entry, source
    fr, en = entry.group(1).split(" · ")
    return {lang: f"{title} - {site.group(1)}" for lang, title in (("fr", fr), ("en", en), ("both", entry.group(1)))}


def wait_title(page: Any, expected: str) -> str:
    """The tab's title once it is the one expected (or, after a while, as it is)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):  # the title then as it is, for the caller's assertion
        page.wait_for_function("(title) => document.title === title", arg=expected, timeout=10_000)
    return str(page.title())


def reader(browser: Any, server: Server, mode: str, **options: Any) -> Session:
    """A reader's context, the language chosen before (both: never chosen)."""
    s = Session(browser, server, **options)
    if mode != "both":
        s.context.add_init_script(f"try {{ localStorage.setItem('parcours.lang', '{mode}'); }} catch {{}}")
    return s


def search(page: Any, query: str) -> list[dict[str, Any]]:
    """The results of query typed in Material's search box, as shown."""
    box = page.locator(".md-search__input")
    box.fill("")
    box.press_sequentially(query)  # keys: Material listens to keyup
    page.wait_for_function(ANSWERED, arg=query.lower(), timeout=PYTHON_TIMEOUT)
    return list(page.evaluate(RESULTS))


def result_faults(server: Server, mode: str, query: str, results: list[dict[str, Any]]) -> list[str]:
    found = []
    for result in results:
        location = urlsplit(result["href"]).path.removeprefix(BASE_PATH) + \
            (f"#{urlsplit(result['href']).fragment}" if urlsplit(result["href"]).fragment else "")
        heading = expected_title(location, mode)
        where = f"{query!r}, {location or 'home'}"
        if result["hidden"]:
            if heading != "":
                found.append(f"{where}: hidden, its heading in {mode} being {heading!r}")
            continue
        if not result["title"].strip():
            found.append(f"{where}: shown without a title")
        prose = result["text"] + "\n" + result["title"]
        for code in result["code"]:
            prose = prose.replace(code, " ", 1)
        found += [f"{where}: {fault}" for fault in faults(location, mode, result["title"], result["text"], prose)]
    return found


@pytest.mark.browser
@pytest.mark.parametrize("mode", ["fr", "en", "both"])
def test_search_and_tab_title_in_the_chosen_language(browser: Any, server: Server, mode: str) -> None:
    """The tab's title in the reader's language after a full load and after an instant navigation;
    then, on the page reached, search results in it: titles and texts (see the module's docstring)."""
    s = reader(browser, server, mode, real_search=True)
    try:
        first, second = (tab_titles(source)[mode] for source in PAGES)
        page = s.page(PAGES[0].removesuffix(".md") + "/")
        page.wait_for_selector(".px-lang button")
        assert wait_title(page, first) == first, "after a full load"
        page.evaluate("window.__samePage = true")
        instant_go(page, server.base + PAGES[1].removesuffix(".md") + "/")
        assert wait_title(page, second) == second, "after an instant navigation"
        assert page.evaluate("window.__samePage") is True, "the navigation was instant (no page load)"
        page.locator(".md-search__input").click()
        # Words typed while the index is being built find nothing until the next keystroke (Material's
        # behaviour): typed once it says so, as a reader would.
        page.locator(".md-search-result__meta").filter(
            has_text=re.compile("Tapez pour chercher|Type to start searching")).wait_for(timeout=PYTHON_TIMEOUT)
        found, hidden = [], 0
        for query in SEARCHES[mode]:
            results = search(page, query)
            assert [r for r in results if not r["hidden"]], f"{query!r}: no result shown"
            hidden += len([r for r in results if r["hidden"]])
            found += result_faults(server, mode, query, results)
            for summary, shown in page.evaluate(MORE):
                count = re.match(r"\d+", summary)
                assert count and int(count.group()) == shown, f"{query!r}: {summary!r} over {shown} results shown"
        assert not found, f"{mode}: {len(found)} faults:\n" + "\n".join(found[:30])
        # "veldiv" finds the home page's sections in both its tabs: the other language's go
        assert (hidden > 0) == (mode != "both"), f"{mode}: {hidden} results hidden"
        s.rec.assert_clean()
    finally:
        s.close()


@pytest.mark.browser
def test_tab_title_before_any_module(browser: Any, server: Server) -> None:
    """The language chosen before is the tab's title's from the page's head on, before any module runs."""
    for mode in ("fr", "en"):
        s = reader(browser, server, mode)
        try:
            s.context.route("**/parcours/parcours.*.mjs", lambda route: route.abort())  # no module at all
            page = s.page(None)
            page.goto(server.base + RULES)
            page.wait_for_selector(".px-example")
            assert page.title() == tab_titles("veldiv/rules.md")[mode], mode
        finally:
            s.close()


LUNR = re.compile(r"/assets/javascripts/lunr/")
SEARCH_WORKER = re.compile(r"/assets/javascripts/workers/search\.[0-9a-f]{8}\.min\.js$")


@pytest.mark.browser
def test_the_index_is_built_once_the_reader_reaches_for_the_search(browser: Any, server: Server) -> None:
    """Material's worker builds the search index (lunr, both languages) only once a reader opens the
    search (playable/search_later.py): before, with the index fetched and handed to it, it has asked for
    none of lunr's languages; a word typed at once, before the index is built, is answered without
    another keystroke; and a link that opens the search with its words (?q=) is answered too."""
    s = reader(browser, server, "both", real_search=True)
    try:
        asked: list[str] = []
        s.context.on("request", lambda request: asked.append(request.url))
        page = s.page(None)
        with page.expect_response(re.compile(r"/search/search_index\.json$")):
            page.goto(server.base + RULES)
        page.wait_for_function("() => document.readyState === 'complete'")
        assert any(SEARCH_WORKER.search(url) for url in asked), "Material's search worker was not started"
        page.wait_for_timeout(1_500)  # time enough for a worker that builds at once to ask for lunr's files
        assert not [url for url in asked if LUNR.search(url)], "the index was built before the search was opened"
        page.locator(".md-search__input").click()
        page.locator(".md-search__input").fill("derny")  # no key pressed: only the index being ready sends it
        page.wait_for_function(ANSWERED, arg="derny", timeout=PYTHON_TIMEOUT)
        assert [url for url in asked if LUNR.search(url)], "results without lunr's languages"
        linked = s.page(None)
        linked.goto(server.base + RULES + "?q=derny")
        linked.wait_for_function(ANSWERED, arg="derny", timeout=PYTHON_TIMEOUT)
        s.rec.assert_clean()
    finally:
        s.close()
