"""The position of a Veldiv race: riders, players and the race's bookkeeping."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from ..options import OptionValue
from .races import ELIMINATION_KINDS, RACES, TRACK_SQUARES, Race


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
    # derived once, for speed; not part of the saved state
    race: Race = field(init=False, repr=False, compare=False)
    team: bool = field(init=False, repr=False, compare=False)  # race.team, one look fewer a throw
    all_riders: list[Rider] = field(init=False, repr=False, compare=False)
    rivals: list[list[Rider]] = field(init=False, repr=False, compare=False)  # by seat: the other seats' riders
    others: list[list[list[Rider]]] = field(init=False, repr=False, compare=False)  # by seat, index: every other
    # by seat: the riders of the seats after it round the table, its own last (whom the die passes to)
    riders_after: list[list[Rider]] = field(init=False, repr=False, compare=False)
    six: int = field(init=False, repr=False, compare=False)  # squares a six counts
    line: int = field(init=False, repr=False, compare=False)  # 0: reaching the line crosses it, 1: going past
    waiting: bool = field(init=False, repr=False, compare=False)  # riders across the line wait for the lap's end

    def __post_init__(self) -> None:
        self.race = RACES[self.ruleset]
        self.team = self.race.team
        self.all_riders = [r for team in self.riders for r in team]
        each = len(self.riders[0])  # riders a seat: seat s's own are all_riders[each * s:each * (s + 1)]
        self.riders_after = [self.all_riders[each * (seat + 1):] + self.all_riders[:each * (seat + 1)]
                             for seat in range(len(self.riders))]
        self.rivals = [[r for r in self.all_riders if r.seat != seat] for seat in range(len(self.riders))]
        if self.team:
            self.others = [[[r for r in self.all_riders if r is not me] for me in team] for team in self.riders]
        else:  # one rider a seat: its rivals
            self.others = [[rivals] for rivals in self.rivals]
        self.six = self.race.six_counts(len(self.players))
        self.line = 0 if self.options["veldiv.line-crossing"] == "reach" else 1
        self.waiting = self.race.kind in ELIMINATION_KINDS

    def laps(self, rider: Rider) -> int:
        """Times the rider has crossed its line (see the option veldiv.line-crossing)."""
        return self.laps_at(rider.progress)

    def laps_at(self, progress: int) -> int:
        return (progress - self.line) // TRACK_SQUARES if progress >= self.line else 0

    def lap_done_at(self, lap: int) -> int:
        """The progress from which a rider has crossed its line `lap` times (lap >= 1): laps(r) < lap
        exactly when r.progress < lap_done_at(lap), a comparison where laps() takes two calls."""
        return lap * TRACK_SQUARES + self.line

    def to_json(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self) if f.init}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        fields = dict(data)
        fields["players"] = [Player(**p) for p in data["players"]]
        fields["riders"] = [[Rider(**r) for r in team] for team in data["riders"]]
        return cls(**fields)


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (Player, Rider)):
        return asdict(value)
    return value


def gained(u: Rider, t: Rider) -> int:
    """How many times u has caught and passed t since the start (negative: t is ahead)."""
    # u.road - t.road, spelt out: two property calls fewer (a pass asks it for every rival)
    return (u.start + u.progress - t.start - t.progress) // TRACK_SQUARES - (u.start - t.start) // TRACK_SQUARES
