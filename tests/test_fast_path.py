"""The fast path plays the same races as the full path (issue 12, "Fast enough to ask").

A simulation hands the rules a `Quiet` sink: no event is built, only the article each would cite is
noted. Here every ruleset's seeded races, with random player counts, readings and bots, are played
twice in lockstep, once building every event and once into a Quiet sink; the positions must agree
after every step (`observe(state, None)`), and so must the final states, field by field, and the
articles cited. `simulate` must count what the full path counts. FAST_PATH_RACES scales the races.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from parcours import Event, GameRules, Need, all_races, default_options, game_of, parse, play
from parcours.chance import Shuffles
from parcours.core import Discard, Events, Quiet
from parcours.options import OptionValue
from parcours.ronde import bots as ronde_bots
from parcours.simulate import one_race, simulate

ROOT = Path(__file__).resolve().parent.parent
SCALE = float(os.environ.get("FAST_PATH_RACES", "1"))
# seeded races per ruleset, half a second's worth each (the Ronde's races are long, Velocità's search bot slow)
RACES = {"veldiv.individuelle": 60, "veldiv.americaine": 80, "veldiv.poursuite-individuelle": 250,
         "veldiv.poursuite-equipe": 150, "veldiv.eliminatoire": 60, "veldiv.cagnotte": 60, "cdp.velocita": 30,
         "cdp.mezzofondo": 80, "chevaux.course": 600, "chevaux.trois-points": 600}
RONDE_RACES = 12
SLOW_BOTS = {("ronde", "search"), ("cdp", "optimal")}  # a race each of their own, below
Move = list[int] | str


def reading(game: GameRules, ruleset: str, rng: random.Random) -> dict[str, OptionValue]:
    """A random value for each of the race's readings (a number option near its default: a kitty of
    1,000 would take a long while to fill)."""
    chosen: dict[str, OptionValue] = {}
    for oid, races in game.APPLIES.items():
        if ruleset in races:
            option = game.OPTIONS[oid]
            if option.number_range is not None:
                low, high = option.number_range
                chosen[oid] = rng.randint(low, min(high, 2 * int(option.default)))
            else:
                chosen[oid] = rng.choice(list(option.values))
    return chosen


def final_fields(state: Any) -> dict[str, Any]:
    """A state's fields as its dataclass compares them; a card game's shuffles by where they stand."""
    out = {f.name: getattr(state, f.name) for f in fields(state) if f.compare}
    return {k: v._random.getstate() if isinstance(v, Shuffles) else v for k, v in out.items()}


class Lockstep:
    """One race played twice: `full` builds every event, `fast` sends them into a Quiet sink."""

    def __init__(self, ruleset: str, players: int, options: dict[str, OptionValue], setup: object) -> None:
        self.game = game_of(ruleset)
        self.full = self.game.new_state(ruleset, players, dict(options), setup)
        self.fast = self.game.new_state(ruleset, players, dict(options), setup)
        self.sink = Quiet()
        self.dice: list[int] = []  # the fast path's one list of dice, reused every throw (as simulate's)
        self.cites: list[str] = []
        self.steps = 0
        self.moves: list[Move] = []
        self._check(self.game.settle_setup(self.full), self.game.settle_setup(self.fast, self.sink))

    def need(self) -> Need | None:
        asked = self.game.need(self.full)
        assert self.game.need(self.fast) == asked, f"step {self.steps}: the two paths wait for different things"
        return asked

    def play(self, move: Move) -> None:
        self.moves.append(move)
        if isinstance(move, str):
            full, fast = self.game.play_choice(self.full, move), self.game.play_choice(self.fast, move, self.sink)
        else:
            full = self.game.play_throw(self.full, list(move))
            self.dice[:] = move
            fast = self.game.play_throw(self.fast, self.dice, self.sink)
            self.dice[:] = [0]  # a rule that kept the list it was handed would now hold a 0: its position would differ
        self.steps += 1
        self._check(full, fast)

    def _check(self, full: list[Event], fast: list[Event]) -> None:
        assert type(full) is Events and fast is self.sink, "the full path has a list of its own; the fast, the sink"
        assert len(self.sink) == 0, f"step {self.steps}: the fast path built {self.sink[0]}"
        self.cites += [e.cite for e in full]
        assert self.sink.cites == self.cites, f"step {self.steps}: the articles cited differ"
        assert self.game.observe(self.fast, None) == self.game.observe(self.full, None), \
            f"step {self.steps}: the positions differ"

    def finish(self) -> None:
        """The final states alike, field by field, and their positions as JSON (where 1 is not true)."""
        assert final_fields(self.fast) == final_fields(self.full)
        assert json.dumps(self.game.observe(self.fast, None)) == json.dumps(self.game.observe(self.full, None))


def seeded_race(ruleset: str, seed: int, bot_names: list[str]) -> Lockstep:
    """A race with its players, readings and bots drawn from `seed`, played to its end in lockstep."""
    rng = random.Random(seed)
    game, race = game_of(ruleset), all_races()[ruleset]
    players = rng.randint(race.min_players, race.max_players)
    options = reading(game, ruleset, rng)
    bots = [game.BOTS[rng.choice(bot_names)] for _ in range(players)] if bot_names else []
    setup = {"shuffle": rng.randrange(2**31)} if game.SHUFFLES else None
    race_play = Lockstep(ruleset, players, options, setup)
    while (asked := race_play.need()) is not None:
        if asked.kind == "dice":
            race_play.play([rng.randint(1, asked.sides) for _ in range(asked.count)])
        else:
            race_play.play(bots[asked.seat](race_play.full, asked, rng))
        assert race_play.steps < 50_000, "a race that does not end"
    race_play.finish()
    return race_play


def quick_bots(ruleset: str) -> list[str]:
    game = game_of(ruleset)
    return [name for name in game.BOTS if (game.GAME, name) not in SLOW_BOTS]


@pytest.mark.parametrize("ruleset", list(all_races()))
def test_the_fast_path_plays_every_ruleset_as_the_full_path(ruleset: str) -> None:
    count = max(1, round(RACES.get(ruleset, RONDE_RACES) * SCALE))
    steps = sum(seeded_race(ruleset, 1000 * seed + 12, quick_bots(ruleset)).steps for seed in range(count))
    assert steps >= count  # every race played at least one step


def test_the_fast_path_plays_velocita_solved_as_the_full_path() -> None:
    """The solved game's bot (Velocità solved anew for each reading drawn: a race of its own)."""
    assert seeded_race("cdp.velocita", 1, ["optimal"]).steps > 10


def test_the_ronde_search_decides_alike_whether_its_look_ahead_builds_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search bot (a race of its own, in lockstep, four riders) plays its look-ahead into a Discard
    sink: the same choices as with every event built."""
    def decisions() -> list[str]:
        race_play = seeded_race("ronde.niveau-3", 1, ["search"])
        return [move for move in race_play.moves if isinstance(move, str)]

    quiet = decisions()
    assert len(ronde_bots.LOOK_AHEAD or []) == 0 and isinstance(ronde_bots.LOOK_AHEAD, Discard)
    monkeypatch.setattr(ronde_bots, "LOOK_AHEAD", None)
    assert decisions() == quiet and len(quiet) > 10


def golden_scenarios() -> list[dict[str, Any]]:
    scenarios: list[dict[str, Any]] = json.loads((ROOT / "tests/golden/scenarios.json").read_text())
    return scenarios


@pytest.mark.parametrize("index", range(len(golden_scenarios())))
def test_the_fast_path_replays_the_golden_scenarios(index: int) -> None:
    """Set-up positions and scripted choices too: what the full path played, the fast path plays alike."""
    scenario = parse(golden_scenarios()[index])
    game, _, _ = play(scenario)
    race_play = Lockstep(scenario.ruleset, scenario.players, scenario.options, scenario.setup)
    for _, move in game.record:
        race_play.play(move)
    race_play.finish()
    assert race_play.game.observe(race_play.fast, None) == game.rules.observe(game.state, None)


@pytest.mark.parametrize("ruleset", [r for r in all_races() if hasattr(game_of(r), "play_dice")])
def test_a_run_of_throws_in_one_call_plays_the_races_of_one_throw_a_call(ruleset: str,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's play_dice (GameRules), which one_race uses where a game has it, against one_race's own
    loop: the same races, seed by seed (every player count, random readings, both paths), to the same
    final states, throws and articles cited."""
    game, race = game_of(ruleset), all_races()[ruleset]

    def races() -> list[tuple[dict[str, Any], int, list[str]]]:
        rng = random.Random(12)
        played = []
        for players in range(race.min_players, race.max_players + 1):
            for n in range(6):
                state, throws, cites = one_race(ruleset, players, reading(game, ruleset, rng), rng, full=n % 2 == 1)
                played.append((final_fields(state), throws, cites))
        return played

    in_runs = races()
    monkeypatch.delattr(game, "play_dice")
    assert races() == in_runs
    assert all(throws > 0 for _, throws, _ in in_runs)


def full_path_simulation(ruleset: str, players: int, count: int, seed: int, bots: list[str]) -> dict[str, Any]:
    """`simulate` as it was before the fast path: every event built, and counted one by one."""
    game = game_of(ruleset)
    rng = random.Random(seed)
    options = default_options(ruleset)
    choose: list[Callable[..., str]] = [game.BOTS[name] for name in bots]
    wins: Counter[int] = Counter()
    lengths: Counter[int] = Counter()
    articles: Counter[str] = Counter()
    for _ in range(count):
        setup = {"shuffle": rng.randrange(2**31)} if game.SHUFFLES else None
        state = game.new_state(ruleset, players, options, setup)
        throws = 0
        while (asked := game.need(state)) is not None:
            if asked.kind == "dice":
                events = game.play_throw(state, [1 + int(asked.sides * rng.random()) for _ in range(asked.count)])
                throws += 1
            else:
                events = game.play_choice(state, choose[asked.seat](state, asked, rng))
            articles.update(e.cite for e in events)
        winner = game.observe(state, None)["winner"]
        if winner is not None:
            wins[winner] += 1
        lengths[throws] += 1
    return {"wins": wins, "lengths": lengths, "articles": articles}


@pytest.mark.parametrize("ruleset", list(all_races()))
def test_simulate_counts_what_the_full_path_counts(ruleset: str) -> None:
    """simulate's fast path, and its full path (full=True, the bench's "before"), against the loop
    simulate ran before the fast path: the same wins, race lengths and articles, in the same order."""
    race = all_races()[ruleset]
    players = min(race.max_players, 4)
    bots = quick_bots(ruleset)[:1] * players
    count = 3 if ruleset.startswith("ronde.") else 40
    expected = full_path_simulation(ruleset, players, count, 5, bots)
    for full in (False, True):
        summary = simulate(ruleset, players, count, 5, default_options(ruleset), bots=bots, full=full)
        assert (summary.wins, summary.lengths, summary.articles) == (expected["wins"], expected["lengths"],
                                                                     expected["articles"])
        assert list(summary.articles) == list(expected["articles"])  # in the same order: the CLI lists ties so
        assert sum(summary.articles.values()) > summary.races
