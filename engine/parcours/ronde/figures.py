"""The Ronde's own figures for `parcours stats`: cards played (by sort and by rider), falls on the
cobbles, cards suffered, riders caught by the peloton or boxed in, and the spaces where riders stop.
Read from the race's events."""

from __future__ import annotations

from ..core import Event
from ..interface import Figure, RaceFigures
from .cards import family
from .state import State

FIGURES: dict[str, Figure] = {
    "cards": Figure({"fr": "Cartes jouées", "en": "Cards played"}),
    "falls": Figure({"fr": "Chutes sur les pavés", "en": "Falls on the cobbles"}),
    "acceleration-cards": Figure({"fr": "Cartes d'accélération jouées", "en": "Acceleration cards played"}),
    "peloton-cards": Figure({"fr": "Cartes peloton jouées", "en": "Peloton cards played"}),
    "tactical-cards": Figure({"fr": "Cartes tactiques jouées", "en": "Tactical cards played"}),
    "hits": Figure({"fr": "Cartes subies (malchances et attaques)", "en": "Cards suffered (misfortunes and attacks)"}),
    "swallowed": Figure({"fr": "Coureurs repris par le peloton", "en": "Riders caught by the peloton"}),
    "boxed-in": Figure({"fr": "Tours perdus derrière trois coureurs de front",
                        "en": "Turns lost behind three riders abreast"}),
    "landings": Figure({"fr": "Cases où s'arrête un coureur", "en": "Spaces where a rider stops"}),
}
# Each event that plays a card from a hand, and the sort of card it plays (None: the card's own).
PLAYS: dict[str, str | None] = {"card": None, "peloton-card": "peloton", "attack": "tactical",
                                "take-card": "tactical", "kwak": "tactical", "counter": "tactical",
                                "spring": "tactical"}
COUNTED = {"fall": "falls", "hit": "hits", "swallowed": "swallowed", "boxed-in": "boxed-in"}


class RaceTally:
    kinds = frozenset({*PLAYS, *COUNTED, "ride"})

    def __init__(self, ruleset: str, players: int) -> None:
        self.figures = RaceFigures()
        self.cards, self.falls = [0] * players, [0] * players
        self.race = dict.fromkeys(["acceleration-cards", "peloton-cards", "tactical-cards", *COUNTED.values()], 0)

    def step(self, state: State, events: list[Event]) -> None:
        for event in events:
            kind, seat = event.kind, event.seat or 0
            if kind == "ride" and event.data["to"] != event.data["from"]:
                self.figures.landings[int(str(event.data["to"]))] += 1
            elif kind in PLAYS:
                self.cards[seat] += 1
                self.race[f"{PLAYS[kind] or family(str(event.data['card']))}-cards"] += 1
            elif kind in COUNTED:
                self.race[COUNTED[kind]] += 1
                if kind == "fall":
                    self.falls[seat] += 1

    def result(self, state: State) -> RaceFigures:
        out = self.figures
        out.seats["cards"], out.seats["falls"] = list(self.cards), list(self.falls)
        out.race.update(self.race)
        if state.level < 3:
            del out.race["tactical-cards"]
        if not state.with_peloton:
            del out.race["peloton-cards"], out.race["swallowed"]
        return out


def tally(ruleset: str, players: int) -> RaceTally:
    return RaceTally(ruleset, players)
