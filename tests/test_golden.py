"""The golden scenarios (tests/golden/scenarios.json) come to their pinned outcomes (outcomes.json, written
by scripts/pin_golden.py): the fast path and Pyodide are compared with the engine on them
(test_fast_path.py, test_pyodide_parity.py), and this pins the engine itself, so that a change that
alters both sides alike is seen."""

from __future__ import annotations

import json
from typing import Any

import pytest

from browser_support import load_script

pin = load_script("pin_golden")
PINNED: list[dict[str, Any]] = json.loads(pin.OUTCOMES.read_text(encoding="utf-8"))
SCENARIOS: list[dict[str, Any]] = json.loads(pin.SCENARIOS.read_text(encoding="utf-8"))


def test_every_golden_scenario_has_its_outcome_pinned() -> None:
    assert [p["ruleset"] for p in PINNED] == [s["ruleset"] for s in SCENARIOS], \
        "run .venv/bin/python scripts/pin_golden.py"


@pytest.mark.parametrize("index", range(len(SCENARIOS)), ids=[f"{k}-{s['ruleset']}" for k, s in enumerate(SCENARIOS)])
def test_a_golden_scenario_comes_to_its_pinned_outcome(index: int) -> None:
    assert pin.outcome(SCENARIOS[index]) == PINNED[index], (
        "the engine plays this golden scenario otherwise: if the rules were meant to change, check the race "
        "(parcours replay), then run .venv/bin/python scripts/pin_golden.py")
