"""What a decision's buttons say: each choice in words, in both languages, for games whose choices
are codes (the Ronde's `t-hammer@3`, `steal@2`, `discard:t-kwak`...). The page adds them to the
need it shows (`need["labels"]`, `need["question"]`); a game without them keeps its own words."""

from __future__ import annotations

from typing import Any

from parcours.ronde import cards as C
from parcours.ronde.narrate import COLOURS, name

from .profile import profile_of

Pair = dict[str, str]

def button_name(kind: str) -> tuple[str, str]:
    """A card on a button (en, fr): 'Flat card', 'Hill peloton card', 'Man with the hammer'..."""
    en, fr = name(kind, "en"), name(kind, "fr")
    sort = C.family(kind)
    if sort == "acceleration":
        return f"{en.capitalize()} card", f"Carte {fr}"
    if sort == "peloton":
        return f"{en.capitalize()} peloton card", f"Carte peloton {fr}"
    if kind in ("t-koppenberg", "t-berendries"):
        return f"{en} hill card", f"Carte de mont {fr}"
    return en[0].upper() + en[1:], fr[0].upper() + fr[1:]


QUESTIONS: dict[str, tuple[str, str]] = {
    "act": ("{p}: how do you ride?", "{p} : comment roulez-vous ?"),
    "counter": ("{p}: counter the card just played?", "{p} : contrer la carte qui vient d'être jouée ?"),
    "spring": ("{p}: spring along with the rider about to roll?", "{p} : sauter dans la roue du coureur qui va lancer ?"),
    "passed": ("{p}: you have just been passed: spring along for the points left?",
               "{p} : on vient de vous dépasser : sauter dans la roue pour les points restants ?"),
    "kwak": ("{p}: play a kwak on a rider beside you?", "{p} : jouer un kwak à un coureur à côté de vous ?"),
    "triangle": ("{p}: red triangle: from whom do you take a card?", "{p} : triangle rouge : à qui prenez-vous une carte ?"),
    "discard": ("{p}: too many tactical cards: which one goes?", "{p} : trop de cartes tactiques : laquelle part ?"),
    "rejoin": ("{p}: behind the peloton: which die to get back in front?",
               "{p} : derrière le peloton : quel dé pour repasser devant ?"),
}


def _who(seat: int, lang: int) -> str:
    return COLOURS[seat][lang] if 0 <= seat < len(COLOURS) else f"#{seat + 1}"


def _player(seat: int, lang: int) -> str:
    return (f"Player {seat + 1} ({_who(seat, 1)})" if lang == 1
            else f"Joueur {seat + 1} ({_who(seat, 0)})")


def _turns(n: int, lang: int) -> str:
    if n == 0:
        return "D4 turns" if lang == 1 else "D4 tours"
    return (f"{n} turn{'s' if n > 1 else ''}" if lang == 1 else f"{n} tour{'s' if n > 1 else ''}")


def _label(choice: str, seat: int, position: dict[str, Any]) -> Pair:
    course = profile_of(position.get("course")).course
    rider = position["riders"][seat] if 0 <= seat < len(position["riders"]) else {"at": 0}
    here = course[rider["at"]]
    peloton = position.get("peloton")
    on_flat = peloton is None or course[peloton].flat

    def pair(en: str, fr: str) -> Pair:
        return {"en": en, "fr": fr}

    kind, _, target = choice.partition("@")
    if target.isdigit():
        victim = int(target) - 1
        name = button_name(kind)
        v_en, v_fr = _who(victim, 1), _who(victim, 0)
        if kind in C.AGAINST:
            n = C.AGAINST[kind]
            return pair(f"{name[0]} → {v_en} ({_turns(n, 1)})", f"{name[1]} → {v_fr} ({_turns(n, 0)})")
        if kind in C.KWAK:
            n = C.KWAK[kind]
            return pair(f"{name[0]} → {v_en} ({_turns(n, 1)})", f"{name[1]} → {v_fr} ({_turns(n, 0)})")
        if kind == "t-take":
            return pair(f"Take cards from {v_en}", f"Prendre des cartes à {v_fr}")
        if kind == "steal":
            return pair(f"Take a card at random from {v_en}", f"Prendre une carte au hasard à {v_fr}")
        return pair(choice, choice)
    if choice.startswith("discard:"):
        name = button_name(choice[8:])
        return pair(f"Discard: {name[0]}", f"Défausser : {name[1]}")
    if choice in ("d4", "d6", "d8"):
        return pair(f"Basic die: D{choice[1:]}", f"Dé de base : D{choice[1:]}")
    if choice in C.ACCELERATION:
        die = C.ACCELERATION[choice]
        name = button_name(choice)
        return pair(f"{name[0]}: D{die}", f"{name[1]} : D{die}")
    if choice in C.PELOTON:
        flat, hill = C.PELOTON[choice]
        die = flat if on_flat else hill
        name = button_name(choice)
        return pair(f"{name[0]}: the peloton rides the D{die}", f"{name[1]} : le peloton roule au D{die}")
    if choice == "roll":
        die = here.die or 6
        return pair(f"Roll this space's D{die}", f"Lancer le D{die} de la case")
    if choice == "t-koppenberg":
        return pair("Koppenberg / Muur card: the D10 twice", "Carte Koppenberg / Mur : deux fois le D10")
    if choice == "t-berendries":
        die = 16 if here.hill == "Berendries" else 8
        return pair(f"Berendries card: D{die}", f"Carte Berendries : D{die}")
    fixed = {"counter": ("Counter: cancel the card", "Contrer : annuler la carte"), "pass": ("Pass", "Passer"),
             "spring": ("Spring along", "Sauter dans la roue")}
    if choice in fixed:
        return pair(*fixed[choice])
    return pair(choice, choice)


def choice_label(position: dict[str, Any], seat: int, choice: str) -> Pair | None:
    """One choice in words, as it was offered in this position (None: the game has no words for it)."""
    if not str(position.get("ruleset", "")).startswith("ronde."):
        return None
    return _label(choice, seat, position)


def with_labels(position: dict[str, Any]) -> dict[str, Any] | None:
    """The position's need, with each choice in words and the question, where the game has them."""
    need = position.get("need")
    if need is None or not str(position.get("ruleset", "")).startswith("ronde.") or need.get("kind") != "choice":
        return need
    seat = need["seat"]
    out = dict(need)
    out["labels"] = {c: _label(c, seat, position) for c in need["choices"]}
    q = QUESTIONS.get(need.get("decision", ""), ("{p} decides", "{p} décide"))
    out["question"] = {"en": q[0].format(p=_player(seat, 1)), "fr": q[1].format(p=_player(seat, 0))}
    return out
