"""A release, on a small site of its own: our files named by their content, the names that reach them
rewritten up to the pages (playable/release.py), and the service worker written with the build's
version and manifest (playable/offline.py). (In Chromium: tests/test_offline.py.)"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from playable.offline import finish_offline
from playable.release import ReleaseError, built_path, name_by_content

FILES = {
    "index.html": '<html><head><title>a</title><link href="parcours/parcours.css"></head>'
                  '<body><script src="parcours/parcours.mjs" type="module"></script></body></html>',
    "veldiv/rules/index.html": '<html><head><link href="../../parcours/parcours.css"></head><body>rules'
                               '<script src="../../parcours/parcours.mjs" type="module"></script></body></html>',
    "404.html": '<html><head><link href="/parcours/parcours/parcours.css"></head></html>',
    "parcours/parcours.mjs": 'import { h } from "./dom.mjs";\nconst parts = ["./example.mjs"];\n',
    "parcours/dom.mjs": 'import { engine } from "./engine.mjs";\nexport const h = 1;\n',
    "parcours/engine.mjs": 'const WORKER = new URL("./worker.mjs", import.meta.url);\n',
    "parcours/example.mjs": "export const example = 1;\n",
    "parcours/dice.mjs": "export const dice = 6;\n",
    "parcours/worker.mjs": 'const ENGINE = new URL("../assets/vendor/engine.json", import.meta.url);\n'
                           'const PYODIDE = new URL("../assets/vendor/pyodide/", import.meta.url);\n',
    "parcours/parcours.css": "p {}\n",
    "assets/vendor/engine.json": '{"wheel": "./parcours-0.1.0-py3-none-any.whl"}\n',
    "assets/vendor/parcours-0.1.0-py3-none-any.whl": "PK\x03\x04 a wheel",
    "assets/vendor/pyodide/pyodide.asm.wasm": "wasm",
    "assets/vendor/pyodide/pyodide.mjs": "// loader",
    "assets/javascripts/bundle.abc12345.min.js": "//",
    "assets/javascripts/lunr/min/lunr.fr.min.js": "//",
    "assets/javascripts/lunr/min/lunr.ja.min.js": "//",
    "search/search_index.json": '{"config": {"lang": ["fr", "en"]}, "docs": []}',
}


def small_site(root: Path, changed: dict[str, str] | None = None) -> Path:
    for path, text in {**FILES, **(changed or {})}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    return root


def written(site: Path, name: str) -> object:
    found = re.search(rf"^const {name} = (.*?);", (site / "sw.js").read_text(encoding="utf-8"), re.MULTILINE)
    assert found, name
    text = found.group(1)
    return json.loads(text[len("new Set("):-1] if text.startswith("new Set(") else text)


def text(site: Path, path: str) -> str:
    return (site / built_path(site, path)).read_text(encoding="utf-8")


def test_our_files_are_named_by_their_content_and_named_so_up_to_the_pages(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    renamed = name_by_content(site)
    for old, new in renamed.items():
        assert not (site / old).exists() and (site / new).exists(), old
    dice = built_path(site, "parcours/dice.mjs")
    assert dice == f"parcours/dice.{hashlib.sha256(FILES['parcours/dice.mjs'].encode()).hexdigest()[:10]}.mjs"
    # Each reference names the new name, relative as it was written.
    entry = text(site, "parcours/parcours.mjs")
    assert f'from "./{Path(built_path(site, "parcours/dom.mjs")).name}"' in entry
    assert f'"./{Path(built_path(site, "parcours/example.mjs")).name}"' in entry
    worker = text(site, "parcours/worker.mjs")
    assert f'"../{built_path(site, "assets/vendor/engine.json")}"' in worker
    pyodide = built_path(site, "assets/vendor/pyodide/pyodide.mjs")
    assert re.fullmatch(r"assets/vendor/pyodide-[0-9a-f]{10}/pyodide\.mjs", pyodide)
    assert f'"../{Path(pyodide).parent.as_posix()}/"' in worker
    wheel = built_path(site, "assets/vendor/parcours-0.1.0-py3-none-any.whl")
    assert json.loads(text(site, "assets/vendor/engine.json")) == {"wheel": f"./{Path(wheel).name}"}
    # The pages, relative or from the server's root (the 404 page).
    entry_path, css = built_path(site, "parcours/parcours.mjs"), built_path(site, "parcours/parcours.css")
    assert f'src="{entry_path}"' in (site / "index.html").read_text()
    assert f'href="../../{css}"' in (site / "veldiv/rules/index.html").read_text()
    assert f'href="/parcours/{css}"' in (site / "404.html").read_text()
    # Material's files and the search index are left as they are.
    assert (site / "assets/javascripts/lunr/min/lunr.fr.min.js").is_file()
    assert (site / "search/search_index.json").is_file()


def test_a_change_renames_the_file_and_every_file_above_it_and_nothing_else(tmp_path: Path) -> None:
    first = small_site(tmp_path / "first")
    second = small_site(tmp_path / "second", {"parcours/engine.mjs": FILES["parcours/engine.mjs"] + "// a fix\n"})
    name_by_content(first)
    name_by_content(second)
    changed = {"parcours/engine.mjs", "parcours/dom.mjs", "parcours/parcours.mjs"}
    for path in FILES:
        if path.startswith(("parcours/", "assets/vendor/")):
            same = built_path(first, path) == built_path(second, path)
            assert same == (path not in changed), path


def test_the_wheel_or_pyodide_changed_reaches_the_worker(tmp_path: Path) -> None:
    first = small_site(tmp_path / "first")
    second = small_site(tmp_path / "second", {"assets/vendor/pyodide/pyodide.asm.wasm": "wasm 2"})
    name_by_content(first)
    name_by_content(second)
    assert built_path(first, "parcours/worker.mjs") != built_path(second, "parcours/worker.mjs")
    assert built_path(first, "parcours/dice.mjs") == built_path(second, "parcours/dice.mjs")


def test_a_cycle_of_names_fails_the_build_naming_it(tmp_path: Path) -> None:
    site = small_site(tmp_path, {"parcours/dice.mjs": 'import { h } from "./dom.mjs";\n',
                                 "parcours/dom.mjs": 'import { dice } from "./dice.mjs";\n'})
    with pytest.raises(ReleaseError, match=r"parcours/dice\.mjs -> parcours/dom\.mjs -> parcours/dice\.mjs"):
        name_by_content(site)


def test_the_version_the_pages_and_the_service_worker(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    version = finish_offline(site)
    assert re.fullmatch(r"[0-9a-f]{16}", version)
    for page in ("index.html", "veldiv/rules/index.html"):
        html = (site / page).read_text(encoding="utf-8")
        assert html.count('name="parcours-build"') == 1
        assert f'<head><meta name="parcours-build" content="{version}">' in html
        assert html.count('name="parcours-edition-bytes"') == 1  # the size keep.mjs says
    assert written(site, "BUILD") == version
    manifest = written(site, "MANIFEST")
    assert isinstance(manifest, dict)
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.name != "sw.js")
    assert sorted(manifest) == files
    for path in files:  # the pages as they are served, marked
        assert manifest[path] == hashlib.sha256((site / path).read_bytes()).hexdigest(), path
    immutable = written(site, "IMMUTABLE")
    assert isinstance(immutable, list)
    assert set(immutable) == {p for p in files if p.startswith(("parcours/", "assets/vendor/"))} | {
        "assets/javascripts/bundle.abc12345.min.js"}
    # The scripts and styles, the search's index and lunr for the site's languages (not Japanese); not
    # the script of Python's worker, which goes with Python's files.
    worker = built_path(site, "parcours/worker.mjs")
    assert written(site, "PRECACHE") == ["assets/javascripts/bundle.abc12345.min.js",
                                         "assets/javascripts/lunr/min/lunr.fr.min.js"] + sorted(
        p for p in files if p.startswith("parcours/") and p != worker) + ["search/search_index.json"]
    assert written(site, "PYTHON") == sorted([worker, *(p for p in files if p.startswith("assets/vendor/"))])

    # Built again: the same files, the same version, each page marked once.
    assert finish_offline(site) == version
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.name != "sw.js" and p.is_file()) == files
    assert (site / "index.html").read_text(encoding="utf-8").count('name="parcours-build"') == 1
    # Any file changed, a page as well as a script: a new version.
    (site / "veldiv/rules/index.html").write_text("<html><head></head><body>other</body></html>", encoding="utf-8")
    assert finish_offline(site) != version


def vendored_copy(tmp_path: Path) -> Path:
    """The vendored Pyodide, wheel and snapshot (docs/assets/vendor, as the build left it), linked into tmp_path."""
    from playable.vendor import VENDOR, stale

    if not (VENDOR / "engine.json").is_file() or stale(VENDOR) is not None:
        pytest.fail("docs/assets/vendor is missing or stale: run make build", pytrace=False)
    target = tmp_path / "vendor"
    for path in VENDOR.rglob("*"):
        if path.is_file():
            (target / path.relative_to(VENDOR)).parent.mkdir(parents=True, exist_ok=True)
            (target / path.relative_to(VENDOR)).symlink_to(path)
    return target


@pytest.mark.site
def test_a_snapshot_unlike_or_missing_from_its_manifest_is_vendored_again(tmp_path: Path) -> None:
    from playable.vendor import SNAPSHOT, stale

    target = vendored_copy(tmp_path)
    assert stale(target) is None
    (target / SNAPSHOT).unlink()
    (target / SNAPSHOT).write_bytes(b"\x1f\x8b not Python's memory")
    assert stale(target) == "python.snapshot is not the one engine.json names"
    (target / SNAPSHOT).unlink()
    assert stale(target) == f"python.snapshot missing from {target}"


@pytest.mark.site
def test_a_snapshot_made_by_another_script_is_vendored_again(tmp_path: Path) -> None:
    """What the snapshot holds is the script's doing (every module imported): a snapshot made before the
    script changed would ship a Python that holds less than this build's reader needs."""
    from playable import vendor

    target = vendored_copy(tmp_path)
    manifest = json.loads((target / "engine.json").read_text(encoding="utf-8"))
    (target / "engine.json").unlink()
    (target / "engine.json").write_text(json.dumps({**manifest, "snapshot_script_sha256": "0" * 64}), encoding="utf-8")
    assert vendor.stale(target) == "python.snapshot was made by another snapshot_python.mjs"
