"""The games the engine knows, each a module with the same small interface (`GameRules`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from .core import Event, Need, ScenarioError
from .options import Option, OptionValue


class RaceInfo(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def article(self) -> str: ...
    @property
    def name(self) -> dict[str, str]: ...
    @property
    def team(self) -> bool: ...
    @property
    def min_players(self) -> int: ...
    @property
    def max_players(self) -> int: ...


@dataclass(frozen=True)
class Race:
    """A race of a game with no more to say about it than these (the Veldiv's races say more)."""

    id: str
    article: str  # the article that defines it
    name: dict[str, str]
    min_players: int
    max_players: int
    team: bool = False


class GameRules(Protocol):
    """What every game module provides (read-only attributes, then functions)."""

    @property
    def GAME(self) -> str: ...
    @property
    def DECISIONS(self) -> bool: ...  # does any race of this game ask players to decide anything?
    @property
    def BOTS(self) -> Mapping[str, Any]: ...  # bot name -> function(state, need, rng) -> choice
    @property
    def RACES(self) -> Mapping[str, RaceInfo]: ...
    @property
    def OPTIONS(self) -> Mapping[str, Option]: ...
    @property
    def APPLIES(self) -> Mapping[str, set[str]]: ...
    @property
    def ARTICLES(self) -> tuple[str, ...]: ...

    def new_state(self, ruleset: str, players: int, options: dict[str, OptionValue], setup: object, /) -> Any: ...
    def settle_setup(self, state: Any, /) -> list[Event]: ...
    def need(self, state: Any, /) -> Need | None: ...
    def play_throw(self, state: Any, dice: list[int], /) -> list[Event]: ...
    def play_choice(self, state: Any, choice: str, /) -> list[Event]: ...
    def public_position(self, state: Any, /) -> dict[str, Any]: ...
    def sentence(self, event: Event, lang: str, team: bool, /) -> str: ...
    def article_label(self, cite: str, lang: str, /) -> str: ...
    # A choice need in words, both languages: each choice -> {"fr", "en"}; the question it asks.
    # Raises for a choice the game has no words for (a bug: tests/test_labels.py meets them all).
    def choice_words(self, state: Any, need: Need, /) -> dict[str, dict[str, str]]: ...
    def question_words(self, state: Any, need: Need, /) -> dict[str, str]: ...


def _games() -> dict[str, GameRules]:
    from . import cdp, chevaux, ronde, veldiv

    return {"veldiv": veldiv, "cdp": cdp, "chevaux": chevaux, "ronde": ronde}


def all_games() -> dict[str, GameRules]:
    return _games()


def game_of(ruleset: object) -> GameRules:
    """The game a ruleset id belongs to ('veldiv.individuelle' -> the Veldiv)."""
    games = _games()
    if isinstance(ruleset, str):
        game = games.get(ruleset.split(".", 1)[0])
        if game is not None and ruleset in game.RACES:
            return game
    known = ", ".join(r for g in games.values() for r in g.RACES)
    raise ScenarioError("ruleset", f"unknown ruleset {ruleset!r} (known: {known})")


def game_of_cite(cite: str) -> GameRules:
    return _games()[cite.split(":", 1)[0]]


def all_races() -> dict[str, RaceInfo]:
    return {rid: race for game in _games().values() for rid, race in game.RACES.items()}


def default_options(ruleset: str) -> dict[str, OptionValue]:
    game = game_of(ruleset)
    return {oid: game.OPTIONS[oid].default for oid, races in game.APPLIES.items() if ruleset in races}
