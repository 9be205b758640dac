"""One game, one place (issue 29): no generic module names a game. A game's id or one of its ruleset ids
in the code of a module that serves every game (the engine's own modules, the build's, the view's shared
ones, the browser's scripts and the site's stylesheet, the scripts) fails here, naming the file and line;
comments and docstrings may name them. What a game alone needs lives in its package
(engine/parcours/<game>/), its view (playable/parcours_view/<game>.py, <game>_*.py, its stylesheet
<game>.css), its own scripts (scripts/<game>_*.py) and docs/<game>/, and reaches the rest through the
registries. The mechanisms that gather them are checked here too: each view's styles in the site's
stylesheet, its live figures answered by name, each game's benchmark cases and checks."""

from __future__ import annotations

import io
import json
import re
import sys
import tokenize
from pathlib import Path

import pytest

from parcours import all_games, all_races
from parcours.interface import Checks, checks_of
from parcours_view.interface import live_figures
from parcours_view.live import figure_json
from parcours_view.registry import VIEWS
from playable.ship import ShipError, ship_assets
from playable.styles import SITE_STYLESHEET, added_styles, game_styles, stylesheet_of

ROOT = Path(__file__).resolve().parent.parent
REGISTRIES = {"engine/parcours/games.py", "playable/parcours_view/registry.py"}  # they list the games, by design


def _game_ids() -> list[str]:
    games = all_games()
    return sorted(set(games) | {ruleset for game in games.values() for ruleset in game.RACES}, key=len, reverse=True)


def _generic_files() -> list[Path]:
    own = re.compile(r"(?:" + "|".join(map(re.escape, all_games())) + r")(?:_\w+)?\.(?:py|css)")
    script = re.compile(r"(?:" + "|".join(map(re.escape, all_games())) + r")_\w+\.py")  # a game's own script
    view = ROOT / "playable" / "parcours_view"
    files = [*(ROOT / "engine" / "parcours").glob("*.py"), *(ROOT / "playable").glob("*.py"),
             *(p for p in view.iterdir() if p.suffix in (".py", ".css") and not own.fullmatch(p.name)),
             *(ROOT / "playable" / "assets" / "parcours").iterdir(), ROOT / "playable" / "sw.js",
             *(p for p in (ROOT / "scripts").iterdir() if p.suffix in (".py", ".mjs") and not script.match(p.name))]
    return sorted(p for p in files if p.is_file() and p.relative_to(ROOT).as_posix() not in REGISTRIES)


def python_code(text: str) -> list[tuple[int, str]]:
    """A module's tokens as (line, text), its comments and docstrings (a string standing alone) left out."""
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
              if t.type not in (tokenize.NL, tokenize.COMMENT)]
    code = []
    for i, token in enumerate(tokens):
        alone = (token.type == tokenize.STRING and (i == 0 or tokens[i - 1].type in (
            tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)) and tokens[i + 1].type in (
            tokenize.NEWLINE, tokenize.ENDMARKER))
        if not alone and token.type not in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            code.append((token.start[0], token.string))
    return code


def script_code(text: str, css: bool) -> list[tuple[int, str]]:
    """A script's or a stylesheet's lines, its comments blanked (/* */; in a script, // to the line's end)."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.DOTALL)
    if not css:
        text = re.sub(r"(?<![:\"'\\])//[^\n]*", "", text)
    return list(enumerate(text.split("\n"), start=1))


def named_games(path: Path) -> list[str]:
    """Each game id or ruleset id in the file's code, as 'file:line: id'."""
    ids = re.compile(r"(?<![\w])(" + "|".join(map(re.escape, _game_ids())) + r")(?![\w])", re.IGNORECASE)
    text = path.read_text(encoding="utf-8")
    code = python_code(text) if path.suffix == ".py" else script_code(text, path.suffix == ".css")
    where = path.relative_to(ROOT).as_posix()
    return [f"{where}:{line}: {found}" for line, piece in code for found in ids.findall(piece)]


def test_no_generic_module_names_a_game() -> None:
    files = _generic_files()
    assert len(files) > 40 and any(p.name == "parcours.css" for p in files) and any(p.name == "cli.py" for p in files)
    named = [hit for path in files for hit in named_games(path)]
    assert not named, "a generic module names a game (move it behind GameView/GameRules):\n" + "\n".join(named)


def test_no_generic_module_uses_a_class_only_a_games_stylesheet_styles() -> None:
    """A class that only a game's own stylesheet styles (px-rc-ring, the Ronde's) is that game's: a generic
    module that needs such a thing asks for a generic class the view adds (px-to-play)."""
    def classes(path: Path) -> set[str]:
        return set(re.findall(r"\.(px-[\w-]+)", "\n".join(piece for _, piece in script_code(path.read_text(), True))))
    shared = classes(ROOT / "playable" / "assets" / SITE_STYLESHEET)
    own = {name: game for game, view in VIEWS.items()
           if (sheet := stylesheet_of(view)) for name in classes(sheet) - shared}
    assert "px-rc-ring" in own
    found = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(own, key=len, reverse=True))) + r")(?![\w-])")
    used = []
    for path in _generic_files():
        text = path.read_text(encoding="utf-8")
        code = python_code(text) if path.suffix == ".py" else script_code(text, path.suffix == ".css")
        used += [f"{path.relative_to(ROOT).as_posix()}:{line}: {name} ({own[name]}'s)"
                 for line, piece in code for name in found.findall(piece)]
    assert not used, "a generic module uses a game's own class:\n" + "\n".join(used)


def test_the_search_finds_a_game_named_in_code_not_in_a_comment(tmp_path: Path) -> None:
    """The test above would see what it looks for: a string, a name, a class, a selector; never a comment."""
    game, ruleset = next(iter(all_games())), next(iter(all_races()))
    python = tmp_path / "a.py"
    python.write_text(f'"""About {game}."""\n# {ruleset}\nX = 1  # {game}\nY = "{ruleset}"\nif {game}:\n    pass\n')
    script = tmp_path / "a.mjs"
    script.write_text(f'// {game}\n/* {ruleset} */\nconst u = "https://x/y"; // {game}\nrequest("{game}");\n')
    style = tmp_path / "a.css"
    style.write_text(f"/* {game} */\n.px-{game} {{ fill: red; }}\n")
    for path, lines in ((python, [4, 5]), (script, [4]), (style, [2])):
        text = path.read_text(encoding="utf-8")
        code = python_code(text) if path.suffix == ".py" else script_code(text, path.suffix == ".css")
        ids = re.compile(r"(?<![\w])(" + "|".join(map(re.escape, _game_ids())) + r")(?![\w])")
        assert sorted({line for line, piece in code if ids.search(piece)}) == lines, path.name


@pytest.mark.parametrize("game", sorted(all_games()))
def test_no_games_module_names_another_game(game: str) -> None:
    """A game's package, its view and its stylesheet name no other game's id or ruleset id in their code."""
    view = ROOT / "playable" / "parcours_view"
    files = [*(ROOT / "engine" / "parcours" / game).rglob("*.py"), *view.glob(f"{game}.*"), *view.glob(f"{game}_*.py")]
    assert any(p.name == "__init__.py" for p in files) and any(p.parent == view for p in files), files
    others = [hit for path in files if path.suffix in (".py", ".css") for hit in named_games(path)
              if hit.rsplit(": ", 1)[1].split(".")[0].lower() != game]
    assert not others, f"{game}'s own modules name another game:\n" + "\n".join(others)


def test_a_games_own_scripts_are_named_for_it() -> None:
    """A script of one game's own work is named <game>_….py (left out of the search above): each such
    script names its game, and only its game."""
    own = [p for p in (ROOT / "scripts").glob("*_*.py") if p.name.split("_")[0] in all_games()]
    assert own, "the Corriere dei Piccoli's Velocità solver"
    for path in own:
        game = path.name.split("_")[0]
        others = [hit for hit in named_games(path) if hit.rsplit(": ", 1)[1].split(".")[0].lower() != game]
        assert not others, f"{path.name} is {game}'s but names another game: {others}"


def test_every_views_stylesheet_goes_at_the_end_of_the_sites() -> None:
    """The view's own stylesheet is found beside its module, by its name, and the build adds every one to the
    site's stylesheet, in the registry's order; a view without one adds nothing."""
    gathered = game_styles()
    assert added_styles() == {SITE_STYLESHEET: gathered}
    at = 0
    for view in VIEWS.values():
        sheet = stylesheet_of(view)
        if sheet is None:
            continue
        assert sheet.parent == ROOT / "playable" / "parcours_view" and sheet.stem == view.GAME
        found = gathered.find(sheet.read_text(encoding="utf-8"), at)
        assert found >= at, f"{sheet.name} is not in the gathered styles, in the registry's order"
        at = found
    assert stylesheet_of(json) is None and stylesheet_of(object()) is None  # a module without, or no module
    assert (ROOT / "playable" / "assets" / SITE_STYLESHEET).is_file()


def test_ship_adds_text_at_the_end_of_a_file_only_it_holds(tmp_path: Path) -> None:
    assets, docs = tmp_path / "assets", tmp_path / "docs"
    (assets / "parcours").mkdir(parents=True)
    (assets / "parcours" / "site.css").write_text("p {}\n")
    assert ship_assets(docs, assets, {"parcours/site.css": ".a {}\n"}) == ["parcours/site.css"]
    assert (docs / "parcours" / "site.css").read_text() == "p {}\n.a {}\n"
    assert ship_assets(docs, assets, {"parcours/site.css": ".a {}\n"}) == []  # the same: nothing written
    assert ship_assets(docs, assets, {"parcours/site.css": ".b {}\n"}) == ["parcours/site.css"]  # a view's changed
    with pytest.raises(ShipError, match="other.css"):
        ship_assets(docs, assets, {"parcours/other.css": ".a {}\n"})


def test_the_shipped_stylesheet_holds_each_views_styles() -> None:
    """What the build copied last into docs/parcours/ (ignored by git; skipped where no build ran)."""
    shipped = ROOT / "docs" / SITE_STYLESHEET
    if not shipped.is_file():
        pytest.skip("no build has shipped the assets yet")
    text = shipped.read_text(encoding="utf-8")
    assert text.startswith((ROOT / "playable" / "assets" / SITE_STYLESHEET).read_text(encoding="utf-8")[:2000])


# ---------------------------------------------------------------- live figures, by name

def test_every_live_figure_is_answered_by_name_and_refuses_in_both_languages() -> None:
    """The worker's "figure" request reaches each view's LIVE figures through the registry; a game or a
    figure unknown, or input its engine refuses, is a sentence in each language."""
    for game, view in VIEWS.items():
        for name in live_figures(view):
            answer = json.loads(figure_json(json.dumps({"game": game, "name": name, "input": "?"})))
            assert set(answer) == {"error"} and set(answer["error"]) == {"en", "fr"}, (game, name, answer)
    requests: list[object] = [{"game": "?", "name": "?"}, {"game": next(iter(VIEWS)), "name": "?"}, [], "x"]
    for request in requests:
        answer = json.loads(figure_json(json.dumps(request)))
        assert set(answer) == {"error"} and set(answer["error"]) == {"en", "fr"}, request
    assert live_figures(object()) == {}


def test_a_live_figure_says_what_it_computed() -> None:
    live = [(game, name) for game, view in VIEWS.items() for name in live_figures(view)]
    assert live, "no game has a live figure: live.mjs would have nothing to do"
    for game, name in live:
        answer = json.loads(figure_json(json.dumps({"game": game, "name": name, "input": None})))  # its defaults
        assert answer["html"] and set(answer["said"]) == {"en", "fr"}, (game, name)


# ---------------------------------------------------------------- benchmarks, from the registry

def _script(name: str) -> object:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        return __import__(name)
    finally:
        sys.path.remove(str(ROOT / "scripts"))


def test_the_benchmarks_take_every_race_of_every_game_from_the_registry() -> None:
    bench = _script("bench_engine")
    cases = bench.cases()  # type: ignore[attr-defined]
    assert [ruleset for ruleset, _ in cases] == list(all_races())
    for ruleset, players in cases:
        race = all_races()[ruleset]
        assert race.min_players <= players <= race.max_players, (ruleset, players)


@pytest.mark.parametrize("game", list(all_games()))
def test_a_games_checks_name_its_own_races_and_bots(game: str) -> None:
    rules = all_games()[game]
    checks = checks_of(rules)
    assert isinstance(checks, Checks)
    assert set(checks.players) <= set(rules.RACES) and set(checks.bounds) <= set(rules.RACES)
    assert checks.slow_bots <= set(rules.BOTS) and set(rules.BOTS) - checks.slow_bots or not rules.BOTS
    assert all(bound > 0 for bound in checks.bounds.values())
    assert checks_of(object()) == Checks()
    if checks.site_example:  # a page of the game's and one of its worked examples (ex-<its file's name>)
        page, example = checks.site_example
        assert (ROOT / "docs" / game / page.rstrip("/")).with_suffix(".md").is_file(), page
        assert (ROOT / "docs" / game / "examples" / example.removeprefix("ex-")).with_suffix(".yml").is_file(), example


def test_the_site_benchmark_times_an_example_a_game_names() -> None:
    bench = _script("bench_site")
    named = next(f"{game}/{c.site_example[0]}" for game, rules in all_games().items()
                 if (c := checks_of(rules)).site_example)
    assert bench.RULES == named and bench.EXAMPLE.startswith("ex-")  # type: ignore[attr-defined]
