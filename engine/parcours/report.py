"""The words of `parcours stats` and `parcours compare`, in French and English: the shares, intervals,
lengths and verdicts around each game's figures, whose own names live in the game's package (FIGURES)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .core import number_words, place_name, plural, quoted, typeset
from .games import default_options, game_of
from .interface import Exact
from .options import Option, OptionValue
from .simulate import wilson
from .stats import ComparedFigure, Comparison, Stats

WIDTH = 44  # the widest label of a table's rows


def counted(n: int, one: str, many: str, lang: str) -> str:
    """'2,000 races' / '2 000 courses', the noun agreeing as the narration's plural() has it."""
    return f"{number_words(n, lang)} {plural(n, one, many, lang).split(' ', 1)[1]}"


def races_words(n: int, lang: str) -> str:
    return counted(n, "course", "courses", lang) if lang == "fr" else counted(n, "race", "races", lang)


def players_words(n: int, lang: str) -> str:
    return counted(n, "joueur", "joueurs", lang) if lang == "fr" else counted(n, "player", "players", lang)


def pct(share: float, lang: str) -> str:
    return number_words(100 * share, lang, 1, percent=True)


def exact_pct(share: float, lang: str) -> str:
    """An exact share to three decimals at most, without trailing zeros: '52,225 %', '50 %'."""
    decimals = next(d for d in (0, 1, 2, 3) if d == 3 or abs(round(100 * share, d) - 100 * share) < 1e-9)
    return number_words(100 * share, lang, decimals, percent=True)


def decimal(value: float, lang: str, decimals: int = 2) -> str:
    return number_words(value, lang, decimals)


def whole_or_half(value: float, lang: str) -> str:
    """A median of whole numbers: '159', or '159.5' between two."""
    return number_words(value, lang, 0 if value == int(value) else 1)


def seat_name(ruleset: str, seat: int, lang: str, capital: bool = True) -> str:
    """'Player 2 (Orange)' / 'joueur 2 (Orange)': a seat as the pages name it, its colour if it has one."""
    game = game_of(ruleset)
    word = ("Joueur" if lang == "fr" else "Player") if capital else ("joueur" if lang == "fr" else "player")
    colour = f" ({game.SEAT_COLOURS[seat][lang]})" if seat < len(game.SEAT_COLOURS) else ""
    return f"{word} {seat + 1}{colour}"


def race_name(ruleset: str, lang: str) -> str:
    return game_of(ruleset).RACES[ruleset].name[lang]


def _colon(lang: str) -> str:
    return " : " if lang == "fr" else ": "


def reading_words(option: Option, value: OptionValue, lang: str) -> str:
    """A value of an option in words: its label, or the number."""
    return option.labels[str(value)][lang] if option.number_range is None else number_words(int(value), lang)


def readings_line(ruleset: str, options: dict[str, OptionValue], lang: str) -> str | None:
    """The readings set away from their defaults, each as its question and its answer."""
    game, defaults = game_of(ruleset), default_options(ruleset)
    changed = [(game.OPTIONS[oid], v) for oid, v in options.items() if defaults.get(oid) != v]
    if not changed:
        return None
    said = " ; ".join if lang == "fr" else "; ".join
    head = "Lectures autres que celles par défaut" if lang == "fr" else "Readings other than the defaults"
    return head + _colon(lang) + said(f"{o.question[lang]} {reading_words(o, v, lang)}" for o, v in changed) + "."


def bots_words(bots: Sequence[str], lang: str) -> str:
    if not bots:
        return ""
    names = ", ".join(quoted(b, lang) for b in bots)
    return f" ; robots : {names}" if lang == "fr" else f"; bots: {names}"


# ---------------------------------------------------------------- stats

def stats_lines(s: Stats, lang: str) -> list[str]:
    fr = lang == "fr"
    lines: list[str] = []
    if s.interrupted:
        done = counted(s.races, "course terminée", "courses terminées", lang) if fr else \
            counted(s.races, "race", "races", lang) + " completed"
        lines.append(f"Interrompu : {done} sur {number_words(s.requested, lang)}." if fr
                     else f"Interrupted: {done} of {number_words(s.requested, lang)}.")
    if s.races == 0:
        return lines
    races, players = races_words(s.races, lang), players_words(s.players, lang)
    lines.append(f"{race_name(s.ruleset, lang)}, {players}{_colon(lang)}{races} "
                 f"({'graine' if fr else 'seed'} {s.seed}{bots_words(s.bots, lang)})")
    if (readings := readings_line(s.ruleset, s.options, lang)) is not None:
        lines.append(readings)
    lines += _wins_and_places(s, lang)
    lines.append(_length_line(s, lang))
    lines += _figure_lines(s, lang)
    lines += _landing_lines(s, lang)
    return lines


def _wins_and_places(s: Stats, lang: str) -> list[str]:
    fr = lang == "fr"
    lines = ["Victoires (part des courses, intervalle à 95 %)" if fr else "Wins (share of races, 95% interval)"]
    names = [seat_name(s.ruleset, seat, lang) for seat in range(s.players)]
    width = max(map(len, names)) + 2
    for seat, name in enumerate(names):
        share, low, high = wilson(s.wins[seat], s.races)
        lines.append(f"  {name:<{width}}{pct(share, lang):>8}  {_pct_interval(low, high, lang)}")
    if s.players > 2:  # with two, the second place is the other's win
        lines.append("Places (part des courses)" if fr else "Places (share of races)")
        for seat, name in enumerate(names):
            cells = "  ".join(f"{place_name(p + 1, lang)} {pct(c / s.races, lang):>7}"
                              for p, c in enumerate(s.places[seat]))
            lines.append(f"  {name:<{width}}{cells}")
    return lines


def _pct_interval(low: float, high: float, lang: str) -> str:
    return f"({pct(low, lang)} {'à' if lang == 'fr' else 'to'} {pct(high, lang)})"


def _num_interval(low: float, high: float, lang: str, decimals: int = 2) -> str:
    return f"({decimal(low, lang, decimals)} {'à' if lang == 'fr' else 'to'} {decimal(high, lang, decimals)})"


def _length_line(s: Stats, lang: str) -> str:
    n = s.length()
    if lang == "fr":
        return (f"Longueur en lancers : moyenne {decimal(n['mean'], lang, 1)}, "
                f"médiane {whole_or_half(n['median'], lang)}, 10e centile {number_words(n['p10'], lang)}, "
                f"90e centile {number_words(n['p90'], lang)}, la plus longue {number_words(n['longest'], lang)}")
    return (f"Length in throws: mean {decimal(n['mean'], lang, 1)}, median {whole_or_half(n['median'], lang)}, "
            f"10th percentile {number_words(n['p10'], lang)}, 90th percentile {number_words(n['p90'], lang)}, "
            f"longest {number_words(n['longest'], lang)}")


def figure_value(s: Stats, fid: str, seat: int | None, lang: str) -> str:
    """A figure's value with its interval: '6,43 (5,85 à 7,01)', '88,5 % des courses (83,3 % à 92,2 %)'."""
    mean, low, high = s.figure(fid, seat)
    if game_of(s.ruleset).FIGURES[fid].share:
        of = " des courses" if lang == "fr" else " of races"
        return f"{pct(mean, lang)}{of if seat is None else ''} {_pct_interval(low, high, lang)}"
    return f"{decimal(mean, lang)} {_num_interval(low, high, lang)}"


def _figure_lines(s: Stats, lang: str) -> list[str]:
    game = game_of(s.ruleset)
    lines = ["Chiffres du jeu (moyenne par course, intervalle à 95 % entre parenthèses)" if lang == "fr"
             else "The game's figures (mean per race, 95% interval in brackets)"]
    for fid, figure in game.FIGURES.items():
        if fid in s.race_figures:  # the race's value on the heading line, the seats' (if any) below it
            lines.append(f"  {figure.name[lang]}{_colon(lang)}{figure_value(s, fid, None, lang)}")
        elif fid in s.seat_figures:
            lines.append(f"  {figure.name[lang]}")
        if fid in s.seat_figures:
            names = [seat_name(s.ruleset, seat, lang) for seat in range(s.players)]
            width = max(map(len, names)) + 2
            lines += [f"    {name:<{width}}{figure_value(s, fid, seat, lang)}" for seat, name in enumerate(names)]
    return lines if len(lines) > 1 else []


def _landing_lines(s: Stats, lang: str) -> list[str]:
    game = game_of(s.ruleset)
    stops = sum(s.landings.values())
    if not stops or "landings" not in game.FIGURES:
        return []
    head = game.FIGURES["landings"].name[lang]
    lines = [head + (" (part de tous les arrêts)" if lang == "fr" else " (share of all stops)")]
    cells = [f"{k:>4} {pct(c / stops, lang):>7}" for k, c in sorted(s.landings.items())]
    lines += ["  " + "   ".join(cells[i:i + 6]) for i in range(0, len(cells), 6)]
    return lines


# ---------------------------------------------------------------- compare

LETTERS = "ABCDEFGH"


def figure_label(c: Comparison, m: ComparedFigure, lang: str) -> str:
    """A row's label: a seat under its heading, or the heading itself."""
    ruleset = c.stats[0].ruleset
    if m.seat is not None:
        return "  " + seat_name(ruleset, m.seat, lang)
    if m.what == "length":
        return "Longueur en lancers (moyenne)" if lang == "fr" else "Length in throws (mean)"
    return game_of(ruleset).FIGURES[m.figure].name[lang]


def figure_words(c: Comparison, m: ComparedFigure, lang: str) -> str:
    """A measure named whole, out of its table: 'Points scored, player 2', 'Wins, player 1'."""
    if m.seat is None:
        return figure_label(c, m, lang)
    return f"{_heading(c, m, lang)}, {seat_name(c.stats[0].ruleset, m.seat, lang, capital=False)}"


def _heading(c: Comparison, m: ComparedFigure, lang: str) -> str:
    if m.what == "wins":
        return "Victoires" if lang == "fr" else "Wins"
    return game_of(c.stats[0].ruleset).FIGURES[m.figure].name[lang]


def _is_share(c: Comparison, m: ComparedFigure) -> bool:
    return m.what == "wins" or (m.what == "figure" and game_of(c.stats[0].ruleset).FIGURES[m.figure].share)


def _decimals(m: ComparedFigure) -> int:
    return 1 if m.what == "length" else 2


def show_value(c: Comparison, m: ComparedFigure, x: float, lang: str, more: int = 0) -> str:
    """A figure's value; `more` decimals than usual where two values would otherwise read the same."""
    if _is_share(c, m):
        return number_words(100 * x, lang, 1 + more, percent=True)
    return decimal(x, lang, _decimals(m) + more)


def apart(c: Comparison, index: int, m: ComparedFigure) -> int:
    """The decimals to add so that the default and value `index` do not read the same (at most two
    more): never "from 7.31 to 7.31"."""
    before, after = c.value_of(0, m), c.value_of(index, m)
    return next((k for k in (0, 1, 2) if show_value(c, m, before, "en", k) != show_value(c, m, after, "en", k)), 0)


def signed(x: float, lang: str, decimals: int) -> str:
    if round(x, decimals) == 0:
        return number_words(0, lang, decimals)
    return ("+" if x > 0 else "") + number_words(x, lang, decimals)


def show_difference(c: Comparison, index: int, m: ComparedFigure, lang: str) -> str:
    """'+0,9 (−0,2 à +2,0)': a share's in percentage points, with its 95% interval and a star if measurable."""
    d = c.differences[index][m]
    scale, decimals = (100, 1) if _is_share(c, m) else (1, _decimals(m))
    low, high = d.interval()
    word = "à" if lang == "fr" else "to"
    star = " *" if c.measurable(index, m) else ""
    return (f"{signed(scale * d.mean, lang, decimals)} ({signed(scale * low, lang, decimals)} {word} "
            f"{signed(scale * high, lang, decimals)}){star}")


def ordered(c: Comparison, index: int) -> list[ComparedFigure]:
    """The rows in the order of the stats: wins by seat, the length, then the game's figures in its order."""
    order = {fid: i for i, fid in enumerate(game_of(c.stats[0].ruleset).FIGURES)}
    rank = {"wins": -2, "length": -1}
    return sorted(c.differences[index], key=lambda m: (rank.get(m.what, order.get(m.figure, 0)),
                                                         -1 if m.seat is None else m.seat))


def compare_lines(c: Comparison, lang: str) -> list[str]:
    fr, base = lang == "fr", c.stats[0]
    lines: list[str] = []
    if base.interrupted:
        lines.append(f"Interrompu : {races_words(c.races, lang)} sur {number_words(base.requested, lang)} "
                     "pour chaque valeur." if fr else
                     f"Interrupted: {races_words(c.races, lang)} of {number_words(base.requested, lang)} "
                     "for each value.")
    if c.races == 0:
        return lines
    each = "pour chaque valeur, sur les mêmes dés" if fr else "for each value, on the same dice"
    lines.append(f"{race_name(base.ruleset, lang)}, {players_words(base.players, lang)}{_colon(lang)}"
                 f"{races_words(c.races, lang)} {each} ({'graine' if fr else 'seed'} {base.seed}"
                 f"{bots_words(base.bots, lang)})")
    lines.append(("Lecture comparée" if fr else "Reading compared") + _colon(lang) + c.option.question[lang])
    for i, value in enumerate(c.values):
        default = (" (par défaut)" if fr else " (the default)") if i == 0 else ""
        lines.append(f"  {LETTERS[i]}{_colon(lang)}{reading_words(c.option, value, lang)}{default}")
    if c.sampled and c.option.number_range is not None:
        low, high = (number_words(n, lang) for n in c.option.number_range)
        lines.append(f"Un nombre entier de {low} à {high}, comparé en quelques valeurs : la plus basse, celle par "
                     "défaut, son double et son quadruple (--values pour en choisir d'autres)." if fr else
                     f"A whole number from {low} to {high}, compared at a few values: the lowest, the default, "
                     "twice and four times it (--values to choose others).")
    for index in range(1, len(c.values)):
        lines += _block(c, index, lang)
    return lines


def _block(c: Comparison, index: int, lang: str) -> list[str]:
    fr, a, b = lang == "fr", LETTERS[0], LETTERS[index]
    rows = ordered(c, index)
    labels = [figure_label(c, m, lang) for m in rows]
    width = min(WIDTH, max(map(len, labels)) + 2)
    lines = ["", (f"{b} contre {a}, course par course (écart {b} − {a} et son intervalle à 95 % ; "
                  "les parts en points de pourcentage)") if fr else
             (f"{b} against {a}, race by race (the difference {b} − {a} with its 95% interval; "
              "shares in percentage points)"),
             f"{'':<{width}}{a:>10}{b:>10}  {b} − {a}"]
    heading = ""  # the figure whose seats follow: its name is said once, as a heading or its race's row
    for m, label in zip(rows, labels):
        if m.seat is not None and _heading(c, m, lang) != heading:
            heading = _heading(c, m, lang)
            lines.append(heading)
        elif m.seat is None:
            heading = label
        if len(label) >= width:  # a long name on its own line, its figures under it
            lines.append(label)
            label = ""
        lines.append(f"{label:<{width}}{show_value(c, m, c.value_of(0, m), lang):>10}"
                     f"{show_value(c, m, c.value_of(index, m), lang):>10}  {show_difference(c, index, m, lang)}")
    k, z = len(rows), decimal(c.family_z(index), lang)
    lines.append(f"* mesurable : zéro reste hors de l'intervalle même quand les {k} chiffres comparés se partagent "
                 f"un seul risque d'erreur de 5 % (Bonferroni : {z} erreurs types)." if fr else
                 f"* measurable: zero stays outside the interval even when the {k} figures compared share one 5% "
                 f"chance of error (Bonferroni: {z} standard errors).")
    lines.append(f"Verdict ({b}){_colon(lang)}{verdict(c, index, lang)}.")
    return lines


def verdict(c: Comparison, index: int, lang: str) -> str:
    """One line: who wins changed, else the length, else the figure most clearly changed; or how small
    any change in who wins must be, over how many races."""
    fr, effects = lang == "fr", c.effects(index)
    if not effects:
        return _no_change(c, index, lang)
    top = next(m for what in ("wins", "length", "figure") for m in effects if m.what == what)
    more = apart(c, index, top)
    before, after = (show_value(c, top, c.value_of(i, top), lang, more) for i in (0, index))
    who = f"{seat_name(c.stats[0].ruleset, top.seat, lang, capital=False)} " if top.seat is not None else ""
    of = "de" if fr else "from"
    to = "à" if fr else "to"
    if top.what == "wins":
        return (f"change qui gagne : {who}{of} {before} {to} {after} des courses" if fr else
                f"changes who wins: {who}{of} {before} {to} {after} of races")
    if top.what == "length":
        return (f"change la longueur de la course : {of} {before} {to} {after} lancers en moyenne" if fr
                else f"changes the race's length: {of} {before} {to} {after} throws on average")
    name = game_of(c.stats[0].ruleset).FIGURES[top.figure].name[lang]
    per = (" des courses" if fr else " of races") if _is_share(c, top) and top.seat is None else \
        ("" if _is_share(c, top) else (" par course" if fr else " per race"))
    return (f"change « {name} » : {who}{of} {before} {to} {after}{per}" if fr
            else f"changes \u201c{name}\u201d: {who}{of} {before} {to} {after}{per}")


def _no_change(c: Comparison, index: int, lang: str) -> str:
    """'no change in who wins beyond ±0.4 points over 57,600 races': the widest bound of the
    differences of the win shares, in points."""
    fr, races = lang == "fr", races_words(c.races, lang)
    if c.same_races(index):
        return (f"aucun changement sur {races} : chaque chiffre identique dans chaque course" if fr else
                f"no change over {races}: every figure the same in every race")
    bound = max((max(abs(lo), abs(hi)) for m, d in c.differences[index].items() if m.what == "wins"
                 for lo, hi in [d.interval()]), default=0.0)
    points = number_words(100 * bound, lang, 1)
    return (f"aucun changement de qui gagne au-delà de ±{points} point{'s' if 100 * bound >= 2 else ''}, "
            f"ni d'autre chiffre au-delà du hasard, sur {races}" if fr else
            f"no change in who wins beyond ±{points} points, nor any other figure beyond chance, over {races}")


# ---------------------------------------------------------------- what a reading changes, for a page

def impact(c: Comparison) -> dict[str, Any]:
    """A comparison as the edition prints it beside a reading, every word in both languages: for each
    value against the default, its verdict and the rows of a small table (the win shares, the length,
    then every figure it measurably changes)."""
    base = c.stats[0]
    return {
        "ruleset": base.ruleset, "players": base.players, "races": c.races, "seed": base.seed,
        "bots": base.bots, "option": c.option.id, "values": [str(v) for v in c.values],
        "race": _both_langs(lambda lang: f"{race_name(base.ruleset, lang)}, {players_words(base.players, lang)}"),
        "default": _both_langs(lambda lang: reading_words(c.option, c.values[0], lang)),
        "against": [_against(c, index) for index in range(1, len(c.values))],
    }


def _against(c: Comparison, index: int) -> dict[str, Any]:
    def row(m: ComparedFigure) -> dict[str, Any]:
        return {"figure": _both_langs(lambda lang: figure_words(c, m, lang).strip()),
                "default": _both_langs(lambda lang: show_value(c, m, c.value_of(0, m), lang, apart(c, index, m))),
                "value": _both_langs(lambda lang: show_value(c, m, c.value_of(index, m), lang, apart(c, index, m))),
                "difference": _both_langs(lambda lang: show_difference(c, index, m, lang).rstrip(" *")),
                "measurable": c.measurable(index, m)}

    shown = [m for m in ordered(c, index) if m.what in ("wins", "length") or c.measurable(index, m)]
    return {"value": str(c.values[index]),
            "label": _both_langs(lambda lang: reading_words(c.option, c.values[index], lang)),
            "verdict": _both_langs(lambda lang: verdict(c, index, lang)),
            "measurable": len(c.effects(index)),
            "rows": [row(m) for m in shown]}


def _both_langs(words: Callable[[str], str]) -> dict[str, str]:
    return {lang: typeset(words(lang), lang) for lang in ("fr", "en")}



# ---------------------------------------------------------------- a reading, computed exactly

def exact_verdict(ruleset: str, before: Exact, after: Exact, lang: str) -> str | None:
    """'changes who wins: player 1 from 52.225% to 50.412% of races (exact)', from the game's exact
    computation under the default and under the reading; None where the shares move by less than a
    thousandth of a point (the measured verdict then speaks)."""
    seat = max(range(len(before.wins)), key=lambda k: abs(after.wins[k] - before.wins[k]))
    if abs(after.wins[seat] - before.wins[seat]) < 1e-5:
        return None
    who = seat_name(ruleset, seat, lang, capital=False)
    was, now = exact_pct(before.wins[seat], lang), exact_pct(after.wins[seat], lang)
    return (f"change qui gagne : {who} de {was} à {now} des courses (exact)" if lang == "fr" else
            f"changes who wins: {who} from {was} to {now} of races (exact)")


def exact_line(ruleset: str, before: Exact, after: Exact, lang: str) -> str:
    """'Exactly (Markov chain): player 1 wins 52.225% of races by default, 50.412% under this reading.'"""
    who = seat_name(ruleset, 0, lang, capital=False)
    was, now = exact_pct(before.wins[0], lang), exact_pct(after.wins[0], lang)
    if lang == "fr":
        said = f"Exactement ({before.how['fr']}) : {who} gagne {was} des courses par défaut, {now} selon cette lecture."
    else:
        said = f"Exactly ({before.how['en']}): {who} wins {was} of races by default, {now} under this reading."
    if before.starter is not None and after.starter is not None and abs(before.starter - after.starter) >= 1e-5:
        was, now = exact_pct(before.starter, lang), exact_pct(after.starter, lang)
        said += (f" Le joueur qui part le premier gagne {was}, puis {now}." if lang == "fr" else
                 f" The player who starts wins {was}, then {now}.")
    return said
