"""Each game in numbers: the data of its numbers page (docs/<game>/numbers.json), from `parcours stats`.

For every race of a game, races under the default readings (the seed below; the players as the Play
page starts them; the players and the precision of playable/measuring.py) until each seat's win share
is known to ±0.5 points (the Ronde's to ±1): the win shares by seat, the length's distribution, the
game's own figures and where pieces stop. With each, the figures of its first CHECK races, which a test
replays. The file carries the fingerprint of the rules that made it (playable/freshness.py): the build
fails, naming this command, once the engine plays these races otherwise.

    .venv/bin/python scripts/game_numbers.py                 # every game, on every core (make numbers)
    .venv/bin/python scripts/game_numbers.py --game chevaux  # one game
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from parcours import all_games, all_races, default_options
from parcours.stats import play_until, running, wins_half_width

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # playable, the repository's

from playable.freshness import numbers_fingerprint
from playable.measuring import BATCH, MOST, bots_for, in_parallel, players_for, target_for, timed

DOCS = REPO / "docs"
SEED = 1964
CHECK = 20
GAMES = tuple(all_games())  # the registry's (the jobs of all of them share the cores)


def measured(ruleset: str, races: int | None = None) -> dict[str, Any]:
    """Under the default readings: `races` races, or as many as the precision asks (None)."""
    stats, play = running(ruleset, players_for(ruleset), races or MOST, SEED, default_options(ruleset),
                          bots_for(ruleset))
    if races is None:
        play_until(play, lambda: wins_half_width(stats), target_for(ruleset), BATCH, MOST)
    else:
        for i in range(races):
            play(i)
    return stats.to_json() | {"lengths": {str(t): n for t, n in sorted(stats.lengths.items())}}


def record(ruleset: str) -> dict[str, Any]:
    return measured(ruleset) | {"target": target_for(ruleset), "check": measured(ruleset, CHECK)}


def game_numbers(games: list[str]) -> dict[str, dict[str, Any]]:
    """Each game's file, its races measured on every core."""
    rulesets = [r for game in games for r in sorted(all_races()) if r.startswith(game + ".")]
    records = dict(zip(rulesets, in_parallel(record, rulesets)))
    files = {}
    for game in games:
        races = {r: s for r, s in records.items() if r.startswith(game + ".")}
        files[game] = {"generator": "scripts/game_numbers.py", "seed": SEED, "check": CHECK, "races": races,
                       "fingerprint": numbers_fingerprint(races)}
    return files


def path_of(game: str) -> Path:
    return DOCS / game / "numbers.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="only these games (default: all)")
    args = parser.parse_args()
    games = [g for g in GAMES if g in (args.game or GAMES)]
    for game, data in timed("game_numbers.py", lambda: game_numbers(games)).items():
        path_of(game).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path_of(game).relative_to(DOCS.parent)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())


