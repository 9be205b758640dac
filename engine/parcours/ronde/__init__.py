"""Het Grote Ronde van Vlaanderen Spel: three levels, six dice, four decks, a peloton."""

from __future__ import annotations

from ..interface import Exact
from ..options import OptionValue
from .bots import BOT_NAMES, BOTS
from .figures import FIGURES, tally
from .interpretations import APPLIES, OPTIONS
from .narrate import COLOURS as SEAT_COLOURS
from .narrate import article_label, choice_words, question_words, sentence
from .races import ARTICLES, RACES
from .rules import need, new_state, play_choice, play_throw, settle_setup
from .terms import TERMS
from .view import observe

GAME = "ronde"
DECISIONS = True
SHUFFLES = True  # a scenario's seed also seeds the shuffles (setup.shuffle)

__all__ = [
    "APPLIES",
    "ARTICLES",
    "BOTS",
    "BOT_NAMES",
    "DECISIONS",
    "FIGURES",
    "GAME",
    "OPTIONS",
    "RACES",
    "SEAT_COLOURS",
    "SHUFFLES",
    "TERMS",
    "article_label",
    "choice_words",
    "exact",
    "need",
    "new_state",
    "observe",
    "play_choice",
    "play_throw",
    "question_words",
    "sentence",
    "settle_setup",
    "tally",
]


def exact(ruleset: str, options: dict[str, OptionValue]) -> Exact | None:
    """No race of this game is computed exactly: its figures are simulated only."""
    return None
