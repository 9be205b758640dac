"""What the benchmarks check of the Ronde's races beyond every game's checks (CHECKS: interface.Checks),
and how many riders they time: every card in exactly one place, at most three riders a space, the peloton
behind everyone in front of it, no decision with one way only; arrivals at the end. The property tests
(tests/test_ronde_properties.py) check the same races."""

from __future__ import annotations

from collections import Counter

from ..interface import Checks
from .races import RACES
from .rules import need
from .state import State

STEP_BOUND = 5000  # steps; the longest of thousands of simulated 8-player races is well under 1,500


def check_race(race: State) -> None:
    """Every card in one place, at most three riders a space, the peloton behind the riders in front of it."""
    places = race.places()
    where = Counter(card for pile in places.values() for card in pile)
    assert sorted(where) == list(range(len(race.kinds))), "a card is missing"
    assert max(where.values()) == 1, f"a card is in two places: {[c for c, n in where.items() if n > 1]}"
    spaces = Counter(r.at for r in race.riders if not r.behind and not r.finished)
    if race.options.get("ronde.lying-block", "yes") == "yes":  # else a rider down may get up beside three others
        assert all(n <= 3 for at, n in spaces.items() if 0 < at < race.finish), spaces
    assert all(r.skip >= 0 for r in race.riders)
    if race.peloton is not None:
        assert 0 <= race.peloton < race.finish
        assert all(r.at == max(0, race.peloton - 1) for r in race.riders if r.behind)  # never off the board
        if race.peloton:  # every other rider is in front of it
            assert all(r.at > race.peloton for r in race.riders if not r.behind and not r.finished), race.peloton


def check_step(race: State) -> None:
    """check_race, and no decision asked with one way only."""
    check_race(race)
    asked = need(race)
    assert asked is None or asked.kind == "dice" or len(asked.choices) > 1, f"one way only asked: {asked}"


def check_end(race: State) -> None:
    """Arrivals; every rider's, when the race runs until all have arrived."""
    assert race.finished and race.arrivals, "no arrival"
    if race.options["ronde.race-end"] == "all":
        assert sorted(race.arrivals) == list(range(len(race.riders))), f"arrivals {race.arrivals}"


CHECKS = Checks(players=dict.fromkeys(RACES, 8), bounds=dict.fromkeys(RACES, STEP_BOUND),
                slow_bots=frozenset({"search"}),  # about a second a race: 100,000 of them would take a day
                step=check_step, end=check_end)
