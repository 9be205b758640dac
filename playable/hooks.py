"""MkDocs hooks: check the site's data before anything is built (a bad file fails the build with
file:line: fault), and ship the widget's files from playable/assets with the site."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ASSETS = Path(__file__).parent / "assets"
PROJECT = Path(__file__).parent.parent


def on_pre_build(config: Any) -> None:
    if str(PROJECT) not in sys.path:  # mkdocs loads this file by path, not as part of the package
        sys.path.insert(0, str(PROJECT))
    importlib.import_module("playable.data_check").check_site(Path(config["docs_dir"]))


def on_files(files: Files, config: Any) -> Files:
    for path in sorted(ASSETS.rglob("*")):
        if path.is_file():
            files.append(File(path.relative_to(ASSETS).as_posix(), str(ASSETS), config["site_dir"],
                              config["use_directory_urls"]))
    return files
