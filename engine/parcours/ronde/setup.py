"""Setting up a race: the decks for the level, the deal, and a scenario's mid-race position.

A scenario's `setup` may give (all optional):
    course, cards      replace the reconstructed board and card split (see course.py, cards.py)
    shuffle            seed of the shuffles and blind draws (default 0)
    first              the player (1, 2, ...) who begins; without it, everyone rolls the D16
    riders             per player: {at, hand: [kinds], skip, behind}
    draw, peloton_draw      kinds on top of the face-down piles, the top one first
    discard, peloton_discard   kinds in the face-up piles, the top one last
    peloton            the space of the peloton's first black rider

Only positions the rules can lead to are accepted: with the peloton past the start, a rider not
behind it stands in front of it, and a rider behind it stands just behind it; at most three
riders share a space; peloton cards lie on the peloton's piles, and in no hand once the peloton
has reached the Muur.
"""

from __future__ import annotations

from typing import Any

from ..chance import Shuffles
from ..core import ScenarioError, is_whole, quoted
from . import cards as C
from .course import PELOTON_END_HILL
from .state import State
from .steps import Lot, Turn

MAX_SKIP = 20  # turns to sit out: a hammer, a severe fall and a few tactical cards on top of each other

_FIELDS = ("course", "cards", "shuffle", "first", "riders", "draw", "discard", "peloton_draw",
           "peloton_discard", "peloton")


def deal(race: State, data: dict[str, Any]) -> None:
    for key in data:
        if key not in _FIELDS:
            raise ScenarioError(f"setup.{key}", f"unknown field (expected one of: {', '.join(map(str, _FIELDS))})",
                                fr=f"champ inconnu (attendu : l'un de {', '.join(map(str, _FIELDS))})")
    seed = data.get("shuffle", 0)
    if not is_whole(seed):
        raise ScenarioError("setup.shuffle", f"expected a whole number, got {quoted(seed, 'en')}",
                            fr=f"attendu : un nombre entier, reçu {quoted(seed, 'fr')}")
    race.shuffles = Shuffles(seed)
    race.kinds = _deck(race, C.split(data.get("cards")))
    loose = list(range(len(race.kinds)))
    race.shuffles.shuffle(loose)
    rows = _rows(race, data.get("riders"))
    placed = {name: _pile(race, loose, data.get(name), name)
              for name in ("draw", "discard", "peloton_draw", "peloton_discard")}
    _place_peloton(race, data)  # before the riders: where they may stand depends on it
    for seat, row in enumerate(rows):
        _place_rider(race, seat, row, loose)
    for rider in race.riders:
        if rows[rider.seat].get("hand") is None:
            rider.hand = _deal_hand(race, loose)
    pelotons = [c for c in loose if race.kinds[c] in C.PELOTON]
    race.draw = [c for c in loose if race.kinds[c] not in C.PELOTON] + placed["draw"][::-1]
    race.peloton_draw = pelotons + placed["peloton_draw"][::-1]
    race.discard, race.peloton_discard = placed["discard"], placed["peloton_discard"]
    _first(race, data.get("first"))


def _place_peloton(race: State, data: dict[str, Any]) -> None:
    if not race.with_peloton:
        if "peloton" in data:
            raise ScenarioError("setup.peloton", "this level is played without the peloton",
                                fr="ce niveau se joue sans le peloton")
        return
    spot = data.get("peloton", 0)
    if not is_whole(spot, 0, race.finish - 2):
        raise ScenarioError("setup.peloton", f"expected a space from 0 to {race.finish - 2}, got {quoted(spot, 'en')}",
                            fr=f"attendu : une case de 0 à {race.finish - 2}, reçu {quoted(spot, 'fr')}")
    race.peloton = spot
    foot = race.course.hill_foot(PELOTON_END_HILL)
    race.peloton_closed = foot is not None and spot >= foot


def _pile(race: State, loose: list[int], kinds: object, name: str) -> list[int]:
    """The cards set on a pile: peloton cards on the peloton's piles, the others on the main ones."""
    cards = _pick(race, loose, kinds, f"setup.{name}")
    for i, card in enumerate(cards):
        if (race.kinds[card] in C.PELOTON) != name.startswith("peloton"):
            right = "peloton_draw or peloton_discard" if race.kinds[card] in C.PELOTON else "draw or discard"
            raise ScenarioError(f"setup.{name}[{i}]", f"a {race.kinds[card]} card goes on {right}",
                                fr=f"une carte « {race.kinds[card]} » va sur {right.replace(' or ', ' ou ')}")
    return cards


def _deck(race: State, counts: dict[str, int]) -> list[str]:
    families = {"acceleration", "misfortune"}
    if race.with_peloton:
        families.add("peloton")
    if race.level == 3:
        families.add("tactical")
        if not race.with_peloton:
            counts = {**counts, "t-take": 0}  # "the two tactical cards that take a peloton card are removed"
    return [kind for kind, n in counts.items() if C.family(kind) in families for _ in range(n)]


def _rows(race: State, rows: object) -> list[dict[str, Any]]:
    if rows is None:
        return [{} for _ in race.riders]
    if not isinstance(rows, list) or len(rows) != len(race.riders):
        raise ScenarioError("setup.riders", f"expected {len(race.riders)} mappings, one per player",
                            fr=f"attendu : {len(race.riders)} dictionnaires, un par joueur")
    for seat, row in enumerate(rows):
        if not isinstance(row, dict):
            raise ScenarioError(f"setup.riders[{seat}]", "expected a mapping such as {at: 24, hand: [flat]}",
                                fr="attendu : un dictionnaire tel que {at: 24, hand: [flat]}")
        for key in row:
            if key not in ("at", "hand", "skip", "behind"):
                raise ScenarioError(f"setup.riders[{seat}].{key}", "unknown field (expected at, hand, skip, behind)",
                                    fr="champ inconnu (attendu : at, hand, skip, behind)")
    return rows


def _place_rider(race: State, seat: int, row: dict[str, Any], loose: list[int]) -> None:
    rider = race.riders[seat]
    where = f"setup.riders[{seat}]"
    skip = row.get("skip", 0)
    if not is_whole(skip, 0, MAX_SKIP):
        raise ScenarioError(f"{where}.skip",
                            f"expected a number of turns to sit out from 0 to {MAX_SKIP}, got {quoted(skip, 'en')}",
                            fr=f"attendu : un nombre de tours à passer de 0 à {MAX_SKIP}, reçu {quoted(skip, 'fr')}")
    behind = row.get("behind", False)
    if not isinstance(behind, bool) or (behind and not race.with_peloton):
        raise ScenarioError(f"{where}.behind", "true or false, and only with the peloton",
                            fr="true ou false, et seulement avec le peloton")
    at = row.get("at", race.behind_space if behind else 0)
    if not is_whole(at, 0, race.finish - 1):
        raise ScenarioError(f"{where}.at", f"expected a space from 0 to {race.finish - 1}, got {quoted(at, 'en')}",
                            fr=f"attendu : une case de 0 à {race.finish - 1}, reçu {quoted(at, 'fr')}")
    _check_place(race, at, behind, f"{where}.at")
    rider.at, rider.skip, rider.behind = at, skip, behind
    rider.triangle = at >= race.course.data["red_triangle"]
    if row.get("hand") is not None:
        rider.hand = _pick(race, loose, row["hand"], f"{where}.hand")
        if race.peloton_closed and any(race.kinds[c] in C.PELOTON for c in rider.hand):
            raise ScenarioError(f"{where}.hand",
                                f"no peloton cards in hand once the peloton has reached the {PELOTON_END_HILL}",
                                fr="pas de carte peloton en main une fois que le peloton a atteint le "
                                   f"{PELOTON_END_HILL}")
    if skip:  # the misfortune he is serving lies in front of him
        rider.lying = _pick(race, loose, [_any_misfortune(race, loose, where)], f"{where}.skip")


def _check_place(race: State, at: int, behind: bool, where: str) -> None:
    """Refuse a place the rules never lead to: beside or behind the peloton without being behind
    it, behind it anywhere but just behind it, a fourth rider on a space."""
    peloton = race.peloton
    if behind and at != race.behind_space:
        raise ScenarioError(where, f"a rider behind the peloton (space {peloton}) is on space "
                                   f"{race.behind_space}, just behind it, got {quoted(at, 'en')}",
                            fr=f"un coureur derrière le peloton (case {peloton}) est sur la case "
                               f"{race.behind_space}, juste derrière lui, reçu {quoted(at, 'fr')}")
    if not behind and peloton and at <= peloton:
        raise ScenarioError(where, f"space {at} is not in front of the peloton (space {peloton}): "
                                   "a rider there is behind it (behind: true)",
                            fr=f"la case {at} n'est pas devant le peloton (case {peloton}) : "
                               "un coureur qui s'y trouve est derrière lui (behind: true)")
    if not behind and 0 < at < race.finish and race.riders_on(at) >= 3:
        raise ScenarioError(where, f"space {at} already holds three riders",
                            fr=f"la case {at} porte déjà trois coureurs")


def _any_misfortune(race: State, loose: list[int], where: str) -> str:
    kinds = [race.kinds[c] for c in loose if C.family(race.kinds[c]) == "misfortune"]
    if not kinds:
        raise ScenarioError(where, "no misfortune card left to lie in front of this rider",
                            fr="plus aucune carte de malchance à poser devant ce coureur")
    return min(kinds)


def _pick(race: State, loose: list[int], kinds: object, where: str) -> list[int]:
    """Take cards of the given kinds out of the loose cards (bad kinds, or too many, are errors)."""
    if kinds is None:
        return []
    if not isinstance(kinds, list):
        raise ScenarioError(where, "expected a list of card kinds", fr="attendu : une liste de sortes de cartes")
    out = []
    for i, kind in enumerate(kinds):
        card = next((c for c in loose if race.kinds[c] == kind), None)
        if card is None:
            known = kind in C.KINDS
            raise ScenarioError(f"{where}[{i}]", f"no {kind} card left in this game" if known
                                else f"unknown card kind {quoted(kind, 'en')} (expected one of: {', '.join(C.KINDS)})",
                                fr=(f"plus aucune carte « {kind} » dans cette partie" if known
                                    else f"sorte de carte inconnue : {quoted(kind, 'fr')} "
                                         f"(attendu : l'une de {', '.join(C.KINDS)})"))
        loose.remove(card)
        out.append(card)
    return out


def _deal_hand(race: State, loose: list[int]) -> list[int]:
    hand = [c for c in loose if race.kinds[c] in C.ACCELERATION][:3]
    if race.level == 3:
        hand += [c for c in loose if race.kinds[c].startswith("t-")][:1]
    for card in hand:
        loose.remove(card)
    return hand


def _first(race: State, first: object) -> None:
    if first is None:
        race.tasks = [Lot(tuple(range(len(race.riders))), ())]
        return
    if not is_whole(first, 1, len(race.riders)):
        raise ScenarioError("setup.first", f"expected a player from 1 to {len(race.riders)}, got {quoted(first, 'en')}",
                            fr=f"attendu : un joueur de 1 à {len(race.riders)}, reçu {quoted(first, 'fr')}")
    race.turn = first - 1
    race.tasks = [Turn()]
