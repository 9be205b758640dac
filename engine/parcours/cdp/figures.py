"""The Corriere dei Piccoli races' own figures for `parcours stats`: Velocità's sprint (who launches it,
where), its "sur place" and its ties; Mezzo fondo's couplings and lost contacts; the squares where riders
stop. Read from the races' events and final state."""

from __future__ import annotations

from typing import Any

from ..core import Event
from ..interface import Figure, RaceFigures
from .races import TRACK_SQUARES

VELOCITA = "cdp.velocita"
FIGURES: dict[str, Figure] = {
    "sprint": Figure({"fr": "Sprint lancé", "en": "Sprint launched"}, share=True),
    "launched": Figure({"fr": "A lancé le sprint", "en": "Launched the sprint"}, share=True),
    "sprint-at": Figure({"fr": "Cases parcourues par le lanceur au moment du sprint",
                         "en": "Squares the launcher had ridden when sprinting"}),
    "sur-place": Figure({"fr": "Coups « sur place » (aucune case parcourue)",
                         "en": "Moves “sur place” (no square ridden)"}),
    "ties": Figure({"fr": "Tours de plus après une égalité au-delà de la ligne",
                    "en": "Extra turns after a tie past the line"}),
    "margin": Figure({"fr": "Écart à l'arrivée, en cases", "en": "Winning margin, in squares"}),
    "couplings": Figure({"fr": "Couplages (le coureur dans la roue de son derny)",
                         "en": "Couplings (the rider on its derny's wheel)"}),
    "first-coupling": Figure({"fr": "Lancers avant le premier couplage", "en": "Throws before the first coupling"}),
    "drops": Figure({"fr": "Contacts perdus", "en": "Contacts lost"}),
    "uncoupled": Figure({"fr": "Passages de la ligne découplé, qui ne comptent pas",
                         "en": "Crossings of the line uncoupled, which do not count"}),
    "won-uncoupled": Figure({"fr": "Gagnée découplée", "en": "Won uncoupled"}, share=True),
    "landings": Figure({"fr": "Cases où s'arrête un coureur", "en": "Squares where a rider stops"}),
}


class VelocitaTally:
    kinds = frozenset({"sprint", "move", "tie", "end"})

    def __init__(self) -> None:
        self.figures = RaceFigures()
        self.ridden = [0, 0]  # squares ridden by each rider, as the moves say
        self.launched = [0, 0]
        self.sprint_at: int | None = None
        self.sur_place = self.ties = 0
        self.margin: int | None = None

    def step(self, state: Any, events: list[Event]) -> None:
        for event in events:
            seat, data = event.seat or 0, event.data
            if event.kind == "sprint":
                self.launched[seat], self.sprint_at = 1, self.ridden[seat]
            elif event.kind == "move":
                self.ridden[seat] = int(str(data["to"]))
                if data["steps"] == 0:
                    self.sur_place += 1
                else:
                    self.figures.landings[(self.ridden[seat] - 1) % TRACK_SQUARES + 1] += 1
            elif event.kind == "tie":
                self.ties += 1
            elif event.kind == "end":
                self.margin = int(str(data["margin"]))

    def result(self, state: Any) -> RaceFigures:
        out = self.figures
        out.race |= {"sprint": int(self.sprint_at is not None), "sprint-at": self.sprint_at,
                     "sur-place": self.sur_place, "ties": self.ties, "margin": self.margin}
        out.seats["launched"] = list(self.launched)
        return out


class MezzofondoTally:
    kinds = frozenset({"ride", "coupled", "dropped", "uncoupled", "end"})

    def __init__(self, players: int) -> None:
        self.figures = RaceFigures()
        self.couplings = self.uncoupled = 0
        self.drops = [0] * players
        self.first_coupling: int | None = None
        self.won_uncoupled = 0

    def step(self, state: Any, events: list[Event]) -> None:
        for event in events:
            seat = event.seat or 0
            if event.kind == "ride" and event.data["steps"]:
                self.figures.landings[int(str(event.data["square"]))] += 1
            elif event.kind == "coupled":
                self.couplings += 1
                if self.first_coupling is None:
                    self.first_coupling = state.throws
            elif event.kind == "dropped":
                self.drops[seat] += 1
            elif event.kind == "uncoupled":
                self.uncoupled += 1
            elif event.kind == "end":
                self.won_uncoupled = int(not event.data["coupled"])

    def result(self, state: Any) -> RaceFigures:
        out = self.figures
        out.race |= {"couplings": self.couplings, "first-coupling": self.first_coupling,
                     "drops": sum(self.drops), "uncoupled": self.uncoupled, "won-uncoupled": self.won_uncoupled}
        out.seats["drops"] = list(self.drops)
        return out


def tally(ruleset: str, players: int) -> VelocitaTally | MezzofondoTally:
    return VelocitaTally() if ruleset == VELOCITA else MezzofondoTally(players)
