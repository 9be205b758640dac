"""Sentences in French and English, rendered from events by each game's own narrator."""

from __future__ import annotations

from .core import Event
from .games import game_of_cite

LANGS = ("fr", "en")


def sentence(event: Event, lang: str = "en", team: bool = False) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    return game_of_cite(event.cite).sentence(event, lang, team)


def article_label(cite: str, lang: str) -> str:
    """'veldiv:art-3' -> 'Art. 3': how a page names the article an event cites."""
    return game_of_cite(cite).article_label(cite, lang)


def plural(count: object, one: str, many: str, lang: str = "en") -> str:
    """A count with its noun agreeing: '1 lap', '0 laps', '2 laps'; in French 0 and 1 take the
    singular: '0 tour', '1 tour', '2 tours'. `one`/`many` may be phrases ('tour bouclé')."""
    n = count if isinstance(count, int) else int(str(count))
    single = n < 2 if lang == "fr" else n == 1
    return f"{n} {one if single else many}"
