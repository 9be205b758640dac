"""Reading the site's data, YAML and JSON, with errors that name the file, the line and the fault.

The YAML loader is strict: a key given twice, or an anchor or alias (`&a`, `*a`, `<<: *a`), is an
error rather than a silently lost value or a document that expands to megabytes. The JSON the scripts
write (numbers.json, impact.json) is read as strictly: no key twice, no NaN or Infinity, no number
beyond what a browser reads exactly; its lines are found in the text itself (Python's json keeps none).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
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
        loader = _StrictLoader(_text(path))
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


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{shown(path)}: missing") from None
    except UnicodeDecodeError as err:
        raise DataError(f"{shown(path)}:1: not UTF-8 text ({err.reason} at byte {err.start})") from None


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


# ---------------------------------------------------------------- JSON: the data the scripts write

MAX_NUMBER = 2**53  # the largest whole number a browser reads exactly (JavaScript's safe integers)
_SKIP = json.JSONDecoder(parse_int=len, parse_float=len, parse_constant=len)  # reads a value only to pass it
_SPACE = re.compile(r"[ \t\n\r]*")
_NESTING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')  # a string (its brackets are no nesting), or a bracket


class _Refusal:
    """A number json would read but the site's data refuses (NaN, Infinity, 1e999, 400 digits), kept in
    the data as written, to be refused with its line once the file is read."""

    def __init__(self, text: str) -> None:
        self.text = text

    def problem(self) -> str:
        if self.text in ("NaN", "Infinity", "-Infinity"):
            return f"{self.text} is not JSON: a number must be finite"
        written = self.text if len(self.text) <= 24 else f"a number of {len(self.text)} characters"
        return f"{written} is too large (at most {MAX_NUMBER:,} either way)"


class _Twice(dict[str, Any]):
    """An object with a key given twice (json keeps the last value): refused with both lines."""

    twice: list[str]


def _int(text: str) -> int | _Refusal:
    # its length first: int() of thousands of digits raises ValueError (Python's limit, 4,300 digits)
    return int(text) if len(text) <= 17 and abs(int(text)) <= MAX_NUMBER else _Refusal(text)


def _float(text: str) -> float | _Refusal:
    number = float(text)
    return number if abs(number) <= MAX_NUMBER else _Refusal(text)  # inf too


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    twice = _Twice(out)
    twice.twice = [key for key, n in Counter(key for key, _ in pairs).items() if n > 1]
    return twice


class JSONLocated(Located):
    """A JSON file read strictly (see the module's doc), with the same way back from a field to its line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.text = _text(path)
        deep = _too_deep(self.text)
        if deep is not None:
            raise DataError(f"{shown(path)}:{self._line_at(deep)}: nested more than {MAX_DEPTH} levels deep")
        try:
            self.data = json.loads(self.text, parse_int=_int, parse_float=_float, parse_constant=_Refusal,
                                   object_pairs_hook=_object)
        except json.JSONDecodeError as err:
            raise DataError(f"{shown(path)}:{err.lineno}: not JSON ({err.msg})") from None
        faults = [self._refused(keys, value) for keys, value in _walk(self.data)
                  if isinstance(value, (_Refusal, _Twice))]
        if faults:
            raise DataError("\n".join(fault for _, fault in sorted(set(faults))))

    def _refused(self, keys: tuple[object, ...], value: _Refusal | _Twice) -> tuple[int, str]:
        """A refused number, or an object's first key given twice: its line, and the fault."""
        if isinstance(value, _Refusal):
            line = self.line(keys)
            return line, self.where(keys, value.problem(), line)
        key = value.twice[0]
        first, *_, last = _members(self.text, self._find(keys)[1], key)
        line = self._line_at(last[0])
        return line, self.where(keys + (key,), f"key {key!r} given twice (first on line {self._line_at(first[0])})",
                                line)

    def line(self, keys: tuple[object, ...]) -> int:
        """The line of the field at `keys` (an object's member: its key's), or of its nearest parent."""
        return self._line_at(self._find(keys)[0])

    def _find(self, keys: tuple[object, ...]) -> tuple[int, int]:
        """Where the field's line is and where its value starts (the last of a key given twice, as json)."""
        value = _skip_space(self.text, 0)
        found = (value, value)
        for key in keys:
            members = _members(self.text, value, key)
            if not members:
                break
            found = members[-1]
            value = found[1]
        return found

    def _line_at(self, index: int) -> int:
        return self.text.count("\n", 0, index) + 1


def _members(text: str, at: int, key: object) -> list[tuple[int, int]]:
    """Each place `key` (a name, or an index) is in the object or array starting at `at`: where its
    line is (its name's, or the item's) and where its value starts. The text is JSON json has read."""
    opening, found, index = text[at:at + 1], [], 0
    if opening not in ("{", "[") or isinstance(key, str) != (opening == "{"):
        return []
    i = _skip_space(text, at + 1)
    while text[i] not in "]}":
        start, name = i, index
        if opening == "{":
            name, i = _SKIP.raw_decode(text, i)
            i = _skip_space(text, _skip_space(text, i) + 1)  # past the colon
        if name == key:
            found.append((start, i))
        i = _skip_space(text, _SKIP.raw_decode(text, i)[1])
        i = _skip_space(text, i + 1) if text[i] == "," else i
        index += 1
    return found


def _skip_space(text: str, at: int) -> int:
    return _SPACE.match(text, at).end()  # type: ignore[union-attr]


def _too_deep(text: str) -> int | None:
    """Where JSON text first nests more than MAX_DEPTH deep (json would exhaust Python's stack by ~1000)."""
    depth = 0
    for match in _NESTING.finditer(text):
        bracket = match.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return match.start()
        elif bracket in "]}":
            depth -= 1
    return None


def _walk(data: object) -> Iterator[tuple[tuple[object, ...], object]]:
    """Every value in `data` with its path, without recursion."""
    stack: list[tuple[tuple[object, ...], object]] = [((), data)]
    while stack:
        keys, value = stack.pop()
        yield keys, value
        if isinstance(value, dict):
            stack.extend((keys + (k,), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((keys + (i,), v) for i, v in enumerate(value))
