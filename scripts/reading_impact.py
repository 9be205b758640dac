"""What each reading changes: the data the rules pages print beside every note that names an option.

For every option of a game and every race it applies to, `parcours compare` plays the same races under
each value (common random numbers, the seed below), until every win share and every difference of a
win share from the default is known to ±0.5 points (the Ronde's to ±1; playable/measuring.py: the
players and the precision), and the record of `report.impact` is kept, with the record of its first
CHECK races so that a test can replay a sample quickly and find the very same figures and words. The
pages read these files (docs/<game>/impact.json); nothing is played at build time (the exact figures
of the horse race and Velocità are computed there). Regenerate after a change to a game's rules or to
the words of its figures: the file carries the fingerprint of the rules and words that made it
(playable/freshness.py), and the build fails until then:

    .venv/bin/python scripts/reading_impact.py                 # every game, on every core (make numbers)
    .venv/bin/python scripts/reading_impact.py --game chevaux  # one game
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from parcours import all_games, all_races, game_of
from parcours.report import impact
from parcours.stats import comparing, comparison_half_width, play_until

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # playable, the repository's

from playable.freshness import impact_fingerprint
from playable.measuring import BATCH, MOST, bots_for, in_parallel, players_for, target_for, timed

DOCS = REPO / "docs"
SEED = 1932
CHECK = 20  # the races a test replays of every record
GAMES = tuple(all_games())  # the registry's (the jobs of all of them share the cores)


def compared(ruleset: str, option: str, races: int | None = None) -> dict[str, Any]:
    """Every value of the option against the default: `races` races, or as many as the precision asks."""
    comparison, play = comparing(ruleset, players_for(ruleset), option, races or MOST, SEED, bots=bots_for(ruleset))
    if races is None:
        play_until(play, lambda: comparison_half_width(comparison), target_for(ruleset, True), BATCH, MOST)
    else:
        for i in range(races):
            play(i)
    return impact(comparison)


def record(job: tuple[str, str]) -> dict[str, Any]:
    ruleset, option = job
    return compared(ruleset, option) | {"target": target_for(ruleset, True), "check": compared(ruleset, option, CHECK)}


def game_records(games: list[str]) -> dict[str, dict[str, Any]]:
    """Each game's file, its comparisons played on every core."""
    jobs = []
    for game in games:
        rulesets = sorted(r for r in all_races() if r.startswith(game + "."))
        for option, applies in game_of(rulesets[0]).APPLIES.items():
            jobs += [(ruleset, option) for ruleset in rulesets if ruleset in applies]
    records = dict(zip(jobs, in_parallel(record, jobs)))
    files = {}
    for game in games:
        options: dict[str, list[dict[str, Any]]] = {}
        for (ruleset, option), found in records.items():
            if ruleset.startswith(game + "."):
                options.setdefault(option, []).append(found)
        files[game] = {"generator": "scripts/reading_impact.py", "seed": SEED, "check": CHECK, "options": options,
                       "fingerprint": impact_fingerprint(options)}
    return files


def path_of(game: str) -> Path:
    return DOCS / game / "impact.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="only these games (default: all)")
    args = parser.parse_args()
    games = [g for g in GAMES if g in (args.game or GAMES)]
    for game, data in timed("reading_impact.py", lambda: game_records(games)).items():
        path_of(game).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path_of(game).relative_to(DOCS.parent)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
