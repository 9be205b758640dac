"""The four decks, as data: kinds, dice and how many of each.

The rulebook gives the totals (50 acceleration, 8 misfortune, 10 peloton, 32 tactical cards), names
the eight misfortune cards, and says two peloton cards are "mixed". How the acceleration, peloton
and tactical cards split between their kinds is our reconstruction (DEFAULT_SPLIT); a scenario
replaces it with `setup.cards` ({kind: count}).
"""

from __future__ import annotations

from ..core import ScenarioError, is_whole, quoted

# acceleration cards: the die each kind rolls instead of the basic die
ACCELERATION = {"flat": 10, "triangle": 8, "square": 16}
# misfortune cards (brown): turns to skip; 0 = roll the D4 for it
MISFORTUNE = {"m-slow-legs": 1, "m-flat-tyre": 1, "m-comfort-break": 1, "m-broken-handlebar": 2,
              "m-fall": 2, "m-very-bad-legs": 2, "m-hammer": 3, "m-severe-fall": 0}
# peloton cards (yellow): the die on the flat and on a hill (0: not allowed there)
PELOTON = {"p-flat": (12, 0), "p-hill": (0, 10), "p-mixed": (16, 10)}
# tactical cards (green) played against another rider: turns he skips
AGAINST = {"t-slow-legs": 1, "t-flat-tyre": 1, "t-comfort-break": 1, "t-broken-handlebar": 2, "t-hammer": 3}
OUT_OF_TURN = ("t-counter", "t-spring", "t-kwak", "t-stevige-kwak")  # the purple-bordered cards
TACTICAL = (*AGAINST, "t-take", "t-koppenberg", "t-berendries", *OUT_OF_TURN)
KWAK = {"t-kwak": 2, "t-stevige-kwak": 0}  # 0 = the victim rolls the D4

DEFAULT_SPLIT: dict[str, int] = {
    "flat": 24, "triangle": 13, "square": 13,
    **{kind: 1 for kind in MISFORTUNE},
    "p-flat": 4, "p-hill": 4, "p-mixed": 2,
    **{kind: 2 for kind in AGAINST},
    "t-take": 2, "t-koppenberg": 2, "t-berendries": 2,
    "t-counter": 6, "t-spring": 4, "t-kwak": 4, "t-stevige-kwak": 2,
}
KINDS = tuple(DEFAULT_SPLIT)
TOTALS = {"acceleration": 50, "misfortune": 8, "peloton": 10, "tactical": 32}
MAX_OF_A_KIND, MAX_CARDS = 60, 200  # a scenario's own split: bounds that keep a race playable and quick


def family(kind: str) -> str:
    if kind in ACCELERATION:
        return "acceleration"
    return {"m": "misfortune", "p": "peloton", "t": "tactical"}[kind[0]]


def split(data: object, where: str = "setup.cards") -> dict[str, int]:
    """The number of cards of each kind: the default, overlaid by a scenario's."""
    if data is None:
        return dict(DEFAULT_SPLIT)
    if not isinstance(data, dict):
        raise ScenarioError(where, "expected a mapping of card kind to number",
                            fr="attendu : un dictionnaire de sortes de cartes et de nombres")
    out = dict(DEFAULT_SPLIT)
    for kind, count in data.items():
        if kind not in DEFAULT_SPLIT:
            raise ScenarioError(f"{where}.{kind}", f"unknown card kind (expected one of: {', '.join(KINDS)})",
                                fr=f"sorte de carte inconnue (attendu : l'une de {', '.join(KINDS)})")
        if not is_whole(count, 0, MAX_OF_A_KIND):
            raise ScenarioError(f"{where}.{kind}",
                                f"expected a number of cards from 0 to {MAX_OF_A_KIND}, got {quoted(count, 'en')}",
                                fr=f"attendu : un nombre de cartes de 0 à {MAX_OF_A_KIND}, reçu {quoted(count, 'fr')}")
        out[kind] = count
    if sum(out.values()) > MAX_CARDS:
        raise ScenarioError(where, f"at most {MAX_CARDS} cards in all (the box holds 100), got {sum(out.values())}",
                            fr=f"au plus {MAX_CARDS} cartes en tout (la boîte en contient 100), "
                               f"reçu {sum(out.values())}")
    return out


def by_family(counts: dict[str, int]) -> dict[str, int]:
    out = dict.fromkeys(TOTALS, 0)
    for kind, n in counts.items():
        out[family(kind)] += n
    return out
