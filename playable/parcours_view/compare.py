"""A comparison a reader asks for in the page, beside a reading's note: `parcours compare` for another
race, number of players or count of races, played in the worker a few races per request, so that the
page shows how far it has come, stays responsive and can stop it (each request well inside the page's
watchdog). The result is the same HTML as the rules pages' own (readings.py).

Requests (JSON text): {"start": {"ruleset", "players", "option", "races", "seed"}} -> {"run", "total"};
{"run", "step": n} -> {"done", "total"}, then with the last races {"html"}; {"run", "stop": true}.
A refusal comes as {"error": {"en", "fr"}}.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from typing import Any

from parcours import ScenarioError, all_races
from parcours.core import is_whole, quoted, refusal
from parcours.report import impact
from parcours.scenario import loads_json
from parcours.stats import Comparison, comparing

from .readings import impact_html

MOST_RACES = 20_000
STEP = 200  # races at most per request
TITLE = {"fr": "Votre comparaison", "en": "Your comparison"}

_runs: dict[int, tuple[Comparison, Callable[[int], None], int]] = {}  # run -> comparison, play, races done
_ids = itertools.count(1)


def compare_json(request_json: str) -> str:
    try:
        return json.dumps(_answer(loads_json(request_json, "request")), ensure_ascii=False)
    except (ScenarioError, ValueError) as err:
        return json.dumps({"error": refusal(err)}, ensure_ascii=False)


def _answer(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict):
        raise ScenarioError("request", "expected an object", fr="attendu : un objet")
    if "start" in request:
        return _start(request["start"])
    run = request.get("run")
    if not is_whole(run) or run not in _runs:
        raise ScenarioError("run", "no such comparison (it ended or was stopped)",
                            fr="aucune comparaison de ce numéro (finie ou arrêtée)")
    if request.get("stop"):
        del _runs[run]
        return {"stopped": True}
    return _step(run, request.get("step", STEP))


def _whole(value: Any, where: str, low: int, high: int) -> int:
    if not is_whole(value) or not low <= value <= high:
        en, fr = (str(low), str(low)) if low == high else (f"a whole number from {low} to {high}",
                                                             f"un nombre entier de {low} à {high}")
        raise ScenarioError(where, f"expected {en}, got {quoted(value, 'en')}",
                            fr=f"attendu : {fr}, reçu {quoted(value, 'fr')}")
    return int(value)


def _start(ask: Any) -> dict[str, Any]:
    if not isinstance(ask, dict):
        raise ScenarioError("start", "expected an object", fr="attendu : un objet")
    ruleset = ask.get("ruleset")
    if ruleset not in all_races():
        raise ScenarioError("ruleset", f"unknown race {quoted(ruleset, 'en')}",
                            fr=f"course inconnue : {quoted(ruleset, 'fr')}")
    race = all_races()[ruleset]
    players = _whole(ask.get("players"), "players", race.min_players, race.max_players)
    races = _whole(ask.get("races"), "races", 1, MOST_RACES)
    seed = _whole(ask.get("seed", 1), "seed", 0, 2**31)
    comparison, play = comparing(ruleset, players, str(ask.get("option")), races, seed)
    run = next(_ids)
    _runs[run] = (comparison, play, 0)
    return {"run": run, "total": races}


def _step(run: int, count: Any) -> dict[str, Any]:
    comparison, play, done = _runs[run]
    total = comparison.stats[0].requested
    upto = min(total, done + _whole(count, "step", 1, STEP))
    for i in range(done, upto):
        play(i)
    if upto < total:
        _runs[run] = (comparison, play, upto)
        return {"done": upto, "total": total}
    del _runs[run]
    return {"done": total, "total": total, "html": impact_html([impact(comparison)], TITLE)}
