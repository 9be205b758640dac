"""The 48-square oval of the Jeu du Veldiv as SVG, drawn from the engine's own track data."""

from __future__ import annotations

import math
from html import escape

from parcours.veldiv import START_LINE, TRACK_SQUARES

TRACK_SYMBOL_ID = "px-veldiv-track"
WIDTH, HEIGHT = 640, 330
CX, CY = WIDTH / 2, HEIGHT / 2
STRAIGHT, RADIUS, LANE = 300.0, 118.0, 40.0
PERIMETER = 2 * STRAIGHT + 2 * math.pi * RADIUS
CELL = PERIMETER / TRACK_SQUARES
LINE_AT = STRAIGHT / 2  # the finish line: the middle of the home straight, after square 48

# Seat colours: dark enough for white numbers on them.
SEAT_COLOURS = ("#b71c1c", "#0d47a1", "#1b5e20", "#6a1b9a", "#bf360c", "#00695c",
                "#880e4f", "#4e342e", "#37474f", "#5d4037", "#01579b", "#33691e")


def point(t: float) -> tuple[float, float, float]:
    """(x, y, heading in degrees) at distance t along the track's centre line, anticlockwise."""
    t %= PERIMETER
    half = STRAIGHT / 2
    bend = math.pi * RADIUS
    if t < STRAIGHT:  # home straight, left to right along the bottom
        return CX - half + t, CY + RADIUS, 0.0
    t -= STRAIGHT
    if t < bend:  # right bend, bottom to top
        a = math.pi / 2 - t / RADIUS
        return CX + half + RADIUS * math.cos(a), CY + RADIUS * math.sin(a), -math.degrees(t / RADIUS)
    t -= bend
    if t < STRAIGHT:  # back straight, right to left along the top
        return CX + half - t, CY - RADIUS, 180.0
    t -= STRAIGHT
    a = -math.pi / 2 - t / RADIUS  # left bend, top to bottom
    return CX - half + RADIUS * math.cos(a), CY + RADIUS * math.sin(a), 180.0 - math.degrees(t / RADIUS)


def square_centre(square: int) -> tuple[float, float, float]:
    offset = (square % TRACK_SQUARES) - 0.5 if square != START_LINE else TRACK_SQUARES - 0.5
    return point(LINE_AT + offset * CELL)


def track_symbol() -> str:
    """The board without riders, once per page, reused by every example's <use>."""
    parts = [f'<symbol id="{TRACK_SYMBOL_ID}" viewBox="0 0 {WIDTH} {HEIGHT}">',
             f'<rect x="{CX - STRAIGHT / 2 - RADIUS + LANE / 2 + 6}" y="{CY - RADIUS + LANE / 2 + 6}" '
             f'width="{STRAIGHT + 2 * RADIUS - LANE - 12}" height="{2 * RADIUS - LANE - 12}" '
             f'rx="{RADIUS - LANE / 2 - 6}" class="px-pelouse"/>']
    for square in range(1, TRACK_SQUARES + 1):
        x, y, heading = square_centre(square)
        out_x, out_y = -math.sin(math.radians(heading)), math.cos(math.radians(heading))  # away from the infield
        parts.append(f'<rect x="{-CELL / 2:.1f}" y="{-LANE / 2}" width="{CELL:.1f}" height="{LANE}" class="px-cell" '
                     f'transform="translate({x:.1f} {y:.1f}) rotate({heading:.1f})"/>'
                     f'<text x="{x + out_x * (LANE / 2 + 9):.1f}" y="{y + out_y * (LANE / 2 + 9) + 4:.1f}" '
                     f'class="px-num">{square}</text>')
    lx, ly, _ = point(LINE_AT)
    parts.append(f'<line x1="{lx:.1f}" y1="{ly - LANE / 2 - 6:.1f}" x2="{lx:.1f}" y2="{ly + LANE / 2 + 6:.1f}" '
                 'class="px-line"/>')
    parts.append("</symbol>")
    return "".join(parts)


def riders_svg(riders: list[list[dict[str, object]]], team: bool, label: str) -> str:
    """One board: the shared track plus the riders of a position."""
    parts = [f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(label)}" class="px-board">'
             f'<use href="#{TRACK_SYMBOL_ID}"/>']
    stacked: dict[int, int] = {}
    for seat, team_riders in enumerate(riders):
        for index, rider in enumerate(team_riders):
            square = rider.get("square")
            if not isinstance(square, int):
                continue
            n = stacked.get(square, 0)
            stacked[square] = n + 1
            x, y, heading = square_centre(square)
            # riders sharing the start line stand in a row towards the infield
            dx = -math.sin(math.radians(heading)) * -18 * n
            dy = math.cos(math.radians(heading)) * -18 * n
            text = f"{seat + 1}{'ab'[index] if team else ''}"
            shorts = ' class="px-rider px-b"' if team and index == 1 else ' class="px-rider"'
            parts.append(f'<g{shorts} transform="translate({x + dx:.1f} {y + dy:.1f})">'
                         f'<circle r="13" fill="{SEAT_COLOURS[seat % len(SEAT_COLOURS)]}"/>'
                         f'<text dy="4.5">{text}</text></g>')
    parts.append("</svg>")
    return "".join(parts)
