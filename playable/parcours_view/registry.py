"""The view of each game, keyed by the engine's game id."""

from __future__ import annotations

from parcours import game_of

from . import cdp, chevaux, ronde, veldiv
from .interface import GameView

_ALL: tuple[GameView, ...] = (veldiv, cdp, chevaux, ronde)  # each module checked against GameView
VIEWS: dict[str, GameView] = {view.GAME: view for view in _ALL}


def view_of(ruleset: str) -> GameView:
    """The view of the game a ruleset belongs to ('cdp.velocita' -> the Corriere dei Piccoli's)."""
    return VIEWS[game_of(ruleset).GAME]


def register(view: GameView) -> None:
    """A game's view added at run time (with parcours.games.register: tests/fifth)."""
    if view.GAME in VIEWS:
        raise ValueError(f"a view of {view.GAME!r} is already registered")
    VIEWS[view.GAME] = view


def unregister(game: str) -> None:
    del VIEWS[game]
