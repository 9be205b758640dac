"""What every game owes the site: each event reads as a sentence in both languages, cites a known
article of its own game, and every race runs to its end with its bots."""

from __future__ import annotations

import json
import random
import sys

import pytest

from parcours import Event, all_games, all_races, default_options, describe, game_of, sentence
from parcours.core import Need
from parcours.options import CONFIDENCE

# Whole random races a ruleset: eight in CPython; two inside Pyodide (test_pyodide_parity.py), where they
# were most of the run's time and where the parity tests already compare whole races byte for byte.
RANDOM_RACES = 2 if sys.platform == "emscripten" else 8


@pytest.mark.parametrize("ruleset", sorted(all_races()))
@pytest.mark.parametrize("seed", range(RANDOM_RACES))
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
            assert option.to_json()["confidence_label"] in CONFIDENCE.values()


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
    assert out["bot_names"] == {bot: game.BOT_NAMES[bot] for bot in game.BOTS}


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_bot_has_a_name_in_words_in_both_languages(game: str) -> None:
    """A page that names a bot (the Play page) says its name, never its id ("search")."""
    rules = all_games()[game]
    assert set(rules.BOT_NAMES) == set(rules.BOTS)
    for bot, name in rules.BOT_NAMES.items():
        assert set(name) == {"fr", "en"} and all(name[lang].strip() for lang in name), (game, bot)
        assert bot not in {name["fr"].lower(), name["en"].lower()}, f"{game}: the bot {bot!r} is named by its id"
    assert bool(rules.BOTS) == rules.DECISIONS, f"{game}: bots decide where, and only where, the game asks"


def test_a_ronde_turn_asks_which_die_to_roll_or_which_card_to_play() -> None:
    """The decision before a move offers the dice and the cards: it asks that, as the rules put it."""
    game = game_of("ronde.niveau-1")
    state = game.new_state("ronde.niveau-1", 3, default_options("ronde.niveau-1"), {"shuffle": 1})
    game.settle_setup(state)
    rng = random.Random(1)
    for _ in range(100):  # the lot for the first player, then the first player's turn
        if (asked := game.need(state)) is None or asked.kind == "choice":
            break
        game.play_throw(state, [rng.randint(1, asked.sides) for _ in range(asked.count)])
    assert asked is not None and asked.decision == "act"
    words = game.question_words(state, asked)
    assert "quel dé" in words["fr"] and "carte" in words["fr"], words
    assert "which die" in words["en"] and "card" in words["en"], words
