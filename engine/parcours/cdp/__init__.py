"""Corriere dei Piccoli, 6 September 1964 (rules by G. Crepax): Velocità and Mezzo fondo a motore."""

from __future__ import annotations

from typing import Any

from ..core import Events, Need, events_into
from ..interface import Exact
from ..options import OptionValue
from . import mezzofondo, mezzofondo_bots, velocita, velocita_bots
from .checks import CHECKS
from .figures import FIGURES, tally
from .narrate import article_label, choice_words, question_words, sentence
from .options import APPLIES, OPTIONS
from .races import ARTICLES, DEFAULT_TRACK, RACES, TRACK_SQUARES
from .terms import TERMS

GAME = "cdp"
DECISIONS = True
SHUFFLES = False  # no cards
PRECISION = 0.005  # the site's measured shares: half a 95% interval, as a share (measuring.py)
# Who plays the site's measured races: the strongest players it has. Velocità's solved game at both
# seats (its figures then stand beside the exact ones), Mezzo fondo's look-ahead (it wins 58.8 % of
# two-rider races against the rule of thumb).
MEASURED_BY: dict[str, tuple[str, ...]] = {"cdp.velocita": ("optimal",) * 2, "cdp.mezzofondo": ("search",) * 4}
SEAT_COLOURS: tuple[dict[str, str], ...] = ()  # players are numbered


_RULES: dict[str, Any] = {"cdp.velocita": velocita, "cdp.mezzofondo": mezzofondo}


def _rules(state: Any) -> Any:
    return _RULES[state.ruleset]


def _bot(name: str) -> Any:
    def choose(state: Any, need: Need, rng: Any) -> str:
        table = velocita_bots.BOTS if state.ruleset == "cdp.velocita" else mezzofondo_bots.BOTS
        return table.get(name, table["search"])(state, need, rng)
    return choose


# the bots every race knows; Velocità also has "optimal" (the solved game), which Mezzo fondo
# answers with "search"
BOTS: dict[str, Any] = {name: _bot(name) for name in ("plain", "search", "optimal")}
BOT_NAMES: dict[str, dict[str, str]] = {
    "plain": {"fr": "Règle simple", "en": "Rule of thumb"},
    "search": {"fr": "Anticipation", "en": "Look-ahead"},
    "optimal": {"fr": "Jeu parfait", "en": "Perfect play"},
}


def new_state(ruleset: str, players: int, options: dict[str, OptionValue], setup: object = None) -> Any:
    if ruleset == "cdp.velocita":
        return velocita.new_state(ruleset, options, setup)
    return mezzofondo.new_state(ruleset, players, options, setup)


def settle_setup(state: Any, sink: Events | None = None) -> Events:
    return mezzofondo.start_events(state, sink) if state.ruleset == "cdp.mezzofondo" else events_into(sink)


def need(state: Any) -> Need | None:
    return _RULES[state.ruleset].need(state)  # type: ignore[no-any-return]  # _rules(state), spelt out: every step


def play_throw(state: Any, dice: list[int], sink: Events | None = None) -> Events:
    return _RULES[state.ruleset].play_throw(state, dice, sink)  # type: ignore[no-any-return]


def play_choice(state: Any, choice: str, sink: Events | None = None) -> Events:
    return _RULES[state.ruleset].play_choice(state, choice, sink)  # type: ignore[no-any-return]


def observe(state: Any, seat: int | None = None) -> dict[str, Any]:
    return _rules(state).observe(state, seat)  # type: ignore[no-any-return]


__all__ = [
    "APPLIES",
    "ARTICLES",
    "BOTS",
    "BOT_NAMES",
    "CHECKS",
    "DECISIONS",
    "DEFAULT_TRACK",
    "FIGURES",
    "GAME",
    "MEASURED_BY",
    "OPTIONS",
    "PRECISION",
    "RACES",
    "SEAT_COLOURS",
    "SHUFFLES",
    "TERMS",
    "TRACK_SQUARES",
    "article_label",
    "choice_words",
    "exact",
    "need",
    "new_state",
    "observe",
    "play_choice",
    "play_throw",
    "question_words",
    "sentence",
    "settle_setup",
    "tally",
]


# The readings the solver and the chain model (velocita_solver.Solution reads the first three, `exact`
# the lot): a reading added to Velocità later is unsolved until it is modelled (tests/test_cdp_exact.py).
_MODELLED = frozenset({"cdp.line-crossing", "cdp.sprint-parity", "cdp.sprint-when", "cdp.lot"})


def exact(ruleset: str, options: dict[str, OptionValue]) -> Exact | None:
    """Velocità under best play by both riders: each seat's chance from its solution, the starter's
    chance, and the mean length in throws from the chain the optimal bots play (velocita_chain).
    Mezzo fondo is not solved; nor is Velocità under a reading the solver does not model."""
    if ruleset != "cdp.velocita" or not _solvable(options):
        return None
    from .velocita_chain import chain
    from .velocita_solver import solution

    sol, lot = solution(options), options["cdp.lot"]
    starts = sol.turn_value(0, 0, False, 0)
    first = (starts + sol.turn_value(0, 0, False, 1)) / 2 if lot == "die" else starts
    return Exact((first, 1 - first), {"fr": "jeu résolu", "en": "solved game"},
                 length=float(chain(options).mean_throws(lot)), starter=starts)


def _solvable(options: dict[str, OptionValue]) -> bool:
    """Every reading of Velocità set, each to one of its values, and none the solver ignores moved from its default."""
    applying = {oid for oid, races in APPLIES.items() if "cdp.velocita" in races}
    if not applying <= options.keys():
        return False
    if any(options[oid] not in OPTIONS[oid].values for oid in applying & _MODELLED):
        return False
    return all(options[oid] == OPTIONS[oid].default for oid in applying - _MODELLED)
