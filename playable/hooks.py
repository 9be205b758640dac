"""MkDocs hooks: check the site's data before anything is built (a bad file fails the build with
file:line: fault), and ship the scripts and styles of playable/assets with the site.

mkdocs.yml names only the entry point (parcours/parcours.mjs) and the stylesheet; the modules it
imports, the worker and the rest ship from here, each at the same path under the site, so that
relative imports work under any subpath. A module that names a sibling missing from the assets
fails the build rather than a reader's browser.

Each page leaves with its two languages marked for the reader's choice (parcours/lang.mjs): the
" · " between a French and an English text becomes a separator that a single language hides, and
the tabs titled English and Français say their language.

Offline: on_files hashes every static file of the build (scripts, styles, Pyodide, the wheel) into
the build's version; each page carries it (<meta name="parcours-build">) and on_post_build writes
the service worker (playable/sw.js, into the site's root as sw.js) with it, the files to fetch at
install and the files of Python's start.
(Material's own words and the 404 page: the theme's overrides/ directory, mkdocs.yml custom_dir.)"""

from __future__ import annotations

import hashlib
import importlib
import json
import re
import sys
from html import escape, unescape
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
LANGUAGE_TAB = re.compile(r'<label for="([\w-]+)">(English|Français)</label>')
# A heading in both languages, as the pages and macros write it, or in one language (attribute lang)
BILINGUAL_HEADING = re.compile(r'<h[1-6][^>]*><span lang="fr">(.*?)</span> · <span lang="en">(.*?)</span>')
ONE_LANGUAGE_HEADING = re.compile(r'<h[1-6] id="([^"]+)" lang="(fr|en)">')
TEXT = re.compile(r">([^<>]*?·[^<>]*?)<")
SERVICE_WORKER = Path(__file__).parent / "sw.js"
# What the service worker fetches as it installs: the scripts and styles every page needs (the rest
# is kept as it is fetched; Python's files once Python starts: assets/vendor/).
PRECACHE = re.compile(r"parcours/.*|assets/(stylesheets/.*\.css|javascripts/bundle\.\w+\.min\.js|images/.*)")
build = {"version": "", "precache": [], "python": []}  # this build's, set by on_files


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
    build.update(offline_build(files))
    return files


def offline_build(files: Files) -> dict[str, Any]:
    """The build's version (a hash of every static file, by path and content: what the service
    worker serves from its cache), the files fetched at install and those of Python's start."""
    static = sorted((f for f in files if not f.is_documentation_page()), key=lambda f: f.dest_uri)
    digest = hashlib.sha256()
    for f in static:
        digest.update(f.dest_uri.encode() + b"\0" + hashlib.sha256(f.content_bytes).digest())
    uris = [f.dest_uri for f in static]
    return {"version": digest.hexdigest()[:16],
            "precache": [u for u in uris if PRECACHE.fullmatch(u) and not u.endswith(".map")],
            "python": [u for u in uris if u.startswith("assets/vendor/")]}


def build_meta(html: str) -> str:
    """The page with its build's version in its head, where the service worker reads it."""
    return html.replace("<head>", f'<head><meta name="parcours-build" content="{build["version"]}">', 1)


def on_post_build(config: Any) -> None:
    """The service worker, at the site's root: its scope is the whole site, under any subpath."""
    text = (SERVICE_WORKER.read_text(encoding="utf-8").replace("__BUILD__", build["version"])
            .replace("__PRECACHE__", json.dumps(build["precache"])).replace("__PYTHON__", json.dumps(build["python"])))
    (Path(config["site_dir"]) / "sw.js").write_text(text, encoding="utf-8")


def nav_titles(nav: list[Any]) -> list[str]:
    """Every title of mkdocs.yml's nav ("French · English" where it holds a " · ")."""
    titles = []
    for item in nav:
        for title, value in (item.items() if isinstance(item, dict) else []):
            titles.append(title)
            if isinstance(value, list):
                titles.extend(nav_titles(value))
    return titles


def mark_titles(html: str, nav: list[str]) -> str:
    """Titles that Material writes as plain text (the menu, the header, the table of contents), each
    marked as its heading or mkdocs.yml's nav is: "A · B" becomes A and B each with its language, and
    the table of contents' entry of a heading in one language takes its language."""
    pairs = {_spaced(unescape(f"{fr} · {en}")): (fr, en) for fr, en in BILINGUAL_HEADING.findall(html)}
    pairs.update({_spaced(title): (escape(title.split(" · ")[0]), escape(title.split(" · ")[1]))
                  for title in nav if title.count(" · ") == 1})

    def mark(match: re.Match[str]) -> str:
        text = match.group(1)
        words = pairs.get(_spaced(unescape(text)))
        if not words:
            return match.group(0)
        marked = f'<span lang="fr">{words[0]}</span> · <span lang="en">{words[1]}</span>'
        return ">" + text.replace(text.strip(), marked) + "<"

    html = TEXT.sub(mark, html)
    for ident, lang in ONE_LANGUAGE_HEADING.findall(html):
        link = f'<a href="#{ident}" class="md-nav__link"'
        html = html.replace(link + ">", f'{link} lang="{lang}">')
    return html


def _spaced(text: str) -> str:
    """A title with its spaces as one plain space each: Material writes the table of contents' titles
    with its template filter striptags, which makes a heading's no-break spaces plain ones."""
    return " ".join(text.split())


def mark_languages(html: str) -> str:
    """The page with its bare separators marked (class px-sep) and its language tabs marked (lang)."""
    html = BARE_SEPARATOR.sub('<span class="px-sep"> · </span>', html)
    return LANGUAGE_TAB.sub(lambda m: f'<label for="{m.group(1)}" lang="{"en" if m.group(2) == "English" else "fr"}">'
                            f"{m.group(2)}</label>", html)


def on_post_page(output: str, page: Any, config: Any) -> str:
    return build_meta(mark_languages(mark_titles(output, nav_titles(config["nav"] or []))))


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """The 404 page (a template of the theme, not a page of docs/): its menu marked like a page's."""
    return on_post_page(output, None, config) if template_name == "404.html" else output
