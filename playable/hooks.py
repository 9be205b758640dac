"""MkDocs hooks: check the site's data before anything is built (a bad file fails the build with
file:line: fault), and ship the scripts and styles of playable/assets with the site.

mkdocs.yml names only the entry point (parcours/parcours.mjs) and the stylesheet; the modules it
imports, the worker and the rest ship from here, each at the same path under the site, so that
relative imports work under any subpath. A module that names a sibling missing from the assets
fails the build rather than a reader's browser.

Each page leaves with its two languages marked for the reader's choice (parcours/lang.mjs): the
" · " between a French and an English text becomes a separator that a single language hides, and
the tabs titled English and Français say their language.
(Material's own words and the 404 page: the theme's overrides/ directory, mkdocs.yml custom_dir.)"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

ASSETS = Path(__file__).parent / "assets"
PROJECT = Path(__file__).parent.parent
# A sibling module named in a script: import … from "./x.mjs", import("./x.mjs"), new URL("./x.mjs", …)
SIBLING = re.compile(r"""["'](\./[\w.-]+\.mjs)["']""")
# " · " between two texts each marked with its language: <span lang="fr">…</span> · <span lang="en">
BARE_SEPARATOR = re.compile(r'(?<=</span>) · (?=<span lang="(?:fr|en)">)')
LANGUAGE_TAB = re.compile(r'<label for="(__tabbed_[\d_]+)">(English|Français)</label>')


def on_pre_build(config: Any) -> None:
    if str(PROJECT) not in sys.path:  # mkdocs loads this file by path, not as part of the package
        sys.path.insert(0, str(PROJECT))
    importlib.import_module("playable.data_check").check_site(Path(config["docs_dir"]))


def missing_siblings(assets: Path) -> list[str]:
    """Each module named by a script of `assets` that is not there, as 'script: ./module.mjs'."""
    return [f"{script.relative_to(assets).as_posix()}: {name}"
            for script in sorted(assets.rglob("*.mjs"))
            for name in SIBLING.findall(script.read_text(encoding="utf-8"))
            if not (script.parent / name).is_file()]


def on_files(files: Files, config: Any) -> Files:
    missing = missing_siblings(ASSETS)
    if missing:
        raise PluginError("scripts import modules that playable/assets does not hold: " + "; ".join(missing))
    for path in sorted(ASSETS.rglob("*")):
        if path.is_file():
            files.append(File(path.relative_to(ASSETS).as_posix(), str(ASSETS), config["site_dir"],
                              config["use_directory_urls"]))
    return files


def mark_languages(html: str) -> str:
    """The page with its bare separators marked (class px-sep) and its language tabs marked (lang)."""
    html = BARE_SEPARATOR.sub('<span class="px-sep"> · </span>', html)
    return LANGUAGE_TAB.sub(lambda m: f'<label for="{m.group(1)}" lang="{"en" if m.group(2) == "English" else "fr"}">'
                            f"{m.group(2)}</label>", html)


def on_post_page(output: str, page: Any, config: Any) -> str:
    return mark_languages(output)
