"""The rules of the Jeu du Veldiv (Edition H.B., 1932): one throw at a time.

`play_throw(state, dice)` applies one throw to the state and returns the
events it caused, each citing its article. Sentences come later, from
`parcours.narrate`.
"""

from __future__ import annotations

from collections.abc import Callable
from math import floor

from ..core import Event, Events, events_into
from .races import TRACK_SQUARES
from .state import Player, Rider, State, gained

PREMIERS_TO_WIN = 3
PURSUIT_LAPS = 3
CAGNOTTE_SQUARE = 38


# --- whose turn, how many dice -------------------------------------------------

_ANY_PROGRESS = 1 << 62  # above any progress a rider reaches


def _lap_bound(state: State) -> int:
    """The progress below which a rider may move: in a lap that waits for every rider (elimination,
    kitty), not yet across the line this lap; else any."""
    return state.lap_done_at(state.lap) if state.waiting else _ANY_PROGRESS


def movable(state: State, seat: int) -> list[Rider]:
    """Riders of a seat that may move now (waiting riders of an elimination lap excluded)."""
    done = _lap_bound(state)
    return [r for r in state.riders[seat] if r.on_track and not r.finished and r.progress < done]  # the hot path


def dice_needed(state: State) -> int:
    if state.finished:
        return 0
    if state.team and state.players[state.turn].opened and len(movable(state, state.turn)) == 2:
        return 2
    return 1


def _plan(state: State, dice: list[int]) -> tuple[str, tuple[tuple[Rider, int], ...]]:
    """Which rider of a team takes which die, and the article that says so."""
    seat = state.turn
    riders = movable(state, seat)
    if not state.players[seat].opened:
        return "veldiv:art-5", ((riders[0], dice[0]),)
    if len(riders) == 1:
        return "veldiv:art-10", ((riders[0], dice[0]),)
    behind, ahead = riders
    if (behind.road, behind.index) > (ahead.road, ahead.index):
        behind, ahead = ahead, behind
    return "veldiv:art-5", ((behind, max(dice)), (ahead, min(dice)))


def play_throw(state: State, dice: list[int], sink: Events | None = None) -> Events:
    seat = state.turn
    events = Events() if sink is None else sink
    if state.team:
        _team_throw(state, dice, events)
    else:  # one rider a player, and _next_turn only hands the die to one that may move
        if events.wants("veldiv:art-2"):
            events.append(Event("throw", "veldiv:art-2", seat, data={"dice": list(dice)}))
        rider = state.riders[seat][0]
        if not (state.finished or not rider.on_track or rider.finished):  # rider.active, spelt out: the hot path
            _move(state, rider, dice[0], events)
    state.players[seat].opened = True
    state.throws += 1
    if not state.finished:
        _next_turn(state, events)
    return events


def play_dice(state: State, random: Callable[[], float], sink: Events) -> int:
    """Every throw to the end of the race (the Veldiv asks for nothing but dice), as `need` asks for
    them, each die 1 + floor(6 * random()); returns the throws played (see interface.GameRules)."""
    before, die = state.throws, [0]
    if state.team:
        while not state.finished:
            if dice_needed(state) == 2:
                play_throw(state, [1 + floor(6 * random()), 1 + floor(6 * random())], sink)
            else:
                die[0] = 1 + floor(6 * random())
                play_throw(state, die, sink)
    else:
        while not state.finished:
            die[0] = 1 + floor(6 * random())
            play_throw(state, die, sink)
    return state.throws - before


def _team_throw(state: State, dice: list[int], events: Events) -> None:
    seat = state.turn
    cite, plan = _plan(state, dice)
    if events.wants(cite):
        events.append(Event("throw", cite, seat, data={"dice": list(dice)}))
    if cite == "veldiv:art-5" and len(plan) == 2 and dice[0] != dice[1] and events.wants(cite):
        behind = plan[0][0]
        events.append(Event("order", cite, seat, behind.index, {"high": max(dice), "low": min(dice)}))
    for rider, face in plan:
        if state.finished or not rider.on_track or rider.finished:
            break
        _move(state, rider, face, events)


# --- moving and bumping (Art. 1-4, 6-9) -----------------------------------------

def _occupant(state: State, mover: Rider, progress: int) -> Rider | None:
    """Who holds the square the mover would stop on; a teammate first if several (start line)."""
    spot = (mover.start + progress) % TRACK_SQUARES  # same square <=> same road modulo the track
    found: Rider | None = None
    for other in state.all_riders:
        if (other.start + other.progress) % TRACK_SQUARES == spot and other is not mover \
                and other.on_track and not other.finished:
            if other.seat == mover.seat:
                return other
            found = other
    return found


def _move_cite(state: State, face: int) -> str:
    if face < 6:
        return "veldiv:art-1"
    if state.six == 6:
        return state.race.article
    return "veldiv:art-1" if state.race.team else "veldiv:art-4"


def _bump_cite(state: State, face: int, occupant: Rider, seat: int, bonus_cite: str | None) -> str:
    if bonus_cite is not None:
        return bonus_cite
    if not state.race.team or occupant.seat == seat:
        if face == 6 and state.six == 12:
            return "veldiv:art-4"
        return "veldiv:art-3"
    if face == 6 and _art_8_9_apply(state):
        return "veldiv:art-8"
    return "veldiv:art-6"


def _art_8_9_apply(state: State) -> bool:
    """Art. 8 and 9 drop out of the four-team pursuit, where a six counts six."""
    return state.race.team and state.six == 12


def _teammate_bonus(state: State, face: int, step: int) -> tuple[str, int] | None:
    """Art. 7 and 9: landing on one's teammate. Returns (article, squares) or None."""
    if face == 6 and _art_8_9_apply(state):
        return "veldiv:art-9", 12
    if state.options["veldiv.art7-scope"] == "six-only" and face != 6:
        return None
    return "veldiv:art-7", 2 * step


def _move(state: State, rider: Rider, face: int, events: Events) -> None:
    if face < 6:
        step, cite = face, "veldiv:art-1"
    else:
        step, cite = state.six, _move_cite(state, face)
    road_before = rider.start + rider.progress
    target = rider.progress + step
    if events.wants(cite):
        events.append(Event("move", cite, rider.seat, rider.index,
                            {"face": face, "from": rider.square, "to": _square_of(rider, target), "steps": step}))
    # One look at every rider, the hot path: with d = (road_before - its road) % track, the move of `step`
    # squares lands on its square when d == track - step, and goes by it when d is more. (The progresses
    # subtracted first: their difference is small, an int Python keeps made, where road - start is not.)
    short = TRACK_SQUARES - step
    lapped: tuple[Rider, ...] = ()  # riders of other seats gone by, now a lap or more behind (see _after_move)
    for other in state.others[rider.seat][rider.index]:
        if (d := (road_before - other.progress - other.start) % TRACK_SQUARES) >= short \
                and other.on_track and not other.finished:
            if d == short:
                break  # the square is taken (_occupant: by whom)
            if other.seat != rider.seat and (road_before + step - other.start - other.progress) // TRACK_SQUARES \
                    - (rider.start - other.start) // TRACK_SQUARES >= 1:  # gained(rider, other) >= 1 once moved
                lapped += (other,)
    else:  # a free square: the common case, where most moves neither cross the line nor go by anyone
        rider.progress = target
        # the laps counted (state.laps_at) change when progress - line goes over a multiple of the track
        if lapped or (target - state.line) % TRACK_SQUARES < step:
            _after_move(state, rider, road_before, events, lapped)
        return
    for moved, before in _bumped(state, rider, face, step, target, _occupant(state, rider, target), events):
        _after_move(state, moved, before, events)


def _bumped(state: State, rider: Rider, face: int, step: int, target: int, occupant: Rider | None,
            events: Events) -> list[tuple[Rider, int]]:
    """The rider lands on a taken square: on by the die (Art. 3, 4, 6, 8), or a teammate's bonus (Art. 7,
    9), until a free square. Returns each rider that moved with its road before (none if blocked)."""
    seat = rider.seat
    bump = face  # Art. 3, 4, 6, 8: on a taken square, move on by the die's own number (six for a six)
    moved = [(rider, rider.start + rider.progress)]  # each rider that moves, with its road before
    bonus_cite: str | None = None
    limit = rider.progress + TRACK_SQUARES  # back round to its own square: no free square to be found
    while occupant is not None:
        bonus = None
        if state.race.team and bonus_cite is None and occupant.seat == seat:
            bonus = _teammate_bonus(state, face, step)
        if bonus is not None:
            bonus_cite, jump = bonus
            if state.options["veldiv.art7-rider"] == "teammate":
                rider.progress = target  # the arriving rider takes the square; the teammate moves on
                rider, target = occupant, occupant.progress + jump
                moved.append((rider, rider.start + rider.progress))
                limit = rider.progress + TRACK_SQUARES
            else:
                target += jump
            if events.wants(bonus_cite):
                events.append(Event("bonus", bonus_cite, seat, rider.index,
                                    {"square": occupant.square, "steps": jump, "to": _square_of(rider, target)}))
        else:
            target += bump
            if events.wants(cite := _bump_cite(state, face, occupant, seat, bonus_cite)):
                events.append(Event("bump", cite, seat, rider.index, {"square": occupant.square, "by": occupant.seat,
                                                                      "steps": bump, "to": _square_of(rider, target)}))
        if target >= limit:
            _blocked(state, moved, events)
            return []
        occupant = _occupant(state, rider, target)
    rider.progress = target
    return moved


def _blocked(state: State, moved: list[tuple[Rider, int]], events: Events) -> None:
    """Every square the rules would send the rider to is taken: it stays where it was.

    The text is silent on this (it needs many riders in a regular pattern); our reconstruction.
    """
    for rider, road_before in moved:
        rider.progress = road_before - rider.start
    first = moved[0][0]
    if events.wants("veldiv:art-3"):
        events.append(Event("blocked", "veldiv:art-3", first.seat, first.index, {"square": first.square}))


def _square_of(rider: Rider, progress: int) -> int:
    return (rider.start + progress - 1) % TRACK_SQUARES + 1


def _after_move(state: State, rider: Rider, road_before: int, events: Events,
                lapped: tuple[Rider, ...] | None = None) -> None:
    """Lines crossed, then riders lapped. `lapped`: the only riders the move may have lapped, if known
    (else every rider of another seat is looked at)."""
    line = state.line  # laps_at(p) is max(0, (p - line) // track): a crossing changes the quotient
    laps_before = (road_before - rider.start - line) // TRACK_SQUARES
    laps_now = (rider.progress - line) // TRACK_SQUARES
    if laps_before != laps_now:
        for lap in range(max(laps_before, 0) + 1, laps_now + 1):
            if state.finished or not rider.on_track or rider.finished:  # rider.active, spelt out
                return
            if events.wants(state.race.article):
                events.append(Event("cross", state.race.article, rider.seat, rider.index,
                                    {"lap": lap, "square": rider.square}))
            _on_cross(state, rider, lap, events)
    if state.finished or not rider.on_track or rider.finished or state.waiting:
        return
    # u passes t each time (road_u - road_t) goes over a multiple of the track (see state.gained):
    # with r = (road_u - road_t) % track before the move, a move of m squares does when r + m >= track
    short = TRACK_SQUARES - (rider.start + rider.progress - road_before)
    road, start = rider.start + rider.progress, rider.start
    for other in state.rivals[rider.seat] if lapped is None else lapped:  # the cheapest test first
        if (road_before - other.start - other.progress) % TRACK_SQUARES >= short and other.on_track \
                and not other.finished and (road - other.start - other.progress) // TRACK_SQUARES \
                - (start - other.start) // TRACK_SQUARES >= 1:  # gained(rider, other) >= 1, spelt out
            _on_pass(state, rider, other, events)
            if state.finished or not rider.on_track or rider.finished:
                return


# --- crossing the line ---------------------------------------------------------

def _on_cross(state: State, rider: Rider, lap: int, events: Events) -> None:
    kind = state.race.kind
    if kind == "points":
        _sprint(state, rider, lap, events)
        if state.closing and rider.on_track and not rider.finished:
            _finish_rider(state, rider, events)
    elif kind == "pursuit":
        _pursuit_lap(state, rider, lap, events)
    elif lap >= state.lap:
        _wait(state, rider, events)


_POINTS = {2: (1,), 3: (2, 1)}  # a sprint's points by the number of players (else 3, 2, 1)


def _points_table(state: State) -> tuple[int, ...]:
    if state.race.team:
        return (3, 2, 1)
    return _POINTS.get(len(state.players), (3, 2, 1))


def _sprint(state: State, rider: Rider, lap: int, events: Events) -> None:
    """Points and the Premier token for the rider's lap-th crossing."""
    while len(state.places) < lap:
        state.places.append(0)
    place = state.places[lap - 1]
    player = state.players[rider.seat]
    art = state.race.article
    if state.forfeits and [rider.seat, rider.index, lap] in state.forfeits:
        if events.wants(art):
            events.append(Event("cancelled", art, rider.seat, rider.index, {"lap": lap, "place": place + 1}))
        if state.options["veldiv.lapped-points"] == "cancel":
            state.places[lap - 1] += 1
        return
    state.places[lap - 1] += 1
    table = _points_table(state)
    if place < len(table):
        player.points += table[place]
        if events.wants(art):
            events.append(Event("points", art, rider.seat, rider.index,
                                {"lap": lap, "place": place + 1, "points": table[place], "total": player.points}))
    if lap not in state.premiers_given and _takes_premier(state, rider, lap, place):
        state.premiers_given.append(lap)
        player.premier += 1
        if events.wants(art):
            events.append(Event("premier", art, rider.seat, rider.index, {"lap": lap, "total": player.premier}))
        if player.premier >= PREMIERS_TO_WIN and not state.closing:
            _third_premier(state, rider, events)


def _takes_premier(state: State, rider: Rider, lap: int, place: int) -> bool:
    if state.race.team and state.options["veldiv.americaine-premier"] == "both-riders":
        return all(state.laps(r) >= lap for r in state.riders[rider.seat])
    return place == 0


def _third_premier(state: State, rider: Rider, events: Events) -> None:
    if state.options["veldiv.final-lap"] == "at-once":
        _finish_race(state, events)
        return
    state.closing = True
    if events.wants(state.race.article):
        events.append(Event("bell", state.race.article, rider.seat, rider.index, {}))
    _finish_rider(state, rider, events)


def _finish_rider(state: State, rider: Rider, events: Events) -> None:
    rider.finished = True
    if rider.seat not in state.arrivals:
        state.arrivals.append(rider.seat)
    if events.wants(state.race.article):
        events.append(Event("finish", state.race.article, rider.seat, rider.index,
                            {"square": rider.square, "arrival": state.arrivals.index(rider.seat) + 1}))
    for r in state.all_riders:
        if r.on_track and not r.finished:
            return
    _finish_race(state, events)  # the last rider in


# --- passing: laps taken (points races) and eliminations (pursuits) -------------

def _on_pass(state: State, rider: Rider, other: Rider, events: Events) -> None:
    if state.race.kind == "pursuit":
        _pursuit_catch(state, rider, other, events)
        return
    art = state.race.article
    sprint = state.laps(other) + 1
    forfeit = [other.seat, other.index, sprint]
    if len(state.places) >= sprint and state.places[sprint - 1] > 0 and forfeit not in state.forfeits:
        state.forfeits.append(forfeit)
        if events.wants(art):
            events.append(Event("lapped", art, other.seat, other.index, {"by": rider.seat, "lap": sprint}))
    if not state.closing:
        _lap_tokens(state, rider.seat, events)


def _lap_tokens(state: State, seat: int, events: Events) -> None:
    """'Un Tour' tokens: a lap gained on every opponent, or on each (option)."""
    mine = [r for r in state.riders[seat] if r.on_track and not r.finished]
    one_for_all = state.options["veldiv.lap-token"] == "all"
    groups: dict[str, list[Rider]] = {}
    for other in state.rivals[seat]:
        if other.on_track and not other.finished:
            groups.setdefault("all" if one_for_all else str(other.seat), []).append(other)
    for key, theirs in groups.items():
        lead = min(gained(m, t) for m in mine for t in theirs)
        mark = f"{seat}>{key}"
        if lead > state.lap_marks.get(mark, 0):
            new = lead - state.lap_marks.get(mark, 0)
            state.lap_marks[mark] = lead
            state.players[seat].tours += new
            if events.wants(state.race.article):
                events.append(Event("tour", state.race.article, seat, None,
                                    {"on": None if key == "all" else int(key), "total": state.players[seat].tours}))


def _pursuit_catch(state: State, rider: Rider, other: Rider, events: Events) -> None:
    if not state.race.team:
        _eliminate(state, other.seat, rider.seat, events)
        return
    hunters = state.riders[rider.seat]
    hunted = state.riders[other.seat]
    if state.options["veldiv.team-window"] == "two-laps" and state.players[rider.seat].tours >= 2:
        return
    if all(h.active for h in hunters + hunted) and all(gained(h, t) >= 1 for h in hunters for t in hunted):
        _eliminate(state, other.seat, rider.seat, events)


def _eliminate(state: State, seat: int, by: int | None, events: Events) -> None:
    for r in state.riders[seat]:
        r.on_track = False
    state.players[seat].eliminated = True
    state.eliminations.append(seat)
    if events.wants(state.race.article):
        events.append(Event("eliminated", state.race.article, seat, None, {"by": by}))
    left = [p.seat for p in state.players if not p.eliminated]
    if len(left) == 1:
        _finish_race(state, events, winner=left[0])


def _pursuit_lap(state: State, rider: Rider, lap: int, events: Events) -> None:
    player = state.players[rider.seat]
    team = state.riders[rider.seat]
    team_laps = min(state.laps(r) for r in team)
    if team_laps > player.tours:
        player.tours = team_laps
        if events.wants(state.race.article):
            events.append(Event("tour", state.race.article, rider.seat, None, {"on": None, "total": player.tours}))
    if lap < PURSUIT_LAPS:
        return
    if state.race.team and not all(state.laps(r) >= PURSUIT_LAPS for r in team):
        rider.finished = True  # Art. 10: one die for the teammate from now on
        if events.wants("veldiv:art-10"):
            events.append(Event("finish", "veldiv:art-10", rider.seat, rider.index, {"square": rider.square}))
        return
    for r in team:
        r.finished = True
    state.arrivals.append(rider.seat)
    _finish_race(state, events, winner=rider.seat)


# --- elimination race and the kitty ---------------------------------------------

def _wait(state: State, rider: Rider, events: Events) -> None:
    if state.options["veldiv.waiting-square"] == "line-order":
        base = rider.progress - (rider.square % TRACK_SQUARES)  # progress of the line just passed
        rider.progress = base + 1
        while _occupant(state, rider, rider.progress) is not None:
            rider.progress += 1
    if events.wants(state.race.article):
        events.append(Event("wait", state.race.article, rider.seat, rider.index, {"square": rider.square}))


def _lap_over(state: State, events: Events) -> bool:
    """When one rider alone has not crossed, it is the last of the lap. True if it was settled."""
    done = state.lap_done_at(state.lap)
    running, last = 0, None  # the seats still racing; the one rider of theirs not across the line this lap
    for player in state.players:
        if not player.eliminated:
            running += 1
            for r in state.riders[player.seat]:
                if r.progress < done:  # laps(r) < state.lap
                    if last is not None:
                        return False  # two riders or more still to cross: the lap goes on (asked every throw)
                    last = r
    if last is None or running < 2:
        return False
    if state.race.kind == "elimination":
        others = [p.seat for p in state.players if not p.eliminated and p.seat != last.seat]
        _eliminate(state, last.seat, None, events)
        if state.finished:
            return True
        first = min((state.riders[s][0] for s in others), key=lambda r: (r.progress, r.seat))
    else:
        _pay_stake(state, last, events)
        if state.finished:
            return True
        first = last
    state.lap += 1
    state.turn = first.seat
    if events.wants(state.race.article):
        events.append(Event("first", state.race.article, first.seat, first.index, {"lap": state.lap}))
    return True


def _pay_stake(state: State, last: Rider, events: Events) -> None:
    stake = int(state.options["veldiv.cagnotte-stake"])
    player = state.players[last.seat]
    player.stakes += stake
    state.pot += stake
    art = state.race.article
    if events.wants(art):
        events.append(Event("stake", art, last.seat, last.index, {"stake": stake, "pot": state.pot}))
    if state.pot >= int(state.options["veldiv.cagnotte-total"]):
        _finish_race(state, events)
        return
    lap_of_38 = state.lap if state.options["veldiv.cagnotte-38"] == "next-lap" else state.lap - 1
    last.progress = TRACK_SQUARES * lap_of_38 + CAGNOTTE_SQUARE
    while _occupant(state, last, last.progress) is not None:
        last.progress -= 1  # square 38 taken: the nearest free square behind it
    if events.wants(art):
        events.append(Event("placed", art, last.seat, last.index, {"square": last.square}))


def _next_turn(state: State, events: Events) -> None:
    """The die passes round the table to the first seat with a rider that may move."""
    if state.waiting and _lap_over(state, events):
        return
    done = _lap_bound(state)
    for r in state.riders_after[state.turn]:
        if r.on_track and not r.finished and r.progress < done:  # movable(), rider by rider: the hot path
            state.turn = r.seat
            return
    _finish_race(state, events)


def settle_setup(state: State, sink: Events | None = None) -> Events:
    """A set-up position may already hold a decided lap (elimination, kitty)."""
    events = events_into(sink)
    if state.waiting:
        _lap_over(state, events)
    if not state.finished and not movable(state, state.turn):
        _next_turn(state, events)
    return events


# --- the end ---------------------------------------------------------------------

def _finish_race(state: State, events: Events, winner: int | None = None) -> None:
    state.finished = True
    state.ranking = _ranking(state, winner)
    state.winner = state.ranking[0]
    if events.wants(state.race.article):
        events.append(Event("end", state.race.article, state.winner, None, {"ranking": list(state.ranking)}))


def _distance(state: State, seat: int) -> int:
    return sum(r.progress for r in state.riders[seat])


def _ranking(state: State, winner: int | None) -> list[int]:
    seats = [p.seat for p in state.players]
    kind = state.race.kind
    if kind == "points":
        def key(p: Player) -> tuple[int, ...]:
            arrival = state.arrivals.index(p.seat) if p.seat in state.arrivals else len(seats)
            first, second = (p.tours, p.premier)
            if state.options["veldiv.ranking"] == "premier-first":
                first, second = second, first
            return (-first, -second, -p.points, arrival, -_distance(state, p.seat), p.seat)
        return [p.seat for p in sorted(state.players, key=key)]
    if kind == "cagnotte":
        return sorted(seats, key=lambda s: (state.players[s].stakes, -_distance(state, s), s))
    running = [s for s in seats if s not in state.eliminations]
    running.sort(key=lambda s: (s != winner, -state.players[s].tours, -_distance(state, s), s))
    return running + state.eliminations[::-1]
