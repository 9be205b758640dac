"""Het Grote Ronde van Vlaanderen Spel: three levels, six dice, four decks, a peloton."""

from __future__ import annotations

from ..interface import Exact
from ..options import OptionValue
from .bots import BOT_NAMES, BOTS
from .checks import CHECKS
from .figures import FIGURES, tally
from .narrate import COLOURS as SEAT_COLOURS
from .narrate import article_label, choice_words, question_words, sentence
from .options import APPLIES, OPTIONS
from .races import ARTICLES, RACES
from .rules import need, new_state, play_choice, play_throw, settle_setup
from .terms import TERMS
from .view import observe

GAME = "ronde"
DECISIONS = True
SHUFFLES = True  # a scenario's seed also seeds the shuffles (setup.shuffle)
PRECISION = 0.01  # the site's measured shares: half a 95% interval, as a share (measuring.py)
# Its races are slow: measured to ±1 point. Who plays them: the rule of thumb, its first bot (its
# look-ahead, stronger, takes about 0.25 s of CPU a race at level 1, 60 times as long: the readings
# alone would take some 40 hours).
MEASURED_BY: dict[str, tuple[str, ...]] = {}  # ruleset -> its players' bots; else its first bot

__all__ = [
    "APPLIES",
    "ARTICLES",
    "BOTS",
    "BOT_NAMES",
    "CHECKS",
    "DECISIONS",
    "FIGURES",
    "GAME",
    "MEASURED_BY",
    "OPTIONS",
    "PRECISION",
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
