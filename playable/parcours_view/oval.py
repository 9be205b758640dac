"""Oval tracks as SVG (the Veldiv's 48 squares, the Corriere dei Piccoli's 30), drawn from the engine's data.

The bare track is a <symbol> written once per page; each board <use>s it and adds the pieces.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

# Drawn so that on a phone (a board the screen's width, 390 px: parcours.css) the numbers and the riders'
# labels, 12.5 units, read at 11 px or more; on a wide screen the CSS caps how far the board grows.
WIDTH, HEIGHT = 430, 284
CX, CY = WIDTH / 2, HEIGHT / 2
STRAIGHT, RADIUS, LANE = 150.0, 100.0, 34.0
NUMBER_OUT = LANE / 2 + 10  # a square's number, outside the lane: its centre's distance from the track's middle
# A piece's half-width (a rider's radius, half a derny's width), and how far the next piece on a square
# stands towards the infield: pieces on two squares side by side (a square is 928/48 = 19.3 units long on
# the Veldiv's track) or on one square never overlap, their outlines (1.5 units) included.
PIECE, STACK, OUTLINE = 8.8, 19.5, 1.5
PERIMETER = 2 * STRAIGHT + 2 * math.pi * RADIUS
LINE_AT = STRAIGHT / 2  # the finishing line: the middle of the home straight

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


@dataclass(frozen=True)
class Oval:
    """A track of `squares` numbered squares; the line is crossed after square `line`."""

    symbol_id: str
    squares: int
    line: int
    marks: tuple[tuple[int, str], ...] = ()  # other lines: (after square, css class)

    @property
    def cell(self) -> float:
        return PERIMETER / self.squares

    def centre(self, square: int) -> tuple[float, float, float]:
        offset = (square - self.line - 1) % self.squares + 0.5
        return point(LINE_AT + offset * self.cell)

    def _line(self, after: int, css: str) -> str:
        x, y, heading = point(LINE_AT + ((after - self.line) % self.squares) * self.cell)
        out_x, out_y = -math.sin(math.radians(heading)), math.cos(math.radians(heading))
        half = LANE / 2 + 6
        return (f'<line x1="{x - out_x * half:.1f}" y1="{y - out_y * half:.1f}" x2="{x + out_x * half:.1f}" '
                f'y2="{y + out_y * half:.1f}" class="{css}"/>')

    def symbol(self) -> str:
        parts = [f'<symbol id="{self.symbol_id}" viewBox="0 0 {WIDTH} {HEIGHT}">',
                 (f'<rect x="{CX - STRAIGHT / 2 - RADIUS + LANE / 2 + 6}" y="{CY - RADIUS + LANE / 2 + 6}" '
                  f'width="{STRAIGHT + 2 * RADIUS - LANE - 12}" height="{2 * RADIUS - LANE - 12}" '
                  f'rx="{RADIUS - LANE / 2 - 6}" class="px-pelouse"/>')]
        for square in range(1, self.squares + 1):
            x, y, heading = self.centre(square)
            out_x, out_y = -math.sin(math.radians(heading)), math.cos(math.radians(heading))  # away from the infield
            parts.append(f'<rect x="{-self.cell / 2:.1f}" y="{-LANE / 2}" width="{self.cell:.1f}" height="{LANE}" '
                         f'class="px-cell" transform="translate({x:.1f} {y:.1f}) rotate({heading:.1f})"/>'
                         f'<text x="{x + out_x * NUMBER_OUT:.1f}" y="{y + out_y * NUMBER_OUT + 4.5:.1f}" '
                         f'class="px-num">{square}</text>')
        parts.append(self._line(self.line, "px-line"))
        parts.extend(self._line(after, css) for after, css in self.marks)
        parts.append("</symbol>")
        return "".join(parts)

    def board(self, pieces: list[tuple[int, str, str, str]], label: str) -> str:
        """pieces: (square, text, colour, css class). Pieces sharing a square stand towards the infield."""
        parts = [(f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(label)}" class="px-board">'
                  f'<use xlink:href="#{self.symbol_id}"/>')]
        stacked: dict[int, int] = {}
        for square, text, colour, css in pieces:
            n = stacked.get(square, 0)
            stacked[square] = n + 1
            x, y, heading = self.centre(square)
            dx, dy = math.sin(math.radians(heading)) * STACK * n, -math.cos(math.radians(heading)) * STACK * n
            side = 2 * PIECE  # a piece marked px-square (the Mezzo fondo's derny): a square as wide as a rider
            shape = (f'<rect x="-{PIECE}" y="-{PIECE}" width="{side}" height="{side}" rx="3" fill="{colour}"/>'
                     if "px-square" in css.split() else f'<circle r="{PIECE}" fill="{colour}"/>')
            parts.append(f'<g class="{css}" transform="translate({x + dx:.1f} {y + dy:.1f})">{shape}'
                         f'<text dy="4.5">{escape(text)}</text></g>')
        parts.append("</svg>")
        return "".join(parts)


    def heat(self, shares: dict[int, float], label: str) -> str:
        """The track as a heat map: each square shaded by how often a piece stops there, from the
        lightest (the least often) to the darkest (the most often), over the numbered track."""
        low, top = min(shares.values(), default=0.0), max(shares.values(), default=0.0)
        span = (top - low) or 1.0
        parts = [(f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(label)}" '
                  f'class="px-board px-heat"><use xlink:href="#{self.symbol_id}"/>')]
        for square, share in sorted(shares.items()):
            x, y, heading = self.centre(square)
            parts.append(f'<rect x="{-self.cell / 2:.1f}" y="{-LANE / 2}" width="{self.cell:.1f}" height="{LANE}" '
                         f'class="px-heat-cell" fill-opacity="{0.08 + 0.92 * (share - low) / span:.2f}" '
                         f'transform="translate({x:.1f} {y:.1f}) rotate({heading:.1f})"/>')
        parts.append("</svg>")
        return "".join(parts)


def colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
