"""Material's search worker made to wait for a reader who searches (playable/search_later.py), on a small
site of its own and on the built site. (In Chromium: tests/test_browser_search_lang.py.)"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from browser_support import SITE
from playable.search_later import ADDED, WORKERS, SearchLaterError, search_later

MATERIAL = "search.0123abcd.min.js"
CODE = '"use strict";(()=>{addEventListener("message",t=>postMessage(t.data));})();\n'
CONFIG = ('<script id="__config" type="application/json">'
          '{{"base": "{base}", "search": "{base}/{workers}/{name}"}}</script>')
PAGES = {"index.html": ".", "veldiv/rules/index.html": "../.."}


def material_site(root: Path) -> Path:
    """Material's worker, its source map and two pages naming it, written (again) under root."""
    (root / WORKERS).mkdir(parents=True, exist_ok=True)
    (root / WORKERS / MATERIAL).write_text(CODE + f"//# sourceMappingURL={MATERIAL}.map\n", encoding="utf-8")
    (root / WORKERS / f"{MATERIAL}.map").write_text("{}", encoding="utf-8")
    for page, base in PAGES.items():
        (root / page).parent.mkdir(parents=True, exist_ok=True)
        config = CONFIG.format(base=base, workers=WORKERS, name=MATERIAL)
        (root / page).write_text(f"<html><head>{config}</head></html>", encoding="utf-8")
    return root


def named_worker(root: Path, page: str) -> str:
    found = re.search(r'"search": "[^"]*/(search\.\w+\.min\.js)"', (root / page).read_text(encoding="utf-8"))
    assert found, page
    return found.group(1)


def test_the_worker_holds_the_messages_first_and_every_page_names_it(tmp_path: Path) -> None:
    site = material_site(tmp_path)
    path = search_later(site)
    assert path is not None
    data = (site / path).read_bytes()
    assert data == ADDED.read_bytes() + CODE.encode(), "the addendum first, Material's worker whole, no source map"
    assert Path(path).name == f"search.{hashlib.sha256(data).hexdigest()[:8]}.min.js"
    assert sorted(p.name for p in (site / WORKERS).iterdir()) == [Path(path).name], "Material's file and map left"
    assert {named_worker(site, page) for page in PAGES} == {Path(path).name}


def test_built_again_over_itself_one_worker(tmp_path: Path) -> None:
    """A builder that does not empty the site writes Material's worker and pages again beside ours."""
    site = material_site(tmp_path)
    first = search_later(site)
    material_site(site)
    assert search_later(site) == first
    assert [p.name for p in (site / WORKERS).iterdir()] == [Path(str(first)).name]
    assert {named_worker(site, page) for page in PAGES} == {Path(str(first)).name}


def test_a_page_naming_the_worker_elsewhere_fails_the_build(tmp_path: Path) -> None:
    site = material_site(tmp_path)
    (site / "other.html").write_text(f'<script src="{WORKERS}/{MATERIAL}"></script>', encoding="utf-8")
    with pytest.raises(SearchLaterError, match=r"named outside the search's configuration in: other\.html"):
        search_later(site)


def test_a_site_without_materials_search_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html></html>", encoding="utf-8")
    assert search_later(tmp_path) is None


@pytest.mark.site
def test_the_built_sites_pages_name_the_waiting_worker_and_keep_it_offline() -> None:
    pages = sorted(SITE.rglob("*.html"))
    assert pages, "build the site first (make build)"
    [worker] = (SITE / WORKERS).glob("search.*.min.js")
    assert worker.read_bytes().startswith(ADDED.read_bytes())
    named = {named_worker(SITE, p.relative_to(SITE).as_posix()) for p in pages
             if '"search":' in p.read_text(encoding="utf-8") and "assets/vendor" not in p.as_posix()}
    assert named == {worker.name}
    service_worker = (SITE / "sw.js").read_text(encoding="utf-8")
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", service_worker).group(1))  # type: ignore[union-attr]
    assert f"{WORKERS}/{worker.name}" in precache
