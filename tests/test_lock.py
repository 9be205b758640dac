"""requirements-lock.txt, what make setup installs (uv pip install --require-hashes), locks every Python
package, transitive ones included, each with its hashes, and agrees with what asks for them: each pin or
range of requirements-dev.txt (the direct pins, by hand) and of pyproject.toml's dependencies. Whoever
edits one without running `make lock` is stopped here. No network: the files are read as text.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parent.parent
LOCK = REPO / "requirements-lock.txt"
DEV = "-r requirements-dev.txt"  # how the lock's "# via" names what asked for a package
PROJECT = "parcours (pyproject.toml)"
HASH = re.compile(r"--hash=sha256:[0-9a-f]{64}")


@dataclass
class Locked:
    name: str
    version: str
    line: str
    hashes: list[str] = field(default_factory=list)
    via: set[str] = field(default_factory=set)


def parse_lock(text: str) -> list[Locked]:
    """Each package of a lock written by `uv pip compile --generate-hashes` (one entry a marker)."""
    entries: list[Locked] = []
    for raw in text.splitlines():
        line = raw.strip().removesuffix("\\").strip()
        if not line or line.startswith("#") and not entries:
            continue
        if not raw[0].isspace():
            spec = line.split(";")[0].strip()
            name, _, version = spec.partition("==")
            entries.append(Locked(canonicalize_name(name), version, line))
        elif line.startswith("--hash="):
            entries[-1].hashes.append(line)
        elif line.startswith("#"):
            asker = line.removeprefix("#").strip()
            asker = asker.removeprefix("via ").strip() if asker != "via" else ""
            if asker:
                entries[-1].via.add(asker)
    return entries


def dev_requirements(text: str) -> list[Requirement]:
    return [Requirement(line.split("#")[0]) for line in text.splitlines() if line.split("#")[0].strip()]


def project_requirements(text: str) -> list[Requirement]:
    project = tomllib.loads(text)["project"]
    listed = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        listed += extra
    return [Requirement(spec) for spec in listed]


def mismatches(lock: list[Locked], wanted: list[Requirement], asker: str) -> list[str]:
    """What `asker` wants that the lock does not give, and what the lock says it wants that it does not."""
    faults = []
    for req in wanted:
        name = canonicalize_name(req.name)
        found = [entry for entry in lock if entry.name == name]
        if not found:
            faults.append(f"{req}: not in the lock")
        for entry in found:
            if not req.specifier.contains(entry.version, prereleases=True):
                faults.append(f"{req}: the lock has {entry.version}")
            if asker not in entry.via:
                faults.append(f"{req}: the lock does not say {asker} wants it")
    names = {canonicalize_name(req.name) for req in wanted}
    faults += [f"{entry.name}: locked for {asker}, which no longer names it"
               for entry in lock if asker in entry.via and entry.name not in names]
    return faults


def the_lock() -> list[Locked]:
    return parse_lock(LOCK.read_text(encoding="utf-8"))


def test_every_locked_package_is_pinned_with_its_hashes() -> None:
    lock = the_lock()
    assert len(lock) >= 60
    for entry in lock:
        assert re.fullmatch(r"[a-z0-9-]+==[\w.+!-]+( ; .+)?", entry.line), entry.line  # no range, no URL, no -e
        assert entry.hashes and all(HASH.fullmatch(h) for h in entry.hashes), entry.line
        assert entry.via, f"{entry.line}: nothing says why it is locked"


def test_every_locked_package_is_wanted() -> None:
    """Each package is asked for by requirements-dev.txt, pyproject.toml or another locked package."""
    lock = the_lock()
    names = {entry.name for entry in lock}
    for entry in lock:
        assert all(asker in (DEV, PROJECT) or canonicalize_name(asker) in names for asker in entry.via), entry.line


def test_the_lock_matches_requirements_dev() -> None:
    wanted = dev_requirements((REPO / "requirements-dev.txt").read_text(encoding="utf-8"))
    assert mismatches(the_lock(), wanted, DEV) == [], "requirements-dev.txt changed: run make lock"


def test_the_lock_matches_pyproject() -> None:
    wanted = project_requirements((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert mismatches(the_lock(), wanted, PROJECT) == [], "pyproject.toml's dependencies changed: run make lock"


def test_a_pin_changed_on_one_side_only_is_found() -> None:
    """The check itself: a pin moved, a package added or dropped in requirements-dev.txt alone."""
    lock = the_lock()
    text = (REPO / "requirements-dev.txt").read_text(encoding="utf-8")
    pin = re.search(r"^([\w.-]+)==([\w.]+)", text, re.MULTILINE)
    assert pin
    name, version = pin.groups()
    moved = mismatches(lock, dev_requirements(text.replace(pin[0], f"{pin[0]}.post9", 1)), DEV)
    assert moved == [f"{pin[0]}.post9: the lock has {version}"]
    added = mismatches(lock, dev_requirements(text + "left-pad==1.0\n"), DEV)
    assert added == ["left-pad==1.0: not in the lock"]
    dropped = mismatches(lock, dev_requirements(text.replace(pin[0], "", 1)), DEV)
    assert dropped == [f"{canonicalize_name(name)}: locked for {DEV}, which no longer names it"]


def test_make_setup_installs_the_lock_with_its_hashes() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"uv pip install .*--require-hashes .*-r requirements-lock\.txt", makefile)
    assert re.search(r"pip install .*--require-hashes .*-r \$\(VENV\)/uv-lock\.txt", makefile)
    assert "-r requirements-dev.txt" not in makefile
