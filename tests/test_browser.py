"""The browser: a reader's clicks on the built site, in headless Chromium (Playwright for Python).

The built site/ (`make build`) is served under /parcours/ on a free local port, as GitHub
Pages would serve it, by scripts/serve.py's own server. One browser and one server serve each
pytest worker's whole run (tests/conftest.py, tests/browser_support.py); each test has a fresh
browser context, and tests a to d share one page (Python starts once for them).

    a. stepping a worked example with the buttons and the keys (no Python needed)
    b. the example replayed live in Pyodide equals the page (data-live="match")
    c. playing on with chosen dice; bad dice are refused with a sentence
       (and the Ronde's dice of every size: the die asked for is shown, a random throw stays on
       it, a face too big for it is refused)
    d. changing a reading of the rules replays the example
    e. permalinks: a good one restores the position in a fresh page; bad ones say why
    f. Material's instant navigation: one worker and one Pyodide per visit
    g. no console error or warning, no request to any other host
    h. with JavaScript off, the board and the explained steps are there
       (and on a phone: every control at least 44 px tall, no sideways scrolling)
    i. axe-core: no serious or critical violation on any page, desktop and phone, and with the
       phone's navigation drawer open
Every context asks for reduced motion (the site then ends every transition at once) and axe
runs on a settled page: it never measures a colour half-way through a transition.
Hostile permalinks and a hung engine: test_browser_hostile.py.

Needs, and FAILS (does not skip) without them: Chromium's headless shell at /usr/bin/chromium-headless-shell
(Debian: apt-get install chromium-headless-shell), Playwright for Python (requirements-dev.txt), axe-core
(npm ci) and the built site (make build).   Run only these:  pytest -m browser
"""

from __future__ import annotations

import base64
import html
import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from browser_support import (
    AXE,
    PAGE_KINDS,
    PYTHON_TIMEOUT,
    RULES,
    WORKER_ROUTE,
    PythonStartHeld,
    Server,
    Session,
    _fail,
    _site_pages,
    click_still,
    example_ready,
    instant_go,
    one_language_twin,
    set_up_examples,
    visit,
    walker,
)

pytestmark = pytest.mark.browser
# Tests a to d share one rules page and one start of Python (the rules fixture): one worker runs them.
ONE_RULES_PAGE = pytest.mark.xdist_group("veldiv-rules-page")


@pytest.fixture(scope="module")
def rules(browser: Any, server: Server) -> Iterator[tuple[Session, Any]]:
    """One rules page shared by tests a to d (Python starts once for them)."""
    s = Session(browser, server)
    page = s.page(RULES)
    set_up_examples(page)
    yield s, page
    s.close()


# ---------------------------------------------------------------------------- helpers
def expected_film(scenario: dict[str, Any]) -> dict[str, Any]:
    """The same film computed by the engine in CPython: what the browser must show."""
    from parcours_view import film_json

    film: dict[str, Any] = json.loads(film_json(json.dumps(scenario)))
    return film


def sentences(step_html: str) -> list[str]:
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", s)).split())  # a tag's edge is no space
            for s in re.findall(r"<li data-cite=[^>]*>(.*?)</li>", step_html)]


def page_sentences(example: Any, k: int, lang: str = "en") -> list[str]:
    items = example.locator(f'li.px-step[data-step="{k}"] .px-step-text > [lang="{lang}"] li')
    return [" ".join(t.split()) for t in items.all_text_contents()]


def scenario_of(example: Any) -> dict[str, Any]:
    scenario: dict[str, Any] = json.loads(example.get_attribute("data-scenario"))
    return scenario


def board_label(example: Any) -> str:
    """The board's label in English (its aria-label says the position in French, then in English)."""
    return str(example.locator("svg.px-board").get_attribute("aria-label")).rsplit(" · ", 1)[-1]


def counter(example: Any) -> str:
    return " ".join(example.locator(".px-counter").text_content().split())


def wait_counter(example: Any, text: str) -> None:
    try:
        # A counter may follow the engine's answer, which a loaded machine can keep past 15 s.
        example.locator(".px-counter").filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$")).wait_for(
            timeout=PYTHON_TIMEOUT)
    except Exception as err:
        raise AssertionError(f"the counter never read {text!r}; the example shows {what_it_shows(example)}") from err


def what_it_shows(example: Any) -> dict[str, Any]:
    """What an example shows, for a failure message (a rare wait that timed out in CI)."""
    shown: dict[str, Any] = example.evaluate("""el => ({counter: el.querySelector('.px-counter')?.textContent,
        status: el.querySelector('.px-status')?.textContent, live: el.dataset.live ?? null,
        board: el.querySelector('svg.px-board')?.getAttribute('aria-label')?.slice(-120),
        readings: [...el.querySelectorAll('select')].map(s => s.value),
        engine: el.querySelector('.px-engine')?.dataset.stage, engine_note: el.querySelector('.px-engine')?.textContent,
        focus: document.activeElement?.outerHTML.slice(0, 160), y: el.getBoundingClientRect().top})""")
    return shown


def wait_board(example: Any, label: str) -> None:
    """Waits until the board's label is `label` (both languages), as the engine's answer draws it."""
    try:
        example.page.wait_for_function(
            "([el, label]) => el.querySelector('svg.px-board').getAttribute('aria-label') === label",
            arg=[example.element_handle(), label], timeout=PYTHON_TIMEOUT)  # a loaded machine can take long
    except Exception as err:
        shown = what_it_shows(example)
        raise AssertionError(f"the board never showed {label[-120:]!r}; the example shows {shown}") from err


def wait_live(example: Any) -> None:
    try:
        example.page.wait_for_selector(f"#{example.get_attribute('id')}[data-live]", timeout=PYTHON_TIMEOUT)
    except Exception as err:
        raise AssertionError(f"the example never went live; it shows {what_it_shows(example)}") from err
    assert example.get_attribute("data-live") == "match", "the live replay differs from the page (see the console)"


# The page at rest: Material's drawer closed and no transition or animation running.
SETTLED = """() => !document.getElementById('__drawer')?.checked
  && document.getAnimations().every(a => a.playState !== 'running')"""


def settle(page: Any) -> None:
    page.wait_for_function(SETTLED)


def axe_serious(page: Any, where: str, options: dict[str, Any] | None = None) -> list[str]:
    """axe-core's serious and critical violations on the settled page, one line each (options: axe.run's,
    which rules run)."""
    settle(page)
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    # What content-visibility leaves unpainted far from the screen, axe reads as if on a dark ground (it
    # samples what is painted): everything painted, as when a reader scrolls to it (once a document).
    page.evaluate("""() => document.getElementById("px-test-paint") || document.head.append(Object.assign(
        document.createElement("style"),
        {id: "px-test-paint", textContent: "* { content-visibility: visible !important; }"}))""")
    result = page.evaluate("options => axe.run(document, {...options, resultTypes: ['violations']})", options or {})
    found = []
    for v in result["violations"]:
        if v["impact"] in ("serious", "critical"):
            nodes = "; ".join(f"{n['target']} {n['html'][:120]}" for n in v["nodes"][:3])
            found.append(f"{where}: {v['id']} ({v['impact']}, {len(v['nodes'])} node(s)): {v['help']}: {nodes}")
    return found


def status(example: Any) -> str:
    return " ".join(example.locator(".px-status").text_content().split())


def refused(example: Any, text: str) -> str:
    """The status once it says `text` in an error (the engine's refusals come when it answers, which a
    loaded machine can keep past 15 s: test_c_ronde_dice_of_every_size failed CI so)."""
    example.locator(".px-status[data-kind=error]").filter(has_text=text).wait_for(timeout=PYTHON_TIMEOUT)
    return status(example)


def reset(example: Any) -> None:
    example.locator("button.px-reset").click()
    wait_counter(example, f"0 / {example.locator('li.px-step').count()}")


# ---------------------------------------------------------------------------- a. stepping
@ONE_RULES_PAGE
def test_a_step_with_buttons_and_keys(rules: tuple[Session, Any]) -> None:
    s, page = rules
    ex = page.locator("#ex-art-3-taken")
    film = expected_film(scenario_of(ex))
    labels = [f["label"]["en"] for f in film["frames"]]
    n = len(film["frames"]) - 1
    assert ex.locator("li.px-step").count() == n == 3
    assert ex.locator(".px-controls").is_visible()
    # The widget starts at the start position; no step is current, all are later.
    assert counter(ex) == f"0 / {n}"
    assert board_label(ex) == labels[0]
    assert ex.locator('li.px-step[aria-current="step"]').count() == 0
    assert ex.locator("li.px-step.px-later").count() == n

    click_still(ex.locator("button.px-next"))
    wait_counter(ex, f"1 / {n}")  # waited for, not read at once (a loaded run read "0 / 3")
    assert board_label(ex) == labels[1]
    assert ex.locator('li.px-step[aria-current="step"]').get_attribute("data-step") == "1"
    assert ex.locator("li.px-step.px-later").count() == n - 1
    assert ex.locator(".px-caption [lang=en]").inner_text() == labels[1]
    said = status(ex)
    assert "Step 1 of 3" in said and "Étape 1 sur 3" in said
    assert sentences(film["frames"][1]["html"]["en"])[-1] in said  # the step's own text is announced
    assert ex.locator(".px-status").get_attribute("aria-live") == "polite"

    ex.locator("button.px-next").click()
    ex.locator("button.px-back").click()
    assert counter(ex) == f"1 / {n}"
    ex.locator("button.px-last").click()
    assert counter(ex) == f"{n} / {n}" and board_label(ex) == labels[n]
    ex.locator("button.px-next").click(force=True)  # at the end: nothing moves (aria-disabled, still focusable)
    assert counter(ex) == f"{n} / {n}"
    assert ex.locator("button.px-next").get_attribute("aria-disabled") == "true"
    ex.locator("button.px-first").click()
    assert counter(ex) == f"0 / {n}" and board_label(ex) == labels[0]

    # Keys, with the focus inside the example.
    ex.locator("button.px-next").focus()
    page.keyboard.press("ArrowRight")
    assert counter(ex) == f"1 / {n}"
    page.keyboard.press("ArrowRight")
    assert counter(ex) == f"2 / {n}" and board_label(ex) == labels[2]
    page.keyboard.press("ArrowLeft")
    assert counter(ex) == f"1 / {n}"
    page.keyboard.press("End")
    assert counter(ex) == f"{n} / {n}"
    page.keyboard.press("Home")
    assert counter(ex) == f"0 / {n}"
    # A step of the list: focusable, Enter or Space goes to it; so does a click.
    step2 = ex.locator('li.px-step[data-step="2"]')
    assert step2.get_attribute("tabindex") == "0"
    step2.focus()
    page.keyboard.press("Enter")
    assert counter(ex) == f"2 / {n}" and step2.get_attribute("aria-current") == "step"
    ex.locator('li.px-step[data-step="1"]').focus()
    page.keyboard.press(" ")
    assert counter(ex) == f"1 / {n}"
    ex.locator('li.px-step[data-step="3"] .px-dice').click()
    assert counter(ex) == f"3 / {n}"
    # Keys typed in the dice box are text, not steps.
    ex.locator("input.px-dice-input").focus()
    page.keyboard.press("Home")
    assert counter(ex) == f"3 / {n}"
    s.rec.assert_clean()


# ---------------------------------------------------------------------------- b. live = page
@ONE_RULES_PAGE
def test_b_live_replay_matches_the_page(rules: tuple[Session, Any]) -> None:
    s, page = rules
    ex = page.locator("#ex-art-3-taken")
    ex.scroll_into_view_if_needed()
    ex.hover()
    wait_live(ex)
    assert ex.locator(".px-engine").get_attribute("data-stage") == "ready"
    # Another example, on hover only: the same worker answers at once.
    other = page.locator("#ex-art-5-example")
    other.hover()
    wait_live(other)
    assert page.evaluate("window.__pxWorkers") == 1
    s.rec.assert_clean()


# ---------------------------------------------------------------------------- c. play on
@ONE_RULES_PAGE
def test_c_play_on_with_chosen_dice(rules: tuple[Session, Any]) -> None:
    s, page = rules
    ex = page.locator("#ex-art-3-taken")
    reset(ex)
    scenario = scenario_of(ex)
    click_still(ex.locator("button.px-last"))  # the example's first click: see click_still
    n = ex.locator("li.px-step").count()

    # Refused: not a face, two dice where one is needed (by the engine, in both languages), not
    # numbers (by the page). Nothing else changes.
    before = (board_label(ex), counter(ex), ex.locator("ol.px-steps").inner_html())
    for bad, why, pourquoi in (
            ("7", "Not played: 7 is not a face of the D6 rolled here (it shows 1 to 6).",
             "Coup refusé : 7 n'est pas une face du D6 lancé ici (il va de 1 à 6)."),
            ("3 5", "Not played: this throw takes one die, not 2.",
             "Coup refusé : ce lancer se joue avec un dé, pas 2."),
            ("x", "is not a throw", "n'est pas un lancer"), ("", "Type the dice first", "Écrivez d'abord les dés")):
        ex.locator("input.px-dice-input").fill(bad)
        ex.locator("button.px-throw").click()
        assert pourquoi in refused(ex, why), bad
        assert (board_label(ex), counter(ex), ex.locator("ol.px-steps").inner_html()) == before

    # A valid throw: a new last step, the one the engine gives in CPython.
    ex.locator("input.px-dice-input").fill("4")
    ex.locator("input.px-dice-input").press("Enter")
    wait_counter(ex, f"{n + 1} / {n + 1}")
    film = expected_film({**scenario, "dice": scenario["dice"] + [4]})
    assert page_sentences(ex, n + 1) == sentences(film["frames"][n + 1]["html"]["en"])
    assert page_sentences(ex, n + 1, "fr") == sentences(film["frames"][n + 1]["html"]["fr"])
    assert board_label(ex) == film["frames"][n + 1]["label"]["en"]
    assert ex.locator(f'li.px-step[data-step="{n + 1}"]').get_attribute("aria-current") == "step"
    assert "You threw 4" in status(ex)

    # A race that throws two dice refuses one.
    two = page.locator("#ex-art-5-example")
    click_still(two.locator("button.px-last"))
    two_before = (board_label(two), two.locator("ol.px-steps").inner_html())
    two.locator("input.px-dice-input").fill("3")
    two.locator("button.px-throw").click()
    assert "ce lancer se joue avec deux dés, pas 1" in refused(two, "Not played: this throw takes two dice, not 1.")
    assert (board_label(two), two.locator("ol.px-steps").inner_html()) == two_before
    # ... and takes two random ones.
    m = two.locator("li.px-step").count()
    two.locator("button.px-random").click()
    wait_counter(two, f"{m + 1} / {m + 1}")
    assert len(two.locator(f'li.px-step[data-step="{m + 1}"] .px-dice').inner_text().split()) == 2

    # From an earlier step a move plays on from the end...
    ex.locator("button.px-first").click()
    ex.locator("button.px-next").click()
    wait_counter(ex, f"1 / {n + 1}")
    ex.locator("input.px-dice-input").fill("2")
    ex.locator("button.px-throw").click()
    wait_counter(ex, f"{n + 2} / {n + 2}")
    assert "You threw 2." in status(ex)
    assert ex.locator(".px-branch").is_hidden(), "at the end there is no earlier step to play from"
    # ... unless the reader chooses to play from the step shown: the rest of the old line is dropped.
    ex.locator("button.px-first").click()
    ex.locator("button.px-next").click()
    ex.locator(".px-branch input").check()
    ex.locator("input.px-dice-input").fill("2")
    ex.locator("button.px-throw").click()
    wait_counter(ex, "2 / 2")
    assert "steps after it were dropped" in status(ex)
    film = expected_film({**scenario, "dice": scenario["dice"][:1] + [2]})
    assert page_sentences(ex, 2) == sentences(film["frames"][2]["html"]["en"])
    s.rec.assert_clean()


# ---------------------------------------------------------------------------- c. the Ronde's dice
RONDE = "ronde/rules/"
# Red on the foot of the Oude Kwaremont (a D6 space) plays his white-square card: the D16 is next.
# Then Orange, on the flat, picks a basic die.
RONDE_LINE = {"ruleset": "ronde.niveau-1", "players": 2, "dice": [], "choices": ["square"],
              "setup": {"first": 1, "riders": [{"at": 36, "hand": ["square"]}, {"at": 10, "hand": ["flat"]}]}}


def faces_of(example: Any, k: int) -> list[int]:
    text = example.locator(f'li.px-step[data-step="{k}"] .px-dice').inner_text()
    return [int(t) for t in text.split() if t.isdigit()]


def test_c_ronde_dice_of_every_size(session: Session) -> None:
    """A Ronde worked example: stepped through as published, then played on from a position of the
    test's own (a permalink): a D16 and a D4 asked for, shown, thrown at random within the die, and a
    face too big for the die refused with a sentence, the position unchanged."""
    page = session.page(RONDE)
    set_up_examples(page)
    ident = page.evaluate("""() => [...document.querySelectorAll('.px-example[data-px-widget]')]
        .find(el => JSON.parse(el.dataset.scenario).ruleset === 'ronde.niveau-1').id""")
    ex = page.locator(f"#{ident}")
    assert page.locator("symbol#px-ronde-course").count() == 1, "the course is drawn once for the page"
    assert ex.locator("svg.px-board.px-ronde use").count() >= 1
    n = ex.locator("li.px-step").count()
    assert n >= 1
    # Python started first (a hover is intent), the example in view: this long page lays out far-off
    # parts as they come into view, and a click while the page still moved has once been lost.
    ex.scroll_into_view_if_needed()
    ex.hover()
    wait_live(ex)
    ex.locator("button.px-last").click()
    wait_counter(ex, f"{n} / {n}")
    ex.locator("button.px-first").click()
    wait_counter(ex, f"0 / {n}")
    ex.locator("button.px-next").click()
    wait_counter(ex, f"1 / {n}")

    payload = base64.urlsafe_b64encode(json.dumps({"s": RONDE_LINE, "k": 1}).encode()).decode().rstrip("=")
    page.evaluate(f"location.hash = '{ident}:{payload}'")
    wait_counter(ex, "1 / 1")
    die = ex.locator(".px-die-ask")
    die.filter(has_text="D16").wait_for()
    assert die.is_visible()
    assert ex.get_by_label(re.compile(r"Your die .*D16")).count() == 1, "the die's label names it, in the singular"

    def unchanged() -> tuple[str, str, str]:
        return board_label(ex), counter(ex), ex.locator("ol.px-steps").inner_html()

    before = unchanged()
    ex.locator("input.px-dice-input").fill("17")
    ex.locator("button.px-throw").click()
    assert "17 n'est pas une face du D16" in refused(ex, "17 is not a face of the D16 rolled here (it shows 1 to 16)")
    assert unchanged() == before

    ex.locator("button.px-random").click()
    wait_counter(ex, "2 / 2")
    [face] = faces_of(ex, 2)
    assert 1 <= face <= 16
    assert ex.locator('li.px-step[data-step="2"] .px-dice').get_attribute("data-sides") == "16"
    assert "D16" in ex.locator('li.px-step[data-step="2"] .px-dice').inner_text()
    film = expected_film({**RONDE_LINE, "dice": [face]})
    assert page_sentences(ex, 2) == sentences(film["frames"][2]["html"]["en"])
    assert board_label(ex) == film["frames"][2]["label"]["en"]
    # A chosen face from the same step (a 16 would give Red an extra turn at the Paterberg's foot).
    ex.locator("button.px-back").click()
    wait_counter(ex, "1 / 2")
    ex.locator(".px-branch input").check()
    ex.locator("input.px-dice-input").fill("9")
    ex.locator("button.px-throw").click()
    ex.locator(".px-status").filter(has_text="Played on from step 1").wait_for(timeout=PYTHON_TIMEOUT)
    wait_counter(ex, "2 / 2")
    film = expected_film({**RONDE_LINE, "dice": [9]})
    assert board_label(ex) == film["frames"][2]["label"]["en"]

    # Orange decides (the choices in words), then throws the D4.
    choice = ex.locator(f"#{ident}-choice")
    choice.wait_for()
    # The choice in words only (the engine's labels), not its code.
    assert "Dé de base\u00a0: D4 · Basic die: D4" in choice.locator("option").all_inner_texts()
    # A decision is not thrown: while it waits, no dice control is offered.
    assert not ex.locator("button.px-random").is_visible() and not ex.locator("input.px-dice-input").is_visible()
    choice.select_option("d4")
    ex.locator("button.px-choose").click()
    wait_counter(ex, "3 / 3")
    die.filter(has_text="D4").wait_for()
    assert ex.locator("button.px-random").is_visible() and not choice.is_visible()
    before = unchanged()
    ex.locator("input.px-dice-input").fill("5")
    ex.locator("input.px-dice-input").press("Enter")
    refused(ex, "5 is not a face of the D4 rolled here (it shows 1 to 4)")
    assert unchanged() == before
    for _ in range(3):  # random faces stay on the D4
        ex.locator("button.px-random").click()
        wait_counter(ex, "4 / 4")
        [face] = faces_of(ex, 4)
        assert 1 <= face <= 4
        ex.locator("button.px-back").click()
        wait_counter(ex, "3 / 4")
        ex.locator(".px-branch input").check()
    ex.locator("input.px-dice-input").fill("3")
    ex.locator("button.px-throw").click()
    wait_counter(ex, "4 / 4")
    film = expected_film({**RONDE_LINE, "dice": [9, 3], "choices": ["square", "d4"]})
    assert page_sentences(ex, 4) == sentences(film["frames"][4]["html"]["en"])
    assert board_label(ex) == film["frames"][4]["label"]["en"]
    session.rec.assert_clean()


# ---------------------------------------------------------------------------- d. options
@ONE_RULES_PAGE
def test_d_change_a_reading(rules: tuple[Session, Any]) -> None:
    s, page = rules
    ex = page.locator("#ex-art-7-teammate")
    scenario = scenario_of(ex)
    click_still(ex.locator("button.px-last"))  # the example's first click: see click_still
    n = ex.locator("li.px-step").count()
    select = ex.locator("select[id$='veldiv-art7-rider']")
    assert select.is_visible(), "the example's own reading is shown, not folded away"
    assert ex.locator("details.px-readings select[id$='veldiv-art7-rider']").count() == 0
    assert ex.locator("details.px-readings select").count() >= 1, "the race's other readings are folded away"
    assert select.input_value() == "mover"
    mover = board_label(ex)
    # Each reading in words, both languages, as the game gives them (no code such as "teammate").
    from parcours.veldiv import OPTIONS
    words = OPTIONS["veldiv.art7-rider"].labels["teammate"]
    assert select.locator("option[value=teammate]").inner_text() == f"{words['fr']} · {words['en']}"
    select.select_option("teammate")
    film = expected_film({**scenario, "options": {"veldiv.art7-rider": "teammate"}})
    last = film["frames"][-1]
    wait_board(ex, f'{last["label"]["fr"]} · {last["label"]["en"]}')  # the engine's answer
    assert board_label(ex) != mover
    assert counter(ex) == f"{n} / {len(film['frames']) - 1}"  # the same step, kept
    assert page_sentences(ex, n) == sentences(last["html"]["en"])
    assert any("rider 2 on 6 squares" in t for t in page_sentences(ex, n))
    # The reading in force is described beside the choice.
    assert "already on the square moves on" in ex.locator("[id$='veldiv-art7-rider-desc']").inner_text()
    assert f"Reading “{words['en']}” replayed." in status(ex) and f"Lecture « {words['fr']} » rejouée." in status(ex)
    # Back to the published example.
    reset(ex)
    assert select.input_value() == "mover"
    s.rec.assert_clean()


# ---------------------------------------------------------------------------- e. permalinks
def test_e_permalinks(rules: tuple[Session, Any], browser: Any, server: Server) -> None:
    s, page = rules
    s.rec.assert_clean()
    ex = page.locator("#ex-art-3-taken")
    reset(ex)
    scenario = scenario_of(ex)
    click_still(ex.locator("button.px-last"))  # the example's first click: see click_still
    ex.locator("input.px-dice-input").fill("6")
    ex.locator("button.px-throw").click()
    wait_counter(ex, "4 / 4")
    ex.locator("button.px-back").click()
    href = ex.locator("a.px-permalink").get_attribute("href")
    assert href.startswith(server.base + RULES + "#ex-art-3-taken:")
    label = board_label(ex)
    # A click shows the link in the address bar, and leaves the page as it is (no redraw).
    page.evaluate("document.getElementById('ex-art-3-taken').__kept = true")
    ex.locator("a.px-permalink").click()
    ex.locator(".px-status").filter(has_text="address bar").wait_for()  # said once the copy is tried
    assert page.url == href
    assert page.evaluate("document.getElementById('ex-art-3-taken').__kept") is True
    assert counter(ex) == "3 / 4" and board_label(ex) == label

    fresh = Session(browser, server)
    try:
        other = fresh.page(None)
        other.goto(href)
        ex2 = other.locator("#ex-art-3-taken")
        other.wait_for_function("el => el.querySelector('.px-counter')?.textContent.trim() === '3 / 4'",
                                arg=ex2.element_handle(), timeout=PYTHON_TIMEOUT)
        assert board_label(ex2) == label
        film = expected_film({**scenario, "dice": scenario["dice"] + [6]})
        assert page_sentences(ex2, 4) == sentences(film["frames"][4]["html"]["en"])
        assert "The position of the link" in status(ex2)
        box = ex2.bounding_box()
        header = other.locator("header.md-header").bounding_box()
        assert box is not None and header is not None
        assert header["y"] + header["height"] <= box["y"] < 900, "the link's example is in view, below the header"

        # Undecodable, then a position the engine refuses: a sentence, and the position as published.
        two = other.locator("#ex-art-2-turns")
        other.evaluate("location.hash = '#ex-art-2-turns:@@not-base64@@'")
        two.locator(".px-status[data-kind=error]").wait_for()
        assert "could not be read" in status(two)
        assert counter(two) == f"0 / {two.locator('li.px-step').count()}"
        four = example_ready(other, "ex-art-4-six")
        four_label = board_label(four)
        bad = {"s": {**scenario_of(four), "dice": [9]}, "k": 1}
        payload = other.evaluate(
            "t => btoa(t).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '')", json.dumps(bad))
        other.evaluate(f"location.hash = '#ex-art-4-six:{payload}'")
        other.wait_for_function(  # the engine's refusal: Python's time on a loaded machine
            "() => document.querySelector('#ex-art-4-six .px-status')?.textContent.includes('refused')",
            timeout=PYTHON_TIMEOUT)
        assert "9 is not a face of the D6" in status(four)
        assert board_label(four) == four_label and counter(four) == "0 / 1"
        fresh.rec.assert_clean()
    finally:
        fresh.close()

    # A bad link on a fresh page load: the default position stays.
    fresh = Session(browser, server)
    try:
        other = fresh.page(RULES + "#ex-art-3-taken:eyJzIjoxfQ")  # {"s":1}
        ex3 = other.locator("#ex-art-3-taken")
        ex3.locator(".px-status[data-kind=error]").wait_for()
        assert "does not hold a position" in status(ex3)
        assert counter(ex3) == "0 / 3"
    finally:
        fresh.close()


# ---------------------------------------------------------------------------- f. instant navigation
def test_f_instant_navigation_keeps_one_worker(session: Session, server: Server) -> None:
    page = session.page(RULES)
    wasm_before = server.count("pyodide.asm.wasm")
    page.evaluate("window.__samePage = true")
    ex = page.locator("#ex-art-3-taken")
    ex.hover()
    wait_live(ex)

    page.locator(f'.md-nav--primary a.md-nav__link[href="{server.base}"]').first.click()
    page.wait_for_url(server.base)
    page.wait_for_function("!document.querySelector('.px-example')")
    page.locator(f'.md-nav--primary a.md-nav__link[href="{server.base}{RULES}"]').first.click()
    page.wait_for_url(server.base + RULES)
    example_ready(page, "ex-art-3-taken")
    assert page.evaluate("window.__samePage") is True, "the navigation was instant (no page load)"

    ex = page.locator("#ex-art-3-taken")
    click_still(ex.locator("button.px-next"))  # Material may still scroll the page it drew
    wait_counter(ex, "1 / 3")
    page.keyboard.press("ArrowRight")
    assert counter(ex) == "2 / 3"
    ex.locator("button.px-last").click()
    ex.locator("input.px-dice-input").fill("5")
    ex.locator("button.px-throw").click()
    wait_counter(ex, "4 / 4")
    wait_live(ex)
    assert page.evaluate("window.__pxWorkers") == 1
    assert session.rec.count("pyodide.asm.wasm") == 1
    assert server.count("pyodide.asm.wasm") - wasm_before == 1
    session.rec.assert_clean()


# Appended to the first worker.mjs: the first film (an example's check against its page) is answered
# only once the page says "go" on a BroadcastChannel.
HOLD_FIRST_FILM = """
// tests/test_browser.py only: the first film waits for the page's word.
{
  const answer = self.onmessage;
  const go = new Promise((resolve) => { new BroadcastChannel("px-test").onmessage = resolve; });
  let held = false;
  self.onmessage = (event) => {
    if (!held && event.data?.op === "film") {
      held = true;
      go.then(() => answer(event));
    } else answer(event);
  };
}
"""


def test_f_an_example_left_before_its_check_is_checked_against_its_own_page(browser: Any, server: Server) -> None:
    """Under load an example's check (verify) can end after the reader has gone on to another page by
    instant navigation: its steps' links are still read against the example's own page."""
    s = Session(browser, server, worker_patch=HOLD_FIRST_FILM)
    try:
        page = s.page(None)
        page.goto(server.base)  # the rules page is reached by instant navigation, as a reader goes
        page.evaluate("window.__samePage = true")
        page.locator(f'.md-nav--primary a.md-nav__link[href="{server.base}{RULES}"]').first.click()
        page.wait_for_url(server.base + RULES)
        ex = example_ready(page, "ex-art-3-taken")
        ex.hover()  # the check asked for, and held
        page.evaluate("window.__left = document.getElementById('ex-art-3-taken')")
        page.locator(f'.md-nav--primary a.md-nav__link[href="{server.base}play/"]').first.click()
        page.wait_for_url(server.base + "play/")
        page.wait_for_function("!document.getElementById('ex-art-3-taken')")
        assert page.evaluate("window.__samePage") is True, "the navigations were instant (no page load)"
        page.evaluate("new BroadcastChannel('px-test').postMessage('go')")
        page.wait_for_function("window.__left.dataset.live !== undefined", timeout=PYTHON_TIMEOUT)
        assert page.evaluate("window.__left.dataset.live") == "match"
        s.rec.assert_clean()
    finally:
        s.close()


# ---------------------------------------------------------------------------- g. clean pages
def play_on(ex: Any) -> None:
    """A move from the end of the example: a random throw, or the first choice where a player decides.
    Where the race is over (the example says so, and offers no move), a step back and from there."""
    shown = "span.px-over:not([hidden]), button.px-random:not([hidden]), span.px-decide:not([hidden])"
    ex.locator(shown).first.wait_for()  # what the end offers, once the step is shown
    if ex.locator("span.px-over").is_visible():
        ex.locator("button.px-back").click()
        ex.locator(".px-branch:not([hidden])").wait_for()
        ex.locator(".px-branch input").check()
        ex.locator("button.px-random:not([hidden]), span.px-decide:not([hidden])").first.wait_for()
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
        set_up_examples(page)
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
        assert not any("pyodide" in u or "/parcours/worker." in u for u in s.rec.requests)
        assert page.evaluate("document.documentElement.className") == "no-js"  # Material's styles without scripts
    finally:
        s.close()


def test_h_with_scripts_the_first_paint_is_styled_as_scripted(browser: Any, server: Server) -> None:
    """The head (overrides/main.html) leaves Material's bundle nothing to change on the page it finds, each
    change of which would make the browser restyle the whole page once it is parsed: <html>'s classes
    ("js", and its focus-visible polyfill's) set, so that the first paint is styled as with scripts, and
    the stylesheets' addresses written whole (its instant navigation sets every relative address again).
    Seen here as the page is parsed, with the bundle and every module held back."""
    s = Session(browser, server)
    try:
        s.context.add_init_script("""document.addEventListener("DOMContentLoaded", () => {
          window.__atParsed = { classes: document.documentElement.className,
            sheets: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute("href")) };
        }, { once: true });""")
        s.context.route("**/assets/javascripts/bundle.*.min.js", lambda route: route.abort())
        s.context.route("**/parcours/parcours.*.mjs", lambda route: route.abort())
        page = s.page(None)
        page.goto(server.base + RULES)
        page.wait_for_function("window.__atParsed !== undefined")
        parsed = page.evaluate("window.__atParsed")
        assert parsed["classes"].split() == ["js", "js-focus-visible"], parsed
        assert len(parsed["sheets"]) == 3 and all(h.startswith(server.base) for h in parsed["sheets"]), parsed
    finally:
        s.close()


# ---------------------------------------------------------------------------- phones
def test_touch_targets_on_a_phone(browser: Any, server: Server) -> None:
    s = Session(browser, server)
    try:
        page = s.page(None)
        page.set_viewport_size({"width": 375, "height": 740})
        page.goto(server.base + RULES)
        ex = example_ready(page, "ex-art-7-teammate")
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


# ---------------------------------------------------------------------------- search
@pytest.mark.parametrize(("query", "lang"), [("culotte", "fr"), ("shorts", "en")])
def test_search_finds_a_note_in_each_language(browser: Any, server: Server, query: str, lang: str) -> None:
    """Material's search, on the real index: a word of a note, in French or in English, finds its rules
    page under the site's subpath; no printable copy of a rulebook is among the results (left out of
    the index, as are the boards and figures: test_data_pages.py)."""
    s = Session(browser, server, real_search=True)
    try:
        page = s.page("")
        page.locator(".md-search__input").click()
        # Words typed while the index is being built find nothing until the next keystroke (Material's
        # behaviour): typed once it says so ("Type to start searching"), as a reader would.
        page.locator(".md-search-result__meta").filter(has_text="Type to start searching").wait_for(
            timeout=PYTHON_TIMEOUT)
        page.locator(".md-search__input").press_sequentially(query)  # keys: Material listens to keyup
        results = page.locator(".md-search-result__item > a")
        results.first.wait_for(timeout=PYTHON_TIMEOUT)  # the index is built in a worker: a loaded machine is slow
        hrefs = [urlsplit(h).path for h in results.evaluate_all("links => links.map((a) => a.href)")]
        assert urlsplit(server.base + RULES).path in hrefs, f"{query!r} ({lang}) did not find the rules page: {hrefs}"
        assert not [h for h in hrefs if "/print" in h], f"a printable rulebook among the results: {hrefs}"
        s.rec.assert_clean()
    finally:
        s.close()


# ---------------------------------------------------------------------------- i. axe-core
def _axe_session(browser: Any, server: Server, scheme: str = "light") -> Session:
    """A reader's context for axe, in a colour scheme (the system's, which the site follows): Python
    itself is not what axe looks at, so a stand-in worker, ready at once, keeps the machine free for
    axe (Pyodide would start on every rules page)."""
    if not AXE.is_file():
        _fail("node_modules/axe-core is missing: run npm ci")
    s = Session(browser, server, color_scheme=scheme)
    s.context.route(WORKER_ROUTE, lambda route: route.fulfill(
        status=200, content_type="text/javascript", body="postMessage({op: 'status', stage: 'ready'});"))
    return s


# Colours are the same at any width: the phone's pass leaves contrast to the desk's (half of axe's time),
# and reads one page of each kind (what a phone changes is the layout of each kind of page).
# The dark scheme's pass reads every page at the desk's width for its colours: the rules a colour
# scheme can change (axe-core 4: the others read the page's structure, the same in both schemes).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
AXE_PASSES: dict[str, tuple[dict[str, int], dict[str, Any]]] = {
    "desktop": ({"width": 1280, "height": 900}, {}),
    "phone": ({"width": 375, "height": 740}, {"rules": {"color-contrast": {"enabled": False}}}),
    "dark": ({"width": 1280, "height": 900}, {"runOnly": {"type": "rule", "values": COLOUR_RULES}})}


def _axe_desk_pages() -> list[str]:
    """Every page, but of a rulebook's printable pages only the one in both languages (one_language_twin)."""
    return [path for path in _site_pages() if not one_language_twin(path)]


@pytest.fixture(scope="module")
def axe_walk(browser: Any, server: Server) -> Iterator[Any]:
    """A page for each of axe's passes, walking the site by instant navigation (each pass's tests are one
    xdist group, on one worker, in order)."""
    sessions: dict[str, Session] = {}
    walks: dict[str, Any] = {}

    def walk(width: str) -> Any:  # a pass's page, opened when its first test comes
        if width not in walks:
            scheme = "dark" if width == "dark" else "light"
            if scheme not in sessions:
                sessions[scheme] = _axe_session(browser, server, scheme)
            walks[width] = walker(sessions[scheme], AXE_PASSES[width][0])
        return walks[width]
    yield walk
    for s in sessions.values():
        s.close()


@pytest.mark.parametrize(("width", "path"), [
    pytest.param(width, path, marks=pytest.mark.xdist_group(f"axe-{width}"))
    for width, pages in (("desktop", _axe_desk_pages()), ("phone", PAGE_KINDS), ("dark", _axe_desk_pages()))
    for path in pages])
def test_i_axe_finds_no_serious_violation(axe_walk: Any, server: Server, width: str, path: str) -> None:
    assert set(PAGE_KINDS) <= set(_site_pages()), "a page of each kind, as the site names them"
    options = AXE_PASSES[width][1]
    walking = axe_walk(width)
    page = visit(walking, server.base, path)
    try:
        set_up_examples(page)
        if page.locator(".px-example[data-px-widget]").count():
            # The widget as a reader leaves it: a step shown, the readings open, a refusal said.
            ex = page.locator(".px-example[data-px-widget]").first
            ex.locator("button.px-next").click()
            if ex.locator("input.px-dice-input").is_visible():
                ex.locator("input.px-dice-input").fill("9")
                ex.locator("button.px-throw").click()
            elif ex.locator("span.px-decide").is_visible():  # the example ends on a decision: its controls
                ex.locator("button.px-choose").click()
            # else its race is over where it ends: the widget says so, and there is nothing to play
            page.evaluate("document.querySelectorAll('details.px-readings').forEach(d => d.open = true)")
        page.mouse.move(0, page.viewport_size["height"] - 1)  # no link under the pointer (its hover colour)
        found = axe_serious(page, f"{width} /{path}", options)
    finally:
        if page is not walking:
            page.close()
    assert not found, "\n".join(found)


def test_i_axe_with_the_phone_drawer_open(browser: Any, server: Server) -> None:
    """The phone's navigation drawer, open at rest on a page inside a section (its title shown)
    and on the home page: no serious or critical violation (a section's title once failed contrast)."""
    s = _axe_session(browser, server)
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


def test_what_was_played_survives_an_in_page_link(session: Session) -> None:
    """Material redraws the page on its first hash change: a played-on example keeps its steps."""
    page = session.page(RULES)
    ex = page.locator("#ex-art-3-taken")
    example_ready(page, "ex-art-3-taken")
    click_still(ex.locator("button.px-last"))  # the example's first click: see click_still
    n = ex.locator("li.px-step").count()
    ex.locator("input.px-dice-input").fill("4")
    ex.locator("input.px-dice-input").press("Enter")
    wait_counter(ex, f"{n + 1} / {n + 1}")
    page.evaluate("document.querySelector('h1').__old = true")
    page.locator('.md-sidebar--secondary a[href$="#veldiv-art-7"]').first.click()
    page.wait_for_url(re.compile(r"#veldiv-art-7$"))
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:  # Material draws the page again on its first hash change: wait for it
        page.wait_for_function("!document.querySelector('h1').__old", timeout=5_000)
    except PlaywrightTimeout:  # a Material that no longer redraws: nothing to wait for
        pass
    example_ready(page, "ex-art-3-taken")
    ex = page.locator("#ex-art-3-taken")
    assert ex.locator("li.px-step").count() == n + 1
    assert counter(ex) == f"{n + 1} / {n + 1}"
    session.rec.assert_clean()


def test_back_forward_and_reload_bring_back_what_was_played(session: Session, server: Server) -> None:
    """What a reader played stays with the page in the history; a new visit shows the example as published."""
    page = session.page(RULES)
    example_ready(page, "ex-art-3-taken")
    ex = page.locator("#ex-art-3-taken")
    n = ex.locator("li.px-step").count()
    click_still(ex.locator("button.px-last"))  # the example's first click: see click_still
    ex.locator("input.px-dice-input").fill("4")
    ex.locator("input.px-dice-input").press("Enter")
    wait_counter(ex, f"{n + 1} / {n + 1}")
    ex.locator("button.px-back").click()
    wait_counter(ex, f"{n} / {n + 1}")
    played = ex.locator("ol.px-steps").inner_html()

    def comes_back() -> None:
        example_ready(page, "ex-art-3-taken")
        back = page.locator("#ex-art-3-taken")
        back.locator(".px-status").filter(has_text="Your position, as you left it.").wait_for(timeout=PYTHON_TIMEOUT)
        assert "Votre position, telle que vous l'avez laissée." in status(back)
        assert counter(back) == f"{n} / {n + 1}" and back.locator("ol.px-steps").inner_html() == played

    page.reload()
    comes_back()
    # Away by Material's instant navigation, then Back: the page is drawn again, and the play with it.
    sources = f'.md-nav--primary a.md-nav__link[href="{server.base}veldiv/sources/"]'

    def to_sources() -> None:
        # Material changes the address before it swaps the content: wait for the rules to be gone.
        page.locator(sources).first.click()
        page.wait_for_url(re.compile(r"/sources/$"))
        page.locator("#ex-art-3-taken").wait_for(state="detached")

    to_sources()
    page.go_back()
    page.wait_for_url(re.compile(re.escape(RULES) + "$"))
    comes_back()
    # A new visit (a link followed, not Back) is a new entry: the example as published.
    to_sources()
    page.locator(f'.md-nav--primary a.md-nav__link[href="{server.base}{RULES}"]').first.click()
    page.wait_for_url(re.compile(re.escape(RULES) + "$"))
    example_ready(page, "ex-art-3-taken")
    fresh = page.locator("#ex-art-3-taken")
    assert fresh.locator("li.px-step").count() == n and counter(fresh) == f"0 / {n}"
    session.rec.assert_clean()


def test_moves_asked_for_while_python_starts_are_each_played(session: Session) -> None:
    """Moves asked for while Python starts are each played once it has. (Its start, under a second from
    the build's snapshot, is held here until the moves are asked for and what waits is said: its
    description of the engine, engine.json, is the first file it fetches.)"""
    python = PythonStartHeld(session.context)
    page = session.page(RULES)
    example_ready(page, "ex-art-3-taken")
    ex = page.locator("#ex-art-3-taken")
    n = ex.locator("li.px-step").count()
    assert page.evaluate("document.querySelector('#ex-art-3-taken .px-engine')?.dataset.stage ?? ''") != "ready"
    for _ in range(3):  # at step 0: each plays on from the end of the example
        ex.locator("button.px-random").click()
    # Python is starting: the button says it is busy, the status says what waits.
    assert ex.locator("button.px-random").get_attribute("aria-busy") == "true"
    assert "The game engine is getting ready: your 3 moves will be played in turn as soon as it is." in status(ex)
    assert "Le moteur de jeu se prépare : vos 3 coups seront joués dans l'ordre dès qu'il sera prêt." in status(ex)
    python.release(page)
    wait_counter(ex, f"{n + 3} / {n + 3}")
    assert ex.locator("button.px-random").get_attribute("aria-busy") is None
    session.rec.assert_clean()
