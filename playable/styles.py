"""Each game's own styles, gathered from the registry into the site's stylesheet.

A game's view keeps the styles only it needs (its board's classes, its figures') in a stylesheet
beside its module, of the module's name: `playable/parcours_view/ronde.py` -> `ronde.css`. The build
adds every registered view's stylesheet, in the registry's order, at the end of the site's own
(`parcours/parcours.css`, playable/ship.py), so a page loads one stylesheet, the release names it by
its content as before (playable/release.py: a game's style changed is a new URL) and the service
worker keeps it (playable/offline.py). Last, a game's rule wins over an equally specific rule of the
site's own. Not shipped in the engine's wheel: the browser's Python never needs them."""

from __future__ import annotations

from pathlib import Path

from parcours_view.registry import VIEWS

SITE_STYLESHEET = "parcours/parcours.css"  # where the games' styles go, under the assets


def stylesheet_of(view: object) -> Path | None:
    """The stylesheet beside a view's module (`ronde.py` -> `ronde.css`), None for a view with none."""
    module = getattr(view, "__file__", None)
    if not isinstance(module, str):
        return None
    path = Path(module).with_suffix(".css")
    return path if path.is_file() else None


def game_styles() -> str:
    """Every registered view's own stylesheet, in the registry's order, each under a comment naming it."""
    parts = []
    for game, view in VIEWS.items():
        path = stylesheet_of(view)
        if path is not None:
            parts.append(f"\n/* {game}: {path.name} (playable/styles.py) */\n" + path.read_text(encoding="utf-8"))
    return "".join(parts)


def added_styles() -> dict[str, str]:
    """What playable/ship.py adds to the assets it ships: the games' styles, at the end of the site's."""
    return {SITE_STYLESHEET: game_styles()}
