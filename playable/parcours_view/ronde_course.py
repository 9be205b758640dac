"""The Ronde van Vlaanderen's course as a race profile (SVG), drawn from the engine's course data.

One long horizontal profile, Bruges (space 0) on the left, Ninove-Meerbeke on the right: flat
spaces flat, each hill a climb (a D4 space rises more than a D6 space, and shows its die), the
cobbled strips with the number of each space, the supply zone, the red triangle, start and finish.

The same drawing serves twice:
- `course_figure()`: the whole profile on a page, cut in rows as on a board (nothing hidden on a
  phone), with a list of the course for readers who cannot see it;
- the board of a position (boards.py): the profile is a <symbol> written once per page, and each
  board <use>s it in a few rows (clipped, one under the other), with the riders and the peloton
  drawn over it and a table of the riders below.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Any

from parcours.ronde.course import DEFAULT_COURSE, Course, build
from parcours.ronde.terms import TERMS

from .words import both_text, following, label

SYMBOL_ID = "px-ronde-course"
SP = 10  # width of a space
MARGIN = 40  # room left of the start and right of the finish (riders waiting there stand in columns)
RISE = {4: 7, 6: 3}  # how much a D4 or a D6 space climbs: the D4 spaces are the steep ones
NAME_LINES = (12, 25)  # the lines of names (hills, cobbles, supply, towns) above the profile
# A board's rows are narrow enough to be drawn at a phone's width with every label (11 units) at 9 px
# or more: about 30 spaces a row, each cut at most CUT_SLACK spaces from an even share.
ROW_SPACES, CUT_SLACK = 32, 5
ROW_GAP = 4  # between two rows of a board
LABEL = 11  # the profile's labels' size (ronde.css), for the room names take


@dataclass(frozen=True, eq=False)
class Profile:
    """Where everything of a course is drawn, in the symbol's coordinates. One per course (see
    profile_of), compared and hashed by identity, so what is drawn from it is cached per course."""

    course: Course
    base: float  # the road's height on the flat
    tops: tuple[tuple[float, float], ...]  # per space: the road's height where it begins and ends
    width: float
    height: float

    def x(self, space: int) -> float:
        """The left edge of a space."""
        return MARGIN + space * SP

    def centre(self, space: int) -> tuple[float, float]:
        """The middle of a space's road: where a rider stands."""
        space = max(0, min(space, len(self.tops) - 1))
        y0, y1 = self.tops[space]
        return self.x(space) + SP / 2, (y0 + y1) / 2


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


@lru_cache(maxsize=8)
def _profile(course_json: str) -> Profile:
    course = build(json.loads(course_json))
    rises: list[tuple[float, float]] = []
    height = 0.0
    for space in course.spaces:
        if space.flat:
            height = 0.0
            rises.append((0.0, 0.0))
        else:
            if space.first:
                height = 0.0
            start = height
            height += RISE[space.die]
            rises.append((start, height))
    top = max((h for _, h in rises), default=0.0)
    base = NAME_LINES[-1] + 16 + top
    tops = tuple((base - a, base - b) for a, b in rises)
    width = 2 * MARGIN + len(course.spaces) * SP
    return Profile(course, base, tops, width, base + 30)


_SEEN: dict[int, tuple[object, Profile]] = {}  # id of a position's course data -> (that data, its profile)


def profile_of(course_data: object) -> Profile:
    """The profile of a position's course. Every position of a race carries the same course data
    (the engine's Course.data), so it is looked up by identity first: a 400-space course is not
    serialised again for every frame of a film."""
    data = DEFAULT_COURSE if course_data is None else course_data
    seen = _SEEN.get(id(data))
    if seen is not None and seen[0] is data:
        return seen[1]
    profile = _profile(json.dumps(data, sort_keys=True))
    if len(_SEEN) >= 16:
        _SEEN.clear()
    _SEEN[id(data)] = (data, profile)  # holding the data keeps its id from being reused
    return profile


def is_default(course_data: object) -> bool:
    return profile_of(course_data) is profile_of(None)


def _runs(course: Course, test: Any) -> list[tuple[int, int]]:
    """Maximal runs [first, last] of spaces passing `test`, each run of one name."""
    runs: list[tuple[int, int]] = []
    for i, space in enumerate(course.spaces):
        key = test(space)
        if key is None or key is False:
            continue
        if runs and runs[-1][1] == i - 1 and test(course.spaces[i - 1]) == key and not (space.hill and space.first):
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


@lru_cache(maxsize=8)
def drawing(p: Profile) -> str:
    """The bare course: ground, road, dice, numbers, names. No ids: it may appear twice on a page."""
    c = p.course
    n = len(c.spaces)
    base = p.base
    out: list[str] = []
    # The ground under the road: the hills as climbs, a quick descent after each top.
    pts = [f"M{_num(p.x(0) - MARGIN + 4)} {_num(base + 4)}V{_num(base)}"]
    for i in range(n):
        y0, y1 = p.tops[i]
        pts.append(f"L{_num(p.x(i))} {_num(y0)}L{_num(p.x(i) + SP)} {_num(y1)}")
        if y1 != base and (i + 1 == n or p.tops[i + 1][0] == base):
            pts.append(f"L{_num(p.x(i) + SP + 4)} {_num(base)}")
    pts.append(f"H{_num(p.width - 4)}V{_num(base + 4)}Z")
    out.append(f'<path class="px-rc-ground" d="{"".join(pts)}"/>')
    # The road: flat and cobbled runs in one path each (a dash per space), each uphill space a slope.
    for css, test in (("px-rc-flat", lambda s: s.flat and not s.cobbles),
                      ("px-rc-cobbles", lambda s: bool(s.cobbles))):
        d = "".join(f"M{_num(p.x(a))} {_num(base)}H{_num(p.x(b) + SP)}" for a, b in _runs(c, test))
        if d:
            out.append(f'<path class="{css}" d="{d}"/>')
    for die in (6, 4):
        d = "".join(f"M{_num(p.x(i) + .6)} {_num(p.tops[i][0] - RISE[die] * .06)}"
                    f"L{_num(p.x(i) + SP - .6)} {_num(p.tops[i][1] + RISE[die] * .06)}"
                    for i, s in enumerate(c.spaces) if s.die == die)
        if d:
            out.append(f'<path class="px-rc-d{die}" d="{d}"/>')
    # The die of each uphill space, under its slope (one <text>, one position per digit).
    for a, b in _runs(c, lambda s: s.hill):
        xs = " ".join(_num(p.x(i) + SP / 2) for i in range(a, b + 1))
        ys = " ".join(_num(max(p.tops[i]) + 12) for i in range(a, b + 1))
        digits = "".join(str(c.spaces[i].die) for i in range(a, b + 1))
        out.append(f'<text class="px-rc-die" x="{xs}" y="{ys}">{digits}</text>')
    # The numbers on the cobbles, under the road.
    for a, b in _runs(c, lambda s: s.cobbles):
        nums = [c.spaces[i].number for i in range(a, b + 1)]
        if all(v < 10 for v in nums):
            xs = " ".join(_num(p.x(i) + SP / 2) for i in range(a, b + 1))
            out.append(f'<text class="px-rc-number" x="{xs}" y="{_num(base + 13)}">{"".join(map(str, nums))}</text>')
        else:
            out.extend(f'<text class="px-rc-number" x="{_num(p.x(i) + SP / 2)}" y="{_num(base + 13)}">{v}</text>'
                       for i, v in zip(range(a, b + 1), nums))
    # Every tenth space numbered, and a tick.
    ticks = "".join(f"M{_num(p.x(i) + SP / 2)} {_num(base + 2)}v3" for i in range(10, n - 1, 10))
    out.append(f'<path class="px-rc-tick" d="{ticks}"/>')
    out.extend(f'<text class="px-rc-space" x="{_num(p.x(i) + SP / 2)}" y="{_num(base + 26)}">{i}</text>'
               for i in range(10, n - 1, 10))
    # Supply zone: a band on the road; red triangle: a flag over its space.
    for a, b in _runs(c, lambda s: s.supply):
        out.append(f'<rect class="px-rc-supply" x="{_num(p.x(a))}" y="{_num(base - 3)}" '
                   f'width="{(b - a + 1) * SP}" height="6"/>')
    for a, _ in _runs(c, lambda s: s.red_triangle):
        x = p.x(a) + SP / 2
        out.append(f'<path class="px-rc-flag" d="M{_num(x)} {_num(base)}V{_num(base - 22)}"/>'
                   f'<path class="px-rc-red" d="M{_num(x - 6)} {_num(base - 22)}h12l-6 9z"/>')
    out.extend(_names(_name_list(p)))
    # Start and finish (a chequered line).
    x_end = p.x(n - 1) + SP / 2
    out.append(f'<path class="px-rc-line" d="M{_num(p.x(0) + SP)} {_num(base - 14)}V{_num(base + 5)}"/>'
               f'<path class="px-rc-chk" d="M{_num(x_end - 1.5)} {_num(base - 15)}V{_num(base + 6)}"/>'
               f'<path class="px-rc-chk px-rc-chk2" d="M{_num(x_end + 1.5)} {_num(base - 15)}V{_num(base + 6)}"/>')
    return "".join(out)


def _mid(p: Profile, a: int, b: int) -> float:
    return (p.x(a) + p.x(b) + SP) / 2


def name_extent(x: float, text: str, anchor: str) -> tuple[float, float]:
    """Roughly where a name's text lies (sans-serif: about 0.56 of its size a character)."""
    w = len(text) * LABEL * .56
    left = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
    return left, left + w


def _name_list(p: Profile) -> list[tuple[float, str, str, str]]:
    """Every name written above the profile: (x, text, css class, text-anchor)."""
    c = p.course
    names: list[tuple[float, str, str, str]] = []
    for a, b in _runs(c, lambda s: s.supply):
        names.append((_mid(p, a, b), "Ravitaillement · Supply", "px-rc-supply-name", "middle"))
    for a, _ in _runs(c, lambda s: s.red_triangle):
        names.append((p.x(a) + SP / 2, "Triangle rouge · Red triangle", "px-rc-red-name", "middle"))
    for a, b in _runs(c, lambda s: s.hill):
        names.append((_mid(p, a, b), str(c.spaces[a].hill), "px-rc-hill", "middle"))
    for a, b in _runs(c, lambda s: s.cobbles):
        names.append((_mid(p, a, b), str(c.spaces[a].cobbles), "px-rc-cobble-name", "middle"))
    names.append((2, TERMS.name("start", "en"), "px-rc-town", "start"))  # a town's name, the same in both languages
    names.append((p.width - 2, TERMS.name("finish", "en"), "px-rc-town", "end"))
    return names


def _names(names: list[tuple[float, str, str, str]]) -> list[str]:
    """The names on two lines above the profile: each on the first line where it overlaps nothing."""
    ends = [-1e9] * len(NAME_LINES)
    out = []
    for x, text, css, anchor in sorted(names, key=lambda n: name_extent(n[0], n[1], n[3])[0]):
        left, right = name_extent(x, text, anchor)
        line = next((k for k, end in enumerate(ends) if left > end + 6), len(NAME_LINES) - 1)
        ends[line] = right
        css += "" if anchor == "middle" else f" px-rc-{anchor}"
        fr, _, en = text.partition(" · ")
        words = both_text(fr, en, "tspan") if en else escape(text)
        out.append(f'<text class="px-rc-name {css}" x="{_num(x)}" y="{NAME_LINES[line]}">{words}</text>')
    return out


def symbol() -> str:
    """The default course, once per page, for the boards to <use>."""
    p = profile_of(None)
    return (f'<symbol id="{SYMBOL_ID}" viewBox="0 0 {_num(p.width)} {_num(p.height)}">'
            f"{drawing(p)}</symbol>")


@lru_cache(maxsize=8)
def rows(p: Profile) -> tuple[tuple[float, float], ...]:
    """How a board cuts the profile into rows: (left, right) in the symbol's x, each cut between
    spaces on a quiet stretch (as far as can be from any hill, cobbles, flag or name) near an even
    share of the course."""
    c = p.course
    n = len(c.spaces)
    count = max(1, -(-n // ROW_SPACES))
    busy = [(p.x(i) - 2, p.x(i) + SP + 6) for i, s in enumerate(c.spaces)
            if not s.flat or s.cobbles or s.supply or s.red_triangle]
    busy += [name_extent(x, text, anchor) for x, text, _, anchor in _name_list(p)]
    # every tenth space's number, centred on its space: above all, no cut halves one
    numbers = [(p.x(i) + SP / 2 - LABEL, p.x(i) + SP / 2 + LABEL) for i in range(10, n - 1, 10)]

    def quiet(i: int) -> float:
        x = p.x(i)
        return min((0.0 if a <= x <= b else min(abs(x - a), abs(x - b)) for a, b in busy), default=1e9)

    cuts = [0]
    for k in range(1, count):
        ideal = round(k * n / count)
        lo, hi = max(cuts[-1] + 10, ideal - CUT_SLACK), min(n - 10, ideal + CUT_SLACK)
        best = max(range(lo, hi + 1), key=lambda i: (not any(a <= p.x(i) <= b for a, b in numbers),
                                                     min(quiet(i), 10), -abs(i - ideal))) if lo <= hi else ideal
        cuts.append(best)
    edges = [0.0] + [p.x(i) for i in cuts[1:]] + [p.width]
    return tuple((edges[k], edges[k + 1]) for k in range(len(edges) - 1))


def rows_markup(p: Profile, course_id: str, shown: tuple[int, ...] | None = None) -> tuple[str, float, float]:
    """The profile (the symbol `course_id`) cut in rows one under the other (`shown`: only those rows,
    by their index): (markup, width, height)."""
    cuts = rows(p)
    parts = []
    y = 0.0
    for left, right in (cuts[k] for k in shown) if shown else cuts:
        w = right - left
        parts.append(f'<svg y="{_num(y)}" width="{_num(w)}" height="{_num(p.height)}" '
                     f'viewBox="{_num(left)} 0 {_num(w)} {_num(p.height)}">'
                     f'<use xlink:href="#{course_id}" width="{_num(p.width)}" height="{_num(p.height)}"/></svg>')
        y += p.height + ROW_GAP
    return "".join(parts), max(right - left for left, right in cuts), y


def course_figure(course_data: object = None, listed: bool = True) -> str:
    """The whole course on a page: the profile in rows (the whole of it at any width), a caption
    that says it is a reconstruction, and (`listed`) the course as a list."""
    p = profile_of(course_data)
    c = p.course
    hills = [(a, b) for a, b in _runs(c, lambda s: s.hill)]
    cobbles = [(a, b) for a, b in _runs(c, lambda s: s.cobbles)]
    start, finish = TERMS.names["start"], TERMS.names["finish"]  # {"fr", "en"}
    summary_fr = (f"Profil du parcours, de {start['fr']} (case 0) à {finish['fr']} (case {c.finish}) : "
                  + " ; ".join(f"{c.spaces[a].hill}, cases {a} à {b}" for a, b in hills) + ". Pavés : "
                  + " ; ".join(f"{c.spaces[a].cobbles}, cases {a} à {b}" for a, b in cobbles) + ".")
    summary_en = (f"Course profile from {start['en']} (space 0) to {finish['en']} (space {c.finish}): "
                  + "; ".join(f"{c.spaces[a].hill}, spaces {a}–{b}" for a, b in hills) + ". Cobbles: "
                  + "; ".join(f"{c.spaces[a].cobbles}, spaces {a}–{b}" for a, b in cobbles) + ".")
    title = following(f'<title id="px-course-title">{escape(label(summary_fr, summary_en))}</title>',
                      summary_fr, summary_en, "text")  # French typeset, kept in the reader's language
    ident = "px-course-whole"
    markup, width, height = rows_markup(p, ident)
    svg = (f'<svg class="px-course-svg" viewBox="0 0 {_num(width)} {_num(height)}" role="img" '
           f'aria-labelledby="px-course-title">{title}'
           f'<defs><symbol id="{ident}" viewBox="0 0 {_num(p.width)} {_num(p.height)}">{drawing(p)}</symbol></defs>'
           f"{markup}</svg>")
    rows_html: list[tuple[int, str]] = []
    for a, b in sorted(hills + cobbles):
        s = c.spaces[a]
        if s.hill:
            dice = " ".join(f"D{c.spaces[i].die}" for i in range(a, b + 1))
            kind = both_text("mont", "hill")
            rows_html.append((a, f"<tr><td>{a}–{b}</td><td>{escape(s.hill)}</td><td>{kind}</td><td>{dice}</td></tr>"))
        else:
            nums = " ".join(str(c.spaces[i].number) for i in range(a, b + 1))
            kind = both_text("pavés", "cobbles")
            name = escape(str(s.cobbles))
            rows_html.append((a, f"<tr><td>{a}–{b}</td><td>{name}</td><td>{kind}</td><td>{nums}</td></tr>"))
    supply = [i for i, s in enumerate(c.spaces) if s.supply]
    red = [i for i, s in enumerate(c.spaces) if s.red_triangle]
    if supply:
        zone = both_text("Ravitaillement", "Supply zone")
        rows_html.append((supply[0], f"<tr><td>{supply[0]}–{supply[-1]}</td><td>{zone}</td><td>—</td><td></td></tr>"))
    for i in red:
        triangle = both_text("Triangle rouge", "Red triangle")
        rows_html.append((i, f"<tr><td>{i}</td><td>{triangle}</td><td>—</td><td></td></tr>"))
    flat = sum(1 for s in c.spaces if s.flat)
    return (
        '<figure class="px-figure px-course">'
        f"{svg}"
        '<figcaption class="px-caption">'
        f'<span lang="fr">Le parcours, de {start["fr"]} (case 0) à {finish["fr"]} (case {c.finish}) : '
        f'{flat} cases de plat, '
        f'{len(c.spaces) - flat} en montée ; une case D4 grimpe plus fort qu\'une case D6. '
        "Reconstitution : la règle ne donne que les totaux ; l'ordre des monts, leurs dés et les pavés sont "
        "les nôtres.</span><br>"
        f'<span lang="en">The course, from {start["en"]} (space 0) to {finish["en"]} (space {c.finish}): '
        f'{flat} flat spaces, '
        f"{len(c.spaces) - flat} uphill; a D4 space climbs more steeply than a D6 space. "
        "A reconstruction: the rules give only the totals; the order of the hills, their dice and the cobbles "
        "are ours.</span></figcaption></figure>"
        + (f'<details class="px-course-list"><summary>{both_text("Le parcours en liste", "The course as a list")}'
        "</summary>"
        f'<table><thead><tr><th scope="col">{both_text("Cases", "Spaces")}</th>'
        f'<th scope="col">{both_text("Nom", "Name")}</th><th scope="col">{both_text("Nature", "Kind")}</th>'
        f'<th scope="col">{both_text("Dés ou pavés", "Dice or cobbles")}</th></tr></thead>'
        f'<tbody>{"".join(r for _, r in sorted(rows_html))}</tbody></table></details>' if listed else ""))
