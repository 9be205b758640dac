"""A game's live figures: a figure the reader recomputes in the browser from a form (the worker's "figure"
request, live.mjs), answered by the game's view through the registry, so that neither the worker nor the
page's script names a game. A view lists its live figures in its optional `LIVE` (interface.py)."""

from __future__ import annotations

import json
from typing import Any

from parcours import ScenarioError
from parcours.core import refusal
from parcours.scenario import loads_json

from .interface import live_figures
from .registry import VIEWS


def figure_json(request_json: str) -> str:
    """For the browser's worker: {"game", "name", "input"} as JSON in; the figure's answer out, as JSON:
    {"html", "said": {en, fr}} (the figure, and what the form's status says of it), or {"error": {en, fr}}."""
    try:
        return json.dumps(_answer(loads_json(request_json, "request")), ensure_ascii=False)
    except (ScenarioError, ValueError) as err:
        return json.dumps({"error": refusal(err)}, ensure_ascii=False)


def _answer(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict):
        raise ScenarioError("request", "expected an object", fr="attendu : un objet")
    game, name = request.get("game"), request.get("name")
    view = VIEWS.get(game) if isinstance(game, str) else None
    if view is None:
        raise ScenarioError("request.game", f"no such game (known: {', '.join(VIEWS)})",
                            fr=f"jeu inconnu (connus : {', '.join(VIEWS)})")
    figures = live_figures(view)
    if not isinstance(name, str) or name not in figures:
        raise ScenarioError("request.name", f"no such live figure of this game (known: {', '.join(figures)})",
                            fr=f"ce jeu n'a pas de tel chiffre à recalculer (connus : {', '.join(figures)})")
    return figures[name](request.get("input"))
