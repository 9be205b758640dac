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
    if event.cite.startswith("cdp:mezzofondo"):
        return f"équipe {seat}" if lang == "fr" else f"team {seat}"
    return f"coureur {seat}" if lang == "fr" else f"rider {seat}"


def _move_fr(e: Event, w: str, a: str) -> str:
    d = e.data
    how = ("sur place" if d["steps"] == 0 else f"avance de {d['steps']}, case {d['to']}")
    extra = " (nombre doublé)" if d["doubled"] else ""
    free = "" if d["forced"] else f", au choix de 0 à {d['most']}"
    return f"{w.capitalize()} {how}{extra}{free}."


def _move_en(e: Event, w: str, a: str) -> str:
    d = e.data
    how = "stays sur place" if d["steps"] == 0 else f"moves {d['steps']}, to square {d['to']}"
    extra = " (number doubled)" if d["doubled"] else ""
    free = "" if d["forced"] else f", free to choose 0 to {d['most']}"
    return f"{w.capitalize()} {how}{extra}{free}."


def _dice(e: Event) -> str:
    dice = e.data["dice"]
    return str(dice[0]) if isinstance(dice, list) else "?"


def _dice_list(e: Event, joiner: str) -> str:
    dice = e.data["dice"]
    return joiner.join(map(str, dice)) if isinstance(dice, list) else ""


def _part(e: Event, fr: bool) -> str:
    d = e.data
    if d["steps"] == d["most"]:
        return ""
    return f" sur {d['most']} possibles" if fr else f" of {d['most']} thrown"


def _lost(e: Event, fr: bool) -> str:
    lost = e.data.get("lost")
    if not lost:
        return ""
    return f" ({lost} point(s) perdu(s))" if fr else f" ({lost} pip(s) lost)"


def _squares(e: Event, key: str) -> str:
    value = e.data[key]
    return ", ".join(map(str, value)) if isinstance(value, list) else ""


_MF_FR: dict[str, Callable[[Event, str, str], str]] = {
    "start": lambda e, w, a: (f"Départ pour {e.data['laps']} tours : les coureurs en file, cases {_squares(e, 'riders')} ; "
                              f"les dernys cases {_squares(e, 'dernys')}."),
    "throw": lambda e, w, a: f"L'{w} lance : {_dice_list(e, ' et ')}.",
    "derny": lambda e, w, a: f"Le derny de l'{w} avance de {e.data['steps']}{_part(e, True)}, case {e.data['square']}.",
    "wait": lambda e, w, a: f"Le derny de l'{w} a dépassé son coureur : il s'arrête et l'attend.",
    "ride": lambda e, w, a: f"Le coureur de l'{w} avance de {e.data['steps']}, case {e.data['square']}{_lost(e, True)}.",
    "coupled": lambda e, w, a: f"Le coureur de l'{w} est dans la roue de son derny : couplés.",
    "dropped": lambda e, w, a: f"Le coureur de l'{w} perd le contact, à {e.data['gap']} case(s) : le derny s'arrête.",
    "uncoupled": lambda e, w, a: f"L'{w} passe la ligne découplée : le passage ne compte pas, encore un tour.",
    "end": lambda e, w, a: f"L'{w} passe la ligne couplée et gagne.",
}
_MF_EN: dict[str, Callable[[Event, str, str], str]] = {
    "start": lambda e, w, a: (f"Start, {e.data['laps']} laps: the riders in a row on squares {_squares(e, 'riders')}; "
                              f"the dernys on squares {_squares(e, 'dernys')}."),
    "throw": lambda e, w, a: f"{w.capitalize()} throws {_dice_list(e, ' and ')}.",
    "derny": lambda e, w, a: f"{w.capitalize()}'s derny moves {e.data['steps']}{_part(e, False)}, to square {e.data['square']}.",
    "wait": lambda e, w, a: f"{w.capitalize()}'s derny has passed its rider: it stops and waits.",
    "ride": lambda e, w, a: f"{w.capitalize()}'s rider moves {e.data['steps']}, to square {e.data['square']}{_lost(e, False)}.",
    "coupled": lambda e, w, a: f"{w.capitalize()}'s rider is on its derny's wheel: coupled.",
    "dropped": lambda e, w, a: f"{w.capitalize()}'s rider loses contact, {e.data['gap']} square(s) behind: the derny stops.",
    "uncoupled": lambda e, w, a: f"{w.capitalize()} crosses the line uncoupled: it does not count, one more lap.",
    "end": lambda e, w, a: f"{w.capitalize()} crosses the line coupled and wins.",
}


_FR: dict[str, Callable[[Event, str, str], str]] = {
    "lot": lambda e, w, a: f"Tirage au sort ({_dice(e)}) : le {w} part devant et lance le premier.",
    "throw": lambda e, w, a: f"Le {w} lance : {_dice(e)}.",
    "move": _move_fr,
    "sprint": lambda e, w, a: f"Le {w} lance le sprint : désormais tous les nombres sont doublés.",
    "hold": lambda e, w, a: f"Le {w} ne lance pas encore le sprint.",
    "first": lambda e, w, a: (f"Tour suivant : à égalité, le {w}, qui jouait second, lance le premier."
                              if e.data["level"] else f"Tour suivant : le {w}, devant, lance le premier."),
    "tie": lambda e, w, a: f"Égalité au-delà de la ligne : un tour de plus.",
    "end": lambda e, w, a: f"Le {w} gagne de {e.data['margin']} case(s), le tour terminé.",
}
_EN: dict[str, Callable[[Event, str, str], str]] = {
    "lot": lambda e, w, a: f"Drawn by lot ({_dice(e)}): {w} leads and throws first.",
    "throw": lambda e, w, a: f"{w.capitalize()} throws {_dice(e)}.",
    "move": _move_en,
    "sprint": lambda e, w, a: f"{w.capitalize()} launches the sprint: from now on every number is doubled.",
    "hold": lambda e, w, a: f"{w.capitalize()} does not launch the sprint yet.",
    "first": lambda e, w, a: (f"Next turn: level, so {w}, who played second, throws first."
                              if e.data["level"] else f"Next turn: {w}, ahead, throws first."),
    "tie": lambda e, w, a: f"Level past the line: one more turn.",
    "end": lambda e, w, a: f"{w.capitalize()} wins by {e.data['margin']} square(s), the turn complete.",
}
KINDS = frozenset(_EN)


MEZZO_KINDS = frozenset(_MF_EN)


def sentence(event: Event, lang: str, team: bool) -> str:
    w, a = who(event, lang), article_label(event.cite, lang)
    if event.cite.startswith("cdp:mezzofondo"):
        return (_MF_FR if lang == "fr" else _MF_EN)[event.kind](event, w, a)
    table = _FR if lang == "fr" else _EN
    return table[event.kind](event, w, a)
