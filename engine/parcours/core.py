"""Things every ruleset shares: events, errors and dice sources."""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TypeGuard

Value = int | str | bool | None | list[int] | list[str]


def is_whole(value: object, low: int | None = None, high: int | None = None) -> TypeGuard[int]:
    """A whole number (not a bool) within [low, high], either bound optional."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return (low is None or value >= low) and (high is None or value <= high)


class ScenarioError(ValueError):
    """Bad input, reported as one line naming the field and what is wrong, in English (`problem`)
    and in French (`problem_fr`, required: no layer translates a refusal after the fact)."""

    def __init__(self, where: str, problem: str, *, fr: str) -> None:
        where, problem = _one_line(where, 120), _one_line(problem, 300)
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem
        self.problem_fr = typeset(_one_line(fr, 300), "fr")

    def words(self) -> dict[str, str]:
        """The refusal as one line in each language. In French the field's path, which stays as the
        scenario writes it, is named as such ("champ setup.board.holes : …", "option --bots : …")."""
        kind = "option" if self.where.startswith("-") else "champ"
        fr = typeset(f"{kind} {self.where} : {self.problem_fr}", "fr")
        return {"en": f"{self.where}: {self.problem}", "fr": fr}


def refusal(err: Exception) -> dict[str, str]:
    """An error as the pages show it, in both languages (one that is no ScenarioError has only its own words)."""
    return err.words() if isinstance(err, ScenarioError) else {"en": str(err), "fr": str(err)}


def _one_line(text: str, limit: int) -> str:
    """Whatever a file sent (a key with a newline or a terminal's escape, a list of a million faces)
    stays one short line of printable text."""
    text = printable(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


_NOT_PLAIN = re.compile(r"[^\x20-\x7e]")  # all but printable ASCII: the few characters worth a closer look


def _shown(char: str) -> bool:
    """A character a terminal or a page shows as itself: not a control (C0, DEL, C1), a format character
    (bidi marks and overrides, zero-width ones), a line or paragraph separator, a surrogate, a private
    or unassigned code point. Spaces are shown (the no-break ones French typesetting writes)."""
    return char.isprintable() or unicodedata.category(char) == "Zs"


def printable(text: str, json: bool = False) -> str:
    """Text from a file or a reader, safe to print: every character not shown as itself escaped as
    Python writes it (\\x1b, \\n, \\u202e), so that no input can drive a terminal (set its title,
    clear it) or reorder a line. Every refusal passes here (ScenarioError), and the command line's output.
    `json`: JSON text, its line breaks kept and the rest escaped as JSON does (\\u001b), which json.dumps
    leaves undone for C1 controls, bidi and other format characters when it writes UTF-8."""
    return _NOT_PLAIN.sub(_json_escape if json else _escape, text)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return char if _shown(char) else char.encode("unicode_escape").decode("ascii")


def _json_escape(match: re.Match[str]) -> str:
    char = match.group()
    if char == "\n" or _shown(char):  # a line break in JSON text lies between values (json.dumps escapes its own)
        return char
    code = ord(char)
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # beyond the BMP: a surrogate pair, as JSON writes it
    return f"\\u{0xd800 + (code >> 10):04x}\\u{0xdc00 + (code & 0x3ff):04x}"


def unprintable(text: str, allowed: str = "") -> str | None:
    """The first character of `text` that `printable` would escape (but those `allowed`), or None."""
    return next((c for c in _NOT_PLAIN.findall(text) if c not in allowed and not _shown(c)), None)


@dataclass(slots=True)
class Event:
    """One state change, with the id of the article that caused it.

    `data` holds the structured fields (squares, dice, points...); sentences
    are rendered from events by `parcours.narrate`, never stored here.
    """

    kind: str
    cite: str
    seat: int | None = None
    rider: int | None = None
    data: dict[str, Value] = field(default_factory=dict)

    def to_json(self) -> dict[str, Value]:
        out: dict[str, Value] = {"kind": self.kind, "cite": self.cite}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.rider is not None:
            out["rider"] = self.rider
        out.update(self.data)
        return out


class Events(list[Event]):
    """The events of a step. The rules ask before building one (`if events.wants(cite):
    events.append(Event(...))`): this list wants them all; `Quiet`, a simulation's, wants none."""

    __slots__ = ()

    def wants(self, cite: str) -> bool:
        """Whether to build the event citing `cite` (a Quiet list only notes the article)."""
        return True


class Discard(Events):
    """Where the events of a race played for nobody to read go (a bot's look-ahead): none is built."""

    __slots__ = ()

    def wants(self, cite: str) -> bool:
        return False


class Quiet(Discard):
    """Where a simulation's rules send their events: none is built, only the article each would cite
    is noted (`cites`, in order), for `simulate` to count. One serves a whole race."""

    __slots__ = ("cites", "wants")

    def __init__(self) -> None:
        super().__init__()
        self.cites: list[str] = []
        # The hot path's one question, answered by one C call: list.append returns None, a no.
        self.wants: Callable[[str], bool | None] = self.cites.append  # type: ignore[assignment]


def events_into(sink: Events | None) -> Events:
    """The list a step's events go into: the caller's sink, or a new list that keeps them all."""
    return Events() if sink is None else sink


@dataclass(slots=True)
class Need:
    """What a game waits for next: dice (how many, how many faces) or a player's choice (among which).
    Never changed once made: a game may hand out the same one again (see dice_needs)."""

    kind: str  # "dice" or "choice"
    seat: int
    count: int = 0
    choices: tuple[str, ...] = ()
    decision: str = ""  # what is being decided, e.g. "distance"
    sides: int = 6  # the dice's faces (the Ronde also rolls D4, D8, D10, D12 and D16)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "seat": self.seat, "count": self.count, "sides": self.sides,
                "choices": list(self.choices), "decision": self.decision}


def dice_needs(count: int, seats: int) -> tuple[Need, ...]:
    """What a throw of `count` six-sided dice waits for, one Need a seat, made once (a game asks for one
    every throw): `dice_needs(1, 12)[seat]`."""
    return tuple(Need("dice", seat, count) for seat in range(seats))


class Dice:
    """Scripted dice first, then (if a seed is given) seeded random ones."""

    def __init__(self, scripted: list[int], seed: int | None = None) -> None:
        self._scripted: Iterator[int] = iter(scripted)
        self._left = self._total = len(scripted)
        self._rng = random.Random(seed) if seed is not None else None

    def available(self, count: int) -> bool:
        return self._left >= count or self._rng is not None

    def throw(self, sides: int = 6) -> int:
        if self._left > 0:
            self._left -= 1
            return next(self._scripted)
        if self._rng is None:
            raise IndexError("no dice left")
        return self._rng.randint(1, sides)

    @property
    def unused(self) -> int:
        return self._left

    @property
    def used(self) -> int:
        return self._total - self._left


_UP_TO = tuple(str(n) for n in range(64))


def numbers_up_to(most: int) -> tuple[str, ...]:
    """The choices "0", "1", ... up to `most` (a distance chosen), made once: a decision asks it often."""
    return _UP_TO[:most + 1] if most < len(_UP_TO) else tuple(str(n) for n in range(most + 1))


def plural(count: object, one: str, many: str, lang: str = "en") -> str:
    """A count with its noun agreeing: '1 lap', '0 laps', '2 laps'; in French 0 and 1 take the
    singular: '0 tour', '1 tour', '2 tours'. `one`/`many` may be phrases ('tour bouclé')."""
    n = count if isinstance(count, int) else int(str(count))
    single = n < 2 if lang == "fr" else n == 1
    return f"{n} {one if single else many}"


# French groups a number's thousands with a narrow no-break space (U+202F), as the browsers'
# Intl.NumberFormat("fr-FR") does (lang.mjs's numberIn): "1 234", never broken across two lines.
FRENCH_THOUSANDS = "\u202f"
MINUS = "\u2212"  # a negative number's sign in prose and tables, in both languages (not the hyphen)


def _minus(number: str) -> str:
    """A number written with Python's hyphen-minus ("-0,82") as prose and tables set it: a minus sign."""
    return MINUS + number[1:] if number.startswith("-") else number


def number_words(value: float, lang: str, decimals: int = 0, percent: bool = False) -> str:
    """A number as each language writes it: French "1 234,5" (a narrow no-break space between
    the thousands) and "51,19 %", English "1,234.5" and "51.19%" (`percent`: the value is already
    a percentage); a negative one with a minus sign in both, "−0,82", not Python's hyphen."""
    text = _minus(f"{value:,.{decimals}f}")
    if lang == "fr":
        text = text.replace(",", FRENCH_THOUSANDS).replace(".", ",")
    return text + ("\u00a0%" if lang == "fr" else "%") if percent else text  # no line break before %


def french_number(number: int) -> str:
    """A large number as French writes it: 1 000 000, narrow no-break spaces between the thousands
    (English: f"{number:,}", 1,000,000)."""
    return number_words(number, "fr")


# A plain space that French typography makes a no-break one: before : ; ! ? » and %, after «.
_FRENCH_SPACE = re.compile(r" (?=[:;!?»%])|(?<=«) ")


def typeset(text: str, lang: str) -> str:
    """A text as its language sets it. French keeps a sign and the word before it on one line, and
    « … » around their words: the plain space written before : ; ! ? » % and after « becomes a no-break
    space (U+00A0, which every font has). English is left as written. `text` is plain text, or markup
    whose tags hold no such space (the pages' own). Every French sentence the engine, its view and
    the pages assemble passes here (the scripts: lang.mjs's typeset)."""
    return _FRENCH_SPACE.sub("\u00a0", text) if lang == "fr" else text


QUOTED_LIMIT = 60  # a value quoted in a sentence is cut after this many characters ("…")


def quoted(value: object, lang: str) -> str:
    """A value a file or a reader sent, named in a sentence of `lang`: a text between the language's
    quotes (French « x », with no-break spaces; English “x”), a number bare as the language writes it
    (French 1,5; −2 with a minus sign), true, false and null as the scenario writes them, a list or a
    mapping by its items; never Python's repr ('x', True). Cut to about QUOTED_LIMIT characters ("…"),
    its quotes kept; a character that cannot be printed is escaped (\\n)."""
    if isinstance(value, str):
        text = printable(value[:QUOTED_LIMIT])
        text = text if len(text) <= QUOTED_LIMIT and len(value) <= QUOTED_LIMIT else text[:QUOTED_LIMIT - 1] + "…"
        return f"«\u00a0{text}\u00a0»" if lang == "fr" else f"“{text}”"
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int):
        digits = int(abs(value).bit_length() * 0.30103) + 1  # at most one too many
        if digits > QUOTED_LIMIT:  # never str() a huge number (Python refuses past 4,300 digits)
            return f"{MINUS if value < 0 else ''}{abs(value) // 10 ** (digits - QUOTED_LIMIT)}…"
        return _minus(str(value))
    if isinstance(value, float):
        return _minus(repr(value).replace(".", ",") if lang == "fr" else repr(value))
    if isinstance(value, dict):
        pairs = [f"{quoted(k, lang)}: {quoted(v, lang)}" for k, v in list(value.items())[:QUOTED_LIMIT // 10]]
        return "{" + ", ".join(pairs) + (", …}" if len(value) > len(pairs) else "}")
    if isinstance(value, (list, tuple)):
        shown = value[:QUOTED_LIMIT // 4]
        # French sets a list of decimal numbers with semicolons, their commas being taken (1,5 ; 2)
        comma = "\u00a0; " if lang == "fr" and any(isinstance(v, float) for v in shown) else ", "
        return "[" + comma.join(quoted(v, lang) for v in shown) + (", …]" if len(value) > len(shown) else "]")
    return quoted(str(value), lang)


def typeset_words(words: dict[str, str]) -> dict[str, str]:
    """Words in each language ({"fr": …, "en": …}), each typeset as its language sets it."""
    return {lang: typeset(text, lang) for lang, text in words.items()}


def place_name(place: int, lang: str) -> str:
    """A finishing place: '1st', '2nd' / '1er', '2e'."""
    if lang == "fr":
        return "1er" if place == 1 else f"{place}e"
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"
