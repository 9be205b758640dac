"""The Jeu du Veldiv, Edition H.B., France, 1932."""

from __future__ import annotations

from typing import Any

from ..core import Events, Need, ScenarioError, dice_needs
from ..interface import Exact
from ..options import OptionValue
from . import setup
from .checks import CHECKS
from .figures import FIGURES, tally
from .narrate import article_label, choice_words, question_words, sentence
from .options import APPLIES, OPTIONS
from .races import ARTICLES, BOXES, RACES, START_LINE, TRACK_SQUARES, Race
from .rules import dice_needed, play_dice, play_throw, settle_setup
from .state import Player, Rider, State
from .terms import TERMS

GAME = "veldiv"
DECISIONS = False  # the dice decide everything
SHUFFLES = False  # no cards
PRECISION = 0.005  # the site's measured shares: half a 95% interval, as a share (measuring.py)
MEASURED_BY: dict[str, tuple[str, ...]] = {}  # ruleset -> its players' bots; else its first bot
SEAT_COLOURS: tuple[dict[str, str], ...] = ()  # players are numbered
BOTS: dict[str, Any] = {}
BOT_NAMES: dict[str, dict[str, str]] = {}


def new_state(ruleset: str, players: int, options: dict[str, OptionValue], setup_data: object = None) -> State:
    return setup.new_state(ruleset, players, options, setup_data)


# What a turn waits for (one die or two), made once a seat
_NEEDS = tuple(dice_needs(count, max(r.max_players for r in RACES.values())) for count in (1, 2))
_ONE_DIE = _NEEDS[0]


def need(state: State) -> Need | None:
    if state.finished:
        return None
    if state.team:
        return _NEEDS[dice_needed(state) - 1][state.turn]
    return _ONE_DIE[state.turn]  # one rider: one die


def play_choice(state: State, choice: str, sink: Events | None = None) -> Events:
    raise ScenarioError("choices", "the Veldiv races have no decisions to script",
                        fr="les courses du Veldiv ne demandent aucune décision")


def observe(state: State, seat: int | None = None) -> dict[str, Any]:
    return setup.observe(state, seat)


__all__ = [
    "APPLIES",
    "ARTICLES",
    "BOTS",
    "BOT_NAMES",
    "BOXES",
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
    "START_LINE",
    "TERMS",
    "TRACK_SQUARES",
    "Player",
    "Race",
    "Rider",
    "State",
    "article_label",
    "choice_words",
    "dice_needed",
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
    "setup",
    "tally",
]


def exact(ruleset: str, options: dict[str, OptionValue]) -> Exact | None:
    """No race of this game is computed exactly: its figures are simulated only."""
    return None
