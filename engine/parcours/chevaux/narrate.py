"""The horse race's events as sentences in French and English: what each sentence says worked out
once, in no language (`facts`), then each language's words for it (`_WORDS`, told by parcours.tell)."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Event, Need
from ..tell import Case, Facts, Named, as_it_is, kinds, tell

COLOURS = ({"fr": "Rouge", "en": "Red"}, {"fr": "Bleu", "en": "Blue"})
_LABELS = {
    "chevaux:mise-en-place": {"fr": "la mise en place", "en": "the setting up"},
    "chevaux:deplacement": {"fr": "la règle du jeu", "en": "the moving rule"},
    "chevaux:un-cheval": {"fr": "« un cheval à la fois »", "en": "“one horse at a time”"},
    "chevaux:pieges": {"fr": "« les pièges »", "en": "“the traps”"},
    "chevaux:fin": {"fr": "« fin de la partie »", "en": "“end of the game”"},
    "chevaux:variante": {"fr": "la variante", "en": "the variant"},
}


def article_label(cite: str, lang: str) -> str:
    return _LABELS[cite][lang]


def who(seat: int, lang: str) -> str:
    return COLOURS[seat][lang] if seat < len(COLOURS) else f"{'Joueur' if lang == 'fr' else 'Player'} {seat + 1}"


def _hole(n: object, lang: str) -> str:
    """Where a move starts: 'du départ' / 'du trou 4' in French, 'START' / 'hole 4' in English."""
    if n == 0:
        return "du départ (START)" if lang == "fr" else "START"
    return f"du trou {n}" if lang == "fr" else f"hole {n}"


# ---------------------------------------------------------------- what each sentence says
# Each kind's facts, in no language: which of its sentences applies ("kind" or "kind.case") and what
# it names beyond the event's own data; the words are the templates' below.


def _throw(e: Event) -> Case:
    dice = e.data["dice"]
    return ("throw", {"face": dice[0]}) if isinstance(dice, list) else ("throw.unseen", {})


def _move(e: Event) -> Case:
    return "move", {"from": Named(_hole, e.data["from"])}


_FACTS: dict[str, Callable[[Event], Case]] = {"throw": _throw, "move": _move}  # the others name their data


def facts(event: Event) -> Facts:
    """What the event's sentence says: whose horse, the article, the case."""
    case, more = _FACTS.get(event.kind, as_it_is)(event)
    return Facts(case, {**event.data, "w": Named(who, event.seat or 0),
                        "art": Named(article_label, event.cite), **more})


# ---------------------------------------------------------------- the words of each case

_WORDS: dict[str, dict[str, str]] = {
    "fr": {
        "first": "{w}, le plus jeune, commence.",
        "throw": "{w} lance : {face}.",
        "throw.unseen": "",
        "move": "Le cheval de {w} va {from} au trou {to}.",
        "overshoot": "Il faut le compte exact : {needed} au plus. Le cheval de {w} ne bouge pas.",
        "fall": "Le trou {hole} est un piège : le cheval de {w} est éliminé.",
        "next-horse": "Au tour suivant, un nouveau cheval de {w} repart du départ ; il en reste {left}.",
        "ruined": "{w} a perdu ses six chevaux.",
        "finish": "Le cheval de {w} arrive pile sur FINISH.",
        "point": "{w} marque un point, {total} en tout.",
        "leg": "Manche {leg} : chaque joueur repart du départ ; {w} commence.",
        "end": "{w} gagne la partie.",
    },
    "en": {
        "first": "{w}, the youngest, starts.",
        "throw": "{w} throws {face}.",
        "throw.unseen": "",
        "move": "{w}'s horse goes from {from} to hole {to}.",
        "overshoot": "The exact count is needed: {needed} at most. {w}'s horse stays put.",
        "fall": "Hole {hole} is a trap: {w}'s horse is out.",
        "next-horse": "Next turn, a new horse of {w}'s starts from START; {left} left.",
        "ruined": "{w} has lost all six horses.",
        "finish": "{w}'s horse lands exactly on FINISH.",
        "point": "{w} scores a point, {total} in all.",
        "leg": "Leg {leg}: both start again from START; {w} begins.",
        "end": "{w} wins the game.",
    },
}
KINDS = kinds(_WORDS)


def sentence(event: Event, lang: str, team: bool) -> str:
    return tell(_WORDS, facts(event), lang)


# ---------------------------------------------------------------- decisions in words

DECISION_KINDS: tuple[str, ...] = ()  # the dice decide everything: no race of this game asks a player anything


def choice_words(state: object, need: Need) -> dict[str, dict[str, str]]:
    raise ValueError(f"chevaux: the dice decide everything, there is no choice to put in words ({need.decision!r})")


def question_words(state: object, need: Need) -> dict[str, str]:
    raise ValueError(f"chevaux: the dice decide everything, there is no question to ask ({need.decision!r})")


# The Play page's scoreboard (playable/parcours_view/chevaux.py): its headings and where a horse is.
SCORE_WORDS: dict[str, dict[str, str]] = {
    "player": {"fr": "Joueur", "en": "Player"},
    "home": {"fr": "Chevaux arrivés", "en": "Horses home"},
    "in_play": {"fr": "Cheval en course", "en": "Horse in play"},
    "left": {"fr": "Chevaux restants", "en": "Horses left"},
    "start": {"fr": "au départ", "en": "at START"},
    "ruined": {"fr": "plus de cheval", "en": "no horse left"},
}


# The board's fields as the odds editor names them (its form's labels, and its refusals: "Pièges : …").
BOARD_FIELDS: dict[str, dict[str, str]] = {
    "holes": {"fr": "Trous", "en": "Holes"},
    "up": {"fr": "Trous à la montée", "en": "Holes going up"},
    "traps": {"fr": "Pièges", "en": "Traps"},
}
PLACE = {"fr": "Trou", "en": "Hole"}  # a place of the track: its holes
HORSES: dict[str, tuple[str, str]] = {"fr": ("cheval", "chevaux"), "en": ("horse", "horses")}  # one, many


def hole_words(hole: int, holes: int) -> dict[str, str]:
    """Where the horse in play is: 'trou 7', 'arrivé' (FINISH)."""
    if hole >= holes:
        return {"fr": "arrivé", "en": "home"}
    return {"fr": f"trou {hole}", "en": f"hole {hole}"}


def leg_note(leg: int) -> dict[str, str]:
    """The race in legs: which leg is run, and what wins."""
    return {"fr": f"Manche {leg} ; le premier à trois chevaux arrivés gagne.",
            "en": f"Leg {leg}; the first with three horses home wins."}
