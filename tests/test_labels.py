"""Every decision of every game has its words: each choice it offers, and the question it asks, in
French and in English. The choices are not listed here: they are met by playing many seeded races
of every ruleset (the games' bots and random choices, default and random readings), and by the
worked examples; the decision kinds met are checked both ways against what each game declares and
what its code can ask."""

from __future__ import annotations

import random
import re
from collections import Counter
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from parcours import Game, GameRules, all_games, default_options, narrate, parse
from parcours.core import Dice, Need

ROOT = Path(__file__).resolve().parent.parent
GAMES = all_games()
RACES = [(gid, rid) for gid, game in GAMES.items() for rid in game.RACES]
SEEDS = 24  # races per ruleset; every decision kind is met well within this (tests below)
CODE = re.compile(r"@|\w:\w|\bt-\w|^\d+$")  # 'steal@2', 'discard:t-kwak', 't-hammer', '3': a code, not words


def read_yaml(text: str) -> Any:
    import yaml  # the site's data: PyYAML, which Pyodide lacks (these tests are marked `site`)

    return yaml.safe_load(text)


def check_words(rules: GameRules, state: Any, need: Need) -> None:
    """The need's choices and question in both languages, each a phrase, never the raw code."""
    where = f"{need.decision} {list(need.choices)}"
    labels = rules.choice_words(state, need)
    assert set(labels) == set(need.choices), where
    for choice, words in labels.items():
        assert set(words) == {"fr", "en"}, (where, choice)
        for lang, text in words.items():
            assert text.strip() == text and text, (where, choice, lang)
            assert text != choice and not CODE.search(text), (where, choice, lang, text)
        assert words["fr"] != words["en"], (where, choice, words)
    question = rules.question_words(state, need)
    assert set(question) == {"fr", "en"}, where
    assert all(q.strip() and q.endswith("?") for q in question.values()), (where, question)
    assert question["fr"] != question["en"], question


def random_options(rid: str, rng: random.Random) -> dict[str, Any]:
    """Default readings, or each one drawn at random (numbers near their low end: one lap, two...)."""
    game, options = GAMES[rid.split(".", 1)[0]], default_options(rid)
    for oid in options:
        option = game.OPTIONS[oid]
        if option.number_range is not None:
            low, high = option.number_range
            options[oid] = rng.randint(low, min(high, low + 3))
        else:
            options[oid] = rng.choice(sorted(option.values))
    return options


def play_races(rid: str, seeds: int = SEEDS) -> Counter[str]:
    """Seeded races of one ruleset, every number of players; returns the decision kinds met.

    Seats alternate between the game's cheap bot and random choices (which also pass, steal...)."""
    rules = GAMES[rid.split(".", 1)[0]]
    race = rules.RACES[rid]
    bot = next((rules.BOTS[n] for n in ("plain", "heuristic") if n in rules.BOTS), None)
    met: Counter[str] = Counter()
    for seed in range(seeds):
        rng = random.Random(seed)
        players = race.min_players + seed % (race.max_players - race.min_players + 1)
        options = default_options(rid) if seed % 2 == 0 else random_options(rid, rng)
        setup = {"shuffle": seed} if getattr(rules, "SHUFFLES", False) else None
        state = rules.new_state(rid, players, options, setup)
        rules.settle_setup(state)
        steps = 0
        while (need := rules.need(state)) is not None and steps < 20_000:
            steps += 1
            if need.kind == "dice":
                rules.play_throw(state, [rng.randint(1, need.sides) for _ in range(need.count)])
                continue
            met[need.decision] += 1
            check_words(rules, state, need)
            if bot is not None and (need.seat + seed) % 2 == 0:
                choice = bot(state, need, rng)
            else:
                choice = rng.choice(need.choices)
            rules.play_choice(state, choice)
        assert need is None, f"{rid} seed {seed}: the race did not end"
    return met


def declared(gid: str) -> set[str]:
    return set(import_module(f"parcours.{gid}.narrate").DECISION_KINDS)


def decisions_in_code(gid: str) -> set[str]:
    """The decisions a game's code can ask: the literal `decision=` of its choice needs, and (the
    Ronde, whose choice needs are named by the decision step on top) the `decision` of every kind
    of decision step its machine plays."""
    found: set[str] = set()
    package = Path(str(import_module(f"parcours.{gid}").__file__)).parent  # the sources as installed (Pyodide too)
    for path in package.glob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if 'Need("choice"' in line:
                found.update(re.findall(r'decision="([\w-]+)"', line))
    if gid == "ronde":
        from parcours.ronde import steps

        machine = (package / "rules.py").read_text(encoding="utf-8")
        assert 'Need("choice", seat, choices=tuple(choices), decision=step.decision)' in machine
        kinds = steps.Decision.__subclasses__()
        assert all(f"case {kind.__name__}()" in machine for kind in kinds)  # each is played
        found |= {kind.decision for kind in kinds}
    return found


@pytest.mark.parametrize("gid", GAMES)
def test_every_decision_kind_of_the_code_is_declared_and_met_in_races(gid: str) -> None:
    met: Counter[str] = Counter()
    for rid in GAMES[gid].RACES:
        met += play_races(rid)
    assert declared(gid) == decisions_in_code(gid), gid
    assert set(met) == declared(gid), f"{gid}: met {dict(met)}"
    assert bool(declared(gid)) == GAMES[gid].DECISIONS


@pytest.mark.parametrize("rid", [rid for gid, rid in RACES if GAMES[gid].DECISIONS])
def test_every_choice_met_in_seeded_races_has_words_in_both_languages(rid: str) -> None:
    met = play_races(rid)
    assert sum(met.values()) > 50, met


def examples() -> list[Path]:
    return sorted((ROOT / "docs").glob("*/examples/*.yml"))


@pytest.mark.site
@pytest.mark.parametrize("path", examples(), ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_decision_of_the_worked_examples_has_words_in_its_position(path: Path) -> None:
    """Replayed step by step, as the rules pages do: the position's need carries the words."""
    scenario = parse(read_yaml(path.read_text(encoding="utf-8"))["scenario"])
    game, dice, choices = Game(scenario), Dice(scenario.dice, scenario.seed), iter(scenario.choices)
    while (need := game.need()) is not None:
        shown = game.position()["need"]
        if need.kind == "dice":
            assert "labels" not in shown
            if not dice.available(need.count):
                break
            game.throw([dice.throw(need.sides) for _ in range(need.count)])
            continue
        assert shown["labels"] == narrate.choice_words(game.rules, game.state, need)  # the game's, typeset
        assert shown["question"] == narrate.question_words(game.rules, game.state, need)
        check_words(game.rules, game.state, need)
        choice = next(choices, None)
        if choice is None:
            break
        game.choose(choice)


RED_TRIANGLE = ROOT / "docs" / "ronde" / "examples" / "red-triangle.yml"


@pytest.mark.site
def test_the_red_triangle_offers_the_steal_in_words_on_the_rules_page_and_the_play_page() -> None:
    """The defect of issue 9: stepping back to the red triangle's decision raised KeyError: 'steal'."""
    from parcours_view.film import film
    from parcours_view.play import play

    scenario = read_yaml(RED_TRIANGLE.read_text(encoding="utf-8"))["scenario"]
    assert scenario["choices"][-1] == "steal@2"
    before = {**scenario, "choices": scenario["choices"][:-1]}
    need = film(before).need
    assert need is not None and need["decision"] == "triangle"
    assert need["labels"]["steal@2"] == {"fr": "Prendre une carte au hasard à Orange",
                                         "en": "Take a card at random from Orange"}
    assert need["question"]["en"] == "Player 1 (Red): red triangle: from whom do you take a card?"
    answer = play({"scenario": before, "humans": [0]})
    assert answer["need"]["labels"]["steal@2"]["fr"] == "Prendre une carte au hasard à Orange"
    played = play({"scenario": scenario, "since": 2, "humans": [0]})
    assert played["frames"][-1]["choice_label"]["en"] == "Take a card at random from Orange"
    # ronde.niveau-3, as the issue reports it: the same decision with tactical cards in play
    level3 = {**before, "ruleset": "ronde.niveau-3"}
    level3_need = film(level3).need
    assert level3_need is not None
    assert level3_need["labels"]["steal@2"]["en"] == "Take a card at random from Orange"


@pytest.mark.site
def test_a_bots_decision_goes_out_without_its_choices_even_in_words() -> None:
    """The Play page hides a bot's hand: its choices' words could tell its cards."""
    from parcours_view.play import play

    scenario = read_yaml(RED_TRIANGLE.read_text(encoding="utf-8"))["scenario"]
    before = {**scenario, "choices": scenario["choices"][:-1]}
    need = play({"scenario": before, "humans": [1]})["need"]
    assert need["choices"] == [] and need["labels"] == {}
    assert need["question"]["en"].startswith("Player 1 (Red)")


def test_the_corriere_decisions_say_what_the_choice_does() -> None:
    from parcours_view.play import play

    answer = play({"scenario": {"ruleset": "cdp.velocita", "players": 2, "dice": [5, 6]},
                   "bots": {"seats": [0, 1], "name": "plain", "seed": 3, "moves": 6}})
    said = [f["choice_label"] for f in answer["frames"] if "choice" in f]
    assert said and all(set(w) == {"fr", "en"} for w in said)
    rules = GAMES["cdp"]
    state = rules.new_state("cdp.velocita", 2, default_options("cdp.velocita"), None)
    words = rules.choice_words(state, Need("choice", 0, choices=("0", "1", "3"), decision="distance"))
    assert words == {"0": {"fr": "Rester sur place", "en": "Stay put"},
                     "1": {"fr": "Avancer d'une case", "en": "Ride 1 square"},
                     "3": {"fr": "Avancer de 3 cases", "en": "Ride 3 squares"}}
    sprint = rules.choice_words(state, Need("choice", 1, choices=("sprint", "wait"), decision="sprint"))
    assert sprint["sprint"] == {"fr": "Lancer le sprint", "en": "Sprint now"}


def test_a_choice_with_no_words_is_an_error_not_a_code() -> None:
    rules = GAMES["ronde"]
    state = rules.new_state("ronde.niveau-1", 3, default_options("ronde.niveau-1"), {"shuffle": 1})
    with pytest.raises(ValueError, match="no words for the choice 'fly@2'"):
        rules.choice_words(state, Need("choice", 0, choices=("fly@2", "pass"), decision="triangle"))
    with pytest.raises(ValueError):
        GAMES["veldiv"].choice_words(None, Need("choice", 0, choices=("a",), decision="x"))
