"""Sentences in French and English, rendered from events by each game's own narrator, and a
decision's words (each game's own too), each typeset as its language sets it (core.typeset)."""

from __future__ import annotations

from typing import Any

from .core import Event, Need, plural, typeset, typeset_words
from .games import game_of_cite
from .interface import GameRules

LANGS = ("fr", "en")
__all__ = ["LANGS", "article_label", "choice_words", "plural", "question_words", "sentence"]


def sentence(event: Event, lang: str = "en", team: bool = False) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    return typeset(game_of_cite(event.cite).sentence(event, lang, team), lang)


def article_label(cite: str, lang: str) -> str:
    """'veldiv:art-3' -> 'Art. 3': how a page names the article an event cites."""
    return typeset(game_of_cite(cite).article_label(cite, lang), lang)


def choice_words(rules: GameRules, state: Any, need: Need) -> dict[str, dict[str, str]]:
    """A choice need's choices in words: each choice -> {"fr", "en"}."""
    return {choice: typeset_words(words) for choice, words in rules.choice_words(state, need).items()}


def question_words(rules: GameRules, state: Any, need: Need) -> dict[str, str]:
    """The question a choice need asks, in both languages."""
    return typeset_words(rules.question_words(state, need))
