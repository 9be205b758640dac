"""A proofreader's pass over every page of the built site, in Chromium, at a phone's width (390 px)
and a desk's (1,366 px), once the widgets are built, each page reached as readers reach it (by
Material's instant navigation; the 404 page loaded): what a reader must never meet (issue 11).

    - a page wider than the screen;
    - program data in visible text: null, undefined, NaN, None, [object …], {'…'};
    - a lazy plural, "point(s)", outside the original texts quoted from the sources;
    - two numbers run together, a piece's and a figure ("rider 1 69.9%");
    - text smaller than 9 CSS px (an SVG's text counted at the size it is drawn);
    - a code where a word belongs: in any menu (every decision of every worked example is opened
      and its menu read, as a reader would get there: step, then "play from the step shown");
    - English inside French-marked text, French inside English-marked text (function words that do
      not occur in the other language), outside the originals and code;
    - in French-marked text, a plain space (U+0020) before : ; ! ? » or %, or after «, where French
      typography wants a no-break one (the site sets U+00A0: parcours.core.typeset, lang.mjs's
      typeset), outside the originals (as transcribed) and code;
    - in English-marked text, a straight quote (" or an opening '): our English quotes with “ ” and
      ‘ ’, outside the originals (as transcribed) and code;
    - in French-marked text, thousands grouped by a plain or a wide no-break space ("1 200"): French
      groups them by a narrow no-break space (U+202F, parcours.core.number_words, Intl.NumberFormat);
    - the same typography in the names only a screen reader or a tooltip gives (a board's or a
      chart's aria-label, an SVG's <title>, the French of data-px-fr);
    - an identifier set as code in a table's cell broken between two letters ("descriptio|n"): it
      may break after a dot, a colon, an underscore or a hyphen (playable/breaks.py, parcours.css); nor
      a word of a table of figures ("seulem|ent" in a phone's narrow column);
    - a citation box that gives another address than the one the page was reached at;
    - a heading whose hidden ¶ permalink takes a line of its own (a blank line under the title);
    - a menu whose chosen words are cut off (the readings' menus opened, the Play page's race);
    - a table of figures (a reading's, a game's in numbers: opened) wider than its box, a column
      hidden past its edge.
Boards' shared drawings (<use>) and their labels: test_boards_phone.py. The languages one at a time:
test_browser_lang.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_support import Server, Session, _site_pages, one_language_twin, rules_pages, set_up_examples, visit, walker

pytestmark = pytest.mark.browser

WIDTHS = (390, 1366)

# Run in the page: every defect found, as "what: where: the text" (in one element, if its selector is given).
DEFECTS = r"""
(selector) => {
  const found = [];
  const where = (el) => {
    const ex = el.closest(".px-example");
    const id = ex ? `#${ex.id}` : (el.closest("[id]") ? `#${el.closest("[id]").id}` : el.tagName.toLowerCase());
    return id;
  };
  const say = (what, el, text) =>
    found.push(`${what}: ${where(el)}: ${text.trim().replace(/\s+/g, " ").slice(0, 120)}`);
  const width = document.documentElement.scrollWidth;
  if (width > innerWidth) found.push(`wider than the screen: ${width} px at ${innerWidth}`);
  const root = selector ? document.querySelector(selector) : document.body;
  // Quoted sources keep their own words (the Ronde's English rulebook says "rider(s)"), code is code.
  const quoted = (el) => el.closest(".px-parallel .tabbed-block:first-child, .px-sic, code, pre, kbd, .px-original");
  // The originals as transcribed, never retypeset: the first text of a parallel (its source line is
  // ours), a [sic] quote, a witness's reading; and code.
  const original = (el) => el.closest(
    ".px-parallel .tabbed-block:first-child > :not(.px-source), .px-sic q, .px-original, code, pre, kbd");
  const PLAIN_SPACE_FR = / [:;!?»%]|« /;
  // French groups thousands with a narrow no-break space (U+202F: "1 200"), as Intl.NumberFormat does.
  const THOUSANDS_FR = /\d[ \u00a0]\d{3}(?!\d)/;
  // English quotes with curly quotes (“ ” ‘ ’), as French does with « »: a straight " anywhere, or a '
  // that opens a quotation (an apostrophe, "reader's", "players'", follows a letter).
  const STRAIGHT_EN = /"|(?:^|[\s(\[\u2014\u2013\/])'(?=\w)/;
  const FR_IN_EN = /\b(le|les|des|une|avec|pour|dans|est|sont|joueur|coureur|lance)\b/;
  const EN_IN_FR = /\b(the|and|with|player|rider|throws|square|space|wins)\b/;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent;
    if (!el || !text.trim() || el.closest("script, style, template, noscript, title, desc")) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    if (/\bnull\b|\bundefined\b|\bNaN\b|\[object |\{'|\bNone\b(?! of\b)/.test(text) && !el.closest("code, pre")) {
      say("program data", el, text);
    }
    if (/\w\((s|x|e|es|aux)\)/.test(text) && !quoted(el)) say("lazy plural", el, text);
    // A piece's number run into a figure: "rider 1 69.9%", "coureur 1 69,9 %".
    const run = !quoted(el) && text.match(/\b(?:rider|coureur|player|joueur|horse|cheval) \d+ \d/);
    if (run) say(`two numbers run together ("${run[0]}")`, el, text);
    const svg = el.closest("svg");
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (svg && svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width) {
      size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    }
    if (size < 9 && !el.closest(".md-sidebar:not([data-md-state]) .md-nav__link, .px-sr")) {
      say(`text of ${size.toFixed(1)} px`, el, text);
    }
    const lang = el.closest("[lang]")?.getAttribute("lang");
    const plain = lang === "fr" && !original(el) && text.match(PLAIN_SPACE_FR);
    if (plain) say(`plain space in French ("${plain[0].replace(" ", "␣")}")`, el, text);
    const grouped = lang === "fr" && !original(el) && text.match(THOUSANDS_FR);
    if (grouped) say(`thousands grouped by a wide space in French ("${grouped[0]}")`, el, text);
    const straight = lang === "en" && !original(el) && text.match(STRAIGHT_EN);
    if (straight) say(`a straight quote in English ("${straight[0].trim()}")`, el, text);
    if (quoted(el)) continue;
    // Words quoted from the other language ("la « finishing line »", "the “ligne d'arrivée”") are quotes.
    const own = text.replace(/«[^»]*»|“[^”]*”|"[^"]*"|‘[^’]*’/g, " ");
    const english = lang === "fr" && own.match(EN_IN_FR);
    if (english) say(`English in French ("${english[0]}")`, el, text);
    const french = lang === "en" && el.closest("[lang]") !== document.documentElement && own.match(FR_IN_EN);
    if (french) say(`French in English ("${french[0]}")`, el, text);
  }
  // Words only a screen reader or a pointer's tooltip shows (a board's or a chart's name, an SVG's
  // title) are proofread as the page's text: their French (its own attribute, or the half before
  // " · ") typeset, its thousands grouped by a narrow no-break space.
  const named = root.querySelectorAll("[aria-label], [data-px-fr], svg title");
  for (const el of named) {
    const said = el.dataset.pxFr ?? (el.tagName === "title" ? el.textContent : el.getAttribute("aria-label"));
    const french = el.dataset.pxFr !== undefined ? said : said.includes(" · ") ? said.split(" · ")[0]
      : el.closest("[lang]")?.getAttribute("lang") === "fr" ? said : "";
    const plain = french.match(PLAIN_SPACE_FR);
    if (plain) say(`plain space in a French name ("${plain[0].replace(" ", "␣")}")`, el, french);
    const grouped = french.match(THOUSANDS_FR);
    if (grouped) say(`thousands grouped by a wide space in a French name ("${grouped[0]}")`, el, french);
  }
  // A table of figures keeps every column in its box (a phone's: one figure's numbers under its name).
  for (const table of root.querySelectorAll(":is(.px-impact, .px-numbers-more) table")) {
    if (!table.checkVisibility()) continue;
    const box = table.closest(".px-impact, .px-numbers-more").getBoundingClientRect();
    if (table.getBoundingClientRect().right > box.right + 1 || table.scrollWidth > table.clientWidth + 1) {
      say("a table wider than its box", table, table.querySelector("tbody th")?.textContent ?? "");
    }
  }
  // An identifier in a table's cell breaks after a dot, a colon, an underscore or a hyphen (or at a
  // space), never between two letters or digits ("veldiv.individuell|e", "descriptio|n").
  // So does every word of a table of figures ("Le six seulem|ent" in a phone's narrow column).
  for (const code of root.querySelectorAll(":is(td, th) code, :is(.px-impact, .px-numbers-more) :is(td, th)")) {
    const lines = document.createRange();
    lines.selectNodeContents(code);
    const tops = new Set(Array.from(lines.getClientRects(), (r) => Math.round(r.top)));
    if (!code.checkVisibility() || tops.size < 2) continue;
    const range = document.createRange();
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    let [top, before, broken] = [null, "", false];
    for (let n = walker.nextNode(); n && !broken; n = walker.nextNode()) {
      for (let i = 0; i < n.length && !broken; i++) {
        range.setStart(n, i);
        range.setEnd(n, i + 1);
        const rect = range.getBoundingClientRect();
        broken = top !== null && rect.top > top + 2 && /[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(n.data[i]);
        [top, before] = [rect.top, n.data[i]];
      }
    }
    if (broken) say("a word broken between two letters", code, code.textContent);
  }
  // A citation gives the address this page was reached at (the build's own may be another's).
  for (const code of root.querySelectorAll(".px-citation code")) {
    if (!code.textContent.startsWith(location.origin + location.pathname)) {
      say("a citation of another address", code, code.textContent);
    }
  }
  // A heading's permalink (Material's ¶, hidden until hovered) below the last line of its words.
  for (const link of root.querySelectorAll(":is(h1, h2, h3, h4, h5, h6) > .headerlink")) {
    const heading = link.parentElement;
    if (!heading.checkVisibility()) continue;
    const words = document.createRange();
    words.setStart(heading, 0);
    words.setEndBefore(link);
    const lines = Array.from(words.getClientRects()).filter((r) => r.width > 0);
    const below = lines.length && link.getBoundingClientRect().top >= Math.max(...lines.map((r) => r.bottom)) - 1;
    if (below) say("a heading's ¶ on a line of its own", heading, heading.textContent);
  }
  return found;
}
"""

# A menu whose chosen entry does not fit: narrower than its words on one line, and no taller (its
# words neither wrap nor show whole); or a menu running past the right edge of its form (a reader's
# comparison's race, in both languages, on a phone).
MENUS_CUT = r"""
() => Array.from(document.querySelectorAll("select")).filter((s) => s.checkVisibility() && s.offsetWidth).map((s) => {
  const box = (s.closest("form") || s.parentElement).getBoundingClientRect();
  if (s.getBoundingClientRect().right > box.right + 1) {
    const where = s.closest(".px-example")?.id || s.closest(".px-impact")?.dataset.impact || s.id;
    return `a menu past its form's edge: ${where}`;
  }
  const [width, height] = [s.offsetWidth, s.offsetHeight];
  const style = [s.style.maxWidth, s.style.width];
  s.style.maxWidth = "none";
  s.style.width = "max-content";
  const [whole, oneLine] = [s.offsetWidth, s.offsetHeight];
  [s.style.maxWidth, s.style.width] = style;
  const where = s.closest(".px-example")?.id || s.name || s.id;
  const words = s.selectedOptions[0]?.textContent.trim().slice(0, 80);
  return width < whole - 1 && height <= oneLine + 1 ? `a menu cut off: ${where}: ${words}` : null;
}).filter(Boolean)
"""

# A menu's entry that is a code: "t-spring", "six-only", "steal@3".
MENU_CODES = r"""
() => Array.from(document.querySelectorAll("select option"))
  .filter((o) => /@|^[a-z0-9]+(-[a-z0-9]+)+$|^[a-z]+_[a-z]+/.test(o.textContent.trim())
    || (o.textContent.trim() === o.value && /[a-z]/.test(o.value) && /-|@/.test(o.value)))
  .map((o) => `code in a menu: ${o.closest(".px-example")?.id ?? o.closest("select").id}: ${o.textContent.trim()}`)
"""


# Every page at a phone's width; at a desk's, a rulebook's printable page in one language is left out
# (what a width changes is the layout, and its markup is its page in both languages', one hidden).
PHONE, DESK = WIDTHS
PHONE_PAGES = _site_pages()
DESK_PAGES = [path for path in _site_pages() if not one_language_twin(path)]


def walking(browser: Any, server: Server, width: int) -> Iterator[Any]:
    """A reader at `width` who goes from page to page by Material's instant navigation (the tests that
    share one: an xdist group, one worker, in order)."""
    s = Session(browser, server)
    yield walker(s, {"width": width, "height": 900})
    s.close()


@pytest.fixture(scope="module")
def phone_reader(browser: Any, server: Server) -> Iterator[Any]:
    yield from walking(browser, server, PHONE)


@pytest.fixture(scope="module")
def desk_reader(browser: Any, server: Server) -> Iterator[Any]:
    yield from walking(browser, server, DESK)


def proofread(reader: Any, path: str, base: str) -> None:
    page = visit(reader, base, path)
    built(page)
    page.evaluate("document.querySelectorAll('details:is(.px-readings, .px-impact-figures, .px-numbers-more)')"
                  ".forEach((d) => { d.open = true; })")
    found = page.evaluate(DEFECTS, None) + page.evaluate(MENU_CODES) + page.evaluate(MENUS_CUT)
    width = page.viewport_size["width"]
    if page is not reader:
        page.close()
    assert not found, f"/{path} at {width} px:\n" + "\n".join(found)


@pytest.mark.xdist_group("proofread-phone")
@pytest.mark.parametrize("path", PHONE_PAGES or ["(none: run make build first)"])
def test_a_page_a_reader_can_read_on_a_phone(phone_reader: Any, path: str, server: Server) -> None:
    proofread(phone_reader, path, server.base)


@pytest.mark.xdist_group("proofread-desk")
@pytest.mark.parametrize("path", DESK_PAGES or ["(none: run make build first)"])
def test_a_page_a_reader_can_read_on_a_desk(desk_reader: Any, path: str, server: Server) -> None:
    proofread(desk_reader, path, server.base)


@pytest.fixture(scope="module")
def phone(browser: Any, server: Server) -> Iterator[Any]:
    """The decisions' menus are the same words at any width: read once, at the narrower, in one page
    that goes from rules page to rules page, so that Python starts once for them all (a walk of its
    own: the reading walks never start Python)."""
    yield from walking(browser, server, PHONE)


def built(page: Any) -> None:
    """Every worked example's controls drawn, every reader's comparison's form, fonts and layout settled."""
    set_up_examples(page)
    page.wait_for_function("""() => Array.from(document.querySelectorAll('.px-example .px-film'))
        .every((f) => f.closest('.px-example').dataset.pxWidget === 'on')
      && Array.from(document.querySelectorAll('.px-impact[data-races]')).every((b) => b.dataset.pxCompare === 'on')""")
    page.evaluate("document.fonts.ready")


def decisions(page: Any) -> list[tuple[str, int]]:
    """Each worked example's steps that a player's decision follows: (example id, step)."""
    return [(ident, k) for ident, k in page.evaluate("""() => Array.from(document.querySelectorAll('.px-example'))
        .filter((el) => el.pxWidget)
        .flatMap((el) => el.pxWidget.film.asked
          .map((asked, k) => (asked && asked.kind === 'choice' ? [el.id, k - 1] : null)).filter(Boolean))""")]


@pytest.mark.xdist_group("proofread-decisions")
@pytest.mark.parametrize("path", rules_pages() or ["(none: run make build first)"])
def test_every_decision_of_every_example_reads_in_words(phone: Any, path: str, server: Server) -> None:
    """Stepped to just before each decision and played from there, the menu offers words."""
    page = phone
    visit(page, server.base, path)
    built(page)
    found = []
    for ident, k in decisions(page):
        ex = page.locator(f"#{ident}")
        if k > 0:  # by the keyboard: a click on a step could land on its article's link
            ex.locator(f'li.px-step[data-step="{k}"]').press("Enter")
        else:  # the start has no step of its own: the Home key goes there
            ex.locator("li.px-step").first.press("Home")
        ex.locator(".px-counter").filter(has_text=f"{k} / ").wait_for()
        ex.locator(".px-branch input").check()
        choice = ex.locator(".px-decide")
        choice.wait_for()
        texts = choice.locator("option").all_inner_texts()
        question = choice.locator("label").inner_text()
        if not texts or not question.strip():
            found.append(f"{ident} step {k}: no choices or no question")
        found += [f"{ident} step {k}: {t}" for t in texts if "@" in t or t.strip() in ("", "null", "undefined")]
        found += [f"{ident} step {k}: {d}" for d in page.evaluate(DEFECTS, f"#{ident}")]
    assert not found, f"/{path}:\n" + "\n".join(found)
