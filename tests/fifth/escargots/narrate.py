"""The snail race's events in French and English, told from their facts (parcours.tell)."""

from __future__ import annotations

from parcours.core import Event, Need
from parcours.tell import Facts, Named, tell

COLOURS = ({"fr": "Jaune", "en": "Yellow"}, {"fr": "Vert", "en": "Green"})
_LABELS = {"escargots:marche": {"fr": "la marche", "en": "the crawl"},
           "escargots:arrivee": {"fr": "l'arrivée", "en": "the finish"}}


def article_label(cite: str, lang: str) -> str:
    return _LABELS[cite][lang]


def _who(seat: int, lang: str) -> str:
    return COLOURS[seat][lang]


_WORDS = {
    "fr": {"throw": "{w} lance : {face}.",
           "move": "L'escargot de {w} va de la case {from} à la case {to}.",
           "stay": "Il faut le compte exact, {needed} au plus : l'escargot de {w} reste sur place.",
           "end": "{w} atteint la salade et gagne."},
    "en": {"throw": "{w} throws {face}.",
           "move": "{w}'s snail goes from square {from} to square {to}.",
           "stay": "The exact count is needed, {needed} at most: {w}'s snail stays where it is.",
           "end": "{w} reaches the lettuce and wins."},
}


def sentence(event: Event, lang: str, team: bool) -> str:
    return tell(_WORDS, Facts(event.kind, {**event.data, "w": Named(_who, event.seat or 0)}), lang)


def choice_words(state: object, need: Need) -> dict[str, dict[str, str]]:
    raise ValueError(f"escargots: the dice decide everything ({need.decision!r})")


def question_words(state: object, need: Need) -> dict[str, str]:
    raise ValueError(f"escargots: the dice decide everything ({need.decision!r})")
