"""The snail race's view (the fifth game's fixture): a row of squares, each snail a numbered disc."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from parcours import Game
from parcours_view.interface import Assessment, Scoreboard, Words, figure
from parcours_view.svg import defs

from .escargots.narrate import COLOURS
from .escargots.rules import LETTUCE, observe

GAME = "escargots"
NAMED_DICE = False
ASKED_OF_HOLDERS: frozenset[str] = frozenset()
PLACE: Words = {"fr": "Case", "en": "Square"}
EXACT_EXPLAINED: str | None = None
FIGURES: Mapping[str, Callable[[], str]] = {}
_GAP = 30


def symbols() -> str:
    return defs("")


def board_svg(position: dict[str, Any], label: str) -> str:
    """The squares 1 to 6 in a row, each snail (its seat's number) on its square, 0 left of the first."""
    width = (LETTUCE + 1) * _GAP + 20
    parts = [f'<svg viewBox="0 0 {width} 80" role="img" aria-label="{escape(label)}" class="px-board">']
    parts += [f'<rect x="{square * _GAP}" y="10" width="{_GAP}" height="{_GAP}" class="px-cell"/>'
              f'<text x="{square * _GAP + _GAP / 2}" y="58" class="px-num">{square}</text>'
              for square in range(1, LETTUCE + 1)]
    parts += [f'<g class="px-rider px-snail" transform="translate({square * _GAP + _GAP / 2} {18 + seat * 14})">'
              f'<circle r="6"/><text dy="3">{seat + 1}</text></g>' for seat, square in enumerate(position["snails"])]
    return "".join(parts) + "</svg>"


paper_board_svg = board_svg


def board_label(position: dict[str, Any], lang: str) -> str:
    """Where each snail is: 'Jaune : case 3 ; Vert : case 5'."""
    square = "case" if lang == "fr" else "square"
    said = [f"{COLOURS[seat][lang]}{' :' if lang == 'fr' else ':'} {square} {at}"
            for seat, at in enumerate(position["snails"])]
    return (" ; " if lang == "fr" else "; ").join(said)


def assess(game: Game) -> Assessment | None:
    return None


def scoreboard(game: Game) -> Scoreboard:
    position = observe(game.state)
    rows = tuple((dict(COLOURS[seat]), figure(at)) for seat, at in enumerate(position["snails"]))
    return Scoreboard(({"fr": "Joueur", "en": "Player"}, dict(PLACE)), rows)


def heat_svg(shares: dict[int, float], label: str) -> str | None:
    return None  # the numbers page charts where snails stop
