"""The Ronde's pending steps: each kind a small frozen record, stacked on `State.tasks` (top = last).

A `Roll` (and the `Lot`) waits for a die, a `Decision` for a player's choice; any other step runs
by itself when it reaches the top (see rules.advance). Cards are numbers (`State.kinds[card]`).
Being records, not tuples, steps of two kinds never compare equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

S = "ronde:"  # events cite the rulebook's sections: "ronde:cobbles"


# ---------------------------------------------------------------- waiting for a die

@dataclass(frozen=True, slots=True)
class Lot:
    """Who begins: each of `pending` throws the D16 in turn, the highest begins, a tie throws again."""
    pending: tuple[int, ...]
    results: tuple[tuple[int, int], ...]  # (seat, face)


@dataclass(frozen=True, slots=True)
class Roll:
    """A die of `sides` faces thrown for `seat`; `decision` names what it is for."""
    seat: int
    sides: int
    decision: ClassVar[str]


@dataclass(frozen=True, slots=True)
class MoveRoll(Roll):
    """A rider's move; `source` is "basic" (a die of his own) or the card he plays for it."""
    source: str
    decision: ClassVar[str] = "move"


@dataclass(frozen=True, slots=True)
class TurnsRoll(Roll):
    """A D4 says how many turns a rider sits out (a misfortune that does not say, a fall on the D16)."""
    cite: str
    decision: ClassVar[str] = "turns"


@dataclass(frozen=True, slots=True)
class PelotonRoll(Roll):
    """The peloton rides: a peloton `card`, or None for its extra D4 at the foot of a hill."""
    card: int | None
    decision: ClassVar[str] = "peloton"


@dataclass(frozen=True, slots=True)
class DriveRoll(Roll):
    """A rider behind the peloton drives it on with the D4."""
    decision: ClassVar[str] = "drive"


@dataclass(frozen=True, slots=True)
class RejoinRoll(Roll):
    """A rider behind the peloton tries to get back in front of it (7 or more)."""
    decision: ClassVar[str] = "rejoin"


@dataclass(frozen=True, slots=True)
class TieRoll(Roll):
    """Riders crossing the line together throw the D16 for their places."""
    decision: ClassVar[str] = "tie"


# ---------------------------------------------------------------- waiting for a choice

class Decision:
    """A question to one player; `decision` names it (narrate words each, both languages)."""
    __slots__ = ()
    decision: ClassVar[str]


@dataclass(frozen=True, slots=True)
class Act(Decision):
    """The player on turn plays a card before his move, or makes his move."""
    seat: int
    decision: ClassVar[str] = "act"


@dataclass(frozen=True, slots=True)
class CounterWindow(Decision):
    """Each of `candidates` in turn may counter `card`; `last` played the card or counter that
    stands now (None: a misfortune drawn), `chain` counts the counters so far."""
    card: int
    last: int | None
    chain: int
    candidates: tuple[int, ...]
    decision: ClassVar[str] = "counter"


@dataclass(frozen=True, slots=True)
class SpringWindow(Decision):
    """Before `mover` rolls, each of `candidates` in turn may spring along with him."""
    mover: int
    candidates: tuple[int, ...]
    decision: ClassVar[str] = "spring"


@dataclass(frozen=True, slots=True)
class PassedWindow(Decision):
    """`mover` has just passed `candidates` (from `start`, with `face` on a D`sides`): each may
    spring along for the points left."""
    mover: int
    start: int
    face: int
    sides: int
    candidates: tuple[int, ...]
    decision: ClassVar[str] = "passed"


@dataclass(frozen=True, slots=True)
class KwakWindow(Decision):
    """A move ended on `space`: each of `candidates` in turn may play a kwak on a rider beside him."""
    space: int
    candidates: tuple[int, ...]
    decision: ClassVar[str] = "kwak"


@dataclass(frozen=True, slots=True)
class RedTriangle(Decision):
    """A rider reached the red triangle: he may take a card from another player's hand."""
    seat: int
    decision: ClassVar[str] = "triangle"


@dataclass(frozen=True, slots=True)
class DiscardExcess(Decision):
    """A player held three tactical cards too long: he discards one."""
    seat: int
    decision: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class Rejoin(Decision):
    """After the drive, a rider behind the peloton chooses his die to get back in front."""
    seat: int
    decision: ClassVar[str] = "rejoin"


Window = CounterWindow | SpringWindow | PassedWindow | KwakWindow  # a decision passed round the table


# ---------------------------------------------------------------- running by themselves

@dataclass(frozen=True, slots=True)
class Turn:
    """The player `State.turn` begins his turn."""


@dataclass(frozen=True, slots=True)
class EndOfTurn:
    """`seat`'s turn is over: too many tactical cards, the end of the race, or the next player."""
    seat: int


@dataclass(frozen=True, slots=True)
class ExtraTurn:
    """A move ended exactly at the foot of a hill: `seat` plays again."""
    seat: int


@dataclass(frozen=True, slots=True)
class SecondRoll:
    """The Koppenberg card's second roll of the D`sides`."""
    seat: int
    sides: int


@dataclass(frozen=True, slots=True)
class DrawForResult:
    """The card a roll's result draws (1 or 6, 8 or 12; 4 or 10 at level 2); `basic`: a die of
    the player's own, which draws under every reading."""
    seat: int
    face: int
    sides: int
    basic: bool


@dataclass(frozen=True, slots=True)
class Supply:
    """`seat` takes three cards in a supply zone."""
    seat: int
    cite: str


@dataclass(frozen=True, slots=True)
class Hit:
    """A misfortune or tactical `card` strikes `victim`: `turns` to sit out (0: a D4 says)."""
    victim: int
    card: int
    turns: int
    cite: str


@dataclass(frozen=True, slots=True)
class CounterEnd:
    """Under a counter window: if `card` ends countered, `loser` (when not None) loses his turn."""
    card: int
    loser: int | None


@dataclass(frozen=True, slots=True)
class Settle:
    """`card` stands, not countered: it goes where a played card goes."""
    card: int


@dataclass(frozen=True, slots=True)
class DiscardPlayed:
    """Reading "after-roll": the card a roll was made with goes to the discard."""
    card: int


@dataclass(frozen=True, slots=True)
class TakeCards:
    """`seat`'s take card: two cards from `victim`'s hand, blind, and one peloton card."""
    seat: int
    victim: int
    card: int


@dataclass(frozen=True, slots=True)
class RegisterSpringer:
    """`seat` sprang along before the roll: he will ride it too."""
    seat: int


@dataclass(frozen=True, slots=True)
class SpringersRide:
    """The riders who sprang along before the roll ride its `face` (on a D`sides`)."""
    seats: tuple[int, ...]
    face: int
    sides: int


@dataclass(frozen=True, slots=True)
class SpringRide:
    """A rider who sprang along once passed rides the `points` left."""
    seat: int
    points: int
    sides: int


@dataclass(frozen=True, slots=True)
class AfterDrive:
    """After his drive, a rider behind the peloton sits out a turn or tries to rejoin."""
    seat: int


@dataclass(frozen=True, slots=True)
class FinishCheck:
    """The riders over the line in this action arrive (a tie-break when several)."""


@dataclass(frozen=True, slots=True)
class TieBreak:
    """Riders who crossed together throw in turn (`pending`); the highest goes first, ties again."""
    pending: tuple[int, ...]
    results: tuple[tuple[int, int], ...]  # (seat, face)


Automatic = (Turn | EndOfTurn | ExtraTurn | SecondRoll | DrawForResult | Supply | Hit | CounterEnd | Settle
             | DiscardPlayed | TakeCards | RegisterSpringer | SpringersRide | SpringRide | AfterDrive
             | FinishCheck | TieBreak)
Step = (Lot | MoveRoll | TurnsRoll | PelotonRoll | DriveRoll | RejoinRoll | TieRoll
        | Act | CounterWindow | SpringWindow | PassedWindow | KwakWindow | RedTriangle | DiscardExcess | Rejoin
        | Automatic)
