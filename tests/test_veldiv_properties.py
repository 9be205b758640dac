"""Properties over many random races of every race and player count."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parcours import Game, parse, replay
from parcours.cli import defaults
from parcours.veldiv import RACES, State, dice_needed, play_throw
from parcours.veldiv.checks import THROW_BOUND  # the game's own invariants (its CHECKS, the benchmark's too)
from parcours.veldiv.checks import check_position as _check_position
from parcours.veldiv.setup import new_state

RACE_AND_PLAYERS = st.sampled_from(
    [(rid, n) for rid, race in RACES.items() for n in range(race.min_players, race.max_players + 1)])


def _random_race(ruleset: str, players: int, seed: int, options: dict[str, object] | None = None) -> State:
    rng = random.Random(seed)
    chosen = defaults(ruleset) | (options or {})
    state = new_state(ruleset, players, chosen)  # type: ignore[arg-type]
    while not state.finished:
        assert state.throws < THROW_BOUND, "race did not end"
        play_throw(state, [rng.randint(1, 6) for _ in range(dice_needed(state))])
        _check_position(state)
    return state


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RACE_AND_PLAYERS, st.integers(0, 2**32))
def test_every_race_ends_with_a_full_ranking_and_one_rider_per_square(race: tuple[str, int], seed: int) -> None:
    ruleset, players = race
    state = _random_race(ruleset, players, seed)
    assert sorted(state.ranking) == list(range(players))
    assert state.winner == state.ranking[0]


OPTION_SETS = st.fixed_dictionaries({
    "veldiv.line-crossing": st.sampled_from(["beyond", "reach"]),
}).flatmap(lambda base: st.sampled_from([
    ("veldiv.individuelle", base | {"veldiv.lap-token": "each", "veldiv.lapped-points": "pass-on",
                                    "veldiv.final-lap": "at-once"}),
    ("veldiv.americaine", base | {"veldiv.art7-scope": "six-only", "veldiv.art7-rider": "teammate",
                                  "veldiv.americaine-premier": "both-riders"}),
    ("veldiv.americaine", base | {"veldiv.art7-rider": "teammate", "veldiv.lap-token": "each"}),
    ("veldiv.poursuite-equipe", base | {"veldiv.team-window": "two-laps", "veldiv.art7-rider": "teammate"}),
    ("veldiv.eliminatoire", base | {"veldiv.waiting-square": "line-order"}),
    ("veldiv.cagnotte", base | {"veldiv.cagnotte-38": "next-lap", "veldiv.waiting-square": "line-order",
                                "veldiv.cagnotte-total": 9, "veldiv.cagnotte-stake": 2}),
]))


@settings(max_examples=600, deadline=None)
@given(OPTION_SETS, st.integers(2, 4), st.integers(0, 2**32))
def test_every_reading_also_ends_cleanly(case: tuple[str, dict[str, object]], players: int, seed: int) -> None:
    ruleset, options = case
    state = _random_race(ruleset, players, seed, options)
    assert sorted(state.ranking) == list(range(players))


@settings(max_examples=150, deadline=None)
@given(RACE_AND_PLAYERS, st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_events(race: tuple[str, int], seed: int) -> None:
    ruleset, players = race
    scenario = {"ruleset": ruleset, "players": players, "seed": seed}
    assert replay(scenario) == replay(scenario)


@settings(max_examples=150, deadline=None)
@given(RACE_AND_PLAYERS, st.integers(0, 2**32), st.integers(0, 60))
def test_scenario_and_state_round_trip_through_json(race: tuple[str, int], seed: int, throws: int) -> None:
    ruleset, players = race
    rng = random.Random(seed)
    scenario = parse({"ruleset": ruleset, "players": players, "dice": [rng.randint(1, 6) for _ in range(throws)]})
    assert parse(json.loads(json.dumps(scenario.to_json()))) == scenario
    game = Game(scenario)
    dice = list(scenario.dice)
    while not game.finished and len(dice) >= game.dice_needed():
        game.throw([dice.pop(0) for _ in range(game.dice_needed())])
    again = State.from_json(json.loads(json.dumps(game.state.to_json())))
    assert again == game.state
    # the copy plays on exactly like the original
    if not game.finished:
        faces = [rng.randint(1, 6) for _ in range(dice_needed(again))]
        assert [e.to_json() for e in play_throw(again, list(faces))] == [e.to_json() for e in game.throw(faces)]
        assert again == game.state


@settings(max_examples=100, deadline=None)
@given(RACE_AND_PLAYERS, st.integers(0, 2**32), st.integers(0, 40))
def test_replaying_a_prefix_then_the_rest_equals_the_whole(race: tuple[str, int], seed: int, cut: int) -> None:
    """The dice are the whole record: replay stops where they run out and resumes identically."""
    ruleset, players = race
    rng = random.Random(seed)
    dice = [rng.randint(1, 6) for _ in range(80)]
    whole = replay({"ruleset": ruleset, "players": players, "dice": dice})
    part = replay({"ruleset": ruleset, "players": players, "dice": dice[:cut]})
    assert whole["events"][:len(part["events"])] == part["events"]


@settings(max_examples=60, deadline=None)
@given(RACE_AND_PLAYERS, st.integers(0, 2**32))
def test_every_event_reads_as_one_sentence_in_french_and_in_english(race: tuple[str, int], seed: int) -> None:
    from parcours import Event, sentence
    from parcours.veldiv.narrate import KINDS

    ruleset, players = race
    result = replay({"ruleset": ruleset, "players": players, "seed": seed})
    for e in result["events"]:
        assert e["kind"] in KINDS
        fields = {k: v for k, v in e.items() if k not in ("kind", "cite", "seat", "rider")}
        event = Event(e["kind"], e["cite"], e.get("seat"), e.get("rider"), fields)
        fr, en = sentence(event, "fr", RACES[ruleset].team), sentence(event, "en", RACES[ruleset].team)
        assert fr and en and fr != en and "{" not in fr + en
