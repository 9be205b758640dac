"""Which drawing shows a position: each game's view (registry.py) draws its own board."""

from __future__ import annotations

from typing import Any

from parcours.core import typeset

from .registry import VIEWS, view_of


def symbols(game: str) -> str:
    """The shared drawings a page about this game needs, once per page."""
    return VIEWS[game].symbols()


def board_svg(ruleset: str, position: dict[str, Any], label: str) -> str:
    return view_of(ruleset).board_svg(position, label)


def board_label(position: dict[str, Any], lang: str) -> str:
    """The position in words, for screen readers and the caption, typeset as its language sets it."""
    return typeset(view_of(position["ruleset"]).board_label(position, lang), lang)


def accessible_name(labels: dict[str, str]) -> str:
    """A board's aria-label: the position in French, then in English, as its caption says it."""
    return f"{labels['fr']} · {labels['en']}"
