"""The Jeu du Veldiv's material: track, articles, the six races and the boxes."""

from __future__ import annotations

from dataclasses import dataclass

from ..core import typeset_words

TRACK_SQUARES = 48
START_LINE = 48
ELIMINATION_KINDS = ("elimination", "cagnotte")  # the races where a rider across the line waits for the lap's end

# Every citable part of the 1932 rulebook, in the book's order.
ARTICLES: tuple[str, ...] = tuple(f"veldiv:art-{n}" for n in range(1, 11)) + (
    "veldiv:individuelle",
    "veldiv:americaine",
    "veldiv:poursuite-individuelle",
    "veldiv:poursuite-equipe",
    "veldiv:eliminatoire",
    "veldiv:cagnotte",
)


@dataclass(frozen=True)
class Race:
    id: str
    article: str
    name: dict[str, str]
    kind: str  # "points", "pursuit", "elimination" or "cagnotte"
    team: bool
    min_players: int
    max_players: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", typeset_words(self.name))  # as a page shows it (core.typeset)

    @property
    def riders_per_player(self) -> int:
        return 2 if self.team else 1

    def start_squares(self, players: int) -> list[int]:
        """Pursuits spread the players evenly (seat k on the k-th square); others start on 48."""
        if self.kind != "pursuit":
            return [START_LINE] * players
        gap = TRACK_SQUARES // players
        return [gap * (k + 1) for k in range(players)]

    def six_counts(self, players: int) -> int:
        """A six counts twelve (Art. 1, 4), but six in a four-player pursuit."""
        return 6 if self.kind == "pursuit" and players == 4 else 12


RACES: dict[str, Race] = {
    race.id: race
    for race in (
        Race("veldiv.individuelle", "veldiv:individuelle",
             {"fr": "Course individuelle", "en": "Individual race"}, "points", False, 2, 12),
        Race("veldiv.americaine", "veldiv:americaine",
             {"fr": "Course par équipe (américaine)", "en": "Team race (Madison)"}, "points", True, 2, 6),
        Race("veldiv.poursuite-individuelle", "veldiv:poursuite-individuelle",
             {"fr": "Poursuite individuelle", "en": "Individual pursuit"}, "pursuit", False, 2, 4),
        Race("veldiv.poursuite-equipe", "veldiv:poursuite-equipe",
             {"fr": "Poursuite par équipe", "en": "Team pursuit"}, "pursuit", True, 2, 4),
        Race("veldiv.eliminatoire", "veldiv:eliminatoire",
             {"fr": "Course éliminatoire", "en": "Elimination race"}, "elimination", False, 2, 12),
        Race("veldiv.cagnotte", "veldiv:cagnotte",
             {"fr": "Course spéciale La Cagnotte", "en": "The Kitty, a special race"}, "cagnotte", False, 2, 12),
    )
}

_BOX_ZERO = ("veldiv.individuelle", "veldiv.cagnotte", "veldiv.eliminatoire", "veldiv.poursuite-individuelle")
_ALL = tuple(RACES)

# Which races the rules in each numbered box describe (collector's page, seeds/000).
BOXES: dict[str, tuple[str, ...]] = {"no0": _BOX_ZERO, "no1": _ALL, "no2": _ALL, "no3": _ALL}
