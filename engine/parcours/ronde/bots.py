"""Bots for the Ronde. Each decides from what its own seat can see (its hand, the open piles,
the board); the search bot samples what it cannot see.

- heuristic: a sensible club rider. Biggest die on open road, smaller dice before cobbles, cards
  where they pay most, tactical cards against the leader, counters against what hurts it.
- search: determinized Monte Carlo. For each decision it deals the unseen cards at random
  (keeping what its seat knows), plays every choice forward with heuristic riders for a few
  rounds, and keeps the choice with the best average standing.
"""

from __future__ import annotations

import random
from typing import Any

from ..chance import Shuffles
from ..core import Discard, Events, Need
from . import cards as C
from . import rules
from .state import State
from .steps import CounterWindow, EndOfTurn, Hit, PassedWindow, Roll

WINDOWS = ("counter", "spring", "passed", "kwak")
LOOK_AHEAD: Events | None = Discard()  # where the search's play-outs send their events (None: a list each step)
MEAN = {4: 2.5, 6: 3.5, 8: 4.5, 10: 5.5, 12: 6.5, 16: 8.5}


def heuristic(state: State, need: Need, rng: random.Random) -> str:
    return DECIDE[need.decision](state, need.seat, need.choices)


def _leader(state: State, seat: int) -> int:
    others = [r for r in state.riders if r.seat != seat and not r.finished]
    return max(others, key=lambda r: (r.at - 4 * r.skip, -r.seat)).seat if others else seat


def _fall_risk(state: State, at: int, sides: int) -> float:
    """Chance that this die lands the rider on a cobble whose number it reaches."""
    hits = 0
    for face, space in enumerate(state.course.spaces[at + 1:at + sides + 1], 1):  # past the finish: no cobbles
        hits += space.cobbles is not None and face >= space.number
    return hits / sides


def _act(state: State, seat: int, choices: tuple[str, ...]) -> str:
    me = state.riders[seat]
    leader = _leader(state, seat)
    for c in choices:  # misfortune for the leader, kwak for whoever is beside us
        kind, _, target = c.partition("@")
        if target and int(target) - 1 == leader and (kind in C.AGAINST or kind in C.KWAK):
            return c
    takes = [c for c in choices if c.startswith("t-take@")]
    if takes:
        return max(takes, key=lambda c: (len(state.riders[int(c[7:]) - 1].hand), c))
    pelotons = [c for c in choices if c.startswith("p-")]
    if pelotons and state.peloton is not None and me.at - state.peloton <= 6 and leader != seat \
            and state.riders[leader].at > me.at + 4:
        return pelotons[0]
    for card in ("t-koppenberg", "t-berendries", "square", "triangle"):
        if card in choices:
            return card
    if "roll" in choices:
        return "roll"
    basics = {c: int(c[1:]) for c in choices if c in ("d4", "d6", "d8")}
    best = max(basics, key=lambda c: MEAN[basics[c]] - 6 * _fall_risk(state, me.at, basics[c]))
    if "flat" in choices and _fall_risk(state, me.at, 10) == 0 and state.tactical_count(seat) + len(me.hand) > 3:
        return "flat"
    return best


def _counter(state: State, seat: int, choices: tuple[str, ...]) -> str:
    window = state.tasks[-1]
    assert isinstance(window, CounterWindow)
    kind = state.kinds[window.card]
    below = state.tasks[-3] if len(state.tasks) >= 3 else None  # under the window and its CounterEnd
    victim = below.victim if isinstance(below, Hit) else None
    if window.chain % 2 == 0:  # the card stands for now: counter it if it hurts us or helps the leader
        if victim == seat or (kind in C.ACCELERATION and window.last == _leader(state, seat)):
            return "counter"
    elif window.last != seat and victim == seat:  # our counter was countered
        return "counter"
    return "pass"


def _spring(state: State, seat: int, choices: tuple[str, ...]) -> str:
    window = state.tasks[-1]
    if isinstance(window, PassedWindow):
        left = window.face - (state.riders[seat].at - window.start)
        return "spring" if left >= 4 else "pass"
    roll = next((step for step in reversed(state.tasks) if isinstance(step, Roll)), None)
    return "spring" if roll is not None and roll.sides >= 10 else "pass"


def _first(state: State, seat: int, choices: tuple[str, ...]) -> str:
    return choices[0]


def _triangle(state: State, seat: int, choices: tuple[str, ...]) -> str:
    steals = [c for c in choices if c != "pass"]
    return max(steals, key=lambda c: (len(state.riders[int(c.split("@")[1]) - 1].hand), c)) if steals else "pass"


def _discard(state: State, seat: int, choices: tuple[str, ...]) -> str:
    order = ["t-take", "t-berendries", "t-koppenberg", "t-spring", *C.AGAINST, "t-kwak", "t-stevige-kwak",
             "t-counter"]
    return min(choices, key=lambda c: order.index(c.split(":")[1]))


def _rejoin(state: State, seat: int, choices: tuple[str, ...]) -> str:
    return choices[-1]


DECIDE = {"act": _act, "counter": _counter, "spring": _spring, "passed": _spring, "kwak": _first,
          "triangle": _triangle, "discard": _discard, "rejoin": _rejoin}


# ---------------------------------------------------------------- search

def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy where everything this seat cannot see is dealt again at random: the face-down piles
    and the other players' hands (each keeps its size and its share of peloton cards)."""
    world = state.clone(Shuffles(rng.getrandbits(64)))
    hidden_main = list(world.draw)
    hidden_peloton = list(world.peloton_draw)
    for r in world.riders:
        if r.seat != seat:
            hidden_main += [c for c in r.hand if world.kinds[c] not in C.PELOTON]
            hidden_peloton += [c for c in r.hand if world.kinds[c] in C.PELOTON]
    for pool in (hidden_main, hidden_peloton):  # in an order that says nothing of where they were
        pool.sort(key=lambda c: (world.kinds[c], c))
        rng.shuffle(pool)
    for r in world.riders:
        if r.seat != seat:
            mains = sum(1 for c in r.hand if world.kinds[c] not in C.PELOTON)
            r.hand = ([hidden_main.pop() for _ in range(mains)]
                      + [hidden_peloton.pop() for _ in range(len(r.hand) - mains)])
    world.draw, world.peloton_draw = hidden_main, hidden_peloton
    return world


CARD_VALUE = {"flat": 1.0, "triangle": 2.0, "square": 4.0, "peloton": 1.0, "tactical": 2.0}
KIND_VALUE = {kind: CARD_VALUE.get(kind, CARD_VALUE.get(C.family(kind), 0.0)) for kind in C.KINDS}  # by card kind
TURN_VALUE = 4.5  # spaces a turn is worth, roughly


def _standing(state: State, seat: int) -> float:
    """How well placed a seat is: its lead over the best rival, in spaces. Turns to sit out and
    being behind the peloton count against a rider, the cards in hand for him."""
    kinds, arrivals = state.kinds.__getitem__, state.arrivals
    mine, best = 0.0, None
    for r in state.riders:
        if r.finished:
            value = 1000.0 - (arrivals.index(r.seat) if r.seat in arrivals else 0)
        else:
            cards = sum(map(KIND_VALUE.__getitem__, map(kinds, r.hand)))  # whole numbers: exact in any order
            value = r.at - TURN_VALUE * (r.skip + (1.5 if r.behind else 0.0)) + 0.5 * cards
        if r.seat == seat:
            mine = value
        elif best is None or value > best:
            best = value
    return mine - (0.0 if best is None else best)


def _rollout(world: State, seat: int, rng: random.Random, on_turn: int) -> float:
    """Play on with heuristic riders to the end of the current turn; the first roll met on the way
    is averaged exactly over the die's faces instead of sampled."""
    asked = rules.need(world)
    while asked is not None and asked.kind == "choice":
        rules.play_choice(world, heuristic(world, asked, rng), LOOK_AHEAD)
        asked = rules.need(world)
    if asked is None:
        return _standing(world, seat)
    total = 0.0
    base = rng.getrandbits(64)  # integer seeds: a float's hash differs between CPython and Pyodide
    for face in range(1, asked.sides + 1):
        branch = world.clone(Shuffles(base - face))
        rules.play_throw(branch, [face], LOOK_AHEAD)
        total += _play_on(branch, seat, base + face, on_turn)  # the same dice after a face, whatever the choice
    return total / asked.sides


def _play_on(world: State, seat: int, seed: int, on_turn: int) -> float:
    """To the end of the turn under way (an extra turn at the foot of a hill included), the dice
    drawn from `Random(seed)` (seeded at the first die: the turn often ends without one)."""
    rng: random.Random | None = None
    stop = world.throws + 12
    while world.throws < stop and _on(world, on_turn) and (asked := rules.need(world)) is not None:
        if rng is None:
            rng = random.Random(seed)
        if asked.kind == "dice":
            rules.play_throw(world, [1 + int(asked.sides * rng.random())], LOOK_AHEAD)
        else:
            rules.play_choice(world, heuristic(world, asked, rng), LOOK_AHEAD)
    return _standing(world, seat)


def _on(world: State, turn: int) -> bool:
    """Whether that player's turn is still under way (`EndOfTurn(turn) in world.tasks`, quicker)."""
    return any(type(step) is EndOfTurn and step.seat == turn for step in world.tasks)


def search(state: State, need: Need, rng: random.Random, samples: int = 4) -> str:
    """Determinized Monte Carlo over a player's own decisions: each choice is tried in a few
    worlds dealt from what this seat cannot see, the next roll averaged over every face, the
    turn under way then played out by heuristic riders (the same dice for every choice)."""
    if len(need.choices) == 1:
        return need.choices[0]
    if need.decision in WINDOWS:  # searching the out-of-turn windows did worse than the heuristic
        return heuristic(state, need, rng)
    scores = dict.fromkeys(need.choices, 0.0)
    for _ in range(samples):
        world = determinize(state, need.seat, rng)
        dice_seed = rng.getrandbits(64)
        for choice in need.choices:
            trial = world.clone(Shuffles(dice_seed))
            rules.play_choice(trial, choice, LOOK_AHEAD)
            scores[choice] += _rollout(trial, need.seat, random.Random(dice_seed), state.turn)
    preferred = heuristic(state, need, rng)
    return max(need.choices, key=lambda c: (round(scores[c], 6), c == preferred))


BOTS: dict[str, Any] = {"heuristic": heuristic, "search": search}
BOT_NAMES: dict[str, dict[str, str]] = {"heuristic": {"fr": "Règle simple", "en": "Rule of thumb"},
                                        "search": {"fr": "Anticipation", "en": "Look-ahead"}}
