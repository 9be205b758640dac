"""What the benchmarks check of the Veldiv's races beyond every game's checks (CHECKS: interface.Checks),
and how many riders they time: no rider lost, one rider a square, a full ranking at the end. The property
tests (tests/test_veldiv_properties.py) check the same positions."""

from __future__ import annotations

from ..interface import Checks
from .races import RACES
from .state import State

THROW_BOUND = 2500  # throws; the longest of 20,000 simulated races (12-player elimination) is under 700


def check_position(state: State) -> None:
    """No rider lost, off the track only when eliminated, never two riders on one square."""
    seen: dict[int, tuple[int, int]] = {}
    riders = [r for team in state.riders for r in team]
    assert len(riders) == len(state.players) * state.race.riders_per_player  # no rider lost
    for r in riders:
        assert r.on_track or state.players[r.seat].eliminated  # off the track only when eliminated
        if not r.active or r.progress == 0:
            continue  # the start line holds every rider that has not moved
        assert r.square not in seen, f"two riders on square {r.square}"
        seen[r.square] = (r.seat, r.index)


def check_end(state: State) -> None:
    """A full ranking, the winner first."""
    assert sorted(state.ranking) == list(range(len(state.players))), f"ranking {state.ranking}"
    assert state.winner == state.ranking[0], f"winner {state.winner}, ranking {state.ranking}"


CHECKS = Checks(
    players={"veldiv.individuelle": 4, "veldiv.americaine": 3, "veldiv.poursuite-individuelle": 4,
             "veldiv.poursuite-equipe": 4, "veldiv.eliminatoire": 6, "veldiv.cagnotte": 6},
    bounds=dict.fromkeys(RACES, THROW_BOUND), step=check_position, end=check_end,
    site_example=("rules/", "ex-art-3-taken"))  # Art. 3's taken square: a throw played on moves a rider
