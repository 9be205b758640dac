"""Material's search index built when a reader reaches for the search, not as every page loads, by
any builder (MkDocs' hook, scripts/build_zensical.py), before playable/offline.py names the site's
files and writes the service worker.

Material's worker (assets/javascripts/workers/search.<hash>.min.js) gets playable/search_later.js
before it (its listener must come first) and, being changed, a new name by its content beside the old
one (search.<hash>.min.js again, the hash its new content's: it must stay in Material's folder, where
it finds lunr's languages), and every page's configuration names it. Material's own file and its
source map (which no longer maps the file's lines) are removed: no page names them any more.
Standard library only."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

WORKERS = "assets/javascripts/workers"
ADDED = Path(__file__).parent / "search_later.js"


class SearchLaterError(Exception):
    """The site's pages do not name the worker this step changed (another theme's layout)."""


def _without_source_map(data: bytes) -> bytes:
    """The script without its last line if that names its source map."""
    code, newline, last = data.rstrip(b"\n").rpartition(b"\n")
    return code + b"\n" if newline and last.startswith(b"//# sourceMappingURL=") else data


def search_later(site: Path) -> str | None:
    """Material's worker under `site` made to wait, and the pages made to name it: its new path, or
    None for a site without Material's search."""
    added = ADDED.read_bytes()
    # (one made already, by a build over the last one, is left as it is)
    workers = [p for p in sorted((site / WORKERS).glob("search.*.min.js")) if not p.read_bytes().startswith(added)]
    if not workers:
        return None
    if len(workers) > 1:
        raise SearchLaterError(f"more than one search worker in {WORKERS}/: {', '.join(p.name for p in workers)}")
    [material] = workers
    data = added + _without_source_map(material.read_bytes())
    named = material.with_name(f"search.{hashlib.sha256(data).hexdigest()[:8]}.min.js")
    named.write_bytes(data)
    material.unlink()
    material.with_name(material.name + ".map").unlink(missing_ok=True)
    # The worker in a page's configuration (<script id="__config">): "search": "../assets/.../search.<hash>.min.js"
    config = re.compile(r'("search":\s*"[^"]*' + WORKERS + "/)" + re.escape(material.name) + '"')
    unnamed = []
    for page in sorted(site.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        if material.name not in text:
            continue
        changed = config.sub(rf'\g<1>{named.name}"', text)
        if material.name in changed:
            unnamed.append(page.relative_to(site).as_posix())
        page.write_text(changed, encoding="utf-8")
    if unnamed:
        raise SearchLaterError(f"{material.name} is named outside the search's configuration in: "
                               + ", ".join(unnamed[:5]))
    return named.relative_to(site).as_posix()
