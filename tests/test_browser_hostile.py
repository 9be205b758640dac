"""The browser against hostile permalinks and a hung engine, in headless Chromium.

Served and driven as in test_browser.py (its server, browser and Session: reduced motion, the
built site under /parcours/).

    a. a rules page: bad links (not JSON, not base64, an unknown race, fields of the wrong type)
       and hostile ones (nested 1,500 and 6,000 deep, 1 MB, HTML in its text fields): each says
       so in both languages, the example shows its published start, what was played in another
       example stays, nothing is injected, and a throw plays afterwards
    b. the same hostile link on a fresh page load
    c. the Play page: the same links, on a fresh load (the page as it comes) and over a race
       (the race unchanged); a throw plays afterwards
    d. a request that hangs (a worker made to hang, in the test only): the watchdog restarts the
       worker, Python starts again, the example is back at its last position with a sentence in
       both languages, another example's request waiting behind it is answered, the next throw plays
    e. the same on the Play page
    f. a link's race that the engine stopped at its budget of steps says up to which step it is shown
    g. Python that cannot start (a failure the worker reports, or a start that never ends): the note
       says why in each language, and reading goes on
    h. damaged and foreign links (a broken "%" escape; an anchor or permalink naming no example of the
       page: another page's, the Play page's, a heading's): a sentence at the top of the page in both
       languages, on a fresh load and arriving over played examples; every example at its published
       start, or as played; no page error; a good link afterwards takes the sentence away
    i. the same on the Play page: a rules page's permalink, a damaged one; the race on screen unchanged

The hang: Playwright serves the FIRST worker.mjs of the context with a few lines added that spin
forever on one request; a restarted worker is the site's own. Nothing of it is in the site.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from browser_support import PYTHON_TIMEOUT, RULES, WORKER_ROUTE, Server, Session, click_still, example_ready
from test_browser import board_label, counter, status, wait_counter, wait_live
from test_browser_play import PLAY, need, new_race, steps, wait_need
from test_browser_play import board_label as play_board
from test_browser_play import status as play_status

pytestmark = pytest.mark.browser


WATCHDOG = 12_000 + PYTHON_TIMEOUT  # ms: the page's 12 s watchdog, then Python started again (its own timeout)
B: dict[str, Any] = {"ruleset": "veldiv.individuelle", "players": 3, "dice": [1, 2, 3, 4]}  # #ex-art-2-turns
INJECT = '<img src="x" onerror="window.__pxInjected = 1">'
SCRIPT = "<script>window.__pxInjected = 2</script>"


def encode(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def link(data: object) -> str:
    return encode(json.dumps(data))


def nested(depth: int, scenario: dict[str, Any], rest: str) -> str:
    """A link's JSON: the scenario with a set-up of lists nested `depth` deep (written out, as
    json.dumps would recurse), then the rest of the link ('"k": 0' or '"h": [0]')."""
    return '{"s": ' + json.dumps(scenario)[:-1] + ', "setup": ' + "[" * depth + "]" * depth + "}, " + rest + "}"


UNREADABLE = ("This link's position could not be read", "La position de ce lien est illisible")
# A link for #ex-art-2-turns, what it must say (in English and French), for the examples.
EXAMPLE_LINKS = [
    ("not base64", "@@not-base64@@", *UNREADABLE),
    ("not JSON", encode('{"s": {"ruleset": '), *UNREADABLE),
    ("nested 1,500 deep", encode(nested(1500, B, '"k": 0')), *UNREADABLE),
    ("nested 6,000 deep", encode(nested(6000, B, '"k": 0')), *UNREADABLE),
    ("1 MB", link({"s": {**B, "title": "x" * 1_000_000}, "k": 0}), *UNREADABLE),
    ("an unknown race", link({"s": {**B, "ruleset": "veldiv.nowhere"}, "k": 0}),
     "This link is for another race (veldiv.nowhere)", "Ce lien concerne une autre course (veldiv.nowhere)"),
    ("players as text", link({"s": {**B, "players": "three"}, "k": 1}),
     "The engine refused this link's position (players: expected a whole number, got “three”)",
     "Le moteur refuse la position de ce lien"),
    ("dice as text", link({"s": {**B, "dice": "1 2"}, "k": 1}),
     "The engine refused this link's position (dice: expected a list of die faces)", "Le moteur refuse la position"),
    ("the step as text", link({"s": B, "k": "1"}),
     "This link does not hold a position of this example", "Ce lien ne contient pas de position de cet exemple"),
    ("HTML in a reading", link({"s": {**B, "options": {"veldiv.line-crossing": INJECT}}, "k": 1}),
     f"options.veldiv.line-crossing: “{INJECT}” is not one of", "Le moteur refuse la position"),
    ("HTML as the race", link({"s": {**B, "ruleset": INJECT}, "k": 1}),
     f"This link is for another race ({INJECT})", "Ce lien concerne une autre course"),
    ("a broken escape in the position", link({"s": B, "k": 1}) + "%E0%A4%A", *UNREADABLE),
]


def no_injection(page: Any) -> None:
    assert page.evaluate("window.__pxInjected") is None, "HTML from a link ran in the page"
    assert page.locator('img[src="x"], script:text("__pxInjected")').count() == 0


def said_once(text: str) -> None:
    """Sentences for a reader: no stack trace, no error's name, no bug report."""
    for word in ("(a bug", "Traceback", ".mjs", ".py", "Error", "postMessage"):
        assert word not in text, (word, text)


def test_the_deep_links_are_json(session: Session) -> None:
    """The nested links are valid JSON (JSON.parse reads them): they are refused for their depth."""
    page = session.page(None)
    for depth in (1500, 6000):
        for text in (nested(depth, B, '"k": 0'), nested(depth, RACE, '"h": [0]')):
            parsed = page.evaluate("t => { const d = JSON.parse(t); return [typeof d.s.setup, Object.keys(d)]; }", text)
            assert parsed[0] == "object" and parsed[1] in (["s", "k"], ["s", "h"])


# ---------------------------------------------------------------------------- a. a rules page
def test_a_hostile_links_on_a_rules_page(session: Session) -> None:
    page = session.page(RULES)
    example_ready(page, "ex-art-2-turns")
    played = page.locator("#ex-art-3-taken")  # another example, played on: it must stay as played
    played.hover()
    wait_live(played)
    played.locator("button.px-last").click()
    played.locator("input.px-dice-input").fill("4")
    played.locator("input.px-dice-input").press("Enter")
    wait_counter(played, "4 / 4")
    played_label = board_label(played)

    ex = page.locator("#ex-art-2-turns")
    n = ex.locator("li.px-step").count()
    assert counter(ex) == f"0 / {n}"
    start = board_label(ex)
    for name, payload, en, fr in EXAMPLE_LINKS:
        # A step away from the start, and the status says it. Brought into view, the long page may still
        # be laying out what it skipped: a click then pressed on one place and released on another (seen).
        click_still(ex.locator("button.px-next"))
        wait_counter(ex, f"1 / {n}")
        assert "Step 1 of" in status(ex), (name, status(ex))
        page.evaluate("h => { location.hash = h; }", f"#ex-art-2-turns:{payload}")
        ex.locator(".px-status[data-kind=error]").wait_for(timeout=PYTHON_TIMEOUT)
        said = status(ex)
        assert en in said and fr in said, (name, said)
        assert "Here is the example as published." in said and "Voici l'exemple tel que publié." in said, (name, said)
        said_once(said)
        assert counter(ex) == f"0 / {n}" and board_label(ex) == start, name
        assert ex.locator("li.px-step").count() == n, name
        assert counter(played) == "4 / 4" and board_label(played) == played_label, name
        no_injection(page)

    # HTML in the text fields the engine lets through (title, description): the link opens, as text.
    page.evaluate("h => { location.hash = h; }",
                  f"#ex-art-2-turns:{link({'s': {**B, 'title': INJECT, 'description': SCRIPT}, 'k': 2})}")
    ex.locator(".px-status").filter(has_text=re.compile(r"^La position du lien")).wait_for(timeout=PYTHON_TIMEOUT)
    assert counter(ex) == f"2 / {n}"
    no_injection(page)

    # The example still plays.
    ex.locator("button.px-last").click()
    ex.locator("input.px-dice-input").fill("5")
    ex.locator("button.px-throw").click()
    wait_counter(ex, f"{n + 1} / {n + 1}")
    assert "You threw 5" in status(ex)
    assert page.evaluate("window.__pxWorkers") == 1
    session.rec.assert_clean()


# ---------------------------------------------------------------------------- b. a fresh load
def test_b_hostile_link_on_a_fresh_load(session: Session) -> None:
    page = session.page(RULES + "#ex-art-2-turns:" + encode(nested(6000, B, '"k": 0')))
    ex = page.locator("#ex-art-2-turns")
    ex.locator(".px-status[data-kind=error]").wait_for()
    said = status(ex)
    assert UNREADABLE[0] in said and UNREADABLE[1] in said, said
    said_once(said)
    n = ex.locator("li.px-step").count()
    assert counter(ex) == f"0 / {n}"
    ex.locator("button.px-last").click()
    ex.locator("input.px-dice-input").fill("2")
    ex.locator("button.px-throw").click()
    wait_counter(ex, f"{n + 1} / {n + 1}")
    session.rec.assert_clean()


# ---------------------------------------------------------------------------- c. the Play page
RACE: dict[str, Any] = {"ruleset": "veldiv.individuelle", "players": 3, "dice": [], "choices": []}


def with_race(**fields: object) -> dict[str, Any]:
    """RACE with some fields changed."""
    return {**RACE, **fields}


PLAY_UNREADABLE = ("This link's race could not be read", "La course de ce lien est illisible")
PLAY_LINKS = [
    ("not base64", "@@not-base64@@", *PLAY_UNREADABLE),
    ("not JSON", encode('{"s": [1, 2'), *PLAY_UNREADABLE),
    ("nested 1,500 deep", encode(nested(1500, RACE, '"h": [0]')), *PLAY_UNREADABLE),
    ("nested 6,000 deep", encode(nested(6000, RACE, '"h": [0]')), *PLAY_UNREADABLE),
    ("1 MB", link({"s": with_race(choices=["x" * 1_000_000]), "h": [0]}), *PLAY_UNREADABLE),
    ("an unknown race", link({"s": with_race(ruleset="veldiv.nowhere"), "h": [0]}),
     "This link is for a race the page does not know (veldiv.nowhere)",
     "Ce lien concerne une course que la page ne connaît pas"),
    ("players as text", link({"s": with_race(players="three"), "h": [0]}),
     'This race is for 2 to 12 players, not "three".', "Cette course se joue de 2 à 12 joueurs"),
    ("dice as text", link({"s": with_race(dice="1 2"), "h": [0]}),
     "This link's dice and choices must be lists.", "Les dés et les choix de ce lien doivent être des listes."),
    ("a die as text", link({"s": with_race(dice=["6"]), "h": [0]}),
     "The engine refused this link's race", "Le moteur refuse la course de ce lien"),
    ("HTML as the race", link({"s": with_race(ruleset=INJECT), "h": [0]}),
     f"does not know ({INJECT[:60]})", "que la page ne connaît pas"),
    ("HTML in a field", link({"s": with_race(title=INJECT), "h": [0]}),
     "This link's race has an unknown field “title”.", "La course de ce lien a un champ inconnu « title »."),
    ("HTML as a choice", link({"s": {"ruleset": "cdp.velocita", "players": 2, "dice": [3, 4, 5], "choices": [INJECT]},
                               "h": [0]}),
     f"“{INJECT}” is not allowed here", "Le moteur refuse la course de ce lien"),
]


def test_c_hostile_links_on_the_play_page(session: Session) -> None:
    # On a fresh load: a sentence, and the page as it comes.
    page = session.page(PLAY + "#ex-play:" + encode(nested(6000, RACE, '"h": [0]')))
    page.locator("#ex-play > .px-status[data-kind=error]").wait_for()
    said = play_status(page)
    assert PLAY_UNREADABLE[0] in said and PLAY_UNREADABLE[1] in said, said
    said_once(said)
    assert page.locator("#ex-play .px-idle").is_visible() and page.locator("#ex-play .px-game-body").is_hidden()

    # Over a race on screen: each is refused, the race unchanged.
    new_race(page, "veldiv.individuelle", 3, {0})
    page.locator("#ex-play button.px-throw").click()
    wait_need(page, "dice:0")
    before = (play_board(page), steps(page), need(page))
    for name, payload, en, fr in PLAY_LINKS:
        page.locator("#ex-play a.px-permalink").click()  # the race's own link: the status says so
        page.locator("#ex-play > .px-status").filter(has_text="address bar").wait_for()
        page.evaluate("h => { location.hash = h; }", f"#ex-play:{payload}")
        page.locator("#ex-play > .px-status[data-kind=error]").wait_for(timeout=PYTHON_TIMEOUT)
        said = play_status(page)
        assert en in said and fr in said, (name, said)
        said_once(said)
        wait_need(page, "dice:0")
        assert (play_board(page), steps(page), need(page)) == before, name
        no_injection(page)

    # The race still plays.
    page.locator("#ex-play button.px-throw").click()
    page.wait_for_function(f"Number(document.getElementById('ex-play').dataset.steps) > {before[1]}")
    wait_need(page, "dice:0|over")
    session.rec.assert_clean()


# ---------------------------------------------------------------------------- d, e. a hung request
# Appended to the first worker.mjs only: a request matching HANG_IF (JavaScript on `d`, the
# message, and `parsed(text)`) is begun once Python is up, and never answered; nor is anything
# after it, as a thread stuck in Python would not (without spinning a core for the watchdog's
# 12 seconds, which slowed every other test running beside this one).
HANG = """
// tests/test_browser_hostile.py only: this worker hangs on one request.
{
  const answer = self.onmessage;
  const parsed = (text) => {
    try { return typeof text === "string" ? JSON.parse(text) : text; } catch { return null; }
  };
  let hung = false;
  self.onmessage = (event) => {
    const d = event.data || {};
    if (hung) return; // queued behind the hung request: never begun
    if (HANG_IF) {
      hung = true;
      engine.then(() => postMessage({ id: d.id, op: "begin" }));
      return;
    }
    answer(event);
  };
}
"""
# Every stage of the engine a note shows (loading, ready), in order.
RECORD_STAGES = """sel => {
  window.__pxStages = [];
  const note = document.querySelector(sel);
  window.__pxStages.push(note.dataset.stage);
  new MutationObserver(() => window.__pxStages.push(note.dataset.stage))
    .observe(note, { attributes: true, attributeFilter: ["data-stage"] });
}"""


class HangingSession(Session):
    def __init__(self, browser: Any, server: Server, hang_if: str) -> None:
        super().__init__(browser, server, worker_patch=HANG.replace("HANG_IF", hang_if))


def restarted(stages: list[str]) -> bool:
    """Ready, then loading again (Python started anew), then ready."""
    text = " ".join(s for i, s in enumerate(stages) if i == 0 or s != stages[i - 1])
    return bool(re.search(r"ready loading ready$", text))


@pytest.fixture
def hanging_example(browser: Any, server: Server) -> Iterator[HangingSession]:
    # ex-art-3-taken (dice 3 3 5) played on with a 6: that request hangs.
    s = HangingSession(browser, server, 'd.op === "film" && JSON.stringify(parsed(d.scenario)?.dice) === "[3,3,5]"'
                       ' && JSON.stringify(parsed(d.move)?.dice) === "[6]"')
    yield s
    s.close()


def test_d_a_hung_request_on_a_rules_page(hanging_example: HangingSession) -> None:
    s = hanging_example
    page = s.page(RULES)
    example_ready(page, "ex-art-3-taken")
    ex = page.locator("#ex-art-3-taken")
    ex.hover()
    wait_live(ex)
    page.evaluate(RECORD_STAGES, "#ex-art-3-taken .px-engine")
    ex.locator("button.px-last").click()
    label = board_label(ex)
    ex.locator("input.px-dice-input").fill("6")
    ex.locator("input.px-dice-input").press("Enter")
    # Another example asks the engine meanwhile: its request waits behind the hung one.
    other = page.locator("#ex-art-5-example")
    assert other.get_attribute("data-live") is None
    other.hover()

    ex.locator(".px-status").filter(has_text="restarted").wait_for(timeout=WATCHDOG)
    said = status(ex)
    assert ("The engine took more than 12 seconds and was restarted: "
            "the example is back at its last position.") in said
    assert ("Le moteur a mis plus de 12 secondes et a été redémarré : "
            "l'exemple est revenu à sa dernière position.") in said
    said_once(said)
    assert ex.locator(".px-status").get_attribute("data-kind") == "error"
    assert counter(ex) == "3 / 3" and board_label(ex) == label and ex.locator("li.px-step").count() == 3
    wait_live(other)  # its request was sent again to the new worker, and answered
    page.wait_for_function("window.__pxStages.at(-1) === 'ready'", timeout=PYTHON_TIMEOUT)
    assert restarted(page.evaluate("window.__pxStages")), page.evaluate("window.__pxStages")
    assert page.evaluate("window.__pxWorkers") == 2 and s.worker_served == 2

    ex.locator("input.px-dice-input").fill("4")
    ex.locator("button.px-throw").click()
    wait_counter(ex, "4 / 4")
    assert "You threw 4" in status(ex)
    s.rec.assert_clean()


@pytest.fixture
def hanging_play(browser: Any, server: Server) -> Iterator[HangingSession]:
    # A person's move (no bots in the request, after the start): that request hangs.
    s = HangingSession(browser, server, 'd.op === "play" && !parsed(d.request)?.bots && parsed(d.request)?.since > 0')
    yield s
    s.close()


def test_e_a_hung_request_on_the_play_page(hanging_play: HangingSession) -> None:
    s = hanging_play
    page = s.page(PLAY)
    page.wait_for_selector("#ex-play[data-px-play]")
    new_race(page, "veldiv.individuelle", 3, {0})
    wait_need(page, "dice:0")
    page.evaluate(RECORD_STAGES, "#ex-play .px-engine")
    before = (play_board(page), steps(page), need(page))
    click_still(page.locator("#ex-play button.px-throw"))  # the page may still move under it (the steps drawn)
    try:
        page.locator("#ex-play > .px-status").filter(has_text="restarted").wait_for(timeout=WATCHDOG)
    except Exception as err:  # failed once (-n 2): say what the page showed
        shown = page.evaluate("""() => { const el = document.getElementById('ex-play');
          return {status: el.querySelector(':scope > .px-status').textContent, busy: el.dataset.busy,
                  need: el.dataset.need, steps: el.dataset.steps, focus: document.activeElement?.className,
                  stages: window.__pxStages}; }""")
        raise AssertionError(f"no restart: the page shows {shown}, {s.worker_served} worker(s) served") from err
    said = play_status(page)
    assert ("The engine took more than 12 seconds and was restarted. "
            "The race is back at its last position.") in said
    assert ("Le moteur a mis plus de 12 secondes et a été redémarré. "
            "La course est revenue à sa dernière position.") in said
    said_once(said)
    wait_need(page, "dice:0")
    assert (play_board(page), steps(page), need(page)) == before
    page.wait_for_function("window.__pxStages.at(-1) === 'ready'", timeout=PYTHON_TIMEOUT)
    assert restarted(page.evaluate("window.__pxStages")), page.evaluate("window.__pxStages")

    page.locator("#ex-play button.px-throw").click()  # the next throw plays, with the bots' answers
    page.wait_for_function(f"Number(document.getElementById('ex-play').dataset.steps) > {before[1]}",
                           timeout=PYTHON_TIMEOUT)
    wait_need(page, "dice:0|over")
    assert page.evaluate("window.__pxWorkers") == 2 and s.worker_served == 2
    s.rec.assert_clean()


# ---------------------------------------------------------------------------- f. a budget
# The engine's films say "stopped": "budget" when a replay ran out of its steps: here every film
# of the first worker says so (the engine's contract, played by the test; appended to its worker.mjs).
BUDGET = """
{
  const post = self.postMessage.bind(self);
  self.postMessage = (m) => post(m && m.film ? { ...m, film: { ...m.film, stopped: "budget" } } : m);
}
"""


def test_f_a_link_shown_up_to_its_budget(browser: Any, server: Server) -> None:
    s = Session(browser, server, worker_patch=BUDGET)
    try:
        # a line other than the published one (that one is on the page: no engine is asked)
        page = s.page(RULES + "#ex-art-2-turns:" + link({"s": {**B, "dice": [1, 2, 3, 4, 5]}, "k": 2}))
        ex = page.locator("#ex-art-2-turns")
        status_line = ex.locator(".px-status").filter(has_text=re.compile(r"^La position du lien"))
        status_line.wait_for(timeout=PYTHON_TIMEOUT)
        n = ex.locator("li.px-step").count()
        said = status(ex)
        assert f"The position of the link, its race shown only up to step {n}." in said, said
        assert f"La position du lien, sa course montrée seulement jusqu'à l'étape {n}." in said, said
        assert counter(ex) == f"2 / {n}"
        s.rec.assert_clean()
    finally:
        s.close()


# ---------------------------------------------------------------------------- g. Python cannot start
FAILED_WORKER = """postMessage({op: "status", stage: "failed", error: {
  en: "the engine wheel could not be downloaded (HTTP 404)",
  fr: "le paquet du moteur n'a pas pu être téléchargé (HTTP 404)"}});"""


def engine_note(page: Any, lang: str) -> str:
    return " ".join(page.locator(f"#ex-art-3-taken .px-engine [lang={lang}]").text_content().split())


@pytest.mark.parametrize("worker", ["failed", "stalled"])
def test_g_python_that_cannot_start_says_why_in_each_language(browser: Any, server: Server, worker: str) -> None:
    """A worker that reports its failure, or one that never answers (a download that stalls: the page's
    clock run past the two minutes it waits): the note says why, the French in French, reading goes on."""
    s = Session(browser, server)
    body = FAILED_WORKER if worker == "failed" else "// a start that never ends"
    s.context.route(WORKER_ROUTE, lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=body))
    try:
        page = s.page(None)
        page.clock.install()
        page.goto(s.server.base + RULES)
        ex = page.locator("#ex-art-3-taken")
        example_ready(page, "ex-art-3-taken")
        ex.scroll_into_view_if_needed()
        ex.locator("button.px-next").click()  # intent: Python starts; reading needs no Python
        page.wait_for_selector("#ex-art-3-taken .px-engine[data-stage=loading]" if worker == "stalled"
                               else "#ex-art-3-taken .px-engine[data-stage=failed]")
        if worker == "stalled":
            page.clock.run_for(121_000)
            page.wait_for_selector("#ex-art-3-taken .px-engine[data-stage=failed]")
            assert engine_note(page, "en").startswith(
                "Python could not start: Python did not start within 120 seconds.")
            assert engine_note(page, "fr").startswith(
                "Python n'a pas pu démarrer : Python n'a pas démarré en 120 secondes.")
        else:
            assert "the engine wheel could not be downloaded (HTTP 404)" in engine_note(page, "en")
            assert engine_note(page, "fr").startswith(
                "Python n'a pas pu démarrer : le paquet du moteur n'a pas pu être téléchargé (HTTP 404).")
        assert "La lecture fonctionne toujours." in engine_note(page, "fr")
        wait_counter(ex, f"1 / {ex.locator('li.px-step').count()}")  # stepping through still works
    finally:
        s.close()


# ---------------------------------------------------------------------------- h, i. damaged and foreign links
DAMAGED = ("This link could not be read: its address is damaged (a “%” not followed by a character's code). "
           + "Nothing on the page was changed.",
           "Ce lien est illisible : son adresse est abîmée (un « % » qui n'est pas suivi du code d'un caractère). "
           + "Rien n'a changé sur la page.")


def foreign(name: str) -> tuple[str, str]:
    return (f"This link is for “{name}”, which is not an example of this page: it may be meant for another page. "
            + "Nothing on the page was changed.",
            f"Ce lien vise « {name} », qui n'est pas un exemple de cette page : il est peut-être destiné à une autre "
            + "page. Rien n'a changé sur la page.")


VELOCITA = {"ruleset": "cdp.velocita", "players": 2, "dice": [5, 4, 2], "choices": ["wait"]}
# A hash for the Veldiv's rules page, and what the page must say (English, French).
FOREIGN_LINKS = [
    ("a broken escape in the id", "#ex-art-2-turns%E0%A4%A:" + link({"s": B, "k": 1}), DAMAGED),
    ("a broken escape, no position", "#ex-art-2-turns%zz", DAMAGED),
    ("a bare anchor to no example", "#ex-nowhere", foreign("ex-nowhere")),
    ("the Play page's permalink", "#ex-play:" + link({"s": RACE, "h": [0]}), foreign("ex-play")),
    ("another game's example", "#ex-velocita-depart:" + link({"s": VELOCITA, "k": 1}), foreign("ex-velocita-depart")),
    ("a heading with a position", "#veldiv-art-1:" + link({"s": B, "k": 1}), foreign("veldiv-art-1")),
]


def link_note(page: Any) -> str:
    """The sentence about the page's address, at the top of the page, once it is there."""
    note = page.locator("#px-link-note")
    note.wait_for()
    return " ".join((note.text_content() or "").split())


def at_start(page: Any, example: str) -> None:
    ex = page.locator(example)
    assert counter(ex) == f"0 / {ex.locator('li.px-step').count()}", (example, counter(ex))


@pytest.mark.parametrize(("name", "hash_", "words"), FOREIGN_LINKS[:4], ids=[c[0] for c in FOREIGN_LINKS[:4]])
def test_h_a_damaged_or_foreign_link_on_a_fresh_load(session: Session, name: str, hash_: str,
                                                     words: tuple[str, str]) -> None:
    page = session.page(RULES + hash_)
    example_ready(page, "ex-art-3-taken")
    said = link_note(page)
    assert words[0] in said and words[1] in said, (name, said)
    said_once(said)
    assert page.locator("#px-link-note").is_visible()
    for example in ("#ex-art-2-turns", "#ex-art-3-taken"):
        at_start(page, example)
    assert page.locator(".px-example .px-status[data-kind=error]").count() == 0, "no example took the link"
    session.rec.assert_clean()


def test_h_a_foreign_link_on_a_page_without_examples(session: Session) -> None:
    """A page with no example and no race (a game's history) answers such a link too (parcours.mjs)."""
    for hash_, words in (FOREIGN_LINKS[1][1:], FOREIGN_LINKS[4][1:]):
        page = session.page("veldiv/" + hash_)
        said = link_note(page)
        assert words[0] in said and words[1] in said, said
        page.close()
    session.rec.assert_clean()


def test_h_damaged_and_foreign_links_over_played_examples(session: Session) -> None:
    page = session.page(RULES)
    example_ready(page, "ex-art-2-turns")
    played = page.locator("#ex-art-3-taken")  # an example played on: it must stay as played
    played.hover()
    wait_live(played)
    played.locator("button.px-last").click()
    played.locator("input.px-dice-input").fill("4")
    played.locator("input.px-dice-input").press("Enter")
    wait_counter(played, "4 / 4")
    played_label = board_label(played)
    ex = page.locator("#ex-art-2-turns")
    n = ex.locator("li.px-step").count()
    start = board_label(ex)
    for name, hash_, words in FOREIGN_LINKS:
        page.evaluate("() => document.getElementById('px-link-note')?.remove()")  # each says its own
        page.evaluate("h => { location.hash = h; }", hash_)
        said = link_note(page)
        assert words[0] in said and words[1] in said, (name, said)
        said_once(said)
        assert counter(played) == "4 / 4" and board_label(played) == played_label, name
        assert counter(ex) == f"0 / {n}" and board_label(ex) == start, name
    # A good link: the sentence goes, the example opens the link's position.
    page.evaluate("h => { location.hash = h; }", f"#ex-art-2-turns:{link({'s': B, 'k': 2})}")
    ex.locator(".px-status").filter(has_text=re.compile(r"^La position du lien")).wait_for(timeout=PYTHON_TIMEOUT)
    assert counter(ex) == f"2 / {n}" and page.locator("#px-link-note").count() == 0
    session.rec.assert_clean()


def test_i_damaged_and_foreign_links_on_the_play_page(session: Session) -> None:
    # On a fresh load: a sentence, and the page as it comes.
    for hash_, words in (("#ex-art-2-turns:" + link({"s": B, "k": 1}), foreign("ex-art-2-turns")),
                         ("#ex-play%zz:" + link({"s": RACE, "h": [0]}), DAMAGED)):
        page = session.page(PLAY + hash_)
        page.wait_for_selector("#ex-play[data-px-play]")
        said = link_note(page)
        assert words[0] in said and words[1] in said, said
        assert page.locator("#ex-play .px-idle").is_visible() and page.locator("#ex-play .px-game-body").is_hidden()
        page.close()

    # Over a race on screen: the race unchanged.
    page = session.page(PLAY)
    page.wait_for_selector("#ex-play[data-px-play]")
    new_race(page, "veldiv.individuelle", 3, {0})
    page.locator("#ex-play button.px-throw").click()
    wait_need(page, "dice:0")
    before = (play_board(page), steps(page), need(page))
    for hash_, words in (("#ex-art-2-turns:" + link({"s": B, "k": 1}), foreign("ex-art-2-turns")),
                         ("#ex-play%E0%A4%A:" + link({"s": RACE, "h": [0]}), DAMAGED),
                         ("#ex-nowhere", foreign("ex-nowhere"))):
        page.evaluate("() => document.getElementById('px-link-note')?.remove()")
        page.evaluate("h => { location.hash = h; }", hash_)
        said = link_note(page)
        assert words[0] in said and words[1] in said, said
        wait_need(page, "dice:0")
        assert (play_board(page), steps(page), need(page)) == before
    session.rec.assert_clean()
