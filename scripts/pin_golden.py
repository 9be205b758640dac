"""Pin each golden scenario's outcome (tests/golden/scenarios.json → tests/golden/outcomes.json): its
ranking, its number of steps and a fingerprint of its whole result (every event, every position).

The golden scenarios feed the fast path's and Pyodide's comparisons with the engine; pinned, a change
that alters both sides alike no longer passes unseen (tests/test_golden.py). After a change to the
rules that is meant to change an outcome, check the new races, then pin again:

    .venv/bin/python scripts/pin_golden.py
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

from parcours.scenario import parse, play, result

SCENARIOS = ROOT / "tests" / "golden" / "scenarios.json"
OUTCOMES = ROOT / "tests" / "golden" / "outcomes.json"


def outcome(scenario: dict[str, Any]) -> dict[str, Any]:
    """What a golden scenario comes to: its ranking, its steps, and its whole result's SHA-256."""
    game, dice, unused = play(parse(scenario))
    whole = result(game, dice, unused)
    text = json.dumps(whole, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return {"ruleset": scenario["ruleset"], "finished": whole["finished"], "ranking": whole["ranking"],
            "steps": len(game.steps), "sha256": hashlib.sha256(text.encode()).hexdigest()}


def outcomes() -> list[dict[str, Any]]:
    return [outcome(s) for s in json.loads(SCENARIOS.read_text(encoding="utf-8"))]


def main() -> None:
    OUTCOMES.write_text(json.dumps(outcomes(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{OUTCOMES.relative_to(ROOT)}: {len(outcomes())} outcomes pinned")


if __name__ == "__main__":
    main()
