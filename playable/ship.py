"""The widget's scripts and styles (playable/assets/) shipped with the site, by any builder.

They are copied into the site's sources (docs/parcours/, ignored by git), where MkDocs and Zensical
alike take every file as it is and mkdocs.yml's extra_css and extra_javascript name the stylesheet and
the entry point; the modules it imports and the worker sit beside it, at the same path under the site,
so that relative imports work under any subpath. The copy is refreshed by each build (MkDocs' hook,
scripts/build_zensical.py): a file is written only when it changed, and a file no longer in the
assets is removed. A module that names a sibling missing from the assets fails the build rather than
a reader's browser. A builder may add text at the end of a shipped file (`added`: the games' own styles at
the end of the stylesheet, playable/styles.py). Standard library only."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

ASSETS = Path(__file__).parent / "assets"
# A sibling module named in a script: import … from "./x.mjs", import("./x.mjs"), new URL("./x.mjs", …)
SIBLING = re.compile(r"""["'](\./[\w.-]+\.mjs)["']""")


class ShipError(Exception):
    """The assets cannot be shipped as they are (a script imports a module they do not hold)."""


def missing_siblings(assets: Path) -> list[str]:
    """Each module named by a script of `assets` that is not there, as 'script: ./module.mjs'."""
    return [f"{script.relative_to(assets).as_posix()}: {name}"
            for script in sorted(assets.rglob("*.mjs"))
            for name in SIBLING.findall(script.read_text(encoding="utf-8"))
            if not (script.parent / name).is_file()]


def ship_assets(docs: Path, assets: Path = ASSETS, added: Mapping[str, str] | None = None) -> list[str]:
    """Every file of `assets` copied to the same path under `docs`, with the text `added` gives it (its path
    under assets -> text) at its end, and each folder of `assets` (parcours/) mirrored there: the paths
    written or removed, from docs."""
    missing = missing_siblings(assets)
    if missing:
        raise ShipError("scripts import modules that playable/assets does not hold: " + "; ".join(missing))
    wanted = {p.relative_to(assets) for p in assets.rglob("*") if p.is_file()}
    added = dict(added or {})
    unknown = sorted(set(added) - {name.as_posix() for name in wanted})
    if unknown:
        raise ShipError("text added to files that playable/assets does not hold: " + ", ".join(unknown))
    changed = []
    for folder in sorted(p.name for p in assets.iterdir() if p.is_dir()):
        for stale in sorted((docs / folder).rglob("*")):
            if stale.is_file() and stale.relative_to(docs) not in wanted:
                stale.unlink()
                changed.append(stale.relative_to(docs).as_posix())
    for name in sorted(wanted):
        src, dst = assets / name, docs / name
        data = src.read_bytes() + added.get(name.as_posix(), "").encode("utf-8")
        if not dst.is_file() or dst.read_bytes() != data:
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(data)
            changed.append(name.as_posix())
    return changed
