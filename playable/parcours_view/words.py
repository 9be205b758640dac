"""A text in both languages, as the views write it: French, then English, each marked with its
language and the separator marked too (the worker's HTML never passes the build's hook), so that a
reader who chose one language sees only it (parcours.css)."""

from __future__ import annotations

from html import escape

from parcours.core import typeset


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
