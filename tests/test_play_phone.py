"""The Play page on a phone (issue 27): every race the page offers, started on a 390 x 844 phone, shows
its board, whose turn it is, the Throw button (or the choices) and the status line on one screen, with
no scrolling between board and button; the same on a 1,366 x 768 desk.

Served and driven as in test_browser_play.py (its server, browser, Session and waiting helpers), with
animations off (the Session's reduced motion). The races are the page's own <option>s, each at its
fewest players, the first seat a person's: one page, Python started once.

Needs, and FAILS (does not skip) without them, as test_browser.py: Chromium, Playwright for Python
and the built site (make build).   Run only these:  pytest tests/test_play_phone.py
"""

from __future__ import annotations

from typing import Any

import pytest

from browser_support import PYTHON_TIMEOUT, Server, Session
from test_browser_play import new_race, wait_need

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 768}

# What must be on screen at once, each as its box: the part of the board the page shows (its holder,
# which scrolls a board taller than the page lets it be), the turn line, the move to make (Throw, or
# the question and its choices) and the status line; and the top of the screen under Material's header.
ON_SCREEN = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  };
  const play = document.getElementById("ex-play");
  const holder = play.querySelector(".px-board-holder");
  const board = holder.querySelector("svg.px-board");
  const scrolls = holder.scrollHeight > holder.clientHeight + 1;
  const move = play.querySelector(".px-act:not([hidden]) button.px-throw")
    || play.querySelector(".px-decide-box:not([hidden])");
  return {
    top: document.querySelector(".md-header").getBoundingClientRect().bottom,
    parts: {
      board: box(scrolls ? holder : board),
      turn: box(play.querySelector(".px-turn")),
      move: move ? box(move) : null,
      status: box(play.querySelector(":scope > .px-status")),
    },
  };
}"""


def off_screen(page: Any, viewport: dict[str, int]) -> list[str]:
    """What of the game is not on screen now, in words (nothing: all of it is)."""
    seen = page.evaluate(ON_SCREEN)
    out = []
    for name, r in seen["parts"].items():
        if r is None:
            out.append(f"no {name}")
        elif r["bottom"] - r["top"] < 1:
            out.append(f"the {name} is not drawn")
        elif r["top"] < seen["top"] - 0.5 or r["bottom"] > viewport["height"] + 0.5:
            out.append(f"the {name} spans {r['top']:.0f} to {r['bottom']:.0f} px, the screen {seen['top']:.0f} "
                       f"to {viewport['height']}")
        elif r["left"] < -0.5 or r["right"] > viewport["width"] + 0.5:
            out.append(f"the {name} spans {r['left']:.0f} to {r['right']:.0f} px across")
    return out


def races(page: Any) -> list[tuple[str, int]]:
    """The races the page offers, each with its fewest players."""
    options = page.locator("#px-play-form select[name=ruleset] option").evaluate_all(
        "os => os.map((o) => [o.value, Number(o.dataset.min)])")
    return [(value, fewest) for value, fewest in options]


@pytest.mark.parametrize("where", ["phone", "desk"])
def test_every_race_plays_on_one_screen(browser: Any, server: Server, where: str) -> None:
    viewport = PHONE if where == "phone" else DESK
    options: dict[str, Any] = {}
    if where == "phone":
        options = {"device_scale_factor": 2, "is_mobile": True, "has_touch": True}
    s = Session(browser, server, **options)
    try:
        page = s.page(None)
        page.set_viewport_size(viewport)
        page.goto(s.server.base + "play/")
        page.wait_for_selector("#ex-play[data-px-play]")
        offered = races(page)
        assert len(offered) >= 4, offered  # the four games' races at the least
        problems = []
        for ruleset, players in offered:
            new_race(page, ruleset, players, {0}, timeout=PYTHON_TIMEOUT)
            wait_need(page, "dice:0|choice:0", timeout=PYTHON_TIMEOUT)  # the person's move, nothing under way
            page.locator("#ex-play svg.px-board").wait_for()
            problems += [f"{ruleset}: {p}" for p in off_screen(page, viewport)]
        assert not problems, "\n".join(problems)
    finally:
        s.close()
