"""The repository as its build needs it, copied into a temporary folder: for the tests that spoil or
change something there and build the copy. The copy builds with its own engine (PYTHONPATH names it
first: the editable install's finder comes after), its vendored Pyodide and wheel copied (hard links
where the disk allows), so that an unchanged engine is not vendored again, and node_modules linked,
so that a changed one is."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("mkdocs.yml", "pyproject.toml", "package.json", "overrides", "playable", "docs", "engine",
         "scripts/compile_wheel.mjs", "scripts/snapshot_python.mjs")
VENDOR = Path("docs/assets/vendor")


def _link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def copy_project(where: Path) -> Path:
    """The copy, at where/project."""
    project = where / "project"
    for name in PARTS:
        src, dst = ROOT / name, project / name
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("vendor", "__pycache__", "*.egg-info"))
        else:
            shutil.copy(src, dst)
    if (ROOT / VENDOR).is_dir():
        shutil.copytree(ROOT / VENDOR, project / VENDOR, copy_function=_link_or_copy)
    if (ROOT / "node_modules").is_dir():
        (project / "node_modules").symlink_to(ROOT / "node_modules")
    return project


def build(project: Path, *args: str, site: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`mkdocs build --strict` in the copy, with the copy's engine, into site (default: project/site)."""
    path = os.pathsep.join(str(project / p) for p in ("engine", "playable", "."))
    env = {**os.environ, "PYTHONPATH": path, "SITE_DIR": str(site or project / "site")}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", *args], cwd=project, env=env,
                          check=False, capture_output=True, text=True, timeout=600)
