"""The built site released whole, and made to read and play offline, by any builder (MkDocs' hook,
scripts/build_zensical.py).

First Material's search worker is made to wait for a reader who searches (playable/search_later.py)
and every file of ours that a build may change is named by its content (playable/release.py). Then
the build's version, a hash of every file of the site by path and content (each page read without its
own mark of the version), goes into each page's head (<meta name="parcours-build">: the service worker
and parcours.mjs read it, to notice a page of another deployment) and into the service worker, written
at the site's root as sw.js from playable/sw.js (its scope is then the whole site, under any subpath)
with the build's manifest: the SHA-256 of every file, against which it checks each byte it keeps and
serves from its cache; which files are named by their content (served from the cache first); the files
it fetches as it installs; and those of Python's start. Standard library only."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from playable.release import name_by_content
from playable.search_later import search_later

SERVICE_WORKER = Path(__file__).parent / "sw.js"
# Fetched by the service worker as it installs: the scripts and styles every page needs, and the
# search's (its worker, its index, lunr's support for the site's languages: search_index.json's config);
# the rest is kept as it is fetched, Python's files (PYTHON_FILES) once Python starts.
PRECACHE = re.compile(r"parcours/.*|sitemap\.xml|search/search_index\.json|assets/(stylesheets/.*\.css"
                      r"|javascripts/(bundle\.\w+\.min\.js|workers/search\.\w+\.min\.js)|images/.*)")
LUNR = "assets/javascripts/lunr/min/lunr.{}.min.js"
PYTHON = "assets/vendor/"
# What only Python's start fetches: Pyodide and the engine (assets/vendor/) and the worker's script
# that loads them, fetched by no reader who never comes near an example, nor kept for one as the
# service worker installs (sw.js keeps them once Python has started).
PYTHON_FILES = re.compile(r"assets/vendor/.+|parcours/worker\.[0-9a-f]{10}\.mjs")
# Named by their content: ours (playable/release.py) and Material's own bundles.
IMMUTABLE = re.compile(r"(parcours|assets/vendor)/.*\.[0-9a-f]{10}\.\w+|assets/vendor/pyodide-[0-9a-f]{10}/.+"
                       r"|assets/(javascripts|stylesheets)/.*\.[0-9a-f]{8}\.min\.(js|css)")
BUILD_META = re.compile(r'<meta name="parcours-build" content="\w*">')
EDITION_META = re.compile(r'<meta name="parcours-edition-bytes" content="\d*">')


def site_files(site: Path) -> list[str]:
    """Every file of the site but the service worker, as paths under it, sorted."""
    paths = (p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    return sorted(p for p in paths if p != "sw.js")


def build_version(site: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for path in files:
        data = (site / path).read_bytes()
        if path.endswith(".html"):
            data = EDITION_META.sub("", BUILD_META.sub("", data.decode("utf-8"))).encode("utf-8")
        digest.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()[:16]


def precache(site: Path, files: list[str]) -> list[str]:
    """What the service worker fetches as it installs (PRECACHE), sorted."""
    try:
        languages = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))["config"]["lang"]
    except (OSError, ValueError, KeyError, TypeError):
        languages = []
    lunr = {LUNR.format(part) for part in ["stemmer.support", "multi", *languages]}
    return [p for p in files if (PRECACHE.fullmatch(p) or p in lunr) and not p.endswith(".map")
            and not PYTHON_FILES.fullmatch(p)]


def with_build(html: str, version: str, edition_bytes: int) -> str:
    """A page with its build's version first in its head, and the size of the edition a reader may keep
    for offline reading (keep.mjs says it); once each, whatever the page held before."""
    meta = (f'<meta name="parcours-build" content="{version}">'
            f'<meta name="parcours-edition-bytes" content="{edition_bytes}">')
    return EDITION_META.sub("", BUILD_META.sub("", html)).replace("<head>", "<head>" + meta, 1)


def finish_offline(site: Path) -> str:
    """The site's files named by their content, its pages marked with its build's version, and its
    service worker written: the version."""
    search_later(site)
    name_by_content(site)
    files = site_files(site)
    version = build_version(site, files)
    edition = sum((site / path).stat().st_size for path in files if not path.endswith(".map"))  # sw.js's EDITION
    for path in files:
        if path.endswith(".html") and not path.startswith(PYTHON):
            page = site / path
            page.write_text(with_build(page.read_text(encoding="utf-8"), version, edition), encoding="utf-8")
    manifest = {path: hashlib.sha256((site / path).read_bytes()).hexdigest() for path in files}
    fill = {
        "__BUILD__": version,
        "__MANIFEST__": json.dumps(manifest, separators=(",", ":")),
        "__IMMUTABLE__": json.dumps([p for p in files if IMMUTABLE.fullmatch(p)]),
        "__PRECACHE__": json.dumps(precache(site, files)),
        "__PYTHON__": json.dumps([p for p in files if PYTHON_FILES.fullmatch(p)]),
    }
    worker = SERVICE_WORKER.read_text(encoding="utf-8")
    for key, value in fill.items():
        worker = worker.replace(key, value)
    (site / "sw.js").write_text(worker, encoding="utf-8")
    return version
