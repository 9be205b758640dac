"""The Ronde's view. Its board: the course profile (ronde_course.py) cut in a few rows, the riders and the peloton
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
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from html import escape
from typing import Any

from parcours import Game
from parcours.core import typeset
from parcours.ronde import observe
from parcours.ronde.narrate import BOARD_HEADS, COLOURS, SCORE_WORDS, hand, space_words, turns_down
from parcours.ronde.narrate import PLACE as PLACE_WORDS

from .interface import Assessment, Scoreboard, Words, figure, places_by
from .ronde_course import (
    LABEL,
    ROW_GAP,
    SYMBOL_ID,
    Profile,
    _num,
    course_figure,
    drawing,
    is_default,
    profile_of,
    rows,
    rows_markup,
    symbol,
)
from .svg import defs
from .words import both_text

GAME = "ronde"
PLACE: Words = PLACE_WORDS  # a place of its track, in its package's words
EXACT_EXPLAINED: str | None = None
NAMED_DICE = True  # D4 to D16: each step says which die was thrown
# Out-of-turn windows: only players holding such a card are asked, so a bot's pass there is not told.
ASKED_OF_HOLDERS = frozenset({"counter", "spring", "passed", "kwak"})

# Seats 1-8: Red, Orange, Yellow, Green, Blue, Purple, Brown, White; (fill, text on it)
RIDER_COLOURS = (("#c62828", "#fff"), ("#ef6c00", "#000"), ("#fdd835", "#000"), ("#2e7d32", "#fff"),
                 ("#1565c0", "#fff"), ("#6a1b9a", "#fff"), ("#5d4037", "#fff"), ("#ffffff", "#000"))
ROWS_ID = "px-ronde-rows"
RIDER = 7.5  # a standing rider's radius: room for his number, LABEL units
LINE = 14  # the table's line height (its text is LABEL units, as the profile's)
COLUMNS = (24, 150, 240, 300)  # rider, space, sits out, cards; a rider's hand on the lines under his
HAND_AT = 30  # where a hand's lines begin
CHAR = LABEL * .56  # roughly how wide a character is, to wrap a hand's lines


def colour_name(seat: int, lang: str) -> str:
    return COLOURS[seat][lang] if seat < len(COLOURS) else f"#{seat + 1}"


def _both(seat: int) -> str:
    return both_text(colour_name(seat, "fr"), colour_name(seat, "en"), "tspan")


def hand_lines(kinds: list[str], width: float) -> list[tuple[str, list[str]]]:
    """A hand in words, French then English (the game's words), in the board's width: ("", [one
    line]) of 'plat ×2, contre · flat ×2, counter' when it fits, else each language's lines
    [("fr", lines), ("en", lines)]."""
    fr, en = hand(kinds, "fr"), hand(kinds, "en")
    room = int((width - HAND_AT) / CHAR)
    if len(fr) + len(en) + 3 <= room:
        return [("", [both_text(fr, en, "tspan")])]
    return [(lang, [escape(line) for line in _wrap(words, room)]) for lang, words in (("fr", fr), ("en", en))]


def _wrap(words: str, room: int) -> list[str]:
    """Lines of at most `room` characters, cut after a card's name (a comma)."""
    lines = [""]
    for item in words.split(", "):
        joined = f"{lines[-1]}, {item}" if lines[-1] else item
        if len(joined) + 1 > room and lines[-1]:
            lines[-1] += ","
            lines.append(item)
        else:
            lines[-1] = joined
    return lines


def hand_shown(position: dict[str, Any], seat: int) -> list[str] | None:
    """The hand of a seat, or None when it is hidden from whoever looks (cards held but not shown)."""
    rider = position["riders"][seat]
    hands = position.get("hands") or []
    hand = hands[seat] if seat < len(hands) else []
    if rider["cards"] and not hand:
        return None
    return list(hand)


# ---------------------------------------------------------------- written once per page
@lru_cache(maxsize=16)
def _rows_markup(p: Profile, course_id: str, shown: tuple[int, ...] | None = None) -> tuple[str, float, float]:
    """The rows of the profile one under the other (`shown`: only those) and the table's head:
    (markup, width, height)."""
    markup, width, y = rows_markup(p, course_id, shown)
    parts = [markup]
    head = y + LINE
    for line, lang in enumerate(("fr", "en")):
        spans = "".join(f'<tspan x="{x}">{w[lang]}</tspan>' for x, w in zip(COLUMNS, BOARD_HEADS))
        parts.append(f'<text class="px-rc-head" lang="{lang}" y="{_num(head + line * LINE)}">{spans}</text>')
    return "".join(parts), width, head + LINE


def symbols() -> str:
    """The Ronde's drawings for a page: the course, its rows, the riders, the peloton, the table's keys."""
    p = profile_of(None)
    markup, width, head = _rows_markup(p, SYMBOL_ID)
    out = [symbol(), f'<symbol id="{ROWS_ID}" viewBox="0 0 {_num(width)} {_num(head + 4)}">{markup}</symbol>',
           ('<g id="px-rc-pel" class="px-rc-peloton"><circle cx="-3" r="2.6"/><circle cx="3" r="2.6"/>'
            '<circle cy="-4.6" r="2.6"/></g>')]
    for seat, (fill, ink) in enumerate(RIDER_COLOURS):
        out.append(f'<g id="px-rc-r{seat}" class="px-rc-rider"><circle r="{RIDER}" fill="{fill}"/>'
                   f'<text dy="3.8" fill="{ink}">{seat + 1}</text></g>'
                   f'<g id="px-rc-l{seat}" class="px-rc-rider px-rc-lying">'
                   f'<ellipse rx="{RIDER + 1.5}" ry="{RIDER - 1}" '
                   f'stroke="{fill}"/><text dy="3.8">{seat + 1}</text></g>'
                   f'<g id="px-rc-k{seat}">'
                   f'<circle class="px-rc-key" cx="{COLUMNS[0] - 10}" cy="-4" r="5" fill="{fill}"/>'
                   f'<text class="px-rc-keyname" x="{COLUMNS[0]}">{seat + 1} {_both(seat)}</text></g>')
    return defs("".join(out))


# ---------------------------------------------------------------- a board
def _stacks(position: dict[str, Any], p: Profile) -> dict[int, list[tuple[str, Any]]]:
    """What stands on each space: the peloton, then the riders (lying ones first, on the road)."""
    n = len(p.course.spaces)
    stacks: dict[int, list[tuple[str, Any]]] = {}
    peloton = position.get("peloton")
    if peloton is not None:
        stacks.setdefault(peloton, []).append(("peloton", None))
    for r in sorted(position["riders"], key=lambda r: (not r["skip"], r["seat"])):
        at = n - 1 if r["finished"] else max(0, min(r["at"], n - 1))
        stacks.setdefault(at, []).append(("rider", r))
    return stacks


def _row_of(p: Profile, cuts: tuple[tuple[float, float], ...], space: int) -> int:
    cx, _ = p.centre(space)
    return next((k for k, (left, right) in enumerate(cuts) if left <= cx < right), len(cuts) - 1)


def _pieces(position: dict[str, Any], p: Profile, cuts: tuple[tuple[float, float], ...],
            shown: tuple[int, ...] | None = None) -> list[str]:
    """Everything on the road, in the board's coordinates: riders stacked on their space, the peloton
    (`shown`: the rows drawn, one under the other; all by default)."""
    turn = position.get("turn")
    out: list[str] = []
    for space, items in sorted(_stacks(position, p).items()):
        cx, road = p.centre(space)
        row = _row_of(p, cuts, space)
        dx, dy = -cuts[row][0], (shown.index(row) if shown else row) * (p.height + ROW_GAP)
        # more than four on a space: columns (at Bruges, to the left)
        step = -(2 * RIDER + 1) if space == 0 else 2 * RIDER + 1
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
                y = road - RIDER - height + dy
                out.append(f'<use xlink:href="#px-rc-l{seat}" x="{_num(x)}" y="{_num(y)}"/>')
                height += 2 * RIDER
            else:
                y = road - RIDER - 1.5 - height + dy
                out.append(f'<use xlink:href="#px-rc-r{seat}" x="{_num(x)}" y="{_num(y)}"/>')
                height += 2 * RIDER + 1
            if r["behind"]:
                out.append(f'<circle class="px-rc-behind" cx="{_num(x)}" cy="{_num(y)}" r="{RIDER + 2}"/>')
            if r["seat"] == turn:
                out.append(f'<circle class="px-rc-ring px-to-play" cx="{_num(x)}" cy="{_num(y)}" r="{RIDER + 2}"/>')
    return out


def _table(position: dict[str, Any], y0: float, width: float) -> tuple[str, float]:
    """The riders' lines under the table's head: one a rider, his hand (when it may be shown) on the
    lines under it; then the peloton."""
    _, b, c, d = COLUMNS
    lines = []
    y = y0
    turn = position.get("turn")
    for r in position["riders"]:
        y += LINE
        seat = r["seat"]
        home = SCORE_WORDS["home"]
        where = both_text(home["fr"], home["en"], "tspan") if r["finished"] else str(r["at"])
        mark = '<tspan x="0">▶</tspan>' if seat == turn else ""
        lines.append(f'<use xlink:href="#px-rc-k{seat % len(RIDER_COLOURS)}" y="{_num(y)}"/>'
                     f'<text y="{_num(y)}">{mark}<tspan x="{b}">{where}</tspan>'
                     f'<tspan x="{c}">{r["skip"] or "—"}</tspan><tspan x="{d}">{r["cards"]}</tspan></text>')
        if r["behind"]:
            y += LINE
            lines.append(f'<text class="px-rc-hand" y="{_num(y)}"><tspan x="{HAND_AT}">'
                         f'{both_text("derrière le peloton", "behind the peloton", "tspan")}</tspan></text>')
        blocks = _hand_shown_lines(position, seat, width)
        for k, (lang, shown) in enumerate(blocks):
            lines.append(_hand_text(seat, lang, shown, y + LINE, len(blocks[0][1]) if k else 0))
            y += LINE * len(shown)
    if position.get("peloton") is not None:
        y += LINE
        lines.append(f'<text y="{_num(y)}"><tspan x="{COLUMNS[0]}">Peloton</tspan><tspan x="{b}">{position["peloton"]}'
                     "</tspan></text>")
        if position.get("peloton_closed"):
            y += LINE
            lines.append(f'<text class="px-rc-hand" y="{_num(y)}"><tspan x="{HAND_AT}">'
                         f'{both_text("plus de cartes peloton", "no more peloton cards", "tspan")}</tspan></text>')
    return "".join(lines), y + 6


def _hand_shown_lines(position: dict[str, Any], seat: int, width: float) -> list[tuple[str, list[str]]]:
    """A rider's hand under his line: in words, or that it is hidden; nothing for no cards."""
    shown = hand_shown(position, seat)
    if shown is None:
        return [("", [both_text("main cachée", "hand hidden", "tspan")])]
    return hand_lines(shown, width) if shown else []


def _hand_text(seat: int, lang: str, shown: list[str], y: float, above: int) -> str:
    """A hand's lines (in one language, or both on one line) from y on. English lines that follow
    `above` French ones move up by as many lines when the reader reads English only (ronde.css):
    no blank lines where the French would be."""
    spans = "".join(f'<tspan x="{HAND_AT}" dy="{0 if k == 0 else LINE}">{t}</tspan>' for k, t in enumerate(shown))
    marks = ' class="px-rc-hand px-rc-after-fr"' if above else ' class="px-rc-hand"'
    marks += (f' lang="{lang}"' if lang else "") + (f' style="--px-fr-lines: {above}"' if above else "")
    return f'<text{marks} data-seat="{seat}" y="{_num(y)}">{spans}</text>'


def board_svg(position: dict[str, Any], label: str) -> str:
    p = profile_of(position.get("course"))
    cuts = rows(p)
    if is_default(position.get("course")):
        _, width, head = _rows_markup(p, SYMBOL_ID)
        base = f'<use xlink:href="#{ROWS_ID}" width="{_num(width)}" height="{_num(head + 4)}"/>'
    else:  # a scenario's own course: its profile and rows go with the board
        base, width, head = _own_course(p)
    table, height = _table(position, head, width)
    return (f'<svg viewBox="0 0 {_num(width)} {_num(height)}" role="img" aria-label="{escape(label)}" '
            f'class="px-board px-ronde px-board-scrolls">{base}{"".join(_pieces(position, p, cuts))}'
            f'<g class="px-rc-table">{table}</g></svg>')


def paper_board_svg(position: dict[str, Any], label: str) -> str:
    """The board beside a printed example's steps: only the rows of the course where a rider or the
    peloton stands (each row's space numbers place it on the course, drawn whole at the start of the
    book: FIGURES["paper"]), then the table. Its caption would say the table again: the board is marked
    as holding its own (px-board-tabled)."""
    p = profile_of(position.get("course"))
    cuts = rows(p)
    shown = tuple(sorted({_row_of(p, cuts, space) for space in _stacks(position, p)}))
    if is_default(position.get("course")):
        base, width, head = _rows_markup(p, SYMBOL_ID, shown)
    else:
        base, width, head = _own_course(p, shown)
    table, height = _table(position, head, width)
    return (f'<svg viewBox="0 0 {_num(width)} {_num(height)}" role="img" aria-label="{escape(label)}" '
            f'class="px-board px-ronde px-board-tabled">{base}{"".join(_pieces(position, p, cuts, shown))}'
            f'<g class="px-rc-table">{table}</g></svg>')


@lru_cache(maxsize=8)
def _own_course(p: Profile, shown: tuple[int, ...] | None = None) -> tuple[str, float, float]:
    """A scenario's own course drawn for its boards: the profile as a symbol, and its rows."""
    digest = hashlib.sha1(json.dumps(p.course.data, sort_keys=True).encode()).hexdigest()[:8]
    ident = f"{SYMBOL_ID}-{digest}"
    markup, width, head = _rows_markup(p, ident, shown)
    return (f'<defs><symbol id="{ident}" viewBox="0 0 {_num(p.width)} {_num(p.height)}">{drawing(p)}</symbol>'
            f"</defs>{markup}"), width, head


def board_label(position: dict[str, Any], lang: str) -> str:
    """The board in words: each rider's place in the scoreboard's words ("Rouge : case 42", "Red:
    Bruges"), turns to sit out, cards (and hand when shown); the peloton's space."""
    fr = lang == "fr"
    colon = " :" if fr else ":"
    parts = []
    for r in position["riders"]:
        seat = r["seat"]
        where = SCORE_WORDS["finished"][lang] if r["finished"] else space_words(r["at"], r["behind"])[lang]
        if r["skip"]:
            n = r["skip"]
            where += (f", à terre pour {n} tour{'s' if n > 1 else ''}" if fr
                      else f", down for {n} turn{'' if n == 1 else 's'}")
        shown = hand_shown(position, seat)
        n = r["cards"]
        cards = (f"{n} carte{'s' if n > 1 else ''}" if fr else f"{n} card{'' if n == 1 else 's'}")
        if shown:
            cards += f" ({hand(shown, lang)})"
        parts.append(f"{colour_name(seat, lang)}{colon} {where}, {cards}")
    if position.get("peloton") is not None:
        parts.append(f"peloton{colon} {space_words(position['peloton'], False)[lang]}")
    return (" ; " if fr else "; ").join(parts)  # French puts a space before the semicolon


def assess(game: Game) -> Assessment | None:
    return None  # not solved


def scoreboard(game: Game) -> Scoreboard:
    """The running order (arrivals first, then the farthest along; riders on one space share a
    place), each rider's space, turns down, cards in hand (how many: the cards themselves are the board's)."""
    position = observe(game.state, -1)  # public facts only
    arrivals = list(game.state.arrivals)
    riders = position["riders"]
    columns = (SCORE_WORDS["rider"], SCORE_WORDS["where"], SCORE_WORDS["down"], SCORE_WORDS["cards"])
    rows = tuple((_colour(r["seat"]), SCORE_WORDS["finished"] if r["finished"] else space_words(r["at"], r["behind"]),
                  turns_down(r["skip"]), figure(r["cards"])) for r in riders)
    keys = [(arrivals.index(r["seat"]),) if r["seat"] in arrivals else (len(arrivals), -r["at"]) for r in riders]
    return Scoreboard(columns, rows, places_by(keys))


def _colour(seat: int) -> Words:
    return {lang: colour_name(seat, lang) for lang in ("fr", "en")}


def heat_svg(shares: dict[int, float], label: str) -> str | None:
    """No board of its own for where pieces stop: the numbers page charts them by space instead."""
    return None


# The text that opens an element marked French, up to its first tag.
FRENCH_MARKED = re.compile(r'(<[^<>]* lang="fr"[^<>]*>)([^<]+)')


def course_page_figure(listed: bool = True) -> str:
    """The course (the reconstruction the engine plays) as a race profile, its French typeset as
    French sets it: each element marked French has its text up to its first tag typeset (the
    course's caption has no tag inside a French text)."""
    return FRENCH_MARKED.sub(lambda m: m.group(1) + typeset(m.group(2), "fr"), course_figure(listed=listed))


# The game's own figures, which its pages show by name ({{ game_figure("ronde", "course") }}); "paper":
# the whole course once in a printed book, whose examples draw only the rows they use (paper_board_svg)
FIGURES: Mapping[str, Callable[[], str]] = {"course": course_page_figure,
                                            "paper": lambda: course_page_figure(listed=False)}
