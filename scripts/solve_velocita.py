"""Velocità solved under its default readings, written into the engine's package for the browser to read
instead of solving it (seconds in Pyodide, before an example's first live step):

    .venv/bin/python scripts/solve_velocita.py     # writes engine/parcours/cdp/velocita_solved.json

Run it again after a change to Velocità's rules or to its default readings (tests/test_velocita_values.py
fails until then: it solves the game afresh and compares every value)."""

from __future__ import annotations

import json
import sys

from parcours.cdp.velocita_solver import SOLVED, Solution
from parcours.games import default_options


def main() -> int:
    options = {k: v for k, v in default_options("cdp.velocita").items() if k != "cdp.lot"}
    solved = Solution(options)
    data = {"options": options, "values": [solved.turn[k] for k in solved.turn_starts()]}
    SOLVED.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {SOLVED} ({len(data['values'])} turn values)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
