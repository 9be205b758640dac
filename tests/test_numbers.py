"""Each game in numbers: the data of its numbers page (docs/<game>/numbers.json, scripts/game_numbers.py)
covers every race, comes again from its seed, agrees with the exact values where the game is solved,
and the page draws it (charts and heat maps as SVG, both languages, no JavaScript needed)."""

from __future__ import annotations

import importlib.util
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from parcours import all_games
from parcours.cdp.velocita_solver import solution
from parcours.chevaux import Board
from parcours.chevaux.odds import odds
from parcours.games import default_options
from parcours_view.registry import VIEWS
from playable.measuring import CHECK_RARE, gap_chance

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("game_numbers", ROOT / "scripts" / "game_numbers.py")
assert _spec and _spec.loader
generator = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(generator)
GAMES = sorted(generator.GAMES)


def data(game: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((ROOT / "docs" / game / "numbers.json").read_text(encoding="utf-8"))
    return loaded


@pytest.mark.parametrize("game", GAMES)
def test_every_race_has_its_numbers_from_the_generator(game: str) -> None:
    stored = data(game)
    assert sorted(stored["races"]) == sorted(all_games()[game].RACES)
    assert stored["seed"] == generator.SEED and stored["check"] == generator.CHECK
    for ruleset, s in stored["races"].items():
        assert s["target"] == generator.target_for(ruleset) and s["players"] == generator.players_for(ruleset)
        assert sum(s["lengths"].values()) == s["races"]
        assert 0 < sum(w["share"] for w in s["wins"]) <= 1 + 1e-9  # a race may end without a winner


@pytest.mark.parametrize("game", GAMES)
def test_the_numbers_come_again_from_their_seed(game: str) -> None:
    """The first races of one race of each game, replayed: the very same figures."""
    ruleset, s = next(iter(data(game)["races"].items()))
    assert generator.measured(ruleset, generator.CHECK) == s["check"], f"run scripts/game_numbers.py --game {game}"


def _mean_and_error(lengths: dict[str, int]) -> tuple[float, float]:
    n = sum(lengths.values())
    mean = sum(int(t) * c for t, c in lengths.items()) / n
    var = sum(c * (int(t) - mean) ** 2 for t, c in lengths.items()) / (n - 1)
    return mean, math.sqrt(var / n)


def test_the_horse_race_simulated_agrees_with_its_exact_odds() -> None:
    s = data("chevaux")["races"]["chevaux.course"]
    exact = odds(Board.parse(None))
    # as the build checks it: a gap chance alone gives less than once in CHECK_RARE samples fails
    assert gap_chance(s["wins"][0]["share"], float(exact.win[0]), s["races"]) * CHECK_RARE >= 1
    mean, error = _mean_and_error(s["lengths"])
    assert abs(mean - float(sum(t * p for t, p in exact.length.items()))) < 4 * error


def test_velocita_simulated_with_best_play_agrees_with_the_solved_game() -> None:
    s = data("cdp")["races"]["cdp.velocita"]
    assert s["bots"] == ["optimal", "optimal"]
    sol = solution(default_options("cdp.velocita"))
    exact = (sol.turn_value(0, 0, False, 0) + sol.turn_value(0, 0, False, 1)) / 2  # the lot: either may start
    assert gap_chance(s["wins"][0]["share"], exact, s["races"]) * CHECK_RARE >= 1


@pytest.mark.site
@pytest.mark.parametrize("game", GAMES)
def test_the_numbers_page_draws_every_race(game: str) -> None:
    page = ROOT / "site" / game / "numbers" / "index.html"
    assert page.exists(), "build the site first (make build)"
    html = page.read_text(encoding="utf-8")
    races = all_games()[game].RACES
    sections = re.findall(r'<h2 id="numbers-[^"]+"', html)
    assert len(sections) == len(races)
    assert html.count('<svg class="px-chart"') >= len(races)  # each race's length at least
    if VIEWS[game].heat_svg({1: 1.0}, "") is not None:  # where pieces stop, drawn on the board (else charted)
        assert html.count("px-board px-heat") == len(races)
    for race in races.values():
        assert race.name["fr"] in html and race.name["en"] in html
    assert "(s)" not in re.sub(r"<[^>]+>", "", html)


@pytest.mark.site
@pytest.mark.parametrize("game", GAMES)
def test_exact_figures_link_to_how_they_are_computed(game: str) -> None:
    """A numbers page with exact figures links, in each language, to the section of its game that says
    how they are computed (the game's view names it); the section is there, in both languages."""
    from parcours_view.registry import VIEWS

    html = (ROOT / "site" / game / "numbers" / "index.html").read_text(encoding="utf-8")
    explained = VIEWS[game].EXACT_EXPLAINED
    links = re.findall(r'<a href="([^"]+)">(?:Comment ces chiffres sont calculés|How these figures are computed)</a>',
                       html)
    if explained is None:
        assert links == []
        return
    page, _, anchor = explained.partition("#")
    assert links == [f"../{page.removesuffix('.md')}/#{anchor}"] * 2, links
    target = (ROOT / "site" / game / page.removesuffix(".md") / "index.html").read_text(encoding="utf-8")
    section = target.split(f'id="{anchor}"', 1)[1].split("<h2", 1)[0]
    assert '<p lang="fr">' in section and '<p lang="en">' in section
