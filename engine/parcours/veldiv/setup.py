"""Building a Veldiv position: the start of a race, or a scenario's set-up."""

from __future__ import annotations

from typing import Any

from ..core import ScenarioError, is_whole, plural, quoted
from ..options import OptionValue
from .races import ELIMINATION_KINDS, RACES, TRACK_SQUARES
from .rules import PREMIERS_TO_WIN, PURSUIT_LAPS
from .state import Player, Rider, State, gained

_STAT_FIELDS = ("points", "premier", "tours", "stakes")
_COUNTED = {"points": ("points",), "premier": ("points",), "tours": ("points", "pursuit"), "stakes": ("cagnotte",)}
MAX_LAPS = 1000  # the longest race: the kitty to a total of 1,000, a stake of 1 a lap


def new_state(ruleset: str, players: int, options: dict[str, OptionValue], setup: object = None) -> State:
    race = RACES[ruleset]
    starts, each = race.start_squares(players), range(race.riders_per_player)
    state = State(
        ruleset=ruleset,
        options=options,
        players=[Player(seat) for seat in range(players)],
        riders=[[Rider(seat, i, starts[seat]) for i in each] for seat in range(players)],
    )
    if setup is not None:
        _apply_setup(state, setup)
    return state


def _apply_setup(state: State, setup: object) -> None:
    if not isinstance(setup, dict):
        raise ScenarioError("setup", "expected a mapping with “riders” (and optionally “players”, “turn”)",
                            fr="attendu : un dictionnaire avec « riders » (et au besoin « players », « turn »)")
    for key in setup:
        if key not in ("riders", "players", "turn"):
            raise ScenarioError(f"setup.{key}", "unknown field (expected riders, players or turn)",
                                fr="champ inconnu (attendu : riders, players ou turn)")
    if "riders" in setup:
        _place_riders(state, setup["riders"])
    if "players" in setup:
        _set_scores(state, setup["players"])
    _check_reachable(state)
    turn = setup.get("turn", 0)
    if not is_whole(turn, 0, len(state.players) - 1):
        raise ScenarioError("setup.turn", f"expected a seat from 0 to {len(state.players) - 1}, "
                                          f"got {quoted(turn, 'en')}",
                            fr=f"attendu : une place de 0 à {len(state.players) - 1}, reçu {quoted(turn, 'fr')}")
    state.turn = turn
    for player in state.players:
        player.opened = True  # a set-up is mid-race: the opening turn of Art. 5 is over
    running = [r for team in state.riders for r in team if r.on_track]
    state.lap = min((state.laps(r) for r in running), default=0) + 1
    state.pot = sum(p.stakes for p in state.players)


def _place_riders(state: State, rows: object) -> None:
    race = state.race
    seats = len(state.players)
    if not isinstance(rows, list) or len(rows) != seats:
        raise ScenarioError("setup.riders", f"expected {seats} lists, one per seat",
                            fr=f"attendu : {seats} listes, une par place")
    taken: dict[int, str] = {}
    for seat, row in enumerate(rows):
        where = f"setup.riders[{seat}]"
        if not isinstance(row, list) or len(row) != race.riders_per_player:
            raise ScenarioError(where, "expected 2 riders (a team) for this race" if race.team
                                else "expected 1 rider for this race",
                                fr=("attendu : 2 coureurs (une équipe) pour cette course" if race.team
                                    else "attendu : 1 coureur pour cette course"))
        for index, spec in enumerate(row):
            rider = state.riders[seat][index]
            _place(state, rider, spec, f"{where}[{index}]")
            if rider.on_track and rider.progress > 0:
                if rider.square in taken:
                    raise ScenarioError(f"{where}[{index}]",
                                        f"square {rider.square} is already taken by {taken[rider.square]}",
                                        fr=f"la case {rider.square} est déjà prise par {taken[rider.square]}")
                taken[rider.square] = f"{where}[{index}]"
    for seat, team in enumerate(state.riders):
        if all(not r.on_track for r in team):
            state.players[seat].eliminated = True
            state.eliminations.append(seat)
    _check_start_line(taken, state)


def _check_start_line(taken: dict[int, str], state: State) -> None:
    for team in state.riders:
        for rider in team:
            if rider.on_track and rider.progress == 0 and rider.square in taken:
                raise ScenarioError(taken[rider.square],
                                    f"square {rider.square} is the start line of a rider still waiting there",
                                    fr=f"la case {rider.square} est la ligne de départ d'un coureur "
                                       "qui y attend encore")


def _place(state: State, rider: Rider, spec: object, where: str) -> None:
    laps = 0
    if spec is None:
        if state.race.kind not in ("pursuit", "elimination"):
            raise ScenarioError(where, "null (out of the race) only exists in pursuits and the elimination race",
                                fr="null (hors course) n'existe que dans les poursuites et l'éliminatoire")
        rider.on_track = False
        return
    if isinstance(spec, dict):
        unknown = set(spec) - {"square", "laps"}
        if unknown:
            raise ScenarioError(f"{where}.{min(unknown)}", "unknown field (expected square, laps)",
                                fr="champ inconnu (attendu : square, laps)")
        laps = spec.get("laps", 0)
        spec = spec.get("square")
        most = _most_laps(state)
        if not is_whole(laps, 0, most):
            raise ScenarioError(f"{where}.laps",
                                f"expected a whole number of laps from 0 to {most} in this race, "
                                f"got {quoted(laps, 'en')}",
                                fr=f"attendu : un nombre entier de tours de 0 à {most} dans cette course, "
                                   f"reçu {quoted(laps, 'fr')}")
    if not is_whole(spec, 1, TRACK_SQUARES):
        raise ScenarioError(where, f"expected a square from 1 to {TRACK_SQUARES}, got {quoted(spec, 'en')}",
                            fr=f"attendu : une case de 1 à {TRACK_SQUARES}, reçu {quoted(spec, 'fr')}")
    rider.progress = _progress_for(state, rider.start, spec, laps)


def _most_laps(state: State) -> int:
    """Laps a rider still in the race can have crossed: a pursuit is won on the third, one rider of
    the elimination race drops out each lap."""
    kind = state.race.kind
    if kind == "pursuit":
        return PURSUIT_LAPS - 1
    if kind == "elimination":
        return len(state.players) - 1
    return MAX_LAPS


def _progress_for(state: State, start: int, square: int, laps: int) -> int:
    if square == start and laps == 0:
        return 0  # still on its start line
    if state.options["veldiv.line-crossing"] == "reach":
        return (square - start) % TRACK_SQUARES + TRACK_SQUARES * laps
    return (square - start - 1) % TRACK_SQUARES + 1 + TRACK_SQUARES * laps


def _set_scores(state: State, rows: object) -> None:
    if not isinstance(rows, list) or len(rows) != len(state.players):
        raise ScenarioError("setup.players", f"expected {len(state.players)} mappings, one per seat",
                            fr=f"attendu : {len(state.players)} dictionnaires, un par place")
    for seat, row in enumerate(rows):
        if not isinstance(row, dict):
            raise ScenarioError(f"setup.players[{seat}]", "expected a mapping such as {points: 2, premier: 1}",
                                fr="attendu : un dictionnaire tel que {points: 2, premier: 1}")
        for key, value in row.items():
            where = f"setup.players[{seat}].{key}"
            if key not in _STAT_FIELDS:
                raise ScenarioError(where, f"unknown field (expected {', '.join(_STAT_FIELDS)})",
                                    fr=f"champ inconnu (attendu : {', '.join(_STAT_FIELDS)})")
            counted = state.race.kind in _COUNTED[key]
            if not counted and is_whole(value, 1):
                race = state.race.name
                raise ScenarioError(where, f"not counted in this race ({race['en']}), got {quoted(value, 'en')}",
                                    fr=f"ne se compte pas dans cette course ({race['fr']}), reçu {quoted(value, 'fr')}")
            most = _most(state, key) if counted else 0
            if not is_whole(value, 0, most):
                raise ScenarioError(where, f"expected a whole number from 0 to {most} in this race, "
                                           f"got {quoted(value, 'en')}",
                                    fr=f"attendu : un nombre entier de 0 à {most} dans cette course, "
                                       f"reçu {quoted(value, 'fr')}")
            setattr(state.players[seat], key, value)


def _most(state: State, stat: str) -> int:
    if stat == "premier":
        return PREMIERS_TO_WIN - 1  # the third ends the race (or its last lap, which a set-up cannot start)
    if stat == "stakes":  # the race ends when the kitty holds the total
        return int(state.options["veldiv.cagnotte-total"]) - 1
    if stat == "tours" and state.race.kind == "pursuit":
        return PURSUIT_LAPS - 1  # a team's laps: the third wins the pursuit
    return 6 * MAX_LAPS if stat == "points" else MAX_LAPS  # a sprint gives at most 3 + 2 + 1 points


def _check_reachable(state: State) -> None:
    """Refuse positions the rules cannot reach (the race would be over, or already decided)."""
    if state.race.kind == "cagnotte":
        total = int(state.options["veldiv.cagnotte-total"])
        if sum(p.stakes for p in state.players) >= total:
            raise ScenarioError("setup.players", f"the stakes add up to the total ({total}): the race is over",
                                fr=f"les gages atteignent l'enjeu ({total}) : la course est finie")
    running = [r for team in state.riders for r in team if r.on_track]
    if state.race.kind in ("pursuit", "elimination"):
        _check_two_left(state)
    if state.race.kind in ELIMINATION_KINDS and running:
        last = min(state.laps(r) for r in running)
        for r in running:
            if state.laps(r) > last + 1:
                raise ScenarioError(f"setup.riders[{r.seat}]", "more than a lap ahead of the last rider: "
                                    "riders past the line wait for the others",
                                    fr="plus d'un tour d'avance sur le dernier coureur : "
                                       "les coureurs qui ont passé la ligne attendent les autres")
        out = len(state.riders) - len({r.seat for r in running})
        if state.race.kind == "elimination" and out != last:
            raise ScenarioError("setup.riders", f"one rider drops out a lap: after {last} laps, {last} out "
                                                f"(null), not {out}",
                                fr=f"un coureur abandonne à chaque tour : après {plural(last, 'tour', 'tours', 'fr')}, "
                                   f"{last} hors course (null), pas {out}")
    if state.race.kind == "pursuit":
        _check_no_catch(state)


def _check_two_left(state: State) -> None:
    """A pursuit or an elimination race is over once one player is left in it; a team leaves it whole."""
    for seat, team in enumerate(state.riders):
        if len({r.on_track for r in team}) > 1:
            raise ScenarioError(f"setup.riders[{seat}]", "a team leaves the race whole: both riders null, or neither",
                                fr="une équipe quitte la course entière : ses deux coureurs à null, ou aucun")
    left = sum(not p.eliminated for p in state.players)
    if left < 2:
        raise ScenarioError("setup.riders", f"{left} player{'' if left == 1 else 's'} left in the race (the others "
                                            "null): with fewer than two, the race is over",
                            fr=f"{left} joueur{'' if left == 1 else 's'} encore en course (les autres à null) : "
                               "à moins de deux, la course est finie")


def _check_no_catch(state: State) -> None:
    """In a pursuit a rider (a team: both riders) who has caught another is out at once."""
    window = state.options.get("veldiv.team-window") == "two-laps"
    for hunters in state.riders:
        for hunted in state.riders:
            if hunters is hunted or not all(r.on_track for r in hunters + hunted):
                continue
            if window and state.players[hunters[0].seat].tours >= 2:
                continue
            if all(gained(h, t) >= 1 for h in hunters for t in hunted):
                raise ScenarioError(f"setup.riders[{hunters[0].seat}]", f"has already caught player "
                                    f"{hunted[0].seat + 1}, who would be out of the race",
                                    fr=f"a déjà rattrapé le joueur {hunted[0].seat + 1}, qui serait hors course")


def observe(state: State, seat: int | None = None) -> dict[str, Any]:
    """The position as the contract gives it (see the scenario format page); nothing is hidden."""
    return {
        "ruleset": state.ruleset,
        "finished": state.finished,
        "winner": state.winner,
        "ranking": list(state.ranking),
        "turn": None if state.finished else state.turn,
        "lap": state.lap,
        "pot": state.pot,
        "players": [
            {"seat": p.seat, "points": p.points, "premier": p.premier, "tours": p.tours,
             "eliminated": p.eliminated, "stakes": p.stakes}
            for p in state.players
        ],
        "riders": [
            [{"square": r.square if r.active else None, "laps": state.laps(r), "finished": r.finished}
             for r in team]
            for team in state.riders
        ],
    }
