"""Every name once: each game's terms table (engine/parcours/<game>/terms.py) lists the variants its
texts never use, and none is found in the edition's own words: the game's notes, translations,
descriptions and worked examples (docs/<game>/*.yml: the originals, quoted as transcribed, and the
quotations of them in sic notes aside), the site's pages (docs/*.md) and the narration the engine
speaks in (engine/parcours/<game>/*.py)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from parcours import all_games

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GAMES = sorted(all_games())
TRANSCRIBED = {"original", "sic"}  # keys whose text is the source's, as transcribed


def strings(node: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every text of a YAML document but the transcribed ones, with where it is."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in TRANSCRIBED:
                yield from strings(value, f"{where}.{key}")
    elif isinstance(node, list):
        for k, value in enumerate(node):
            yield from strings(value, f"{where}[{k}]")
    elif isinstance(node, str):
        yield where, node


def texts(game: str) -> Iterator[tuple[str, str]]:
    for path in sorted((DOCS / game).rglob("*.yml")):
        yield from strings(yaml.safe_load(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT)))
    for path in sorted([*(DOCS / game).glob("*.md"), *DOCS.glob("*.md")]):
        text = re.sub(r"```.*?```|`[^`]*`", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)  # code
        yield str(path.relative_to(ROOT)), text
    for path in sorted((ROOT / "engine" / "parcours" / game).glob("*.py")):
        if path.name != "terms.py":
            yield from said(path)


def said(path: Path) -> Iterator[tuple[str, str]]:
    """The words a module of the engine may say to a reader: its strings, its docstrings aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield f"{path.relative_to(ROOT)}:{node.lineno}", node.value


@pytest.mark.parametrize("game", GAMES)
def test_no_text_writes_a_variant_of_a_name(game: str) -> None:
    variants = all_games()[game].TERMS.variants
    found = [f"{where}: {variant!r} (write {name!r})" for where, text in texts(game)
             for variant, name in variants.items() if variant in text]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_every_name_is_given_in_both_languages(game: str) -> None:
    terms = all_games()[game].TERMS
    assert terms.names and all(set(words) == {"fr", "en"} and all(words.values()) for words in terms.names.values())
    assert not set(terms.variants) & {w for words in terms.names.values() for w in words.values()}


def test_a_variant_is_found() -> None:
    """Not a vacuous check: the Ronde's old French spelling of the Muur, in a note, is caught."""
    note = {"sections": [{"notes": [{"text": {"fr": "le Mur - Kapelmuur", "en": "the Muur - Kapelmuur"}}]}]}
    found = [w for w, t in strings(note, "x") if "Mur - Kapelmuur" in t]
    assert found == ["x.sections[0].notes[0].text.fr"]
    assert "Mur - Kapelmuur" in all_games()["ronde"].TERMS.variants
