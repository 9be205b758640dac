"""The whole site in headless Chromium, page after page (split from test_browser.py so that pytest's
workers share the run): every page by instant navigation with no console error and no foreign
request, reading without JavaScript, touch targets on a phone, and axe at a desk's and a phone's width.

Needs, and FAILS (does not skip) without them, as test_browser.py: Chromium, Playwright for Python,
axe-core (npm) and the built site (make build).   Run only these:  pytest tests/test_browser_site.py
"""

from __future__ import annotations

from typing import Any

import pytest

from test_browser import (
    AXE,
    PAGE_KINDS,
    RULES,
    Server,
    Session,
    _fail,
    _site_pages,
    axe_serious,
    board_label,
    browser,
    expected_film,
    instant_go,
    page_sentences,
    scenario_of,
    sentences,
    server,
    session,
    wait_live,
)

pytestmark = pytest.mark.browser

__all__ = ["browser", "server", "session"]  # the shared fixtures, imported for this module


def play_on(ex: Any) -> None:
    """A move from the end of the example: a random throw, or the first choice where a player decides."""
    if ex.locator("span.px-decide").is_visible():
        ex.locator("button.px-choose").click()
    else:
        ex.locator("button.px-random").click()


def test_g_no_console_errors_no_foreign_requests(session: Session, server: Server) -> None:
    """Every page (by instant navigation), every worked example replayed live (each must equal
    its page), a step and a throw on each rules page: no console error or warning, no request
    to another host, and Python loaded once for the whole visit."""
    page = session.page("")
    page.wait_for_load_state("networkidle")  # Material has its sitemap: links go instantly
    page.evaluate("window.__samePage = true")
    live = 0
    for path in _site_pages():
        if path.endswith(".html"):
            continue  # not in the sitemap (404.html): visited by test i
        if path:
            instant_go(page, server.base + path)
        assert page.evaluate("window.__samePage") is True, f"/{path} came by instant navigation"
        examples = page.locator(".px-example[data-px-widget]").all()
        for ex in examples:
            ex.scroll_into_view_if_needed()
            ex.hover()
        for ex in examples:
            wait_live(ex)
            live += 1
        if examples:
            examples[0].locator("button.px-next").click()
            examples[0].locator("button.px-last").click()
            play_on(examples[0])
    assert live >= 18, "the rules pages' examples were replayed live"
    assert page.evaluate("window.__pxWorkers") == 1 and session.rec.count("pyodide.asm.wasm") == 1
    assert all(u.startswith(server.origin + "/") for u in session.rec.requests)
    session.rec.assert_clean()


# ---------------------------------------------------------------------------- h. no JavaScript
def test_h_reading_without_javascript(browser: Any, server: Server) -> None:
    s = Session(browser, server, java_script_enabled=False)
    try:
        page = s.page(RULES)
        ex = page.locator("#ex-art-3-taken")
        film = expected_film(scenario_of(ex))
        assert ex.locator("svg.px-board").is_visible()
        assert board_label(ex) == film["frames"][-1]["label"]["en"]  # the example played out
        assert ex.locator("li.px-step").count() == 3
        for k in (1, 2, 3):
            assert ex.locator(f'li.px-step[data-step="{k}"]').is_visible()
            assert page_sentences(ex, k) == sentences(film["frames"][k]["html"]["en"])
        assert ex.locator(".px-controls").is_hidden()
        assert not any("pyodide" in u or "worker.mjs" in u for u in s.rec.requests)
    finally:
        s.close()


# ---------------------------------------------------------------------------- phones
def test_touch_targets_on_a_phone(browser: Any, server: Server) -> None:
    s = Session(browser, server)
    try:
        page = s.page(None)
        page.set_viewport_size({"width": 375, "height": 740})
        page.goto(server.base + RULES)
        ex = page.locator("#ex-art-7-teammate")
        ex.locator("details.px-readings > summary").click()
        small = []
        ex.locator("li.px-step").first.press("Home")  # not at the end: "play from the step shown" is offered
        ex.locator(".px-branch").wait_for()
        for target in ex.locator(".px-controls").locator("button, input, select, summary, a").all():
            # a checkbox is touched through its label, which holds it
            whole = target.locator("xpath=ancestor::label[1]") if target.get_attribute("type") == "checkbox" else target
            box = whole.bounding_box()
            if box is not None and box["height"] < 43.5:
                small.append(f"{target.evaluate('e => e.outerHTML.slice(0, 80)')}: {box['height']:.0f} px")
        assert not small, "touch targets under 44 px tall: " + "; ".join(small)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"the page scrolls sideways on a phone ({width} px)"
        s.rec.assert_clean()
    finally:
        s.close()


# ---------------------------------------------------------------------------- i. axe-core
def test_i_axe_finds_no_serious_violation(browser: Any, server: Server) -> None:
    if not AXE.is_file():
        _fail("node_modules/axe-core is missing: run npm ci")
    assert set(PAGE_KINDS) <= set(_site_pages()), "a page of each kind, as the site names them"
    found: list[str] = []
    # Colours are the same at any width: the phone's pass leaves contrast to the desk's (half of axe's time),
    # and reads one page of each kind (what a phone changes is the layout of each kind of page).
    for name, viewport, rules, pages in (
            ("desktop", {"width": 1280, "height": 900}, {}, _site_pages()),
            ("phone", {"width": 375, "height": 740}, {"color-contrast": {"enabled": False}}, PAGE_KINDS)):
        s = Session(browser, server)
        # Python itself is not what axe looks at: a stand-in worker, ready at once, keeps
        # the machine free for axe (Pyodide would start on every rules page, twice).
        s.context.route("**/parcours/worker.mjs", lambda route: route.fulfill(
            status=200, content_type="text/javascript", body="postMessage({op: 'status', stage: 'ready'});"))
        try:
            page = s.page(None)
            page.set_viewport_size(viewport)
            for path in pages:
                page.goto(server.base + path)
                if page.locator(".px-example[data-px-widget]").count():
                    # The widget as a reader leaves it: a step shown, the readings open, a refusal said.
                    ex = page.locator(".px-example[data-px-widget]").first
                    ex.locator("button.px-next").click()
                    if ex.locator("input.px-dice-input").is_visible():
                        ex.locator("input.px-dice-input").fill("9")
                        ex.locator("button.px-throw").click()
                    else:  # the example ends on a decision: its controls instead
                        ex.locator("button.px-choose").click()
                    page.evaluate("document.querySelectorAll('details.px-readings').forEach(d => d.open = true)")
                found += axe_serious(page, f"{name} /{path}", rules)
        finally:
            s.close()
    assert not found, "\n".join(found)


def test_i_axe_with_the_phone_drawer_open(browser: Any, server: Server) -> None:
    """The phone's navigation drawer, open at rest on a page inside a section (its title shown)
    and on the home page: no serious or critical violation (a section's title once failed contrast)."""
    if not AXE.is_file():
        _fail("node_modules/axe-core is missing: run npm ci")
    s = Session(browser, server)
    s.context.route("**/parcours/worker.mjs", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body="postMessage({op: 'status', stage: 'ready'});"))
    found: list[str] = []
    try:
        page = s.page(None)
        page.set_viewport_size({"width": 375, "height": 740})
        for path in (RULES, "play/", ""):
            page.goto(server.base + path)
            page.locator("label.md-header__button[for=__drawer]").click()
            page.wait_for_function("document.getElementById('__drawer').checked")
            page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
            page.add_script_tag(path=str(AXE))
            result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
            found += [f"/{path}: {v['id']}: {[n['target'] for n in v['nodes'][:3]]}" for v in result["violations"]
                      if v["impact"] in ("serious", "critical")]
    finally:
        s.close()
    assert not found, "\n".join(found)
