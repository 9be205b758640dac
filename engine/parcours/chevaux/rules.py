"""The horse race's rules, one throw at a time; every event cites its rule."""

from __future__ import annotations

from collections.abc import Callable
from math import floor
from typing import Any

from ..core import Event, Events, Need, ScenarioError, dice_needs, events_into, is_whole, quoted
from ..options import OptionValue
from .races import HORSES, RACES
from .state import Board, Player, State
from .terms import TERMS

POINTS_TO_WIN = 3


def new_state(ruleset: str, players: int, options: dict[str, OptionValue], setup: object = None) -> State:
    data = setup if setup is not None else {}
    if not isinstance(data, dict):
        raise ScenarioError("setup", "expected a mapping with board, horses and turn",
                            fr="attendu : un dictionnaire avec board, horses et turn")
    for key in data:
        if key not in ("board", "horses", "turn"):
            raise ScenarioError(f"setup.{key}", "unknown field (expected board, horses, turn)",
                                fr="champ inconnu (attendu : board, horses, turn)")
    state = State(ruleset, options, Board.parse(data.get("board")), [Player(s) for s in range(players)])
    if "horses" in data:
        _place_horses(state, data["horses"])
        state.leg = 1 + sum(p.points for p in state.players)
    turn = data.get("turn", 0)
    if not is_whole(turn, 0, players - 1):
        raise ScenarioError("setup.turn", f"expected a seat from 0 to {players - 1}, got {quoted(turn, 'en')}",
                            fr=f"attendu : une place de 0 à {players - 1}, reçu {quoted(turn, 'fr')}")
    state.turn = state.leg_starter = turn
    return state


def _place_horses(state: State, rows: object) -> None:
    if not isinstance(rows, list) or len(rows) != len(state.players):
        raise ScenarioError("setup.horses", f"expected {len(state.players)} mappings, one per player",
                            fr=f"attendu : {len(state.players)} dictionnaires, un par joueur")
    limits = {"hole": state.board.holes - 1, "lost": HORSES - 1, "points": POINTS_TO_WIN - 1}
    for seat, row in enumerate(rows):
        if not isinstance(row, dict):
            raise ScenarioError(f"setup.horses[{seat}]", "expected a mapping such as {hole: 4, lost: 1}",
                                fr="attendu : un dictionnaire tel que {hole: 4, lost: 1}")
        for key, value in row.items():
            where = f"setup.horses[{seat}].{key}"
            if key not in limits:
                raise ScenarioError(where, "unknown field (expected hole, lost, points)",
                                    fr="champ inconnu (attendu : hole, lost, points)")
            if not is_whole(value, 0, limits[key]):
                raise ScenarioError(where, f"expected a whole number from 0 to {limits[key]}, "
                                           f"got {quoted(value, 'en')}",
                                    fr=f"attendu : un nombre entier de 0 à {limits[key]}, reçu {quoted(value, 'fr')}")
            if key == "points" and value and state.ruleset != "chevaux.trois-points":
                raise ScenarioError(where, "points are scored only in the race in legs (chevaux.trois-points)",
                                    fr="on ne marque de points que dans la course en manches (chevaux.trois-points)")
            setattr(state.players[seat], key, value)
        if state.players[seat].hole in state.board.traps:
            raise ScenarioError(f"setup.horses[{seat}].hole", "a horse cannot stand in a trap: it would have fallen",
                                fr="un cheval ne peut pas se tenir dans un piège : il y serait tombé")


def settle_setup(state: State, sink: Events | None = None) -> Events:
    events = events_into(sink)
    if events.wants("chevaux:mise-en-place"):
        events.append(Event("first", "chevaux:mise-en-place", state.turn, data={}))
    return events


_ONE_DIE = dice_needs(1, max(r.max_players for r in RACES.values()))  # what a turn waits for, by seat


def need(state: State) -> Need | None:
    return None if state.finished else _ONE_DIE[state.turn]


def play_choice(state: State, choice: str, sink: Events | None = None) -> Events:
    raise ScenarioError("choices", f"the {TERMS.name('game', 'en')} has no decisions to script",
                        fr=f"la {TERMS.name('game', 'fr')} ne demande aucune décision")


def play_throw(state: State, dice: list[int], sink: Events | None = None) -> Events:
    seat, face = state.turn, dice[0]
    player, holes = state.players[seat], state.board.holes
    events = events_into(sink)
    if events.wants("chevaux:deplacement"):
        events.append(Event("throw", "chevaux:deplacement", seat, data={"dice": [face]}))
    target = player.hole + face
    state.throws += 1
    if target > holes:  # exact count needed: the horse stays put
        if events.wants("chevaux:fin"):
            events.append(Event("overshoot", "chevaux:fin", seat,
                                data={"hole": player.hole, "needed": holes - player.hole}))
    else:
        if events.wants("chevaux:deplacement"):
            events.append(Event("move", "chevaux:deplacement", seat, data={"from": player.hole, "to": target}))
        player.hole = target
        if target == holes:
            _arrive(state, player, events)
        elif target in state.board.traps:
            _fall(state, player, events)
    if not state.finished:
        state.turn = (state.turn + 1) % len(state.players)
    return events


def play_dice(state: State, random: Callable[[], float], sink: Events) -> int:
    """Every throw to the end of the race (the horses ask for nothing but one die), each die
    1 + floor(6 * random()); returns the throws played (see interface.GameRules)."""
    before, die = state.throws, [0]
    while not state.finished:
        die[0] = 1 + floor(6 * random())
        play_throw(state, die, sink)
    return state.throws - before


def _fall(state: State, player: Player, events: Events) -> None:
    player.lost += 1
    if events.wants("chevaux:pieges"):
        events.append(Event("fall", "chevaux:pieges", player.seat,
                            data={"hole": player.hole, "left": HORSES - player.lost}))
    player.hole = 0
    if player.lost < HORSES:
        if events.wants("chevaux:un-cheval"):
            events.append(Event("next-horse", "chevaux:un-cheval", player.seat, data={"left": HORSES - player.lost}))
        return
    player.ruined = True
    if events.wants("chevaux:fin"):
        events.append(Event("ruined", "chevaux:fin", player.seat, data={}))
    other = (player.seat + 1) % len(state.players)
    legs = state.ruleset == "chevaux.trois-points"
    # with horses carried over, a ruined player has none left for another leg: the game is lost
    if legs and state.options["chevaux.legs-ruin"] == "leg" and state.options["chevaux.legs-horses"] == "fresh":
        _score(state, state.players[other], events)
    else:
        _end(state, other, events)


def _arrive(state: State, player: Player, events: Events) -> None:
    if events.wants("chevaux:fin"):
        events.append(Event("finish", "chevaux:fin", player.seat, data={}))
    if state.ruleset == "chevaux.trois-points":
        _score(state, player, events)
    else:
        _end(state, player.seat, events)


def _score(state: State, player: Player, events: Events) -> None:
    player.points += 1
    state.arrivals.append(player.seat)
    if events.wants("chevaux:variante"):
        events.append(Event("point", "chevaux:variante", player.seat, data={"total": player.points}))
    if player.points >= POINTS_TO_WIN:
        _end(state, player.seat, events)
        return
    state.leg += 1
    for p in state.players:
        p.hole, p.ruined = 0, False
        if state.options["chevaux.legs-horses"] == "fresh":
            p.lost = 0
    if state.options["chevaux.legs-start"] == "alternate":
        state.leg_starter = (state.leg_starter + 1) % len(state.players)
    # the turn passes on after this throw: set it to the seat before the starter
    state.turn = (state.leg_starter - 1) % len(state.players)
    if events.wants("chevaux:variante"):
        events.append(Event("leg", "chevaux:variante", state.leg_starter, data={"leg": state.leg}))


def _end(state: State, winner: int, events: Events) -> None:
    state.finished = True
    state.winner = winner
    if events.wants(RACES[state.ruleset].article):
        events.append(Event("end", RACES[state.ruleset].article, winner, data={"ranking": ranking(state)}))


def ranking(state: State) -> list[int]:
    if state.winner is None:
        return []
    return [state.winner] + [p.seat for p in state.players if p.seat != state.winner]


def observe(state: State, seat: int | None = None) -> dict[str, Any]:
    """The position as JSON (nothing is hidden: every seat sees it all)."""
    return {
        "ruleset": state.ruleset,
        "finished": state.finished,
        "winner": state.winner,
        "ranking": ranking(state),
        "turn": None if state.finished else state.turn,
        "leg": state.leg,
        "board": state.board.to_json(),
        "players": [{"seat": p.seat, "hole": p.hole, "lost": p.lost, "horses_left": HORSES - p.lost,
                     "points": p.points, "ruined": p.ruined} for p in state.players],
    }
