"""A French wooden horse race: two tracks, six horses a player, one die, traps."""

from __future__ import annotations

from typing import Any

from ..interface import Exact
from ..options import OptionValue
from .figures import FIGURES, tally
from .narrate import COLOURS as SEAT_COLOURS
from .narrate import article_label, choice_words, question_words, sentence
from .options import APPLIES, OPTIONS
from .races import ARTICLES, DEFAULT_BOARD, HORSES, RACES
from .rules import need, new_state, observe, play_choice, play_dice, play_throw, settle_setup
from .state import Board, State
from .terms import TERMS

GAME = "chevaux"
DECISIONS = False  # "aucune décision à prendre": ideal for exact odds
BOTS: dict[str, Any] = {}
BOT_NAMES: dict[str, dict[str, str]] = {}
SHUFFLES = False  # no cards
PRECISION = 0.005  # the site's measured shares: half a 95% interval, as a share (measuring.py)
MEASURED_BY: dict[str, tuple[str, ...]] = {}  # ruleset -> its players' bots; else its first bot

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
    "MEASURED_BY",
    "OPTIONS",
    "PRECISION",
    "RACES",
    "SEAT_COLOURS",
    "SHUFFLES",
    "TERMS",
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
    """Either race on its own board under the readings given, exactly (match.py): the single race is a
    Markov chain of the two players' horses, the race in legs a Markov chain of its legs over it."""
    if ruleset not in RACES:
        return None
    from .match import COURSE, solve  # exact fractions: loaded only when asked for

    solved = solve(Board.parse(None), ruleset, options)
    how = (HOW_COURSE if ruleset == COURSE else HOW_LEGS)
    return Exact(tuple(float(p) for p in solved.wins), dict(how), float(solved.length),
                 landings={hole: float(stops) for hole, stops in solved.landings.items()})


HOW_COURSE = {"fr": "chaîne de Markov", "en": "Markov chain"}
HOW_LEGS = {"fr": "chaîne de Markov des manches", "en": "Markov chain of the legs"}
