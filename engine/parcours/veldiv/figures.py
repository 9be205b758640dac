"""The Veldiv's own figures for `parcours stats`: points, Premier tokens, laps gained, eliminations,
the kitty's stakes, taken squares met, and the squares where riders stop.

Everything is read from the race's events and its final state; nothing of the rules is worked out again.
"""

from __future__ import annotations

from ..core import Event
from ..interface import Figure, RaceFigures
from .races import RACES
from .state import State

FIGURES: dict[str, Figure] = {
    "points": Figure({"fr": "Points marqués", "en": "Points scored"}),
    "premier": Figure({"fr": "Jetons Premier", "en": "Premier tokens"}),
    "tours": Figure({"fr": "Tours pris (jetons Un Tour)", "en": "Laps gained (Un Tour tokens)"}),
    "laps": Figure({"fr": "Tours bouclés (en équipe, par le coureur de tête)",
                    "en": "Laps ridden (in teams, by the leading rider)"}),
    "caught": Figure({"fr": "Rejoint et éliminé", "en": "Caught and eliminated"}, share=True),
    "stakes": Figure({"fr": "Versé à la cagnotte", "en": "Paid into the kitty"}),
    "sprints": Figure({"fr": "Sprints disputés", "en": "Sprints contested"}),
    "cancelled": Figure({"fr": "Passages sans points (coureur doublé avant la ligne)",
                         "en": "Crossings without points (rider lapped before the line)"}),
    "catches": Figure({"fr": "Coureurs rejoints et éliminés", "en": "Riders caught and eliminated"}),
    "three-laps": Figure({"fr": "Gagnée au bout des trois tours", "en": "Won by riding the three laps"}, share=True),
    "stakes-paid": Figure({"fr": "Gages versés à la cagnotte", "en": "Stakes paid into the kitty"}),
    "bumps": Figure({"fr": "Arrivées sur une case prise (art. 3, 4, 6, 8)",
                     "en": "Landings on a taken square (Art. 3, 4, 6, 8)"}),
    "bonus": Figure({"fr": "Coups heureux sur l'équipier (art. 7, 9)",
                     "en": "Lucky throws onto a teammate (Art. 7, 9)"}),
    "landings": Figure({"fr": "Cases où un coureur s'arrête", "en": "Squares where a rider stops"}),
}


class RaceTally:
    """One Veldiv race's figures; which ones depends on the race's kind (points, pursuit, elimination, kitty)."""

    kinds = frozenset({"bump", "bonus", "cancelled", "stake"})

    def __init__(self, ruleset: str, players: int) -> None:
        self.race = RACES[ruleset]
        self.counts = dict.fromkeys(self.kinds, 0)
        self.figures = RaceFigures()
        self._progress: list[int] | None = None  # every rider's progress after the last step

    def step(self, state: State, events: list[Event]) -> None:
        for event in events:
            self.counts[event.kind] += 1
        now = [r.progress for r in state.all_riders]
        if self._progress is not None:  # a rider that moved stops on the square it now holds
            for rider, before, after in zip(state.all_riders, self._progress, now):
                if after != before:
                    self.figures.landings[rider.square] += 1
        self._progress = now

    def result(self, state: State) -> RaceFigures:
        out, kind, seats = self.figures, self.race.kind, state.players
        out.race["bumps"] = self.counts["bump"]
        if self.race.team:
            out.race["bonus"] = self.counts["bonus"]
        out.seats["laps"] = [max(state.laps(r) for r in state.riders[p.seat]) for p in seats]
        if kind == "points":
            out.seats["points"] = [p.points for p in seats]
            out.seats["premier"] = [p.premier for p in seats]
            out.seats["tours"] = [p.tours for p in seats]
            out.race["sprints"] = len(state.places)
            out.race["cancelled"] = self.counts["cancelled"]
        elif kind == "pursuit":
            out.seats["caught"] = [int(p.eliminated) for p in seats]
            out.race["catches"] = len(state.eliminations)
            out.race["three-laps"] = int(bool(state.arrivals))  # the winner rode its laps (else it caught all)
        elif kind == "cagnotte":
            out.seats["stakes"] = [p.stakes for p in seats]
            out.race["stakes-paid"] = self.counts["stake"]
        return out


def tally(ruleset: str, players: int) -> RaceTally:
    return RaceTally(ruleset, players)
