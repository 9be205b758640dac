"""The fixture's data written by the repository's own scripts, as `make numbers` and pin_examples.py
write a game's: numbers.json, impact.json and each example's expect:, into tests/fifth/docs/escargots/.
The scripts learn the game as the copy's build does (fifth.register), and write under tests/fifth/docs/.

    .venv/bin/python tests/fifth/write_data.py
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path[:0] = [str(REPO / "tests"), str(REPO / "scripts")]
DOCS = HERE / "docs"


def main() -> int:
    import fifth

    fifth.register()  # before the scripts are imported: their --game choices are the registry's games
    game = fifth.escargots.GAME
    for name in ("game_numbers", "reading_impact"):
        script = importlib.import_module(name)
        vars(script)["DOCS"] = DOCS  # where it writes (its path_of)
        sys.argv = [name, "--game", game]
        if script.main() != 0:
            return 1
    sys.argv = ["pin_examples", *map(str, sorted((DOCS / game / "examples").glob("*.yml")))]
    return int(importlib.import_module("pin_examples").main())


if __name__ == "__main__":
    sys.exit(main())
