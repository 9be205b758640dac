"""The site's data checked before the build: each file against its declared schema (schema.yml),
then what a schema cannot say (ids known and unique, sources known, examples that replay).
Every fault is one line, `file:line: field: what is wrong`; all of a file's faults are reported."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError

from parcours import ScenarioError, all_games, replay

from .pages import PRINTED
from .sources import DataError, Located, dotted, field_path, shown

SCHEMA = Path(__file__).parent / "schema.yml"


@functools.cache
def _validator(kind: str) -> Draft202012Validator:
    defs = Located(SCHEMA).data["$defs"]
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": f"#/$defs/{kind}", "$defs": defs}
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def schema_faults(doc: Located, kind: str) -> list[str]:
    """Every way `doc` departs from the schema of its kind, each as file:line: field: fault, in file order."""
    faults = [_fault(doc, err) for err in _validator(kind).iter_errors(doc.data)]
    return [text for _, text in sorted(set(faults))]


def load(path: Path, kind: str) -> Located:
    """A data file read and checked against its schema; DataError lists every fault. Parsed and
    checked once for the same text: a build reads a rulebook and its examples for every page that
    prints them (a rules page and its printable pages)."""
    return _load(path, kind, path.read_bytes())


@functools.lru_cache(maxsize=1024)
def _load(path: Path, kind: str, text: bytes) -> Located:
    doc = Located(path)
    raise_all(schema_faults(doc, kind))
    return doc


def checked(path: Path, kind: str, cross: Callable[[Located], list[str]]) -> Located:
    """A data file checked against its schema, then by `cross` (what a schema cannot say)."""
    doc = load(path, kind)
    raise_all(cross(doc))
    return doc


def check_site(docs: Path) -> None:
    """Every game's data files, all checked: one DataError listing every fault of every file."""
    faults: list[str] = []
    for game in all_games():
        folder = docs / game
        if not folder.is_dir():
            continue
        for check in (editions, rulebook, examples, collation):
            try:
                check(docs, game)
            except DataError as err:
                faults.append(str(err))
    raise_all(faults)


def editions(docs: Path, game: str) -> Located | None:
    path = docs / game / "editions.yml"
    return checked(path, "editions", lambda doc: editions_faults(doc, game)) if path.exists() else None


def _sources_of(docs: Path, game: str) -> set[str] | None:
    """The source ids of editions.yml; None if it is missing or unreadable (its own check says why)."""
    data = _valid_or_none(docs / game / "editions.yml", "editions")
    return None if data is None else set(data["sources"])


def _valid_or_none(path: Path, kind: str) -> Any:
    """The file's data if it exists and matches its schema, else None (its own check reports it)."""
    try:
        return load(path, kind).data if path.exists() else None
    except DataError:
        return None


def rulebook(docs: Path, game: str, path: Path | None = None) -> Located:
    sources = _sources_of(docs, game)
    return checked(path or docs / game / "rulebook.yml", "rulebook", lambda doc: rulebook_faults(doc, game, sources))


def _section_ids(docs: Path, game: str) -> set[str] | None:
    """The rulebook's section ids; None if it is missing or unreadable (its own check says why)."""
    data = _valid_or_none(docs / game / "rulebook.yml", "rulebook")
    return None if data is None else {section["id"] for section in data["sections"]}


def examples(docs: Path, game: str, folder: Path | None = None) -> list[Located]:
    """Every example file of the game, checked; one DataError for all their faults."""
    sections = _section_ids(docs, game)
    anchors = {anchor(s) for s in sections or ()}
    docs_found, faults = [], []
    for path in sorted((folder or docs / game / "examples").glob("*.yml")):
        try:
            docs_found.append(checked(path, "example", lambda doc: example_faults(doc, game, anchors)))
        except DataError as err:
            faults.append(str(err))
    raise_all(faults)
    illustrated = {doc.data["article"] for doc in docs_found}
    unexampled = [a for a in all_games()[game].ARTICLES if a not in illustrated]
    if unexampled:
        raise DataError(f"{shown(folder or docs / game / 'examples')}: no worked example for {', '.join(unexampled)}")
    return docs_found


def collation(docs: Path, game: str) -> Located | None:
    path = docs / game / "collation.yml"
    if not path.exists():
        return None
    sections = _section_ids(docs, game)
    return checked(path, "collation", lambda doc: collation_faults(doc, sections) if sections is not None else [])


def raise_all(faults: Iterable[str]) -> None:
    faults = list(faults)
    if faults:
        raise DataError("\n".join(faults))


def _fault(doc: Located, err: ValidationError) -> tuple[int, str]:
    """An unknown key, or a bad key name, is reported at its own line, under its parent's path."""
    keys: tuple[object, ...] = tuple(err.absolute_path)
    at: tuple[object, ...] = keys
    if err.validator in ("additionalProperties", "unevaluatedProperties") and _unexpected(err):
        at = keys + (_unexpected(err)[0],)
    elif "propertyNames" in err.absolute_schema_path:
        at = keys + (err.instance,)
    line = doc.line(at)
    return line, doc.where(keys, _problem(err), line)


def _unexpected(err: ValidationError) -> list[str]:
    return re.findall(r"'([^']*)'", err.message.split("(")[-1]) if "(" in err.message else []


def _problem(err: ValidationError) -> str:
    what = err.schema.get("description") if isinstance(err.schema, dict) else None
    v = err.validator
    if v == "required":
        match = re.match(r"'(.+?)' is a required property", err.message)
        name = match.group(1) if match else "?"
        lang = {"fr": "the French text (fr)", "en": "the English text (en)"}.get(name)
        return f"missing {lang or repr(name)}"
    if v in ("additionalProperties", "unevaluatedProperties"):
        allowed = ", ".join((err.schema.get("properties") or {}) if isinstance(err.schema, dict) else [])
        names = ", ".join(repr(k) for k in _unexpected(err))
        return f"unknown key {names}" + (f" (expected one of: {allowed})" if allowed else "")
    if "propertyNames" in err.absolute_schema_path:
        return f"the key {_shown(err.instance)}: expected {what or 'another name'}"
    if v == "minItems":
        return f"expected at least {err.validator_value} item{'s' if err.validator_value != 1 else ''}"
    return f"expected {what or err.message}, got {_shown(err.instance)}"


def _shown(value: object) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (null)"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    return repr(value)


# ---------------------------------------------------------------- what a schema cannot say

def anchor(article: str) -> str:
    """The HTML id of a section: veldiv:art-3 -> veldiv-art-3."""
    return article.replace(":", "-")


def rulebook_faults(doc: Located, game: str, sources: set[str] | None) -> list[str]:
    """Section ids known to the engine and unique, every article present, options known, sources known."""
    rules = all_games()[game]
    data = doc.data
    faults = []
    if data["game"] != game:
        faults.append(doc.where(("game",), f"expected {game!r} (the folder's game), got {data['game']!r}"))
    if sources is not None:
        faults += _unknown_source(doc, ("source", "id"), data["source"]["id"], sources)
        for i, witness in enumerate(data.get("witnesses") or []):
            faults += _unknown_source(doc, ("witnesses", i, "seed"), witness["seed"], sources)
    seen: dict[str, int] = {}
    for i, section in enumerate(data["sections"]):
        where: tuple[object, ...] = ("sections", i)
        sid = section["id"]
        if ":" in sid and sid not in rules.ARTICLES:
            faults.append(doc.where(where + ("id",), f"unknown article id {sid!r} (the engine's articles: "
                                                      f"{', '.join(rules.ARTICLES)})"))
        elif ":" not in sid and sid.startswith(game):
            faults.append(doc.where(where + ("id",), f"{sid!r} looks like an article id: write {game}:..."))
        if anchor(sid) in seen:
            faults.append(doc.where(where + ("id",), f"section id {sid!r} used twice (first in "
                                                      f"sections[{seen[anchor(sid)]}])"))
        seen.setdefault(anchor(sid), i)
        for j, note in enumerate(section.get("notes") or []):
            option = note.get("option")
            if option is not None and option not in rules.OPTIONS:
                faults.append(doc.where(where + ("notes", j, "option"), f"unknown engine option {option!r}"))
    missing = [a for a in rules.ARTICLES if anchor(a) not in seen]
    if missing:
        faults.append(doc.where(("sections",), f"no section for {', '.join(missing)}"))
    return faults + _pages_faults(doc)


def _pages_faults(doc: Located) -> list[str]:
    """The pages start at the first section and then each further on, each a Markdown file beside
    the rulebook."""
    order = {section["id"]: i for i, section in enumerate(doc.data["sections"])}
    faults, last, files = [], -1, set()
    for i, page in enumerate(doc.data.get("pages") or []):
        where = ("pages", i)
        start = order.get(page["from"])
        if start is None:
            faults.append(doc.where(where + ("from",), f"no section {page['from']!r} in this rulebook"))
        elif i == 0 and start != 0:
            faults.append(doc.where(where + ("from",), f"the first page starts at the first section, "
                                                        f"{doc.data['sections'][0]['id']!r}"))
        elif start <= last:
            faults.append(doc.where(where + ("from",), f"{page['from']!r} comes before the previous page's start"))
        else:
            last = start
        if page["file"] in files:
            faults.append(doc.where(where + ("file",), f"{page['file']!r} named twice"))
        elif not (doc.path.parent / page["file"]).is_file():
            faults.append(doc.where(where + ("file",), f"no page {page['file']} beside the rulebook"))
        files.add(page["file"])
    return faults + _printed_faults(doc)


def _printed_faults(doc: Located) -> list[str]:
    """Each printable page prints pages that follow each other, and is there in each language choice
    (print-level-2-fr.md, print-level-2-en.md, print-level-2.md), its language in its front matter."""
    faults: list[str] = []
    names: list[str] = []
    pages = doc.data.get("pages") or [{}]
    for i, page in enumerate(pages):
        name = page.get("print", "print")
        if name in names and names[-1] != name:
            faults.append(doc.where(("pages", i, "print"), f"{name!r} prints pages that do not follow each other"))
        if name in names:
            continue
        names.append(name)
        for lang, end in PRINTED.items():
            path = doc.path.parent / f"{name}{end}.md"
            where = ("pages", i, "print") if "print" in page else (("pages",) if "pages" in doc.data else ())
            if not path.is_file():
                faults.append(doc.where(where, f"no printable page {path.name} beside the rulebook"))
            elif f"print: {lang}" not in _front_matter(path):
                faults.append(doc.where(where, f"{path.name} does not say print: {lang} in its front matter"))
    return faults


def _front_matter(path: Path) -> list[str]:
    """The lines of a Markdown file's front matter (between its first two lines of ---)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return lines[1:lines.index("---", 1)] if lines[:1] == ["---"] and "---" in lines[1:] else []


def example_faults(doc: Located, game: str, sections: set[str] | None = None) -> list[str]:
    """The article is the game's, the ruleset too, and the scenario replays."""
    rules = all_games()[game]
    data = doc.data
    faults = []
    if data["article"] not in rules.ARTICLES:
        faults.append(doc.where(("article",), f"unknown article id {data['article']!r}"))
    ruleset = data["scenario"].get("ruleset")
    if isinstance(ruleset, str) and ruleset not in rules.RACES:
        faults.append(doc.where(("scenario", "ruleset"), f"{ruleset!r} is not a race of this page's game "
                                                          f"({game}: {', '.join(rules.RACES)})"))
        return faults
    name = f"ex-{doc.path.stem}"
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", doc.path.stem) or (sections and name in sections):
        faults.append(doc.where((), f"the file name makes the HTML id {name!r}, which must be lower-case letters, "
                                    "digits and hyphens, and not a section's id"))
    try:
        replay(data["scenario"])  # parsed, then played: a face too big for its die fails too
    except ScenarioError as err:
        faults.append(doc.where(("scenario",) + field_path(err.where), err.problem))
    return faults


def editions_faults(doc: Located, game: str) -> list[str]:
    """Ids unique (they are HTML ids), every source id known, box races known."""
    data = doc.data
    sources = set(data["sources"])
    faults = [f for keys, sid in _sources(data) for f in _unknown_source(doc, keys, sid, sources)]
    seen: dict[str, tuple[object, ...]] = {}
    for key, items in data.items():
        if key in ("game", "sources"):
            continue
        for i, item in enumerate(items):
            ident = ("box-" if key == "boxes" else "") + item["id"]
            if ident in seen:
                first = dotted(seen[ident])
                faults.append(doc.where((key, i, "id"), f"id {item['id']!r} used twice (first in {first})"))
            seen.setdefault(ident, (key, i))
            boxes = getattr(all_games()[game], "BOXES", {})  # the numbered boxes the engine names
            if key == "boxes" and item["id"] not in boxes:
                fault = f"unknown box {item['id']!r} (expected one of: {', '.join(boxes) or 'none'})"
                faults.append(doc.where((key, i, "id"), fault))
            for j, race in enumerate(item.get("races") or []):
                if race not in all_games()[game].RACES:
                    expected = ", ".join(all_games()[game].RACES)
                    fault = f"unknown race {race!r} (expected one of: {expected})"
                    faults.append(doc.where((key, i, "races", j), fault))
    return faults


def collation_faults(doc: Located, sections: set[str]) -> list[str]:
    return [doc.where((i, "section"), f"unknown section id {v['section']!r} (not in the rulebook)")
            for i, v in enumerate(doc.data) if v["section"] not in sections]


def _sources(value: object, keys: tuple[object, ...] = ()) -> Iterator[tuple[tuple[object, ...], str]]:
    """Every `source` field below `value`, with its path."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "source" and isinstance(v, str):
                yield keys + (k,), v
            elif k != "sources":
                yield from _sources(v, keys + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _sources(v, keys + (i,))


def _unknown_source(doc: Located, keys: tuple[object, ...], sid: str, sources: set[str]) -> list[str]:
    if sid in sources:
        return []
    return [doc.where(keys, f"unknown source {sid!r} (editions.yml lists: {', '.join(sorted(sources))})")]
