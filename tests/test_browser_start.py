"""Python's start in the browser: from the build's snapshot, the long way when the snapshot fails, and
when it starts (an example in view for a moment; never on a page without examples, nor for a browser
that asks to save data, until the reader touches an example).

Served and driven as in test_browser.py. Where a test waits on the example's moment in view, the page's
clock is Playwright's, stopped: its timers fire only as the test moves it on, whatever the machine's speed."""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import PYTHON_TIMEOUT, RULES, Session, wait_examples
from test_browser import wait_live

pytestmark = pytest.mark.browser

EXAMPLE = "#ex-art-3-taken"
SNAPSHOT = "**/assets/vendor/python.*.snapshot"
RESTORED = "performance.getEntriesByName('parcours:python:snapshot').length"
T0 = 1_800_000_000_000  # the stopped clock's time (ms since the epoch)
READY = "document.querySelector('.px-engine')?.dataset.stage === 'ready'"
SAVE_DATA = "Object.defineProperty(navigator, 'connection', { value: { saveData: true } });"


def stop_clock(page: Any) -> None:
    page.clock.install(time=T0)
    page.clock.pause_at(T0 + 1)


def touch_live(page: Any) -> None:
    ex = page.locator(EXAMPLE)
    ex.scroll_into_view_if_needed()
    ex.hover()
    wait_live(ex)


def test_python_starts_from_the_builds_snapshot(session: Session) -> None:
    page = session.page(RULES)
    touch_live(page)
    assert page.evaluate(RESTORED) == 1
    # the snapshot holds the engine imported: the wheel (its files) is not fetched
    assert session.rec.count(".snapshot") == 1 and session.rec.count(".whl") == 0
    session.rec.assert_clean()


@pytest.mark.parametrize("damage", ["spoiled", "missing"])
def test_a_spoiled_or_missing_snapshot_leaves_python_to_start_the_long_way(session: Session, damage: str) -> None:
    """Bytes unlike those engine.json names are never restored; without a snapshot Python still starts."""
    def serve(route: Any) -> None:
        if damage == "missing":
            route.fulfill(status=404, body="")
        else:
            body = route.fetch().body()
            route.fulfill(status=200, content_type="application/octet-stream", body=body[:-1] + bytes([body[-1] ^ 1]))

    session.context.route(SNAPSHOT, serve)
    warnings: list[str] = []
    session.context.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page = session.page(RULES)
    touch_live(page)
    assert page.evaluate(RESTORED) == 0
    assert any("starts the long way" in w for w in warnings), warnings
    assert session.rec.count(".whl") == 1  # the engine's files, which the snapshot would have held
    ex = page.locator(EXAMPLE)  # and it plays on
    ex.locator("button.px-last").click()
    n = ex.locator("li.px-step").count()
    ex.locator("input.px-dice-input").fill("4")
    ex.locator("button.px-throw").click()
    page.wait_for_function(f"document.querySelectorAll('{EXAMPLE} li.px-step').length > {n}", timeout=PYTHON_TIMEOUT)


def land_with_an_example_in_view(session: Session, script: str = "") -> Any:
    """The rules page opened tall enough that its first examples are in view at once, no scroll, no touch."""
    page = session.page(None)
    page.set_viewport_size({"width": 1280, "height": 9000})
    if script:
        page.add_init_script(script)
    stop_clock(page)
    page.goto(session.server.base + RULES)
    page.wait_for_selector(".px-example[data-px-widget]")
    assert page.evaluate("document.querySelector('.px-example').getBoundingClientRect().bottom < innerHeight")
    return page


def test_an_example_in_view_for_a_moment_starts_python_before_any_touch(session: Session) -> None:
    page = land_with_an_example_in_view(session)
    page.clock.run_for(500)
    assert page.evaluate("window.__pxWorkers") == 0, "Python started at once, before the reader had a moment"
    page.clock.run_for(2_000)
    page.wait_for_function(READY, timeout=PYTHON_TIMEOUT)
    assert page.evaluate("window.__pxWorkers") == 1
    assert page.evaluate("performance.getEntriesByType('mark').filter(m => m.name.startsWith('parcours:intent'))"
                         ".length") == 0, "a moment in view is not a touch"


def test_a_browser_saving_data_starts_python_only_on_a_touch(session: Session) -> None:
    page = land_with_an_example_in_view(session, SAVE_DATA)
    page.clock.run_for(10_000)
    assert page.evaluate("window.__pxWorkers") == 0
    page.locator(".px-example").first.hover()
    page.wait_for_function("window.__pxWorkers === 1")


def test_a_page_without_examples_never_starts_python(session: Session) -> None:
    page = session.page(None)
    stop_clock(page)
    page.goto(session.server.base + "veldiv/")
    page.wait_for_load_state("load")
    page.clock.run_for(10_000)
    page.mouse.wheel(0, 2000)
    page.clock.run_for(10_000)
    assert page.evaluate("window.__pxWorkers") == 0
    assert session.rec.count("pyodide.asm.wasm") == 0


@pytest.mark.parametrize("save_data", [False, True])
def test_the_play_page_open_for_a_moment_starts_python(session: Session, save_data: bool) -> None:
    """A reader who opens the Play page came to play: Python is ready by the first throw."""
    page = session.page(None)
    if save_data:
        page.add_init_script(SAVE_DATA)
    stop_clock(page)
    page.goto(session.server.base + "play/")
    page.wait_for_selector("#px-play-form[data-px-play]")
    page.clock.run_for(500)
    assert page.evaluate("window.__pxWorkers") == 0
    page.clock.run_for(2_000)
    if save_data:
        page.clock.run_for(10_000)
        assert page.evaluate("window.__pxWorkers") == 0
    else:
        page.wait_for_function("window.__pxWorkers === 1")


INTENTS = "performance.getEntriesByType('mark').filter((m) => m.name.startsWith('parcours:intent')).length"


def test_far_examples_are_set_up_as_the_reader_comes_near(session: Session) -> None:
    """At load only the examples near the screen get their controls (a long rules page builds a few, not
    twenty); the others as they come near. The page's own scrolling (a script's, Material's) brings
    them near but is not the reader's intent; a reader's wheel is."""
    page = session.page(None)
    page.goto(session.server.base + RULES)
    wait_examples(page)
    built = "[...document.querySelectorAll('.px-example')].map((el) => Boolean(el.dataset.pxWidget))"
    at_load = page.evaluate(built)
    assert not at_load[-1] and sum(at_load) <= len(at_load) // 2, at_load
    page.locator(".px-example").last.evaluate("(el) => el.scrollIntoView()")
    page.wait_for_function("[...document.querySelectorAll('.px-example')].at(-1).dataset.pxWidget === 'on'")
    page.wait_for_timeout(300)
    assert page.evaluate(INTENTS) == 0, "a script's scrolling is taken for the reader's"
    page.mouse.move(400, 300)
    page.mouse.wheel(0, -200)
    page.wait_for_function(f"{INTENTS} > 0")
