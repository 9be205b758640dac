"""The Corriere dei Piccoli races' events as sentences in French and English: what each sentence says
worked out once, in no language (`facts`), then each language's words for it (`_WORDS`, told by
parcours.tell)."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Event, Need, plural
from ..tell import Case, Facts, Named, as_it_is, case_if, kinds, tell
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


def who(seat: tuple[bool, int], lang: str) -> str:
    """A seat (counted from 1) as the race calls it: a Mezzo fondo team, a Velocità rider."""
    mezzo, n = seat
    if mezzo:
        return f"équipe {n}" if lang == "fr" else f"team {n}"
    return f"coureur {n}" if lang == "fr" else f"rider {n}"


def _squares(squares: list[int], lang: str) -> str:
    """'square 12' / 'squares 12, 30' ('case' / 'cases' in French)."""
    one, many = ("case", "cases") if lang == "fr" else ("square", "squares")
    return f"{one if len(squares) == 1 else many} {', '.join(map(str, squares))}"


# ---------------------------------------------------------------- what each sentence says
# Each kind's facts, in no language: which of its sentences applies ("kind" or "kind.case"), and what
# it names beyond the event's own data (a part some events only say: a phrase's case, or "").


def _face(e: Event) -> Case:
    dice = e.data["dice"]
    return e.kind, {"face": dice[0] if isinstance(dice, list) else "?"}


def _move(e: Event) -> Case:
    d = e.data
    return "move", {"how": Facts("move.stays" if d["steps"] == 0 else "move.rides", d),
                    "doubled": Facts("move.doubled", {}) if d["doubled"] else "",
                    "free": "" if d["forced"] else Facts("move.free", d)}


def _start(e: Event) -> Case:
    """The start, or (a set-up) a race under way: never 'the start' for riders already placed."""
    return ("mf-start.placed" if e.data.get("placed") else "mf-start"), {
        "riders": _squares_of(e, "riders"), "dernys": _squares_of(e, "dernys")}


def _squares_of(e: Event, key: str) -> Named:
    value = e.data[key]
    return Named(_squares, value if isinstance(value, list) else [])


def _mezzo_throw(e: Event) -> Case:
    dice = e.data["dice"]
    return "mf-throw", {"dice": Named(_dice, dice if isinstance(dice, list) else None)}


def _dice(dice: list[int] | None, lang: str) -> str:
    """'3 et 5' / '3 and 5'."""
    return (" et " if lang == "fr" else " and ").join(map(str, dice)) if dice is not None else ""


def _derny(e: Event) -> Case:
    d = e.data
    return "mf-derny", {"part": "" if d["steps"] == d["most"] else Facts("mf-derny.part", d)}


def _rider_rides(e: Event) -> Case:
    lost = e.data.get("lost")
    return "mf-ride", {"lost": Facts("mf-ride.lost", {"lost": lost}) if lost else ""}


def _mezzo(e: Event) -> Case:
    return f"mf-{e.kind}", {}


_FACTS: dict[str, Callable[[Event], Case]] = {  # a kind not here has one sentence, naming its data
    "lot": _face, "throw": _face, "move": _move, "first": case_if("first.level", lambda e: e.data["level"]),
}
_MEZZO_FACTS: dict[str, Callable[[Event], Case]] = {  # a kind not here: its one sentence, "mf-kind"
    "start": _start, "throw": _mezzo_throw, "derny": _derny, "ride": _rider_rides,
}


def facts(event: Event) -> Facts:
    """What the event's sentence says: whose (a rider, a team), the article, the case."""
    mezzo = event.cite.startswith("cdp:mezzofondo")
    table, plain = (_MEZZO_FACTS, _mezzo) if mezzo else (_FACTS, as_it_is)
    case, more = table.get(event.kind, plain)(event)
    return Facts(case, {**event.data, "w": Named(who, (mezzo, (event.seat or 0) + 1)),
                        "art": Named(article_label, event.cite), **more})


# ---------------------------------------------------------------- the words of each case
# The Velocità's, then the Mezzo fondo's ("mf-"); the French names a rider with his article ("Le
# coureur 1 avance…", as "Le coureur 1 lance"), a team with its elided one ("L'équipe 2 lance").

_WORDS: dict[str, dict[str, str]] = {
    "fr": {
        "lot": "Tirage au sort ({face}) : le {w} part devant et lance le premier.",
        "throw": "Le {w} lance : {face}.",
        "move": "Le {w} {how}{doubled}{free}.",
        "move.stays": "reste sur place",
        "move.rides": "avance de {steps}, case {to}",
        "move.doubled": " (nombre doublé)",
        "move.free": ", au choix de 0 à {most}",
        "sprint": "Le {w} lance le sprint : désormais tous les nombres sont doublés.",
        "hold": "Le {w} ne lance pas encore le sprint.",
        "first": "Tour suivant : le {w}, devant, lance le premier.",
        "first.level": "Tour suivant : à égalité, le {w}, qui jouait second, lance le premier.",
        "tie": "Égalité au-delà de la ligne : un tour de plus.",
        "end": "Le {w} gagne de {margin:case|cases}, le tour terminé.",
        "mf-start": "Départ pour {laps:tour|tours} : les coureurs en file, {riders} ; les dernys {dernys}.",
        "mf-start.placed": "Course en cours, sur {laps:tour|tours} : les coureurs {riders} ; les dernys {dernys}.",
        "mf-throw": "L'{w} lance : {dice}.",
        "mf-derny": "Le derny de l'{w} avance de {steps}{part}, case {square}.",
        "mf-derny.part": " sur {most} possibles",
        "mf-wait": "Le derny de l'{w} a dépassé son coureur : il s'arrête et l'attend.",
        "mf-ride": "Le coureur de l'{w} avance de {steps}, case {square}{lost}.",
        "mf-ride.lost": " ({lost:point perdu|points perdus})",
        "mf-coupled": "Le coureur de l'{w} est dans la roue de son derny : couplés.",
        "mf-dropped": "Le coureur de l'{w} perd le contact, à {gap:case|cases} : le derny s'arrête.",
        "mf-uncoupled": "L'{w} passe la ligne découplée : le passage ne compte pas, encore un tour.",
        "mf-end": "L'{w} passe la ligne couplée et gagne.",
    },
    "en": {
        "lot": "Drawn by lot ({face}): {w} leads and throws first.",
        "throw": "{w:cap} throws {face}.",
        "move": "{w:cap} {how}{doubled}{free}.",
        "move.stays": "stays put",
        "move.rides": "moves {steps}, to square {to}",
        "move.doubled": " (number doubled)",
        "move.free": ", free to choose 0 to {most}",
        "sprint": "{w:cap} launches the sprint: from now on every number is doubled.",
        "hold": "{w:cap} does not launch the sprint yet.",
        "first": "Next turn: {w}, ahead, throws first.",
        "first.level": "Next turn: level, so {w}, who played second, throws first.",
        "tie": "Level past the line: one more turn.",
        "end": "{w:cap} wins by {margin:square|squares}, the turn complete.",
        "mf-start": "Start, {laps:lap|laps}: the riders in a row on {riders}; the dernys on {dernys}.",
        "mf-start.placed": ("A race under way, over {laps:lap|laps}: the riders on {riders}; "
                            "the dernys on {dernys}."),
        "mf-throw": "{w:cap} throws {dice}.",
        "mf-derny": "{w:cap}'s derny moves {steps}{part}, to square {square}.",
        "mf-derny.part": " of {most} thrown",
        "mf-wait": "{w:cap}'s derny has passed its rider: it stops and waits.",
        "mf-ride": "{w:cap}'s rider moves {steps}, to square {square}{lost}.",
        "mf-ride.lost": " ({lost:pip lost|pips lost})",
        "mf-coupled": "{w:cap}'s rider is on its derny's wheel: coupled.",
        "mf-dropped": "{w:cap}'s rider loses contact, {gap:square|squares} behind: the derny stops.",
        "mf-uncoupled": "{w:cap} crosses the line uncoupled: it does not count, one more lap.",
        "mf-end": "{w:cap} crosses the line coupled and wins.",
    },
}
KINDS = frozenset(kind for kind in kinds(_WORDS) if not kind.startswith("mf-"))
MEZZO_KINDS = frozenset(kind.removeprefix("mf-") for kind in kinds(_WORDS) if kind.startswith("mf-"))


def sentence(event: Event, lang: str, team: bool) -> str:
    return tell(_WORDS, facts(event), lang)


# ---------------------------------------------------------------- decisions in words

DECISION_KINDS = ("sprint", "distance", "derny")  # every `decision` the two races ask (velocita.py, mezzofondo.py)


def _ride(choice: str) -> dict[str, str]:
    """A distance on a button: 'Ride 3 squares' / 'Avancer de 3 cases'; 0 is staying put."""
    n = int(choice)
    if n == 0:
        return {"fr": "Rester sur place", "en": "Stay put"}
    fr = "Avancer d'une case" if n == 1 else f"Avancer de {n} cases"
    return {"fr": fr, "en": f"Ride {plural(n, 'square', 'squares')}"}


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
