"""Parity: the engine gives the same results in CPython and in Pyodide (the browser's Python).

The tests build the engine wheel from the working tree and run it in Node + Pyodide
(tests/node/pyodide_run.mjs, offline: Pyodide comes from node_modules, never a CDN).

1. One script (PARITY_SCRIPT below) runs in CPython and in Pyodide, by the same wheel, in a
   single Node run (Pyodide's start dominates the time); its outputs must be byte-identical:
   a. the golden scenarios (tests/golden/scenarios.json: every race, several player counts,
      seeds, options, set-ups and scripted dice) replayed to canonical JSON;
   b. whole seeded bot games, as the Play page plays them (parcours_view.play_json, called
      again with the record so far until the race is over): every ruleset, every bot of its
      game (each game module's BOTS) in every seat, a few player counts.
2. The rules' own tests run inside Pyodide and must pass: every game's conformance tests
   (test_games.py) and its tests article by article, rule by rule (PYODIDE_TESTS). The rest
   of the suite (properties over random races, bots' strength, bad input, the site, the
   browser) exercises the same engine code and runs in CPython only.

Needs, and FAILS (does not skip) without them:
    node (20+)                     Debian: apt-get install nodejs
    node_modules/pyodide           npm ci
    .cache/wheels/ (pytest, ...)   scripts/fetch_test_wheels.sh
    the `build` package            pip install build   (python -m build --wheel)

Run only these:  python -m pytest -m pyodide
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.pyodide
# The tests that read the one parity run (the parity fixture) run in one worker.
ONE_PARITY_RUN = pytest.mark.xdist_group("pyodide-parity-run")

REPO = Path(__file__).resolve().parent.parent
TESTS = REPO / "tests"
RUNNER = TESTS / "node" / "pyodide_run.mjs"
GOLDEN = TESTS / "golden" / "scenarios.json"
PYODIDE = REPO / "node_modules" / "pyodide" / "pyodide.mjs"
TEST_WHEELS = REPO / ".cache" / "wheels"
TIMEOUT = int(os.environ.get("PARCOURS_PYODIDE_TIMEOUT", "1800"))  # seconds, for the rules' tests inside Pyodide

# The tests run inside Pyodide: each game's conformance, and its rules article by article.
PYODIDE_TESTS = ["test_games.py", "test_veldiv_articles.py", "test_velocita.py", "test_mezzofondo.py",
                 "test_chevaux.py", "test_ronde.py"]
PYODIDE_PYTEST_ARGS = [  # the runner gives pytest the whole tests/ folder: the rest is left out
    "--ignore", str(TESTS / "node"),
    *(arg for path in sorted(TESTS.glob("test_*.py")) if path.name not in PYODIDE_TESTS
      for arg in ("--ignore", str(path))),
    "-m", "not strength and not numeric and not site and not yaml",
    "-rs",  # list what was skipped, and why (tests that start a process: CPython-only)
]
# Host directories the tests may read (mounted at the same path inside Pyodide).
PYODIDE_MOUNTS = [REPO / "docs"]

# Run as a script by CPython and, in Pyodide, by the runner's --script mode:
#   PARITY_SCRIPT INPUT.json OUT_DIR [WHEEL]   (WHEEL: CPython only, put first on sys.path)
# INPUT.json: {"scenarios": [...], "games": [{"ruleset", "players", "bot", "seed", "moves"}, ...]}.
# Writes OUT_DIR/golden.json (the replays, canonical JSON) and OUT_DIR/games.txt: per game a line
# "game N: {...}" then each answer of play_json on its own line (JSON has no raw newline), or
# "error: ..." when the game could not be played to its end.
PARITY_SCRIPT = """
import json, os, sys

MAX_CALLS = 200


def bot_game(play_json, game):
    scenario = {"ruleset": game["ruleset"], "players": game["players"], "seed": game["seed"]}
    bots = {"seats": list(range(game["players"])), "moves": game["moves"]}
    if game["bot"] is not None:
        bots["name"] = game["bot"]
    since, lines = 0, []
    for call in range(MAX_CALLS):  # as the Play page does: the record so far, a fresh seed each call
        request = {"scenario": scenario, "since": since, "bots": {**bots, "seed": game["seed"] + call}}
        answer = play_json(json.dumps(request))
        lines.append(answer)
        got = json.loads(answer)
        if "error" in got or got["finished"]:
            return lines
        scenario = {**scenario, "dice": got["dice"], "choices": got["choices"]}
        since = got["count"]
    return lines + [f"error: the race is not over after {MAX_CALLS} calls"]


def main(source, out_dir, wheel=None):
    if wheel is not None:
        sys.path.insert(0, wheel)
    import parcours
    from parcours_view.play import play_json
    if wheel is not None:
        assert parcours.__file__.startswith(wheel), parcours.__file__
    with open(source, encoding="utf-8") as f:
        data = json.load(f)
    golden = json.dumps([parcours.replay(s) for s in data["scenarios"]], sort_keys=True, separators=(",", ":"))
    lines = []
    for n, game in enumerate(data["games"]):
        lines.append(f"game {n}: {json.dumps(game, sort_keys=True)}")
        try:
            lines += bot_game(play_json, game)
        except Exception as err:  # reported by the test, and compared like the rest
            lines.append(f"error: {type(err).__name__}: {err}")
    for name, text in (("golden.json", golden), ("games.txt", "\\n".join(lines))):
        with open(os.path.join(out_dir, name), "w", encoding="utf-8", newline="\\n") as f:
            f.write(text + "\\n")


main(*sys.argv[1:])
"""
MOVES_PER_CALL = 60  # bot moves per play_json call: a race takes a few calls, each replaying the record



def _need(ok: bool, what: str, how: str) -> None:
    if not ok:
        pytest.fail(f"{what} is missing: {how} (these tests fail rather than skip without it)", pytrace=False)


@pytest.fixture(scope="module")
def node() -> str:
    exe = shutil.which("node")
    _need(exe is not None, "node", "install Node.js 20+ (Debian: apt-get install nodejs), then run `npm ci`")
    assert exe is not None
    _need(PYODIDE.is_file(), "node_modules/pyodide", "run `npm ci` in the repository root")
    return exe


@pytest.fixture(scope="module")
def engine_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel of the working tree: never a stale one from dist/. Built from a copy of the sources, as
    two pytest workers may build one at once (setuptools writes its build/ folder in the source tree)."""
    out, source = tmp_path_factory.mktemp("wheel"), tmp_path_factory.mktemp("source")
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, source / name)
    shutil.copytree(REPO / "engine", source / "engine", ignore=ignore)
    shutil.copytree(REPO / "playable" / "parcours_view", source / "playable" / "parcours_view", ignore=ignore)
    cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(source)]
    done = subprocess.run(cmd, cwd=source, check=False, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        pytest.fail(f"`python -m build --wheel` failed (is `build` installed? pip install build):\n"
                    f"{done.stdout[-3000:]}{done.stderr[-3000:]}", pytrace=False)
    wheels = sorted(out.glob("parcours-*-py3-none-any.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def _tail(text: str, lines: int = 60) -> str:
    return "\n".join(text.splitlines()[-lines:])


def _bots_of(ruleset: str) -> list[str | None]:
    """The bots of a ruleset's game; None for a game of dice only (no decisions: its dice)."""
    from parcours import game_of

    return [*game_of(ruleset).BOTS] or [None]


def bot_games() -> list[dict[str, Any]]:
    """Every ruleset with every bot of its game (a dice-only game: its dice), at its fewest players
    and at up to four; seeds in the range the Play page draws (32 bits)."""
    from parcours import all_races

    games: list[dict[str, Any]] = []
    for ruleset, race in all_races().items():
        for bot in _bots_of(ruleset):
            for players in sorted({race.min_players, min(race.max_players, 4)}):
                seed = 4_000_000_000 - 7919 * len(games)
                games.append({"ruleset": ruleset, "players": players, "bot": bot, "seed": seed,
                              "moves": MOVES_PER_CALL})
    return games


@dataclass
class Outputs:
    golden: bytes
    games: bytes


@dataclass
class ParityRun:
    scenarios: list[dict[str, Any]]
    games: list[dict[str, Any]]
    cpython: Outputs
    pyodide: Outputs


@pytest.fixture(scope="module")
def parity(node: str, engine_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> ParityRun:
    """PARITY_SCRIPT run once by CPython and once in Pyodide, on the same input."""
    work = tmp_path_factory.mktemp("parity")
    script, source = work / "parity.py", work / "input.json"
    script.write_text(PARITY_SCRIPT, encoding="utf-8")
    scenarios = json.loads(GOLDEN.read_text(encoding="utf-8"))
    games = bot_games()
    source.write_text(json.dumps({"scenarios": scenarios, "games": games}), encoding="utf-8")
    commands = {  # both at once: Node spends its first seconds starting Pyodide
        "pyodide": [node, str(RUNNER), "--wheel", str(engine_wheel), "--mount", str(work),
                    "--script", str(script), "--", str(source), str(work / "pyodide")],
        "cpython": [sys.executable, "-I", str(script), str(source), str(work / "cpython"), str(engine_wheel)],
    }
    running = {}
    for side, cmd in commands.items():
        (work / side).mkdir()
        running[side] = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    outputs = {}
    for side, proc in running.items():
        _, err = proc.communicate(timeout=900)
        assert proc.returncode == 0, f"{side} exited with {proc.returncode}: {_tail(err.decode(errors='replace'))}"
        outputs[side] = Outputs((work / side / "golden.json").read_bytes(), (work / side / "games.txt").read_bytes())
    return ParityRun(scenarios, games, outputs["cpython"], outputs["pyodide"])


@ONE_PARITY_RUN
def test_golden_scenarios_are_byte_identical_in_cpython_and_pyodide(parity: ParityRun) -> None:
    from parcours import all_races

    assert {s["ruleset"] for s in parity.scenarios} == set(all_races()), "the golden scenarios must cover every race"
    if parity.pyodide.golden != parity.cpython.golden:
        ours, theirs = json.loads(parity.cpython.golden), json.loads(parity.pyodide.golden)
        for i, (a, b) in enumerate(zip(ours, theirs)):
            if a != b:
                pytest.fail(f"scenario {i} ({parity.scenarios[i]}) differs between CPython and Pyodide:\n"
                            f"CPython: {json.dumps(a, sort_keys=True)[:2000]}\n"
                            f"Pyodide: {json.dumps(b, sort_keys=True)[:2000]}", pytrace=False)
        pytest.fail("CPython and Pyodide outputs differ in bytes but not in content (encoding?)", pytrace=False)


def _per_game(text: bytes) -> list[list[bytes]]:
    """games.txt cut into games: each the answers of play_json (or an error line)."""
    games: list[list[bytes]] = []
    for line in text.split(b"\n")[:-1]:
        if line.startswith(b"game "):
            games.append([])
        else:
            games[-1].append(line)
    return games


def _where(a: bytes, b: bytes) -> str:
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))

    def show(s: bytes) -> str:
        return s[max(0, at - 200):at + 200].decode(errors="replace")
    return f"at byte {at}:\nCPython: ...{show(a)}...\nPyodide: ...{show(b)}..."


def _name(game: dict[str, Any]) -> str:
    return f"{game['ruleset']}, bot {game['bot']}, {game['players']} players, seed {game['seed']}"


@ONE_PARITY_RUN
def test_bot_games_are_played_to_the_end(parity: ParityRun) -> None:
    """The games compared are whole races: every one ends with the race over, without an error."""
    games = _per_game(parity.cpython.games)
    assert len(games) == len(parity.games)
    from parcours import all_races

    kinds = {(g["ruleset"], g["bot"]) for g in parity.games}
    assert kinds == {(r, b) for r in all_races() for b in _bots_of(r)}, "every bot of every ruleset"
    unfinished = []
    for game, lines in zip(parity.games, games):
        last = lines[-1].decode()
        if last.startswith("error: ") or "error" in json.loads(last) or not json.loads(last)["finished"]:
            unfinished.append(f"{_name(game)}: {last[:300]}")
    assert not unfinished, (f"{len(unfinished)} of {len(games)} bot games were not played to the end:\n"
                            + "\n".join(unfinished))


@ONE_PARITY_RUN
def test_bot_games_are_byte_identical_in_cpython_and_pyodide(parity: ParityRun) -> None:
    """The same Play requests (seeded bots in every seat) give the same race, byte for byte."""
    if parity.pyodide.games == parity.cpython.games:
        return
    ours, theirs = _per_game(parity.cpython.games), _per_game(parity.pyodide.games)
    assert len(ours) == len(theirs) == len(parity.games)
    differ = []
    for game, a, b in zip(parity.games, ours, theirs):
        if a != b:
            call = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            first = _where(a[call], b[call]) if call < min(len(a), len(b)) else f"{len(a)} answers against {len(b)}"
            differ.append(f"{_name(game)}: answer {call} differs {first}")
    assert differ, "CPython and Pyodide outputs differ in bytes but not per game (line endings?)"
    pytest.fail(f"{len(differ)} of {len(ours)} bot games differ between CPython and Pyodide: "
                + "; ".join(d.split(":", 1)[0] for d in differ) + f"\nfirst: {differ[0][:1500]}", pytrace=False)


def test_the_rules_tests_pass_inside_pyodide(node: str, engine_wheel: Path) -> None:
    _need(any(TEST_WHEELS.glob("pytest-*-none-any.whl")), f"{TEST_WHEELS.relative_to(REPO)}/ (pytest, hypothesis, ...)",
          "run `scripts/fetch_test_wheels.sh`")
    cmd = [node, str(RUNNER), "--wheel", str(engine_wheel)]
    for mount in PYODIDE_MOUNTS:
        if mount.is_dir():
            cmd += ["--mount", str(mount)]
    cmd += ["--pytest", str(TESTS), str(TEST_WHEELS), "--", *PYODIDE_PYTEST_ARGS]
    done = subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0, (
        f"pytest inside Pyodide exited with {done.returncode}\n--- stdout\n{_tail(done.stdout)}\n"
        f"--- stderr\n{_tail(done.stderr, 20)}"
    )


# Run in the site's own Python, restored from its snapshot (tests/node/snapshot_run.mjs): INPUT holds the
# modules the snapshot must hold and the examples' scenarios. Any file of the engine opened meanwhile is
# recorded (an audit hook): the restored Python has none of them.
SNAPSHOT_SCRIPT = """
import json, os, sys
data = json.loads(INPUT)
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" and any(
    f"/{package}/" in str(args[0]) for package in ("parcours", "parcours_view")) else None)
from parcours_view import film_json
import parcours
films = [film_json(json.dumps(scenario)) for scenario in data["scenarios"]]
json.dumps({"missing": [name for name in data["modules"] if name not in sys.modules], "opened": opened,
            "files": os.path.exists(parcours.__file__), "films": films})
"""


def engine_modules() -> list[str]:
    """Every module of the wheel's packages, as their sources name them (the command line's apart)."""
    from playable.vendor import PACKAGES

    found = []
    for package, root in PACKAGES.items():
        for path in sorted(root.rglob("*.py")):
            parts = [package, *path.relative_to(root).with_suffix("").parts]
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return [name for name in found if name != "parcours.cli"]


@pytest.mark.site
def test_the_sites_python_restored_needs_no_file_of_the_engine(node: str, tmp_path: Path) -> None:
    """The snapshot the site ships holds every module of the engine and the view imported, and what they
    read as they are imported: restored with none of the wheel's files (as a reader's browser restores it,
    worker.mjs fetching the wheel only when Python starts the long way), it plays every worked example as
    CPython does, and opens no file of the engine."""
    import yaml

    from parcours_view import film_json

    vendor = REPO / "site" / "assets" / "vendor"
    runtime, snapshot = sorted(vendor.glob("pyodide-*")), sorted(vendor.glob("python.*.snapshot"))
    assert len(runtime) == 1 and len(snapshot) == 1, "build the site first (make build)"
    scenarios = [yaml.safe_load(path.read_text(encoding="utf-8"))["scenario"]
                 for path in sorted((REPO / "docs").glob("*/examples/*.yml"))]
    script, source = tmp_path / "snapshot.py", tmp_path / "input.json"
    script.write_text(SNAPSHOT_SCRIPT, encoding="utf-8")
    source.write_text(json.dumps({"modules": engine_modules(), "scenarios": scenarios}), encoding="utf-8")
    done = subprocess.run([node, str(TESTS / "node" / "snapshot_run.mjs"), str(runtime[0]), str(snapshot[0]),
                           str(script), str(source)], check=False, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, _tail(done.stderr)
    got = json.loads(done.stdout)
    assert got["files"] is False, "the engine's files exist in the restored Python: the test proves nothing"
    assert got["missing"] == [], f"modules the snapshot lacks (their files a reader does not have): {got['missing']}"
    assert got["opened"] == [], f"files of the engine opened by the restored Python: {got['opened']}"
    assert len(scenarios) > 50
    assert got["films"] == [film_json(json.dumps(scenario)) for scenario in scenarios]
