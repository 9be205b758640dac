"""The Corriere dei Piccoli races' events as sentences in French and English."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Event

_LABELS = {
    "cdp:velocita-depart": {"fr": "le départ", "en": "the start"},
    "cdp:velocita-ordre": {"fr": "l'ordre de jeu", "en": "the order of play"},
    "cdp:velocita-pair-impair": {"fr": "pair et impair", "en": "even and odd"},
    "cdp:velocita-sprint": {"fr": "le sprint", "en": "the sprint"},
    "cdp:velocita-arrivee": {"fr": "l'arrivée", "en": "the finish"},
    "cdp:mezzofondo-depart": {"fr": "le départ", "en": "the start"},
    "cdp:mezzofondo-phase-1": {"fr": "phase 1", "en": "phase 1"},
    "cdp:mezzofondo-phase-2": {"fr": "phase 2", "en": "phase 2"},
    "cdp:mezzofondo-phase-3": {"fr": "phase 3", "en": "phase 3"},
    "cdp:mezzofondo-arrivee": {"fr": "l'arrivée", "en": "the finish"},
}


def article_label(cite: str, lang: str) -> str:
    return _LABELS[cite][lang]


def who(event: Event, lang: str) -> str:
    seat = (event.seat or 0) + 1
    return f"coureur {seat}" if lang == "fr" else f"rider {seat}"


def _move_fr(e: Event, w: str, a: str) -> str:
    d = e.data
    how = ("sur place" if d["steps"] == 0 else f"avance de {d['steps']}, case {d['to']}")
    extra = " (nombre doublé)" if d["doubled"] else ""
    free = "" if d["forced"] else f", au choix de 0 à {d['most']}"
    return f"{w.capitalize()} {how}{extra}{free} ({a})."


def _move_en(e: Event, w: str, a: str) -> str:
    d = e.data
    how = "stays sur place" if d["steps"] == 0 else f"moves {d['steps']}, to square {d['to']}"
    extra = " (number doubled)" if d["doubled"] else ""
    free = "" if d["forced"] else f", free to choose 0 to {d['most']}"
    return f"{w.capitalize()} {how}{extra}{free} ({a})."


def _dice(e: Event) -> str:
    dice = e.data["dice"]
    return str(dice[0]) if isinstance(dice, list) else "?"


_FR: dict[str, Callable[[Event, str, str], str]] = {
    "lot": lambda e, w, a: f"Tirage au sort ({_dice(e)}) : le {w} part devant et lance le premier ({a}).",
    "throw": lambda e, w, a: f"Le {w} lance : {_dice(e)} ({'impair : au choix' if int(_dice(e)) % 2 else 'pair : en entier'}).",
    "move": _move_fr,
    "sprint": lambda e, w, a: f"Le {w} lance le sprint : désormais tous les nombres sont doublés ({a}).",
    "hold": lambda e, w, a: f"Le {w} ne lance pas encore le sprint ({a}).",
    "first": lambda e, w, a: (f"Tour suivant : à égalité, le {w}, qui jouait second, lance le premier ({a})."
                              if e.data["level"] else f"Tour suivant : le {w}, devant, lance le premier ({a})."),
    "tie": lambda e, w, a: f"Égalité au-delà de la ligne : un tour de plus ({a}).",
    "end": lambda e, w, a: f"Le {w} gagne de {e.data['margin']} case(s), le tour terminé ({a}).",
}
_EN: dict[str, Callable[[Event, str, str], str]] = {
    "lot": lambda e, w, a: f"Drawn by lot ({_dice(e)}): {w} leads and throws first ({a}).",
    "throw": lambda e, w, a: f"{w.capitalize()} throws {_dice(e)} ({'odd: free choice' if int(_dice(e)) % 2 else 'even: in full'}).",
    "move": _move_en,
    "sprint": lambda e, w, a: f"{w.capitalize()} launches the sprint: from now on every number is doubled ({a}).",
    "hold": lambda e, w, a: f"{w.capitalize()} does not launch the sprint yet ({a}).",
    "first": lambda e, w, a: (f"Next turn: level, so {w}, who played second, throws first ({a})."
                              if e.data["level"] else f"Next turn: {w}, ahead, throws first ({a})."),
    "tie": lambda e, w, a: f"Level past the line: one more turn ({a}).",
    "end": lambda e, w, a: f"{w.capitalize()} wins by {e.data['margin']} square(s), the turn complete ({a}).",
}
KINDS = frozenset(_EN)


def sentence(event: Event, lang: str, team: bool) -> str:
    table = _FR if lang == "fr" else _EN
    return table[event.kind](event, who(event, lang), article_label(event.cite, lang))
