"""Each game in numbers (docs/<game>/numbers.md): for every race, who wins by seat, how long a race lasts,
the game's own figures and where pieces stop, from the simulated races of docs/<game>/numbers.json
(scripts/game_numbers.py); beside them the exact values where the game is solved (Velocità, the horse
race on its own board). Drawn at build time as SVG (readable without JavaScript), in both languages."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from parcours import all_games, default_options, game_of
from parcours.core import number_words, typeset
from parcours.interface import Exact
from parcours.report import pct, players_words, race_name, races_words, seat_name
from parcours_view import symbols
from parcours_view.charts import bar_chart
from parcours_view.registry import VIEWS
from parcours_view.words import both, following
from parcours_view.words import label as words_label

from . import data_check
from .rulebook import bilingual_heading

MOST_BARS = 60  # a chart wider than this groups its values (a phone still reads its numbers)


def render_numbers(docs: Path, game: str) -> str:
    data = data_check.numbers(docs, game).data  # checked: every race's figures there, and sound
    # the board's shared drawings first: a heat map draws the track over them
    return symbols(game) + "\n" + "\n".join(_race(game, ruleset, data["races"][ruleset])
                                            for ruleset in all_games()[game].RACES)


def _pair(fr: str, en: str) -> str:
    """A paragraph in each language (the page's two columns on a wide screen)."""
    return _columns(f"<p>{fr}</p>", f"<p>{en}</p>")


def _columns(fr: str, en: str) -> str:
    """Blocks in each language, French on the left and English on the right on a wide screen (the
    French typeset as it sets it)."""
    return (f'<div class="px-note-text px-numbers-pair"><div lang="fr">{typeset(fr, "fr")}</div>'
            f'<div lang="en">{en}</div></div>')


def _race(game: str, ruleset: str, s: dict[str, Any]) -> str:
    title = bilingual_heading(race_name(ruleset, "fr"), race_name(ruleset, "en"))
    words = {"fr": f"{races_words(s['races'], 'fr')} à {players_words(s['players'], 'fr')}",
             "en": f"{races_words(s['races'], 'en')} of {players_words(s['players'], 'en')}"}
    solved = s["bots"] == ["optimal", "optimal"]
    bots = ((" Les décisions : le jeu résolu, aux deux places (le meilleur jeu possible).",
             " Decisions: the solved game at both seats (the best play there is).") if solved else ("", ""))
    intro = _pair(f"{words['fr']}, simulées selon les lectures par défaut (graine {s['seed']}).{bots[0]}",
                  f"{words['en']}, simulated under the default readings (seed {s['seed']}).{bots[1]}")
    parts = [f"## {title} {{#numbers-{ruleset.split('.', 1)[1]}}}\n", intro, _wins(ruleset, s), _length(ruleset, s),
             _figures(game, s), _landings(game, ruleset, s)]
    return "\n".join(p for p in parts if p) + "\n"


# ---------------------------------------------------------------- who wins

def _exact(ruleset: str) -> Exact | None:
    """The race's outcome computed exactly by its game (a solved game, a Markov chain), if it is."""
    return game_of(ruleset).exact(ruleset, default_options(ruleset))


def _wins(ruleset: str, s: dict[str, Any]) -> str:
    exact = _exact(ruleset)
    fr, en = (_wins_table(ruleset, s, exact, lang) for lang in ("fr", "en"))
    words = _advantage(ruleset, s, exact)
    return _columns(fr + f"<p>{escape(words['fr'])}</p>", en + f"<p>{escape(words['en'])}</p>")


def _wins_table(ruleset: str, s: dict[str, Any], exact: Exact | None, lang: str) -> str:
    fr = lang == "fr"
    heads = ["Joueur", "Victoires (%)", "Intervalle à 95 %"] if fr else ["Player", "Wins (%)", "95% interval"]
    if exact:
        heads.append("Exactes (%)" if fr else "Exact (%)")

    def share(p: float) -> str:
        return number_words(100 * p, lang, 1)

    rows = []
    for seat, w in enumerate(s["wins"]):
        cells = [share(w["share"]), f"{share(w['low'])}\u2013{share(w['high'])}"]
        if exact:
            cells.append(share(exact.wins[seat]))
        rows.append(f'<tr><th scope="row">{escape(seat_name(ruleset, seat, lang))}</th>'
                    + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    return _table(head, rows)


def _table(head: str, rows: list[str]) -> str:
    """A table as Material styles it (no class on the table itself), scrolling sideways if too wide."""
    return (f'<div class="px-table-scroll"><table><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def _advantage(ruleset: str, s: dict[str, Any], exact: Exact | None) -> dict[str, str]:
    even = 1 / s["players"]
    first = s["wins"][0]
    share = {lang: pct(first["share"], lang) for lang in ("fr", "en")}
    chance = {lang: pct(even, lang) for lang in ("fr", "en")}
    if first["low"] > even:
        fr = (f"Le joueur 1 a l'avantage : {share['fr']} des victoires, quand des chances égales lui en "
              f"donneraient {chance['fr']}.")
        en = f"Player 1 has the edge: {share['en']} of the wins, where even chances would give {chance['en']}."
    elif first["high"] < even:
        fr = f"Le joueur 1 est désavantagé : {share['fr']} des victoires, contre {chance['fr']} à chances égales."
        en = f"Player 1 is at a disadvantage: {share['en']} of the wins, against {chance['en']} with even chances."
    else:
        fr = (f"Aucun avantage mesurable au joueur 1 : {share['fr']} des victoires, "
              f"et {chance['fr']} à chances égales restent dans l'intervalle.")
        en = (f"No measurable edge for player 1: {share['en']} of the wins, "
              f"and the {chance['en']} of even chances is within the interval.")
    if exact is not None and exact.starter is not None:
        starts = exact.starter
        fr += (f" Exactement ({exact.how['fr']}) : le joueur qui part le premier gagne {pct(starts, 'fr')} "
               "des courses sous le meilleur jeu des deux, et le tirage au sort partage cet avantage.")
        en += (f" Exactly ({exact.how['en']}): the player who starts wins {pct(starts, 'en')} of races under "
               "best play by both, and the draw by lot shares that edge out.")
    elif exact is not None:
        fr += f" Exactement ({exact.how['fr']}) : {pct(exact.wins[0], 'fr')}."
        en += f" Exactly ({exact.how['en']}): {pct(exact.wins[0], 'en')}."
    return {"fr": fr, "en": en}


# ---------------------------------------------------------------- how long

def _grouped(counts: dict[int, float]) -> tuple[list[tuple[int, float]], int]:
    """The values in bars, grouped by a width that keeps at most MOST_BARS bars: (start, share) and the width."""
    low, high = min(counts), max(counts)
    width = next(w for w in (1, 2, 5, 10, 20, 50) if (high - low + 1) / w <= MOST_BARS or w == 50)
    start = low - low % width
    bars = [(x, sum(counts.get(v, 0.0) for v in range(x, x + width))) for x in range(start, high + 1, width)]
    return bars, width


def _every(bars: list[tuple[int, float]], width: int) -> int:
    return next((e for e in (5, 10, 20, 50, 100) if e % width == 0 and len(bars) * width / e <= 8), 100)


def _length(ruleset: str, s: dict[str, Any]) -> str:
    n = s["races"]
    counts = {int(t): c / n for t, c in s["lengths"].items()}
    bars, width = _grouped(counts)
    length = s["length"]
    half = 1 if length["median"] % 1 else 0  # a median between two races
    said = {lang: (number_words(length["mean"], lang, 1), number_words(length["median"], lang, half))
            for lang in ("fr", "en")}
    label = (f"Longueur d'une course en lancers, sur {races_words(n, 'fr')} : moyenne {said['fr'][0]}",
             f"Length of a race in throws, over {races_words(n, 'en')}: mean {said['en'][0]}")
    grouped = ((f" (par groupes de {width})", f" (in groups of {width})") if width > 1 else ("", ""))
    svg = bar_chart(bars, (f"Lancers{grouped[0]}", f"Throws{grouped[1]}"), ("Courses (%)", "Races (%)"), label,
                    _every(bars, width))
    exact = ("", "")
    known = _exact(ruleset)
    if known is not None and known.length is not None:
        exact = (f" Exactement ({known.how['fr']}) : {number_words(known.length, 'fr', 2)}.",
                 f" Exactly ({known.how['en']}): {number_words(known.length, 'en', 2)}.")
    fr = (f"Longueur d'une course : {said['fr'][0]} lancers en moyenne, {said['fr'][1]} pour la course médiane ; "
          f"une sur dix dure {length['p10']} lancers ou moins, une sur dix {length['p90']} ou plus ; "
          f"la plus longue, {length['longest']}.{exact[0]}")
    en = (f"Length of a race: {said['en'][0]} throws on average, {said['en'][1]} for the median race; "
          f"one in ten lasts {length['p10']} throws or fewer, one in ten {length['p90']} or more; "
          f"the longest, {length['longest']}.{exact[1]}")
    return f'<figure class="px-numbers-chart" data-search-exclude>{svg}</figure>' + _pair(escape(fr), escape(en))


# ---------------------------------------------------------------- the game's own figures

def _figures(game: str, s: dict[str, Any]) -> str:
    if not s["figures"]:
        return ""
    fr, en = (_figures_tables(game, s, lang) for lang in ("fr", "en"))
    return (f'<details class="px-numbers-more"><summary>{both("Les chiffres du jeu", "The game’s own figures")}'
            f"</summary>{_columns(fr, en)}</details>")


def _figures_tables(game: str, s: dict[str, Any], lang: str) -> str:
    """The game's figures in one language: those of the race, then those of each player (a column a seat)."""
    names, fr = all_games()[game].FIGURES, lang == "fr"

    def value(fid: str, m: dict[str, float]) -> str:
        return pct(m["mean"], lang) if names[fid].share else number_words(m["mean"], lang, 2)

    race_rows, seat_rows = [], []
    for fid, f in s["figures"].items():
        name = f'<th scope="row">{escape(names[fid].name[lang])}</th>'
        if "race" in f:
            race_rows.append(f'<tr>{name}<td>{value(fid, f["race"])}</td></tr>')
        if "seats" in f:
            seat_rows.append(f"<tr>{name}" + "".join(f"<td>{value(fid, m)}</td>" for m in f["seats"]) + "</tr>")
    out = []
    if race_rows:
        out.append(_table(f'<th scope="col">{"Par course" if fr else "Per race"}</th>'
                          f'<th scope="col">{"Moyenne" if fr else "Mean"}</th>', race_rows))
    if seat_rows:
        heads = "".join(f'<th scope="col">{k + 1}</th>' for k in range(s["players"]))
        out.append(_table(f'<th scope="col">{"Par joueur, en moyenne" if fr else "Per player, on average"}</th>'
                          + heads, seat_rows))
    return "".join(out)


# ---------------------------------------------------------------- where pieces stop

def _landings(game: str, ruleset: str, s: dict[str, Any]) -> str:
    shares = {int(k): v["share"] for k, v in s["landings"].items()}
    if not shares:
        return ""
    most = max(shares, key=shares.__getitem__)
    least = min(shares, key=shares.__getitem__)
    fr = (f"Où les pièces s'arrêtent : le plus souvent au numéro {most} ({pct(shares[most], 'fr')} des arrêts), "
          f"le moins souvent au numéro {least} ({pct(shares[least], 'fr')}).")
    en = (f"Where pieces stop: most often at number {most} ({pct(shares[most], 'en')} of all stops), "
          f"least often at number {least} ({pct(shares[least], 'en')}).")
    heat = VIEWS[game].heat_svg(shares, words_label(fr, en))
    drawn = following(heat, fr, en) if heat is not None else None  # its name kept in the reader's language
    if drawn is not None:
        fr += " Sur la piste, la case la plus claire est la moins souvent atteinte, la plus foncée la plus souvent."
        en += " On the track, the lightest square is the least often reached, the darkest the most often."
    if drawn is None:
        bars, width = _grouped(shares)
        grouped = ((f" (par groupes de {width})", f" (in groups of {width})") if width > 1 else ("", ""))
        place = VIEWS[game].PLACE  # the game's own word: the horse race's holes are no squares
        drawn = bar_chart(bars, (f"{place['fr']}{grouped[0]}", f"{place['en']}{grouped[1]}"),
                          ("Arrêts (%)", "Stops (%)"), (fr, en), _every(bars, width))
    return f'<figure class="px-numbers-chart" data-search-exclude>{drawn}</figure>' + _pair(escape(fr), escape(en))
