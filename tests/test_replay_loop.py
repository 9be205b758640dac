"""One replay loop (Game.advance) under the scenario replay, the film and the Play page, and one view
module per game chosen through the registry (issue 10)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import parcours_view
from parcours import Dice, Game, ScenarioError, all_games, all_races, parse
from parcours_view.film import film, film_json
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


def test_a_films_decisions_carry_their_words() -> None:
    """A page steps back to a decision and shows its choices without asking the engine."""
    frames = film(VELOCITA).frames
    decisions = [f["asked"] for f in frames[1:] if f["asked"]["kind"] == "choice"]
    assert decisions
    for asked in decisions:
        assert set(asked["labels"]) == set(asked["choices"])
        assert all(words["en"] and words["fr"] and words["en"] != words["fr"] for words in asked["labels"].values())
        assert asked["question"]["en"] and asked["question"]["fr"]


def _up_to(scenario: dict[str, Any], dice: int) -> dict[str, Any]:
    return {**scenario, "dice": scenario["dice"][:dice], "choices": []}


@pytest.mark.parametrize(("move", "en", "fr"), [
    ({"dice": [7]}, "7 is not a face of the D6 rolled here (it shows 1 to 6)",
     "7 n'est pas une face du D6 lancé ici (il va de 1 à 6)"),
    ({"dice": [3, 5]}, "this throw takes one die, not 2", "ce lancer se joue avec un dé, pas 2"),
    ({"choice": "sprint"}, "no decision is asked for here", "aucune décision n'est demandée ici"),
])
def test_a_readers_move_the_rules_refuse_leaves_the_film_as_it_was(move: dict[str, object], en: str, fr: str) -> None:
    scenario = _up_to(VELOCITA, 2)
    before = film(scenario)
    after = film(scenario, move=move)
    assert after.refused is not None and after.refused["en"].startswith(en) and after.refused["fr"].startswith(fr)
    assert after.frames == before.frames and after.need == before.need


def test_a_readers_move_is_played_where_the_scenario_stops() -> None:
    scenario = _up_to(VELOCITA, 5)  # Velocità then asks a decision
    before = film(scenario)
    assert before.need is not None and before.need["kind"] == "choice"
    after = film(scenario, move={"choice": "wait"})
    assert after.refused is None and len(after.frames) == len(before.frames) + 1
    assert after.frames[-1]["played"] == "wait" and after.frames[-1]["asked"]["labels"] == before.need["labels"]
    scripted = film({**scenario, "choices": ["wait"]}).frames  # as if the scenario had it (and played on)
    assert after.frames == scripted[:len(after.frames)]
    over = film({"ruleset": "veldiv.individuelle", "players": 2, "seed": 4})
    assert over.finished
    thrown = [face for frame in over.frames[1:] for face in frame["played"]]  # the race written out
    assert film({"ruleset": "veldiv.individuelle", "players": 2, "dice": thrown}, move={"dice": [3]}).refused == {
        "en": "the race is over", "fr": "la course est finie"}


@pytest.mark.parametrize("move", [[3], {"dice": []}, {"dice": [3], "choice": "x"}, {"choice": 3}, {"dice": [1] * 17}])
def test_a_malformed_move_is_a_scenario_error(move: object) -> None:
    with pytest.raises(ScenarioError, match="^move: expected"):
        film(_up_to(VELOCITA, 2), move=move)


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


def test_links_the_page_sends_are_a_prefix_or_one_per_article() -> None:
    """Where a step's article links lead comes from the page: anything else is refused in both
    languages, and each article goes to its own page."""
    scenario = json.dumps({"ruleset": "veldiv.individuelle", "players": 2, "dice": [6]})
    for bad in ("[1]", '{"veldiv:art-1": 3}', "7"):
        error = json.loads(film_json(scenario, bad))["error"]
        assert error["en"].startswith("links: ") and error["fr"].startswith("champ links\u00a0: "), error
    film = json.loads(film_json(scenario, json.dumps({"": "../rules/#", "veldiv:art-2": "../other/#"})))
    hrefs = re.findall(r'href="([^"]+)"', film["frames"][1]["html"]["en"])
    assert "../other/#veldiv-art-2" in hrefs and "../rules/#veldiv-art-4" in hrefs, hrefs
