"""The Jeu du Veldiv's view: its 48-square oval, riders (a team's second rider marked), in words."""

from __future__ import annotations

from typing import Any

from parcours import Game, all_races
from parcours.veldiv import START_LINE, TRACK_SQUARES

from .interface import Assessment
from .track import Oval, colour, defs

GAME = "veldiv"
NAMED_DICE = False
ASKED_OF_HOLDERS: frozenset[str] = frozenset()

TRACK = Oval("px-veldiv-track", TRACK_SQUARES, START_LINE)


def symbols() -> str:
    return defs(TRACK.symbol())


def board_svg(position: dict[str, Any], label: str) -> str:
    team = all_races()[position["ruleset"]].team
    pieces = [(r["square"], f"{seat + 1}{'ab'[i] if team else ''}", colour(seat),
               "px-rider px-b" if team and i == 1 else "px-rider")
              for seat, riders in enumerate(position["riders"]) for i, r in enumerate(riders)
              if isinstance(r["square"], int)]
    return TRACK.board(pieces, label)


def board_label(position: dict[str, Any], lang: str) -> str:
    fr = lang == "fr"
    parts = []
    for seat, riders in enumerate(position["riders"]):
        squares = [str(r["square"]) if r["square"] is not None else "—" for r in riders]
        joined = (" et " if fr else " and ").join(squares)
        parts.append(f"joueur {seat + 1} : case {joined}" if fr else f"player {seat + 1}: square {joined}")
    return (" ; " if fr else "; ").join(parts)  # French puts a space before the semicolon


def assess(game: Game) -> Assessment | None:
    return None  # not solved
