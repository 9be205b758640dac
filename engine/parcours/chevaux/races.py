"""The wooden horse race: two tracks, six horses a player, one die, traps. The board is a reconstruction."""

from __future__ import annotations

from ..interface import Race
from .terms import TERMS

# The rules say neither how many holes a track has nor where the traps are: this layout is our
# reconstruction, kept as data; a scenario may replace it (setup.board).
DEFAULT_BOARD: dict[str, object] = {"holes": 20, "up": 10, "traps": [5, 9, 13, 17]}
HORSES = 6

ARTICLES: tuple[str, ...] = (
    "chevaux:mise-en-place",  # each on an own track; the youngest starts
    "chevaux:deplacement",    # throw, advance that many holes; the first entry
    "chevaux:un-cheval",      # one horse at a time
    "chevaux:pieges",         # a horse ending its move in a trap is out
    "chevaux:fin",            # exact count to FINISH; six horses lost, the game is lost
    "chevaux:variante",       # legs: one point an arrival, first to three
)


RACES: dict[str, Race] = {
    r.id: r for r in (
        Race("chevaux.course", "chevaux:fin",
             {"fr": TERMS.name("game", "fr").capitalize(), "en": TERMS.name("game", "en").capitalize()}, 2, 2),
        Race("chevaux.trois-points", "chevaux:variante",
             {"fr": "Course en manches, trois points", "en": "Race in legs, three points"}, 2, 2),
    )
}
