"""The course from Bruges to Ninove-Meerbeke, as data.

The rulebook gives only totals: 180 spaces, 120 flat and 60 uphill on 8 hills (each uphill space a
D4 or a D6 space), 3 cobbled strips with a number on each space, a supply zone and the red
triangle. The order, lengths and dice of the hills, where the cobbles lie and their numbers are
our reconstruction, modelled on the route of the 1990s-2000s (finish in Meerbeke after the Muur
and the Bosberg). A scenario replaces it with `setup.course` (same shape as DEFAULT_COURSE).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..core import ScenarioError, is_whole, quoted, unprintable
from .terms import TERMS

MUUR = TERMS.name("muur", "en")  # the hill the rules name (the same in both languages)

DEFAULT_COURSE: dict[str, Any] = {
    "spaces": 180,  # space 0 is the start (Bruges), space 179 the finish (Ninove-Meerbeke)
    # each hill: its name, its first space, and the die of each uphill space ("4" or "6")
    "hills": [
        {"name": "Oude Kwaremont", "from": 36, "dice": "664466446"},
        {"name": "Paterberg", "from": 52, "dice": "644446"},
        {"name": "Koppenberg", "from": 71, "dice": "6444446"},
        {"name": "Taaienberg", "from": 90, "dice": "6644466"},
        {"name": "Berendries", "from": 114, "dice": "66446646"},
        {"name": "Valkenberg", "from": 128, "dice": "6644666"},
        {"name": MUUR, "from": 147, "dice": "664444466"},
        {"name": "Bosberg", "from": 162, "dice": "6644666"},
    ],
    # each cobbled strip: its name, its first space, and the number on each of its spaces
    "cobbles": [
        {"name": "Kerkgate", "from": 25, "numbers": [5, 4, 6, 4, 5]},
        {"name": "Paddestraat", "from": 62, "numbers": [6, 5, 4, 4, 5, 6]},
        {"name": "Haaghoek", "from": 104, "numbers": [5, 4, 4, 6, 5]},
    ],
    "supply": [82, 83, 84],  # the supply zone (bevoorrading)
    "red_triangle": 172,  # the last kilometre
}

HILL_CARD_HILLS = {"t-koppenberg": ("Koppenberg", MUUR), "t-berendries": ("Berendries",)}
PELOTON_END_HILL = MUUR  # no peloton cards once the peloton reaches its first space


@dataclass(frozen=True, slots=True)
class Space:
    hill: str | None = None  # the hill's name on an uphill space
    die: int = 0  # 4 or 6 on an uphill space
    first: bool = False  # the first space of a hill (the foot)
    cobbles: str | None = None  # the strip's name on a cobbled space
    number: int = 0  # the number on a cobbled space
    supply: bool = False
    red_triangle: bool = False

    @property
    def flat(self) -> bool:
        return self.hill is None


@dataclass(frozen=True, slots=True)
class Course:
    spaces: tuple[Space, ...]
    data: dict[str, Any]
    # worked out once from the spaces (the rules ask for them at every move)
    finish: int = field(init=False, compare=False, repr=False)  # the last space
    feet: dict[str, int] = field(init=False, compare=False, repr=False)  # each hill's first space

    def __post_init__(self) -> None:
        feet: dict[str, int] = {}
        for i, s in enumerate(self.spaces):
            if s.first and s.hill is not None:
                feet.setdefault(s.hill, i)
        object.__setattr__(self, "finish", len(self.spaces) - 1)  # frozen: set once, here
        object.__setattr__(self, "feet", feet)

    def __getitem__(self, index: int) -> Space:
        spaces = self.spaces  # past the finish: the finish
        return spaces[index] if index <= self.finish else spaces[-1]

    def hill_foot(self, name: str) -> int | None:
        return self.feet.get(name)


MIN_SPACES, MAX_SPACES = 10, 400  # room for a hill and the peloton; a board at most twice the real one and more
MAX_NAME = 40  # a name has to fit above the profile
_BUILT: dict[str, Course] = {}  # canonical JSON of a full course -> the course: each parsed once a process


def build(data: object = None, where: str = "setup.course") -> Course:
    """The course from its data (the default when None); bad data raises ScenarioError.

    A course is parsed once: a replay, its frames and the board all get the same Course back."""
    if data is None:
        data = DEFAULT_COURSE
    if not isinstance(data, dict):
        raise ScenarioError(where, "expected a mapping with spaces, hills, cobbles, supply, red_triangle",
                            fr="attendu : un dictionnaire avec spaces, hills, cobbles, supply, red_triangle")
    for key in data:
        if key not in DEFAULT_COURSE:
            raise ScenarioError(f"{where}.{key}", f"unknown field (expected {', '.join(DEFAULT_COURSE)})",
                                fr=f"champ inconnu (attendu : {', '.join(DEFAULT_COURSE)})")
    full = {**DEFAULT_COURSE, **data}
    try:
        key = json.dumps(full, sort_keys=True)
    except (TypeError, ValueError):  # not JSON data: it is refused below, and never cached
        key = ""
    if key and key in _BUILT:
        return _BUILT[key]
    course = _parse(json.loads(key) if key else full, where)
    if key:
        if len(_BUILT) >= 32:
            _BUILT.clear()
        _BUILT[key] = course
    return course


def _parse(full: dict[str, Any], where: str) -> Course:
    size = full["spaces"]
    if not is_whole(size, MIN_SPACES, MAX_SPACES):
        raise ScenarioError(f"{where}.spaces", f"expected a number of spaces from {MIN_SPACES} to {MAX_SPACES}, "
                                               f"got {quoted(size, 'en')}",
                            fr=f"attendu : un nombre de cases de {MIN_SPACES} à {MAX_SPACES}, "
                               f"reçu {quoted(size, 'fr')}")
    cells: list[dict[str, Any]] = [{} for _ in range(size)]
    _lay(cells, full["hills"], f"{where}.hills", "dice", _hill_cell)
    _lay(cells, full["cobbles"], f"{where}.cobbles", "numbers", _cobble_cell)
    supply = full["supply"]
    if not isinstance(supply, list):
        raise ScenarioError(f"{where}.supply", f"expected a list of spaces from 1 to {size - 2}, "
                                               f"got {quoted(supply, 'en')}",
                            fr=f"attendu : une liste de cases de 1 à {size - 2}, reçu {quoted(supply, 'fr')}")
    for i, spot in enumerate(supply):
        cells[_spot(spot, size, f"{where}.supply[{i}]")]["supply"] = True
    cells[_spot(full["red_triangle"], size, f"{where}.red_triangle")]["red_triangle"] = True
    return Course(tuple(Space(**c) for c in cells), full)


def _spot(spot: object, size: int, where: str) -> int:
    if not is_whole(spot, 1, size - 2):
        raise ScenarioError(where, f"expected a space from 1 to {size - 2}, got {quoted(spot, 'en')}",
                            fr=f"attendu : une case de 1 à {size - 2}, reçu {quoted(spot, 'fr')}")
    return spot


def _lay(cells: list[dict[str, Any]], items: object, where: str, field: str, cell: Any) -> None:
    if not isinstance(items, list):
        raise ScenarioError(where, "expected a list", fr="attendu : une liste")
    for n, item in enumerate(items):
        here = f"{where}[{n}]"
        if not isinstance(item, dict) or set(item) != {"name", "from", field}:
            raise ScenarioError(here, f"expected a mapping with name, from and {field}",
                                fr=f"attendu : un dictionnaire avec name, from et {field}")
        start, marks, name = item["from"], item[field], item["name"]
        if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME or unprintable(name):
            raise ScenarioError(f"{here}.name", f"expected a name of 1 to {MAX_NAME} printable characters, "
                                                f"got {quoted(name, 'en')}",
                                fr=f"attendu : un nom de 1 à {MAX_NAME} caractères imprimables, "
                                   f"reçu {quoted(name, 'fr')}")
        if not is_whole(start, 1, len(cells) - 2):
            raise ScenarioError(f"{here}.from", f"expected a first space from 1 to {len(cells) - 2}, "
                                                f"got {quoted(start, 'en')}",
                                fr=f"attendu : une première case de 1 à {len(cells) - 2}, reçu {quoted(start, 'fr')}")
        values = _marks(marks, field, f"{here}.{field}")
        if start + len(values) > len(cells) - 1:
            raise ScenarioError(here, f"must end before the finish (space {len(cells) - 1})",
                                fr=f"doit finir avant l'arrivée (case {len(cells) - 1})")
        for k, mark in enumerate(values):
            if cells[start + k]:
                raise ScenarioError(here, f"space {start + k} is already a hill or cobbled space",
                                    fr=f"la case {start + k} est déjà une case de mont ou une case pavée")
            cells[start + k] = cell(name, mark, k == 0, f"{here}.{field}[{k}]")


def _marks(marks: object, field: str, where: str) -> list[object]:
    """A hill's dice ("6644" or [6, 6, 4, 4]) or a strip's numbers ([5, 4, 6]), one a space."""
    if field == "dice" and isinstance(marks, str):
        marks = list(marks)
    if not isinstance(marks, list) or not marks:
        shape, shape_fr = (("a string of 4s and 6s such as “6644”, one a space",
                            "une suite de 4 et de 6 telle que « 6644 », un par case") if field == "dice"
                           else ("a list of numbers such as [5, 4, 6], one a space",
                                 "une liste de nombres telle que [5, 4, 6], un par case"))
        raise ScenarioError(where, f"expected {shape}, got {quoted(marks, 'en')}",
                            fr=f"attendu : {shape_fr}, reçu {quoted(marks, 'fr')}")
    return marks


def _hill_cell(name: str, mark: object, first: bool, where: str) -> dict[str, Any]:
    if isinstance(mark, bool) or str(mark) not in ("4", "6"):
        raise ScenarioError(where, f"an uphill space is a D4 or a D6 space (4 or 6), got {quoted(mark, 'en')}",
                            fr=f"une case de montée est une case D4 ou D6 (4 ou 6), reçu {quoted(mark, 'fr')}")
    return {"hill": name, "die": int(str(mark)), "first": first}


def _cobble_cell(name: str, mark: object, first: bool, where: str) -> dict[str, Any]:
    if not is_whole(mark, 1, 16):
        raise ScenarioError(where, f"a cobbled space carries a number from 1 to 16, got {quoted(mark, 'en')}",
                            fr=f"une case pavée porte un nombre de 1 à 16, reçu {quoted(mark, 'fr')}")
    return {"cobbles": name, "number": mark}


def counts(course: Course) -> dict[str, int]:
    """The totals the rulebook gives, to check a reconstruction against."""
    uphill = sum(1 for s in course.spaces if not s.flat)
    return {"spaces": len(course.spaces), "flat": len(course.spaces) - uphill, "uphill": uphill,
            "hills": len({s.hill for s in course.spaces if s.hill}),
            "cobbled strips": len({s.cobbles for s in course.spaces if s.cobbles})}
