"""A reader's own comparison beside a reading (compare.mjs, parcours_view.compare): played in the worker
a few races per request, with its progress shown; its result is the engine's own (the same figures and
words as `parcours compare` in CPython); Cancel stops it and keeps what was shown; a number of players
the race does not take is refused with a sentence.

Needs, and FAILS (does not skip) without them, as test_browser.py: Chromium, Playwright for Python
and the built site (make build).   Run only these:  pytest tests/test_browser_compare.py
"""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import PYTHON_TIMEOUT, Server, Session
from parcours.report import impact
from parcours.stats import compare

pytestmark = pytest.mark.browser


OPTION = "veldiv.final-lap"
PAGE = "veldiv/rules-races/"  # its note, beside the individual race


def test_a_comparison_run_in_the_page_is_the_engines_and_can_be_cancelled(browser: Any, server: Server) -> None:
    s = Session(browser, server)
    try:
        page = s.page(PAGE)
        box = page.locator(f'.px-impact[data-impact="{OPTION}"]')
        form = box.locator("form.px-compare-form")
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
