"""Each game in numbers: the data of its numbers page (docs/<game>/numbers.json), from `parcours stats`.

For every race of a game, RACES[game] races under the default readings (the seed below; the players as
the Play page starts them): the win shares by seat, the length's distribution, the game's own figures
and where pieces stop. With each, the figures of its first CHECK races, which a test replays. Velocità is
played by the solved bot at both seats, so that its simulated shares stand beside the solved ones. The
file carries the fingerprint of the rules that made it (playable/freshness.py): the build fails, naming
this command, once the engine plays these races otherwise.

    .venv/bin/python scripts/game_numbers.py                 # every game (a few minutes on one core)
    .venv/bin/python scripts/game_numbers.py --game chevaux  # one game
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from parcours import all_races, default_options
from parcours.stats import run

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # playable, the repository's

from playable.freshness import numbers_fingerprint

DOCS = REPO / "docs"
SEED = 1964
CHECK = 20
RACES = {"veldiv": 10_000, "cdp": 10_000, "chevaux": 10_000, "ronde": 2_000}
BOTS = {"cdp.velocita": ["optimal", "optimal"]}  # the solved game's own play: its chances are exact


def players_for(ruleset: str) -> int:
    race = all_races()[ruleset]
    return max(race.min_players, min(4, race.max_players))


def measured(ruleset: str, races: int) -> dict[str, Any]:
    stats = run(ruleset, players_for(ruleset), races, SEED, default_options(ruleset), BOTS.get(ruleset, ()))
    return stats.to_json() | {"lengths": {str(t): n for t, n in sorted(stats.lengths.items())}}


def record(ruleset: str, races: int) -> dict[str, Any]:
    return measured(ruleset, races) | {"check": measured(ruleset, CHECK)}


def game_numbers(game: str) -> dict[str, Any]:
    races: dict[str, Any] = {}
    for ruleset in sorted(r for r in all_races() if r.startswith(game + ".")):
        started = time.perf_counter()
        races[ruleset] = record(ruleset, RACES[game])
        print(f"{ruleset:<30} {time.perf_counter() - started:6.1f} s", file=sys.stderr, flush=True)
    return {"generator": "scripts/game_numbers.py", "seed": SEED, "check": CHECK, "races": races,
            "fingerprint": numbers_fingerprint(races)}


def path_of(game: str) -> Path:
    return DOCS / game / "numbers.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(RACES), help="only these games (default: all)")
    args = parser.parse_args()
    for game in args.game or sorted(RACES):
        path_of(game).write_text(json.dumps(game_numbers(game), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path_of(game).relative_to(DOCS.parent)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())


