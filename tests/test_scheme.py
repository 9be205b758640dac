"""The colour scheme (parcours/scheme.mjs, overrides/main.html): dark when the reader's system asks for
it, or as the reader chose with the header's button, from the first paint and from page to page; the
button named in the reader's language; paper always light. (Axe reads every page in the dark scheme
too: test_browser.py's "dark" pass.)

Needs, and FAILS (does not skip) without them: Chromium (apt-get install chromium) and the built site."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import RULES, Server, Session, instant_go

pytestmark = pytest.mark.browser

# The body's scheme as the parser leaves it, before any module script runs (what the first paint shows).
AT_FIRST_PAINT = """document.addEventListener("DOMContentLoaded", () => {
  window.__schemeAtFirst = document.body.getAttribute("data-md-color-scheme");
}, { once: true });"""
SCHEME = "document.body.getAttribute('data-md-color-scheme')"


def open_page(browser: Any, server: Server, scheme: str, path: str = RULES) -> tuple[Session, Any]:
    s = Session(browser, server, color_scheme=scheme)
    s.context.add_init_script(AT_FIRST_PAINT)
    page = s.page(None)
    page.goto(server.base + path)
    page.wait_for_selector(".px-scheme")
    return s, page


@pytest.mark.parametrize(("system", "material"), [("dark", "slate"), ("light", "default")])
def test_the_site_follows_the_systems_scheme_from_the_first_paint(browser: Any, server: Server, system: str,
                                                                  material: str) -> None:
    s, page = open_page(browser, server, system)
    try:
        assert page.evaluate("window.__schemeAtFirst") == material
        assert page.evaluate(SCHEME) == material
        pressed = page.locator(".px-scheme").get_attribute("aria-pressed")
        assert pressed == ("true" if system == "dark" else "false")
        s.rec.assert_clean()
    finally:
        s.close()


def test_the_readers_choice_holds_from_page_to_page_and_visit_to_visit(browser: Any, server: Server) -> None:
    s, page = open_page(browser, server, "light")
    try:
        page.locator(".px-scheme").click()
        assert page.evaluate(SCHEME) == "slate"
        assert page.locator(".px-scheme").get_attribute("aria-pressed") == "true"
        instant_go(page, server.base + "veldiv/")
        assert page.evaluate(SCHEME) == "slate"
        page.reload()
        page.wait_for_selector(".px-scheme")
        assert page.evaluate("window.__schemeAtFirst") == "slate", "the choice kept, applied before the first paint"
        page.locator(".px-scheme").click()
        assert page.evaluate(SCHEME) == "default"
        page.reload()
        page.wait_for_selector(".px-scheme")
        assert page.evaluate("window.__schemeAtFirst") == "default"
        s.rec.assert_clean()
    finally:
        s.close()


def test_the_buttons_name_is_in_the_readers_language(browser: Any, server: Server) -> None:
    s, page = open_page(browser, server, "light")
    try:
        button = page.locator(".px-scheme")
        assert button.get_attribute("aria-label") == "Thème sombre · Dark scheme"
        page.locator('.px-lang button[data-mode="fr"]').click()
        page.wait_for_function("document.querySelector('.px-scheme').getAttribute('aria-label') === 'Thème sombre'")
        assert button.get_attribute("title") == "Thème sombre"
        page.locator('.px-lang button[data-mode="en"]').click()
        page.wait_for_function("document.querySelector('.px-scheme').getAttribute('aria-label') === 'Dark scheme'")
    finally:
        s.close()


def test_paper_is_always_light(browser: Any, server: Server) -> None:
    """Printed from the browser in the dark scheme, the page is light while it prints, dark after."""
    s, page = open_page(browser, server, "dark")
    try:
        assert page.evaluate(SCHEME) == "slate"
        page.evaluate("dispatchEvent(new Event('beforeprint'))")
        assert page.evaluate(SCHEME) == "default"
        page.evaluate("dispatchEvent(new Event('afterprint'))")
        assert page.evaluate(SCHEME) == "slate"
    finally:
        s.close()


def test_a_board_on_a_dark_page_keeps_its_paper(browser: Any, server: Server) -> None:
    """The boards' ink is drawn for light paper: on a dark page, a board keeps a light paper of its own."""
    s, page = open_page(browser, server, "dark")
    try:
        colour = page.locator("svg.px-board").first.evaluate("(el) => getComputedStyle(el).backgroundColor")
        channels = [int(c) for c in colour.removeprefix("rgb(").removesuffix(")").split(",")[:3]]
        assert min(channels) > 200, f"a board's paper on a dark page: {colour}"
    finally:
        s.close()
