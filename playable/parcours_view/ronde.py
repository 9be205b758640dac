"""The Ronde's view. Its board: the course profile (profile.py) cut in a few rows, the riders and the peloton
on it, and a table of the riders: space, turns to sit out, cards, and the hand when it may be
shown (worked examples show every hand: they are demonstrations; the Play page shows a person
only his own, see play.py).

Small, as a page holds some forty examples of many frames each: everything that does not change
from one position to the next is written once per page (`symbols()`): the profile, the rows
cut from it with the table's head, a rider of each colour standing and lying, the table's key
for each rider, the peloton. A board is then a <use> of the rows, a <use> per rider, and the
table's lines.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from functools import lru_cache
from html import escape
from typing import Any

from parcours import Game
from parcours.ronde.cards import AGAINST
from parcours.ronde.narrate import COLOURS, name

from .interface import Assessment
from .profile import SYMBOL_ID, Profile, _num, drawing, is_default, profile_of, rows, symbol
from .track import defs

GAME = "ronde"
NAMED_DICE = True  # D4 to D16: each step says which die was thrown
# Out-of-turn windows: only players holding such a card are asked, so a bot's pass there is not told.
ASKED_OF_HOLDERS = frozenset({"counter", "spring", "passed", "kwak"})

# Seats 1-8: Red, Orange, Yellow, Green, Blue, Purple, Brown, White; (fill, text on it)
RIDER_COLOURS = (("#c62828", "#fff"), ("#ef6c00", "#000"), ("#fdd835", "#000"), ("#2e7d32", "#fff"),
                 ("#1565c0", "#fff"), ("#6a1b9a", "#fff"), ("#5d4037", "#fff"), ("#ffffff", "#000"))
ROWS_ID = "px-ronde-rows"
ROW_GAP = 4
LINE = 13  # the table's line height
COLUMNS = (22, 108, 204, 266, 334)  # rider, space, sits out, cards, hand


def colour_name(seat: int, lang: str) -> str:
    return COLOURS[seat][lang] if seat < len(COLOURS) else f"#{seat + 1}"


def _both(seat: int) -> str:
    fr, en = colour_name(seat, "fr"), colour_name(seat, "en")
    return fr if fr == en else f"{fr} · {en}"


def hand_text(kinds: list[str]) -> str:
    """A hand in the scenario's own words, alike cards counted: "flat ×2, square, t-counter"."""
    counts = Counter(kinds)
    return ", ".join(f"{k} ×{n}" if n > 1 else k for k, n in sorted(counts.items()))


def hand_shown(position: dict[str, Any], seat: int) -> list[str] | None:
    """The hand of a seat, or None when it is hidden from whoever looks (cards held but not shown)."""
    rider = position["riders"][seat]
    hands = position.get("hands") or []
    hand = hands[seat] if seat < len(hands) else []
    if rider["cards"] and not hand:
        return None
    return list(hand)


# ---------------------------------------------------------------- written once per page
@lru_cache(maxsize=8)
def _rows_markup(p: Profile, course_id: str) -> tuple[str, float, float]:
    """The rows of the profile one under the other and the table's head: (markup, width, height)."""
    cuts = rows(p)
    width = max(right - left for left, right in cuts)
    parts = []
    y = 0.0
    for left, right in cuts:
        w = right - left
        parts.append(f'<svg y="{_num(y)}" width="{_num(w)}" height="{_num(p.height)}" '
                     f'viewBox="{_num(left)} 0 {_num(w)} {_num(p.height)}">'
                     f'<use xlink:href="#{course_id}" width="{_num(p.width)}" height="{_num(p.height)}"/></svg>')
        y += p.height + ROW_GAP
    a, b, c, d, e = COLUMNS
    head = y + 10
    parts.append(f'<text class="px-rc-head" y="{_num(head)}"><tspan x="{a}">Coureur · Rider</tspan>'
                 f'<tspan x="{b}">Case · Space</tspan><tspan x="{c}">Passe · Out</tspan>'
                 f'<tspan x="{d}">Cartes · Cards</tspan><tspan x="{e}">Main · Hand</tspan></text>')
    return "".join(parts), width, head


def symbols() -> str:
    """The Ronde's drawings for a page: the course, its rows, the riders, the peloton, the table's keys."""
    p = profile_of(None)
    markup, width, head = _rows_markup(p, SYMBOL_ID)
    out = [symbol(), f'<symbol id="{ROWS_ID}" viewBox="0 0 {_num(width)} {_num(head + 4)}">{markup}</symbol>',
           ('<g id="px-rc-pel" class="px-rc-peloton"><circle cx="-3" r="2.6"/><circle cx="3" r="2.6"/>'
            '<circle cy="-4.6" r="2.6"/></g>')]
    for seat, (fill, ink) in enumerate(RIDER_COLOURS):
        out.append(f'<g id="px-rc-r{seat}" class="px-rc-rider"><circle r="5.6" fill="{fill}"/>'
                   f'<text dy="2.5" fill="{ink}">{seat + 1}</text></g>'
                   f'<g id="px-rc-l{seat}" class="px-rc-rider px-rc-lying"><ellipse rx="6.5" ry="3.6" stroke="{fill}"/>'
                   f'<text dy="2">{seat + 1}</text></g>'
                   f'<g id="px-rc-k{seat}">'
                   f'<circle class="px-rc-key" cx="{COLUMNS[0] - 8}" cy="-3" r="4" fill="{fill}"/>'
                   f'<text class="px-rc-keyname" x="{COLUMNS[0]}">{seat + 1} {_both(seat)}</text></g>')
    return defs("".join(out))


# ---------------------------------------------------------------- a board
def _pieces(position: dict[str, Any], p: Profile, cuts: tuple[tuple[float, float], ...]) -> list[str]:
    """Everything on the road, in the board's coordinates: riders stacked on their space, the peloton."""
    n = len(p.course.spaces)
    stacks: dict[int, list[tuple[str, Any]]] = {}
    peloton = position.get("peloton")
    if peloton is not None:
        stacks.setdefault(peloton, []).append(("peloton", None))
    for r in sorted(position["riders"], key=lambda r: (not r["skip"], r["seat"])):  # lying riders on the road
        at = n - 1 if r["finished"] else max(0, min(r["at"], n - 1))
        stacks.setdefault(at, []).append(("rider", r))
    turn = position.get("turn")
    out: list[str] = []
    for space, items in sorted(stacks.items()):
        cx, road = p.centre(space)
        row = next((k for k, (left, right) in enumerate(cuts) if left <= cx < right), len(cuts) - 1)
        dx, dy = -cuts[row][0], row * (p.height + ROW_GAP)
        step = -11 if space == 0 else 11  # more than four on a space: columns (at Bruges, to the left)
        height = 0.0
        for k, (what, r) in enumerate(items):
            column, level = divmod(k, 4)
            if level == 0:
                height = 0.0
            x = cx + column * step + dx
            if what == "peloton":
                out.append(f'<use xlink:href="#px-rc-pel" x="{_num(x)}" y="{_num(road - 3.5 - height + dy)}"/>')
                height += 10
                continue
            seat = r["seat"] % len(RIDER_COLOURS)
            if r["skip"]:
                y = road - 4 - height + dy
                out.append(f'<use xlink:href="#px-rc-l{seat}" x="{_num(x)}" y="{_num(y)}"/>')
                height += 8.5
            else:
                y = road - 7 - height + dy
                out.append(f'<use xlink:href="#px-rc-r{seat}" x="{_num(x)}" y="{_num(y)}"/>')
                height += 12
            if r["behind"]:
                out.append(f'<circle class="px-rc-behind" cx="{_num(x)}" cy="{_num(y)}" r="7.6"/>')
            if r["seat"] == turn:
                out.append(f'<circle class="px-rc-ring" cx="{_num(x)}" cy="{_num(y)}" r="7.6"/>')
    return out


def _table(position: dict[str, Any], y0: float) -> tuple[str, float]:
    """The riders' lines under the table's head: one a rider (and one for the peloton)."""
    _, b, c, d, e = COLUMNS
    lines = []
    y = y0
    turn = position.get("turn")
    for r in position["riders"]:
        y += LINE
        seat = r["seat"]
        where = "arrivé · in" if r["finished"] else str(r["at"])
        if r["behind"]:
            where += " (derrière · behind)"
        hand = hand_shown(position, seat)
        shown = "(cachée · hidden)" if hand is None else (escape(hand_text(hand)) or "—")
        mark = '<tspan x="0">▶</tspan>' if seat == turn else ""
        lines.append(f'<use xlink:href="#px-rc-k{seat % len(RIDER_COLOURS)}" y="{_num(y)}"/>'
                     f'<text y="{_num(y)}">{mark}<tspan x="{b}">{where}</tspan>'
                     f'<tspan x="{c}">{r["skip"] or "—"}</tspan>'
                     f'<tspan x="{d}">{r["cards"]}</tspan><tspan x="{e}">{shown}</tspan></text>')
    if position.get("peloton") is not None:
        y += LINE
        closed = " (plus de cartes peloton · no more peloton cards)" if position.get("peloton_closed") else ""
        lines.append(f'<text y="{_num(y)}"><tspan x="{COLUMNS[0]}">Peloton</tspan><tspan x="{b}">{position["peloton"]}'
                     f"{closed}</tspan></text>")
    return "".join(lines), y + 6


def board_svg(position: dict[str, Any], label: str) -> str:
    p = profile_of(position.get("course"))
    cuts = rows(p)
    if is_default(position.get("course")):
        _, width, head = _rows_markup(p, SYMBOL_ID)
        base = f'<use xlink:href="#{ROWS_ID}" width="{_num(width)}" height="{_num(head + 4)}"/>'
    else:  # a scenario's own course: its profile and rows go with the board
        base, width, head = _own_course(p)
    table, height = _table(position, head)
    return (f'<svg viewBox="0 0 {_num(width)} {_num(height)}" role="img" aria-label="{escape(label)}" '
            f'class="px-board px-ronde">{base}{"".join(_pieces(position, p, cuts))}'
            f'<g class="px-rc-table">{table}</g></svg>')


@lru_cache(maxsize=8)
def _own_course(p: Profile) -> tuple[str, float, float]:
    """A scenario's own course drawn for its boards: the profile as a symbol, and its rows."""
    digest = hashlib.sha1(json.dumps(p.course.data, sort_keys=True).encode()).hexdigest()[:8]
    ident = f"{SYMBOL_ID}-{digest}"
    markup, width, head = _rows_markup(p, ident)
    return (f'<defs><symbol id="{ident}" viewBox="0 0 {_num(p.width)} {_num(p.height)}">{drawing(p)}</symbol>'
            f"</defs>{markup}"), width, head


def _card_names(kinds: list[str], lang: str) -> str:
    def short(kind: str) -> str:  # a green misfortune says it is tactical
        tactical = kind.startswith("t-") and kind in AGAINST
        return name(kind, lang) + ((" tactique" if lang == "fr" else " (tactical)") if tactical else "")
    counts = Counter(kinds)
    return ", ".join(f"{short(k)} ×{n}" if n > 1 else short(k) for k, n in sorted(counts.items()))


def board_label(position: dict[str, Any], lang: str) -> str:
    """The board in words: each rider's space, turns to sit out, cards (and hand when shown)."""
    fr = lang == "fr"
    parts = []
    for r in position["riders"]:
        seat = r["seat"]
        if r["finished"]:
            where = "arrivé" if fr else "finished"
        else:
            where = f"case {r['at']}" if fr else f"on space {r['at']}"
            if r["behind"]:
                where += " derrière le peloton" if fr else " behind the peloton"
        if r["skip"]:
            n = r["skip"]
            where += (f", à terre pour {n} tour{'s' if n > 1 else ''}" if fr
                      else f", down for {n} turn{'' if n == 1 else 's'}")
        hand = hand_shown(position, seat)
        n = r["cards"]
        cards = (f"{n} carte{'s' if n > 1 else ''}" if fr else f"{n} card{'' if n == 1 else 's'}")
        if hand:
            cards += f" ({_card_names(hand, lang)})"
        parts.append(f"{colour_name(seat, lang)} {where}, {cards}")
    if position.get("peloton") is not None:
        parts.append(f"peloton case {position['peloton']}" if fr else f"peloton on space {position['peloton']}")
    return "; ".join(parts)


def assess(game: Game) -> Assessment | None:
    return None  # not solved
