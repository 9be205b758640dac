"""The horse race's own figures for `parcours stats`: horses lost in traps, ruins, throws lost for want
of the exact count, legs, and the holes where horses stop. Read from the race's events and final state."""

from __future__ import annotations

from ..core import Event
from ..interface import Figure, RaceFigures
from .state import State

LEGS = "chevaux.trois-points"
FIGURES: dict[str, Figure] = {
    "lost": Figure({"fr": "Chevaux tombés dans un piège", "en": "Horses lost in traps"}),
    "ruined": Figure({"fr": "Ruiné (six chevaux perdus)", "en": "Ruined (all six horses lost)"}, share=True),
    "ruins": Figure({"fr": "Ruines (six chevaux perdus dans une manche)",
                     "en": "Ruins (all six horses lost in a leg)"}),
    "overshoots": Figure({"fr": "Lancers perdus faute du compte exact",
                          "en": "Throws lost for want of the exact count"}),
    "legs": Figure({"fr": "Manches courues", "en": "Legs run"}),
    "ended-by-ruin": Figure({"fr": "Partie finie par une ruine", "en": "Game ended by a ruin"}, share=True),
    "landings": Figure({"fr": "Trous où s'arrête un cheval", "en": "Holes where a horse stops"}),
}


class RaceTally:
    kinds = frozenset({"move", "fall", "ruined", "overshoot", "end"})

    def __init__(self, ruleset: str, players: int) -> None:
        self.legs = ruleset == LEGS
        self.figures = RaceFigures()
        self.lost, self.ruins = [0] * players, [0] * players
        self.overshoots = 0
        self.ruin_ended = False

    def step(self, state: State, events: list[Event]) -> None:
        for event in events:
            seat = event.seat or 0
            if event.kind == "move":
                self.figures.landings[int(str(event.data["to"]))] += 1
            elif event.kind == "fall":
                self.lost[seat] += 1
            elif event.kind == "ruined":
                self.ruins[seat] += 1
            elif event.kind == "overshoot":
                self.overshoots += 1
            elif event.kind == "end":  # a throw moves one horse: a ruin in the same step ended the game
                self.ruin_ended = any(e.kind == "ruined" for e in events)

    def result(self, state: State) -> RaceFigures:
        out = self.figures
        out.seats["lost"] = list(self.lost)
        out.seats["ruins" if self.legs else "ruined"] = list(self.ruins)
        out.race["overshoots"] = self.overshoots
        out.race["ended-by-ruin"] = int(self.ruin_ended)
        if self.legs:
            out.race["legs"] = state.leg
        return out


def tally(ruleset: str, players: int) -> RaceTally:
    return RaceTally(ruleset, players)
