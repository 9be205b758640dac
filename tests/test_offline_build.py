"""The built site made to work offline (playable/offline.py), on a small site of its own: the build's
version follows the static files and not the pages, every page carries it once, and the service worker
is written with it and with the files it fetches. (In Chromium: tests/test_offline.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playable.offline import finish_offline


def small_site(root: Path) -> Path:
    for path, text in {"index.html": "<html><head><title>a</title></head></html>",
                       "veldiv/rules/index.html": "<html><head></head><body>rules</body></html>",
                       "parcours/parcours.mjs": "// entry", "parcours/parcours.css": "p {}",
                       "assets/javascripts/bundle.abc123.min.js": "//",
                       "assets/javascripts/bundle.abc123.min.js.map": "{}",
                       "assets/javascripts/lunr/min/lunr.fr.min.js": "//", "assets/vendor/engine.json": "{}",
                       "assets/vendor/pyodide/pyodide.asm.wasm": "wasm", "search/search_index.json": "{}"}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    return root


def written(site: Path, name: str) -> object:
    found = re.search(rf"^const {name} = (.*?);", (site / "sw.js").read_text(encoding="utf-8"), re.MULTILINE)
    assert found, name
    return json.loads(found.group(1))


def test_the_version_the_pages_and_the_service_worker(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    version = finish_offline(site)
    assert re.fullmatch(r"[0-9a-f]{16}", version)
    for page in ("index.html", "veldiv/rules/index.html"):
        text = (site / page).read_text(encoding="utf-8")
        assert text.count('name="parcours-build"') == 1
        assert f'<head><meta name="parcours-build" content="{version}">' in text
    assert written(site, "BUILD") == version
    assert written(site, "PRECACHE") == ["assets/javascripts/bundle.abc123.min.js", "parcours/parcours.css",
                                         "parcours/parcours.mjs"]
    assert written(site, "PYTHON") == ["assets/vendor/engine.json", "assets/vendor/pyodide/pyodide.asm.wasm"]

    # Built again unchanged: the same version, each page still marked once.
    assert finish_offline(site) == version
    assert (site / "index.html").read_text(encoding="utf-8").count('name="parcours-build"') == 1
    # A page or the search index changed: the same version (the service worker asks the network for them first).
    (site / "veldiv/rules/index.html").write_text("<html><head></head><body>other</body></html>", encoding="utf-8")
    (site / "search/search_index.json").write_text('{"docs": []}', encoding="utf-8")
    assert finish_offline(site) == version
    # A script, or the runtime, changed: a new version.
    (site / "parcours/parcours.mjs").write_text("// entry, changed", encoding="utf-8")
    assert finish_offline(site) != version
