"""What every game's view module provides (`GameView`), so that the film, the Play page and the
macros never ask which game they show: the registry (registry.py) picks the module."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from parcours import Game


@dataclass(frozen=True)
class Assessment:
    """What a page can add to a position beyond the rules (a solved game's odds): the figures, and
    the sentence under the step in each language."""

    data: dict[str, Any]
    html: dict[str, str]


class GameView(Protocol):
    """A game's drawings and words for a position (read-only attributes, then functions)."""

    @property
    def GAME(self) -> str: ...  # the engine's game id (game_of(ruleset).GAME)
    @property
    def NAMED_DICE(self) -> bool: ...  # not all D6: each step says which die was thrown ("D16 13")
    @property
    def ASKED_OF_HOLDERS(self) -> frozenset[str]: ...  # decisions asked only of players holding a card

    def symbols(self) -> str: ...  # the drawings a page about this game needs, once per page
    def board_svg(self, position: dict[str, Any], label: str, /) -> str: ...
    def board_label(self, position: dict[str, Any], lang: str, /) -> str: ...  # the position in words
    def assess(self, game: Game, /) -> Assessment | None: ...
