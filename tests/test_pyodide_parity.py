"""Parity: the engine gives the same results in CPython and in Pyodide (the browser's Python).

Both tests build the engine wheel from the working tree and run it in Node + Pyodide
(tests/node/pyodide_run.mjs, offline: Pyodide comes from node_modules, never a CDN).

1. The golden scenarios (tests/golden/scenarios.json: all six Veldiv races, several
   player counts, seeds, options, set-ups and scripted dice) are replayed in CPython and
   in Pyodide, by the same wheel; the canonical JSON must be byte-identical.
2. The engine's own test suite runs inside Pyodide and must pass. Left out there:
   tests/node/, this file, tests/test_browser*.py (they drive Node or Chromium, which
   Pyodide cannot start), and anything marked `pyodide` (see PYODIDE_PYTEST_ARGS).

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
from pathlib import Path

import pytest

pytestmark = pytest.mark.pyodide

REPO = Path(__file__).resolve().parent.parent
TESTS = REPO / "tests"
RUNNER = TESTS / "node" / "pyodide_run.mjs"
GOLDEN = TESTS / "golden" / "scenarios.json"
PYODIDE = REPO / "node_modules" / "pyodide" / "pyodide.mjs"
TEST_WHEELS = REPO / ".cache" / "wheels"
TIMEOUT = int(os.environ.get("PARCOURS_PYODIDE_TIMEOUT", "1800"))  # seconds, for the suite inside Pyodide

# pytest arguments for the engine's suite inside Pyodide.
PYODIDE_PYTEST_ARGS = [
    "--ignore", str(TESTS / "node"),
    "--ignore", str(TESTS / "test_pyodide_parity.py"),
    "--ignore-glob", str(TESTS / "test_browser*.py"),
    "--ignore", str(TESTS / "test_site_data.py"),  # the site's build (PyYAML, mkdocs), not the engine
    "-m", "not pyodide and not browser and not strength",
    "-rs",  # list what was skipped, and why (tests that start a process: CPython-only)
]
# Host directories the suite may read (mounted at the same path inside Pyodide).
PYODIDE_MOUNTS = [REPO / "docs"]

# The CPython side: the same wheel, first on sys.path of a fresh interpreter.
CPYTHON_GOLDEN = """
import json, sys
sys.path.insert(0, sys.argv[1])
import parcours
assert parcours.__file__.startswith(sys.argv[1]), parcours.__file__
with open(sys.argv[2], encoding="utf-8") as f:
    scenarios = json.load(f)
sys.stdout.write(json.dumps([parcours.replay(s) for s in scenarios], sort_keys=True, separators=(",", ":")) + "\\n")
"""


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
    """A wheel of the working tree: never a stale one from dist/."""
    out = tmp_path_factory.mktemp("wheel")
    cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(REPO)]
    done = subprocess.run(cmd, cwd=REPO, check=False, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        pytest.fail(f"`python -m build --wheel` failed (is `build` installed? pip install build):\n"
                    f"{done.stdout[-3000:]}{done.stderr[-3000:]}", pytrace=False)
    wheels = sorted(out.glob("parcours-*-py3-none-any.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def _tail(text: str, lines: int = 60) -> str:
    return "\n".join(text.splitlines()[-lines:])


def test_golden_scenarios_are_byte_identical_in_cpython_and_pyodide(node: str, engine_wheel: Path) -> None:
    scenarios = json.loads(GOLDEN.read_text(encoding="utf-8"))
    from parcours import all_races

    assert {s["ruleset"] for s in scenarios} == set(all_races()), "the golden scenarios must cover every race"

    cpython = subprocess.run([sys.executable, "-I", "-c", CPYTHON_GOLDEN, str(engine_wheel), str(GOLDEN)],
                             check=False, capture_output=True, timeout=600)
    assert cpython.returncode == 0, cpython.stderr.decode(errors="replace")
    pyodide = subprocess.run([node, str(RUNNER), "--wheel", str(engine_wheel), "--golden", str(GOLDEN)],
                             check=False, capture_output=True, timeout=600)
    assert pyodide.returncode == 0, _tail(pyodide.stderr.decode(errors="replace"))

    if pyodide.stdout != cpython.stdout:
        ours, theirs = json.loads(cpython.stdout), json.loads(pyodide.stdout)
        for i, (a, b) in enumerate(zip(ours, theirs)):
            if a != b:
                pytest.fail(f"scenario {i} ({scenarios[i]}) differs between CPython and Pyodide:\n"
                            f"CPython: {json.dumps(a, sort_keys=True)[:2000]}\n"
                            f"Pyodide: {json.dumps(b, sort_keys=True)[:2000]}", pytrace=False)
        pytest.fail("CPython and Pyodide outputs differ in bytes but not in content (encoding?)", pytrace=False)


def test_engine_test_suite_passes_inside_pyodide(node: str, engine_wheel: Path) -> None:
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
