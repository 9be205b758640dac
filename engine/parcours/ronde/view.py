"""What a position shows: public facts for everyone, and each hand for its own player only."""

from __future__ import annotations

from typing import Any

from . import cards as C
from .state import State
from .turns import ranking


def observe(race: State, seat: int | None = None) -> dict[str, Any]:
    """The position as JSON. seat=None: every hand (the narrator's view); seat=N: player N's own
    hand, the others' only counted (`riders[i].cards`)."""
    kinds = race.kinds
    return {
        "ruleset": race.ruleset, "finished": race.finished,
        "winner": race.arrivals[0] if race.arrivals else None,
        "ranking": ranking(race) if race.finished else [],
        "turn": None if race.finished else race.turn,
        "level": race.level, "peloton": race.peloton, "peloton_closed": race.peloton_closed,
        "riders": [{"seat": r.seat, "at": r.at, "skip": r.skip, "behind": r.behind, "finished": r.finished,
                    "cards": len(r.hand), "lying": [kinds[c] for c in r.lying]} for r in race.riders],
        "hands": [sorted(kinds[c] for c in r.hand) if seat is None or r.seat == seat else []
                  for r in race.riders],
        "piles": {"draw": len(race.draw), "discard": [kinds[c] for c in race.discard[-3:]],
                  "discard_size": len(race.discard), "peloton_draw": len(race.peloton_draw),
                  "peloton_discard": [kinds[c] for c in race.peloton_discard[-3:]]},
        "course": race.course.data,
        "families": {k: C.family(k) for k in sorted(set(kinds))},
    }
