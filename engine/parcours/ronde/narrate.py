"""The Ronde's events as sentences in French and English: what each sentence says worked out once, in
no language (`facts`), then each language's words for it (`_WORDS`, told by parcours.tell)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..core import Event, Need, place_name, plural
from ..tell import Case, Facts, Named, as_it_is, case_if, kinds, tell
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


def _space(n: Any, lang: str) -> str:
    if n == 0:
        return TERMS.name("start", lang)
    return f"la case {n}" if lang == "fr" else f"space {n}"


NOUNS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {  # (fr one, many), (en one, many)
    "turn": (("tour", "tours"), ("turn", "turns")),
}


def _count(n: Any, noun: str, lang: str) -> str:
    """'1 tour' / '2 turns'..."""
    one, many = NOUNS[noun][0 if lang == "fr" else 1]
    return plural(n, one, many, lang)


def _family(family: Any, lang: str) -> str:
    """'une carte peloton' / 'a peloton card'."""
    return FAMILIES[str(family)][0 if lang == "fr" else 1]


_PILES = {(True, False): ("la défausse « 8-12 »", "the “8-12” discard"),
          (True, True): ("la défausse peloton « 10 »", "the “10” peloton discard"),
          (False, True): ("la pioche peloton « 4 »", "the “4” peloton pile"),
          (False, False): ("la pioche « 1-6 »", "the “1-6” draw pile")}


def _pile(open_peloton: tuple[bool, bool], lang: str) -> str:
    """The pile a card is drawn from: face up or not, a peloton card or not."""
    return _PILES[open_peloton][0 if lang == "fr" else 1]


def _chain(n: Any, lang: str) -> str:
    """A counter card's place in its chain: '1re', '2e' / 'number 1'."""
    if lang == "fr":
        return "1re" if n == 1 else f"{n}e"
    return f"number {n}"


# ---------------------------------------------------------------- what each sentence says
# Each kind's facts, in no language: which of its sentences applies ("kind" or "kind.case") and what
# it names beyond the event's own data (whose codes _NAMED puts in words: a card, a rider, a space).

_NAMED: dict[str, Callable[[Any, str], str]] = {
    "card": card, "victim": who, "mover": who, "family": _family, "place": place_name, "chain": _chain,
    "at": _space, "from": _space, "to": _space,
}


def _named(**terms: str) -> Callable[[Event], Case]:
    """A kind that names some of the game's names (TERMS: 'finish' -> the finish's town)."""
    return lambda e: (e.kind, {fact: Named(TERMS.name, key) for fact, key in terms.items()})


def _d(e: Event) -> dict[str, Any]:
    return e.data


def _start(e: Event) -> Case:
    """The start in Bruges, or (a set-up that placed the riders: `placed`) a race under way."""
    return ("start.placed" if e.data.get("placed") else "start"), {
        "cards": sum(_d(e)["hands"]), "town": Named(TERMS.name, "start")}


def _peloton_pile(e: Event) -> Case:
    n = e.data["cards"]
    return ("peloton-pile.none" if n == 0 else "peloton-pile.one" if n == 1 else "peloton-pile"), {}


def _throw(e: Event) -> Case:
    return "throw", {"face": _d(e)["dice"][0]}


def _rejoin(e: Event) -> Case:
    return ("rejoin.made" if e.data["made"] else "rejoin"), {"face": _d(e)["dice"][0]}


def _ride(e: Event) -> Case:
    for rule in ("three-abreast", "flat-to-hill"):
        if e.cite.endswith(rule):
            return f"ride.{rule}", {}
    return "ride", {}


def _draw(e: Event) -> Case:
    d = e.data
    pile = Named(_pile, (bool(d["open"]), d["family"] == "peloton"))
    return ("draw.card" if d["open"] or d["family"] == "misfortune" else "draw"), {"pile": pile}


def _spring(e: Event) -> Case:
    if e.data["when"] != "passed":
        return "spring", {}
    return ("spring.passed-last" if e.data["points"] == 1 else "spring.passed"), {}


_FACTS: dict[str, Callable[[Event], Case]] = {
    "start": _start, "peloton-pile": _peloton_pile, "throw": _throw, "rejoin": _rejoin, "ride": _ride,
    "draw": _draw, "spring": _spring,
    "tactical-deal": case_if("tactical-deal.no-peloton", lambda e: not e.data["peloton"]),
    "peloton-mode": case_if("peloton-mode.follows", lambda e: e.data["follows"]),
    "sit-out": case_if("sit-out.last", lambda e: not e.data["left"]),
    "back-up": case_if("back-up.card", lambda e: e.data["cards"]),
    "die": case_if("die.chosen", lambda e: not e.cite.endswith(":playing")),
    "fall": case_if("fall.d4", lambda e: not e.data["turns"]),
    "hit": case_if("hit.d4", lambda e: not e.data["turns"]),
    "supply": case_if("supply.discarded", lambda e: _d(e)["misfortunes"] >= 2),
    "countered": case_if("countered.lost-turn", lambda e: e.seat is not None),
    "peloton": case_if("peloton.stops", lambda e: e.data["lost"]),
    "finish": _named(finish="finish"), "end": _named(race="race"), "peloton-closed": _named(muur="muur"),
}


def facts(event: Event) -> Facts:
    """What the event's sentence says: who, the article, the case, the codes of its data named."""
    d = event.data
    case, more = _FACTS.get(event.kind, as_it_is)(event)
    named = {key: Named(words, d[key]) for key, words in _NAMED.items() if key in d}
    return Facts(case, {**d, **named, "w": Named(who, event.seat), "art": Named(article_label, event.cite), **more})


# ---------------------------------------------------------------- the words of each case

_WORDS: dict[str, dict[str, str]] = {
    "fr": {
        "board": ("Le parcours : {spaces:case|cases}, {flat} de plat et {uphill} en montée "
                  "sur {hills:mont|monts}."),
        "material": ("{riders:coureur|coureurs} ; en jeu : {acceleration:carte|cartes} d'accélération, "
                     "{misfortune} de malchance, {peloton} peloton, {tactical:tactique|tactiques}."),
        "peloton-start": "Le peloton (trois coureurs noirs sur leur plaquette) part de {at}.",
        "peloton-pile": "Les {cards} cartes peloton, mélangées, forment la pile « 4 ».",
        "peloton-pile.one": "La seule carte peloton forme la pile « 4 ».",
        "peloton-pile.none": "Aucune carte peloton : la pile « 4 » est vide.",
        "tactical-deal": "Chacun reçoit aussi une carte tactique ; les autres sont mêlées à la pioche « 1-6 ».",
        "tactical-deal.no-peloton": ("Chacun reçoit aussi une carte tactique ; les autres sont mêlées à la pioche "
                                     "« 1-6 » (sans peloton, les deux cartes « prendre des cartes » sont retirées)."),
        "cobbles-safe": "Sur les pavés, un peloton qui accélère et ceux qu'il emmène ne tombent jamais.",
        "peloton-mode": "Un coureur est derrière le peloton : il ne suit plus le dernier.",
        "peloton-mode.follows": "Plus personne derrière lui : le peloton suit de nouveau le dernier.",
        "out-of-turn": "Carte à bord violet : {w} la joue hors de son tour.",
        "tactical-discard": "La carte {card} jouée va, face visible, sur la défausse « 8-12 ».",
        "start": ("Départ de {town}, niveau {level} ; {cards:carte|cartes} en main en tout, "
                  "{draw} dans la pioche « 1-6 »."),
        "start.placed": ("Course en cours, niveau {level} ; {cards:carte|cartes} en main en tout, "
                         "{draw} dans la pioche « 1-6 »."),
        "lot": "{w} lance le D16 pour commencer : {face}.",
        "lot-tie": "Égalité à {face} : on relance.",
        "first": "{w} a le plus haut ({face}) et commence.",
        "boxed-in": "Trois coureurs occupent la case {ahead} : {w} ne peut pas passer, son tour passe.",
        "sit-out": "{w} est à terre et passe son tour (encore {left:tour|tours} ensuite).",
        "sit-out.last": "{w} est à terre et passe son tour (c'est le dernier).",
        "back-up": "{w} a purgé sa peine et se relève.",
        "back-up.card": "{w} a purgé sa peine et se relève ; la carte qui était devant lui va à la défausse « 8-12 ».",
        "die": "{w} lance le D{die} marqué sur sa case.",
        "die.chosen": "{w} choisit le D{die}.",
        "card": "{w} joue une carte {card} : il lancera le D{die}.",
        "peloton-card": "{w} joue une carte {card} : le peloton accélère au D{die}.",
        "attack": "{w} joue une carte {card} contre {victim}.",
        "take-card": "{w} joue « prendre des cartes » contre {victim}.",
        "throw": "{w} lance le D{die} : {face}.",
        "ride": "{w} avance de {from} à {to}.",
        "ride.three-abreast": ("{w} avance de {from} à {to} : trois coureurs de front lui barrent la route, "
                               "{lost:point perdu|points perdus}."),
        "ride.flat-to-hill": ("{w} avance de {from} à {to} et s'arrête au pied du mont : "
                              "{lost:point perdu|points perdus}."),
        "fall": ("{w} fait {face} sur un pavé marqué {number} ({strip}) : chute ! "
                 "{turns:tour|tours} à passer, sans carte."),
        "fall.d4": ("{w} fait {face} sur un pavé marqué {number} ({strip}) : chute ! "
                    "Le D4 dira combien de tours, sans carte."),
        "draw": "{w} prend {family} dans {pile}.",
        "draw.card": "{w} prend une carte {card} dans {pile}.",
        "misfortune-void": "La carte {card} est défaussée sans effet.",
        "top-seen": "13 ou plus au D16 : le dessus de la pioche est {family}, remise en place.",
        "shield": "13 ou plus au D16 : {w} est protégé de la prochaine malchance de ce tour.",
        "reshuffle": "La pioche est vide : la défausse est mélangée et devient la pioche ({cards:carte|cartes}).",
        "supply": "{w} s'arrête au ravitaillement et reçoit {cards:carte|cartes}.",
        "supply.discarded": ("{w} s'arrête au ravitaillement et reçoit {cards:carte|cartes}, "
                             "dont {misfortunes} malchances : tout part à la défausse."),
        "finish": "{w} franchit la ligne à {finish}, {place}.",
        "end": "{w} gagne le {race} !",
        "tie-roll": "Arrivée ensemble : {w} lance le D16, {face}.",
        "extra-turn": "{w} arrive au pied du mont avec le compte exact : un tour de plus.",
        "second-roll": "{w} lance une seconde fois le D10 de sa carte de mont.",
        "hit": "{w} subit la carte {card} : {turns:tour|tours} à passer ({skip} en tout).",
        "hit.d4": "{w} subit la carte {card} : le D4 dira combien de tours.",
        "turns": "Le D4 donne {turns} : {w} passera {skip:tour|tours}.",
        "counter": "{w} joue une contre ({chain} de la chaîne).",
        "countered": "La carte {card} est annulée.",
        "countered.lost-turn": "La carte {card} est annulée : {w} perd son tour.",
        "taken": "{w} prend {cards:carte|cartes} à l'aveugle à {victim}.",
        "steal": "Triangle rouge : {w} prend une carte au hasard à {victim}.",
        "discard": "{w} a trop de cartes tactiques et défausse une carte {card}.",
        "kwak": "{w} joue une carte {card} contre {victim}, à côté de lui.",
        "spring": "{w} saute dans la roue de {mover}.",
        "spring.passed": "{w} saute dans la roue de {mover} pour les {points} points restants.",
        "spring.passed-last": "{w} saute dans la roue de {mover} pour le dernier point.",
        "peloton-follows": "Le peloton suit le dernier coureur, sur {to}.",
        "swallowed": "{w}, à terre, est repris : il passe derrière le peloton.",
        "peloton": "Le peloton roule de {points}, de {from} à {to}.",
        "peloton.stops": ("Le peloton roule de {points}, de {from} à {to} : il s'arrête au pied du mont, "
                          "{lost:point perdu|points perdus}."),
        "swept": "{w} est repris et placé devant le peloton, sur {to}.",
        "peloton-closed": "Le peloton a atteint le {muur} : plus de cartes peloton, toutes sont défaussées.",
        "rejoin": "{w} lance le D{die} pour revenir devant le peloton : {face}, raté (il faut 7 ou plus).",
        "rejoin.made": "{w} lance le D{die} pour revenir devant le peloton : {face}, c'est fait.",
        "peloton-extra": "Le peloton arrive au pied du mont avec le compte exact : un jet de D4 en plus.",
    },
    "en": {
        "board": ("The course: {spaces:space|spaces}, {flat} flat and {uphill} uphill "
                  "on {hills:hill|hills}."),
        "material": ("{riders:rider|riders}; in play: {acceleration:acceleration card|acceleration cards}, "
                     "{misfortune} misfortune, {peloton} peloton, {tactical} tactical."),
        "peloton-start": "The peloton (three black riders on their plate) starts from {at}.",
        "peloton-pile": "The {cards} peloton cards, shuffled, make the “4” pile.",
        "peloton-pile.one": "The one peloton card makes the “4” pile.",
        "peloton-pile.none": "No peloton cards: the “4” pile is empty.",
        "tactical-deal": "Everyone also gets one tactical card; the rest are shuffled into the “1-6” pile.",
        "tactical-deal.no-peloton": ("Everyone also gets one tactical card; the rest are shuffled into the "
                                     "“1-6” pile (without the peloton, the two “take cards” cards are removed)."),
        "cobbles-safe": "On the cobbles, an accelerating peloton and the riders it carries never fall.",
        "peloton-mode": "A rider is behind the peloton: it no longer follows the last rider.",
        "peloton-mode.follows": "Nobody is behind it any more: the peloton follows the last rider again.",
        "out-of-turn": "A purple-bordered card: {w} plays it outside his turn.",
        "tactical-discard": "The {card} card played goes face up on the “8-12” discard.",
        "start": "Start in {town}, level {level}; {cards:card|cards} in hand in all, {draw} in the “1-6” draw pile.",
        "start.placed": ("A race under way, level {level}; {cards:card|cards} in hand in all, "
                         "{draw} in the “1-6” draw pile."),
        "lot": "{w} rolls the D16 to begin: {face}.",
        "lot-tie": "A tie at {face}: roll again.",
        "first": "{w} has the highest ({face}) and begins.",
        "boxed-in": "Three riders fill space {ahead}: {w} cannot pass, the turn goes on.",
        "sit-out": "{w} is down and skips a turn ({left:more turn|more turns} after this one).",
        "sit-out.last": "{w} is down and skips a turn (the last one).",
        "back-up": "{w} has served his time and gets up.",
        "back-up.card": "{w} has served his time and gets up; the card in front of him goes to the “8-12” discard.",
        "die": "{w} throws the D{die} marked on his space.",
        "die.chosen": "{w} chooses the D{die}.",
        "card": "{w} plays a {card} card: he will roll the D{die}.",
        "peloton-card": "{w} plays a {card} card: the peloton accelerates with the D{die}.",
        "attack": "{w} plays a {card} card against {victim}.",
        "take-card": "{w} plays “take cards” against {victim}.",
        "throw": "{w} rolls the D{die}: {face}.",
        "ride": "{w} rides from {from} to {to}.",
        "ride.three-abreast": ("{w} rides from {from} to {to}: three riders abreast bar the road, "
                               "{lost:point lost|points lost}."),
        "ride.flat-to-hill": ("{w} rides from {from} to {to} and stops at the foot of the hill: "
                              "{lost:point lost|points lost}."),
        "fall": ("{w} rolls {face} onto a cobble marked {number} ({strip}): down he goes! "
                 "{turns:turn|turns} to skip, and no card."),
        "fall.d4": ("{w} rolls {face} onto a cobble marked {number} ({strip}): down he goes! "
                    "The D4 will say how many turns; no card."),
        "draw": "{w} takes {family} from {pile}.",
        "draw.card": "{w} takes a {card} card from {pile}.",
        "misfortune-void": "The {card} card is discarded with no effect.",
        "top-seen": "13 or more on the D16: the top of the draw pile is {family}, put back.",
        "shield": "13 or more on the D16: {w} is shielded from the next misfortune this turn.",
        "reshuffle": "The draw pile is empty: the discard is shuffled into a new one ({cards:card|cards}).",
        "supply": "{w} stops at the supply zone and gets {cards:card|cards}.",
        "supply.discarded": ("{w} stops at the supply zone and gets {cards:card|cards}, "
                             "{misfortunes} of them misfortunes: all go to the discard."),
        "finish": "{w} crosses the line in {finish} in {place} place.",
        "end": "{w} wins the {race}!",
        "tie-roll": "Over the line together: {w} rolls the D16, {face}.",
        "extra-turn": "{w} reaches the foot of the hill with the exact count: an extra turn.",
        "second-roll": "{w} rolls his hill card's D10 a second time.",
        "hit": "{w} suffers the {card} card: {turns:turn|turns} to skip ({skip} in all).",
        "hit.d4": "{w} suffers the {card} card: the D4 will say how many turns.",
        "turns": "The D4 gives {turns}: {w} will skip {skip:turn|turns}.",
        "counter": "{w} plays a counter card ({chain} in the chain).",
        "countered": "The {card} card is cancelled.",
        "countered.lost-turn": "The {card} card is cancelled: {w} loses his turn.",
        "taken": "{w} takes {cards:card|cards} blind from {victim}.",
        "steal": "Red triangle: {w} takes a card at random from {victim}.",
        "discard": "{w} holds too many tactical cards and discards a {card} card.",
        "kwak": "{w} plays a {card} card on {victim}, beside him.",
        "spring": "{w} springs along with {mover}.",
        "spring.passed": "{w} springs along with {mover} for the {points} points left.",
        "spring.passed-last": "{w} springs along with {mover} for the last point.",
        "peloton-follows": "The peloton follows the last rider: {to}.",
        "swallowed": "{w}, lying down, is caught: he goes behind the peloton.",
        "peloton": "The peloton rides {points}: {from} → {to}.",
        "peloton.stops": ("The peloton rides {points}: {from} → {to}; it stops at the foot of the hill, "
                          "{lost:point lost|points lost}."),
        "swept": "{w} is caught and set in front of the peloton, {to}.",
        "peloton-closed": "The peloton has reached the {muur}: no more peloton cards, all are discarded.",
        "rejoin": "{w} rolls the D{die} to get back in front of the peloton: {face}, missed (7 or more needed).",
        "rejoin.made": "{w} rolls the D{die} to get back in front of the peloton: {face}, done.",
        "peloton-extra": "The peloton reaches the foot of the hill with the exact count: one more D4 roll.",
    },
}
KINDS = kinds(_WORDS)


def sentence(event: Event, lang: str, team: bool) -> str:
    return tell(_WORDS, facts(event), lang)


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
