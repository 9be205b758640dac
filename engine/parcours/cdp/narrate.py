"""The Corriere dei Piccoli races' events as sentences in French and English."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Event, Need, plural
from .terms import TERMS

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
    how = ("reste sur place" if d["steps"] == 0 else f"avance de {d['steps']}, case {d['to']}")
    extra = " (nombre doublé)" if d["doubled"] else ""
    free = "" if d["forced"] else f", au choix de 0 à {d['most']}"
    return f"Le {w} {how}{extra}{free}."  # "Le coureur 1 avance…", as "Le coureur 1 lance"


def _move_en(e: Event, w: str, a: str) -> str:
    d = e.data
    how = "stays put" if d["steps"] == 0 else f"moves {d['steps']}, to square {d['to']}"
    extra = " (number doubled)" if d["doubled"] else ""
    free = "" if d["forced"] else f", free to choose 0 to {d['most']}"
    return f"{w.capitalize()} {how}{extra}{free}."


NOUNS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {  # (fr one, many), (en one, many)
    "square": (("case", "cases"), ("square", "squares")), "lap": (("tour", "tours"), ("lap", "laps")),
    "lost": (("point perdu", "points perdus"), ("pip lost", "pips lost")),
}


def _count(n: object, noun: str, lang: str) -> str:
    """'1 square' / '2 squares', '1 tour' / '2 tours'..."""
    one, many = NOUNS[noun][0 if lang == "fr" else 1]
    return plural(n, one, many, lang)


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
    return f" ({_count(lost, 'lost', 'fr' if fr else 'en')})"


def _squares(e: Event, key: str, lang: str) -> str:
    """'square 12' / 'squares 12, 30' ('case' / 'cases' in French)."""
    value = e.data[key]
    squares = value if isinstance(value, list) else []
    one, many = NOUNS["square"][0 if lang == "fr" else 1]
    return f"{one if len(squares) == 1 else many} {', '.join(map(str, squares))}"


def _start(e: Event, lang: str) -> str:
    """The start, or (a set-up) a race under way: never 'the start' for riders already placed."""
    fr, laps = lang == "fr", e.data["laps"]
    riders, dernys = _squares(e, "riders", lang), _squares(e, "dernys", lang)
    if e.data.get("placed"):
        return (f"Course en cours, sur {_count(laps, 'lap', 'fr')} : les coureurs {riders} ; "
                f"les dernys {dernys}." if fr else
                f"A race under way, over {_count(laps, 'lap', 'en')}: the riders on {riders}; "
                f"the dernys on {dernys}.")
    if fr:
        return f"Départ pour {_count(laps, 'lap', 'fr')} : les coureurs en file, {riders} ; les dernys {dernys}."
    return f"Start, {_count(laps, 'lap', 'en')}: the riders in a row on {riders}; the dernys on {dernys}."


_MF_FR: dict[str, Callable[[Event, str, str], str]] = {
    "start": lambda e, w, a: _start(e, "fr"),
    "throw": lambda e, w, a: f"L'{w} lance : {_dice_list(e, ' et ')}.",
    "derny": lambda e, w, a: f"Le derny de l'{w} avance de {e.data['steps']}{_part(e, True)}, case {e.data['square']}.",
    "wait": lambda e, w, a: f"Le derny de l'{w} a dépassé son coureur : il s'arrête et l'attend.",
    "ride": lambda e, w, a: (f"Le coureur de l'{w} avance de {e.data['steps']}, "
                             f"case {e.data['square']}{_lost(e, True)}."),
    "coupled": lambda e, w, a: f"Le coureur de l'{w} est dans la roue de son derny : couplés.",
    "dropped": lambda e, w, a: (f"Le coureur de l'{w} perd le contact, à {_count(e.data['gap'], 'square', 'fr')} : "
                                "le derny s'arrête."),
    "uncoupled": lambda e, w, a: f"L'{w} passe la ligne découplée : le passage ne compte pas, encore un tour.",
    "end": lambda e, w, a: f"L'{w} passe la ligne couplée et gagne.",
}
_MF_EN: dict[str, Callable[[Event, str, str], str]] = {
    "start": lambda e, w, a: _start(e, "en"),
    "throw": lambda e, w, a: f"{w.capitalize()} throws {_dice_list(e, ' and ')}.",
    "derny": lambda e, w, a: (f"{w.capitalize()}'s derny moves {e.data['steps']}{_part(e, False)}, "
                              f"to square {e.data['square']}."),
    "wait": lambda e, w, a: f"{w.capitalize()}'s derny has passed its rider: it stops and waits.",
    "ride": lambda e, w, a: (f"{w.capitalize()}'s rider moves {e.data['steps']}, "
                             f"to square {e.data['square']}{_lost(e, False)}."),
    "coupled": lambda e, w, a: f"{w.capitalize()}'s rider is on its derny's wheel: coupled.",
    "dropped": lambda e, w, a: (f"{w.capitalize()}'s rider loses contact, {_count(e.data['gap'], 'square', 'en')} "
                                "behind: the derny stops."),
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
    "tie": lambda e, w, a: "Égalité au-delà de la ligne : un tour de plus.",
    "end": lambda e, w, a: f"Le {w} gagne de {_count(e.data['margin'], 'square', 'fr')}, le tour terminé.",
}
_EN: dict[str, Callable[[Event, str, str], str]] = {
    "lot": lambda e, w, a: f"Drawn by lot ({_dice(e)}): {w} leads and throws first.",
    "throw": lambda e, w, a: f"{w.capitalize()} throws {_dice(e)}.",
    "move": _move_en,
    "sprint": lambda e, w, a: f"{w.capitalize()} launches the sprint: from now on every number is doubled.",
    "hold": lambda e, w, a: f"{w.capitalize()} does not launch the sprint yet.",
    "first": lambda e, w, a: (f"Next turn: level, so {w}, who played second, throws first."
                              if e.data["level"] else f"Next turn: {w}, ahead, throws first."),
    "tie": lambda e, w, a: "Level past the line: one more turn.",
    "end": lambda e, w, a: f"{w.capitalize()} wins by {_count(e.data['margin'], 'square', 'en')}, the turn complete.",
}
KINDS = frozenset(_EN)


MEZZO_KINDS = frozenset(_MF_EN)


def sentence(event: Event, lang: str, team: bool) -> str:
    w, a = who(event, lang), article_label(event.cite, lang)
    if event.cite.startswith("cdp:mezzofondo"):
        return (_MF_FR if lang == "fr" else _MF_EN)[event.kind](event, w, a)
    table = _FR if lang == "fr" else _EN
    return table[event.kind](event, w, a)


# ---------------------------------------------------------------- decisions in words

DECISION_KINDS = ("sprint", "distance", "derny")  # every `decision` the two races ask (velocita.py, mezzofondo.py)


def _ride(choice: str) -> dict[str, str]:
    """A distance on a button: 'Ride 3 squares' / 'Avancer de 3 cases'; 0 is staying put."""
    n = int(choice)
    if n == 0:
        return {"fr": "Rester sur place", "en": "Stay put"}
    fr = "Avancer d'une case" if n == 1 else f"Avancer de {n} cases"
    return {"fr": fr, "en": f"Ride {_count(n, 'square', 'en')}"}


def choice_words(state: object, need: Need) -> dict[str, dict[str, str]]:
    """Every choice the need offers, in words (a choice with no words is an error, not a code)."""
    if need.decision == "sprint":
        words = {"sprint": {"fr": "Lancer le sprint", "en": "Sprint now"}, "wait": {"fr": "Attendre", "en": "Wait"}}
        return {c: words[c] for c in need.choices}
    if need.decision in ("distance", "derny"):
        return {c: _ride(c) for c in need.choices}
    raise ValueError(f"cdp: no words for the decision {need.decision!r}")


def question_words(state: object, need: Need) -> dict[str, str]:
    """The question a decision asks, naming the seat as the steps do (a rider, a Mezzo fondo team)."""
    mezzo = str(getattr(state, "ruleset", "")).startswith("cdp.mezzofondo")
    seat = TERMS.words["seat-mezzofondo" if mezzo else "seat-velocita"]
    fr, en = seat["fr"].capitalize(), seat["en"].capitalize()
    p = need.seat + 1
    questions = {
        "sprint": (f"{fr} {p} : lancer le sprint maintenant, ou attendre ?",
                   f"{en} {p}: sprint now, or wait?"),
        "distance": (f"{fr} {p} : de combien de cases avancer ?",
                     f"{en} {p}: how many squares do you ride?"),
        "derny": (f"{fr} {p} : de combien de cases avance votre derny ?",
                  f"{en} {p}: how far does your derny go?"),
    }
    if need.decision not in questions:
        raise ValueError(f"cdp: no question for the decision {need.decision!r}")
    fr, en = questions[need.decision]
    return {"fr": fr, "en": en}


# The Play page's scoreboard (playable/parcours_view/cdp.py): its headings and a team's phase.
PLACE = {"fr": "Case", "en": "Square"}  # a place of the track
SCORE_WORDS: dict[str, dict[str, str]] = {
    "rider": {lang: word.capitalize() for lang, word in TERMS.words["seat-velocita"].items()},
    "team": {lang: word.capitalize() for lang, word in TERMS.words["seat-mezzofondo"].items()},
    "ridden": {"fr": "Cases parcourues", "en": "Squares ridden"},
    "to_go": {"fr": "Jusqu'à la ligne", "en": "To the line"},
    "phase": {"fr": "Phase", "en": "Phase"},
    "dernys": {"fr": "derrière le derny", "en": "behind the derny"},
    "chasing": {"fr": "en chasse", "en": "chasing"},
    "coupled": {"fr": "couplé", "en": "coupled"},
    "finished": {"fr": "arrivé", "en": "finished"},
    "sprint": {"fr": "Le sprint est lancé.", "en": "The sprint is on."},
    "no_sprint": {"fr": "Le sprint n'est pas encore lancé.", "en": "The sprint is not on yet."},
}


def squares_to_go(count: int) -> dict[str, str]:
    """What a rider still has to ride: '3 cases' / '3 squares'."""
    return {"fr": plural(count, "case", "cases", "fr"), "en": plural(count, "square", "squares", "en")}
