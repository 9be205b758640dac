"""A snail race, the fifth game's fixture: two snails on a track of six squares, one die, the first to
the lettuce (square 6) wins; one option (must a snail reach it by the exact count?)."""

from __future__ import annotations

from typing import Any

from parcours.interface import Exact, Figure, Race
from parcours.options import Catalogue, Option, OptionValue

from .narrate import COLOURS as SEAT_COLOURS
from .narrate import article_label, choice_words, question_words, sentence
from .rules import need, new_state, observe, play_choice, play_throw, settle_setup, tally
from .terms import TERMS

GAME = "escargots"
DECISIONS = False
SHUFFLES = False
PRECISION = 0.01  # the site's measured shares: half a 95% interval, as a share (measuring.py)
MEASURED_BY: dict[str, tuple[str, ...]] = {}
BOTS: dict[str, Any] = {}
BOT_NAMES: dict[str, dict[str, str]] = {}

ARTICLES: tuple[str, ...] = ("escargots:marche", "escargots:arrivee")
RACES = {"escargots.course": Race("escargots.course", "escargots:arrivee",
                                  {lang: TERMS.name("game", lang).capitalize() for lang in ("fr", "en")}, 2, 2)}

_CATALOGUE = Catalogue()
_CATALOGUE.add(Option(
    "escargots.exact", "escargots:arrivee", "reading",
    {"fr": "Faut-il atteindre la salade au compte exact ?", "en": "Must a snail reach the lettuce by the exact count?"},
    "no",
    {"no": {"fr": "Non : dépasser la salade, c'est l'atteindre.", "en": "No: passing the lettuce reaches it."},
     "yes": {"fr": "Oui : un lancer trop fort laisse l'escargot sur place.",
             "en": "Yes: too high a throw leaves the snail where it is."}},
    {"no": {"fr": "Dépasser suffit", "en": "Passing will do"},
     "yes": {"fr": "Le compte exact", "en": "The exact count"}},
), set(RACES))
OPTIONS, APPLIES = _CATALOGUE.options, _CATALOGUE.applies

FIGURES: dict[str, Figure] = {
    "stays": Figure({"fr": "Lancers trop forts", "en": "Throws too high"}),
    "landings": Figure({"fr": "Cases où s'arrête un escargot", "en": "Squares where a snail stops"}),
}


def exact(ruleset: str, options: dict[str, OptionValue]) -> Exact | None:
    return None  # measured, not computed


__all__ = ["APPLIES", "ARTICLES", "BOTS", "BOT_NAMES", "DECISIONS", "FIGURES", "GAME", "MEASURED_BY", "OPTIONS",
           "PRECISION", "RACES", "SEAT_COLOURS", "SHUFFLES", "TERMS", "article_label", "choice_words", "exact", "need",
           "new_state", "observe", "play_choice", "play_throw", "question_words", "sentence", "settle_setup", "tally"]
