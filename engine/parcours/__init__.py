"""Parcours: the rules engine of the historical dice race games on the Parcours site.

Pure Python, standard library only. `replay(scenario)` plays a scenario out;
`Game` steps a race throw by throw; every event cites the article behind it.
"""

from .core import Dice, Event, Need, ScenarioError
from .games import all_games, all_races, default_options, describe, game_of
from .interface import GameRules, RaceInfo
from .narrate import sentence
from .scenario import Game, Scenario, loads, parse, play, replay

__all__ = [
    "Dice", "Event", "Game", "GameRules", "Need", "RaceInfo", "Scenario", "ScenarioError", "all_games", "all_races",
    "default_options", "describe", "game_of", "loads", "parse", "play", "replay", "sentence",
]
__version__ = "0.1.0"
