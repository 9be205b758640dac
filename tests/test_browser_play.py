"""The browser: the Play page and the horse race's odds editor, in headless Chromium.

Served and driven as in test_browser.py (its server, browser, Session and Recorder): the
built site under /parcours/, Playwright for Python on Chromium's headless shell. One Play page is
shared by the Play tests, so Python (Pyodide) starts a handful of times in all.

    a. a Veldiv race, one person and two bots: the person throws, the bots answer, the steps
       grow, equal to the engine's own replay, citing the Veldiv's rules page
    b. Velocità, seat 1 a person: a decision made with a choice button changes the race (the
       buttons and the question in the engine's words)
    c. permalinks: a good one restores the race in a fresh page; bad ones (unreadable, dice
       or a choice the engine refuses) are refused with a sentence, the race unchanged,
       and a bad one on a fresh load leaves the page as it comes
    d. the Play page after a race: axe-core finds no serious or critical violation (desktop
       and a 375 px phone), no sideways scrolling, touch targets, no console error, no
       request to another host
    e. the odds editor: a new board's odds equal the CPython engine's; a bad board is refused
       with the engine's sentence and the old table stays; Defaults restores the box's board
    f. the Ronde, level 3, one person and three bots: the die asked for is shown (the D16 to
       begin), decisions are buttons in words, and only the person's own hand is ever in the page
       (every board drawn during the race is recorded and read)
    g. a race of each game, one person and bots, to its end: after every move the scoreboard is
       the engine's (CPython) for the race's record, its figures the engine's observe(); at the end
       the board still shows every rider and the results table is the engine's ranking; undo is
       refused with a sentence at the start, and restores the exact previous position (board label,
       record, scoreboard), by keyboard
    h. a reload: the race comes back where it was (seats, dice, choices, board, scoreboard, the form),
       its permalink in the address included, and plays on; a new race replaces it
    i. a kept race that no longer replays (a reading the engine no longer has, a race the page does
       not know, a record that cannot be read): dropped with a sentence in both languages, the page as
       it comes; one kept while Python cannot start is kept, and said so

Needs, and FAILS (does not skip) without them, as test_browser.py: Chromium's
headless shell (apt-get install chromium-headless-shell), Playwright for Python (requirements-dev.txt),
axe-core (npm ci) and the built site (make build).   Run only these:  pytest tests/test_browser_play.py
"""

from __future__ import annotations

import base64
import html
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from browser_support import AXE, PYTHON_TIMEOUT, SITE, WORKER_ROUTE, PythonStartHeld, Server, Session, _fail, built
from test_browser import axe_serious, sentences

pytestmark = pytest.mark.browser
# The tests on the one Play page (the play fixture: Python started once) run in one worker.
ONE_PLAY_PAGE = pytest.mark.xdist_group("play-page")


PLAY = "play/"
ODDS = "chevaux/rules/"


@pytest.fixture(scope="module")
def play(browser: Any, server: Server) -> Iterator[tuple[Session, Any]]:
    """One Play page for the Play tests (Python starts once for them)."""
    for needed in (SITE / PLAY / "index.html", SITE / built("parcours/play.mjs")):
        if not needed.is_file():
            _fail(f"{needed.relative_to(SITE.parent)} is missing: run make build first")
    s = Session(browser, server)
    page = s.page(PLAY)
    page.wait_for_selector("#ex-play[data-px-play]")
    page.evaluate("window.__samePage = true")
    yield s, page
    s.close()


# ---------------------------------------------------------------------------- helpers
def status(page: Any) -> str:
    return " ".join(page.locator("#ex-play > .px-status").text_content().split())


def steps(page: Any) -> int:
    return int(page.locator("#ex-play").get_attribute("data-steps") or -1)


def need(page: Any) -> str:
    return str(page.locator("#ex-play").get_attribute("data-need") or "")


def board_label(page: Any) -> str:
    """The board's label in English (its aria-label says the position in French, then in English)."""
    return str(page.locator("#ex-play svg.px-board").get_attribute("aria-label")).rsplit(" · ", 1)[-1]


def wait_need(page: Any, pattern: str, timeout: int = 20_000) -> None:
    """Wait until the race waits for `pattern` (a regular expression on data-need) with no move under way."""
    page.wait_for_function(
        "re => { const el = document.getElementById('ex-play');"
        " return new RegExp(re).test(el.dataset.need || '') && el.dataset.busy === 'false'; }",
        arg=f"^(?:{pattern})$", timeout=timeout)


def new_race(page: Any, ruleset: str, players: int, humans: set[int], timeout: int = PYTHON_TIMEOUT) -> None:
    form = page.locator("#px-play-form")
    form.locator("select[name=ruleset]").select_option(ruleset)
    if form.locator("input[name=players]").get_attribute("readonly") is None:
        form.locator("input[name=players]").fill(str(players))
    for seat in range(players):
        box = form.locator(f".px-seats input[value='{seat}']")
        if box.is_checked() != (seat in humans):
            box.click()
    before = page.locator("#ex-play").get_attribute("data-race") or ""
    form.locator("button[type=submit]").click()
    page.wait_for_function("r => { const el = document.getElementById('ex-play');"
                           " return (el.dataset.race || '') !== r && el.dataset.busy === 'false'; }",
                           arg=before, timeout=timeout)


def permalink_of(page: Any) -> tuple[str, dict[str, Any]]:
    href = str(page.locator("#ex-play a.px-permalink").get_attribute("href"))
    payload = href.split("#ex-play:", 1)[1]
    data: dict[str, Any] = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    return href, data


def link_to(data: object) -> str:
    return "#ex-play:" + base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def engine_film(scenario: dict[str, Any], prefix: str) -> dict[str, Any]:
    from parcours_view import film_json

    film: dict[str, Any] = json.loads(film_json(json.dumps(scenario), json.dumps(prefix)))
    assert film.get("error") is None, film["error"]
    return film


def page_sentences(page: Any, k: int, lang: str = "en") -> list[str]:
    items = page.locator(f'#ex-play li.px-step[data-step="{k}"] .px-step-text > [lang="{lang}"] li')
    return [" ".join(t.split()) for t in items.all_text_contents()]


def check_against_engine(page: Any, server: Server, rules: str) -> dict[str, Any]:
    """Every step on the page is the engine's own (CPython) replay of the race's permalink."""
    _, data = permalink_of(page)
    film = engine_film(data["s"], f"../{rules}#")
    n = steps(page)
    assert len(film["frames"]) == n + 1
    assert page.locator("#ex-play li.px-step").count() == n + 1
    for k in range(1, n + 1):
        assert page_sentences(page, k) == sentences(film["frames"][k]["html"]["en"]), f"step {k}"
    assert board_label(page) == film["frames"][-1]["label"]["en"]
    cites = page.locator("#ex-play li.px-step a.px-cite").evaluate_all("links => links.map(a => a.href)")
    assert cites and all(c.startswith(server.base + rules + "#") for c in cites), cites[:3]
    return data


# ---------------------------------------------------------------------------- a. Veldiv
@ONE_PLAY_PAGE
def test_a_veldiv_a_person_and_two_bots(play: tuple[Session, Any], server: Server) -> None:
    s, page = play
    form = page.locator("#px-play-form")
    players = form.locator("input[name=players]")
    # The players' range follows the race; one checkbox a seat, named for screen readers.
    form.locator("select[name=ruleset]").select_option("veldiv.poursuite-individuelle")
    assert (players.get_attribute("min"), players.get_attribute("max")) == ("2", "4")
    form.locator("select[name=ruleset]").select_option("cdp.velocita")
    assert players.input_value() == "2" and players.get_attribute("readonly") is not None
    # The bot that decides for the bots, by its name in words (the game's package's), not its id.
    from parcours.cdp import BOT_NAMES
    from parcours_view.play import PLAY_BOT

    bot = " ".join((form.locator(".px-bot-note").text_content() or "").split())
    name = BOT_NAMES[PLAY_BOT]
    assert f"« {name['fr']} »" in bot and f"“{name['en']}”" in bot and PLAY_BOT not in bot, bot
    form.locator("select[name=ruleset]").select_option("veldiv.individuelle")
    assert (players.get_attribute("min"), players.get_attribute("max")) == ("2", "12")
    assert "aucune décision" in (form.locator(".px-bot-note").text_content() or ""), "the Veldiv's bots only throw"
    players.fill("5")
    assert form.locator(".px-seats input[type=checkbox]").count() == 5
    players.fill("3")
    seats = form.locator(".px-seats input[type=checkbox]")
    assert seats.count() == 3
    assert page.get_by_role("checkbox", name="Joueur 2 · Player 2").count() == 1
    assert seats.nth(0).is_checked() and not seats.nth(1).is_checked()
    # Keyboard: Space ticks a seat, Space again unticks it.
    seats.nth(2).focus()
    page.keyboard.press("Space")
    assert seats.nth(2).is_checked()
    page.keyboard.press("Space")
    assert not seats.nth(2).is_checked()
    # A bad number of players is refused with a sentence, and what was typed stays.
    players.fill("13")
    form.locator("button[type=submit]").click()
    assert "is for 2 to 12 players" in status(page) and players.input_value() == "13"
    players.fill("3")

    new_race(page, "veldiv.individuelle", 3, {0})
    assert page.evaluate("window.__samePage") is True, "no page reload"
    assert steps(page) == 0 and need(page) == "dice:0"
    assert "Player 1, your throw: press Throw." in page.locator("#ex-play .px-turn").inner_text()
    throw = page.locator("#ex-play button.px-throw")
    assert throw.get_attribute("aria-disabled") == "false"
    assert page.locator("#ex-play > .px-status").get_attribute("aria-live") == "polite"

    throw.click()
    wait_need(page, "dice:0")  # the two bots have answered, by themselves
    assert steps(page) == 3
    said = status(page)
    assert "Player 3 (bot) threw" in said and "Player 1, your throw" in said
    check_against_engine(page, server, "veldiv/rules/")

    # Keyboard again, and bots played at once ("Bots: fast").
    page.locator("#ex-play input.px-fast").check()
    throw.focus()
    page.keyboard.press("Enter")
    wait_need(page, "dice:0|over")
    assert steps(page) >= 4
    assert page.evaluate("document.activeElement.classList.contains('px-throw')"), "the focus stays on Throw"
    check_against_engine(page, server, "veldiv/rules/")
    page.locator("#ex-play input.px-fast").uncheck()
    s.rec.assert_clean()


# ---------------------------------------------------------------------------- b. Velocità
@ONE_PLAY_PAGE
def test_b_velocita_a_decision(play: tuple[Session, Any], server: Server) -> None:
    s, page = play
    decided = False
    for _ in range(6):  # a race can end before player 1 has a decision to make: then another
        new_race(page, "cdp.velocita", 2, {0})
        page.locator("#ex-play input.px-fast").check()  # the bot answers at once (shown once a race is on)
        for _ in range(40):
            wait_need(page, "dice:0|choice:0|over")
            if need(page) != "dice:0":
                break
            page.locator("#ex-play button.px-throw").click()
        if need(page) == "choice:0":
            decided = True
            break
    assert decided, "player 1 never had a decision to make in six races"
    # A decision: no Throw button, one button a choice, labelled with what it does.
    assert page.locator("#ex-play .px-act").is_hidden()
    # The buttons and the question in the engine's own words (Game.position()'s need), no code.
    buttons = page.locator("#ex-play .px-choices button")
    asked = _position(permalink_of(page)[1]["s"])["need"]
    assert buttons.all_inner_texts() == [f"{asked['labels'][c]['fr']} · {asked['labels'][c]['en']}"
                                         for c in asked["choices"]]
    question = asked["question"]
    assert page.locator("#ex-play .px-question").inner_text() == f"{question['fr']} · {question['en']}"
    before_steps = steps(page)
    _, before = permalink_of(page)
    choice = buttons.last.get_attribute("data-choice")
    buttons.last.click()
    page.wait_for_function(f"Number(document.getElementById('ex-play').dataset.steps) > {before_steps}")
    wait_need(page, "dice:0|choice:0|over")
    _, after = permalink_of(page)
    assert after["s"]["choices"][:len(before["s"]["choices"]) + 1] == before["s"]["choices"] + [choice]
    assert steps(page) > before_steps
    check_against_engine(page, server, "cdp/rules/")
    page.locator("#ex-play input.px-fast").uncheck()
    s.rec.assert_clean()


# ---------------------------------------------------------------------------- c. permalinks
@ONE_PLAY_PAGE
def test_c_permalinks(play: tuple[Session, Any], browser: Any, server: Server) -> None:
    s, page = play
    new_race(page, "veldiv.americaine", 4, {1, 3})
    wait_need(page, "dice:1")
    page.locator("#ex-play button.px-throw").click()
    wait_need(page, "dice:3")
    href, data = permalink_of(page)
    assert data["h"] == [1, 3] and data["s"]["ruleset"] == "veldiv.americaine"
    label, n = board_label(page), steps(page)
    # A click shows the link in the address bar, and leaves the race as it is.
    page.locator("#ex-play a.px-permalink").click()
    page.locator("#ex-play > .px-status").filter(has_text="address bar").wait_for()  # said once the copy is tried
    assert page.url == href
    assert steps(page) == n

    # A good link in a fresh page: the same race, the same position, the form set to it.
    fresh = s.page(None)
    fresh.goto(href)
    fresh.wait_for_function(f"document.getElementById('ex-play').dataset.steps === '{n}'", timeout=PYTHON_TIMEOUT)
    assert board_label(fresh) == label and need(fresh) == "dice:3"
    assert "The race of the link" in status(fresh)
    assert fresh.locator("#px-play-form select[name=ruleset]").input_value() == "veldiv.americaine"
    assert fresh.locator("#px-play-form input[name=players]").input_value() == "4"
    ticked = fresh.locator(".px-seats input:checked").evaluate_all("boxes => boxes.map(b => Number(b.value))")
    assert ticked == [1, 3]
    fresh.close()

    # Another hash on the page: Material's instant navigation draws the page again (on the first
    # hash change after a load); the race on screen goes on.
    page.evaluate("document.querySelector('h1').__old = true")
    page.evaluate("location.hash = '#px-play-form'")
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function("!document.querySelector('h1').__old", timeout=5_000)
    except PlaywrightTimeout:  # a Material that no longer redraws: nothing to wait for
        pass
    page.wait_for_selector("#ex-play[data-race]")
    assert board_label(page) == label and steps(page) == n and need(page) == "dice:3"

    # Bad links, arriving on the Play page: refused with a sentence, the race on screen unchanged.
    def refused(link: str, words: str) -> None:
        page.evaluate("h => { location.hash = h; }", link)
        page.wait_for_function(
            "w => document.querySelector('#ex-play[data-race] > .px-status')?.textContent.includes(w)", arg=words)
        assert page.locator("#ex-play > .px-status").get_attribute("data-kind") == "error"
        assert board_label(page) == label and steps(page) == n and need(page) == "dice:3"

    refused("#ex-play:@@not-base64@@", "could not be read")
    refused(link_to({"s": {"ruleset": "veldiv.nowhere", "players": 3, "dice": []}, "h": []}), "does not know")
    refused(link_to({"s": {"ruleset": "veldiv.individuelle", "players": 3, "dice": [9]}, "h": [0]}),
            "9 is not a face of the D6")
    refused(link_to({"s": {"ruleset": "cdp.velocita", "players": 2, "dice": [3, 4, 5], "choices": ["9"]}, "h": [0]}),
            "“9” is not allowed here")
    refused(link_to({"s": {"ruleset": "veldiv.individuelle", "players": 3, "dice": [1]}, "h": [0, 7]}),
            "distinct seats")

    # A bad link on a fresh page load: a sentence, and the page as it comes (no race, the form's defaults).
    fresh = s.page(PLAY + link_to({"s": 1, "h": []}))
    fresh.locator("#ex-play > .px-status[data-kind=error]").wait_for()
    assert "does not hold a race" in status(fresh)
    assert fresh.locator("#ex-play .px-game-body").is_hidden() and fresh.locator("#ex-play .px-idle").is_visible()
    assert fresh.locator("#px-play-form select[name=ruleset]").input_value() == "veldiv.individuelle"
    assert fresh.locator("#px-play-form input[name=players]").input_value() == "3"
    fresh.close()
    s.rec.assert_clean()


# ---------------------------------------------------------------------------- d. axe, phone, clean
@ONE_PLAY_PAGE
def test_d_play_page_accessible_on_desktop_and_phone(play: tuple[Session, Any]) -> None:
    s, page = play
    if not AXE.is_file():
        _fail("node_modules/axe-core is missing: run npm ci")
    new_race(page, "cdp.mezzofondo", 3, {0})
    page.locator("#ex-play button.px-throw").click()
    wait_need(page, "dice:0|choice:0|over")
    found: list[str] = []
    for name, viewport in (("desktop", {"width": 1280, "height": 900}), ("phone", {"width": 375, "height": 740})):
        page.set_viewport_size(viewport)
        # The phone's layout: Material's drawer takes over the navigation (closed, at rest).
        page.wait_for_function("w => window.innerWidth === w", arg=viewport["width"])
        found += axe_serious(page, name)  # on the settled page: no colour caught mid-transition
    assert not found, "\n".join(found)
    # On the phone: no sideways scrolling, and every control of the race at least 44 px tall.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the Play page scrolls sideways on a phone ({width} px)"
    small = []
    for target in page.locator("#px-play-form, #ex-play .px-controls").locator(
            "button, select, input[type=number], label.px-seat, label.px-fast-label, a").all():
        box = target.bounding_box()
        if box is not None and box["height"] < 43.5:
            small.append(f"{target.evaluate('e => e.outerHTML.slice(0, 80)')}: {box['height']:.0f} px")
    assert not small, "touch targets under 44 px tall: " + "; ".join(small)
    page.set_viewport_size({"width": 1280, "height": 900})
    assert page.evaluate("window.__pxWorkers") == 1
    s.rec.assert_clean()  # no console error or warning, no request to another host


# ---------------------------------------------------------------------------- f. the Ronde's hands
HIDDEN = "main cachée · hand hidden"
# Every board put into the Play page, as it was put there (a board may be replaced at once).
RECORD_BOARDS = """() => {
  window.__pxBoards = [];
  new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) {
      if (node.nodeType !== 1) continue;
      const boards = node.matches("svg.px-board") ? [node] : [...node.querySelectorAll("svg.px-board")];
      for (const b of boards) window.__pxBoards.push(b.outerHTML);
    }
  }).observe(document.getElementById("ex-play"), { childList: true, subtree: true });
}"""


def table_hands(board: str) -> dict[int, str]:
    """The hands written in a Ronde board's table, by seat (0-based): its lines joined (none: no cards)."""
    found: dict[int, str] = {}
    for seat, lines in re.findall(r'<text class="px-rc-hand[^"]*"[^>]*? data-seat="(\d+)"[^>]*>(.*?)</text>', board):
        text = html.unescape(" ".join(re.sub(r"<[^>]+>", " ", lines).split()))
        found[int(seat)] = f"{found[int(seat)]} {text}" if int(seat) in found else text
    return found


@ONE_PLAY_PAGE
def test_f_ronde_only_your_own_hand(play: tuple[Session, Any], server: Server) -> None:
    from parcours.ronde.narrate import hand
    from parcours_view.play import play as engine_play

    s, page = play
    page.evaluate(RECORD_BOARDS)
    new_race(page, "ronde.niveau-3", 4, {0})
    page.locator("#ex-play input.px-fast").check()
    # Everyone rolls the D16 to see who begins: the page says which die.
    wait_need(page, "dice:0|choice:0|over")
    if need(page) == "dice:0" and steps(page) == 0:
        assert page.locator("#ex-play .px-die-ask").inner_text() == "D16"
    moves = decisions = hidden = 0
    while moves < 14 and need(page) != "over":
        if need(page) == "dice:0":
            assert page.locator("#ex-play .px-die-ask").inner_text() in {f"D{n}" for n in (4, 6, 8, 10, 12, 16)}
            page.locator("#ex-play button.px-throw").click()
        else:
            buttons = page.locator("#ex-play .px-choices button")
            codes = [b.get_attribute("data-choice") for b in buttons.all()]
            words = buttons.all_inner_texts()
            assert all(" · " in w and w.split(" · ")[0] != c for w, c in zip(words, codes)), (codes, words)
            assert page.locator("#ex-play .px-question").inner_text().startswith("Joueur 1 (Rouge)")
            buttons.first.click()
            decisions += 1
        moves += 1
        page.wait_for_function("Number(document.getElementById('ex-play').dataset.steps) > 0")
        wait_need(page, "dice:0|choice:0|over", timeout=60_000)
        # What the page shows now is what the engine draws for one person at seat 0.
        _, data = permalink_of(page)
        assert data["h"] == [0]
        answer = engine_play({"scenario": data["s"], "since": 0, "humans": [0]})
        assert board_label(page) == answer["frames"][-1]["label"]["en"]
        hands = _hands(data["s"])
        shown = table_hands(page.locator("#ex-play svg.px-board").evaluate("b => b.outerHTML"))
        fr, en = hand(hands[0], "fr"), hand(hands[0], "en")  # on one line, or each language on its own
        assert shown.get(0) in ((f"{fr} · {en}", f"{fr} {en}") if hands[0] else (None,)), (shown, hands[0])
        hidden += sum(1 for seat in (1, 2, 3) if hands[seat])  # cards the page had to keep from view
    assert moves >= 5 and hidden > 0
    boards = page.evaluate("window.__pxBoards")
    assert boards, "boards were drawn during the race"
    for board in boards:
        drawn = table_hands(board)
        for seat in (1, 2, 3):
            assert drawn.get(seat, HIDDEN) == HIDDEN, (seat, drawn[seat])
        assert drawn.get(0) != HIDDEN
    for seat, name in ((1, "Orange"), (2, "Yellow"), (3, "Green")):
        assert not re.search(rf"{name} [^;]*cards? \(", board_label(page)), board_label(page)
    page.locator("#ex-play input.px-fast").uncheck()
    s.rec.assert_clean()


# ---------------------------------------------------------------------------- g. scoreboard, results, undo
# Each game's pieces on its board (the test knows the games; the page does not).
PIECES = {"veldiv": "svg.px-board g.px-rider", "cdp": "svg.px-board g.px-rider:not(.px-derny)",
          "chevaux": "svg.px-board g.px-rider",
          "ronde": "svg.px-board use[*|href^='#px-rc-r'], svg.px-board use[*|href^='#px-rc-l']"}
# A figure of each game's scoreboard, and where the engine's observe() has it: (heading, seat -> value).
FIGURES: dict[str, tuple[str, Callable[[dict[str, Any]], dict[int, Any]]]] = {
    "veldiv.individuelle": ("Points", lambda p: {q["seat"]: q["points"] for q in p["players"]}),
    "cdp.velocita": ("Squares ridden", lambda p: dict(enumerate(p["pos"]))),
    "chevaux.course": ("Horses left", lambda p: {q["seat"]: q["horses_left"] for q in p["players"]}),
    "ronde.niveau-2": ("Cards in hand", lambda p: {r["seat"]: r["cards"] for r in p["riders"]}),
}


def score_table(page: Any) -> dict[str, Any]:
    """The scoreboard as the page shows it: caption, headings and rows in English, each row's seat."""
    return dict(page.evaluate("""() => {
      const en = (cell) => (cell.querySelector('[lang="en"]') || cell).textContent.trim();
      const table = document.querySelector('#ex-play .px-score table');
      return {caption: en(table.caption), columns: Array.from(table.tHead.rows[0].cells, en),
              rows: Array.from(table.tBodies[0].rows,
                               (tr) => ({seat: Number(tr.dataset.seat), cells: Array.from(tr.cells, en)}))};
    }"""))


def engine_score(scenario: dict[str, Any]) -> dict[str, Any]:
    """The scoreboard CPython gives for a record, in English, as score_table reads the page's."""
    from parcours import Dice, Game, parse
    from parcours_view.play import scoreboard_json
    from parcours_view.registry import view_of

    game = Game(parse(scenario))
    game.run(Dice(scenario["dice"]), scenario["choices"])
    board = scoreboard_json(view_of(scenario["ruleset"]).scoreboard(game), game.position())
    return {"caption": board["caption"]["en"], "columns": [c["en"] for c in board["columns"]],
            "rows": [{"seat": r["seat"], "cells": [c["en"] for c in r["cells"]]} for r in board["rows"]]}


def check_score(page: Any, ruleset: str) -> dict[str, Any]:
    """The page's scoreboard is the engine's for the race's record; its figure is observe()'s."""
    record = permalink_of(page)[1]["s"]
    shown = score_table(page)
    assert shown == engine_score(record), (shown, record)
    heading, figures = FIGURES[ruleset]
    k = shown["columns"].index(heading)
    position = _position(record)
    assert {row["seat"]: row["cells"][k] for row in shown["rows"]} == {s: str(v) for s, v in figures(position).items()}
    return position


# A step's number ("30.") that its list cuts: the room left of the last step, inside the list's own
# box (its content-visibility clips what is drawn outside it, as a scrolled box does), narrower than
# its number as drawn.
STEP_NUMBERS_CUT = """() => {
  const pen = document.createElement("canvas").getContext("2d");
  return Array.from(document.querySelectorAll("ol.px-steps")).flatMap((ol) => {
    const li = ol.lastElementChild;
    if (!li || !li.checkVisibility()) return [];
    const style = getComputedStyle(li);
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const number = pen.measureText(`${ol.children.length}. `).width;
    const room = li.getBoundingClientRect().left - ol.getBoundingClientRect().left;
    const said = `step ${ol.children.length}: ${room.toFixed(1)} px for a number of ${number.toFixed(1)}`;
    return room < number ? [said] : [];
  });
}"""


def person_moves(page: Any) -> None:
    """The person's move: a throw, or the first choice offered."""
    if need(page).startswith("dice"):
        page.locator("#ex-play button.px-throw").click()
    else:
        page.locator("#ex-play .px-choices button").first.click()


@ONE_PLAY_PAGE
@pytest.mark.parametrize(("ruleset", "players"), [("veldiv.individuelle", 3), ("cdp.velocita", 2),
                                                  ("chevaux.course", 2), ("ronde.niveau-2", 3)])
def test_g_scoreboard_results_undo(play: tuple[Session, Any], ruleset: str, players: int) -> None:
    s, page = play
    new_race(page, ruleset, players, {0})
    page.locator("#ex-play input.px-fast").check()
    wait_need(page, "(dice|choice):0|over")
    check_score(page, ruleset)
    undo = page.locator("#ex-play button.px-undo")
    assert undo.get_attribute("aria-disabled") == "true"
    undo.focus()  # still focusable (aria-disabled): pressed, it says why nothing happens
    page.keyboard.press("Enter")
    assert "Nothing to undo" in status(page) and "Rien à annuler" in status(page)

    before = (board_label(page), permalink_of(page)[1]["s"], score_table(page))
    before_steps = steps(page)
    person_moves(page)
    page.wait_for_function("Number(document.getElementById('ex-play').dataset.steps) > 0")
    wait_need(page, "(dice|choice):0|over")
    moved = permalink_of(page)[1]["s"]
    assert moved != before[1]
    undo.focus()
    page.keyboard.press("Enter")  # by keyboard
    page.wait_for_function("n => { const el = document.getElementById('ex-play');"
                           " return el.dataset.steps === n && el.dataset.busy === 'false'; }", arg=str(before_steps))
    wait_need(page, "(dice|choice):0")
    assert (board_label(page), permalink_of(page)[1]["s"], score_table(page)) == before
    assert "undone" in status(page) and steps(page) + 1 == page.locator("#ex-play li.px-step").count()

    game = ruleset.split(".")[0]
    for _ in range(400):  # the person plays on until the race is over; the score follows each move
        person_moves(page)
        wait_need(page, "(dice|choice):0|over")
        position = check_score(page, ruleset)
        if need(page) == "over":
            break
    assert need(page) == "over", "the race did not end"
    assert not page.evaluate(STEP_NUMBERS_CUT), "the steps' numbers are cut off"
    shown = score_table(page)
    assert shown["caption"] == "Results" and shown["columns"][0] == "Place"
    assert [row["seat"] for row in shown["rows"]] == position["ranking"]
    assert [row["cells"][0] for row in shown["rows"]] == [str(k) for k in range(1, players + 1)]
    assert page.locator(f"#ex-play {PIECES[game].replace(', ', ', #ex-play ')}").count() == players, \
        "every rider stays on the board at the end"
    page.locator("#ex-play input.px-fast").uncheck()
    s.rec.assert_clean()


def _position(scenario: dict[str, Any]) -> dict[str, Any]:
    """A race's position, replayed in CPython."""
    from parcours import Dice, Game, parse

    game = Game(parse(scenario))
    game.run(Dice(scenario["dice"]), scenario["choices"])
    position: dict[str, Any] = game.position()
    return position


def _hands(scenario: dict[str, Any]) -> list[list[str]]:
    """Every hand of a race's position, replayed in CPython."""
    hands: list[list[str]] = _position(scenario)["hands"]
    return hands


# ---------------------------------------------------------------------------- e. odds
def odds_rows(html_text: str) -> list[list[str]]:
    """The rows of the odds table, as text, from the engine's HTML."""
    body = re.search(r"<tbody>(.*?)</tbody>", html_text, re.DOTALL)
    assert body
    def shown(cell: str) -> str:  # as the browser lays it out: a line break is a space, a tag nothing
        return " ".join(re.sub(r"<[^>]+>", "", re.sub(r"<br\s*/?>", " ", cell)).split())

    return [[shown(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", body.group(1))]


def page_rows(box: Any) -> list[list[str]]:
    rows: list[list[str]] = box.locator(".px-odds-table tbody tr").evaluate_all(
        "rows => rows.map(r => Array.from(r.cells, c => c.innerText.replace(/\\s+/g, ' ').trim()))")
    return rows


def test_e_odds_editor(browser: Any, server: Server) -> None:
    from parcours.chevaux import Board
    from parcours.chevaux.odds import odds
    from parcours_view.chevaux_odds import odds_html

    s = Session(browser, server)
    python = PythonStartHeld(s.context)  # until the page has said it computes
    try:
        page = s.page(ODDS)
        page.wait_for_selector("#px-odds[data-px-live]")
        box = page.locator("#px-odds")
        form = box.locator("form.px-live-form")
        assert form.is_visible()
        published = page_rows(box)
        assert published == odds_rows(odds_html(None))

        board = {"holes": 12, "up": 6, "traps": [2, 7]}
        form.locator("input[name=holes]").fill("12")
        form.locator("input[name=up]").fill("6")
        form.locator("input[name=traps]").fill("2, 7")
        form.locator("button[type=submit]").click()
        assert box.get_attribute("data-state") == "computing"  # Python starts: a few seconds
        assert box.locator(".px-status .px-spinner").count() == 1
        assert box.locator(".px-live-result").get_attribute("aria-busy") == "true"
        python.release(page)
        page.wait_for_selector("#px-odds[data-state=done]", timeout=PYTHON_TIMEOUT)
        shown = page_rows(box)
        assert shown == odds_rows(odds_html(board))
        red = odds(Board.parse(board)).win[0]
        assert f"{100 * float(red):.2f}%" in shown[0][1]  # Red's chance, as the CPython engine computes it
        assert shown != published
        assert "12 holes" in box.locator(".px-status").inner_text()

        # Bad boards: the engine's sentence, the last table kept, what was typed kept.
        for holes, traps, words in (("12", "3, x", "got “x”"), ("20", "40", "from 1 to 19, got 40")):
            form.locator("input[name=holes]").fill(holes)
            form.locator("input[name=traps]").fill(traps)
            form.locator("button[type=submit]").click()
            page.wait_for_selector("#px-odds[data-state=refused]")
            said = box.locator(".px-status").inner_text()
            assert words in said and "refused" in said, said
            assert "Traps: " in said and "setup." not in said, said  # the form's words, not a scenario's path
            assert box.locator(".px-status").get_attribute("data-kind") == "error"
            assert page_rows(box) == shown
            assert form.locator("input[name=traps]").input_value() == traps
            page.evaluate("document.getElementById('px-odds').dataset.state = 'again'")

        # Defaults: the box's board and its published odds, at once.
        form.locator("button.px-live-reset").click()
        assert form.locator("input[name=holes]").input_value() == "20"
        assert form.locator("input[name=up]").input_value() == "10"
        assert form.locator("input[name=traps]").input_value() == "5, 9, 13, 17"
        assert page_rows(box) == published
        s.rec.assert_clean()
    finally:
        s.close()


# ---------------------------------------------------------------------------- h, i. a reload
# The race a tab keeps for the Play page (sessionStorage): its key, read from the page.
KEPT_KEY = "() => Object.keys(sessionStorage).filter((k) => k.startsWith('parcours:play:'))"


def the_race(page: Any) -> tuple[Any, ...]:
    """What a reader sees of a race: its record and seats (the permalink's), board, scoreboard, steps, turn."""
    return (permalink_of(page)[1], board_label(page), score_table(page), steps(page), need(page),
            page.locator("#ex-play li.px-step").count())


def reload_race(page: Any, n: int) -> None:
    page.reload()
    page.wait_for_function("n => { const el = document.getElementById('ex-play');"
                           " return el.dataset.steps === n && el.dataset.busy === 'false'; }",
                           arg=str(n), timeout=PYTHON_TIMEOUT)


def test_h_a_reload_keeps_the_race(browser: Any, server: Server) -> None:
    s = Session(browser, server)
    try:
        page = s.page(PLAY)
        page.wait_for_selector("#ex-play[data-px-play]")
        new_race(page, "cdp.velocita", 2, {1})  # seat 2 a person; the bot decides: choices in the record
        page.locator("#ex-play input.px-fast").check()
        for _ in range(40):
            wait_need(page, "(dice|choice):1|over")
            record = permalink_of(page)[1]["s"]
            if (record["choices"] and len(record["dice"]) >= 6) or need(page) == "over":
                break
            person_moves(page)
        assert record["choices"] and record["dice"], record
        before = the_race(page)
        assert before[0]["h"] == [1]

        reload_race(page, before[3])
        assert the_race(page) == before
        said = status(page)
        assert "Your race, as you left it." in said and "Votre course, telle que vous l'avez laissée." in said, said
        assert "player 2 played by a person, the others by bots." in said, said
        assert "le joueur 2 tenu par une personne, les autres par des robots." in said, said
        form = page.locator("#px-play-form")
        assert form.locator("select[name=ruleset]").input_value() == "cdp.velocita"
        ticked = form.locator(".px-seats input:checked").evaluate_all("boxes => boxes.map(b => Number(b.value))")
        assert ticked == [1]
        assert page.evaluate(KEPT_KEY) == ["parcours:play:/parcours/play/"]

        # Its permalink in the address, a move played after it: the reload brings the race, not the link.
        if need(page) != "over":
            page.locator("#ex-play a.px-permalink").click()
            page.locator("#ex-play > .px-status").filter(has_text="address bar").wait_for()
            person_moves(page)
            page.wait_for_function(f"Number(document.getElementById('ex-play').dataset.steps) > {before[3]}")
            wait_need(page, "(dice|choice):1|over")
            after = the_race(page)
            assert "#ex-play:" in page.url and after != before
            reload_race(page, after[3])
            assert the_race(page) == after

        # A new race, as before: it replaces the kept one.
        new_race(page, "veldiv.individuelle", 3, {0})
        page.locator("#ex-play button.px-throw").click()
        wait_need(page, "dice:0")
        veldiv = the_race(page)
        reload_race(page, veldiv[3])
        assert the_race(page) == veldiv and veldiv[0]["s"]["ruleset"] == "veldiv.individuelle"
        s.rec.assert_clean()
    finally:
        s.close()


def spoiled(record: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """A kept race spoiled as another version of the site could have left it: (name, kept text, English, French)."""
    race = record["s"]
    dropped = ("It was dropped: choose a race above.", "Elle a été abandonnée : choisissez une course ci-dessus.")
    return [
        ("a reading the engine no longer has",
         json.dumps({**record, "s": {**race, "options": {"veldiv.nowhere": 1}}}),
         "The race you were playing could not be restored: the engine refuses it (",
         "La course que vous jouiez n'a pas pu être rétablie : le moteur la refuse ("),
        ("a die the race does not have", json.dumps({**record, "s": {**race, "dice": [*race["dice"], 9]}}),
         "9 is not a face of the D6", dropped[1]),
        ("a race the page does not know", json.dumps({**record, "s": {**race, "ruleset": "veldiv.gone"}}),
         "The race you were playing could not be restored: it was kept by another version of this page, or is damaged. "
         + dropped[0], "Elle a été abandonnée"),
        ("not JSON", '{"s": {"ruleset": ', "could not be restored", "n'a pas pu être rétablie"),
        ("nested 6,000 deep", json.dumps(record)[:-1] + ', "x": ' + "[" * 6000 + "]" * 6000 + "}",
         "could not be restored", "n'a pas pu être rétablie"),
    ]


def test_i_a_kept_race_that_no_longer_replays_is_dropped(session: Session) -> None:
    page = session.page(PLAY)
    page.wait_for_selector("#ex-play[data-px-play]")
    new_race(page, "veldiv.individuelle", 3, {0})
    page.locator("#ex-play button.px-throw").click()
    wait_need(page, "dice:0")
    [key] = page.evaluate(KEPT_KEY)
    record = json.loads(page.evaluate("k => sessionStorage.getItem(k)", key))
    assert record["s"] == permalink_of(page)[1]["s"]
    for name, text, en, fr in spoiled(record):
        page.evaluate("([k, v]) => sessionStorage.setItem(k, v)", [key, text])
        page.reload()
        page.locator("#ex-play > .px-status[data-kind=error]").wait_for(timeout=PYTHON_TIMEOUT)
        said = status(page)
        assert en in said and fr in said, (name, said)
        for word in ("Traceback", "Error", ".mjs", ".py", "(a bug"):
            assert word not in said, (name, word, said)
        assert page.locator("#ex-play .px-idle").is_visible() and page.locator("#ex-play .px-game-body").is_hidden()
        assert page.evaluate("k => sessionStorage.getItem(k)", key) is None, f"{name}: not dropped"
    session.rec.assert_clean()


def test_i_a_kept_race_stays_while_python_cannot_start(browser: Any, server: Server) -> None:
    from test_browser_hostile import FAILED_WORKER

    s = Session(browser, server)
    s.context.route(WORKER_ROUTE, lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=FAILED_WORKER))
    try:
        page = s.page(PLAY)
        page.wait_for_selector("#ex-play[data-px-play]")
        kept = json.dumps({"s": {"ruleset": "veldiv.individuelle", "players": 3, "options": {}, "dice": [4, 2, 6],
                                 "choices": []}, "h": [0], "at": ""})
        page.evaluate("v => sessionStorage.setItem('parcours:play:' + location.pathname, v)", kept)
        page.reload()
        page.locator("#ex-play > .px-status").filter(has_text="reload the page to try again").wait_for()
        said = status(page)
        assert "Python could not start: the engine wheel could not be downloaded (HTTP 404). Your race is kept" in said
        assert "Votre course est gardée : rechargez la page pour réessayer." in said, said
        assert page.evaluate("() => sessionStorage.getItem('parcours:play:' + location.pathname)") == kept
    finally:
        s.close()


@ONE_PLAY_PAGE
def test_a_person_with_nothing_to_decide_throws_to_the_end_in_one_press(play: tuple[Session, Any],
                                                                          server: Server) -> None:
    """The horse race, a person against a bot: "Throw to the end" throws every one of the person's
    throws, the bot answering, to the end of the race; then the button goes, its work done. Every
    step is the engine's own."""
    s, page = play
    new_race(page, "chevaux.course", 2, {0})
    page.locator("#ex-play input.px-fast").check()
    go = page.locator("#ex-play button.px-throw-on")
    assert go.is_visible() and "Throw to the end" in go.inner_text() and "Lancer jusqu'au bout" in go.inner_text()
    go.click()
    wait_need(page, "over", timeout=PYTHON_TIMEOUT)
    assert steps(page) > 4 and not go.is_visible()
    assert "Race over" in page.locator("#ex-play .px-turn").inner_text()
    check_against_engine(page, server, "chevaux/rules/")
    page.locator("#ex-play input.px-fast").uncheck()
    s.rec.assert_clean()
