"""A worked example under another reading, in the page: where the example's own moves no longer fit
(Velocità with no draw for the start: the draw's die becomes rider 1's throw, an odd one, and the
example's "wait" is no decision of his), the example is replayed as far as they fit and the reader is
told, in a sentence, where and why it stops; the reading stays chosen and the decision is offered from
there. A reading the example's set-up cannot take (Mezzo fondo's finish, run over one lap) is refused
in a sentence, the example left as it was. Never the engine's own words.

Needs, and FAILS (does not skip) without them, as test_browser.py: Chromium, Playwright for Python
and the built site (make build).   Run only these:  pytest tests/test_browser_readings.py
"""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import PYTHON_TIMEOUT, Server, Session, click_still
from test_browser import counter, status, wait_counter

pytestmark = pytest.mark.browser

ENGINE_WORDS = ("choices[", "setup.", "champ", "field", "n'est pas permis", "is not allowed", "moteur", "engine")


def menu(example: Any, option: str) -> Any:
    """The example's control of a reading, its fold of the race's other readings opened if need be."""
    control = example.locator(f":is(select, input)[id$='{option.replace('.', '-')}']")
    if not control.is_visible():
        example.locator("details.px-readings > summary").click()
    return control


def test_a_reading_the_example_no_longer_fits_replays_as_far_as_it_goes(browser: Any, server: Server) -> None:
    s = Session(browser, server)
    try:
        page = s.page("cdp/rules/")
        ex = page.locator("#ex-velocita-depart")
        click_still(ex.locator("button.px-last"))
        wait_counter(ex, "4 / 4")
        lot = menu(ex, "cdp.lot")
        lot.scroll_into_view_if_needed()
        lot.select_option("first-seat")
        ex.locator(".px-status").filter(has_text="La suite est à vous").wait_for(timeout=PYTHON_TIMEOUT)
        said = status(ex)
        assert "At step 2, the example made a choice this reading does not offer here." in said, said
        assert "À l'étape 2, l'exemple faisait un choix que cette lecture n'offre pas ici." in said, said
        assert not any(w in said for w in ENGINE_WORDS), said
        assert lot.input_value() == "first-seat"  # the reading stays chosen
        wait_counter(ex, "1 / 1")
        assert counter(ex) == "1 / 1"
        assert ex.locator(".px-decide").is_visible(), "the decision offered from there"
        assert ex.locator(".px-decide select option").count() == 6, "rider 1's distances, 0 to 5"

        # Mezzo fondo's finish, where the riders stand past a one-lap track: refused, nothing changed.
        ex = page.locator("#ex-mezzofondo-arrivee")
        click_still(ex.locator("button.px-last"))
        steps = ex.locator("li.px-step").count()
        laps = menu(ex, "cdp.laps")
        laps.scroll_into_view_if_needed()
        before = laps.input_value()
        laps.fill("1")
        laps.dispatch_event("change")
        ex.locator(".px-status").filter(has_text="This reading cannot apply to this example").wait_for(
            timeout=PYTHON_TIMEOUT)
        said = status(ex)
        assert "Cette lecture ne peut pas s'appliquer à cet exemple" in said
        assert not any(w in said for w in ENGINE_WORDS), said
        assert laps.input_value() == before and ex.locator("li.px-step").count() == steps
        s.rec.assert_clean()
    finally:
        s.close()
