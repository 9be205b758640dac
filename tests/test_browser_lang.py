"""The browser: the reader's language (parcours/lang.mjs, overrides/), in headless Chromium.

A reader chooses French only on the home page with the header's control, walks by Material's
instant navigation to a rules page (its worked examples' controls built) and to the Play page,
then reloads: on each page no text marked with the other language is visible, save the original
texts of the rules (the first column of a parallel text, the words quoted [sic]); the control
says French only, <html lang="fr">, and Material's own words (the search box, Back to top) are
French. The same with English only; then both languages again.

Served and driven as in test_browser.py (its server and browser, a context with reduced motion).
Needs, and FAILS (does not skip) without them: Chromium, Playwright, the built site (make build).
Run only these:  pytest tests/test_browser_lang.py
"""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import RULES, SITE, Server, Session, example_ready, set_up_examples, visit, walker

pytestmark = pytest.mark.browser


PLAY = "play/"
# What the rules quote in their own language, always shown: the original's column (and its tab)
# of a parallel text, the words of the original marked [sic], a witness's reading (px-original).
ORIGINALS = (".px-parallel .tabbed-block:first-child *, .px-parallel .tabbed-labels > :first-child, .px-sic q, "
             ".px-original")
# The quoted readings of the sources that a language choice hid (it must not: they are originals).
HIDDEN_ORIGINALS = """() => Array.from(document.querySelectorAll(".px-original"))
  .filter((el) => el.textContent.trim() && !(el.checkVisibility() && el.getClientRects().length > 0))
  .map((el) => el.outerHTML.slice(0, 160))"""
# Material's words in each choice: the search box's placeholder and the Back to top button.
INTERFACE = {"fr": ("Rechercher", "Haut de page"), "en": ("Search", "Back to top"),
             "both": ("Rechercher · Search", "Haut de page · Back to top")}
NAME = {"fr": "Français seulement", "en": "English only", "both": "Français et anglais · French and English"}

VISIBLE_IN = """
(lang) => Array.from(document.body.querySelectorAll(`[lang="${lang}"]`))
  .filter((el) => !el.matches(ORIGINALS) && !el.closest(".px-lang") && el.textContent.trim()
    && el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
    && el.getClientRects().length > 0)
  .map((el) => el.outerHTML.slice(0, 160))
""".replace("ORIGINALS", repr(ORIGINALS))


def visible_in(page: Any, lang: str) -> list[str]:
    return list(page.evaluate(VISIBLE_IN, lang))


def control_says(page: Any) -> str:
    pressed = page.locator('.px-lang button[aria-pressed="true"]')
    return str(pressed.locator(".px-sr").text_content()) if pressed.count() == 1 else f"{pressed.count()} pressed"


def interface_words(page: Any) -> tuple[str, str]:
    placeholder = page.locator(".md-search__input").get_attribute("placeholder")
    top = " ".join((page.locator(".md-top").text_content() or "").split())
    return str(placeholder), top


# Whether the search box's placeholder fits in it, on a desk (where the box shows its placeholder).
PLACEHOLDER_FITS = """() => {
  const input = document.querySelector(".md-search__input");
  if (!input || !input.offsetWidth) return true;
  const style = getComputedStyle(input);
  const context = document.createElement("canvas").getContext("2d");
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return context.measureText(input.placeholder).width <= room;
}"""


def check_page(page: Any, mode: str, where: str) -> None:
    page.wait_for_selector(".px-lang button")
    other = {"fr": "en", "en": "fr"}.get(mode)
    if other:
        seen = visible_in(page, other)
        assert not seen, f"{where}, {mode} only: visible texts in {other}:\n" + "\n".join(seen[:10])
    shown = visible_in(page, mode if other else "en") + (visible_in(page, "fr") if not other else [])
    assert shown, f"{where}: no text of the chosen language is visible"
    assert page.evaluate("document.documentElement.lang") == (mode if other else "en"), where
    assert control_says(page) == NAME[mode], where
    assert interface_words(page) == INTERFACE[mode], where
    assert page.evaluate(PLACEHOLDER_FITS), f"{where}, {mode}: the search box cuts its placeholder short"


def go(page: Any, server: Server, path: str) -> None:
    """Instant navigation by the primary navigation's link (no page load)."""
    page.locator(f'.md-nav--primary a.md-nav__link[href="{server.base}{path}"]').first.click()
    page.wait_for_url(server.base + path)


def walk(page: Any, server: Server, mode: str) -> None:
    page.goto(server.base)
    page.locator(f'.px-lang button[data-mode="{mode}"]').click()
    check_page(page, mode, "home page")
    page.evaluate("window.__samePage = true")
    go(page, server, RULES)
    example_ready(page, "ex-art-3-taken")
    check_page(page, mode, "rules page")
    go(page, server, PLAY)
    page.wait_for_selector("#ex-play[data-px-play]")
    check_page(page, mode, "Play page")
    assert page.evaluate("window.__samePage") is True, "the navigation was instant (no page load)"
    page.reload()
    page.wait_for_selector("#ex-play[data-px-play]")
    check_page(page, mode, "Play page, reloaded")


@pytest.mark.parametrize("mode", ["fr", "en", "both"])
def test_language_choice_follows_the_reader(browser: Any, server: Server, mode: str) -> None:
    s = Session(browser, server)
    try:
        page = s.page(None)
        if mode == "both":  # back to both from a single language chosen before
            page.goto(server.base)
            page.locator('.px-lang button[data-mode="fr"]').click()
        walk(page, server, mode)
        s.rec.assert_clean()
    finally:
        s.close()


def test_no_flash_of_the_other_language(browser: Any, server: Server) -> None:
    """A language chosen before is applied by the page's head, before any module script runs."""
    s = Session(browser, server, java_script_enabled=True)
    try:
        s.context.add_init_script("localStorage.setItem('parcours.lang', 'en')")
        s.context.route("**/parcours/parcours.*.mjs", lambda route: route.abort())  # no module at all
        page = s.page(None)
        page.goto(server.base + RULES)
        page.wait_for_selector(".px-example")
        assert page.evaluate("document.documentElement.lang") == "en"
        seen = visible_in(page, "fr")
        assert not seen, "visible French without the scripts:\n" + "\n".join(seen[:10])
    finally:
        s.close()



# Each tab titled in a language (the translation's, on a phone), and whether its tab is the one open.
LANGUAGE_TABS = """(lang) => Array.from(document.querySelectorAll(`.tabbed-labels > label[lang="${lang}"]`))
  .map((label) => [label.closest(".tabbed-set").dataset.tabs, document.getElementById(label.htmlFor).checked])"""


@pytest.mark.parametrize("path", [RULES, "veldiv/print-en/"])
def test_on_a_phone_the_translation_is_open_before_any_script(browser: Any, server: Server, path: str) -> None:
    """On a phone each parallel text is two tabs: with English chosen (or an English rulebook to print),
    the translation's tab is open from the first paint, the head's work, not a module's or Material's
    later (Lighthouse saw the English text painted a second after the French one)."""
    s = Session(browser, server)
    try:
        s.context.add_init_script("localStorage.setItem('parcours.lang', 'en')")
        s.context.route("**/parcours/parcours.*.mjs", lambda route: route.abort())
        s.context.route("**/assets/javascripts/bundle.*.min.js", lambda route: route.abort())
        page = s.context.new_page()
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(server.base + path)
        page.wait_for_load_state("load")
        tabs = page.evaluate(LANGUAGE_TABS, "en")
        assert len(tabs) >= 5, tabs
        closed = [name for name, open_ in tabs if not open_]
        assert not closed, f"English tabs left closed: {closed}"
    finally:
        s.close()

# Every page of the built site (its 404 page aside), as the reader reaches it; not the printable
# rulebooks (docs/<game>/print*.md), each in its own language choice whatever the reader's
# (tests/test_print.py prints them).
PAGES = sorted(str(p.parent.relative_to(SITE)).replace(".", "") + "/" if p.parent != SITE else ""
               for p in SITE.rglob("index.html") if not {"assets", "vendor", "search"} & set(p.parts)
               and not p.parent.name.startswith("print"))
# Visible text not marked with the chosen language that holds " · ": a French and an English text
# side by side where one of them should have gone (an option's text counts, shown or not).
BOTH_SIDE_BY_SIDE = """
(lang) => {
  const marked = (node) => node.parentElement.closest("body [lang]");
  const exempt = (el) => el.closest(ORIGINALS) || el.closest(".px-lang, code, pre, script, style, template");
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.data.includes(" · ") || exempt(el)) continue;
    const own = marked(node);
    if (own && own.lang === lang) continue;
    const option = el.closest("option");
    const range = document.createRange();
    range.selectNodeContents(node);
    const shown = option || (el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
      && range.getClientRects().length > 0);
    if (shown) found.push(`${el.tagName.toLowerCase()}.${el.className}: ${node.data.trim().slice(0, 100)}`);
  }
  return found;
}
""".replace("ORIGINALS", repr(ORIGINALS))


# A name only a screen reader or a tooltip gives (a board's, a chart's or a course's aria-label, an
# SVG's <title>) that still says both languages (" · ") when the reader chose one: lang.mjs keeps it
# in the reader's language when the build marks it (data-px-fr, data-px-en, data-px-words).
NAMES_IN_BOTH = """() => Array.from(document.querySelectorAll("main [aria-label], main svg title"))
  .map((el) => (el.tagName === "title" ? el.textContent : el.getAttribute("aria-label")))
  .filter((name) => name.includes(" · ")).map((name) => `a name in both languages: ${name.slice(0, 100)}`)"""


def widgets_built(page: Any) -> None:
    """Every worked example's controls, the Play page's form and the live figures, once mounted."""
    set_up_examples(page)
    page.wait_for_function("""() => {
      const examples = document.querySelectorAll(".px-example:not(.px-game)");
      return Array.from(examples).every((el) => el.dataset.pxWidget)
        && (!document.querySelector("#px-play-form") || document.querySelector("#ex-play[data-px-play]"))
        && Array.from(document.querySelectorAll(".px-live"))
          .every((el) => el.querySelector(".px-live-form:not([hidden])"));
    }""", timeout=60_000)


# A tab bar that shows a single tab: a control with nothing to choose.
LONE_TABS = """() => Array.from(document.querySelectorAll(".tabbed-labels"))
  .filter((bar) => bar.checkVisibility() && bar.getClientRects().length > 0)
  .filter((bar) => Array.from(bar.children).filter((tab) => tab.checkVisibility()).length < 2)
  .map((bar) => `${bar.closest("[id]")?.id ?? "page"}: ${bar.textContent.trim()}`)"""
# With one language, where text exists in one language only (the home page, the scenario format) or a
# translation goes (the rules' parallel texts, on a phone): its text, with no tab bar above it.
ONE_TAB_PAGES = ["", "scenario-format/", RULES, "ronde/rules/"]


@pytest.mark.parametrize("mode", ["fr", "en"])
def test_every_page_speaks_only_the_chosen_language(browser: Any, server: Server, mode: str) -> None:
    """On each page, widgets built, nothing of the other language shows: no text marked with it, no
    text of both languages side by side (" · ") outside the chosen language's marks, and no name of a
    board, chart or figure in both; and no tab bar of a single tab (at 1,280 px: the phone's in
    test_one_language_shows_no_bar_of_a_single_tab)."""
    assert len(PAGES) >= 12, PAGES
    s = Session(browser, server)
    try:
        # in the site's own documents (a frame without storage, such as the worker's, would throw)
        s.context.add_init_script(f"try {{ localStorage.setItem('parcours.lang', '{mode}'); }} catch {{}}")
        other = "en" if mode == "fr" else "fr"
        faults = []
        walking = walker(s, {"width": 1280, "height": 900})  # by instant navigation, as readers go
        for path in PAGES:
            page = visit(walking, server.base, path)
            page.wait_for_selector(".px-lang button")
            widgets_built(page)
            faults += [f"{path or 'home'}: {other}: {seen}" for seen in visible_in(page, other)]
            faults += [f"{path or 'home'}: both: {seen}" for seen in page.evaluate(BOTH_SIDE_BY_SIDE, mode)]
            faults += [f"{path or 'home'}: an original hidden: {seen}" for seen in page.evaluate(HIDDEN_ORIGINALS)]
            faults += [f"{path or 'home'}: {seen}" for seen in page.evaluate(NAMES_IN_BOTH)]
            faults += [f"{path or 'home'}: a bar of one tab: {bar}" for bar in page.evaluate(LONE_TABS)]
        assert not faults, f"{mode} only, {len(faults)} texts misplaced:\n" + "\n".join(faults[:40])
        s.rec.assert_clean()
    finally:
        s.close()


@pytest.mark.parametrize("mode", ["fr", "en"])
def test_one_language_shows_no_bar_of_a_single_tab(browser: Any, server: Server, mode: str) -> None:
    s = Session(browser, server)
    try:
        s.context.add_init_script(f"try {{ localStorage.setItem('parcours.lang', '{mode}'); }} catch {{}}")
        faults = []
        width = 390  # a phone's (a desk's, on every page: test_every_page_speaks_only_the_chosen_language)
        for path in ONE_TAB_PAGES:
            page = s.page(None)
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(server.base + path)
            page.wait_for_selector(".px-lang button")
            faults += [f"{path or 'home'} at {width} px: {bar}" for bar in page.evaluate(LONE_TABS)]
            assert visible_in(page, mode), f"{path or 'home'} at {width} px: no text in {mode}"
            page.close()
        assert not faults, f"{mode} only, a bar of one tab:\n" + "\n".join(faults[:20])
    finally:
        s.close()


# Visible text outside the originals the rules quote (which keep their own language).
OWN_TEXT = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(ORIGINALS) || el.closest("script, style, template, .px-lang")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (el.checkVisibility({ visibilityProperty: true }) && range.getClientRects().length) seen.push(node.data);
  }
  return seen.join(" ");
}""".replace("ORIGINALS", repr(ORIGINALS))


def test_the_horse_race_has_an_english_title_in_english(browser: Any, server: Server) -> None:
    """English only, the horse race's pages name it in English everywhere the site names it (its
    menu's section, its title, its citation, its edition's name): the French title is the French
    reader's."""
    s = Session(browser, server)
    try:
        s.context.add_init_script("try { localStorage.setItem('parcours.lang', 'en'); } catch {}")
        for path in ("chevaux/", "chevaux/rules/"):
            page = s.page(path)
            page.wait_for_selector(".px-lang button")
            text = " ".join(page.evaluate(OWN_TEXT).split())
            assert "Course de chevaux" not in text and "la règle" not in text, f"{path}: {text[:400]}"
            assert "The horse race" in text, path
            page.close()
    finally:
        s.close()
