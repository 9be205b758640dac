"""A French wooden horse race: two tracks, six horses a player, one die, traps."""

from __future__ import annotations

from typing import Any

from ..interface import Exact
from ..options import OptionValue
from .figures import FIGURES, tally
from .interpretations import APPLIES, OPTIONS
from .narrate import COLOURS as SEAT_COLOURS
from .narrate import article_label, choice_words, question_words, sentence
from .races import ARTICLES, DEFAULT_BOARD, HORSES, RACES
from .rules import need, new_state, observe, play_choice, play_dice, play_throw, settle_setup
from .state import Board, State

GAME = "chevaux"
DECISIONS = False  # "aucune décision à prendre": ideal for exact odds
BOTS: dict[str, Any] = {}
BOT_NAMES: dict[str, dict[str, str]] = {}
SHUFFLES = False  # no cards

__all__ = [
    "APPLIES",
    "ARTICLES",
    "BOTS",
    "BOT_NAMES",
    "DECISIONS",
    "DEFAULT_BOARD",
    "FIGURES",
    "GAME",
    "HORSES",
    "OPTIONS",
    "RACES",
    "SEAT_COLOURS",
    "SHUFFLES",
    "Board",
    "State",
    "article_label",
    "choice_words",
    "exact",
    "need",
    "new_state",
    "observe",
    "play_choice",
    "play_dice",
    "play_throw",
    "question_words",
    "sentence",
    "settle_setup",
    "tally",
]


def exact(ruleset: str, options: dict[str, OptionValue]) -> Exact | None:
    """The race on its own board, from its Markov chain (odds.py); the race in legs is not computed."""
    if ruleset != "chevaux.course":
        return None
    from .odds import odds  # exact fractions: loaded only when asked for

    o = odds(Board.parse(None))
    return Exact(tuple(float(p) for p in o.win), {"fr": "chaîne de Markov", "en": "Markov chain"},
                 float(sum(t * p for t, p in o.length.items())))
