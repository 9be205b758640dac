"""Markup every game's drawings share."""

from __future__ import annotations


def defs(inner: str) -> str:
    """A page's shared drawings, in an SVG of their own that shows nothing."""
    return f'<svg class="px-defs" aria-hidden="true" focusable="false">{inner}</svg>'
