#!/usr/bin/env python3
"""Build the site with Zensical, complete: the work of MkDocs' hooks (playable/hooks.py) done around it.

    .venv/bin/python scripts/build_zensical.py [--site-dir site-zensical]

Zensical reads mkdocs.yml and runs the macros module (playable), but runs no MkDocs hook. So this
script, with the hook's own modules:
  1. checks that the data and examples the engine made are those it makes now (playable.freshness),
     and the site's data (playable.data_check: a bad file fails with file:line: fault);
  2. vendors Pyodide and the engine's wheel again if the engine changed (playable.vendor), and ships
     the widget's scripts and styles into docs/parcours/ (playable.ship);
  3. runs `zensical build`, writing to SITE_DIR (mkdocs.yml's site_dir). Zensical keeps a cache in
     .cache/ and knows what a page's macros read from mkdocs.yml's watch list (playable/, the engine)
     and docs/; its --clean is not used, as it empties the whole of .cache/, the Pyodide tests'
     wheels (.cache/wheels/) included;
  4. marks each page's two languages (playable.lang_marks), checks that every link that stays in the site
     leads somewhere (playable.link_check), and writes sitemap.xml.gz as MkDocs does;
  5. names our files by their content and makes the site read and play offline (playable.offline: the
     build's version, the service worker and its manifest).
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from playable.breaks import code_breaks
from playable.citation import build_stamp
from playable.citation_meta import Edition, cite_page
from playable.data_check import DataError, check_site
from playable.freshness import check_fresh
from playable.lang_marks import mark_page
from playable.link_check import broken_links
from playable.offline import finish_offline
from playable.release import ReleaseError
from playable.search_later import SearchLaterError
from playable.ship import ShipError, ship_assets
from playable.styles import added_styles
from playable.vendor import VendorError, ensure_vendored


class _Config(yaml.SafeLoader):
    """mkdocs.yml as YAML: an !ENV value read as MkDocs reads it, its variable's value or its default."""


def _env(loader: yaml.SafeLoader, node: yaml.SequenceNode) -> Any:
    *names, default = loader.construct_sequence(node)
    return next((os.environ[n] for n in names if n in os.environ), default)


_Config.add_constructor("!ENV", _env)


def config() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.load((REPO / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Config)
    return loaded


def finish(site: Path, settings: dict[str, Any]) -> int:
    """Every page of `site` marked and citable as MkDocs' hooks make them (the vendored files left alone),
    and sitemap.xml.gz; the pages marked."""
    menu = list(settings.get("nav") or [])
    edition = Edition(settings["site_name"], settings["site_url"], build_stamp(REPO))
    pages = [p for p in sorted(site.rglob("*.html")) if p.relative_to(site).parts[:2] != ("assets", "vendor")]
    for page in pages:
        text = page.read_text(encoding="utf-8")
        marked = code_breaks(mark_page(cite_page(text, page.relative_to(site).as_posix(), edition), menu))
        if marked != text:
            page.write_text(marked, encoding="utf-8")
    broken = broken_links(site, settings["site_url"] or "")
    if broken:
        raise SystemExit(f"{len(broken)} links of the site lead nowhere:\n  " + "\n  ".join(broken[:40]))
    sitemap = site / "sitemap.xml"
    if sitemap.is_file():
        (site / "sitemap.xml.gz").write_bytes(gzip.compress(sitemap.read_bytes(), mtime=0))
    try:
        finish_offline(site)
    except (ReleaseError, SearchLaterError) as err:
        raise SystemExit(f"build_zensical: {err}") from None
    return len(pages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site-dir", default="site-zensical",
                        help="where the site is written, inside the repository (default: site-zensical)")
    args = parser.parse_args(argv)
    site = (REPO / args.site_dir).resolve()
    if not site.is_relative_to(REPO) or site == REPO:
        parser.error(f"--site-dir must be a folder inside {REPO} (Zensical's rule)")
    docs = REPO / "docs"
    if importlib.util.find_spec("zensical") is None:
        parser.error("Zensical is not installed: pip install -r requirements-dev.txt (make setup)")
    try:
        check_fresh(docs)
        check_site(docs)
        vendored = ensure_vendored(docs / "assets" / "vendor")
        ship_assets(docs, added=added_styles())  # each game's own styles after the site's
    except (DataError, ShipError, VendorError) as err:
        print(f"build_zensical: {err}", file=sys.stderr)
        return 1
    if vendored:
        print(f"build_zensical: {vendored}")
    shutil.rmtree(site, ignore_errors=True)  # files named by their content: none of an earlier build left
    env = {**os.environ, "SITE_DIR": str(site),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-m", "zensical", "build", "-f", str(REPO / "mkdocs.yml")],
                          cwd=REPO, env=env, check=False)
    if done.returncode != 0:
        print(f"build_zensical: zensical build failed ({done.returncode})", file=sys.stderr)
        return done.returncode
    count = finish(site, config())
    print(f"build_zensical: {count} pages marked in {site.relative_to(REPO)}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
