"""Reading the site's YAML data, with errors that name the file, the line and the fault.

The loader is strict: a key given twice, or an anchor or alias (`&a`, `*a`, `<<: *a`), is an
error rather than a silently lost value or a document that expands to megabytes.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from mkdocs.exceptions import PluginError


class DataError(PluginError):
    """A malformed data file: fails `mkdocs build --strict` with file:line: fault (one line per fault)."""


_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: ten times faster


class _Refused(yaml.MarkedYAMLError):
    """Well-formed YAML the site's data does not accept."""


class _StrictLoader(_Base):  # type: ignore[misc]
    """A safe loader refusing duplicate keys (aliases are refused by _no_alias, on the composed nodes)."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: dict[object, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int, float, bool)) and key is not None:
                raise _Refused(problem="a key must be a plain name", problem_mark=key_node.start_mark)
            if key in seen:
                raise _Refused(
                    problem=f"key {key!r} given twice (first on line {seen[key]})", problem_mark=key_node.start_mark)
            seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep)


class Located:
    """A YAML document with a way back from a field path to its line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as err:
            raise DataError(f"{shown(path)}:1: not UTF-8 text ({err.reason} at byte {err.start})") from None
        loader = _StrictLoader(text)
        try:
            self.node: Any = loader.get_single_node()
            _no_alias(self.node, set())
            self.data: Any = loader.construct_document(self.node) if self.node is not None else None
        except yaml.YAMLError as err:
            mark = getattr(err, "problem_mark", None)
            line = mark.line + 1 if mark is not None else 1
            kind = "" if isinstance(err, _Refused) else "malformed YAML: "
            raise DataError(f"{shown(path)}:{line}: {kind}{getattr(err, 'problem', err)}") from None
        finally:
            loader.dispose()

    def line(self, keys: tuple[object, ...]) -> int:
        """The line of the field at `keys` (a mapping's field: the line of its key), or of its nearest parent."""
        node = self.node
        line = node.start_mark.line + 1 if node is not None else 1
        rest = list(keys)
        while rest:
            found = _child(node, rest)
            if found is None:
                break
            line, node = found
        return line

    def fail(self, keys: tuple[object, ...], problem: str) -> DataError:
        return DataError(self.where(keys, problem))

    def where(self, keys: tuple[object, ...], problem: str, line: int | None = None) -> str:
        """'file:line: path: problem', the path written as in the file (sections[3].notes)."""
        path = dotted(keys)
        return f"{shown(self.path)}:{line or self.line(keys)}: {path + ': ' if path else ''}{problem}"


def shown(path: Path) -> Path:
    """A path as the editor types it: relative to the working directory when inside it."""
    try:
        return path.resolve().relative_to(Path.cwd())
    except ValueError:
        return path


MAX_DEPTH = 64  # the site's data nests a few levels; thousands would exhaust Python's stack


def _no_alias(root: Any, seen: set[int]) -> None:
    """An alias is the same node met twice: refused before anything is expanded (no alias bomb).

    Walked with a stack, not recursion, so that depth itself is refused with a line, not a RecursionError."""
    stack = [(root, 1)] if root is not None else []
    while stack:
        node, depth = stack.pop()
        if id(node) in seen:
            raise _Refused(problem="anchors and aliases (&name, *name) are not allowed in the site's data: "
                                   "the value anchored here is reused", problem_mark=node.start_mark)
        if depth > MAX_DEPTH:
            raise _Refused(problem=f"nested more than {MAX_DEPTH} levels deep", problem_mark=node.start_mark)
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            stack.extend((item, depth + 1) for item in reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            for key, value in reversed(node.value):
                stack.extend(((value, depth + 1), (key, depth + 1)))


def dotted(keys: tuple[object, ...]) -> str:
    out = ""
    for key in keys:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


def _child(node: Any, rest: list[object]) -> tuple[int, Any] | None:
    """Step into `node` by rest[0] (consumed); an option id such as cdp.laps may span several parts."""
    if isinstance(node, yaml.SequenceNode):
        key = rest[0]
        if isinstance(key, int) and 0 <= key < len(node.value):
            rest.pop(0)
            return node.value[key].start_mark.line + 1, node.value[key]
        return None
    if isinstance(node, yaml.MappingNode):
        for n in range(1, len(rest) + 1):
            name = ".".join(str(k) for k in rest[:n])
            for k, v in node.value:
                if k.value == name or (n == 1 and not isinstance(rest[0], str) and _plain(k) == rest[0]):
                    del rest[:n]
                    return k.start_mark.line + 1, v
    return None


def _plain(node: Any) -> object:
    """A key as YAML reads it (001 is the number 1)."""
    return yaml.safe_load(node.value) if isinstance(node, yaml.ScalarNode) and not node.style else node.value


def field_path(where: str) -> tuple[object, ...]:
    """'setup.riders[1][0]' -> ('setup', 'riders', 1, 0), to find a scenario error's line."""
    keys: list[object] = []
    for part in where.replace("]", "").split("."):
        name, *indices = part.split("[")
        if name:
            keys.append(name)
        keys.extend(int(i) for i in indices if i.isdigit())
    return tuple(keys)


@cache
def generated_json(path: Path, script: str) -> dict[str, Any]:
    """A data file a script writes (scripts/<script>): read once a build; missing or broken, a DataError
    naming the file (and the line) and the script that writes it."""
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(f"{path}: missing (write it with scripts/{script})") from None
    except json.JSONDecodeError as err:
        raise DataError(f"{path}, line {err.lineno}: not JSON ({err.msg})") from None
    return data
