"""Fuzzing: valid scenarios of every game, mutated, never break the engine, the CLI or the worker's calls.

Every mutated scenario must end in a result or in a one-line ScenarioError (the CLI: exit 0, or exit 2
with one line on stderr), within a time bound. Seeds: tests/golden/scenarios.json and every worked
example in docs/*/examples/. Hypothesis runs derandomized (the same examples every run) and without
its own deadline: the bound is ours, measured per call. FUZZ_EXAMPLES=5000 searches longer (the
default, 800 a test, takes about 20 s here).
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
import re
import sys
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from parcours import Game, ScenarioError, game_of, parse, replay
from parcours.cli import main
from parcours_view import figure_json, film_json, play_json

ROOT = Path(__file__).parent.parent
SEEDS: list[dict[str, Any]] = json.loads((ROOT / "tests" / "golden" / "scenarios.json").read_text()) + [
    yaml.safe_load(path.read_text())["scenario"] for path in sorted(ROOT.glob("docs/*/examples/*.yml"))]

# The bound, in CPU seconds of the calling thread (wall time varies with the machine's load and
# made this suite flake on a busy machine): a fixed allowance for any call, well above the slowest
# legal one (the horse race's odds on its largest board, about 2 s), plus a little per step
# actually played (a legal race may be long: the kitty to 1,000 takes 93,000 throws, and is played
# to its end). It catches work without bound (a billion laps, a recursion), not slowness: speed is
# measured by the benchmarks (make bench).
SECONDS = 10.0
PER_STEP = 0.0005

FUZZ = settings(derandomize=True, deadline=None, database=None,
                max_examples=int(os.environ.get("FUZZ_EXAMPLES", "800")),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.large_base_example])

T = TypeVar("T")


@contextmanager
def any_digits() -> Iterator[None]:
    """Let the test itself write integers of thousands of digits (the engine must refuse them)."""
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(before)


def timed(call: Callable[[], T]) -> tuple[T, float]:
    start = time.thread_time()
    out = call()
    return out, time.thread_time() - start


def deep(depth: int, leaf: Any) -> Any:
    for _ in range(depth):
        leaf = [leaf]
    return leaf


# --- values to put where valid ones were ------------------------------------------------------

small = st.one_of(st.integers(-3, 60), st.booleans(), st.none(), st.text(max_size=8),
                  st.floats(allow_nan=True, allow_infinity=True))
weird = st.one_of(
    small,
    st.integers(-2**70, 2**70),
    st.integers(1, 5000).map(lambda digits: 10**digits),  # up to 5,000 digits
    st.integers(0, 10**6).map(str),  # a number written as a string
    st.lists(small, max_size=5),
    st.dictionaries(st.text(max_size=5), small, max_size=3),
    st.integers(17, 800).map(lambda depth: deep(depth, 1)),  # nested deeper than allowed
    st.integers(1000, 30_000).map(lambda size: [1] * size),  # long lists
    st.integers(10_001, 50_000).map(lambda size: "x" * size),  # long strings
    st.sampled_from(["", "\n", "²", "1e9", "-0", "NaN", "veldiv.individuelle", "sprint", "wait", "0", "12"]),
)


def nudged(value: Any) -> st.SearchStrategy[Any]:
    """Values close to a valid one: off by one, signs, scales, types."""
    if isinstance(value, bool):
        return st.sampled_from([not value, int(value), str(value).lower(), None])
    if isinstance(value, int) and abs(value) < 2**60:
        return st.sampled_from([value + 1, value - 1, -value, value * 1000, value * 10**9, 0, -1,
                                float(value), str(value), [value]])
    if isinstance(value, str):
        return st.sampled_from([value + "x", value.upper(), "", value * 3, [value], {value: value}])
    return weird


def places(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in a scenario, the root's own keys included."""
    out: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            out.append((node, key))
            stack.append(value)
    return out


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    # places are picked through a seeded Random: Hypothesis's own picks lean to the first items
    # (the ruleset, the first seed), and every part of every game should be hit alike
    pick = draw(st.randoms(use_true_random=False))
    scenario = copy.deepcopy(pick.choice(SEEDS))
    for _ in range(draw(st.integers(1, 3))):
        spots = places(scenario)
        if not spots:
            break
        container, key = pick.choice(spots)
        how = pick.choice(["replace", "nudge", "nudge", "nudge", "delete", "add-key", "grow", "option", "option"])
        if how == "option":  # a legal but unusual reading: the rules' less-travelled paths
            _any_option(scenario, pick)
        elif how == "replace":
            container[key] = draw(weird)
        elif how == "nudge":
            container[key] = draw(nudged(container[key]))
        elif how == "delete":
            del container[key]
        elif how == "add-key":
            target = container if isinstance(container, dict) else container[key]
            if isinstance(target, dict):
                target[pick.choice(["colour", "laps", "square", "turn", "rider", "phase", "1", ""])] = draw(weird)
        else:  # a list grows by copies of its own items, or of odd ones
            target = container[key]
            if isinstance(target, list):
                target.extend(draw(st.lists(st.sampled_from(target) if target else weird, max_size=40)))
    return scenario


def _any_option(scenario: dict[str, Any], pick: random.Random) -> None:
    try:
        game = game_of(scenario.get("ruleset"))
    except ScenarioError:
        return
    ids = sorted(oid for oid, races in game.APPLIES.items() if scenario["ruleset"] in races)
    if not ids or not isinstance(scenario.get("options", {}), dict):
        return
    option = game.OPTIONS[pick.choice(ids)]
    values: list[Any] = list(option.values) or list(option.number_range or ())
    scenario.setdefault("options", {})[option.id] = pick.choice(values)


def json_text(data: Any) -> str:
    with any_digits():
        return json.dumps(data)


def steps_of(result: dict[str, Any]) -> int:
    return int(result.get("steps", 0)) if isinstance(result, dict) else 0


def one_line(message: str) -> bool:
    return "\n" not in message.strip() and "Traceback" not in message and len(message) < 1000


# --- the engine --------------------------------------------------------------------------------

@FUZZ
@given(mutated())
def test_replay_ends_in_a_result_or_a_one_line_error(scenario: dict[str, Any]) -> None:
    start = time.thread_time()
    try:
        out = replay(scenario)
    except ScenarioError as err:
        assert one_line(str(err)), str(err)
        assert time.thread_time() - start < SECONDS
        return
    assert out["stopped"] in ("end", "dice", "choices")
    assert time.thread_time() - start < SECONDS + PER_STEP * out["steps"]
    json.dumps(out)  # a result the browser can take: plain JSON


@FUZZ
@given(mutated(), st.booleans())
def test_cli_replay_exits_0_or_2_with_one_line(tmp_path_factory: pytest.TempPathFactory, scenario: dict[str, Any],
                                               as_yaml: bool) -> None:
    path = tmp_path_factory.mktemp("fuzz") / ("scenario.yml" if as_yaml else "scenario.json")
    with any_digits():
        text = yaml.safe_dump(scenario) if as_yaml and _yaml_safe(scenario) else json.dumps(scenario)
    path.write_text(text, encoding="utf-8")
    code, seconds, out, err = _cli(["replay", str(path), "--json"])
    assert code in (0, 2), err
    if code == 2:
        assert out == "" and err.startswith("parcours: ") and err.count("\n") == 1 and one_line(err), err
        assert seconds < SECONDS
    else:
        assert err == ""
        assert seconds < SECONDS + PER_STEP * steps_of(json.loads(out))


@settings(FUZZ, max_examples=60)
@given(st.binary(max_size=300) | st.text(max_size=300).map(lambda s: s.encode("utf-8", "surrogatepass")))
def test_cli_replay_of_any_bytes_exits_0_or_2_with_one_line(tmp_path_factory: pytest.TempPathFactory,
                                                            data: bytes) -> None:
    path = tmp_path_factory.mktemp("bytes") / "scenario.yml"
    path.write_bytes(data)
    code, seconds, out, err = _cli(["replay", str(path)])
    assert code in (0, 2) and seconds < SECONDS
    assert code == 0 or (out == "" and err.count("\n") == 1 and one_line(err)), err


def _yaml_safe(data: Any) -> bool:
    """PyYAML's dumper recurses: leave the deep ones to JSON (the loader's depth check is tested on JSON and
    YAML texts)."""
    stack = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > 100:
            return False
        if isinstance(node, float) and math.isnan(node):
            continue
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
        stack.extend((child, depth + 1) for child in children)
    return True


def _cli(args: list[str]) -> tuple[int, float, str, str]:
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code, seconds = timed(lambda: main(args))
    return code, seconds, out.getvalue(), err.getvalue()


# --- the calls the browser's Web Worker makes (playable/assets/parcours/worker.mjs) -------------

def _worker_answer(call: Callable[[], str]) -> tuple[dict[str, Any], float]:
    text, seconds = timed(call)
    answer = json.loads(text)
    assert isinstance(answer, dict)
    if answer.get("error") is not None:
        assert one_line(str(answer["error"])), answer["error"]
    return answer, seconds


@FUZZ
@given(mutated())
def test_worker_film_answers_a_film_or_a_one_line_error(scenario: dict[str, Any]) -> None:
    answer, seconds = _worker_answer(lambda: film_json(json_text(scenario)))
    assert seconds < SECONDS + PER_STEP * len(answer.get("frames") or ()) * 20


@FUZZ
@given(mutated(), st.sampled_from([None, {"seats": [1], "name": "search", "seed": 1, "moves": 3}]),
       st.sampled_from([0, 1, 2, -1, "0", 10**6]))
def test_worker_play_answers_a_race_or_a_one_line_error(scenario: dict[str, Any], bots: Any, since: Any) -> None:
    request: dict[str, Any] = {"scenario": scenario, "links": "#", "since": since}
    if bots is not None:
        request["bots"] = bots
    answer, seconds = _worker_answer(lambda: play_json(json_text(request)))
    assert seconds < SECONDS + PER_STEP * int(answer.get("count") or 0) * 20


@pytest.mark.parametrize("text", ["[" * 100_000, '{"scenario": ' * 5000 + "1" + "}" * 5000])
@pytest.mark.parametrize("call", [lambda t: film_json(t), play_json, figure_json], ids=["film", "play", "figure"])
def test_worker_calls_answer_deeply_nested_json_with_one_line(call: Callable[[str], str], text: str) -> None:
    answer, seconds = _worker_answer(lambda: call(text))
    assert answer.get("error") and seconds < SECONDS


@pytest.mark.parametrize("board", [
    {"holes": 60, "up": 30, "traps": [5, 9, 13, 17]},  # the largest board a scenario may set
    {"holes": 60, "up": 1, "traps": list(range(2, 59))},
    {"holes": 10**30}, {"traps": [[1]]}, {"up": "10"}, [], "x", None,
])
def test_worker_odds_answers_within_the_bound(board: Any) -> None:
    request = {"game": "chevaux", "name": "odds", "input": board}  # the horse race's live figure
    answer, seconds = _worker_answer(lambda: figure_json(json_text(request)))
    assert ("html" in answer) != ("error" in answer) and seconds < SECONDS


# --- issue 25: keys given twice, what a terminal would obey, title and description, set-ups no race reaches ----

# characters a terminal or a page would obey or hide: controls, format (bidi), separators, private, surrogates
obeyed = st.characters(categories=["Cc", "Cf", "Zl", "Zp", "Co", "Cs"])
hostile = st.one_of(
    st.sampled_from(["\x1b]0;pwned\x07\x1b[2J", "\x1b[31m", "\x9b2J", "a\u202eb", "\u2066x\u2069", "\x00", "\x7f"]),
    st.lists(st.one_of(obeyed, st.characters(codec="ascii")), min_size=1, max_size=12).map("".join),
)


def unsafe(text: str, lines: bool = True) -> list[str]:
    """What a terminal would obey or hide (`lines`: but the line breaks between an output's lines)."""
    return [c for c in text if not (lines and c == "\n") and not c.isprintable() and unicodedata.category(c) != "Zs"]


def _refused_in_one_line(args: list[str]) -> str:
    code, _, out, err = _cli(args)
    assert code == 2 and out == "" and err.startswith("parcours") and err.count("\n") == 1 and one_line(err), err
    return err


def with_twice(node: Any, target: Any, key: str, value: Any) -> str:
    """JSON text of `node`, the mapping `target` holding `key` a second time (json.dumps cannot write that)."""
    if isinstance(node, dict):
        pairs = list(node.items()) + ([(key, value)] if node is target else [])
        return "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)}:\n {with_twice(v, target, key, value)}"
                               for k, v in pairs) + "}"
    if isinstance(node, list):
        return "[" + ", ".join(with_twice(item, target, key, value) for item in node) + "]"
    return json.dumps(node, ensure_ascii=False)  # (YAML reads no "\\ud800\\udc00": a character beyond the BMP raw)


@FUZZ
@given(st.randoms(use_true_random=False),
       st.one_of(st.integers(-3, 60), st.text(st.characters(categories=["L", "N", "P", "Zs"]), max_size=5), st.none()),
       st.booleans(), st.booleans())
def test_cli_refuses_a_key_given_twice_anywhere(tmp_path_factory: pytest.TempPathFactory, pick: random.Random,
                                                value: Any, as_yaml: bool, existing: bool) -> None:
    scenario = copy.deepcopy(pick.choice(SEEDS))
    mappings = [scenario] + [c[k] for c, k in places(scenario) if isinstance(c[k], dict)]
    target = pick.choice(mappings)
    key = pick.choice(sorted(target)) if existing and target else pick.choice(["ruleset", "players", "x", "\x1b[2J"])
    if key not in target:
        target[key] = 1  # given once here, and once more by with_twice
    text = with_twice(scenario, target, key, value)
    # "# …" first: the same text read as YAML (JSON's syntax is YAML's flow style), which knows the line
    path = tmp_path_factory.mktemp("twice") / "scenario.yml"
    path.write_text(("# a scenario\n" if as_yaml else "") + text, encoding="utf-8")
    err = _refused_in_one_line(["replay", str(path)])
    assert "given twice in one mapping" in err and not unsafe(err), err
    if as_yaml:  # the line, where the parser knows it
        assert re.match(rf"parcours: {re.escape(str(path))}:[0-9]+: key .* \(first on line [0-9]+\)$", err), err
    else:
        assert err.startswith(f"parcours: {path}: key "), err


@FUZZ
@given(mutated(), hostile, st.sampled_from(["key", "value", "top"]), st.randoms(use_true_random=False),
       st.sampled_from(["en", "fr"]), st.booleans())
def test_cli_prints_nothing_a_terminal_would_obey(tmp_path_factory: pytest.TempPathFactory, scenario: dict[str, Any],
                                                 text: str, how: str, pick: random.Random, lang: str,
                                                 as_json: bool) -> None:
    spots = places(scenario)
    if how == "top" or not spots:
        scenario[text] = 1
    else:
        container, key = pick.choice(spots)
        if how == "key" and isinstance(container, dict):
            container[text] = container.pop(key)
        else:
            container[key] = text
    path = tmp_path_factory.mktemp("obeyed") / "scenario.json"
    path.write_text(json_text(scenario), encoding="utf-8")
    code, _, out, err = _cli(["replay", str(path), "--lang", lang] + (["--json"] if as_json else []))
    assert code in (0, 2) and not unsafe(out + err), (out[:300], err)
    event(f"exit {code}")
    assert code == 0 or (out == "" and err.count("\n") == 1 and one_line(err)), err


@FUZZ
@given(st.sampled_from(SEEDS), st.sampled_from(["title", "description"]),
       st.one_of(weird, hostile, st.integers(150, 2500).map(lambda n: "é" * n), st.text(max_size=30)))
def test_title_and_description_are_short_printable_texts_or_one_line_refusals(seed: dict[str, Any], field: str,
                                                                              value: Any) -> None:
    limit = {"title": 200, "description": 2000}[field]
    fits = value is None or (isinstance(value, str) and len(value) <= limit
                             and not unsafe(value, lines=field == "description"))
    try:
        parse(seed | {field: value})
    except ScenarioError as err:
        assert not fits and err.where.startswith(field) and one_line(str(err)) and not unsafe(str(err)), str(err)
        return
    assert fits, value


# set-ups built at random, many of which no race reaches: each is refused in one line naming a set-up field,
# or it is a race under way (not over), of which what the rules guarantee holds
def rider(draw: st.DrawFn, square: int) -> Any:
    """A rider on its square (most often), out (null), or with laps behind it."""
    kind = draw(st.integers(0, 9))
    return None if kind == 0 else square if kind > 2 else {"square": square, "laps": draw(st.integers(0, 3))}


@st.composite
def set_ups(draw: st.DrawFn) -> dict[str, Any]:
    game = draw(st.sampled_from(["veldiv", "cdp.velocita", "cdp.mezzofondo"]))
    if game == "veldiv":
        race = draw(st.sampled_from(["veldiv.eliminatoire", "veldiv.poursuite-individuelle", "veldiv.poursuite-equipe",
                                     "veldiv.cagnotte", "veldiv.individuelle"]))
        players = draw(st.integers(2, 4))
        each = 2 if race.endswith("equipe") else 1
        squares = iter(draw(st.lists(st.integers(1, 48), min_size=players * each, max_size=players * each,
                                     unique=draw(st.booleans()))))  # two on one square: now and then
        setup: dict[str, Any] = {"riders": [[rider(draw, next(squares)) for _ in range(each)] for _ in range(players)]}
        if draw(st.booleans()):
            stat = draw(st.sampled_from(["points", "premier", "tours", "stakes"]))
            setup["players"] = [{stat: draw(st.integers(0, 4))}] + [{}] * (players - 1)
        return {"ruleset": race, "players": players, "setup": setup}
    if game == "cdp.velocita":
        return {"ruleset": game, "players": 2, "setup": {"pos": draw(st.lists(st.integers(0, 29), min_size=2,
                                                                             max_size=2)),
                                                         "first": draw(st.integers(0, 1))}}
    teams = draw(st.lists(st.fixed_dictionaries({"rider": st.integers(-15, 130), "derny": st.integers(-15, 135),
                                                 "phase": st.sampled_from(["dernys", "chasing", "coupled"])}),
                          min_size=2, max_size=2))
    return {"ruleset": game, "players": 2, "setup": {"teams": teams}}


@FUZZ
@given(set_ups())
def test_set_ups_no_race_reaches_are_refused_in_one_line(scenario: dict[str, Any]) -> None:
    try:
        game = Game(parse(scenario))
    except ScenarioError as err:
        assert err.where.startswith("setup") and one_line(str(err)) and err.problem_fr != err.problem, str(err)
        event(f"refused: {scenario['ruleset']}")
        return
    event(f"played: {scenario['ruleset']}")
    assert not game.finished  # a set-up is a race under way
    position, setup = game.position(), scenario["setup"]
    if scenario["ruleset"] in ("veldiv.eliminatoire", "veldiv.poursuite-individuelle", "veldiv.poursuite-equipe"):
        assert sum(not p["eliminated"] for p in position["players"]) >= 2
        assert all(len({r is None for r in team}) == 1 for team in setup["riders"])  # a team out whole
    elif scenario["ruleset"] == "cdp.velocita":
        a, b = setup["pos"]
        assert a == b or setup["first"] == (0 if a > b else 1)
    elif scenario["ruleset"] == "cdp.mezzofondo":
        assert all(t["rider"] >= -1 - seat and t["derny"] >= -11 for seat, t in enumerate(setup["teams"]))
    replay(scenario | {"seed": 1}, max_steps=2000)  # and it plays
