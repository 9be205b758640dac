"""The horse race's events as sentences in French and English."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Event, Need

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


def who(event: Event, lang: str) -> str:
    seat = event.seat or 0
    return COLOURS[seat][lang] if seat < len(COLOURS) else f"{'Joueur' if lang == 'fr' else 'Player'} {seat + 1}"


def _hole(n: object, lang: str) -> str:
    """Where a move starts: 'du départ' / 'du trou 4' in French, 'START' / 'hole 4' in English."""
    if n == 0:
        return "du départ (START)" if lang == "fr" else "START"
    return f"du trou {n}" if lang == "fr" else f"hole {n}"


_FR: dict[str, Callable[[Event, str, str], str]] = {
    "first": lambda e, w, a: f"{w}, le plus jeune, commence.",
    "throw": lambda e, w, a: f"{w} lance : {e.data['dice'][0]}." if isinstance(e.data["dice"], list) else "",
    "move": lambda e, w, a: f"Le cheval de {w} va {_hole(e.data['from'], 'fr')} au trou {e.data['to']}.",
    "overshoot": lambda e, w, a: (f"Il faut le compte exact : {e.data['needed']} au plus. "
                                  f"Le cheval de {w} ne bouge pas."),
    "fall": lambda e, w, a: f"Le trou {e.data['hole']} est un piège : le cheval de {w} est éliminé.",
    "next-horse": lambda e, w, a: (f"Au tour suivant, un nouveau cheval de {w} repart du départ ; "
                                   f"il en reste {e.data['left']}."),
    "ruined": lambda e, w, a: f"{w} a perdu ses six chevaux.",
    "finish": lambda e, w, a: f"Le cheval de {w} arrive pile sur FINISH.",
    "point": lambda e, w, a: f"{w} marque un point, {e.data['total']} en tout.",
    "leg": lambda e, w, a: f"Manche {e.data['leg']} : chaque joueur repart du départ ; {w} commence.",
    "end": lambda e, w, a: f"{w} gagne la partie.",
}
_EN: dict[str, Callable[[Event, str, str], str]] = {
    "first": lambda e, w, a: f"{w}, the youngest, starts.",
    "throw": lambda e, w, a: f"{w} throws {e.data['dice'][0]}." if isinstance(e.data["dice"], list) else "",
    "move": lambda e, w, a: f"{w}'s horse goes from {_hole(e.data['from'], 'en')} to hole {e.data['to']}.",
    "overshoot": lambda e, w, a: (f"The exact count is needed: {e.data['needed']} at most. "
                                  f"{w}'s horse stays put."),
    "fall": lambda e, w, a: f"Hole {e.data['hole']} is a trap: {w}'s horse is out.",
    "next-horse": lambda e, w, a: (f"Next turn, a new horse of {w}'s starts from START; "
                                   f"{e.data['left']} left."),
    "ruined": lambda e, w, a: f"{w} has lost all six horses.",
    "finish": lambda e, w, a: f"{w}'s horse lands exactly on FINISH.",
    "point": lambda e, w, a: f"{w} scores a point, {e.data['total']} in all.",
    "leg": lambda e, w, a: f"Leg {e.data['leg']}: both start again from START; {w} begins.",
    "end": lambda e, w, a: f"{w} wins the game.",
}
KINDS = frozenset(_EN)


def sentence(event: Event, lang: str, team: bool) -> str:
    table = _FR if lang == "fr" else _EN
    return table[event.kind](event, who(event, lang), article_label(event.cite, lang))


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
