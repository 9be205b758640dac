"""The boards on a phone, in headless Chromium at 390 px wide (served and driven as in test_browser.py).

Each game's rules page (every worked example's board), its numbers page (charts, heat maps) and
the Play page with a race of each game started: every label of every board and chart
(`svg.px-board`, `svg.px-chart`, their shared drawings included) is drawn at 11 CSS px or more, no
page is wider than the screen, no board shows a card by its code, and no board's name gives a place
the board does not have (the horse race's "hole 0").

Needs, and FAILS (does not skip) without them, as test_browser.py: Chromium, Playwright for Python
and the built site (make build).   Run only these:  pytest tests/test_boards_phone.py
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from browser_support import PYTHON_TIMEOUT, Server, Session, rules_pages, set_up_examples
from parcours import all_games, all_races
from test_browser_play import new_race, wait_need

pytestmark = pytest.mark.browser


PHONE = {"width": 390, "height": 844}
SMALLEST = 11.0  # CSS px (issue 27: no label under 11 px on a 390 px phone)
RULES_PAGES = rules_pages() or ["(none: run make build first)"]  # the server fixture then says so
NUMBERS_PAGES = [f"{game}/numbers/" for game in all_games()]
RACES = ("veldiv.individuelle", "cdp.velocita", "chevaux.course", "ronde.niveau-3")

# Every board drawn with its shared drawings written in (each <use> of a symbol becomes the nested
# <svg> it stands for, as the SVG specification draws it), then every label's font size as rendered:
# its computed size times the scale from its own coordinates to the screen. The boards are changed
# in place: a page measured is not used again.
MEASURE = """() => {
  const SVG = "http://www.w3.org/2000/svg";
  const inline = (root) => {
    for (const use of [...root.querySelectorAll("use")]) {
      const ref = document.getElementById((use.getAttribute("href") || use.getAttribute("xlink:href") || "").slice(1));
      if (!ref) throw new Error("a board uses a drawing the page lacks: " + use.outerHTML);
      let copy;
      if (ref.tagName === "symbol") {
        copy = document.createElementNS(SVG, "svg");
        const copyAttributes = (from, names) => {
          for (const a of names) if (from.hasAttribute(a)) copy.setAttribute(a, from.getAttribute(a));
        };
        copyAttributes(ref, ["viewBox", "preserveAspectRatio"]);
        copyAttributes(use, ["x", "y", "width", "height"]);
        copy.append(...[...ref.childNodes].map((n) => n.cloneNode(true)));
      } else {
        copy = document.createElementNS(SVG, "g");
        copy.setAttribute("transform", `translate(${use.getAttribute("x") || 0} ${use.getAttribute("y") || 0})`);
        copy.append(ref.cloneNode(true));
      }
      if (use.hasAttribute("class")) copy.setAttribute("class", use.getAttribute("class"));
      copy.querySelectorAll("[id]").forEach((e) => e.removeAttribute("id"));
      use.replaceWith(copy);
      inline(copy);
    }
  };
  return [...document.querySelectorAll("svg.px-board, svg.px-chart")].map((svg) => {
    inline(svg);
    const texts = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim());
    return {
      label: svg.getAttribute("aria-label"),
      text: texts.map((t) => t.textContent).join(" | "),
      sizes: texts.map((t) => {
        const m = t.getScreenCTM();
        return [t.textContent.slice(0, 24), parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)];
      }),
    };
  });
}"""

# Boards and charts whose edge is hidden: by the screen, or by a box that clips them (a lazily drawn
# example clips what passes its padding): the point just inside each side, half-way down, is the board's.
# Each is looked at once on the screen and drawn (what is off the screen is drawn as it comes near:
# content-visibility, whose skipped content no hit test finds), and a frame after that.
CLIPPED = """async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const clipped = [];
  for (const svg of document.querySelectorAll("svg.px-board, svg.px-chart")) {
    if (!svg.checkVisibility()) continue;
    svg.scrollIntoView({ block: "center" });
    for (let k = 0; k < 300 && !svg.checkVisibility({ contentVisibilityAuto: true }); k++) await frame();
    svg.scrollIntoView({ block: "center" }); // where it is once drawn (the guessed heights above replaced)
    // and once it stays there (parts above it drawn for the first time move it a few frames more)
    for (let k = 0, same = 0, last = null; k < 300 && same < 5; k++) {
      await frame();
      const now = svg.getBoundingClientRect().top;
      same = now === last ? same + 1 : 0;
      last = now;
    }
    const r = svg.getBoundingClientRect();
    const y = Math.min(Math.max(r.top + r.height / 2, 1), innerHeight - 1);
    for (const x of [r.left + 2, r.right - 2]) {
      const hit = document.elementFromPoint(x, y);
      if (x < 0 || x > innerWidth || !hit || !svg.contains(hit)) {
        clipped.push(`${svg.getAttribute("aria-label")?.slice(0, 40)} at x=${Math.round(x)}`);
      }
    }
  }
  return clipped;
}"""

# A card by its code: a tactical, misfortune or peloton card's ("t-spring"), or a white card's bare
# code ("square", where the words are "white square", "carré blanc"; the course's red triangle is no card).
CODE = re.compile(r"\b[tmp]-[a-z]+(?:-[a-z]+)*\b|(?<!white )(?<!Red )\b(?:square|triangle)\b(?! blanc)")
# A place no board has, in a board's name: the horse race's stable is "au départ", "at START", never
# the program's hole 0.
NO_PLACE = re.compile(r"\b(?:trou|hole) 0\b")


def check(page: Any, where: str) -> list[str]:
    """What is wrong with the page as it is now, as sentences (nothing: all is well)."""
    problems = []
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > PHONE["width"]:
        problems.append(f"{where}: the page is {width} px wide")
    clipped = page.evaluate(CLIPPED)
    if clipped:
        problems.append(f"{where}: boards cut off at the screen's or their box's edge: {clipped[:3]}")
    boards = page.evaluate(MEASURE)
    if not boards:
        problems.append(f"{where}: no board")
    for k, board in enumerate(boards):
        small = sorted({f"{text!r} {size:.1f} px" for text, size in board["sizes"] if size < SMALLEST})
        if small:
            problems.append(f"{where}, board {k + 1}: {len(small)} labels under {SMALLEST:g} px: "
                            + ", ".join(small[:5]))
        codes = sorted(set(CODE.findall(board["text"])))
        if codes:
            problems.append(f"{where}, board {k + 1}: card codes {codes}")
        if NO_PLACE.search(board["label"] or ""):
            problems.append(f"{where}, board {k + 1}: a place no board has: {board['label']}")
    return problems


def on_a_phone(s: Session, path: str) -> Any:
    page = s.page(None)
    page.set_viewport_size(PHONE)
    page.goto(s.server.base + path)
    return page


@pytest.mark.parametrize("path", RULES_PAGES)
def test_every_worked_example_board_reads_on_a_phone(browser: Any, server: Server, path: str) -> None:
    s = Session(browser, server)
    try:
        page = on_a_phone(s, path)
        page.wait_for_selector("svg.px-board")
        set_up_examples(page)
        assert page.locator("svg.px-board").count() > 1  # the worked examples are there
        problems = check(page, path)
        assert not problems, "\n".join(problems)
    finally:
        s.close()


@pytest.mark.parametrize("path", NUMBERS_PAGES)
def test_every_numbers_page_chart_and_heat_map_reads_on_a_phone(browser: Any, server: Server, path: str) -> None:
    s = Session(browser, server)
    try:
        page = on_a_phone(s, path)
        page.wait_for_selector("svg.px-chart")
        problems = check(page, path)
        assert not problems, "\n".join(problems)
    finally:
        s.close()


DESK = {"width": 1366, "height": 900}
BODY = 16.5  # CSS px: Material's body text is 16 px; a chart's words on a desk no larger (rounding aside)


@pytest.mark.parametrize("path", NUMBERS_PAGES)
def test_a_charts_words_on_a_desk_are_the_size_of_the_text(browser: Any, server: Server, path: str) -> None:
    s = Session(browser, server)
    try:
        page = s.page(None)
        page.set_viewport_size(DESK)
        page.goto(s.server.base + path)
        page.wait_for_selector("svg.px-chart")
        charts = page.evaluate(MEASURE.replace('"svg.px-board, svg.px-chart"', '"svg.px-chart"'))
        large = [f"{c['label']}: {text!r} {size:.1f} px" for c in charts for text, size in c["sizes"] if size > BODY]
        assert charts and not large, "\n".join(large[:10])
        assert all(size >= 11 for c in charts for _, size in c["sizes"])  # and no smaller than on a phone
    finally:
        s.close()


def test_the_play_page_boards_read_on_a_phone(browser: Any, server: Server) -> None:
    s = Session(browser, server)
    try:
        problems = []
        page = on_a_phone(s, "play/")  # one page, one start of Python, a race of each game in turn
        page.wait_for_selector("#ex-play[data-px-play]")
        for ruleset in RACES:
            new_race(page, ruleset, min(4, all_races()[ruleset].max_players), {0}, timeout=PYTHON_TIMEOUT)
            wait_need(page, "dice:0|choice:0|over", timeout=PYTHON_TIMEOUT)
            page.locator("#ex-play svg.px-board").wait_for()  # new_race waited for this race's answer
            problems += check(page, f"play/ ({ruleset})")
        assert not problems, "\n".join(problems)
    finally:
        s.close()
