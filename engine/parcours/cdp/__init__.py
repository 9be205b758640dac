"""Corriere dei Piccoli, 6 September 1964 (rules by G. Crepax): Velocità, on a 30-square track."""

from __future__ import annotations

from typing import Any

from ..core import Event, Need
from ..options import OptionValue
from . import velocita
from .interpretations import APPLIES, OPTIONS
from .narrate import article_label, sentence
from .races import ARTICLES, RACES, TRACK_SQUARES
from .velocita_bots import BOTS

GAME = "cdp"
DECISIONS = True
State = velocita.Sprint


def new_state(ruleset: str, players: int, options: dict[str, OptionValue], setup: object = None) -> Any:
    return velocita.new_state(ruleset, options, setup)


def settle_setup(state: Any) -> list[Event]:
    return []


def need(state: Any) -> Need | None:
    return velocita.need(state)


def play_throw(state: Any, dice: list[int]) -> list[Event]:
    return velocita.play_throw(state, dice)


def play_choice(state: Any, choice: str) -> list[Event]:
    return velocita.play_choice(state, choice)


def public_position(state: Any) -> dict[str, Any]:
    return velocita.public_position(state)


__all__ = [
    "APPLIES", "ARTICLES", "BOTS", "DECISIONS", "GAME", "OPTIONS", "RACES", "State", "TRACK_SQUARES",
    "article_label", "need", "new_state", "play_choice", "play_throw", "public_position", "sentence", "settle_setup",
]
