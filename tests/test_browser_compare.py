"""A reader's own comparison beside a reading (compare.mjs, parcours_view.compare): played in the worker
a few races per request, with its progress shown; its result is the engine's own (the same figures and
words as `parcours compare` in CPython); Cancel stops it and keeps what was shown; a number of players
the race does not take is refused with a sentence. Left for another page, it stops: the worker plays
no race of it after the races under way, and answers the next page (the Play page) at once; back on
the page, the box is as it was left, and says so.

Needs, and FAILS (does not skip) without them, as test_browser.py: Chromium, Playwright for Python
and the built site (make build).   Run only these:  pytest tests/test_browser_compare.py
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from browser_support import PYTHON_TIMEOUT, Server, Session, instant_go, wait_examples
from parcours.report import impact
from parcours.stats import compare
from test_browser_play import PLAY, new_race

pytestmark = pytest.mark.browser


OPTION = "veldiv.final-lap"
PAGE = "veldiv/rules-races/"  # its note, beside the individual race


def test_a_comparison_run_in_the_page_is_the_engines_and_can_be_cancelled(browser: Any, server: Server) -> None:
    s = Session(browser, server)
    try:
        page = s.page(PAGE)
        box = page.locator(f'.px-impact[data-impact="{OPTION}"]')
        form = box.locator("form.px-compare-form")
        box.scroll_into_view_if_needed()  # set up as the reader comes near it
        form.wait_for()
        result, said = box.locator(".px-compare-result"), box.locator(".px-status")

        # A number of players the race does not take: a sentence, nothing played.
        form.locator("select").first.select_option("veldiv.individuelle")
        form.locator("input[type=number]").fill("13")
        form.locator("button[type=submit]").click()
        said.filter(has_text="This race is for 2 to 12 players.").wait_for()
        assert "Cette course se joue de 2 à 12 joueurs." in said.inner_text() and result.inner_html() == ""

        # 200 races of the Individual race with 3 players: the progress shows, then the engine's result.
        form.locator("input[type=number]").fill("3")
        form.locator("select").nth(1).select_option("200")
        form.locator("button[type=submit]").click()
        assert form.locator("progress").is_visible() and form.locator("button.px-cancel").is_visible()
        said.filter(has_text="Done: your comparison is below.").wait_for(timeout=PYTHON_TIMEOUT)
        expected = impact(compare("veldiv.individuelle", 3, OPTION, 200, 1))["against"][0]["verdict"]
        shown = result.locator('[lang="en"] p').nth(1).inner_text()
        assert expected["en"] in shown, (expected["en"], shown)
        assert expected["fr"] in result.locator('[lang="fr"] p').nth(1).inner_text()
        assert not form.locator("progress").is_visible()

        # 5,000 races, cancelled after the first steps: stopped, and the last result kept.
        kept = result.inner_html()
        form.locator("select").nth(1).select_option("5000")
        form.locator("button[type=submit]").click()
        said.filter(has_text="races played").wait_for(timeout=PYTHON_TIMEOUT)
        form.locator("button.px-cancel").click()
        said.filter(has_text="Cancelled: the figures above are unchanged.").wait_for(timeout=PYTHON_TIMEOUT)
        assert result.inner_html() == kept and form.locator("button[type=submit]").is_visible()
        s.rec.assert_clean()
    finally:
        s.close()


# Every request the page posts to the engine's worker, and every answer, in order, with the page's clock:
# {dir: "out", id, op, request} and {dir: "in", id, result}.
LOG_REQUESTS = """
(() => {
  window.__pxLog = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && typeof message.op === "string" && message.id !== undefined) {
      if (!this.__pxHeard) {
        this.__pxHeard = true;
        this.addEventListener("message", ({ data }) => {
          if (data && data.id !== undefined && data.op !== "begin") {
            window.__pxLog.push({ dir: "in", id: data.id, result: data.result ?? null, t: performance.now() });
          }
        });
      }
      window.__pxLog.push({ dir: "out", id: message.id, op: message.op, request: message.request ?? null,
                            t: performance.now() });
    }
    return post.call(this, message, ...rest);
  };
})();
"""


def test_b_a_comparison_left_for_another_page_stops_and_frees_the_worker(browser: Any, server: Server) -> None:
    s = Session(browser, server)
    s.context.add_init_script(LOG_REQUESTS)
    try:
        page = s.page(PAGE)
        page.wait_for_load_state("networkidle")  # Material has its sitemap: links go instantly
        box = page.locator(f'.px-impact[data-impact="{OPTION}"]')
        form = box.locator("form.px-compare-form")
        box.scroll_into_view_if_needed()  # set up as the reader comes near it
        form.wait_for()
        form.locator("select").first.select_option("veldiv.individuelle")
        form.locator("input[type=number]").fill("3")
        form.locator("select").nth(1).select_option("5000")
        form.locator("button[type=submit]").click()
        box.locator(".px-status").filter(has_text="races played").wait_for(timeout=PYTHON_TIMEOUT)

        left = page.evaluate("performance.now()")
        instant_go(page, server.base + PLAY)
        page.wait_for_selector("#ex-play[data-px-play]")
        new_race(page, "veldiv.individuelle", 3, {0})
        log = page.evaluate("window.__pxLog")
        requests = {m["id"]: m for m in log if m["dir"] == "out"}
        answers = [m for m in log if m["dir"] == "in"]
        run = next(m["result"]["run"] for m in answers if requests[m["id"]]["op"] == "compare" and m["result"]
                   and "run" in m["result"])
        # Once the page is left, the comparison asks for no more races: it is stopped, and the worker drops it.
        # (A step whose answer came while the navigation was under way may have asked for one more.)
        after = [json.loads(m["request"]) for m in log if m["dir"] == "out" and m["t"] > left and m["op"] == "compare"]
        assert after[-1] == {"run": run, "stop": True} and len(after) <= 2, after
        assert all(r.get("run") == run and "step" in r for r in after[:-1]), after
        stop = next(m for m in log if m["dir"] == "out" and m["request"] and json.loads(m["request"]).get("stop"))
        assert next(m["result"] for m in answers if m["id"] == stop["id"]) == {"stopped": True}
        # The Play page's race waited at most for the races under way when the page was left: between its
        # request and its answer, the worker answered one step of the comparison at most.
        race = next(m for m in log if m["dir"] == "out" and m["op"] == "play")
        answered = next(m for m in answers if m["id"] == race["id"])
        between = [m for m in answers if race["t"] < m["t"] < answered["t"]
                   and requests[m["id"]]["op"] == "compare" and "done" in (m["result"] or {})]
        assert len(between) <= 1, between
        print(f"left the page -> the Play page's race answered: {answered['t'] - left:.0f} ms "
              f"(its request waited {answered['t'] - race['t']:.0f} ms)")

        # Back on the page: the box as it was left (the form as set), saying why it stopped; it runs again.
        instant_go(page, server.base + PAGE)
        said = box.locator(".px-status")
        said.filter(has_text="Stopped when you left the page").wait_for()
        text = " ".join((said.text_content() or "").split())  # (the box may be off screen: not laid out)
        assert "Press Compare to run it again." in text and "Arrêtée quand vous avez quitté la page" in text, text
        assert form.locator("select").nth(1).input_value() == "5000"
        assert form.locator("button[type=submit]").is_visible() and not form.locator("progress").is_visible()
        form.locator("select").nth(1).select_option("200")
        form.locator("button[type=submit]").click()
        said.filter(has_text="Done: your comparison is below.").wait_for(timeout=PYTHON_TIMEOUT)
        assert page.evaluate("window.__pxWorkers") == 1
        s.rec.assert_clean()
    finally:
        s.close()


def test_c_a_comparison_is_set_up_as_the_reader_comes_near_it(browser: Any, server: Server) -> None:
    """Not at load: a rules page holds a dozen comparisons, each a form the browser would lay out inside
    notes not yet drawn (a task of a quarter of a second on a slowed phone). The first box brought near
    gets its form, the last, far off, none until the reader comes near it too."""
    s = Session(browser, server)
    try:
        page = s.page(None)
        page.goto(server.base + PAGE)
        wait_examples(page)
        boxes = page.locator(".px-impact[data-races]")
        assert boxes.count() >= 6, boxes.count()
        boxes.first.scroll_into_view_if_needed()
        boxes.first.locator("form.px-compare-form").wait_for()
        assert boxes.last.get_attribute("data-px-compare") is None, "a far comparison set up"
        boxes.last.scroll_into_view_if_needed()
        boxes.last.locator("form.px-compare-form").wait_for()
        s.rec.assert_clean()
    finally:
        s.close()
