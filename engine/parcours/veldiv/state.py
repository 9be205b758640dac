"""The position of a Veldiv race: riders, players and the race's bookkeeping."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..options import OptionValue
from .races import RACES, TRACK_SQUARES, Race


@dataclass(slots=True)
class Rider:
    seat: int
    index: int
    start: int  # the square the rider started on (its own line in a pursuit)
    progress: int = 0  # squares ridden since the start
    on_track: bool = True
    finished: bool = False

    @property
    def square(self) -> int:
        return (self.start + self.progress - 1) % TRACK_SQUARES + 1

    @property
    def road(self) -> int:
        """Distance along the road from a common origin: compares riders of different starts."""
        return self.start + self.progress

    @property
    def active(self) -> bool:
        return self.on_track and not self.finished


@dataclass(slots=True)
class Player:
    seat: int
    points: int = 0
    premier: int = 0
    tours: int = 0
    eliminated: bool = False
    stakes: int = 0
    opened: bool = False  # team races: the opening one-die turn of Art. 5 is done


@dataclass(slots=True)
class State:
    ruleset: str
    options: dict[str, OptionValue]
    players: list[Player]
    riders: list[list[Rider]]
    turn: int = 0
    lap: int = 1  # elimination and kitty: the lap being ridden
    places: list[int] = field(default_factory=list)  # places given in each sprint (index = lap - 1)
    premiers_given: list[int] = field(default_factory=list)  # sprints whose Premier is taken
    forfeits: list[list[int]] = field(default_factory=list)  # [seat, rider, sprint] lapped before the line
    lap_marks: dict[str, int] = field(default_factory=dict)  # laps already rewarded, "seat>opponent"
    pot: int = 0
    closing: bool = False  # the third Premier is taken: everyone's next crossing is the finish
    finished: bool = False
    winner: int | None = None
    ranking: list[int] = field(default_factory=list)
    eliminations: list[int] = field(default_factory=list)  # seats, in order
    arrivals: list[int] = field(default_factory=list)  # seats, in order of finishing
    throws: int = 0

    @property
    def race(self) -> Race:
        return RACES[self.ruleset]

    @property
    def all_riders(self) -> list[Rider]:
        return [r for team in self.riders for r in team]

    def laps(self, rider: Rider) -> int:
        """Times the rider has crossed its line (Art. 'La ligne d'arrivée sera franchie...')."""
        if self.options["veldiv.line-crossing"] == "reach":
            return max(0, rider.progress // TRACK_SQUARES)
        return max(0, (rider.progress - 1) // TRACK_SQUARES)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        fields = dict(data)
        fields["players"] = [Player(**p) for p in data["players"]]
        fields["riders"] = [[Rider(**r) for r in team] for team in data["riders"]]
        return cls(**fields)


def gained(u: Rider, t: Rider) -> int:
    """How many times u has caught and passed t since the start (negative: t is ahead)."""
    return (u.road - t.road) // TRACK_SQUARES - (u.start - t.start) // TRACK_SQUARES
