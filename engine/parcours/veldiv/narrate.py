"""The Veldiv's events as sentences in French and English (never stored in the rules): what each
sentence says worked out once, in no language (`facts`), then each language's words for it (`_WORDS`,
told by parcours.tell)."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Event, Need, Value
from ..tell import Case, Facts, Named, as_it_is, case_if, kinds, tell
from .races import RACES

_RACE_RULE = {race.article: race.name for race in RACES.values()}


def article_label(cite: str, lang: str) -> str:
    """'veldiv:art-3' -> 'Art. 3'; a race id -> the rule named as the race is (the English quotes the
    name as the French does: "the The Kitty… rule" doubled its article)."""
    if ":art-" in cite:
        return "Art. " + cite.rsplit("-", 1)[1]
    name = _RACE_RULE.get(cite, {"fr": cite, "en": cite})[lang]
    return f"la règle « {name} »" if lang == "fr" else f"the rule “{name}”"


def who(seat_rider: tuple[int, int | None], lang: str) -> str:
    """Who moved (seat and rider counted from 1; no rider but in a team race), as a sentence names
    him: 'le joueur 2', 'le coureur 1 du joueur 2' / 'player 2', 'player 2's rider 1' (the French with
    its article: 'fait avancer le joueur 2', not 'joueur 2')."""
    seat, rider = seat_rider
    if rider is not None:
        return f"le coureur {rider} du joueur {seat}" if lang == "fr" else f"player {seat}'s rider {rider}"
    return f"le joueur {seat}" if lang == "fr" else f"player {seat}"


def _dice(dice: list[int], lang: str) -> str:
    return (" et " if lang == "fr" else " and ").join(map(str, dice))


def _rank(place: Value, lang: str) -> str:
    """A place across the line: 'premier', '2e' / 'first', 'number 4'."""
    if lang == "fr":
        return "premier" if place == 1 else f"{place}e"
    return {1: "first", 2: "second", 3: "third"}.get(int(str(place)), f"number {place}")


# ---------------------------------------------------------------- what each sentence says
# Each kind's facts, in no language: which of its sentences applies ("kind" or "kind.case") and what
# it names beyond the event's own data; the words are the templates' below.


def _throw(e: Event) -> Case:
    dice = e.data["dice"]
    assert isinstance(dice, list)
    shown = {"dice": Named(_dice, dice)}
    if e.cite.endswith("art-10"):
        return "throw.one-rider-left", shown
    if e.cite.endswith("art-5") and len(dice) == 1:
        return "throw.one-rider", shown
    return "throw", shown


def _move(e: Event) -> Case:
    d = e.data
    if d["face"] == 6:
        return ("move.six-twelve" if d["steps"] == 12 else "move.six-six"), {}
    return "move", {}


def _lapped(e: Event) -> Case:
    by = e.data["by"]
    return "lapped", {"by": (by or 0) + 1 if isinstance(by, int) else by}


def _eliminated(e: Event) -> Case:
    by = e.data.get("by")
    return ("eliminated.caught", {"by": by + 1}) if isinstance(by, int) else ("eliminated", {})


def _points(e: Event) -> Case:
    return "points", {"rank": Named(_rank, e.data["place"])}


def _end(e: Event) -> Case:
    ranking = e.data["ranking"]
    assert isinstance(ranking, list)
    return "end", {"order": ", ".join(str(int(s) + 1) for s in ranking)}


_FACTS: dict[str, Callable[[Event], Case]] = {  # a kind not here has one sentence, naming its data
    "throw": _throw, "move": _move, "points": _points, "lapped": _lapped, "eliminated": _eliminated, "end": _end,
    "finish": case_if("finish.one-die-left", lambda e: e.cite.endswith("art-10")),
}


def facts(event: Event, team: bool) -> Facts:
    """What the event's sentence says: who (a team race names the rider), the article, the case."""
    case, more = _FACTS.get(event.kind, as_it_is)(event)
    rider = event.rider + 1 if team and event.rider is not None else None
    return Facts(case, {**event.data, "w": Named(who, ((event.seat or 0) + 1, rider)),
                        "art": Named(article_label, event.cite), **more})


# ---------------------------------------------------------------- the words of each case

_WORDS: dict[str, dict[str, str]] = {
    "fr": {
        "throw": "{w:cap} lance : {dice}.",
        "throw.one-rider-left": "{w:cap} n'a plus qu'un coureur en course : un seul dé ({art}) : {dice}.",
        "throw.one-rider": "{w:cap} part avec un seul dé et un seul coureur ({art}) : {dice}.",
        "order": "{art} : le {high} va au coureur en retard, qui part d'abord ; le {low} au coureur en avance.",
        "move": "{art} : {w} avance de {steps}, de la case {from} à la case {to}.",
        "move.six-twelve": "{art} : le six compte douze ; {w} va de la case {from} à la case {to}.",
        "move.six-six": "{art} : ici le six ne compte que six ; {w} va de la case {from} à la case {to}.",
        "bump": "La case {square} est prise : {art} fait avancer {w} de {steps} de plus, case {to}.",
        "blocked": "Toutes les cases où {art} pourrait l'envoyer sont prises : {w} reste case {square}.",
        "bonus": ("La case {square} est celle de l'équipier : {art} fait repartir {w} "
                  "de {steps:case|cases}, case {to}."),
        "cross": "{w:cap} franchit la ligne : {lap:tour bouclé|tours bouclés}.",
        "points": "{w:cap} passe {rank} au tour {lap} : {points:point|points} ({art}), {total} en tout.",
        "premier": "{w:cap} prend un jeton Premier ({art}) : {total} en tout.",
        "cancelled": "{w:cap} a été doublé avant la ligne : pas de points à ce passage ({art}).",
        "lapped": "{w:cap} est doublé par le joueur {by} : ses points de ce tour sont annulés ({art}).",
        "tour": "{w:cap} prend un jeton Un Tour ({art}) : {total} en tout.",
        "bell": "Troisième jeton Premier : chaque coureur termine à son prochain passage de la ligne.",
        "finish": "{w:cap} termine la course ({art}).",
        "finish.one-die-left": "{w:cap} a fini sa course ; désormais un seul dé pour son équipier ({art}).",
        "eliminated": "{w:cap} est le dernier du tour : éliminé ({art}).",
        "eliminated.caught": "{w:cap} est rejoint et passé par le joueur {by} : éliminé ({art}).",
        "wait": "{w:cap} a bouclé son tour et attend case {square} que le tour se termine ({art}).",
        "stake": "{w:cap} reste le dernier : il verse {stake} à la cagnotte, qui contient {pot} ({art}).",
        "placed": "{w:cap} est replacé case {square} ({art}).",
        "first": "Tour {lap} : {w} lance le dé le premier, puis le dé passe à droite ({art}).",
        "end": "Course terminée. Vainqueur : {w}. Classement des joueurs : {order} ({art}).",
    },
    "en": {
        "throw": "{w:cap} throws {dice}.",
        "throw.one-rider-left": "{w:cap} has one rider left in the race: one die ({art}): {dice}.",
        "throw.one-rider": "{w:cap} starts with one die and one rider ({art}): {dice}.",
        "order": "{art}: the {high} goes to the rider behind, who moves first; the {low} to the rider ahead.",
        "move": "{art}: {w} moves {steps}, from square {from} to {to}.",
        "move.six-twelve": "{art}: a six counts twelve; {w} goes from square {from} to {to}.",
        "move.six-six": "{art}: here a six counts only six; {w} goes from square {from} to {to}.",
        "bump": "Square {square} is taken: {art} moves {w} on {steps} more, to {to}.",
        "blocked": "Every square {art} could send it to is taken: {w} stays on square {square}.",
        "bonus": "Square {square} holds a teammate: {art} sends {w} on {steps:square|squares}, to {to}.",
        "cross": "{w:cap} crosses the line: lap {lap} completed.",
        "points": "{w:cap} is {rank} across on lap {lap}: {points:point|points} ({art}), {total} in all.",
        "premier": "{w:cap} takes a Premier token ({art}): {total} in all.",
        "cancelled": "{w:cap} was lapped before reaching the line: no points at this crossing ({art}).",
        "lapped": "{w:cap} is lapped by player {by}: its points for this lap are cancelled ({art}).",
        "tour": "{w:cap} takes an Un Tour (lap) token ({art}): {total} in all.",
        "bell": "Third Premier token: every rider finishes at its next crossing of the line.",
        "finish": "{w:cap} finishes the race ({art}).",
        "finish.one-die-left": "{w:cap} has finished; from now on one die for its teammate ({art}).",
        "eliminated": "{w:cap} is the last of the lap: eliminated ({art}).",
        "eliminated.caught": "{w:cap} is caught and passed by player {by}: eliminated ({art}).",
        "wait": "{w:cap} has done its lap and waits on square {square} for the lap to end ({art}).",
        "stake": "{w:cap} is left last: it pays {stake} into the kitty, now {pot} ({art}).",
        "placed": "{w:cap} is put back on square {square} ({art}).",
        "first": "Lap {lap}: {w} throws first, then the die passes to the right ({art}).",
        "end": "The race is over. Winner: {w}. Ranking of the players: {order} ({art}).",
    },
}
KINDS = kinds(_WORDS)


def sentence(event: Event, lang: str, team: bool) -> str:
    return tell(_WORDS, facts(event, team), lang)


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
