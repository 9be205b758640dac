"""A text in both languages, as the views write it: French, then English, each marked with its
language and the separator marked too (the worker's HTML never passes the build's hook), so that a
reader who chose one language sees only it (parcours.css)."""

from __future__ import annotations

import re
from html import escape

from parcours.core import typeset

FIRST_TAG = re.compile(r"<[\w:-][^>]*?(/?>)")


def both(fr: str, en: str, tag: str = "span") -> str:
    """Markup (already escaped) in both languages, each typeset as it sets it (core.typeset); tag
    "tspan" inside an SVG <text>."""
    fr = typeset(fr, "fr")
    if fr == en:
        return fr
    return f'<{tag} lang="fr">{fr}</{tag}><{tag} class="px-sep"> · </{tag}><{tag} lang="en">{en}</{tag}>'


def both_text(fr: str, en: str, tag: str = "span") -> str:
    """Plain words in both languages, escaped here."""
    return both(escape(fr), escape(en), tag)


def label(fr: str, en: str) -> str:
    """Plain words in both languages where only text will do (an aria-label, an SVG <title>): the
    French typeset as it sets it (core.typeset), then the English; not escaped."""
    fr = typeset(fr, "fr")
    return fr if fr == en else f"{fr} · {en}"


def following(element: str, fr: str, en: str, attribute: str = "aria-label") -> str:
    """An element (markup) whose `attribute` lang.mjs keeps in the reader's language, both until it
    runs: its first tag gets, after its own attributes, the words of each language (data-px-fr,
    data-px-en, data-px-words), the French typeset. `attribute` "text": the element's own text."""
    words = (f'data-px-fr="{escape(typeset(fr, "fr"))}" data-px-en="{escape(en)}" '
             f'data-px-words="{attribute}"')
    tag = FIRST_TAG.match(element)  # its attributes' values escaped: the first > ends it
    if not tag:
        raise ValueError(f"not an element: {element[:40]!r}")
    return f"{element[:tag.start(1)]} {words}{element[tag.start(1):]}"
