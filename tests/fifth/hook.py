"""A MkDocs hook of the copy of the project that tests/test_fifth_game.py builds: the snail race
registered (fifth.register) as mkdocs.yml's hooks are loaded, before the build asks the registries."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the copy, which holds fifth/

import fifth

fifth.register()
