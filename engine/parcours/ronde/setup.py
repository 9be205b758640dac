"""Setting up a race: the decks for the level, the deal, and a scenario's mid-race position.

A scenario's `setup` may give (all optional):
    course, cards      replace the reconstructed board and card split (see course.py, cards.py)
    shuffle            seed of the shuffles and blind draws (default 0)
    first              the player (1, 2, ...) who begins; without it, everyone rolls the D16
    riders             per player: {at, hand: [kinds], skip, behind}
    draw, peloton_draw      kinds on top of the face-down piles, the top one first
    discard, peloton_discard   kinds in the face-up piles, the top one last
    peloton            the space of the peloton's first black rider
"""

from __future__ import annotations

import random
from typing import Any

from ..core import ScenarioError, is_whole
from . import cards as C
from .state import Race

_FIELDS = ("course", "cards", "shuffle", "first", "riders", "draw", "discard", "peloton_draw",
           "peloton_discard", "peloton")


def deal(race: Race, data: dict[str, Any]) -> None:
    for key in data:
        if key not in _FIELDS:
            raise ScenarioError(f"setup.{key}", f"unknown field (expected one of: {', '.join(_FIELDS)})")
    seed = data.get("shuffle", 0)
    if not is_whole(seed):
        raise ScenarioError("setup.shuffle", f"expected a whole number, got {seed!r}")
    race.rng = random.Random(seed)
    race.kinds = _deck(race, C.split(data.get("cards")))
    loose = list(range(len(race.kinds)))
    race.rng.shuffle(loose)
    rows = _rows(race, data.get("riders"))
    placed = {name: _pick(race, loose, data.get(name), f"setup.{name}")
              for name in ("draw", "discard", "peloton_draw", "peloton_discard")}
    for seat, row in enumerate(rows):
        _place_rider(race, seat, row, loose)
    for rider in race.riders:
        if rows[rider.seat].get("hand") is None:
            rider.hand = _deal_hand(race, loose)
    pelotons = [c for c in loose if race.kinds[c] in C.PELOTON]
    race.draw = [c for c in loose if race.kinds[c] not in C.PELOTON] + placed["draw"][::-1]
    race.peloton_draw = pelotons + placed["peloton_draw"][::-1]
    race.discard, race.peloton_discard = placed["discard"], placed["peloton_discard"]
    if race.with_peloton:
        spot = data.get("peloton", 0)
        if not is_whole(spot, 0, race.finish - 2):
            raise ScenarioError("setup.peloton", f"expected a space from 0 to {race.finish - 2}, got {spot!r}")
        race.peloton = spot
        for rider in race.riders:
            if rider.behind:
                rider.at = spot - 1
    elif "peloton" in data:
        raise ScenarioError("setup.peloton", "this level is played without the peloton")
    _first(race, data.get("first"))


def _deck(race: Race, counts: dict[str, int]) -> list[str]:
    families = {"acceleration", "misfortune"}
    if race.with_peloton:
        families.add("peloton")
    if race.level == 3:
        families.add("tactical")
        if not race.with_peloton:
            counts = {**counts, "t-take": 0}  # "the two tactical cards that take a peloton card are removed"
    return [kind for kind, n in counts.items() if C.family(kind) in families for _ in range(n)]


def _rows(race: Race, rows: object) -> list[dict[str, Any]]:
    if rows is None:
        return [{} for _ in race.riders]
    if not isinstance(rows, list) or len(rows) != len(race.riders):
        raise ScenarioError("setup.riders", f"expected {len(race.riders)} mappings, one per player")
    for seat, row in enumerate(rows):
        if not isinstance(row, dict):
            raise ScenarioError(f"setup.riders[{seat}]", "expected a mapping such as {at: 24, hand: [flat]}")
        for key in row:
            if key not in ("at", "hand", "skip", "behind"):
                raise ScenarioError(f"setup.riders[{seat}].{key}", "unknown field (expected at, hand, skip, behind)")
    return rows


def _place_rider(race: Race, seat: int, row: dict[str, Any], loose: list[int]) -> None:
    rider = race.riders[seat]
    where = f"setup.riders[{seat}]"
    at, skip = row.get("at", 0), row.get("skip", 0)
    if not is_whole(at, 0, race.finish - 1):
        raise ScenarioError(f"{where}.at", f"expected a space from 0 to {race.finish - 1}, got {at!r}")
    if not is_whole(skip, 0, 20):
        raise ScenarioError(f"{where}.skip", f"expected a number of turns to sit out, got {skip!r}")
    behind = row.get("behind", False)
    if not isinstance(behind, bool) or (behind and not race.with_peloton):
        raise ScenarioError(f"{where}.behind", "true or false, and only with the peloton")
    if 0 < at < race.finish and race.riders_on(at) >= 3:
        raise ScenarioError(f"{where}.at", f"space {at} already holds three riders")
    rider.at, rider.skip, rider.behind = at, skip, behind
    rider.triangle = at >= race.course.data["red_triangle"]
    if row.get("hand") is not None:
        rider.hand = _pick(race, loose, row["hand"], f"{where}.hand")
    if skip:  # the misfortune he is serving lies in front of him
        rider.lying = _pick(race, loose, [_any_misfortune(race, loose, where)], f"{where}.skip")


def _any_misfortune(race: Race, loose: list[int], where: str) -> str:
    kinds = [race.kinds[c] for c in loose if C.family(race.kinds[c]) == "misfortune"]
    if not kinds:
        raise ScenarioError(where, "no misfortune card left to lie in front of this rider")
    return sorted(kinds)[0]


def _pick(race: Race, loose: list[int], kinds: object, where: str) -> list[int]:
    """Take cards of the given kinds out of the loose cards (bad kinds, or too many, are errors)."""
    if kinds is None:
        return []
    if not isinstance(kinds, list):
        raise ScenarioError(where, "expected a list of card kinds")
    out = []
    for i, kind in enumerate(kinds):
        card = next((c for c in loose if race.kinds[c] == kind), None)
        if card is None:
            known = kind in C.KINDS
            raise ScenarioError(f"{where}[{i}]", f"no {kind} card left in this game" if known
                                else f"unknown card kind {kind!r} (expected one of: {', '.join(C.KINDS)})")
        loose.remove(card)
        out.append(card)
    return out


def _deal_hand(race: Race, loose: list[int]) -> list[int]:
    hand = [c for c in loose if race.kinds[c] in C.ACCELERATION][:3]
    if race.level == 3:
        hand += [c for c in loose if race.kinds[c].startswith("t-")][:1]
    for card in hand:
        loose.remove(card)
    return hand


def _first(race: Race, first: object) -> None:
    if first is None:
        race.tasks = [("lot", tuple(range(len(race.riders))), ())]
        return
    if not is_whole(first, 1, len(race.riders)):
        raise ScenarioError("setup.first", f"expected a player from 1 to {len(race.riders)}, got {first!r}")
    race.turn = first - 1
    race.tasks = [("turn",)]
