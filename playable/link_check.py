"""Every link of the built site that stays in it leads somewhere: to a file the build wrote and, when it
names one, to an element of that page with that id. MkDocs checks the links written in Markdown (and
not their anchors, in its strict mode as configured here); most of ours are the macros' HTML, which it
does not read. A worked example's permalink (#ex-art-3-taken:<position>) leads to its example's id.

Run by the build (hooks.py, on_post_build; scripts/build_zensical.py) over the written site."""

from __future__ import annotations

import posixpath
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class _Page(HTMLParser):
    """A page's ids and the links it makes (href of <a> and <link>, outside <template>)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.templates = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "template":
            self.templates += 1
        for key in ("id", "name"):
            if values.get(key):
                self.ids.add(str(values[key]))
        if tag == "a" and values.get("href") and not self.templates:
            self.links.append(str(values["href"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "template" and self.templates:
            self.templates -= 1


def _read(file: Path) -> _Page:
    page = _Page()
    page.feed(file.read_text(encoding="utf-8", errors="replace"))
    return page


def _target(site: Path, page: Path, href: str, site_url: str) -> tuple[Path, str] | None:
    """The file and anchor a link leads to in the site, or None for a link out of it."""
    if site_url and href.startswith(site_url):
        href = "/" + href[len(site_url):].lstrip("/")
        base = "/"
    else:
        base = "/" + page.parent.relative_to(site).as_posix() + "/"
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
        return None
    path = unquote(parts.path)
    if path.startswith("/"):
        return None if base != "/" or not site_url else (_as_file(site, posixpath.normpath(path)), parts.fragment)
    if not path:
        return page, parts.fragment
    return _as_file(site, posixpath.normpath(posixpath.join(base, path))), parts.fragment


def _as_file(site: Path, path: str) -> Path:
    file = site / path.lstrip("/")
    return file / "index.html" if path.endswith("/") or file.is_dir() else file


def broken_links(site: Path, site_url: str = "") -> list[str]:
    """Each link of the built site (under `site`, published at `site_url`) that leads nowhere:
    "page: href (what is missing)"."""
    pages = {file: _read(file) for file in sorted(site.rglob("*.html"))
             if file.relative_to(site).parts[:2] != ("assets", "vendor")}  # Pyodide's own, not ours
    found = []
    for file, page in pages.items():
        for href in page.links:
            target = _target(site, file, href, site_url)
            if target is None:
                continue
            to, anchor = target
            where = file.relative_to(site).as_posix()
            if not to.is_file():
                found.append(f"{where}: {href} (no such file in the site)")
            elif anchor and to.suffix == ".html":
                ident = unquote(anchor).split(":", 1)[0]  # an example's permalink: its example's id
                ids = pages[to].ids if to in pages else _read(to).ids
                if ident not in ids:
                    found.append(f"{where}: {href} (no element #{ident} there)")
    return found
