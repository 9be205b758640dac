"""The built site made to read and play offline, by any builder (MkDocs' hook, scripts/build_zensical.py).

The build's version is a hash of every static file of the site, by path and content (scripts, styles,
Pyodide, the engine's wheel: all that the service worker serves from its cache); the pages, the search
index and the sitemap are left out, as the service worker asks the network for them first. The version
goes into each page's head (<meta name="parcours-build">, read by the service worker, to notice a page
of another deployment) and into the service worker, written at the site's root as sw.js from
playable/sw.js (its scope is then the whole site, under any subpath), with the files it fetches as it
installs and those of Python's start. Standard library only."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

SERVICE_WORKER = Path(__file__).parent / "sw.js"
# Fetched by the service worker as it installs: the scripts and styles every page needs (the rest is
# kept as it is fetched; Python's files once Python starts).
PRECACHE = re.compile(r"parcours/.*|assets/(stylesheets/.*\.css|javascripts/bundle\.\w+\.min\.js|images/.*)")
PYTHON = "assets/vendor/"
NOT_STATIC = re.compile(r".*\.html|sw\.js|search/.*|sitemap\.xml(\.gz)?")
BUILD_META = re.compile(r'<meta name="parcours-build" content="\w*">')


def static_files(site: Path) -> list[str]:
    """The site's static files, as paths under it, sorted."""
    paths = (p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    return sorted(p for p in paths if not NOT_STATIC.fullmatch(p))


def build_version(site: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.encode() + b"\0" + hashlib.sha256((site / path).read_bytes()).digest())
    return digest.hexdigest()[:16]


def with_build(html: str, version: str) -> str:
    """A page with its build's version first in its head (once, whatever it held before)."""
    meta = f'<meta name="parcours-build" content="{version}">'
    return BUILD_META.sub("", html).replace("<head>", "<head>" + meta, 1)


def finish_offline(site: Path) -> str:
    """The site's pages marked with its build's version, and its service worker written: the version."""
    files = static_files(site)
    version = build_version(site, files)
    for page in site.rglob("*.html"):
        if page.relative_to(site).as_posix().startswith(PYTHON):
            continue
        text = page.read_text(encoding="utf-8")
        page.write_text(with_build(text, version), encoding="utf-8")
    precache = [p for p in files if PRECACHE.fullmatch(p) and not p.endswith(".map")]
    python = [p for p in files if p.startswith(PYTHON)]
    worker = (SERVICE_WORKER.read_text(encoding="utf-8").replace("__BUILD__", version)
              .replace("__PRECACHE__", json.dumps(precache)).replace("__PYTHON__", json.dumps(python)))
    (site / "sw.js").write_text(worker, encoding="utf-8")
    return version
