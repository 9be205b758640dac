"""Mezzo fondo a motore: teams of a rider and a derny over an agreed number of laps.

Positions are squares along the road from the finishing (red) line: riders start just behind it
(-1, -2, ...), the dernys on the square behind the yellow line. The track's lines are a
reconstruction kept as data (races.DEFAULT_TRACK); a scenario may move them (setup.track).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from ..core import Event, Events, Need, ScenarioError, dice_needs, events_into, is_whole, numbers_up_to, quoted
from ..options import OptionValue
from .races import DEFAULT_TRACK, RACES

DEPART, PHASE1, PHASE2, PHASE3, ARRIVEE = (
    "cdp:mezzofondo-depart", "cdp:mezzofondo-phase-1", "cdp:mezzofondo-phase-2", "cdp:mezzofondo-phase-3",
    "cdp:mezzofondo-arrivee")
PACE = 7  # "he adds seven to the result"
MIN_SQUARES, MAX_SQUARES = 10, 200  # a track holds the start's row of up to nine riders
DERNY_LEAD = 13  # the most a derny can be ahead of its rider: two dice (12) from the square in front of it


@dataclass(slots=True)
class Team:
    seat: int
    rider: int
    derny: int
    phase: str = "dernys"  # "dernys" (phase 1), "chasing" (phases 2 and a lost contact), "coupled" (phase 3)
    laps_to_ride: int = 0  # the line to cross is at laps_to_ride * squares
    finished: bool = False


@dataclass(slots=True)
class State:
    """A Mezzo fondo race in progress."""

    ruleset: str
    options: dict[str, OptionValue]
    squares: int
    red_line: int
    teams: list[Team]
    order: list[int] = field(default_factory=list)  # seats still to play this round, in order
    stage: str = "act"  # "act" (a throw for the team on turn), "derny" (its distance), "rider" (its throw)
    offer: int = 0  # the derny's throw while its distance is chosen
    finished: bool = False
    winner: int | None = None
    arrivals: list[int] = field(default_factory=list)
    throws: int = 0
    placed: bool = False  # a set-up placed the teams: a race under way, not the start

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        del out["placed"]  # said by the start event
        return out

    @property
    def turn(self) -> int:
        return self.order[0]

    def square(self, road: int) -> int:
        """The numbered square (1..squares) at a distance along the road from the red line."""
        return (self.red_line + road - 1) % self.squares + 1

    def line(self, team: Team) -> int:
        extra = 1 if self.options["cdp.line-crossing"] == "beyond" else 0
        return team.laps_to_ride * self.squares + extra


def new_state(ruleset: str, players: int, options: dict[str, OptionValue], setup: object) -> State:
    data = setup if setup is not None else {}
    if not isinstance(data, dict):
        raise ScenarioError("setup", "expected a mapping with track and teams",
                            fr="attendu : un dictionnaire avec track et teams")
    for key in data:
        if key not in ("track", "teams"):
            raise ScenarioError(f"setup.{key}", "unknown field (expected track, teams)",
                                fr="champ inconnu (attendu : track, teams)")
    track = _track(data.get("track"))
    behind_yellow = track["yellow_line"] - track["red_line"] - 1
    if behind_yellow > -players:
        raise ScenarioError("setup.track", f"the dernys start behind the yellow line, which must be behind the "
                                           f"riders' row (the {players} squares behind the red line)",
                            fr=f"les dernys partent derrière la ligne jaune, qui doit être derrière la rangée des "
                               f"coureurs (les {players} cases derrière la ligne rouge)")
    laps = int(options["cdp.laps"])
    teams = [Team(s, -1 - s, behind_yellow, laps_to_ride=laps) for s in range(players)]
    state = State(ruleset, options, track["squares"], track["red_line"], teams)
    if "teams" in data:
        _place(state, data["teams"])
        state.placed = True
    state.order = _round_order(state)
    return state


def _track(data: object) -> dict[str, int]:
    track = dict(DEFAULT_TRACK)
    if data is None:
        return track
    if not isinstance(data, dict):
        raise ScenarioError("setup.track", "expected a mapping with squares, red_line, yellow_line",
                            fr="attendu : un dictionnaire avec squares, red_line, yellow_line")
    for key, value in data.items():
        if key not in track:
            raise ScenarioError(f"setup.track.{key}", "unknown field (expected squares, red_line, yellow_line)",
                                fr="champ inconnu (attendu : squares, red_line, yellow_line)")
        low = MIN_SQUARES if key == "squares" else 1
        if not is_whole(value, low, MAX_SQUARES):
            raise ScenarioError(f"setup.track.{key}",
                                f"expected a whole number from {low} to {MAX_SQUARES}, got {quoted(value, 'en')}",
                                fr=f"attendu : un nombre entier de {low} à {MAX_SQUARES}, reçu {quoted(value, 'fr')}")
        track[key] = value
    if track["red_line"] > track["squares"] or track["yellow_line"] > track["squares"]:
        raise ScenarioError("setup.track", "the lines must be on the track", fr="les lignes doivent être sur la piste")
    return track


def _place(state: State, rows: object) -> None:
    if not isinstance(rows, list) or len(rows) != len(state.teams):
        raise ScenarioError("setup.teams", f"expected {len(state.teams)} mappings, one per team",
                            fr=f"attendu : {len(state.teams)} dictionnaires, un par équipe")
    for seat, row in enumerate(rows):
        if not isinstance(row, dict):
            raise ScenarioError(f"setup.teams[{seat}]", "expected a mapping such as {rider: 12, derny: 13}",
                                fr="attendu : un dictionnaire tel que {rider: 12, derny: 13}")
        team = state.teams[seat]
        start = team.rider, team.derny
        for key, value in row.items():
            where = f"setup.teams[{seat}].{key}"
            if key == "phase":
                if value not in ("dernys", "chasing", "coupled"):
                    raise ScenarioError(where, f"expected dernys, chasing or coupled, got {quoted(value, 'en')}",
                                        fr=f"attendu : dernys, chasing ou coupled, reçu {quoted(value, 'fr')}")
                team.phase = value
            elif key in ("rider", "derny"):
                if not is_whole(value):
                    raise ScenarioError(where, f"expected a square along the road, got {quoted(value, 'en')}",
                                        fr=f"attendu : une case le long de la route, reçu {quoted(value, 'fr')}")
                setattr(team, key, value)
            else:
                raise ScenarioError(where, "unknown field (expected rider, derny, phase)",
                                    fr="champ inconnu (attendu : rider, derny, phase)")
        _check_team(state, team, start, f"setup.teams[{seat}]")


def _check_team(state: State, team: Team, start: tuple[int, int], where: str) -> None:
    """A position the rules can reach: no rider past the finish, nor behind where he started (riders and
    dernys only go forward), nor chasing a derny behind him."""
    rider, derny = start
    if not rider <= team.rider < state.line(team):
        raise ScenarioError(f"{where}.rider", f"expected a square from {rider} (its place on the start row) "
                                              f"to {state.line(team) - 1} (before the finish), "
                                              f"got {quoted(team.rider, 'en')}",
                            fr=f"attendu : une case de {rider} (sa place sur la ligne de départ) "
                               f"à {state.line(team) - 1} (avant l'arrivée), reçu {quoted(team.rider, 'fr')}")
    if not derny <= team.derny <= team.rider + DERNY_LEAD:
        raise ScenarioError(f"{where}.derny", f"expected a square from {derny} (the dernys' start, behind the "
                                              f"yellow line) to {team.rider + DERNY_LEAD} (at most {DERNY_LEAD} "
                                              f"ahead of its rider), got {quoted(team.derny, 'en')}",
                            fr=f"attendu : une case de {derny} (le départ des dernys, derrière la ligne jaune) "
                               f"à {team.rider + DERNY_LEAD} (au plus {DERNY_LEAD} devant son coureur), "
                               f"reçu {quoted(team.derny, 'fr')}")
    if team.phase == "coupled" and team.rider != team.derny - 1:
        raise ScenarioError(where, "a coupled rider is on the square just behind its derny",
                            fr="un coureur couplé est sur la case juste derrière son derny")
    if team.phase == "chasing" and team.derny <= team.rider:
        raise ScenarioError(where, "a chasing rider's derny waits ahead of him, not behind",
                            fr="le derny d'un coureur en chasse l'attend devant lui, pas derrière")
    if team.phase == "dernys" and team.derny > team.rider:
        raise ScenarioError(where, "while the dernys ride alone (phase 1), a derny is still behind its rider",
                            fr="tant que les dernys roulent seuls (phase 1), un derny est encore derrière son coureur")


def start_events(state: State, sink: Events | None = None) -> Events:
    """Where the race starts from (a set-up may have moved the teams on)."""
    events = events_into(sink)
    if events.wants(DEPART):
        start = Event("start", DEPART, None, data={
            "laps": int(state.options["cdp.laps"]), "riders": [state.square(t.rider) for t in state.teams],
            "dernys": [state.square(t.derny) for t in state.teams]})
        if state.placed:
            start.data["placed"] = True
        events.append(start)
    return events


def _round_order(state: State) -> list[int]:
    """The team ahead plays first (by its rider, then its derny); finished teams sit out."""
    running = [t for t in state.teams if not t.finished]
    return [t.seat for t in sorted(running, key=lambda t: (-t.rider, -t.derny, t.seat))]


# what a team's throw waits for (one die or two), made once a seat
_DICE = tuple(dice_needs(count, RACES["cdp.mezzofondo"].max_players) for count in (1, 2))
_DERNY: dict[tuple[int, int], Need] = {}  # (seat, most): how far the derny goes, each made once


def need(state: State) -> Need | None:
    if state.finished:
        return None
    team = state.teams[state.turn]
    if state.stage == "derny":
        asked = _DERNY.get(key := (team.seat, state.offer))
        if asked is None:
            asked = _DERNY[key] = Need("choice", team.seat, choices=numbers_up_to(state.offer), decision="derny")
        return asked
    if team.phase == "coupled" and state.stage == "act":
        return _DICE[1][team.seat]
    return _DICE[0][team.seat]


def play_throw(state: State, dice: list[int], sink: Events | None = None) -> Events:
    team = state.teams[state.turn]
    state.throws += 1
    events = events_into(sink)
    if events.wants(cite := _phase_cite(team)):
        events.append(Event("throw", cite, team.seat, data={"dice": list(dice)}))
    if team.phase == "dernys":
        _derny_alone(state, team, dice[0], events)
    elif team.phase == "chasing":
        _chase(state, team, dice[0], events)
    elif state.stage == "act":
        best = max(dice) if state.options["cdp.derny-throws"] == "best" else sum(dice)
        state.offer, state.stage = best, "derny"
        return events
    else:
        _follow(state, team, dice[0], events)
    if not state.finished and state.stage == "act":
        _next(state, events)
    return events


def play_choice(state: State, choice: str, sink: Events | None = None) -> Events:
    team = state.teams[state.turn]
    squares = int(choice)
    team.derny += squares
    state.stage = "rider"
    events = events_into(sink)
    if events.wants(PHASE3):
        events.append(Event("derny", PHASE3, team.seat, data={"steps": squares, "most": state.offer,
                                                              "to": team.derny, "square": state.square(team.derny)}))
    return events


_PHASE_CITES = {"dernys": PHASE1, "chasing": PHASE2, "coupled": PHASE3}


def _phase_cite(team: Team) -> str:
    return _PHASE_CITES[team.phase]


def _derny_alone(state: State, team: Team, face: int, events: Events) -> None:
    team.derny += face
    if events.wants(PHASE1):
        events.append(Event("derny", PHASE1, team.seat, data={"steps": face, "most": face, "to": team.derny,
                                                              "square": state.square(team.derny)}))
    if team.derny > team.rider:
        team.phase = "chasing"
        if events.wants(PHASE2):
            events.append(Event("wait", PHASE2, team.seat, data={"at": team.derny}))
        if team.derny == team.rider + 1 and state.options["cdp.derny-ahead"] == "couple-now":
            team.phase = "coupled"
            if events.wants(PHASE2):
                events.append(Event("coupled", PHASE2, team.seat, data={"at": team.rider}))


def _chase(state: State, team: Team, face: int, events: Events) -> None:
    """One die for the rider, towards the square behind its derny; pips beyond it are lost."""
    gap = team.derny - 1 - team.rider
    steps = min(face, gap)
    _ride(state, team, steps, events, PHASE2, lost=face - steps)
    if team.rider == team.derny - 1:
        team.phase = "coupled"
        if events.wants(PHASE2):
            events.append(Event("coupled", PHASE2, team.seat, data={"at": team.rider}))
    _check_line(state, team, events)


def _follow(state: State, team: Team, face: int, events: Events) -> None:
    """Coupled: the rider's throw plus seven, as far as the derny and no further."""
    gap = team.derny - 1 - team.rider
    reach = face + PACE
    _ride(state, team, min(reach, gap), events, PHASE3, lost=0)
    if reach < gap:
        team.phase = "chasing"
        if events.wants(PHASE3):
            events.append(Event("dropped", PHASE3, team.seat, data={"gap": gap - reach}))
    state.stage = "act"
    _check_line(state, team, events)


def _ride(state: State, team: Team, steps: int, events: Events, cite: str, lost: int) -> None:
    before = team.rider
    team.rider += steps
    if events.wants(cite):
        events.append(Event("ride", cite, team.seat, data={"from": before, "to": team.rider, "steps": steps,
                                                           "lost": lost, "square": state.square(team.rider)}))


def _check_line(state: State, team: Team, events: Events) -> None:
    if team.rider < state.line(team):
        return
    coupled = team.phase == "coupled"
    if not coupled and state.options["cdp.uncoupled-finish"] == "no-win":
        team.laps_to_ride += 1  # the crossing does not count: one more lap, and cross it coupled
        if events.wants(ARRIVEE):
            events.append(Event("uncoupled", ARRIVEE, team.seat, data={"laps": team.laps_to_ride}))
        return
    team.finished = True
    state.arrivals.append(team.seat)
    state.finished, state.winner = True, team.seat
    if events.wants(ARRIVEE):
        events.append(Event("end", ARRIVEE, team.seat, data={"ranking": ranking(state), "coupled": coupled}))


def _next(state: State, events: Events) -> None:
    state.order.pop(0)
    if not state.order:
        state.order = _round_order(state)


def ranking(state: State) -> list[int]:
    rest = sorted((t for t in state.teams if t.seat not in state.arrivals), key=lambda t: (-t.rider, t.seat))
    return state.arrivals + [t.seat for t in rest]


def observe(state: State, seat: int | None = None) -> dict[str, Any]:
    """The position as JSON (nothing is hidden: every seat sees it all)."""
    return {
        "ruleset": state.ruleset, "finished": state.finished, "winner": state.winner,
        "ranking": ranking(state) if state.finished else [],
        "turn": None if state.finished else state.turn,
        "squares": state.squares,
        "teams": [{"seat": t.seat, "rider": t.rider, "derny": t.derny, "phase": t.phase,
                   "rider_square": state.square(t.rider), "derny_square": state.square(t.derny),
                   "line": state.line(t), "finished": t.finished} for t in state.teams],
    }
