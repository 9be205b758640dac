"""How the benchmarks play the Corriere dei Piccoli's races (CHECKS: interface.Checks): how many riders,
how long a race may run, and the solver of its race for two timed beside the races."""

from __future__ import annotations

from ..interface import Checks
from ..options import OptionValue
from .terms import TERMS


def solve_velocita() -> object:
    """Velocità solved, every position, under the default readings."""
    from .options import APPLIES, OPTIONS
    from .velocita_solver import Solution

    defaults: dict[str, OptionValue] = {oid: OPTIONS[oid].default for oid, races in APPLIES.items()
                                        if "cdp.velocita" in races}
    return Solution(defaults)


CHECKS = Checks(players={"cdp.velocita": 2, "cdp.mezzofondo": 4},
                bounds={"cdp.velocita": 400, "cdp.mezzofondo": 5000},
                timed={f"{TERMS.name('velocita', 'en')} solved (every position, default readings)": solve_velocita})
