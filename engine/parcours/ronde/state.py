"""A race in progress: riders, the peloton, the four piles, the hands, and what is pending.

Cards are numbered; `kinds[card]` says what each is. Every card is in exactly one place: a pile,
a hand, in front of a rider (a misfortune being served) or on the table (played, waiting to see
whether it is countered). Piles are lists whose top is the last item.

The rules are a small machine: `tasks` is a stack of pending steps (steps.py, top = last), so a
state can be copied at any point (the search bot does) and any player may be asked to decide,
not only the player on turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..chance import Shuffles
from ..options import OptionValue
from .course import Course
from .steps import Step


@dataclass(slots=True)
class Rider:
    seat: int
    at: int = 0
    skip: int = 0  # turns still to sit out; lying down while > 0
    lying: list[int] = field(default_factory=list)  # misfortune cards in front of him until served
    behind: bool = False  # behind the peloton
    hand: list[int] = field(default_factory=list)  # private
    finished: bool = False
    triangle: bool = False  # has had his red-triangle card
    excess: int = 0  # turns begun while holding three tactical cards

    @property
    def standing(self) -> bool:
        return self.skip == 0 and not self.behind and not self.finished


@dataclass(slots=True)
class State:
    ruleset: str
    options: dict[str, OptionValue]
    level: int
    with_peloton: bool
    course: Course
    kinds: list[str]
    riders: list[Rider]
    shuffles: Shuffles  # of the piles, and blind draws from a hand
    draw: list[int] = field(default_factory=list)  # the "1-6" pile, face down
    discard: list[int] = field(default_factory=list)  # the "8-12" pile, face up
    peloton_draw: list[int] = field(default_factory=list)  # "4"
    peloton_discard: list[int] = field(default_factory=list)  # "10"
    table: list[int] = field(default_factory=list)  # played cards not yet settled
    peloton: int | None = None
    peloton_closed: bool = False  # the peloton has reached the Muur: no more peloton cards
    tasks: list[Step] = field(default_factory=list)
    turn: int = 0
    flags: set[str] = field(default_factory=set)  # this turn: "peloton-played", "basic-only", "shield"
    springers: list[int] = field(default_factory=list)  # riders springing along the coming roll
    crossing: list[int] = field(default_factory=list)  # riders over the line in the current action
    arrivals: list[int] = field(default_factory=list)
    finished: bool = False
    throws: int = 0

    @property
    def finish(self) -> int:
        return self.course.finish

    @property
    def behind_space(self) -> int:
        """Where riders behind the peloton stand: just behind it (at the start when it is there)."""
        return max(0, (self.peloton or 0) - 1)

    def _blocking(self) -> list[int]:
        """Where the riders who block the road stand, for the three-abreast rule (riders lying down
        count unless a reading says not)."""
        lying = self.options.get("ronde.lying-block", "yes") == "yes"
        return [r.at for r in self.riders if not r.behind and not r.finished and (lying or not r.skip)]

    def riders_on(self, space: int) -> int:
        """Riders on a space, for the three-abreast rule."""
        return self._blocking().count(space)

    def full(self, space: int) -> bool:
        """Three riders side by side close the road (not at the start, not at the finish)."""
        return 0 < space < self.course.finish and self.riders_on(space) >= 3

    def closed(self) -> set[int]:
        """Every space `full` says is closed, at once (for a move, which passes several)."""
        at = self._blocking()
        if len(set(at)) > len(at) - 2:  # three on a space would repeat it twice: mostly, nobody shares one
            return set()
        return {space for space in at if self.full(space)}

    def held(self, seat: int, kind: str) -> int | None:
        kinds = self.kinds
        for c in self.riders[seat].hand:
            if kinds[c] == kind:
                return c
        return None

    def holds(self, seat: int, kinds: tuple[str, ...] | set[str]) -> bool:
        return any(self.kinds[c] in kinds for c in self.riders[seat].hand)

    def tactical_count(self, seat: int) -> int:
        if self.level < 3:
            return 0  # tactical cards are dealt at level 3 only (setup._deck)
        return sum(1 for c in self.riders[seat].hand if self.kinds[c].startswith("t-"))

    def clockwise(self, start: int) -> list[int]:
        n = len(self.riders)
        return [(start + k) % n for k in range(n)]

    def in_turn_order(self, seats: list[int]) -> list[int]:
        """These seats, clockwise from the player on turn."""
        return [s for s in self.clockwise(self.turn) if s in seats]

    def clone(self, shuffles: Shuffles | None = None) -> State:
        """A copy to play forward (much faster than deepcopy: course and kinds are shared, never changed)."""
        riders = [Rider(r.seat, r.at, r.skip, list(r.lying), r.behind, list(r.hand), r.finished, r.triangle, r.excess)
                  for r in self.riders]
        twin = State(self.ruleset, self.options, self.level, self.with_peloton, self.course, self.kinds, riders,
                     shuffles or self.shuffles.fork(), list(self.draw), list(self.discard),
                     list(self.peloton_draw), list(self.peloton_discard), list(self.table), self.peloton,
                     self.peloton_closed, list(self.tasks), self.turn, set(self.flags), list(self.springers),
                     list(self.crossing), list(self.arrivals), self.finished, self.throws)
        return twin

    def places(self) -> dict[str, list[int]]:
        """Where every card is (for the conservation property)."""
        out = {"draw": self.draw, "discard": self.discard, "peloton_draw": self.peloton_draw,
               "peloton_discard": self.peloton_discard, "table": self.table}
        for r in self.riders:
            out[f"hand{r.seat}"] = r.hand
            out[f"lying{r.seat}"] = r.lying
        return out
