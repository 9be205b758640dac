"""MkDocs hook: ship the widget's files from playable/assets with the site."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ASSETS = Path(__file__).parent / "assets"


def on_files(files: Files, config: Any) -> Files:
    for path in sorted(ASSETS.rglob("*")):
        if path.is_file():
            files.append(File(path.relative_to(ASSETS).as_posix(), str(ASSETS), config["site_dir"],
                              config["use_directory_urls"]))
    return files
