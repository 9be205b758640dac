"""What each reading changes: the data the rules pages print beside every note that names an option.

For every option of a game and every race it applies to, `parcours compare` plays the same races under
each value (common random numbers, the seed below) and the record of `report.impact` is kept, with
the record of its first CHECK races so that a test can replay a sample quickly and find the very same
figures and words. The pages read these files (docs/<game>/impact.json); nothing is computed at build
time. Regenerate after a change to a game's rules or to the words of its figures: the file carries the
fingerprint of the rules and words that made it (playable/freshness.py), and the build fails until then:

    .venv/bin/python scripts/reading_impact.py                 # every game (about 15 min on one core)
    .venv/bin/python scripts/reading_impact.py --game chevaux  # one game
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from parcours import all_races, game_of
from parcours.report import impact
from parcours.stats import compare

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # playable, the repository's

from playable.freshness import impact_fingerprint

DOCS = REPO / "docs"
SEED = 1932
CHECK = 20  # the races a test replays of every record
RACES = {"veldiv": 4000, "cdp": 4000, "chevaux": 4000, "ronde": 1000}  # a value; the Ronde is slower


def players_for(ruleset: str) -> int:
    race = all_races()[ruleset]
    return max(race.min_players, min(4, race.max_players))


def record(ruleset: str, option: str, races: int) -> dict[str, Any]:
    players = players_for(ruleset)
    full = impact(compare(ruleset, players, option, races, SEED))
    return full | {"check": impact(compare(ruleset, players, option, CHECK, SEED))}


def game_records(game: str) -> dict[str, Any]:
    rulesets = sorted(r for r in all_races() if r.startswith(game + "."))
    rules = game_of(rulesets[0])
    options: dict[str, list[dict[str, Any]]] = {}
    for option, applies in rules.APPLIES.items():
        for ruleset in (r for r in rulesets if r in applies):
            started = time.perf_counter()
            options.setdefault(option, []).append(record(ruleset, option, RACES[game]))
            print(f"{ruleset:<30} {option:<28} {time.perf_counter() - started:6.1f} s", file=sys.stderr, flush=True)
    return {"generator": "scripts/reading_impact.py", "seed": SEED, "check": CHECK, "options": options,
            "fingerprint": impact_fingerprint(options)}


def path_of(game: str) -> Path:
    return DOCS / game / "impact.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(RACES), help="only these games (default: all)")
    args = parser.parse_args()
    for game in args.game or sorted(RACES):
        data = game_records(game)
        path_of(game).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path_of(game).relative_to(DOCS.parent)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
