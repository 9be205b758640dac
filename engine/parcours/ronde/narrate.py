"""The Ronde's events as sentences in French and English."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..core import Event, Need, place_name, plural
from . import cards as C
from .cards import family
from .course import HILL_CARD_HILLS
from .races import ARTICLES
from .state import State
from .terms import TERMS

COLOURS = ({"fr": "Rouge", "en": "Red"}, {"fr": "Orange", "en": "Orange"}, {"fr": "Jaune", "en": "Yellow"},
           {"fr": "Vert", "en": "Green"}, {"fr": "Bleu", "en": "Blue"}, {"fr": "Violet", "en": "Purple"},
           {"fr": "Brun", "en": "Brown"}, {"fr": "Blanc", "en": "White"})
# Each card's own name {fr, en}, as short as a hand's list; `card()` says what sort of card it is.
NAMES: dict[str, dict[str, str]] = {
    "flat": {"fr": "plat", "en": "flat"}, "triangle": {"fr": "triangle blanc", "en": "white triangle"},
    "square": {"fr": "carré blanc", "en": "white square"}, "slow-legs": {"fr": "jambes lourdes", "en": "slow legs"},
    "flat-tyre": {"fr": "crevaison", "en": "flat tyre"}, "comfort-break": {"fr": "pause pipi", "en": "comfort break"},
    "broken-handlebar": {"fr": "guidon cassé", "en": "broken handlebar"}, "fall": {"fr": "chute", "en": "fall"},
    "very-bad-legs": {"fr": "très mauvaises jambes", "en": "very bad legs"},
    "hammer": {"fr": "l'homme au marteau", "en": "man with the hammer"},
    "severe-fall": {"fr": "chute grave", "en": "severe fall"}, "p-flat": {"fr": "plat", "en": "flat"},
    "p-hill": {"fr": "mont", "en": "hill"}, "p-mixed": {"fr": "mixte", "en": "mixed"},
    "t-take": {"fr": "prendre des cartes", "en": "take cards"},
    "t-koppenberg": dict(TERMS.names["hill-card"]),
    "t-berendries": {"fr": "Berendries", "en": "Berendries"}, "t-counter": {"fr": "contre", "en": "counter"},
    "t-spring": {"fr": "saute dans la roue", "en": "spring along"}, "t-kwak": {"fr": "kwak", "en": "kwak"},
    "t-stevige-kwak": {"fr": "stevige kwak", "en": "stevige kwak"},
}


def name(kind: Any, lang: str) -> str:
    """A card's own name: 'crevaison' / 'flat tyre' (a misfortune's name is the same brown or green)."""
    key = str(kind)
    if key[:2] in ("m-", "t-") and key[2:] in NAMES:
        key = key[2:]
    return NAMES[key][lang]


def in_hand(kind: Any, lang: str) -> str:
    """A card as a hand lists it, told apart from its namesakes: 'plat', 'plat (peloton)',
    'crevaison (tactique)' / 'flat', 'flat (peloton)', 'flat tyre (tactical)'."""
    k, n = str(kind), name(kind, lang)
    if k.startswith("p-"):
        return f"{n} (peloton)"
    if k.startswith("t-") and k in C.AGAINST:
        return f"{n} ({'tactique' if lang == 'fr' else 'tactical'})"
    return n


def hand(kinds: list[str], lang: str) -> str:
    """A hand in words, alike cards counted, in the order of the box: 'plat ×2, carré blanc, contre'."""
    order = {kind: i for i, kind in enumerate(C.KINDS)}
    counts = Counter(kinds)
    return ", ".join(f"{in_hand(k, lang)} ×{n}" if n > 1 else in_hand(k, lang)
                     for k, n in sorted(counts.items(), key=lambda kn: (order.get(kn[0], len(order)), kn[0])))


def card(kind: Any, lang: str) -> str:
    """A card in a sentence after "carte" / before "card", with its sort: 'de malchance « chute »',
    'flat acceleration'..."""
    k, fr, n = str(kind), lang == "fr", name(kind, lang)
    if k in ("t-koppenberg", "t-berendries"):
        return f"de mont « {n} »" if fr else f"“{n}” hill"
    if k in ("t-counter", "t-spring", "t-kwak", "t-stevige-kwak", "t-take"):
        return f"« {n} »" if fr else f"“{n}”"
    sort = {"acceleration": ("d'accélération", "acceleration"), "misfortune": ("de malchance", "misfortune"),
            "peloton": ("peloton", "peloton"), "tactical": ("tactique", "tactical")}[family(k)]
    if family(k) in ("acceleration", "peloton") and not fr:
        return f"{n} {sort[1]}"
    return f"{sort[0]} « {n} »" if fr else f"{sort[1]} “{n}”"


FAMILIES = {"acceleration": ("une carte d'accélération", "an acceleration card"),
            "misfortune": ("une carte de malchance", "a misfortune card"),
            "peloton": ("une carte peloton", "a peloton card"),
            "tactical": ("une carte tactique", "a tactical card")}
_LABELS: dict[str, tuple[str, str]] = {
    "object": ("Le but du jeu", "Object of the game"), "contents": ("Le matériel", "Contents"),
    "board": ("Le plateau", "The board"), "dice": ("Les dés", "The dice"),
    "level-1-setup": ("Niveau 1, mise en place", "Level 1, setup"),
    "acceleration-cards": ("Cartes d'accélération", "Acceleration cards"),
    "misfortune-cards": ("Cartes de malchance", "Misfortune cards"),
    "dice-results": ("Les résultats des dés", "The dice results"), "playing": ("Déroulement", "Playing the game"),
    "three-abreast": ("Trois de front", "Three abreast"), "flat-to-hill": ("Du plat au mont", "Flat to hill"),
    "cobbles": ("Les pavés", "Cobblestones"), "supply": ("Le ravitaillement", "Supply zone"),
    "red-triangle": ("Le triangle rouge", "The red triangle"),
    "level-2-setup": ("Niveau 2, mise en place", "Level 2, setup"),
    "peloton-cards": ("Cartes peloton", "Peloton cards"),
    "peloton-dice-results": ("Niveau 2, résultats des dés", "Level 2, dice results"),
    "peloton-moves": ("Le peloton roule", "How the peloton rides"),
    "peloton-follows": ("Le peloton suit", "The peloton follows"),
    "peloton-acceleration": ("Le peloton accélère", "The peloton accelerates"),
    "behind-peloton": ("Derrière le peloton", "Behind the peloton"),
    "peloton-flat-to-hill": ("Peloton : du plat au mont", "Peloton: flat to hill"),
    "peloton-cobbles": ("Peloton : les pavés", "Peloton: cobbles"),
    "peloton-supply": ("Peloton : le ravitaillement", "Peloton: supply"),
    "peloton-piles": ("Les piles du peloton", "The peloton piles"),
    "level-3-setup": ("Niveau 3, mise en place", "Level 3, setup"),
    "tactical-cards": ("Cartes tactiques", "Tactical cards"),
    "tactical-against": ("Cartes contre un coureur", "Cards against a rider"),
    "tactical-take-cards": ("Carte « prendre des cartes »", "Card to take cards"),
    "hill-card-koppenberg": (f"Carte de mont {TERMS.name('hill-card', 'fr')}",
                             f"Hill card {TERMS.name('hill-card', 'en')}"),
    "hill-card-berendries": ("Carte de mont Berendries", "Hill card Berendries"),
    "out-of-turn": ("Hors de son tour", "Outside your turn"), "counter-card": ("La contre", "The counter card"),
    "spring-along-card": ("« Saute dans la roue »", "Spring-along"), "kwak-cards": ("Les kwaks", "The kwak cards"),
    "tactical-discard": ("La défausse des tactiques", "Discarding tactical cards"),
}
assert {"ronde:" + k for k in _LABELS} == set(ARTICLES)


def article_label(cite: str, lang: str) -> str:
    return _LABELS[cite.split(":", 1)[1]][0 if lang == "fr" else 1]


def who(seat: Any, lang: str) -> str:
    if not isinstance(seat, int):
        return "?"
    return COLOURS[seat][lang] if seat < len(COLOURS) else f"#{seat + 1}"


def _d(e: Event) -> dict[str, Any]:
    return e.data


def _space(n: Any, lang: str) -> str:
    if n == 0:
        return TERMS.name("start", lang)
    return f"la case {n}" if lang == "fr" else f"space {n}"


NOUNS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {  # (fr one, many), (en one, many)
    "card": (("carte", "cartes"), ("card", "cards")), "turn": (("tour", "tours"), ("turn", "turns")),
    "lost": (("point perdu", "points perdus"), ("point lost", "points lost")),
    "space": (("case", "cases"), ("space", "spaces")), "hill": (("mont", "monts"), ("hill", "hills")),
    "rider": (("coureur", "coureurs"), ("rider", "riders")),
}


def _count(n: Any, noun: str, lang: str) -> str:
    """'1 card' / '2 cards', '1 point perdu' / '2 points perdus'..."""
    one, many = NOUNS[noun][0 if lang == "fr" else 1]
    return plural(n, one, many, lang)


def _start(e: Event, lang: str) -> str:
    """The start in Bruges, or (a set-up that placed the riders: `placed`) a race under way."""
    d = _d(e)
    cards, placed = _count(sum(d["hands"]), "card", lang), d.get("placed")
    if lang == "fr":
        where = "Course en cours" if placed else f"Départ de {TERMS.name('start', 'fr')}"
        return f"{where}, niveau {d['level']} ; {cards} en main en tout, {d['draw']} dans la pioche « 1-6 »."
    where = "A race under way" if placed else f"Start in {TERMS.name('start', 'en')}"
    return f"{where}, level {d['level']}; {cards} in hand in all, {d['draw']} in the “1-6” draw pile."


def _pile(e: Event, lang: str) -> str:
    n = _d(e)["cards"]
    if lang == "fr":
        return ("Aucune carte peloton : la pile « 4 » est vide." if n == 0 else
                "La seule carte peloton forme la pile « 4 »." if n == 1 else
                f"Les {n} cartes peloton, mélangées, forment la pile « 4 ».")
    return ("No peloton cards: the “4” pile is empty." if n == 0 else
            "The one peloton card makes the “4” pile." if n == 1 else
            f"The {n} peloton cards, shuffled, make the “4” pile.")


def _still_down(left: int, lang: str) -> str:
    """The turns a fallen rider still sits out after this one: nothing when none."""
    if not left:
        return " (c'est le dernier)" if lang == "fr" else " (the last one)"
    if lang == "fr":
        return f" (encore {left} tour{'s' if left > 1 else ''} ensuite)"
    return f" ({left} more turn{'s' if left > 1 else ''} after this one)"


def _left(e: Event, lang: str) -> str:
    """Springing along after being passed: for the points the roll has left."""
    n = _d(e)["points"]
    if lang == "fr":
        return " pour le dernier point." if n == 1 else f" pour les {n} points restants."
    return " for the last point." if n == 1 else f" for the {n} points left."


def _de(n: Any) -> str:
    return f"de {TERMS.name('start', 'fr')}" if n == 0 else f"de la case {n}"


Line = Callable[[Event, str, str], str]
_FR: dict[str, Line] = {
    "board": lambda e, w, a: (f"Le parcours : {_count(_d(e)['spaces'], 'space', 'fr')}, {_d(e)['flat']} de plat et "
                              f"{_d(e)['uphill']} en montée sur {_count(_d(e)['hills'], 'hill', 'fr')}."),
    "material": lambda e, w, a: (f"{_count(_d(e)['riders'], 'rider', 'fr')} ; en jeu : "
                                 f"{_count(_d(e)['acceleration'], 'card', 'fr')} d'accélération, "
                                 f"{_d(e)['misfortune']} de malchance, {_d(e)['peloton']} peloton, "
                                 f"{plural(_d(e)['tactical'], 'tactique', 'tactiques', 'fr')}."),
    "peloton-start": lambda e, w, a: f"Le peloton (trois coureurs noirs sur leur plaquette) part {_de(_d(e)['at'])}.",
    "peloton-pile": lambda e, w, a: _pile(e, "fr"),
    "tactical-deal": lambda e, w, a: ("Chacun reçoit aussi une carte tactique ; les autres sont mêlées à la pioche "
                                      "« 1-6 »"
                                      + ("." if _d(e)['peloton'] else
                                         " (sans peloton, les deux cartes « prendre des cartes » sont retirées).")),
    "cobbles-safe": lambda e, w, a: "Sur les pavés, un peloton qui accélère et ceux qu'il emmène ne tombent jamais.",
    "peloton-mode": lambda e, w, a: ("Plus personne derrière lui : le peloton suit de nouveau le dernier."
                                     if _d(e)['follows']
                                     else "Un coureur est derrière le peloton : il ne suit plus le dernier."),
    "out-of-turn": lambda e, w, a: f"Carte à bord violet : {w} la joue hors de son tour.",
    "tactical-discard": lambda e, w, a: (f"La carte {card(_d(e)['card'], 'fr')} jouée va, face visible, "
                                         "sur la défausse « 8-12 »."),
    "start": lambda e, w, a: _start(e, "fr"),
    "lot": lambda e, w, a: f"{w} lance le D16 pour commencer : {_d(e)['face']}.",
    "lot-tie": lambda e, w, a: f"Égalité à {_d(e)['face']} : on relance.",
    "first": lambda e, w, a: f"{w} a le plus haut ({_d(e)['face']}) et commence.",
    "boxed-in": lambda e, w, a: (f"Trois coureurs occupent la case {_d(e)['ahead']} : {w} ne peut pas passer, "
                                 "son tour passe."),
    "sit-out": lambda e, w, a: f"{w} est à terre et passe son tour{_still_down(_d(e)['left'], 'fr')}.",
    "back-up": lambda e, w, a: f"{w} a purgé sa peine et se relève" + (
        " ; la carte qui était devant lui va à la défausse « 8-12 »." if _d(e)['cards'] else "."),
    "die": lambda e, w, a: (f"{w} lance le D{_d(e)['die']} marqué sur sa case." if e.cite.endswith(":playing")
                            else f"{w} choisit le D{_d(e)['die']}."),
    "card": lambda e, w, a: f"{w} joue une carte {card(_d(e)['card'], 'fr')} : il lancera le D{_d(e)['die']}.",
    "peloton-card": lambda e, w, a: (f"{w} joue une carte {card(_d(e)['card'], 'fr')} : le peloton accélère "
                                     f"au D{_d(e)['die']}."),
    "attack": lambda e, w, a: f"{w} joue une carte {card(_d(e)['card'], 'fr')} contre {who(_d(e)['victim'], 'fr')}.",
    "take-card": lambda e, w, a: f"{w} joue « prendre des cartes » contre {who(_d(e)['victim'], 'fr')}.",
    "throw": lambda e, w, a: f"{w} lance le D{_d(e)['die']} : {_d(e)['dice'][0]}.",
    "ride": lambda e, w, a: _ride_fr(e, w),
    "fall": lambda e, w, a: (f"{w} fait {_d(e)['face']} sur un pavé marqué {_d(e)['number']} ({_d(e)['strip']}) : "
                             f"chute ! " + (f"{_count(_d(e)['turns'], 'turn', 'fr')} à passer, sans carte."
                                            if _d(e)['turns'] else "Le D4 dira combien de tours, sans carte.")),
    "draw": lambda e, w, a: f"{w} prend {_from_fr(e)}.",
    "misfortune-void": lambda e, w, a: f"La carte {card(_d(e)['card'], 'fr')} est défaussée sans effet.",
    "top-seen": lambda e, w, a: (f"13 ou plus au D16 : le dessus de la pioche est {FAMILIES[str(_d(e)['family'])][0]}"
                                 f", remise en place."),
    "shield": lambda e, w, a: f"13 ou plus au D16 : {w} est protégé de la prochaine malchance de ce tour.",
    "reshuffle": lambda e, w, a: (f"La pioche est vide : la défausse est mélangée et devient la pioche "
                                  f"({_count(_d(e)['cards'], 'card', 'fr')})."),
    "supply": lambda e, w, a: (f"{w} s'arrête au ravitaillement et reçoit {_count(_d(e)['cards'], 'card', 'fr')}"
                               + (f", dont {_d(e)['misfortunes']} malchances : tout part à la défausse."
                                  if _d(e)['misfortunes'] >= 2 else ".")),
    "finish": lambda e, w, a: (f"{w} franchit la ligne à {TERMS.name('finish', 'fr')}, "
                               f"{place_name(_d(e)['place'], 'fr')}."),
    "end": lambda e, w, a: f"{w} gagne le {TERMS.name('race', 'fr')} !",
    "tie-roll": lambda e, w, a: f"Arrivée ensemble : {w} lance le D16, {_d(e)['face']}.",
    "extra-turn": lambda e, w, a: f"{w} arrive au pied du mont avec le compte exact : un tour de plus.",
    "second-roll": lambda e, w, a: f"{w} lance une seconde fois le D10 de sa carte de mont.",
    "hit": lambda e, w, a: (f"{w} subit la carte {card(_d(e)['card'], 'fr')} : "
                            + (f"{_count(_d(e)['turns'], 'turn', 'fr')} à passer ({_d(e)['skip']} en tout)."
                               if _d(e)['turns'] else "le D4 dira combien de tours.")),
    "turns": lambda e, w, a: f"Le D4 donne {_d(e)['turns']} : {w} passera {_count(_d(e)['skip'], 'turn', 'fr')}.",
    "counter": lambda e, w, a: f"{w} joue une contre ({_d(e)['chain']}e de la chaîne).".replace("1e de", "1re de"),
    "countered": lambda e, w, a: (f"La carte {card(_d(e)['card'], 'fr')} est annulée"
                                  + (f" : {w} perd son tour." if e.seat is not None else ".")),
    "taken": lambda e, w, a: (f"{w} prend {_count(_d(e)['cards'], 'card', 'fr')} à l'aveugle "
                              f"à {who(_d(e)['victim'], 'fr')}."),
    "steal": lambda e, w, a: f"Triangle rouge : {w} prend une carte au hasard à {who(_d(e)['victim'], 'fr')}.",
    "discard": lambda e, w, a: f"{w} a trop de cartes tactiques et défausse une carte {card(_d(e)['card'], 'fr')}.",
    "kwak": lambda e, w, a: (f"{w} joue une carte {card(_d(e)['card'], 'fr')} contre {who(_d(e)['victim'], 'fr')}, "
                             "à côté de lui."),
    "spring": lambda e, w, a: (f"{w} saute dans la roue de {who(_d(e)['mover'], 'fr')}"
                               + (_left(e, "fr") if _d(e)['when'] == "passed" else ".")),
    "peloton-follows": lambda e, w, a: f"Le peloton suit le dernier coureur, sur {_space(_d(e)['to'], 'fr')}.",
    "swallowed": lambda e, w, a: f"{w}, à terre, est repris : il passe derrière le peloton.",
    "peloton": lambda e, w, a: (f"Le peloton roule de {_d(e)['points']}, {_de(_d(e)['from'])} "
                                f"à {_space(_d(e)['to'], 'fr')}") + (
        f" : il s'arrête au pied du mont, {_count(_d(e)['lost'], 'lost', 'fr')}." if _d(e)['lost'] else "."),
    "swept": lambda e, w, a: f"{w} est repris et placé devant le peloton, sur {_space(_d(e)['to'], 'fr')}.",
    "peloton-closed": lambda e, w, a: (f"Le peloton a atteint le {TERMS.name('muur', 'fr')} : plus de cartes "
                                       "peloton, toutes sont défaussées."),
    "rejoin": lambda e, w, a: (f"{w} lance le D{_d(e)['die']} pour revenir devant le peloton : {_d(e)['dice'][0]}, "
                               + ("c'est fait." if _d(e)['made'] else "raté (il faut 7 ou plus).")),
    "peloton-extra": lambda e, w, a: "Le peloton arrive au pied du mont avec le compte exact : un jet de D4 en plus.",
}
_EN: dict[str, Line] = {
    "board": lambda e, w, a: (f"The course: {_count(_d(e)['spaces'], 'space', 'en')}, {_d(e)['flat']} flat and "
                              f"{_d(e)['uphill']} uphill on {_count(_d(e)['hills'], 'hill', 'en')}."),
    "material": lambda e, w, a: (f"{_count(_d(e)['riders'], 'rider', 'en')}; in play: "
                                 f"{plural(_d(e)['acceleration'], 'acceleration card', 'acceleration cards')}, "
                                 f"{_d(e)['misfortune']} misfortune, {_d(e)['peloton']} peloton, "
                                 f"{_d(e)['tactical']} tactical."),
    "peloton-start": lambda e, w, a: ("The peloton (three black riders on their plate) starts from "
                                      f"{_space(_d(e)['at'], 'en')}."),
    "peloton-pile": lambda e, w, a: _pile(e, "en"),
    "tactical-deal": lambda e, w, a: ("Everyone also gets one tactical card; the rest are shuffled into the "
                                      "“1-6” pile"
                                      + ("." if _d(e)['peloton'] else
                                         " (without the peloton, the two “take cards” cards are removed).")),
    "cobbles-safe": lambda e, w, a: "On the cobbles, an accelerating peloton and the riders it carries never fall.",
    "peloton-mode": lambda e, w, a: ("Nobody is behind it any more: the peloton follows the last rider again."
                                     if _d(e)['follows']
                                     else "A rider is behind the peloton: it no longer follows the last rider."),
    "out-of-turn": lambda e, w, a: f"A purple-bordered card: {w} plays it outside his turn.",
    "tactical-discard": lambda e, w, a: (f"The {card(_d(e)['card'], 'en')} card played goes face up "
                                         "on the “8-12” discard."),
    "start": lambda e, w, a: _start(e, "en"),
    "lot": lambda e, w, a: f"{w} rolls the D16 to begin: {_d(e)['face']}.",
    "lot-tie": lambda e, w, a: f"A tie at {_d(e)['face']}: roll again.",
    "first": lambda e, w, a: f"{w} has the highest ({_d(e)['face']}) and begins.",
    "boxed-in": lambda e, w, a: f"Three riders fill space {_d(e)['ahead']}: {w} cannot pass, the turn goes on.",
    "sit-out": lambda e, w, a: f"{w} is down and skips a turn{_still_down(_d(e)['left'], 'en')}.",
    "back-up": lambda e, w, a: f"{w} has served his time and gets up" + (
        "; the card in front of him goes to the “8-12” discard." if _d(e)['cards'] else "."),
    "die": lambda e, w, a: (f"{w} throws the D{_d(e)['die']} marked on his space." if e.cite.endswith(":playing")
                            else f"{w} chooses the D{_d(e)['die']}."),
    "card": lambda e, w, a: f"{w} plays a {card(_d(e)['card'], 'en')} card: he will roll the D{_d(e)['die']}.",
    "peloton-card": lambda e, w, a: (f"{w} plays a {card(_d(e)['card'], 'en')} card: the peloton accelerates "
                                     f"with the D{_d(e)['die']}."),
    "attack": lambda e, w, a: f"{w} plays a {card(_d(e)['card'], 'en')} card against {who(_d(e)['victim'], 'en')}.",
    "take-card": lambda e, w, a: f"{w} plays “take cards” against {who(_d(e)['victim'], 'en')}.",
    "throw": lambda e, w, a: f"{w} rolls the D{_d(e)['die']}: {_d(e)['dice'][0]}.",
    "ride": lambda e, w, a: _ride_en(e, w),
    "fall": lambda e, w, a: (f"{w} rolls {_d(e)['face']} onto a cobble marked {_d(e)['number']} ({_d(e)['strip']}): "
                             f"down he goes! " + (f"{_count(_d(e)['turns'], 'turn', 'en')} to skip, and no card."
                                                  if _d(e)['turns'] else "The D4 will say how many turns; no card.")),
    "draw": lambda e, w, a: f"{w} takes {_from_en(e)}.",
    "misfortune-void": lambda e, w, a: f"The {card(_d(e)['card'], 'en')} card is discarded with no effect.",
    "top-seen": lambda e, w, a: (f"13 or more on the D16: the top of the draw pile is "
                                 f"{FAMILIES[str(_d(e)['family'])][1]}, put back."),
    "shield": lambda e, w, a: f"13 or more on the D16: {w} is shielded from the next misfortune this turn.",
    "reshuffle": lambda e, w, a: (f"The draw pile is empty: the discard is shuffled into a new one "
                                  f"({_count(_d(e)['cards'], 'card', 'en')})."),
    "supply": lambda e, w, a: (f"{w} stops at the supply zone and gets {_count(_d(e)['cards'], 'card', 'en')}"
                               + (f", {_d(e)['misfortunes']} of them misfortunes: all go to the discard."
                                  if _d(e)['misfortunes'] >= 2 else ".")),
    "finish": lambda e, w, a: (f"{w} crosses the line in {TERMS.name('finish', 'en')} "
                               f"in {place_name(_d(e)['place'], 'en')} place."),
    "end": lambda e, w, a: f"{w} wins the {TERMS.name('race', 'en')}!",
    "tie-roll": lambda e, w, a: f"Over the line together: {w} rolls the D16, {_d(e)['face']}.",
    "extra-turn": lambda e, w, a: f"{w} reaches the foot of the hill with the exact count: an extra turn.",
    "second-roll": lambda e, w, a: f"{w} rolls his hill card's D10 a second time.",
    "hit": lambda e, w, a: (f"{w} suffers the {card(_d(e)['card'], 'en')} card: "
                            + (f"{_count(_d(e)['turns'], 'turn', 'en')} to skip ({_d(e)['skip']} in all)."
                               if _d(e)['turns'] else "the D4 will say how many turns.")),
    "turns": lambda e, w, a: f"The D4 gives {_d(e)['turns']}: {w} will skip {_count(_d(e)['skip'], 'turn', 'en')}.",
    "counter": lambda e, w, a: f"{w} plays a counter card (number {_d(e)['chain']} in the chain).",
    "countered": lambda e, w, a: (f"The {card(_d(e)['card'], 'en')} card is cancelled"
                                  + (f": {w} loses his turn." if e.seat is not None else ".")),
    "taken": lambda e, w, a: (f"{w} takes {_count(_d(e)['cards'], 'card', 'en')} blind "
                              f"from {who(_d(e)['victim'], 'en')}."),
    "steal": lambda e, w, a: f"Red triangle: {w} takes a card at random from {who(_d(e)['victim'], 'en')}.",
    "discard": lambda e, w, a: f"{w} holds too many tactical cards and discards a {card(_d(e)['card'], 'en')} card.",
    "kwak": lambda e, w, a: (f"{w} plays a {card(_d(e)['card'], 'en')} card on {who(_d(e)['victim'], 'en')}, "
                             "beside him."),
    "spring": lambda e, w, a: (f"{w} springs along with {who(_d(e)['mover'], 'en')}"
                               + (_left(e, "en") if _d(e)['when'] == "passed" else ".")),
    "peloton-follows": lambda e, w, a: f"The peloton follows the last rider: {_space(_d(e)['to'], 'en')}.",
    "swallowed": lambda e, w, a: f"{w}, lying down, is caught: he goes behind the peloton.",
    "peloton": lambda e, w, a: (f"The peloton rides {_d(e)['points']}: {_space(_d(e)['from'], 'en')} → "
                                f"{_space(_d(e)['to'], 'en')}" + (
        f"; it stops at the foot of the hill, {_count(_d(e)['lost'], 'lost', 'en')}." if _d(e)['lost'] else ".")),
    "swept": lambda e, w, a: f"{w} is caught and set in front of the peloton, {_space(_d(e)['to'], 'en')}.",
    "peloton-closed": lambda e, w, a: (f"The peloton has reached the {TERMS.name('muur', 'en')}: no more peloton "
                                       "cards, all are discarded."),
    "rejoin": lambda e, w, a: (f"{w} rolls the D{_d(e)['die']} to get back in front of the peloton: "
                               f"{_d(e)['dice'][0]}, "
                               + ("done." if _d(e)['made'] else "missed (7 or more needed).")),
    "peloton-extra": lambda e, w, a: "The peloton reaches the foot of the hill with the exact count: one more D4 roll.",
}
KINDS = frozenset(_EN)
assert KINDS == frozenset(_FR)


def _ride_fr(e: Event, w: str) -> str:
    d = _d(e)
    out = f"{w} avance {_de(d['from'])} à {_space(d['to'], 'fr')}"
    if e.cite.endswith("three-abreast"):
        return out + f" : trois coureurs de front lui barrent la route, {_count(d['lost'], 'lost', 'fr')}."
    if e.cite.endswith("flat-to-hill"):
        return out + f" et s'arrête au pied du mont : {_count(d['lost'], 'lost', 'fr')}."
    return out + "."


def _ride_en(e: Event, w: str) -> str:
    d = _d(e)
    out = f"{w} rides from {_space(d['from'], 'en')} to {_space(d['to'], 'en')}"
    if e.cite.endswith("three-abreast"):
        return out + f": three riders abreast bar the road, {_count(d['lost'], 'lost', 'en')}."
    if e.cite.endswith("flat-to-hill"):
        return out + f" and stops at the foot of the hill: {_count(d['lost'], 'lost', 'en')}."
    return out + "."


def _from_fr(e: Event) -> str:
    d = _d(e)
    pile = {(True, False): "la défausse « 8-12 »", (True, True): "la défausse peloton « 10 »",
            (False, True): "la pioche peloton « 4 »", (False, False): "la pioche « 1-6 »"}[
        (bool(d["open"]), d["family"] == "peloton")]
    what = (f"une carte {card(d['card'], 'fr')}" if d["open"] or d["family"] == "misfortune"
            else FAMILIES[str(d["family"])][0])
    return f"{what} dans {pile}"


def _from_en(e: Event) -> str:
    d = _d(e)
    pile = {(True, False): "the “8-12” discard", (True, True): "the “10” peloton discard",
            (False, True): "the “4” peloton pile", (False, False): "the “1-6” draw pile"}[
        (bool(d["open"]), d["family"] == "peloton")]
    what = (f"a {card(d['card'], 'en')} card" if d["open"] or d["family"] == "misfortune"
            else FAMILIES[str(d["family"])][1])
    return f"{what} from {pile}"


def sentence(event: Event, lang: str, team: bool) -> str:
    table = _FR if lang == "fr" else _EN
    return table[event.kind](event, who(event.seat, lang), article_label(event.cite, lang))


# ---------------------------------------------------------------- decisions in words
# Each choice on a button, from the position where it is offered: "Man with the hammer → Yellow
# (3 turns)", "Take a card at random from Orange"... Pairs are (fr, en), as the tables above.

QUESTIONS: dict[str, tuple[str, str]] = {
    "act": ("{p} : quel dé lancer, ou quelle carte jouer ?", "{p}: which die to roll, or which card to play?"),
    "counter": ("{p} : contrer la carte qui vient d'être jouée ?", "{p}: counter the card just played?"),
    "spring": ("{p} : sauter dans la roue du coureur qui va lancer ?",
               "{p}: spring along with the rider about to roll?"),
    "passed": ("{p} : on vient de vous dépasser : sauter dans la roue pour les points restants ?",
               "{p}: you have just been passed: spring along for the points left?"),
    "kwak": ("{p} : jouer un kwak à un coureur à côté de vous ?", "{p}: play a kwak on a rider beside you?"),
    "triangle": ("{p} : triangle rouge : à qui prenez-vous une carte ?",
                 "{p}: red triangle: from whom do you take a card?"),
    "discard": ("{p} : trop de cartes tactiques : laquelle part ?", "{p}: too many tactical cards: which one goes?"),
    "rejoin": ("{p} : derrière le peloton : quel dé pour repasser devant ?",
               "{p}: behind the peloton: which die to get back in front?"),
}
DECISION_KINDS = tuple(QUESTIONS)  # every decision rules.CHOICES can ask (tests check both ways)
PASS: dict[str, tuple[str, str]] = {  # "pass" says what it leaves undone
    "counter": ("Laisser jouer la carte", "Let the card stand"), "spring": ("Ne pas sauter", "Do not spring along"),
    "passed": ("Ne pas sauter", "Do not spring along"), "kwak": ("Pas de kwak", "No kwak"),
    "triangle": ("Ne prendre aucune carte", "Take no card"),
}
FIXED: dict[str, tuple[str, str]] = {
    "counter": ("Contrer : annuler la carte", "Counter: cancel the card"),
    "spring": ("Sauter dans la roue", "Spring along"),
    "roll-koppenberg": (f"Carte {TERMS.name('hill-card', 'fr')} : deux fois le D10",
                        f"{TERMS.name('hill-card', 'en')} card: the D10 twice"),
}


def button(kind: str) -> tuple[str, str]:
    """A card on a button (fr, en): 'Carte plat' / 'Flat card', 'Man with the hammer'..."""
    fr, en = name(kind, "fr"), name(kind, "en")
    sort = family(kind)
    if sort == "acceleration":
        return f"Carte {fr}", f"{en.capitalize()} card"
    if sort == "peloton":
        return f"Carte peloton {fr}", f"{en.capitalize()} peloton card"
    if kind in HILL_CARD_HILLS:
        return f"Carte de mont {fr}", f"{en} hill card"
    return fr[0].upper() + fr[1:], en[0].upper() + en[1:]


def _player(seat: int) -> tuple[str, str]:
    return f"Joueur {seat + 1} ({who(seat, 'fr')})", f"Player {seat + 1} ({who(seat, 'en')})"


def _turns(n: int) -> tuple[str, str]:
    if n == 0:
        return "le D4 dira combien de tours", "the D4 says how many turns"
    return _count(n, "turn", "fr"), _count(n, "turn", "en")


def _words(race: State, seat: int, decision: str, choice: str) -> tuple[str, str]:
    """One choice in words (fr, en); KeyError/ValueError if the game has none for it."""
    if choice == "pass":
        return PASS.get(decision, ("Passer", "Pass"))
    kind, at, target = choice.partition("@")
    if at:
        return _against(kind, int(target) - 1)
    if kind.startswith("discard:"):
        fr, en = button(kind[8:])
        return f"Défausser : {fr}", f"Discard: {en}"
    if kind in ("d4", "d6", "d8"):
        return f"Dé de base : D{kind[1:]}", f"Basic die: D{kind[1:]}"
    here = race.course[race.riders[seat].at]
    if kind == "roll":
        return f"Lancer le D{here.die or 6} de la case", f"Roll this space's D{here.die or 6}"
    if kind in C.ACCELERATION:
        fr, en = button(kind)
        return f"{fr} : D{C.ACCELERATION[kind]}", f"{en}: D{C.ACCELERATION[kind]}"
    if kind in C.PELOTON:
        front = race.course[race.peloton or 0]
        die = C.PELOTON[kind][0 if front.flat else 1]
        fr, en = button(kind)
        return f"{fr} : le peloton roule au D{die}", f"{en}: the peloton rides the D{die}"
    if kind == "t-koppenberg":
        return FIXED["roll-koppenberg"]
    if kind == "t-berendries":
        die = 16 if here.hill in HILL_CARD_HILLS[kind] else 8
        fr, en = button(kind)
        return f"{fr} : D{die}", f"{en}: D{die}"
    return FIXED[kind]


def _against(kind: str, victim: int) -> tuple[str, str]:
    """A card played on another rider: 'Man with the hammer → Yellow (3 turns)'."""
    v_fr, v_en = who(victim, "fr"), who(victim, "en")
    if kind == "steal":
        return f"Prendre une carte au hasard à {v_fr}", f"Take a card at random from {v_en}"
    if kind == "t-take":
        return f"Prendre des cartes à {v_fr}", f"Take cards from {v_en}"
    turns = C.AGAINST[kind] if kind in C.AGAINST else C.KWAK[kind]
    (fr, en), (t_fr, t_en) = button(kind), _turns(turns)
    return f"{fr} → {v_fr} ({t_fr})", f"{en} → {v_en} ({t_en})"


def choice_words(race: State, need: Need) -> dict[str, dict[str, str]]:
    """Every choice the need offers, in words; a choice with no words raises (a bug, never a code shown)."""
    out = {}
    for choice in need.choices:
        try:
            fr, en = _words(race, need.seat, need.decision, choice)
        except (KeyError, ValueError):
            raise ValueError(f"ronde: no words for the choice {choice!r} of a {need.decision!r} decision") from None
        out[choice] = {"fr": fr, "en": en}
    return out


def question_words(race: State, need: Need) -> dict[str, str]:
    fr, en = QUESTIONS[need.decision]
    p_fr, p_en = _player(need.seat)
    return {"fr": fr.format(p=p_fr), "en": en.format(p=p_en)}


# The Play page's scoreboard (playable/parcours_view/ronde.py): its headings and where a rider is.
PLACE = {"fr": "Case", "en": "Space"}  # a place of the course
SCORE_WORDS: dict[str, dict[str, str]] = {
    "rider": {"fr": "Coureur", "en": "Rider"},
    "where": {"fr": "Où", "en": "Where"},
    "down": {"fr": "À terre", "en": "Down"},
    "cards": {"fr": "Cartes en main", "en": "Cards in hand"},
    "finished": {"fr": f"arrivé à {TERMS.name('finish', 'fr')}", "en": f"finished in {TERMS.name('finish', 'en')}"},
    "home": {"fr": "arrivé", "en": "finished"},  # the same, in the board's narrow column
    "behind": {"fr": "derrière le peloton", "en": "behind the peloton"},
    "up": {"fr": "—", "en": "—"},
}
# The board's table (playable/parcours_view/ronde.py) under the course: its columns' heads, the
# turns a rider lying down still sits out headed as on the scoreboard.
BOARD_HEADS: tuple[dict[str, str], ...] = (SCORE_WORDS["rider"], PLACE,
                                           SCORE_WORDS["down"], {"fr": "Cartes", "en": "Cards"})


def space_words(space: int, behind: bool) -> dict[str, str]:
    """Where a rider on the road is: 'Bruges', 'case 42', 'case 42, derrière le peloton'."""
    words = {"fr": _space(space, "fr").removeprefix("la "), "en": _space(space, "en")}
    if behind:
        return {lang: f"{words[lang]}, {SCORE_WORDS['behind'][lang]}" for lang in words}
    return words


def turns_down(n: int) -> dict[str, str]:
    """A rider down for n turns: '2 tours' / '2 turns' (none: a dash)."""
    return {lang: _count(n, "turn", lang) for lang in ("fr", "en")} if n else dict(SCORE_WORDS["up"])
