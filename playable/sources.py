"""Reading the site's YAML data, with errors that name the file, the line and the fault."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from mkdocs.exceptions import PluginError


class DataError(PluginError):
    """A malformed data file: fails `mkdocs build --strict` with file:line: fault."""


class Located:
    """A YAML document with a way back from a field path to its line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        text = path.read_text(encoding="utf-8")
        try:
            self.node = yaml.compose(text)
            self.data: Any = yaml.safe_load(text)
        except yaml.YAMLError as err:
            mark = getattr(err, "problem_mark", None)
            line = mark.line + 1 if mark is not None else 1
            raise DataError(f"{path}:{line}: malformed YAML: {getattr(err, 'problem', err)}") from None

    def line(self, keys: tuple[object, ...]) -> int:
        node = self.node
        line = node.start_mark.line + 1 if node is not None else 1
        for key in keys:
            child = _child(node, key)
            if child is None:
                break
            node = child
            line = node.start_mark.line + 1
        return line

    def fail(self, keys: tuple[object, ...], problem: str) -> DataError:
        return DataError(f"{self.path}:{self.line(keys)}: {problem}")


def _child(node: Any, key: object) -> Any:
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if k.value == key:
                return v
    if isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
        return node.value[key]
    return None


def field_path(where: str) -> tuple[object, ...]:
    """'setup.riders[1][0]' -> ('setup', 'riders', 1, 0), to find a scenario error's line."""
    keys: list[object] = []
    for part in where.replace("]", "").split("."):
        name, *indices = part.split("[")
        if name:
            keys.append(name)
        keys.extend(int(i) for i in indices if i.isdigit())
    return tuple(keys)


def require_text(doc: Located, keys: tuple[object, ...], value: object, langs: tuple[str, ...] = ("fr", "en")) -> None:
    """A {fr, en} mapping of non-empty strings: both languages are first-class."""
    if not isinstance(value, dict):
        raise doc.fail(keys, f"expected French and English text ({', '.join(langs)})")
    for lang in langs:
        if not isinstance(value.get(lang), str) or not value[lang].strip():
            raise doc.fail(keys + (lang,), f"missing the {'French' if lang == 'fr' else 'English'} text")
