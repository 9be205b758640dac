#!/usr/bin/env python3
"""Vendor Pyodide and the engine wheel into the site, so it serves every byte itself.

    python scripts/vendor_pyodide.py [TARGET] [--wheel PATH]

TARGET (default docs/assets/vendor/pyodide/) receives, from node_modules/pyodide
(installed by `npm ci` at the version package.json pins), only what loadPyodide()
fetches in a browser module worker: the list was found by loading Pyodide in
headless Chromium and logging every request the server got (see RUNTIME_FILES).
Node-only files (pyodide.js, the CommonJS build), type declarations (*.d.ts),
source maps (*.map), the demo consoles and the README are left out.

Beside TARGET (in TARGET/..) it puts the engine wheel parcours-<version>-py3-none-any.whl
and engine.json: {"pyodide": <version>, "sha256": <wheel's sha256>, "wheel": <file name>}.
The wheel is built with `python -m build --wheel --outdir dist/` unless --wheel is given, and
vendored with its modules' bytecode added, compiled by this very Pyodide (scripts/compile_wheel.mjs,
in Node): the browser then imports the engine without compiling it (about half the imports' time).

Stale files (an older wheel, a file a previous Pyodide needed) are removed, so the
directory holds exactly what this run copied. Standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PYODIDE_NPM = REPO / "node_modules" / "pyodide"
DEFAULT_TARGET = REPO / "docs" / "assets" / "vendor" / "pyodide"

# What `loadPyodide({indexURL})` requests in a browser module worker (checked in
# headless Chromium against pyodide 314.0.7): the loader, the Emscripten module (an
# ES module since Pyodide 0.28; there is no pyodide.asm.js any more), the
# WebAssembly binary, the standard library and the lock file (fetched at start-up;
# it lists the packages that loadPackage would otherwise look for on the CDN).
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def fail(message: str) -> None:
    print(f"vendor_pyodide: {message}", file=sys.stderr)
    raise SystemExit(1)


def pinned_pyodide_version() -> str:
    """The version package.json pins; node_modules must hold exactly that one."""
    if not (PYODIDE_NPM / "package.json").is_file():
        fail("node_modules/pyodide is missing: run npm ci first")
    installed = json.loads((PYODIDE_NPM / "package.json").read_text(encoding="utf-8"))["version"]
    manifest = json.loads((REPO / "package.json").read_text(encoding="utf-8"))
    pinned = {**manifest.get("dependencies", {}), **manifest.get("devDependencies", {})}.get("pyodide")
    if pinned is not None and pinned != installed:
        fail(f"node_modules/pyodide is {installed} but package.json pins {pinned}: run npm ci first")
    return str(installed)


def build_wheel() -> Path:
    dist = REPO / "dist"
    before = {p: p.stat().st_mtime_ns for p in dist.glob("parcours-*-py3-none-any.whl")}
    cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(REPO)]
    done = subprocess.run(cmd, cwd=REPO, check=False, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        fail(f"building the engine wheel failed ({' '.join(cmd[1:4])}: is `build` installed?); or pass --wheel PATH")
    fresh = [p for p in dist.glob("parcours-*-py3-none-any.whl") if before.get(p) != p.stat().st_mtime_ns]
    if len(fresh) != 1:
        fail(f"expected one new wheel in {dist}, found {[p.name for p in fresh]}")
    return fresh[0]


def compile_bytecode(wheel: Path, target: Path) -> int:
    """`wheel` written to `target` with its bytecode (scripts/compile_wheel.mjs); its size."""
    cmd = ["node", str(REPO / "scripts" / "compile_wheel.mjs"), str(wheel), str(target)]
    try:
        done = subprocess.run(cmd, cwd=REPO, check=False, capture_output=True, text=True)
    except FileNotFoundError:
        fail("compiling the wheel's bytecode needs Node.js (node), as npm ci does")
    if done.returncode != 0 or not target.is_file():
        sys.stderr.write(done.stdout + done.stderr)
        fail(f"compiling the wheel's bytecode with Pyodide failed ({' '.join(cmd[:2])})")
    return target.stat().st_size


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def copy(src: Path, dst: Path) -> int:
    shutil.copyfile(src, dst)
    size = dst.stat().st_size
    if size != src.stat().st_size:
        fail(f"copy of {src} is incomplete")
    return size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", nargs="?", type=Path, default=DEFAULT_TARGET,
                        help="directory for Pyodide's runtime files (default: docs/assets/vendor/pyodide/)")
    parser.add_argument("--wheel", type=Path, help="engine wheel to vendor instead of building one")
    args = parser.parse_args(argv)

    version = pinned_pyodide_version()
    missing = [name for name in RUNTIME_FILES if not (PYODIDE_NPM / name).is_file()]
    if missing:
        fail(f"node_modules/pyodide {version} lacks {', '.join(missing)}: run npm ci first")

    wheel = args.wheel.resolve() if args.wheel else build_wheel()
    if not wheel.is_file() or not wheel.name.startswith("parcours-") or not wheel.name.endswith("-py3-none-any.whl"):
        fail(f"not an engine wheel (parcours-<version>-py3-none-any.whl): {wheel}")

    target = args.target.resolve()
    target.mkdir(parents=True, exist_ok=True)
    parent = target.parent
    # Clean out what a previous run left, but refuse to touch a directory that holds
    # anything else than Pyodide's files (a mistyped TARGET such as docs/).
    known = set(RUNTIME_FILES) | {p.name for p in PYODIDE_NPM.iterdir()}
    foreign = [p.name for p in target.iterdir()
               if not p.is_file() or not (p.name in known or p.name.startswith(("pyodide", "python_stdlib")))]
    if foreign:
        fail(f"{target} holds {', '.join(sorted(foreign)[:5])}, not Pyodide's files: refusing to clean it")
    for stale in target.iterdir():
        if stale.name not in RUNTIME_FILES:
            stale.unlink()
    for stale in parent.glob("parcours-*-py3-none-any.whl"):
        if stale.name != wheel.name:
            stale.unlink()

    pyodide_bytes = sum(copy(PYODIDE_NPM / name, target / name) for name in RUNTIME_FILES)
    wheel_bytes = compile_bytecode(wheel, parent / wheel.name)
    manifest = {"pyodide": version, "sha256": sha256(parent / wheel.name), "wheel": wheel.name}
    engine_json = parent / "engine.json"
    engine_json.write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    json_bytes = engine_json.stat().st_size

    total = pyodide_bytes + wheel_bytes + json_bytes
    shown = target.relative_to(REPO) if target.is_relative_to(REPO) else target
    print(f"vendor_pyodide: Pyodide {version}: {len(RUNTIME_FILES)} files, {pyodide_bytes} bytes -> {shown}/")
    print(f"vendor_pyodide: {wheel.name} ({wheel_bytes} bytes) and engine.json ({json_bytes} bytes) -> {shown.parent}/")
    print(f"vendor_pyodide: {total} bytes copied in total")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
