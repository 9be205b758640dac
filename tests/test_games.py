"""What every game owes the site: each event reads as a sentence in both languages, cites a known
article of its own game, and every race runs to its end with its bots."""

from __future__ import annotations

import random

import pytest

from parcours import Event, all_games, all_races, default_options, game_of, sentence
from parcours.core import Need


@pytest.mark.parametrize("ruleset", sorted(all_races()))
@pytest.mark.parametrize("seed", range(8))
def test_every_event_of_every_race_reads_in_french_and_english(ruleset: str, seed: int) -> None:
    game = game_of(ruleset)
    race = game.RACES[ruleset]
    rng = random.Random(seed)
    players = rng.randint(race.min_players, race.max_players)
    state = game.new_state(ruleset, players, default_options(ruleset), None)
    events: list[Event] = list(game.settle_setup(state))
    bots = list(game.BOTS.values())
    steps = 0
    while (need := game.need(state)) is not None:
        steps += 1
        assert steps < 20_000
        if need.kind == "dice":
            events += game.play_throw(state, [rng.randint(1, need.sides) for _ in range(need.count)])
        else:
            assert isinstance(need, Need) and need.choices
            events += game.play_choice(state, rng.choice(bots)(state, need, rng))
    assert game.observe(state, None)["winner"] is not None
    for event in events:
        assert event.cite in game.ARTICLES
        fr, en = sentence(event, "fr", race.team), sentence(event, "en", race.team)
        assert fr and en and fr != en and "{" not in fr + en and "None" not in fr + en


def test_article_ids_are_unique_across_games() -> None:
    seen: list[str] = [a for g in all_games().values() for a in g.ARTICLES]
    assert len(seen) == len(set(seen))
