"""One replay loop (Game.advance) under the scenario replay, the film and the Play page, and one view
module per game chosen through the registry (issue 10)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import parcours_view
from parcours import Dice, Game, all_games, all_races, parse
from parcours_view.film import film
from parcours_view.play import play
from parcours_view.registry import VIEWS

ROOT = Path(__file__).resolve().parent.parent
VELOCITA = {"ruleset": "cdp.velocita", "players": 2, "dice": [3, 4, 2, 2, 5, 5, 1, 1], "choices": ["wait"]}


def test_each_step_says_what_was_asked_and_what_was_played() -> None:
    scenario = parse(VELOCITA)
    game = Game(scenario)
    steps = list(game.advance(Dice(scenario.dice), scenario.choices, words=True))
    assert [s.played for s in steps if isinstance(s.played, str)] == ["wait"]
    assert [face for s in steps if not isinstance(s.played, str) for face in s.played] == scenario.dice[:5]
    assert all(s.asked.kind == ("choice" if isinstance(s.played, str) else "dice") for s in steps)
    assert [s.words for s in steps if s.words] == [{"fr": "Attendre", "en": "Wait"}]
    assert [e for s in steps for e in s.events] == game.events
    assert game.stopped == "choices"  # a second decision is asked, and the script has none


def test_run_is_the_loop_played_out() -> None:
    scenario = parse(VELOCITA)
    looped, ran = Game(scenario), Game(scenario)
    list(looped.advance(Dice(scenario.dice), scenario.choices))
    assert ran.run(Dice(scenario.dice), scenario.choices) == 1
    assert (ran.events, ran.stopped, ran.position()) == (looped.events, looped.stopped, looped.position())


def test_a_budget_stops_the_loop() -> None:
    game = Game(parse({"ruleset": "veldiv.individuelle", "players": 2, "seed": 1}))
    assert len(list(game.advance(Dice([], 1), [], max_steps=5))) == 5 and game.stopped == "budget"


def test_the_films_frames_carry_what_was_asked_and_played() -> None:
    frames = film(VELOCITA).frames
    assert "asked" not in frames[0]  # the start
    assert [f["played"] for f in frames[1:] if isinstance(f["played"], str)] == ["wait"]
    for f in frames[1:]:
        if isinstance(f["played"], list):
            assert f["played"] == f["dice"] and f["asked"]["kind"] == "dice" and f["asked"]["sides"] == f["sides"]
        else:
            assert f["asked"]["kind"] == "choice" and f["played"] in f["asked"]["choices"]


def test_the_play_page_shows_what_a_bot_was_asked_without_its_choices() -> None:
    answer = play({"scenario": {"ruleset": "cdp.velocita", "players": 2, "seed": 3},
                   "bots": {"seats": [1], "seed": 2, "moves": 400}, "humans": [0]})
    # the bot plays until the person is asked: its own decisions, if any, show no choices
    for frame in answer["frames"][1:]:
        if frame["seat"] == 1 and frame["asked"]["kind"] == "choice":
            assert frame["asked"]["choices"] == []
    shown = play({"scenario": {"ruleset": "cdp.velocita", "players": 2, "seed": 3},
                  "bots": {"seats": [0, 1], "seed": 2, "moves": 400}})
    assert any(f["asked"]["choices"] for f in shown["frames"][1:] if f["asked"]["kind"] == "choice")


def test_every_game_has_a_view() -> None:
    assert set(VIEWS) == set(all_games())


@pytest.mark.parametrize("rid", sorted(all_races()))
def test_a_view_names_the_die_exactly_when_its_game_throws_other_than_d6(rid: str) -> None:
    """NAMED_DICE is the view's word for a fact of the engine: its needs ask for dice other than D6."""
    rng = random.Random(rid)
    race = all_races()[rid]
    sides = set()
    for seed in range(5):
        game = Game(parse({"ruleset": rid, "players": race.min_players, "seed": seed}))
        steps = game.advance(Dice([], seed), _random_choices(game, rng), max_steps=300)
        sides |= {step.asked.sides for step in steps if step.asked.kind == "dice"}
    game_id = all_games()[rid.split(".", 1)[0]].GAME
    assert VIEWS[game_id].NAMED_DICE == (sides != {6}), sides


def _random_choices(game: Game, rng: random.Random) -> Iterator[str]:
    while (need := game.need()) is not None:
        yield rng.choice(need.choices)


def test_no_view_tests_a_ruleset_id() -> None:
    """Which game, which race: the registry and the position say it, never a test of an id."""
    test_of_an_id = re.compile(r"""(startswith\(|[!=]= |\bin \()["'](veldiv|cdp|chevaux|ronde)\b""")
    sources = {*Path(parcours_view.__file__).parent.glob("*.py"), *(ROOT / "playable").glob("*.py")}  # as installed
    for path in sorted(sources):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not test_of_an_id.search(line), f"{path}:{n}: {line.strip()}"
