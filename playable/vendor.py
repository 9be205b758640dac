"""Pyodide and the engine's wheel vendored into the site's sources, so that the site serves every byte
itself, and so that a build always ships the engine it was built with.

docs/assets/vendor/ (ignored by git) receives:
  - pyodide/: from node_modules/pyodide (installed by `npm ci` at the version package.json pins), only
    what loadPyodide() fetches in a browser module worker (RUNTIME_FILES: found by loading Pyodide in
    headless Chromium and logging every request the server got);
  - the engine's wheel, built from engine/ and playable/parcours_view/ (`python -m build`, its files
    dated by SOURCE_DATE_EPOCH so that the same sources give the same bytes, hence the same URL once
    named by its content), with its modules' bytecode added, compiled by this very Pyodide
    (scripts/compile_wheel.mjs, in Node): the browser then imports the engine without compiling it;
  - python.snapshot: Python's memory once that Pyodide has started and imported every module of that
    wheel (scripts/snapshot_python.mjs, in Node; gzip), which the browser restores instead of starting
    Python; it needs the wheel only when the snapshot cannot be restored;
  - engine.json: {"pyodide": its version, "sha256": the wheel's, "wheel": "./<its file name>",
    "snapshot": "./python.snapshot", "snapshot_sha256": its sha256, "snapshot_script_sha256": the
    sha256 of the script that made it}.

The build (MkDocs' hook and scripts/build_zensical.py) calls ensure_vendored(): when the wheel no
longer holds the engine's sources as they are (a rule changed since), Pyodide is another version, or
the snapshot was made by another script, it vendors again; a plain `mkdocs build` never ships a stale
engine. scripts/vendor_pyodide.py does it by hand. Standard library only."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PYODIDE_NPM = REPO / "node_modules" / "pyodide"
VENDOR = REPO / "docs" / "assets" / "vendor"
# The wheel's packages and where their sources are (pyproject.toml's [tool.setuptools]).
PACKAGES = {"parcours": REPO / "engine" / "parcours", "parcours_view": REPO / "playable" / "parcours_view"}
SNAPSHOT = "python.snapshot"
MANIFEST_KEYS = {"pyodide", "sha256", "wheel", "snapshot", "snapshot_sha256", "snapshot_script_sha256"}
SNAPSHOT_SCRIPT = REPO / "scripts" / "snapshot_python.mjs"  # what it makes the snapshot hold
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01, the earliest date a zip file can hold


class VendorError(Exception):
    """Pyodide or the engine's wheel cannot be vendored (what is missing, and what to run)."""


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pinned_pyodide() -> str:
    """The version package.json pins, which node_modules must hold."""
    if not (PYODIDE_NPM / "package.json").is_file():
        raise VendorError("node_modules/pyodide is missing: run npm ci (make setup)")
    installed = json.loads((PYODIDE_NPM / "package.json").read_text(encoding="utf-8"))["version"]
    manifest = json.loads((REPO / "package.json").read_text(encoding="utf-8"))
    pinned = {**manifest.get("dependencies", {}), **manifest.get("devDependencies", {})}.get("pyodide")
    if pinned is not None and pinned != installed:
        raise VendorError(f"node_modules/pyodide is {installed} but package.json pins {pinned}: run npm ci")
    missing = [name for name in RUNTIME_FILES if not (PYODIDE_NPM / name).is_file()]
    if missing:
        raise VendorError(f"node_modules/pyodide {installed} lacks {', '.join(missing)}: run npm ci")
    return str(installed)


# ---------------------------------------------------------------------------- is it current?

def stale(vendor: Path = VENDOR) -> str | None:
    """Why the vendored files are not those this repository would vendor now, or None."""
    try:
        manifest = json.loads((vendor / "engine.json").read_text(encoding="utf-8"))
        wheel = vendor / manifest["wheel"]
    except (OSError, ValueError, KeyError, TypeError):
        return "Pyodide and the engine's wheel are not vendored yet"
    if set(manifest) != MANIFEST_KEYS or not str(manifest["wheel"]).startswith("./"):
        return "engine.json is of an older form"
    missing = [name for name in RUNTIME_FILES if not (vendor / "pyodide" / name).is_file()]
    missing += [p.name for p in (wheel, vendor / SNAPSHOT) if not p.is_file()]
    if missing:
        return f"{', '.join(missing)} missing from {vendor}"
    if _sha256(vendor / SNAPSHOT) != manifest["snapshot_sha256"]:
        return f"{SNAPSHOT} is not the one engine.json names"
    if _sha256(SNAPSHOT_SCRIPT) != manifest["snapshot_script_sha256"]:
        return f"{SNAPSHOT} was made by another {SNAPSHOT_SCRIPT.name}"
    if (PYODIDE_NPM / "package.json").is_file():
        installed = json.loads((PYODIDE_NPM / "package.json").read_text(encoding="utf-8"))["version"]
        if installed != manifest.get("pyodide"):
            return f"Pyodide {manifest.get('pyodide')} is vendored, node_modules holds {installed}"
    changed = changed_sources(wheel)
    if changed:
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        return f"the engine changed since its wheel was built ({', '.join(changed[:3])}{more})"
    return None


def changed_sources(wheel: Path) -> list[str]:
    """The engine's source files that the wheel does not hold as they are now (repository paths)."""
    with zipfile.ZipFile(wheel) as archive:
        held = {name: archive.read(name) for name in archive.namelist()
                if name.split("/")[0] in PACKAGES and "/__pycache__/" not in name and not name.endswith("/")}
    changed = []
    for package, root in PACKAGES.items():
        for path in sorted(p for p in root.rglob("*.py") if "__pycache__" not in p.parts):
            name = f"{package}/{path.relative_to(root).as_posix()}"
            if held.pop(name, None) != path.read_bytes():
                changed.append(path.relative_to(REPO).as_posix())
    for name, data in sorted(held.items()):  # package data, and modules since removed
        path = PACKAGES[name.split("/")[0]] / name.split("/", 1)[1]
        if not path.is_file() or path.read_bytes() != data:
            changed.append(path.relative_to(REPO).as_posix())
    return changed


# ---------------------------------------------------------------------------- vendoring

def build_wheel(out: Path) -> Path:
    # With the locked setuptools of the project's environment (requirements-lock.txt), not an isolated
    # environment's newest: the build needs no network, and its backend is the one the lock pins.
    cmd = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(REPO)]
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
    # setuptools copies the sources through build/ and keeps there a module since removed: it would
    # ship in the wheel, the engine of another revision
    shutil.rmtree(REPO / "build", ignore_errors=True)
    done = subprocess.run(cmd, cwd=REPO, env=env, check=False, capture_output=True, text=True)
    wheels = list(out.glob("parcours-*-py3-none-any.whl"))
    if done.returncode != 0 or len(wheels) != 1:
        sys.stderr.write(done.stdout[-2000:] + done.stderr[-2000:])
        raise VendorError(f"building the engine's wheel failed ({' '.join(cmd[1:4])}): is `build` installed "
                          "(make setup)?")
    return wheels[0]


def compile_bytecode(wheel: Path, target: Path) -> None:
    """`wheel` written to `target` with its bytecode (scripts/compile_wheel.mjs)."""
    cmd = ["node", str(REPO / "scripts" / "compile_wheel.mjs"), str(wheel), str(target)]
    try:
        done = subprocess.run(cmd, cwd=REPO, check=False, capture_output=True, text=True)
    except FileNotFoundError:
        raise VendorError("compiling the wheel's bytecode needs Node.js (node), as npm ci does") from None
    if done.returncode != 0 or not target.is_file():
        sys.stderr.write(done.stdout[-2000:] + done.stderr[-2000:])
        raise VendorError(f"compiling the wheel's bytecode with Pyodide failed ({' '.join(cmd[:2])})")


def snapshot_python(runtime: Path, wheel: Path, target: Path) -> None:
    """Python's memory, `wheel` imported, written to `target` (scripts/snapshot_python.mjs)."""
    cmd = ["node", str(SNAPSHOT_SCRIPT), str(runtime), str(wheel), str(target)]
    done = subprocess.run(cmd, check=False, capture_output=True, text=True)
    if done.returncode != 0 or not target.is_file():
        sys.stderr.write(done.stdout[-2000:] + done.stderr[-2000:])
        raise VendorError(f"making Python's snapshot with Pyodide failed ({' '.join(cmd[:2])})")


def vendor(target: Path = VENDOR, wheel: Path | None = None) -> str:
    """Pyodide and the engine's wheel (built, unless given) into `target`, exactly: what was there
    before and is not vendored now is removed. A line saying what was vendored."""
    version = pinned_pyodide()
    runtime = target / "pyodide"
    for path in [target, runtime]:
        foreign = [p.name for p in path.iterdir() if p.name not in {"pyodide", "engine.json", SNAPSHOT, *RUNTIME_FILES}
                   and not p.name.endswith(".whl")] if path.is_dir() else []
        if foreign:  # a mistyped target, such as docs/
            raise VendorError(f"{path} holds {', '.join(sorted(foreign)[:5])}, not vendored files: "
                              "refusing to clean it")
    with tempfile.TemporaryDirectory() as work:
        built = wheel or build_wheel(Path(work))
        if target.is_dir():
            shutil.rmtree(target)
        runtime.mkdir(parents=True)
        for name in RUNTIME_FILES:
            shutil.copyfile(PYODIDE_NPM / name, runtime / name)
        compile_bytecode(built, target / built.name)
    snapshot_python(runtime, target / built.name, target / SNAPSHOT)
    manifest = {"pyodide": version, "sha256": _sha256(target / built.name),
                "wheel": f"./{built.name}", "snapshot": f"./{SNAPSHOT}", "snapshot_sha256": _sha256(target / SNAPSHOT),
                "snapshot_script_sha256": _sha256(SNAPSHOT_SCRIPT)}
    (target / "engine.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    size = sum(p.stat().st_size for p in target.rglob("*") if p.is_file())
    return f"Pyodide {version} and {built.name} vendored into {target} ({size:,} bytes)"


def ensure_vendored(target: Path = VENDOR) -> str | None:
    """Vendored again if stale (see stale()): what was done, or None when nothing was needed."""
    reason = stale(target)
    if reason is None:
        return None
    return f"{reason}: {vendor(target)}"
