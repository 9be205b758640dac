"""The site built by ProperDocs (the maintained fork of MkDocs 1.x, what a maintainer switches to when
MkDocs 1 can no longer be installed) is the site MkDocs builds: the same files, every page the same
HTML but its generator line and the build's version, the same worked examples, and an example goes live
in Chromium.

One ProperDocs build (scripts/build_properdocs.py, into site-properdocs/) for the module, from the same
mkdocs.yml, its plugins and hooks, compared with MkDocs' site/ (`make build`, made before pytest runs).
The build is dated by site/'s day (SOURCE_DATE_EPOCH), so that the citations' dates agree across midnight.

Needs, and FAILS (does not skip) without them: the built site (make build), ProperDocs
(requirements-lock.txt), Chromium and Playwright for the browser test.
Run only these:  pytest tests/test_properdocs.py
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import RULES, SITE, Server, _fail
from test_zensical import assert_goes_live, assert_same_examples, pages, read

# One ProperDocs build (the psite fixture) for the module's tests: one worker runs them.
pytestmark = [pytest.mark.site, pytest.mark.build, pytest.mark.xdist_group("properdocs-build")]

REPO = Path(__file__).resolve().parent.parent
PSITE = REPO / "site-properdocs"
GENERATOR = re.compile(r'<meta name="generator" content="([^"]*)">')
BUILD = re.compile(r'^const BUILD = "(\w+)";', re.MULTILINE)  # the build's version (playable/offline.py)
# The edition's size in bytes (playable/offline.py, said by keep.mjs): the generator lines differ in length.
EDITION = re.compile(r'<meta name="parcours-edition-bytes" content="\d+">')


@pytest.fixture(scope="session")  # not rebuilt when a run orders other modules' tests between these
def psite() -> Path:
    for needed in (SITE / "index.html", SITE / RULES / "index.html", REPO / "docs/assets/vendor/engine.json"):
        if not needed.is_file():
            _fail(f"{needed} is missing: run make build first")
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(int((SITE / "index.html").stat().st_mtime))}
    command = [sys.executable, str(REPO / "scripts" / "build_properdocs.py"), "--site-dir", PSITE.name]
    done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, f"the ProperDocs build failed:\n{done.stdout}\n{done.stderr}"
    return PSITE


def files(site: Path) -> dict[str, bytes]:
    """The site's files, the printed rulebooks aside (make pdf adds site/pdf/ after the build)."""
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*"))
            if p.is_file() and p.relative_to(site).parts[0] != "pdf"}


def version(site: Path) -> str:
    found = BUILD.search((site / "sw.js").read_text(encoding="utf-8"))
    assert found, f"{site}/sw.js names no build"
    return found.group(1)


def test_built_by_properdocs(psite: Path) -> None:
    generators = [GENERATOR.findall(read(site, "index.html")) for site in (SITE, psite)]
    assert generators[0] == ["mkdocs-1.6.1, mkdocs-material-9.8.2"]
    assert generators[1] == ["mkdocs-ProperDocs 1.6.7, mkdocs-material-9.8.2"]


def test_the_same_files_and_pages(psite: Path) -> None:
    """Every file MkDocs writes, byte for byte: the theme's, the widget's, Pyodide's and the wheel (named by
    their content), the search index, the sitemap; every page the same but its generator line, the
    build's version and the edition's size (which the generator lines change); sw.js differs by the
    version and its manifest's hashes of the pages only."""
    mk, pd = files(SITE), files(psite)
    assert sorted(pd) == sorted(mk)
    assert pages(psite) == pages(SITE) and len(pages(SITE)) >= 20
    versions = version(SITE), version(psite)
    for name, data in mk.items():
        if name == "sw.js":
            continue
        if name.endswith(".html"):
            texts = [EDITION.sub("", GENERATOR.sub("", body.decode())).replace(v, "BUILD")
                     for body, v in zip((data, pd[name]), versions, strict=True)]
            assert texts[0] == texts[1], name
        else:
            assert data == pd[name], name


def test_the_same_worked_examples(psite: Path) -> None:
    assert_same_examples(psite)


@pytest.fixture(scope="module")
def pserver(psite: Path) -> Iterator[Server]:
    srv = Server(psite)
    yield srv
    srv.close()


@pytest.mark.browser
def test_an_example_goes_live_on_the_properdocs_build(browser: Any, pserver: Server) -> None:
    assert_goes_live(browser, pserver)
