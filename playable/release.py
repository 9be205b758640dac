"""Every file of ours that a build may change gets a new URL: its content's hash in its name, as Material
names its own bundles (main.<hash>.min.css). Run on the built site by any builder (MkDocs' hook,
scripts/build_zensical.py), before playable/offline.py writes the service worker.

Renamed (HASHED): the widget's scripts and styles (parcours/) and what Python's start fetches
(assets/vendor/). Pyodide's runtime keeps its files' names, which its loader asks for by name: its
folder is named instead (assets/vendor/pyodide-<hash>/). A file that names another by a quoted relative
path ("./dom.mjs", "../assets/vendor/engine.json", "./pyodide/") names it by its new name, so it is
renamed after the files it names, and its own hash covers theirs: a change anywhere below reaches
every URL above it, up to the pages, which are rewritten last (href and src). A cycle of such names
cannot be hashed and fails the build. A file no one changes keeps its URL from build to build: a
returning reader fetches only what changed, and the browser's caches can never hand an old file to a
new build. Standard library only."""

from __future__ import annotations

import hashlib
import posixpath
import re
import shutil
from pathlib import Path

HASHED = re.compile(r"(parcours|assets/vendor)/.+")
PYODIDE = "assets/vendor/pyodide"  # Pyodide's runtime: the folder is named by its content
# A quoted relative reference in a script, a style or the engine's manifest: "./x.mjs", '../a/b.json'.
REFERENCE = re.compile(r"""(["'])(\.{1,2}/[^"'\s]*)\1""")
# An address in a page: href="…", src="…" (the builders quote them so).
PAGE_ADDRESS = re.compile(r'\b(href|src)="([^"#?:]+)"')
DIGITS = 10  # hexadecimal digits of SHA-256 in a name: 40 bits, as for Material's 8


class ReleaseError(Exception):
    """The site's files cannot be named by their content (a cycle of references)."""


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:DIGITS]


def hashed_name(path: str, data: bytes) -> str:
    """parcours/dom.mjs -> parcours/dom.<hash>.mjs (the hash before the last suffix)."""
    folder, name = posixpath.split(path)
    stem, dot, suffix = name.rpartition(".")
    named = f"{stem}.{digest(data)}.{suffix}" if dot else f"{name}.{digest(data)}"
    return posixpath.join(folder, named)


def _named_by_content(site: Path, path: str) -> bool:
    found = re.fullmatch(rf".*\.([0-9a-f]{{{DIGITS}}})(\.\w+)?", path)
    return found is not None and digest((site / path).read_bytes()) == found.group(1)


def _text(path: Path) -> str | None:
    """A file's text, or None for binary data (the wheel)."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None


def _folder_name(site: Path, folder: str) -> str:
    """A folder named by the names and contents of its files."""
    total = hashlib.sha256()
    for path in sorted(p for p in (site / folder).rglob("*") if p.is_file()):
        total.update(path.relative_to(site / folder).as_posix().encode() + b"\0")
        total.update(hashlib.sha256(path.read_bytes()).digest())
    return f"{folder}-{total.hexdigest()[:DIGITS]}"


def _references(path: str, text: str, files: set[str], folders: set[str]) -> set[str]:
    """The files and folders of the site that `text` (the file at `path`) names by a relative path."""
    found = set()
    for _, ref in REFERENCE.findall(text):
        target = posixpath.normpath(posixpath.join(posixpath.dirname(path), ref))
        if target in files or target in folders:
            found.add(target)
    return found


def _rewrite(path: str, text: str, renamed: dict[str, str]) -> str:
    """`text` with each relative reference to a renamed file or folder naming its new name."""
    def new(match: re.Match[str]) -> str:
        quote, ref = match.groups()
        target = posixpath.normpath(posixpath.join(posixpath.dirname(path), ref))
        if target not in renamed:
            return match.group(0)
        relative = posixpath.relpath(renamed[target], posixpath.dirname(path) or ".")
        relative = relative if relative.startswith("../") else "./" + relative
        return f"{quote}{relative}{'/' if ref.endswith('/') else ''}{quote}"
    return REFERENCE.sub(new, text)


def _order(graph: dict[str, set[str]]) -> list[str]:
    """The files, each after every file it names; a cycle fails, naming it."""
    done: list[str] = []
    state: dict[str, str] = {}

    def visit(node: str, trail: list[str]) -> None:
        if state.get(node) == "done":
            return
        if state.get(node) == "open":
            cycle = trail[trail.index(node):] + [node]
            raise ReleaseError("these files name each other, so none can be named by its content: "
                               + " -> ".join(cycle))
        state[node] = "open"
        for target in sorted(graph[node]):
            if target in graph:
                visit(target, trail + [node])
        state[node] = "done"
        done.append(node)

    for node in sorted(graph):
        visit(node, [])
    return done


def name_by_content(site: Path) -> dict[str, str]:
    """Every file of HASHED under `site` renamed by its content, the references to it rewritten in
    the files and pages that name it: {old path: new path} (paths relative to the site)."""
    renamed: dict[str, str] = {}
    if (site / PYODIDE).is_dir():
        folder = _folder_name(site, PYODIDE)
        if (site / folder).is_dir():  # built again over the last build: the same files
            shutil.rmtree(site / PYODIDE)
        else:
            (site / PYODIDE).rename(site / folder)
        renamed[PYODIDE] = folder
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    ours = {p for p in files if HASHED.fullmatch(p) and not p.startswith(PYODIDE)}
    ours = {p for p in ours if not _named_by_content(site, p)}  # a file named so already (built again)
    texts = {p: text for p in ours if (text := _text(site / p)) is not None}
    graph = {p: _references(p, texts.get(p, ""), ours, set(renamed)) for p in ours}
    for path in _order(graph):
        data = (site / path).read_bytes()
        if path in texts:
            data = _rewrite(path, texts[path], renamed).encode("utf-8")
        renamed[path] = hashed_name(path, data)
        (site / renamed[path]).write_bytes(data)
        (site / path).unlink()
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = _rewrite_page(page.relative_to(site).as_posix(), text, renamed)
        if new != text:
            page.write_text(new, encoding="utf-8")
    return renamed


def _rewrite_page(path: str, html: str, renamed: dict[str, str]) -> str:
    """A page's href and src naming a renamed file, relative (as MkDocs writes them) or from the
    server's root (the 404 page: its path ends with the file's path in the site)."""
    here = posixpath.dirname(path)

    def new(match: re.Match[str]) -> str:
        attribute, address = match.groups()
        if address.startswith("/"):
            parts = address.split("/")
            for k in range(1, len(parts)):
                target = "/".join(parts[k:])
                if target in renamed:
                    return f'{attribute}="{"/".join(parts[:k])}/{renamed[target]}"'
            return match.group(0)
        target = posixpath.normpath(posixpath.join(here, address))
        if target not in renamed:
            return match.group(0)
        return f'{attribute}="{posixpath.relpath(renamed[target], here or ".")}"'
    return PAGE_ADDRESS.sub(new, html)


def built_path(site: Path, path: str) -> str:
    """Where a built site holds a file of ours by its source name ("parcours/worker.mjs" ->
    "parcours/worker.<hash>.mjs", "assets/vendor/pyodide/pyodide.asm.wasm" -> "assets/vendor/pyodide-<hash>/…");
    for the tests and benchmarks, which know the files by those names. A file not renamed is its own."""
    if path.startswith(PYODIDE + "/"):
        folders = sorted(site.glob("assets/vendor/pyodide-*"))
        return path if not folders else f"{folders[0].relative_to(site).as_posix()}/{path[len(PYODIDE) + 1:]}"
    folder, name = posixpath.split(path)
    stem, _, suffix = name.rpartition(".")
    pattern = re.compile(rf"{re.escape(stem)}\.[0-9a-f]{{{DIGITS}}}\.{re.escape(suffix)}")
    found = sorted(p.name for p in (site / folder).glob(f"{stem}.*.{suffix}") if pattern.fullmatch(p.name))
    return posixpath.join(folder, found[0]) if len(found) == 1 else path
