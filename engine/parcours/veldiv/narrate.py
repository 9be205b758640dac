"""The Veldiv's events as sentences in French and English (never stored in the rules)."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Event, Need, Value, plural
from .races import RACES

_RACE_RULE = {race.article: race.name for race in RACES.values()}


def article_label(cite: str, lang: str) -> str:
    """'veldiv:art-3' -> 'Art. 3'; a race id -> the rule named as the race is (the English quotes the
    name as the French does: "the The Kitty… rule" doubled its article)."""
    if ":art-" in cite:
        return "Art. " + cite.rsplit("-", 1)[1]
    name = _RACE_RULE.get(cite, {"fr": cite, "en": cite})[lang]
    return f"la règle « {name} »" if lang == "fr" else f"the rule “{name}”"


def who(event: Event, lang: str, team: bool) -> str:
    """Who moved, as a sentence names him: 'le joueur 2', 'le coureur 1 du joueur 2' / 'player 2',
    'player 2's rider 1' (the French with its article: 'fait avancer le joueur 2', not 'joueur 2')."""
    seat = (event.seat or 0) + 1
    if team and event.rider is not None:
        rider = event.rider + 1
        return f"le coureur {rider} du joueur {seat}" if lang == "fr" else f"player {seat}'s rider {rider}"
    return f"le joueur {seat}" if lang == "fr" else f"player {seat}"


def _num(value: Value) -> str:
    return str(value)


Sentence = Callable[[Event, str, str, str], str]


def _throw(e: Event, w: str, art: str, lang: str) -> str:
    dice = e.data["dice"]
    assert isinstance(dice, list)
    shown = (" et " if lang == "fr" else " and ").join(map(str, dice))
    if e.cite.endswith("art-10"):
        return (f"{w.capitalize()} n'a plus qu'un coureur en course : un seul dé ({art}) : {shown}."
                if lang == "fr" else f"{w.capitalize()} has one rider left in the race: one die ({art}): {shown}.")
    if e.cite.endswith("art-5") and len(dice) == 1:
        return (f"{w.capitalize()} part avec un seul dé et un seul coureur ({art}) : {shown}."
                if lang == "fr" else f"{w.capitalize()} starts with one die and one rider ({art}): {shown}.")
    return f"{w.capitalize()} lance : {shown}." if lang == "fr" else f"{w.capitalize()} throws {shown}."


def _order(e: Event, w: str, art: str, lang: str) -> str:
    hi, lo = e.data["high"], e.data["low"]
    if lang == "fr":
        return f"{art} : le {hi} va au coureur en retard, qui part d'abord ; le {lo} au coureur en avance."
    return f"{art}: the {hi} goes to the rider behind, who moves first; the {lo} to the rider ahead."


def _move(e: Event, w: str, art: str, lang: str) -> str:
    d = e.data
    if d["face"] == 6 and d["steps"] == 12:
        return (f"{art} : le six compte douze ; {w} va de la case {d['from']} à la case {d['to']}."
                if lang == "fr" else f"{art}: a six counts twelve; {w} goes from square {d['from']} to {d['to']}.")
    if d["face"] == 6:
        return (f"{art} : ici le six ne compte que six ; {w} va de la case {d['from']} à la case {d['to']}."
                if lang == "fr"
                else f"{art}: here a six counts only six; {w} goes from square {d['from']} to {d['to']}.")
    return (f"{art} : {w} avance de {d['steps']}, de la case {d['from']} à la case {d['to']}."
            if lang == "fr" else f"{art}: {w} moves {d['steps']}, from square {d['from']} to {d['to']}.")


def _bump(e: Event, w: str, art: str, lang: str) -> str:
    d = e.data
    if lang == "fr":
        return f"La case {d['square']} est prise : {art} fait avancer {w} de {d['steps']} de plus, case {d['to']}."
    return f"Square {d['square']} is taken: {art} moves {w} on {d['steps']} more, to {d['to']}."


def _blocked(e: Event, w: str, art: str, lang: str) -> str:
    sq = e.data["square"]
    return (f"Toutes les cases où {art} pourrait l'envoyer sont prises : {w} reste case {sq}."
            if lang == "fr" else f"Every square {art} could send it to is taken: {w} stays on square {sq}.")


def _bonus(e: Event, w: str, art: str, lang: str) -> str:
    d = e.data
    if lang == "fr":
        return (f"La case {d['square']} est celle de l'équipier : {art} fait repartir {w} "
                f"de {plural(d['steps'], 'case', 'cases', 'fr')}, case {d['to']}.")
    steps = plural(d["steps"], "square", "squares")
    return f"Square {d['square']} holds a teammate: {art} sends {w} on {steps}, to {d['to']}."


def _cross(e: Event, w: str, art: str, lang: str) -> str:
    lap = e.data["lap"]
    return (f"{w.capitalize()} franchit la ligne : {plural(lap, 'tour bouclé', 'tours bouclés', 'fr')}."
            if lang == "fr" else f"{w.capitalize()} crosses the line: lap {lap} completed.")


def _points(e: Event, w: str, art: str, lang: str) -> str:
    d = e.data
    if lang == "fr":
        rank = "premier" if d["place"] == 1 else f"{d['place']}e"
        points = plural(d["points"], "point", "points", "fr")
        return f"{w.capitalize()} passe {rank} au tour {d['lap']} : {points} ({art}), {d['total']} en tout."
    rank = {1: "first", 2: "second", 3: "third"}.get(int(str(d["place"])), f"number {d['place']}")
    points = plural(d["points"], "point", "points")
    return f"{w.capitalize()} is {rank} across on lap {d['lap']}: {points} ({art}), {d['total']} in all."


def _premier(e: Event, w: str, art: str, lang: str) -> str:
    total = e.data["total"]
    return (f"{w.capitalize()} prend un jeton Premier ({art}) : {total} en tout."
            if lang == "fr" else f"{w.capitalize()} takes a Premier token ({art}): {total} in all.")


def _cancelled(e: Event, w: str, art: str, lang: str) -> str:
    return (f"{w.capitalize()} a été doublé avant la ligne : pas de points à ce passage ({art})."
            if lang == "fr"
            else f"{w.capitalize()} was lapped before reaching the line: no points at this crossing ({art}).")


def _lapped(e: Event, w: str, art: str, lang: str) -> str:
    by = _num((e.data["by"] or 0) + 1 if isinstance(e.data["by"], int) else e.data["by"])
    return (f"{w.capitalize()} est doublé par le joueur {by} : ses points de ce tour sont annulés ({art})."
            if lang == "fr"
            else f"{w.capitalize()} is lapped by player {by}: its points for this lap are cancelled ({art}).")


def _tour(e: Event, w: str, art: str, lang: str) -> str:
    total = e.data["total"]
    return (f"{w.capitalize()} prend un jeton Un Tour ({art}) : {total} en tout."
            if lang == "fr" else f"{w.capitalize()} takes an Un Tour (lap) token ({art}): {total} in all.")


def _bell(e: Event, w: str, art: str, lang: str) -> str:
    return ("Troisième jeton Premier : chaque coureur termine à son prochain passage de la ligne."
            if lang == "fr" else "Third Premier token: every rider finishes at its next crossing of the line.")


def _finish(e: Event, w: str, art: str, lang: str) -> str:
    if e.cite.endswith("art-10"):
        return (f"{w.capitalize()} a fini sa course ; désormais un seul dé pour son équipier ({art})."
                if lang == "fr" else f"{w.capitalize()} has finished; from now on one die for its teammate ({art}).")
    return (f"{w.capitalize()} termine la course ({art})."
            if lang == "fr" else f"{w.capitalize()} finishes the race ({art}).")


def _eliminated(e: Event, w: str, art: str, lang: str) -> str:
    by = e.data.get("by")
    if isinstance(by, int):
        return (f"{w.capitalize()} est rejoint et passé par le joueur {by + 1} : éliminé ({art})."
                if lang == "fr" else f"{w.capitalize()} is caught and passed by player {by + 1}: eliminated ({art}).")
    return (f"{w.capitalize()} est le dernier du tour : éliminé ({art})."
            if lang == "fr" else f"{w.capitalize()} is the last of the lap: eliminated ({art}).")


def _wait(e: Event, w: str, art: str, lang: str) -> str:
    sq = e.data["square"]
    return (f"{w.capitalize()} a bouclé son tour et attend case {sq} que le tour se termine ({art})."
            if lang == "fr"
            else f"{w.capitalize()} has done its lap and waits on square {sq} for the lap to end ({art}).")


def _stake(e: Event, w: str, art: str, lang: str) -> str:
    d = e.data
    return (f"{w.capitalize()} reste le dernier : il verse {d['stake']} à la cagnotte, qui contient {d['pot']} ({art})."
            if lang == "fr"
            else f"{w.capitalize()} is left last: it pays {d['stake']} into the kitty, now {d['pot']} ({art}).")


def _placed(e: Event, w: str, art: str, lang: str) -> str:
    sq = e.data["square"]
    return (f"{w.capitalize()} est replacé case {sq} ({art})."
            if lang == "fr" else f"{w.capitalize()} is put back on square {sq} ({art}).")


def _first(e: Event, w: str, art: str, lang: str) -> str:
    lap = e.data["lap"]
    return (f"Tour {lap} : {w} lance le dé le premier, puis le dé passe à droite ({art})."
            if lang == "fr" else f"Lap {lap}: {w} throws first, then the die passes to the right ({art}).")


def _end(e: Event, w: str, art: str, lang: str) -> str:
    ranking = e.data["ranking"]
    assert isinstance(ranking, list)
    order = ", ".join(str(int(s) + 1) for s in ranking)
    return (f"Course terminée. Vainqueur : {w}. Classement des joueurs : {order} ({art})."
            if lang == "fr" else f"The race is over. Winner: {w}. Ranking of the players: {order} ({art}).")


_SENTENCES: dict[str, Sentence] = {
    "throw": _throw, "order": _order, "move": _move, "bump": _bump, "bonus": _bonus, "blocked": _blocked,
    "cross": _cross, "points": _points, "premier": _premier, "cancelled": _cancelled, "lapped": _lapped, "tour": _tour,
    "bell": _bell, "finish": _finish, "eliminated": _eliminated, "wait": _wait, "stake": _stake,
    "placed": _placed, "first": _first, "end": _end,
}
KINDS = frozenset(_SENTENCES)


def sentence(event: Event, lang: str, team: bool) -> str:
    art = article_label(event.cite, lang)
    return _SENTENCES[event.kind](event, who(event, lang, team), art, lang)


# ---------------------------------------------------------------- decisions in words

DECISION_KINDS: tuple[str, ...] = ()  # the dice decide everything: no race of this game asks a player anything


def choice_words(state: object, need: Need) -> dict[str, dict[str, str]]:
    raise ValueError(f"veldiv: the dice decide everything, there is no choice to put in words ({need.decision!r})")


def question_words(state: object, need: Need) -> dict[str, str]:
    raise ValueError(f"veldiv: the dice decide everything, there is no question to ask ({need.decision!r})")


# The Play page's scoreboard (playable/parcours_view/veldiv.py): its headings, and where a player stands.
PLACE = {"fr": "Case", "en": "Square"}  # a place of the track
SCORE_WORDS: dict[str, dict[str, str]] = {
    "player": {"fr": "Joueur", "en": "Player"},
    "points": {"fr": "Points", "en": "Points"},
    "tours": {"fr": "Tours pris (jetons Un Tour)", "en": "Laps gained (Un Tour)"},
    "premier": {"fr": "Jetons Premier", "en": "Premier tokens"},
    "laps": {"fr": "Tours bouclés", "en": "Laps ridden"},
    "stakes": {"fr": "Versé à la cagnotte", "en": "Paid into the kitty"},
    "state": {"fr": "Situation", "en": "Status"},
    "racing": {"fr": "en course", "en": "racing"},
    "finished": {"fr": "arrivé", "en": "finished"},
    "eliminated": {"fr": "éliminé", "en": "eliminated"},
}


def lap_note(lap: int) -> dict[str, str]:
    """The lap an elimination race is riding: 'Tour 3 en cours.'"""
    return {"fr": f"Tour {lap} en cours.", "en": f"Lap {lap} being ridden."}


def pot_note(pot: int, total: int) -> dict[str, str]:
    """The kitty: what it holds, and the total that ends the race."""
    return {"fr": f"La cagnotte contient {pot} ; la course finit à {total}.",
            "en": f"The kitty holds {pot}; the race ends at {total}."}
