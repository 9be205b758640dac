"""Sentences in French and English, rendered from events by each game's own narrator."""

from __future__ import annotations

from .core import Event, plural
from .games import game_of_cite

LANGS = ("fr", "en")
__all__ = ["LANGS", "article_label", "plural", "sentence"]


def sentence(event: Event, lang: str = "en", team: bool = False) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    return game_of_cite(event.cite).sentence(event, lang, team)


def article_label(cite: str, lang: str) -> str:
    """'veldiv:art-3' -> 'Art. 3': how a page names the article an event cites."""
    return game_of_cite(cite).article_label(cite, lang)
