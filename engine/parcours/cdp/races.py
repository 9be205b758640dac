"""Corriere dei Piccoli, 6 September 1964, rules by G. Crepax: Velocità and Mezzo fondo a motore."""

from __future__ import annotations

from ..interface import Race
from .terms import TERMS

# The text gives a 30-square track and a red and a yellow line, without saying where the lines are:
# our reconstruction, kept as data; a scenario may replace it (setup.track).
TRACK_SQUARES = 30
DEFAULT_TRACK: dict[str, int] = {"squares": 30, "red_line": 30, "yellow_line": 20}

ARTICLES: tuple[str, ...] = (
    "cdp:velocita-depart",      # two riders on one square, one lap; first by lot
    "cdp:velocita-ordre",       # the rider ahead throws first; level: the first plays second
    "cdp:velocita-pair-impair", # even: the full number; odd: any number up to it, even none
    "cdp:velocita-sprint",      # the second rider may launch the sprint: every number doubled
    "cdp:velocita-arrivee",     # furthest past the line once the turn is complete; a tie, an extra turn
    "cdp:mezzofondo-depart",    # laps agreed; riders in a row behind the red line, dernys behind the yellow
    "cdp:mezzofondo-phase-1",   # dernys alone, one throw; the player ahead moves first
    "cdp:mezzofondo-phase-2",   # a derny past its rider waits; the rider throws to couple
    "cdp:mezzofondo-phase-3",   # coupled: derny two throws (or less), rider one throw + 7 (or less)
    "cdp:mezzofondo-arrivee",   # a team must cross the line coupled
)


RACES: dict[str, Race] = {
    r.id: r for r in (
        Race("cdp.velocita", "cdp:velocita-arrivee",
             {"fr": f"Vitesse ({TERMS.name('velocita', 'fr')})", "en": f"Sprint ({TERMS.name('velocita', 'en')})"},
             2, 2),
        Race("cdp.mezzofondo", "cdp:mezzofondo-arrivee",
             {"fr": f"Demi-fond derrière derny ({TERMS.name('mezzofondo', 'fr')} a motore)",
              "en": f"Motor-paced race ({TERMS.name('mezzofondo', 'en')} a motore)"},
             2, 9),
    )
}
