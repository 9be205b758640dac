"""What every game owes the site: each event reads as a sentence in both languages, cites a known
article of its own game, and every race runs to its end with its bots."""

from __future__ import annotations

import json
import random

import pytest

from parcours import Event, all_games, all_races, default_options, describe, game_of, sentence
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


def test_every_reading_has_a_label_in_both_languages_and_every_tag_its_words() -> None:
    for game in all_games().values():
        for oid, option in game.OPTIONS.items():
            assert set(option.labels) == set(option.values), oid
            for value, label in option.labels.items():
                assert set(label) == {"fr", "en"} and label["fr"] != label["en"], (oid, value)
                assert all(label[lang] and label[lang] != value for lang in ("fr", "en")), (oid, value)
            assert option.to_json()["confidence_label"] in ({"fr": "texte", "en": "text"},
                                                            {"fr": "lecture", "en": "reading"},
                                                            {"fr": "reconstitution", "en": "reconstruction"})


@pytest.mark.parametrize("ruleset", sorted(all_races()))
def test_a_race_describes_itself_as_json_in_both_languages(ruleset: str) -> None:
    out = describe(ruleset)
    assert json.loads(json.dumps(out)) == out
    game = game_of(ruleset)
    assert out["game"] == game.GAME and out["shuffles"] is game.SHUFFLES and out["bots"] == list(game.BOTS)
    assert [o["id"] for o in out["options"]] == list(default_options(ruleset))
    assert all(o["labels"] or o["range"] for o in out["options"])
    colours = out["seat_colours"]
    assert not colours or (len(colours) >= out["players"][1] and all(set(c) == {"fr", "en"} for c in colours))


def test_games_declare_their_shuffles_and_colours() -> None:
    games = all_games()
    assert [g for g, rules in games.items() if rules.SHUFFLES] == ["ronde"]
    assert [g for g, rules in games.items() if rules.SEAT_COLOURS] == ["chevaux", "ronde"]
    assert games["ronde"].SEAT_COLOURS[0] == {"fr": "Rouge", "en": "Red"}


@pytest.mark.parametrize("ruleset", sorted(all_races()))
def test_a_seat_sees_the_position_but_not_the_others_hidden_cards(ruleset: str) -> None:
    game = game_of(ruleset)
    players = game.RACES[ruleset].min_players + 1
    setup = {"shuffle": 3} if game.SHUFFLES else None
    state = game.new_state(ruleset, players, default_options(ruleset), setup)
    game.settle_setup(state)
    everything = game.observe(state, None)
    for seat in (0, 1, -1):
        seen = game.observe(state, seat)
        hands = seen.pop("hands", None)
        assert seen == {k: v for k, v in everything.items() if k != "hands"}
        if hands is not None:
            assert [bool(h) for h in hands] == [i == seat and bool(everything["hands"][i]) for i in range(players)]
            assert hands[seat] == everything["hands"][seat] if seat >= 0 else not any(hands)
