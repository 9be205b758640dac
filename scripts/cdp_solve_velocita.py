"""Velocità solved under its default readings and under the readings of every published Velocità example,
written into the engine's package for the browser to read instead of solving (about a second in Pyodide,
before an example's first live step):

    .venv/bin/python scripts/cdp_solve_velocita.py     # writes engine/parcours/cdp/velocita_solved.json

Run it again after a change to Velocità's rules, its default readings or the examples' readings
(tests/test_velocita_values.py fails until then: it solves each afresh and compares every value). The
file carries the fingerprint of the rules it was solved under (playable/freshness.py: seeded races under
each of its readings): the build fails, naming this command, once Velocità plays otherwise."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from parcours.cdp.velocita_solver import SOLVED, Solution
from parcours.games import default_options

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # playable, the repository's

from playable.freshness import engine_fingerprint

EXAMPLES = REPO / "docs" / "cdp" / "examples"
RULESET = "cdp.velocita"
SEED = 1964  # the fingerprint's races


def readings() -> list[dict[str, Any]]:
    """The defaults, then each other set of readings a published Velocità example plays under."""
    import yaml  # the examples' format (a dev requirement)

    defaults = default_options(RULESET)
    found = [defaults]
    for path in sorted(EXAMPLES.glob("*.yml")):
        scenario = yaml.safe_load(path.read_text(encoding="utf-8")).get("scenario") or {}
        if scenario.get("ruleset") == RULESET:
            options = defaults | (scenario.get("options") or {})
            if all(_key(options) != _key(seen) for seen in found):
                found.append(options)
    return [{k: v for k, v in o.items() if k != "cdp.lot"} for o in found]


def _key(options: dict[str, Any]) -> list[tuple[str, Any]]:
    return sorted((k, v) for k, v in options.items() if k != "cdp.lot")


def main() -> int:
    solutions = []
    for options in readings():
        solved = Solution(options)
        solutions.append({"options": options, "values": [solved.turn[k] for k in solved.turn_starts()]})
    played = [default_options(RULESET) | s["options"] for s in solutions]
    data = {"generator": "scripts/cdp_solve_velocita.py", "solutions": solutions,
            "fingerprint": engine_fingerprint(RULESET, 2, SEED, played)}
    SOLVED.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {SOLVED} ({len(solutions)} solutions)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
