"""The Jeu du Veldiv, Edition H.B., France, 1932."""

from .interpretations import APPLIES, OPTIONS
from .races import ARTICLES, BOXES, RACES, START_LINE, TRACK_SQUARES, Race
from .rules import dice_needed, play_throw, settle_setup
from .state import Player, Rider, State
from . import setup

__all__ = [
    "APPLIES", "ARTICLES", "setup", "BOXES", "OPTIONS", "RACES", "START_LINE", "TRACK_SQUARES",
    "Player", "Race", "Rider", "State", "dice_needed", "play_throw", "settle_setup",
]
