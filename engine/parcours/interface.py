"""What every game package provides (`GameRules`) and the race descriptions it publishes.

Game packages import from here, never from the registry (`games.py`), which imports them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .core import Event, Events, Need, typeset_words
from .options import Option, OptionValue


class RaceInfo(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def article(self) -> str: ...
    @property
    def name(self) -> dict[str, str]: ...
    @property
    def team(self) -> bool: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...


@dataclass(frozen=True)
class Race:
    """A race of a game with no more to say about it than these (the Veldiv's races say more)."""

    id: str
    article: str  # the article that defines it
    name: dict[str, str]
    min_players: int
    max_players: int
    team: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", typeset_words(self.name))  # as a page shows it (core.typeset)


@dataclass(frozen=True)
class Figure:
    """Something a game counts in a race, in words, as `parcours stats` shows it."""

    name: dict[str, str]  # {"fr", "en"}: what it counts, as a heading ("Jetons Premier" / "Premier tokens")
    share: bool = False  # a yes or no of each race, shown as a share of races (else a mean per race)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", typeset_words(self.name))  # as a page shows it (core.typeset)


@dataclass(frozen=True)
class Exact:
    """A race's outcome computed exactly, to stand beside the simulated one: each seat's chance of
    winning, how it is known (in words), the mean length in throws where known, and the chance of the
    seat that starts where a lot decides who does."""

    wins: tuple[float, ...]
    how: dict[str, str]
    length: float | None = None
    starter: float | None = None
    landings: dict[int, float] | None = None  # place -> expected stops a race, as the tally counts them


@dataclass
class RaceFigures:
    """What a tally read in one race: figures of the race, figures of each seat, where pieces stopped."""

    race: dict[str, float | None] = field(default_factory=dict)  # None: nothing to measure in this race
    seats: dict[str, list[float]] = field(default_factory=dict)  # figure id -> one value a seat
    landings: Counter[int] = field(default_factory=Counter)  # square (hole, space) -> stops there


class Tally(Protocol):
    """Reads one race for `parcours stats`: each step's events with the state after them, then the
    final state. It reads only events of `kinds` (the one loop that plays races passes no others, so
    a faster way of playing may build only those)."""

    @property
    def kinds(self) -> frozenset[str]: ...
    def step(self, state: Any, events: list[Event], /) -> None: ...
    def result(self, state: Any, /) -> RaceFigures: ...


@dataclass(frozen=True)
class Terms:
    """A game's names and words as the edition writes them, each in both languages, and the variants
    it never writes in its own texts (the originals stay as transcribed): variant -> what to write.

    `names` are proper names (the game, its races, its places): written here only, the narration and
    the views ask for them (`name`). `words` are its pieces and roles, common nouns a sentence writes
    with its own grammar (articles, plurals): kept here for their spelling, which the variants guard."""

    names: Mapping[str, dict[str, str]]
    words: Mapping[str, dict[str, str]]
    variants: Mapping[str, str]

    def name(self, key: str, lang: str) -> str:
        """A name in a language: TERMS.name("start", "fr") -> "Bruges"."""
        return self.names[key][lang]


class GameRules(Protocol):
    """What every game package provides (read-only attributes, then functions).

    Optional, for simulations (`simulate.one_race` looks for it): `play_dice(state, random, sink) -> int`
    plays in one call the throws the game asks for until it asks for something else (a choice) or the
    race ends, each by `play_throw` into `sink`, each die 1 + floor(sides * random()) drawn in the order
    and number `need` would ask for them; it returns the throws played. The same races as one_race's own
    loop, seed by seed (tests/test_fast_path.py), without its trip through `need` a throw.

    Optional, for a game sold in numbered boxes: `BOXES`, each box's id ("no0") -> the races its rules
    describe; the pages name each box with `box_name` and list its races (the editions page, the races table).

    Optional, for the benchmarks (scripts/bench_engine.py, scripts/bench_invariants.py): `CHECKS`, a
    `Checks`: how many play each race there, how long a race may run, what holds at every step and at
    the end, and any other work of the game to time (`checks_of`); a game without plays every race at
    its fewest players, checked only as every game is.
    """

    @property
    def GAME(self) -> str: ...
    @property
    def DECISIONS(self) -> bool: ...  # does any race of this game ask players to decide anything?
    @property
    def SHUFFLES(self) -> bool: ...  # does a scenario's seed also seed its card shuffles (setup.shuffle)?
    @property
    def PRECISION(self) -> float: ...  # how closely the site measures its shares (half a 95% interval)
    @property
    def MEASURED_BY(self) -> Mapping[str, tuple[str, ...]]: ...  # ruleset -> the bots that play
    # its measured races (one a seat), else the game's first bot
    @property
    def BOTS(self) -> Mapping[str, Any]: ...  # bot id -> function(state, need, rng) -> choice
    @property
    def BOT_NAMES(self) -> Mapping[str, dict[str, str]]: ...  # bot id -> its name in words {"fr", "en"}
    @property
    def RACES(self) -> Mapping[str, RaceInfo]: ...
    @property
    def OPTIONS(self) -> Mapping[str, Option]: ...
    @property
    def APPLIES(self) -> Mapping[str, set[str]]: ...
    @property
    def ARTICLES(self) -> tuple[str, ...]: ...
    @property
    def SEAT_COLOURS(self) -> tuple[dict[str, str], ...]: ...  # seat -> {"fr", "en"}; () if seats have none
    @property
    def FIGURES(self) -> Mapping[str, Figure]: ...  # every figure its tallies report, in words ("landings" too)
    @property
    def TERMS(self) -> Terms: ...  # its names, once (terms.py): tests fail on a variant, or a name written elsewhere

    def new_state(self, ruleset: str, players: int, options: dict[str, OptionValue], setup: object, /) -> Any: ...
    # Each step's events go into `sink` when one is given (a simulation's Quiet list, which keeps
    # none), else into a new list; either is returned.
    def settle_setup(self, state: Any, sink: Events | None = None, /) -> list[Event]: ...
    def need(self, state: Any, /) -> Need | None: ...
    def play_throw(self, state: Any, dice: list[int], sink: Events | None = None, /) -> list[Event]: ...
    def play_choice(self, state: Any, choice: str, sink: Events | None = None, /) -> list[Event]: ...
    # The position as JSON. seat=None: the narrator's view, everything (as the rules pages show
    # it); seat=N: what player N may see (hidden cards are left out); a seat no player holds
    # (-1): only what is public.
    def observe(self, state: Any, seat: int | None, /) -> dict[str, Any]: ...
    def sentence(self, event: Event, lang: str, team: bool, /) -> str: ...
    def article_label(self, cite: str, lang: str, /) -> str: ...
    # A choice need in words, both languages: each choice -> {"fr", "en"}; the question it asks.
    # Raises for a choice the game has no words for (a bug: tests/test_labels.py meets them all).
    def choice_words(self, state: Any, need: Need, /) -> dict[str, dict[str, str]]: ...
    def question_words(self, state: Any, need: Need, /) -> dict[str, str]: ...
    # A fresh tally of the game's own figures for one race (figures.py in each game's package).
    def tally(self, ruleset: str, players: int, /) -> Tally: ...
    # The race's outcome computed exactly (a solved game, a Markov chain), or None where it is not.
    def exact(self, ruleset: str, options: dict[str, OptionValue], /) -> Exact | None: ...


@dataclass(frozen=True)
class Checks:
    """How the benchmarks play a game's races, beyond what every game is checked for (a game's optional
    CHECKS: checks_of). Each check takes the race's state and raises AssertionError, naming what broke."""

    players: Mapping[str, int] = field(default_factory=dict)  # ruleset -> players bench_engine times (else its fewest)
    bounds: Mapping[str, int] = field(default_factory=dict)  # ruleset -> the steps a race may take at most
    slow_bots: frozenset[str] = frozenset()  # bots too slow for 100,000 races: bench_invariants leaves them out
    step: Callable[[Any], None] | None = None  # what holds after every step (and once set up)
    end: Callable[[Any], None] | None = None  # what holds once the race has ended
    timed: Mapping[str, Callable[[], object]] = field(default_factory=dict)  # what else bench_engine times, in words
    # A page of the game's site (under docs/<game>/) and the id of a worked example on it, whose first
    # live step scripts/bench_site.py times (the first game that names one)
    site_example: tuple[str, str] | None = None


def checks_of(game: object) -> Checks:
    """A game's CHECKS (optional: GameRules), or the checks every game gets."""
    checks = getattr(game, "CHECKS", None)
    return checks if isinstance(checks, Checks) else Checks()


def boxes_of(game: object) -> dict[str, tuple[str, ...]]:
    """A game's numbered boxes (its optional BOXES), none for a game of one edition."""
    boxes: dict[str, tuple[str, ...]] = getattr(game, "BOXES", {})
    return boxes


def box_name(box: str, lang: str, head: bool = False) -> str:
    """A numbered box ("no0") as each language numbers it: 'nº0' (at the head of a column, 'Nº0') in
    French, 'No. 0' in English."""
    number = box.removeprefix("no")
    if lang == "en":
        return f"No. {number}"
    return f"{'Nº' if head else 'nº'}{number}"
