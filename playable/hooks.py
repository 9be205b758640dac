"""MkDocs hooks: check the site's data before anything is built (a bad file fails the build with
file:line: fault), vendor Pyodide and the engine's wheel again if the engine changed since
(playable/vendor.py: a build ships the engine it was built with), ship the scripts and styles of
playable/assets with the site, and mark each page's two languages.

mkdocs.yml names only the entry point (parcours/parcours.mjs) and the stylesheet; the modules it
imports, the worker and the rest are copied into docs/parcours/ before the files are gathered
(playable/ship.py), each at the same path under the site. Each page leaves with its two languages
marked for the reader's choice (playable/lang_marks.py), its identifiers set as code free to break after
their dots (playable/breaks.py). Once built, the site's own files are named by their content
(playable/release.py) and the site is made to read and play offline (playable/offline.py: the build's
version in each page, the service worker sw.js and its manifest).
(Material's own words and the 404 page: the theme's overrides/ directory, mkdocs.yml custom_dir.)

Zensical runs no MkDocs hook: scripts/build_zensical.py does the same work around its build, with the
same modules."""

from __future__ import annotations

import importlib
import logging
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

PROJECT = Path(__file__).parent.parent
if str(PROJECT) not in sys.path:  # mkdocs loads this file by path, not as part of the package
    sys.path.insert(0, str(PROJECT))

from playable.breaks import code_breaks
from playable.lang_marks import mark_page
from playable.offline import finish_offline
from playable.ship import ShipError, ship_assets
from playable.vendor import VendorError, ensure_vendored

log = logging.getLogger("mkdocs.hooks.parcours")


def on_pre_build(config: Any) -> None:
    docs = Path(config["docs_dir"])
    importlib.import_module("playable.freshness").check_fresh(docs)  # made by these rules? (first: see there)
    importlib.import_module("playable.data_check").check_site(docs)
    try:
        vendored = ensure_vendored(docs / "assets" / "vendor")
        ship_assets(docs)
    except (ShipError, VendorError) as err:
        raise PluginError(str(err)) from err
    if vendored:
        log.info(vendored)


def on_post_page(output: str, page: Any, config: Any) -> str:
    return code_breaks(mark_page(output, config["nav"] or []))


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """The 404 page (a template of the theme, not a page of docs/): its menu marked like a page's."""
    return on_post_page(output, None, config) if template_name == "404.html" else output


def on_post_build(config: Any) -> None:
    finish_offline(Path(config["site_dir"]))
