"""The oval tracks' pieces (the Veldiv's riders, the Corriere dei Piccoli's riders and dernies) never
drawn over each other: pieces on two squares side by side, or stacked on one square, stand apart by
more than a piece's width, outlines included (issue 27: the Veldiv's 1b and 2b on squares 40 and 41)."""

from __future__ import annotations

import math
import re

import pytest

from parcours_view import cdp, veldiv
from parcours_view.oval import OUTLINE, PIECE, STACK, Oval

TRACKS = {"veldiv": veldiv.TRACK, "cdp": cdp.TRACK}
WIDTH = 2 * PIECE + OUTLINE  # a piece, its outline on both sides


def centres(svg: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in re.findall(r'transform="translate\(([\d.-]+) ([\d.-]+)\)">', svg)]


@pytest.mark.parametrize("game", sorted(TRACKS))
def test_pieces_on_squares_side_by_side_stand_apart(game: str) -> None:
    track: Oval = TRACKS[game]
    for square in range(1, track.squares + 1):
        after = square % track.squares + 1
        svg = track.board([(square, "1b", "#000", "px-rider"), (after, "D2", "#000", "px-rider px-square")], "")
        (x1, y1), (x2, y2) = centres(svg)
        assert math.hypot(x2 - x1, y2 - y1) >= WIDTH, (game, square, after)


@pytest.mark.parametrize("game", sorted(TRACKS))
def test_pieces_stacked_on_one_square_stand_apart(game: str) -> None:
    track: Oval = TRACKS[game]
    assert STACK >= WIDTH
    for square in range(1, track.squares + 1):
        svg = track.board([(square, "1", "#000", "px-rider"), (square, "1b", "#000", "px-rider px-b")], "")
        (x1, y1), (x2, y2) = centres(svg)
        assert math.hypot(x2 - x1, y2 - y1) >= WIDTH - 1e-6, (game, square)


def test_a_piece_marked_square_is_drawn_square() -> None:
    """The oval draws what its game asks, by a generic class (px-square: the Mezzo fondo's derny),
    never by a game's word."""
    track = next(iter(TRACKS.values()))
    svg = track.board([(1, "1", "#000", "px-rider"), (2, "D2", "#000", "px-rider px-square")], "")
    assert svg.count("<rect ") == 1 and svg.count("<circle ") == 1
