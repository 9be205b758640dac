"""Which drawing shows a position: one board renderer per game."""

from __future__ import annotations

from typing import Any

from parcours import all_races

from .track import riders_svg


def board_svg(ruleset: str, position: dict[str, Any], label: str) -> str:
    game = ruleset.split(".", 1)[0]
    if game == "veldiv":
        return riders_svg(position["riders"], all_races()[ruleset].team, label)
    raise ValueError(f"no board drawing for {ruleset}")
