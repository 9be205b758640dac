"""Velocità's solved values against exact chances computed here, independently of the solver.

The hand count: the extra turn after a level finish past the line, over the 36 throw pairs. The brute
force: every turn near the line played through the engine itself (its own rules, its own questions),
with exact fractions; a turn that can come back to itself (both riders "sur place", or level again
past the line) is solved exactly by policy iteration on its one unknown.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from parcours import default_options
from parcours.cdp.velocita import State, need, new_state, play_choice, play_throw
from parcours.cdp.velocita_solver import UnsolvedPosition, advice, chances, solution
from parcours.options import OptionValue

V = "cdp.velocita"
EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "cdp" / "examples"
READINGS = [{"cdp.line-crossing": line, "cdp.sprint-parity": parity, "cdp.sprint-when": when, "cdp.lot": "first-seat"}
            for line, parity, when in itertools.product(("reach", "beyond"), ("face", "doubled"),
                                                          ("after-throw", "before-throw"))]
IDS = ["-".join(str(v) for v in list(r.values())[:3]) for r in READINGS]
NEAR = 1e-9  # the solver works in floats, to 1e-13

Lin = tuple[Fraction, Fraction]  # c + k·x, x the unknown chance of the turn being solved
Key = tuple[object, ...]


def read_yaml(text: str) -> Any:
    import yaml  # the site's data: PyYAML, which Pyodide lacks (these tests are marked `site`)

    return yaml.safe_load(text)


def options_of(reading: dict[str, str]) -> dict[str, OptionValue]:
    return default_options(V) | reading


def start(options: dict[str, OptionValue], a: int, b: int, sprint: bool, first: int) -> State:
    return new_state(V, options, {"pos": [a, b], "sprint": sprint, "first": first})


def after(state: State, move: Callable[[State], object]) -> State:
    copy = dataclasses.replace(state, pos=list(state.pos))
    move(copy)
    return copy


def after_throw(state: State, face: int) -> State:
    return after(state, lambda s: play_throw(s, [face]))


def after_choice(state: State, choice: str) -> State:
    return after(state, lambda s: play_choice(s, choice))


def drive(state: State, faces: list[int]) -> State:
    """Throw `faces`; at every question hold the sprint and ride the most."""
    dice = iter(faces)
    while (n := need(state)) is not None:
        if n.kind == "dice":
            face = next(dice, None)
            if face is None:
                break
            state = after_throw(state, face)
        else:
            pick = "wait" if n.decision == "sprint" else n.choices[-1]
            state = after_choice(state, pick)
    return state


def extra_turn(options: dict[str, OptionValue]) -> State:
    """Both riders a square short of the line, seat 0 first, both throw 2: level past it, one more turn."""
    line = start(options, 0, 0, False, 0).line
    state = drive(start(options, line - 1, line - 1, False, 0), [2, 2])
    assert state.pos == [line + 1, line + 1] and state.moved == 0 and not state.finished and state.first == 1
    return state


# --- the hand count ---------------------------------------------------------------------------

PAIRS = list(itertools.product(range(1, 7), repeat=2))  # (opener's face, second rider's face)


def second_rider_in_the_extra_turn() -> tuple[Fraction, Fraction]:
    """P(the rider who throws second wins), sprint on, then sprint off. Past the line every square
    counts, so each rider rides the most he may; the opener may not launch the sprint, the second
    rider launches it whenever it is off (doubling never hurts him: it is never worse than his face)."""
    # Sprint on: both double. Higher face wins, lower loses, the same is one more turn, in which the
    # other throws second: v = higher + same·(1 - v).
    higher = Fraction(sum(d2 > d1 for d1, d2 in PAIRS), 36)
    same = Fraction(sum(d2 == d1 for d1, d2 in PAIRS), 36)
    on = (higher + same) / (1 + same)
    # Sprint off: the opener rides his face, the second rider twice his.
    wins = Fraction(sum(2 * d2 > d1 for d1, d2 in PAIRS), 36)
    level = Fraction(sum(2 * d2 == d1 for d1, d2 in PAIRS), 36)
    return on, wins + level * (1 - on)  # level again: one more turn, the sprint on, he throws first


def test_the_hand_count() -> None:
    on, off = second_rider_in_the_extra_turn()
    assert (on, off) == (Fraction(1, 2), Fraction(19, 24))  # 27 pairs win outright, 3 are level again


@pytest.mark.parametrize("reading", READINGS, ids=IDS)
def test_the_extra_turn_after_a_level_finish(reading: dict[str, str]) -> None:
    options = options_of(reading)
    on, off = second_rider_in_the_extra_turn()
    sol = solution(options)
    line = sol.line
    for squares in (line, line + 1, line + 5):  # stored once; asked at any square past the line
        for sprint, second in ((False, off), (True, on)):
            assert sol.turn_value(squares, squares, sprint, 1) == pytest.approx(float(second), abs=NEAR)
            assert sol.turn_value(squares, squares, sprint, 0) == pytest.approx(float(1 - second), abs=NEAR)
    state = extra_turn(options)  # seat 1 opens, seat 0 throws second
    assert chances(state) == pytest.approx(float(off), abs=NEAR)


def test_a_position_never_solved_is_an_error_not_a_default() -> None:
    sol = solution(options_of(READINGS[0]))
    with pytest.raises(UnsolvedPosition):
        sol.turn_value(31, 29, False, 0)  # a finished race has no next turn
    with pytest.raises(UnsolvedPosition):
        sol.turn_value(-1, 0, False, 0)


# --- the brute force through the engine -------------------------------------------------------

class Exact:
    """P(seat 0 wins), exact, at every turn start reachable from positions near the line."""

    def __init__(self, options: dict[str, OptionValue]) -> None:
        self.options = options
        self.values: dict[Key, Fraction] = {}
        self.states: dict[Key, State] = {}
        self.solving: set[Key] = set()

    def key(self, state: State) -> Key:
        a, b = state.pos
        if a == b >= state.line:  # level past the line: only the order and the sprint matter now
            return ("extra turn", state.sprint, state.first)
        return (a, b, state.sprint, state.first)

    @staticmethod
    def twin(key: Key) -> Key | None:
        """Level riders: the same turn with the other first, worth 1 - x to seat 0 by symmetry."""
        if key[0] == "extra turn" or key[0] == key[1]:
            return key[:-1] + (1 - int(key[-1]),)  # type: ignore[call-overload]
        return None

    def turn(self, state: State) -> Fraction:
        key = self.key(state)
        if key in self.values:
            return self.values[key]
        self.solving.add(key)
        guess = Fraction(1, 2)
        for _ in range(40):
            c, k = self.node(state, key, guess, root=True)
            x = c / (1 - k)
            if x == guess:
                break
            guess = x
        else:
            raise AssertionError(f"policy iteration did not settle at {key}")
        self.solving.discard(key)
        self.values[key], self.states[key] = x, state
        if (twin := self.twin(key)) is not None:
            self.values[twin] = 1 - x
        return x

    def node(self, state: State, key: Key, guess: Fraction, root: bool = False,
             check: Callable[[State, Fraction, dict[str, Fraction]], None] | None = None) -> Lin:
        """The value of a game state within the turn `key`, as c + k·x; max and min are taken at `guess`."""
        if state.finished:
            return (Fraction(int(state.winner == 0)), Fraction(0))
        if not root and state.moved == 0 and state.stage == "throw":  # the next turn starts
            reached = self.key(state)
            if reached == key:
                loop = (Fraction(0), Fraction(1))
            elif reached == self.twin(key):
                loop = (Fraction(1), Fraction(-1))
            else:
                assert reached not in self.solving, (key, reached)
                loop = (self.turn(state), Fraction(0))
            if check is not None:  # a turn start at the squares reached, not only as stored
                check(state, loop[0] + loop[1] * guess, {})
            return loop
        n = need(state)
        assert n is not None
        if n.kind == "dice":
            lins = [self.node(after_throw(state, face), key, guess, check=check)
                    for face in range(1, 7)]
            value = (sum((c for c, _ in lins), Fraction(0)) / 6, sum((k for _, k in lins), Fraction(0)) / 6)
            by_choice: dict[str, Fraction] = {}
        else:
            options = {choice: self.node(after_choice(state, choice), key, guess, check=check)
                       for choice in n.choices}
            by_choice = {choice: c + k * guess for choice, (c, k) in options.items()}
            pick = max if n.seat == 0 else min
            value = options[pick(by_choice, key=by_choice.__getitem__)]
        if check is not None:
            check(state, value[0] + value[1] * guess, by_choice)
        return value


def near_the_line(options: dict[str, OptionValue], depth: int = 4) -> list[State]:
    """Turn starts with both riders within `depth` squares of the line: the leader first, or either if level."""
    line = start(options, 0, 0, False, 0).line
    squares = range(line - depth, line)
    return [start(options, a, b, sprint, first)
            for a in squares for b in squares for sprint in (False, True)
            for first in ((0, 1) if a == b else ((0 if a > b else 1),))]


@pytest.mark.parametrize("reading", READINGS, ids=IDS)
def test_solved_values_and_advice_near_the_line(reading: dict[str, str]) -> None:
    options = options_of(reading)
    exact, sol = Exact(options), solution(options)
    for state in near_the_line(options):
        exact.turn(state)
    for key, value in exact.values.items():
        stored = (sol.line, sol.line) + key[1:] if key[0] == "extra turn" else key
        assert sol.turn_value(*stored) == pytest.approx(float(value), abs=NEAR), key  # type: ignore[arg-type]

    def check(state: State, value: Fraction, by_choice: dict[str, Fraction]) -> None:
        assert chances(state) == pytest.approx(float(value), abs=NEAR), (state.pos, state.stage, state.die)
        if by_choice:
            best = max(by_choice.values()) if state.mover == 0 else min(by_choice.values())
            told = advice(state, tuple(by_choice))
            where = (state.pos, state.stage, state.die, told, by_choice)
            if told is None:  # no advice: every choice must be worth the same
                assert max(by_choice.values()) - min(by_choice.values()) < NEAR, where
            else:
                assert abs(by_choice[told] - best) < NEAR, where

    for key, state in exact.states.items():  # every position within every turn, at the exact values
        exact.node(state, key, exact.values[key], root=True, check=check)


@pytest.mark.site
def test_the_rules_page_example_shows_the_extra_turn_at_19_in_24() -> None:
    """docs/cdp/examples/velocita-arrivee.yml, as the page renders it: once the riders are level past
    the line, rider 1 (who throws second in the extra turn) has 19/24, before and after the move."""
    from parcours_view.film import film

    data = read_yaml((EXAMPLES / "velocita-arrivee.yml").read_text(encoding="utf-8"))
    frames = film(data["scenario"]).frames
    tie = next(i for i, f in enumerate(frames) if "cdp:velocita-arrivee" in f["cites"] and not f["finished"])
    before, at = frames[tie - 1], frames[tie]  # rider 2 is about to ride his 5 squares; he has ridden them
    for frame in (before, at):
        assert frame["analysis"]["chances"] == [0.7917, 0.2083]
        assert "79.2% for rider 1, 20.8% for rider 2" in frame["html"]["en"]  # never "rider 1 79.2%"
        assert "79,2\u00a0% pour le coureur 1, 20,8\u00a0% pour le coureur 2" in frame["html"]["fr"]
    assert "The best choice here: ride 5 squares." in before["html"]["en"]  # in words, never the code "5"
    assert "Le meilleur choix ici\u00a0: avancer de 5 cases." in before["html"]["fr"]
    last = frames[-2]  # rider 1 has thrown 1 and held the sprint: 0 or 1 square, he loses either way
    assert last["analysis"]["best"] is None
    assert "every choice is worth the same" in last["html"]["en"] and "tous les choix se valent" in last["html"]["fr"]


@pytest.mark.site  # the examples are YAML, which Pyodide cannot read
def test_the_shipped_solutions_are_the_solved_ones_and_cover_every_example() -> None:
    """The solutions the engine reads (velocita_solved.json, for the browser's sake) are those it would
    solve, every value exactly; every published Velocità example plays under one of them (its first live
    step then needs no solving); other readings are still solved when asked for."""
    import json

    from parcours.cdp import velocita_solver as solver

    shipped = json.loads(solver.SOLVED.read_text(encoding="utf-8"))["solutions"]
    assert shipped[0]["options"] == {k: v for k, v in default_options(V).items() if k != "cdp.lot"}
    for entry in shipped:
        fresh = solver.Solution(entry["options"])
        read = solution(entry["options"] | {"cdp.lot": "die"})
        differ = [(k, v, fresh.turn.get(k)) for k, v in read.turn.items() if fresh.turn.get(k) != v]
        assert read is not fresh and not differ and len(fresh.turn) == len(read.turn) > 3000, differ[:3]
    keys = [sorted(e["options"].items()) for e in shipped]
    for path in sorted(EXAMPLES.glob("*.yml")):
        scenario = read_yaml(path.read_text(encoding="utf-8"))["scenario"]
        if scenario["ruleset"] == V:
            options = default_options(V) | (scenario.get("options") or {})
            assert sorted((k, v) for k, v in options.items() if k != "cdp.lot") in keys, path.name
    other = default_options(V) | {"cdp.line-crossing": "beyond"}
    assert sorted((k, v) for k, v in other.items() if k != "cdp.lot") not in keys
    assert len(solution(other).turn) > 3000  # not shipped: solved for its own readings
