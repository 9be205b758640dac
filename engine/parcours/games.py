"""The registry: the games the engine knows, each a package providing `GameRules` (interface.py)."""

from __future__ import annotations

from typing import Any

from . import cdp, chevaux, ronde, veldiv
from .core import ScenarioError, quoted
from .interface import GameRules, RaceInfo
from .options import CONFIDENCE, OptionValue

_GAMES: dict[str, GameRules] = {"veldiv": veldiv, "cdp": cdp, "chevaux": chevaux, "ronde": ronde}


def all_games() -> dict[str, GameRules]:
    return dict(_GAMES)


def game_of(ruleset: object) -> GameRules:
    """The game a ruleset id belongs to ('veldiv.individuelle' -> the Veldiv)."""
    if isinstance(ruleset, str):
        game = _GAMES.get(ruleset.split(".", 1)[0])
        if game is not None and ruleset in game.RACES:
            return game
    known = ", ".join(r for g in _GAMES.values() for r in g.RACES)
    raise ScenarioError("ruleset", f"unknown ruleset {quoted(ruleset, 'en')} (known: {known})",
                        fr=f"course inconnue : {quoted(ruleset, 'fr')} (connues : {known})")


def game_of_cite(cite: str) -> GameRules:
    return _GAMES[cite.split(":", 1)[0]]


def all_races() -> dict[str, RaceInfo]:
    return {rid: race for game in _GAMES.values() for rid, race in game.RACES.items()}


def default_options(ruleset: str) -> dict[str, OptionValue]:
    game = game_of(ruleset)
    return {oid: game.OPTIONS[oid].default for oid, races in game.APPLIES.items() if ruleset in races}


def describe(ruleset: str) -> dict[str, Any]:
    """What a page needs to know of a race, as JSON, every word in both languages: its name, its
    players and their colours, its readings (each value with its label and sentence), its bots (and
    their names in words)."""
    game = game_of(ruleset)
    race = game.RACES[ruleset]
    return {
        "ruleset": ruleset, "game": game.GAME, "article": race.article, "name": race.name,
        "players": [race.min_players, race.max_players], "team": race.team,
        "decisions": game.DECISIONS, "shuffles": game.SHUFFLES, "bots": list(game.BOTS),
        "bot_names": {bot: dict(game.BOT_NAMES[bot]) for bot in game.BOTS},
        "seat_colours": list(game.SEAT_COLOURS),
        "options": [game.OPTIONS[oid].to_json() for oid, races in game.APPLIES.items() if ruleset in races],
        "confidence": CONFIDENCE,
    }


def register(game: GameRules) -> None:
    """A game added at run time, as its line in _GAMES would add it (tests/fifth: a game known only to the
    test that builds the site with it)."""
    if game.GAME in _GAMES:
        raise ValueError(f"a game {game.GAME!r} is already registered")
    _GAMES[game.GAME] = game


def unregister(game: str) -> None:
    """A game registered at run time forgotten again."""
    del _GAMES[game]
