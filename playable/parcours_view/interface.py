"""What every game's view module provides (`GameView`), so that the film, the Play page and the
macros never ask which game they show: the registry (registry.py) picks the module."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from parcours import Game


@dataclass(frozen=True)
class Assessment:
    """What a page can add to a position beyond the rules (a solved game's odds): the figures, and
    the sentence under the step in each language."""

    data: dict[str, Any]
    html: dict[str, str]


Words = dict[str, str]  # the same thing in French and in English: {"fr": ..., "en": ...}


@dataclass(frozen=True)
class Scoreboard:
    """A race's score as its own rules keep it: a row a player (or team), in seat order, a column a
    figure, each cell in words. `places`: each seat's place in the running order where the rules
    give one mid-race (riders level share a place), else None; at the end the engine's ranking
    orders the rows (play.py)."""

    columns: tuple[Words, ...]  # the first names the player
    rows: tuple[tuple[Words, ...], ...]
    places: tuple[int, ...] | None = None
    note: Words | None = None


# A figure the reader recomputes from a form (a view's optional LIVE: name -> this): the form's fields,
# as the browser read them, in; {"html": the figure, "said": what the form's status says of it, Words} out,
# or {"error": Words} for fields the engine refuses (the form's words naming the field).
LiveFigure = Callable[[object], dict[str, Any]]


def live_figures(view: object) -> Mapping[str, LiveFigure]:
    """A view's live figures (its optional LIVE, asked by name by the worker's "figure" request, live.py):
    none for a view without."""
    figures: Mapping[str, LiveFigure] = getattr(view, "LIVE", {})
    return figures


def figure(value: int) -> Words:
    """A number, as both languages write it."""
    return {"fr": str(value), "en": str(value)}


def places_by(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Places from sort keys (smaller is ahead), equal keys sharing a place: [(-5,), (-9,), (-5,)] -> (2, 1, 2)."""
    return tuple(1 + sum(other < key for other in keys) for key in keys)


class GameView(Protocol):
    """A game's drawings and words for a position (read-only attributes, then functions). Optional, beside
    these: `LIVE`, the figures a reader recomputes from a form (live_figures), and the view's own styles, in
    a stylesheet beside its module named as it is (`ronde.py` -> `ronde.css`; playable/styles.py)."""

    @property
    def GAME(self) -> str: ...  # the engine's game id (game_of(ruleset).GAME)
    @property
    def NAMED_DICE(self) -> bool: ...  # not all D6: each step says which die was thrown ("D16 13")
    @property
    def ASKED_OF_HOLDERS(self) -> frozenset[str]: ...  # decisions asked only of players holding a card
    @property
    def PLACE(self) -> Words: ...  # a place of the track, as a chart's axis names it ("Case", "Trou")
    @property
    def FIGURES(self) -> Mapping[str, Callable[[], str]]: ...  # the game's own figures, which its pages
    # show by name ({{ game_figure(game, name) }}; "board": the editions page's empty board; "paper": what
    # a printed book shows once, at the start of its first part)
    @property
    def EXACT_EXPLAINED(self) -> str | None: ...  # the page (from the game's docs/ folder) saying how its
    # exact figures are computed, "rules.md#odds"; None for a game with none

    def symbols(self) -> str: ...  # the drawings a page about this game needs, once per page
    # the board; a board taller than the Play page's box marks the piece whose turn it is px-to-play (scrolled to)
    def board_svg(self, position: dict[str, Any], label: str, /) -> str: ...
    # the board beside a printed example's steps (as board_svg, or cut to what a book needs)
    def paper_board_svg(self, position: dict[str, Any], label: str, /) -> str: ...
    def board_label(self, position: dict[str, Any], lang: str, /) -> str: ...  # the position in words
    def assess(self, game: Game, /) -> Assessment | None: ...
    def scoreboard(self, game: Game, /) -> Scoreboard: ...  # the score, as the Play page shows it after each step
    # Where pieces stop (square -> share of all stops) drawn on the board, or None (then charted).
    def heat_svg(self, shares: dict[int, float], label: str, /) -> str | None: ...
