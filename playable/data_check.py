"""The site's data checked before the build: each file against its declared schema (schema.yml),
then what a schema cannot say (ids known and unique, sources known, examples that replay and use
every die, sic notes found in the original, and the figures the scripts write: known races, options
and values, each figure agreeing with the rest of its record).
Every fault is one line, `file:line: field: what is wrong`; all of a file's faults are reported."""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError

from parcours import ScenarioError, all_games, replay
from parcours.core import plural, typeset
from parcours.interface import GameRules
from parcours.options import Option
from parcours.report import players_words, race_name, races_words, reading_words
from parcours.simulate import wilson
from parcours.stats import Stats

from .measuring import CHECK_RARE, check_gap, exact_under
from .pages import PRINTED
from .sources import DataError, JSONLocated, Located, dotted, field_path, shown

SCHEMA = Path(__file__).parent / "schema.yml"


@functools.cache
def _defs() -> dict[str, Any]:
    """The declarations of schema.yml, checked once (a check per kind would check them all each time)."""
    defs: dict[str, Any] = Located(SCHEMA).data["$defs"]
    Draft202012Validator.check_schema({"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": defs})
    return defs


@functools.cache
def _validator(kind: str) -> Draft202012Validator:
    return Draft202012Validator({"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": f"#/$defs/{kind}",
                                 "$defs": _defs()})


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
    doc = (JSONLocated if path.suffix == ".json" else Located)(path)
    raise_all(schema_faults(doc, kind))
    return doc


def checked(path: Path, kind: str, cross: Callable[[Located], list[str]]) -> Located:
    """A data file checked against its schema, then by `cross` (what a schema cannot say)."""
    doc = load(path, kind)
    raise_all(cross(doc))
    return doc


def check_site(docs: Path, games: Iterable[str] | None = None) -> None:
    """Every game's data files (or these games'), all checked: one DataError listing every fault of every
    file. A registered game without its folder is one: its pages, menu lines and examples would be missing."""
    faults: list[str] = []
    for game in all_games() if games is None else games:
        folder = docs / game
        if not folder.is_dir():
            faults.append(f"{shown(folder)}/: missing (the game {game!r} is registered: its pages and data live there)")
            continue
        if not (folder / "editions.yml").is_file():
            faults.append(f"{shown(folder / 'editions.yml')}: missing (the game's page needs it)")
        for check in (editions, rulebook, examples, collation, numbers, impact):
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
    sources, figured = _sources_of(docs, game), _figured(docs, game)
    return checked(path or docs / game / "rulebook.yml", "rulebook",
                   lambda doc: rulebook_faults(doc, game, sources, figured))


def _figured(docs: Path, game: str) -> set[str] | None:
    """The options impact.json has figures for; None if it is missing or unreadable (its own check says why)."""
    data = _valid_or_none(docs / game / "impact.json", "impact")
    return None if data is None else set(data["options"])


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
    if isinstance(value, bool):
        return str(value).lower()  # as the data files write it
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    return repr(value)


# ---------------------------------------------------------------- what a schema cannot say

def anchor(article: str) -> str:
    """The HTML id of a section: veldiv:art-3 -> veldiv-art-3."""
    return article.replace(":", "-")


def rulebook_faults(doc: Located, game: str, sources: set[str] | None, figured: set[str] | None = None) -> list[str]:
    """Section ids known to the engine and unique, every article present, options known and with their
    figures in impact.json (`figured`), sources known, sic notes quoting the original."""
    rules = all_games()[game]
    data = doc.data
    faults = []
    if data["game"] != game:
        faults.append(doc.where(("game",), f"expected {game!r} (the folder's game), got {data['game']!r}"))
    if sources is not None:
        faults += _unknown_source(doc, ("source", "id"), data["source"]["id"], sources)
        for i, witness in enumerate(data.get("witnesses") or []):
            faults += _unknown_source(doc, ("witnesses", i, "id"), witness["id"], sources)
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
            elif option is not None and figured is not None and option not in figured:
                faults.append(doc.where(where + ("notes", j, "option"), f"impact.json has no figures for {option} "
                                                                         f"(write them with {SCRIPTS['impact']} "
                                                                         f"--game {game})"))
        faults += _sic_faults(doc, where, section)
    missing = [a for a in rules.ARTICLES if anchor(a) not in seen]
    if missing:
        faults.append(doc.where(("sections",), f"no section for {', '.join(missing)}"))
    return faults + _pages_faults(doc)


def _sic_faults(doc: Located, where: tuple[object, ...], section: dict[str, Any]) -> list[str]:
    """Each sic note quotes words of the original it annotates (as they stand there, line breaks aside)."""
    original = " ".join(section["original"].split())
    faults = []
    for j, sic in enumerate(section.get("sic") or []):
        quoted = " ".join(sic["text"].split())
        if quoted in original:
            continue
        missing = [word for word in quoted.split() if word not in original]
        why = (f"not found: {', '.join(map(repr, missing))}" if missing else "its words are there, not in this order")
        faults.append(doc.where(where + ("sic", j, "text"), f"the original text does not contain {quoted!r} ({why})"))
    return faults


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
        played = replay(data["scenario"])  # parsed, then played: a face too big for its die fails too
    except ScenarioError as err:
        return faults + [doc.where(("scenario",) + field_path(err.where), err.problem)]
    return faults + _unplayed_faults(doc, played)


_STOPPED = {"end": "the race is over before", "dice": "the replay stops first, at a throw with no die scripted",
            "choices": "the replay stops first, at a decision with no choice scripted"}


def _unplayed_faults(doc: Located, played: dict[str, Any]) -> list[str]:
    """Every scripted die thrown and every choice made: one left over is shown nowhere (the replay, the
    page's film and the reader's play stop before it)."""
    faults = []
    for field, left, one, many in (("dice", played["unused_dice"], "die", "dice"),
                                   ("choices", played["unused_choices"], "choice", "choices")):
        if left:
            scripted = len(doc.data["scenario"][field])
            faults.append(doc.where(("scenario", field), f"{plural(left, one, many)} of {scripted} never played "
                                                         f"({_STOPPED[played['stopped']]}): "
                                                         f"remove {'it' if left == 1 else 'them'}"))
    return faults


def editions_faults(doc: Located, game: str) -> list[str]:
    """Ids unique (they are HTML ids), every source id known, box races known."""
    data = doc.data
    sources = set(data["sources"])
    faults = [f for keys, sid in _sources(data) for f in _unknown_source(doc, keys, sid, sources)]
    seen: dict[str, tuple[object, ...]] = {}
    places = [item["id"] for key in ("boxes", "versions") for item in data.get(key) or []]
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
            faults += _found_in_faults(doc, (key, i), item, places)
            for j, race in enumerate(item.get("races") or []):
                if race not in all_games()[game].RACES:
                    expected = ", ".join(all_games()[game].RACES)
                    fault = f"unknown race {race!r} (expected one of: {expected})"
                    faults.append(doc.where((key, i, "races", j), fault))
    return faults


def _found_in_faults(doc: Located, where: tuple[object, ...], item: dict[str, Any], places: list[str]) -> list[str]:
    """found_in names boxes and rare versions of this file."""
    return [doc.where(where + ("found_in", j), f"unknown box or version {place!r} (this file's: {', '.join(places)})")
            for j, place in enumerate(item.get("found_in") or []) if place not in places]


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


# ---------------------------------------------------------------- the figures the scripts write

SCRIPTS = {"numbers": "scripts/game_numbers.py", "impact": "scripts/reading_impact.py"}
LANGS = ("fr", "en")
CLOSE = 1e-9  # a figure computed again from its record's own counts agrees to this (floats)
ROUNDING = 0.151  # a difference and its value minus its default, each written with one decimal: three roundings
IMPACT_RUN = ("ruleset", "players", "seed", "bots", "option", "values")  # a comparison's check: the same run
_FIGURE = re.compile(r"[+\u2212-]?\d+(?:\.\d+)?")


def numbers(docs: Path, game: str) -> Located:
    """docs/<game>/numbers.json (each race's stats, drawn on the numbers page), checked."""
    return _generated(docs / game / "numbers.json", "numbers", game)


def impact(docs: Path, game: str) -> Located:
    """docs/<game>/impact.json (what each reading changes, beside its note), checked."""
    return _generated(docs / game / "impact.json", "impact", game)


def _generated(path: Path, kind: str, game: str) -> Located:
    if not path.is_file():
        raise DataError(f"{shown(path)}: missing (write it with {SCRIPTS[kind]} --game {game})")
    return _checked_generated(path, kind, game, path.read_bytes())


@functools.lru_cache(maxsize=16)
def _checked_generated(path: Path, kind: str, game: str, text: bytes) -> Located:
    """Checked once a build for the same text; each fault says which script writes the file again."""
    try:
        doc = load(path, kind)
        raise_all(numbers_faults(doc, game) if kind == "numbers" else impact_faults(doc, game))
    except DataError as err:
        again = f" ({SCRIPTS[kind]} --game {game} writes this file)"
        raise DataError("\n".join(line + again for line in str(err).splitlines())) from None
    return doc


def numbers_faults(doc: Located, game: str) -> list[str]:
    """Every race of the game, once; each record's run as the file says, its figures agreeing with one another."""
    rules, data = all_games()[game], doc.data
    faults = []
    missing = [r for r in rules.RACES if r not in data["races"]]
    if missing:
        faults.append(doc.where(("races",), f"no numbers for {', '.join(missing)}"))
    for ruleset, record in data["races"].items():
        where = ("races", ruleset)
        if ruleset not in rules.RACES:
            faults.append(doc.where(where, _unknown_race(ruleset, rules)))
        elif record["ruleset"] != ruleset:
            faults.append(doc.where(where + ("ruleset",), f"{record['ruleset']!r}, in the numbers of {ruleset}"))
        else:
            found = (_run_faults(doc, where, record, data, rules, ("ruleset", "players", "seed", "options", "bots"))
                     + _stats_faults(doc, where, record, rules)
                     + _stats_faults(doc, where + ("check",), record["check"], rules))
            faults += found or _exact_check_faults(doc, where, record)  # readings known: the exact race computed
    return faults


def _exact_check_faults(doc: Located, where: tuple[object, ...], record: dict[str, Any]) -> list[str]:
    """Where the game computes the race exactly, its races played agree with it: a gap that chance alone
    gives less than once in CHECK_RARE samples means the engine and the computation disagree."""
    exact = exact_under(record["ruleset"], {k: str(v) for k, v in record["options"].items()})
    if exact is None:
        return []
    seat, chance = check_gap(record["wins"], exact, record["races"])
    if chance * CHECK_RARE >= 1:
        return []
    rarely = f"once in {1 / chance:,.0f} samples" if chance > 1e-6 else "less than once in a million samples"
    return [doc.where(where + ("wins", seat, "share"),
                      f"{100 * record['wins'][seat]['share']:.2f}% measured against {100 * exact.wins[seat]:.3f}% "
                      f"computed exactly: chance alone gives that gap {rarely} "
                      f"(the engine and the computation disagree)")]


def _unknown_race(ruleset: str, rules: GameRules) -> str:
    return f"unknown race {ruleset!r} (the races of {rules.GAME}: {', '.join(rules.RACES)})"


def _run_faults(doc: Located, where: tuple[object, ...], record: dict[str, Any], top: dict[str, Any],
                rules: GameRules, same: tuple[str, ...]) -> list[str]:
    """A race of the game, for as many players as it allows, on the file's seed with the game's bots; its
    check the same run (`same`) over the file's check races."""
    ruleset, players = record["ruleset"], record["players"]
    if ruleset not in rules.RACES:
        return [doc.where(where + ("ruleset",), _unknown_race(ruleset, rules))]
    race, faults = rules.RACES[ruleset], []
    if not race.min_players <= players <= race.max_players:
        allowed = " to ".join(dict.fromkeys(map(str, (race.min_players, race.max_players))))
        faults.append(doc.where(where + ("players",), f"{ruleset} is for {allowed} players, not {players}"))
    if record["seed"] != top["seed"]:
        faults.append(doc.where(where + ("seed",), f"{record['seed']} is not the file's seed, {top['seed']}"))
    unknown = [bot for bot in record["bots"] if bot not in rules.BOTS]
    if unknown:
        faults.append(doc.where(where + ("bots",), f"unknown bot {unknown[0]!r} (the bots of {rules.GAME}: "
                                                    f"{', '.join(rules.BOTS) or 'none'})"))
    elif record["bots"] and len(record["bots"]) != players:
        faults.append(doc.where(where + ("bots",), f"{len(record['bots'])} bots for {players} players"))
    check = record["check"]
    if check["races"] != top["check"]:
        faults.append(doc.where(where + ("check", "races"), f"{check['races']} is not the file's check, "
                                                             f"{top['check']} races"))
    return faults + [doc.where(where + ("check", key), f"{check[key]!r} is not the {key} of the record it checks, "
                                                       f"{record[key]!r}") for key in same if check[key] != record[key]]


def _stats_faults(doc: Located, where: tuple[object, ...], s: dict[str, Any], rules: GameRules) -> list[str]:
    """The readings known, then each figure what the record's own counts give again."""
    return (_options_faults(doc, where + ("options",), s["options"], s["ruleset"], rules)
            + _wins_faults(doc, where, s) + _places_faults(doc, where, s) + _length_faults(doc, where, s)
            + _figures_faults(doc, where, s, rules) + _landings_faults(doc, where, s))


def _options_faults(doc: Located, where: tuple[object, ...], options: dict[str, Any], ruleset: str,
                    rules: GameRules) -> list[str]:
    faults = []
    for oid, value in options.items():
        if oid not in rules.OPTIONS:
            faults.append(doc.where(where + (oid,), f"unknown option {oid!r}"))
        elif ruleset not in rules.APPLIES[oid]:
            faults.append(doc.where(where + (oid,), f"{oid} does not apply to {ruleset}"))
        else:
            try:
                rules.OPTIONS[oid].check(value, oid)
            except ScenarioError as err:
                faults.append(doc.where(where + (oid,), err.problem))
    return faults


def _counted(share: float, n: int) -> int | None:
    """The whole number of races a share of `n` races stands for, or None if it stands for none."""
    count = round(share * n)
    return count if abs(count - share * n) < 1e-6 else None


def _holds(low: float, x: float, high: float) -> bool:
    """An interval holds its figure (to a float's rounding: 0.9999999999999999 holds 1.0)."""
    return low - CLOSE <= x <= high + CLOSE


def _share_faults(doc: Located, where: tuple[object, ...], figure: dict[str, float], n: int,
                  keys: tuple[str, str, str] = ("share", "low", "high")) -> list[str]:
    """A yes-or-no figure: a share of `n` races (a whole number of them) and its 95% Wilson interval."""
    share, low, high = (figure[k] for k in keys)
    count = _counted(share, n)
    if count is None:
        return [doc.where(where + (keys[0],), f"{share} is no whole number of races out of {n:,}")]
    if not _holds(low, share, high):
        return [doc.where(where, f"the interval from {low} to {high} does not hold the {keys[0]}, {share}")]
    _, *interval = wilson(count, n)
    if abs(interval[0] - low) > CLOSE or abs(interval[1] - high) > CLOSE:
        return [doc.where(where, f"{low} to {high} is not the 95% interval of {count:,} races in {n:,} "
                                 f"({interval[0]:.6g} to {interval[1]:.6g})")]
    return []


def _wins_faults(doc: Located, where: tuple[object, ...], s: dict[str, Any]) -> list[str]:
    if len(s["wins"]) != s["players"]:
        return [doc.where(where + ("wins",), f"{len(s['wins'])} seats for {s['players']} players")]
    faults = [f for seat, w in enumerate(s["wins"]) for f in _share_faults(doc, where + ("wins", seat), w, s["races"])]
    if not faults and sum(w["share"] for w in s["wins"]) > 1 + CLOSE:
        faults.append(doc.where(where + ("wins",), f"more wins than races ({sum(w['share'] for w in s['wins'])} "
                                                    "of them)"))
    return faults


def _places_faults(doc: Located, where: tuple[object, ...], s: dict[str, Any]) -> list[str]:
    """A row a seat, a share of the races a place: whole numbers of races, at most every race a seat or a place."""
    places, players, n = s["places"], s["players"], s["races"]
    if len(places) != players or any(len(row) != players for row in places):
        return [doc.where(where + ("places",), f"expected {players} rows of {players} shares (a seat's share "
                                                "of the races at each place)")]
    faults = [doc.where(where + ("places", seat, place), f"{share} is no whole number of races out of {n:,}")
              for seat, row in enumerate(places) for place, share in enumerate(row) if _counted(share, n) is None]
    faults += [doc.where(where + ("places", seat), f"the places of seat {seat + 1} add up to more than every race")
               for seat, row in enumerate(places) if sum(row) > 1 + CLOSE]
    faults += [doc.where(where + ("places",), f"place {place + 1} is given to more than every race")
               for place in range(players) if sum(row[place] for row in places) > 1 + CLOSE]
    return faults


def _length_faults(doc: Located, where: tuple[object, ...], s: dict[str, Any]) -> list[str]:
    """The lengths count every race; the length's figures are those of the lengths counted."""
    counted = Counter({int(throws): races for throws, races in s["lengths"].items()})
    if counted.total() != s["races"]:
        return [doc.where(where + ("lengths",), f"{counted.total():,} races counted, for {s['races']:,} races")]
    again = Stats(s["ruleset"], s["players"], s["seed"], {}, [], races=s["races"], lengths=counted).length()
    return [doc.where(where + ("length", key), f"{s['length'][key]} is not the {key} of the lengths counted, {value}")
            for key, value in again.items() if abs(s["length"][key] - value) > CLOSE * max(1.0, value)]


def _figures_faults(doc: Located, where: tuple[object, ...], s: dict[str, Any], rules: GameRules) -> list[str]:
    """Each figure the game's, named and kind as the game has it; its means within their intervals, a
    share a whole number of races with its Wilson interval (the seats' over every race)."""
    faults: list[str] = []
    for fid, f in s["figures"].items():
        at = where + ("figures", fid)
        known = rules.FIGURES.get(fid)
        if known is None:
            faults.append(doc.where(at, f"unknown figure {fid!r} (the figures of {rules.GAME}: "
                                        f"{', '.join(rules.FIGURES)})"))
            continue
        faults += [doc.where(at + ("name", lang), f"{f['name'][lang]!r} is not the name the game gives {fid}, "
                                                  f"{known.name[lang]!r}") for lang in LANGS
                   if f["name"][lang] != known.name[lang]]
        if f["share"] != known.share:
            faults.append(doc.where(at + ("share",), f"{fid} is {'a share of races' if known.share else 'a mean'}: "
                                                     f"expected {str(known.share).lower()}"))
        means = [(at + ("race",), f["race"], f["race"]["races"])] if "race" in f else []
        if "race" in f and f["race"]["races"] > s["races"]:
            faults.append(doc.where(at + ("race", "races"), f"{f['race']['races']:,} races, of {s['races']:,}"))
        if len(f.get("seats", [])) not in (0, s["players"]):
            faults.append(doc.where(at + ("seats",), f"{len(f['seats'])} seats for {s['players']} players"))
        means += [(at + ("seats", seat), m, s["races"]) for seat, m in enumerate(f.get("seats", []))]
        for place, m, n in means:
            if known.share:
                faults += _share_faults(doc, place, m, n, ("mean", "low", "high"))
            elif not _holds(m["low"], m["mean"], m["high"]):
                faults.append(doc.where(place, f"the interval from {m['low']} to {m['high']} does not hold the mean, "
                                               f"{m['mean']}"))
    return faults


def _landings_faults(doc: Located, where: tuple[object, ...], s: dict[str, Any]) -> list[str]:
    """Stops per race, a whole number of stops in all; each square's share, its stops of all stops."""
    n, landings = s["races"], s["landings"]
    counted = {square: _counted(v["per_race"], n) for square, v in landings.items()}
    stops = {square: count for square, count in counted.items() if count is not None}
    if len(stops) < len(counted):
        return [doc.where(where + ("landings", square, "per_race"), f"{landings[square]['per_race']} is no whole "
                                                                    f"number of stops over {n:,} races")
                for square in counted if square not in stops]
    total = sum(stops.values())
    return [doc.where(where + ("landings", square, "share"), f"{v['share']} is not {stops[square]:,} stops of "
                                                             f"{total:,} ({stops[square] / total:.6g})")
            for square, v in landings.items() if total and abs(v["share"] - stops[square] / total) > CLOSE]


def impact_faults(doc: Located, game: str) -> list[str]:
    """Each option the game's, each record a race it applies to, once; the values the option's, the words
    those of the record's race and values, each verdict and row agreeing with its figures."""
    rules, data, faults = all_games()[game], doc.data, []
    for oid, records in data["options"].items():
        where = ("options", oid)
        if oid not in rules.OPTIONS:
            faults.append(doc.where(where, f"unknown option {oid!r} (the options of {game}: "
                                           f"{', '.join(rules.OPTIONS)})"))
            continue
        seen: set[str] = set()
        for i, record in enumerate(records):
            at, ruleset = where + (i,), record["ruleset"]
            faults += _run_faults(doc, at, record, data, rules, IMPACT_RUN)
            if record["option"] != oid:
                faults.append(doc.where(at + ("option",), f"{record['option']!r}, among the figures of {oid}"))
            elif ruleset in rules.RACES and ruleset not in rules.APPLIES[oid]:
                faults.append(doc.where(at + ("ruleset",), f"{oid} does not apply to {ruleset}"))
            elif ruleset in seen:
                faults.append(doc.where(at + ("ruleset",), f"{ruleset} compared twice"))
            elif ruleset in rules.RACES:
                option = rules.OPTIONS[oid]
                faults += _comparison_faults(doc, at, record, option)
                faults += _comparison_faults(doc, at + ("check",), record["check"], option)
            seen.add(ruleset)
        missing = sorted(rules.APPLIES[oid] - seen)
        if missing:
            faults.append(doc.where(where, f"no figures for {', '.join(missing)}"))
    return faults


def _is_value(option: Option, value: str) -> bool:
    if option.number_range is None:
        return value in option.values
    low, high = option.number_range
    return bool(re.fullmatch(r"-?[0-9]{1,17}", value)) and low <= int(value) <= high


def _comparison_faults(doc: Located, at: tuple[object, ...], r: dict[str, Any], option: Option) -> list[str]:
    """The default first, then other values of the option, each once and compared in that order; each
    value's words the option's; the race's words its race and players."""
    values, faults = r["values"], []
    if values[0] != str(option.default):
        faults.append(doc.where(at + ("values", 0), f"{values[0]!r} is not the default of {option.id}, "
                                                    f"{str(option.default)!r}"))
    faults += [doc.where(at + ("values", k), f"{v!r} is not a value of {option.id}") for k, v in enumerate(values)
               if not _is_value(option, v)]
    faults += [doc.where(at + ("values", k), f"{v!r} given twice") for k, v in enumerate(values) if v in values[:k]]
    compared = [a["value"] for a in r["against"]]
    if compared != values[1:]:
        faults.append(doc.where(at + ("against",), f"compares {', '.join(compared)} where values lists "
                                                   f"{', '.join(values[1:])}"))
    words: list[tuple[tuple[object, ...], dict[str, str], Callable[[str], str], str]] = [
        (("race",), r["race"], lambda lang: f"{race_name(r['ruleset'], lang)}, {players_words(r['players'], lang)}",
         "its race and players")]
    if _is_value(option, values[0]):
        words.append((("default",), r["default"], functools.partial(reading_words, option, values[0]), "the default"))
    words += [(("against", k, "label"), a["label"], functools.partial(reading_words, option, a["value"]), "its value")
              for k, a in enumerate(r["against"]) if _is_value(option, a["value"])]
    for keys, said, words_of, what in words:
        for lang in LANGS:
            if said[lang] != typeset(words_of(lang), lang):
                faults.append(doc.where(at + keys + (lang,), f"{said[lang]!r} is not the words of {what}, "
                                                             f"{typeset(words_of(lang), lang)!r}"))
    return faults + [f for k, a in enumerate(r["against"]) for f in _against_faults(doc, at + ("against", k), a, r)]


def _against_faults(doc: Located, at: tuple[object, ...], a: dict[str, Any], r: dict[str, Any]) -> list[str]:
    """Its count of measurable figures that of its rows marked so; a verdict quoting a measurable row (or,
    with none, the races it found no effect over); its rows: the wins of each seat and the length first."""
    rows, players, faults = a["rows"], r["players"], []
    marked = sum(row["measurable"] for row in rows)
    if a["measurable"] != marked:
        faults.append(doc.where(at + ("measurable",), f"{a['measurable']} measurable figures, but {marked} of its "
                                                      "rows marked measurable"))
    for lang in LANGS:
        verdict = a["verdict"][lang]
        if a["measurable"] and not any(row["measurable"] and row["default"][lang] in verdict
                                       and row["value"][lang] in verdict for row in rows):
            faults.append(doc.where(at + ("verdict", lang), f"{verdict!r} does not quote the default and the value "
                                                            "of any of its measurable rows"))
        elif not a["measurable"] and races_words(r["races"], lang) not in verdict:
            faults.append(doc.where(at + ("verdict", lang), f"{verdict!r} does not say over how many races it "
                                                            f"found no effect ({races_words(r['races'], lang)})"))
    if len(rows) < players + 1:
        faults.append(doc.where(at + ("rows",), f"{len(rows)} rows: expected at least {players + 1} (the wins of "
                                                "each seat, then the length)"))
    return faults + [f for k, row in enumerate(rows) for f in _row_faults(doc, at + ("rows", k), row, k <= players)]


def _numbers_in(words: str, lang: str) -> list[float]:
    """The numbers of a figure's words: '−0,4 (−1,1 à +0,8)' -> [-0.4, -1.1, 0.8]."""
    plain = words.replace("\u202f", "").replace(",", ".") if lang == "fr" else words.replace(",", "")
    return [float(number.replace("\u2212", "-")) for number in _FIGURE.findall(plain)]


def _row_faults(doc: Located, at: tuple[object, ...], row: dict[str, Any], paired: bool) -> list[str]:
    """The same numbers in both languages; a figure, a figure, a difference within its interval (not
    holding zero if measurable); for the wins and the length (`paired`), the value minus the default."""
    said = {lang: [_numbers_in(row[key][lang], lang) for key in ("default", "value", "difference")] for lang in LANGS}
    if said["fr"] != said["en"]:
        return [doc.where(at, "the French and English words give different figures")]
    if [len(numbers) for numbers in said["en"]] != [1, 1, 3]:
        return [doc.where(at, "expected a figure for the default, one for the value and a difference with its "
                              "interval")]
    (default,), (value,), (difference, low, high) = said["en"]
    if not low <= difference <= high:
        return [doc.where(at + ("difference",), f"{row['difference']['en']!r}: the difference is outside its interval")]
    if row["measurable"] and low < 0 < high:
        return [doc.where(at + ("measurable",), f"measurable, but its interval ({row['difference']['en']}) holds zero")]
    if paired and abs(value - default - difference) > ROUNDING:
        return [doc.where(at + ("difference",), f"{row['difference']['en']!r} is not the value minus the default "
                                                f"({row['value']['en']} − {row['default']['en']})")]
    return []
