"""Each game in numbers (docs/<game>/numbers.md): for every race, who wins by seat, how long a race lasts,
the game's own figures and where pieces stop, from the simulated races of docs/<game>/numbers.json
(scripts/game_numbers.py); beside them the exact values where the game is solved (Velocità, the horse
race on its own board). Drawn at build time as SVG (readable without JavaScript), in both languages."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

from mkdocs.utils import get_relative_url

from parcours import all_games
from parcours.core import number_words, typeset
from parcours.interface import Exact
from parcours.report import exact_pct, pct, players_words, race_name, races_words, seat_name
from parcours_view import symbols
from parcours_view.charts import bar_chart
from parcours_view.readings import who_played
from parcours_view.registry import VIEWS
from parcours_view.words import both, following
from parcours_view.words import label as words_label

from . import data_check
from .impact import impact_figures, reading_anchor
from .measuring import CHECK_RARE, check_gap, exact_under
from .pages import article_links, rules_pages
from .rulebook import bilingual_heading

MOST_BARS = 60  # a chart wider than this groups its values (a phone still reads its numbers)


def render_numbers(docs: Path, game: str, here: str, url_of: Callable[[str], str]) -> str:
    """The game's numbers page (at the site URL `here`): each race's figures, then what each reading
    changes (url_of: a Markdown file's site URL, for the links back to the readings' notes)."""
    data = data_check.numbers(docs, game).data  # checked: every race's figures there, and sound
    # the board's shared drawings first: a heat map draws the track over them
    return (symbols(game) + "\n" + _how_to_read(game, _explained(game, here, url_of)) + "\n"
            + "\n".join(_race(game, ruleset, data["races"][ruleset]) for ruleset in all_games()[game].RACES)
            + "\n" + _readings(docs, game, here, url_of))


def _readings(docs: Path, game: str, here: str, url_of: Callable[[str], str]) -> str:
    """What each reading changes, in the order of the notes that ask it, each with a link back to its note."""
    rulebook = data_check.rulebook(docs, game).data
    links = article_links(rules_pages(game, rulebook), here, url_of)
    title = bilingual_heading("Ce que change chaque lecture", "What each reading changes")
    intro = _pair("Pour chaque lecture des règles discutée dans une note, les mêmes courses jouées sous chacune "
                  "de ses valeurs et sous la valeur par défaut, sur les mêmes dés : ce qui change, course par "
                  "course.",
                  "For each reading of the rules a note discusses, the same races played under each of its "
                  "values and under the default, on the same dice: what changes, race by race.")
    parts, seen = [f"## {title} {{#readings}}\n", intro], set()
    for section in rulebook["sections"]:
        for note in section.get("notes") or []:
            if not note.get("option") or note["option"] in seen:
                continue
            seen.add(note["option"])
            option = all_games()[game].OPTIONS[note["option"]]
            page = links.get(section["id"], links[""]) if isinstance(links, dict) else links
            back = f"{page}option-{option.id.replace('.', '-')}"
            # a word joiner after each title: a heading ending in "?" would let its ¶ fall to a line alone
            heading = bilingual_heading(note["title"]["fr"] + "\u2060", note["title"]["en"] + "\u2060")
            ask = {lang: f'{escape(option.question[lang])} <a href="{escape(back)}">'
                         f'{"La note et ses lectures" if lang == "fr" else "The note and its readings"}</a>'
                   for lang in ("fr", "en")}
            parts += [f"### {heading} {{#{reading_anchor(option.id)}}}\n", _pair(ask["fr"], ask["en"]),
                      impact_figures(docs, game, option.id)]
    return "\n".join(parts) + "\n"


def _explained(game: str, here: str, url_of: Callable[[str], str]) -> str | None:
    """Where the game's page says how its exact figures are computed, from the page at `here`."""
    explained = VIEWS[game].EXACT_EXPLAINED
    if explained is None:
        return None
    page, _, part = explained.partition("#")
    return get_relative_url(url_of(f"{game}/{page}"), here) + (f"#{part}" if part else "")


def _how_to_read(game: str, explained: str | None = None) -> str:
    """Once a page, what "exact", "measured" and "interval" mean here, in both languages (`explained`:
    the address of the page saying how the exact figures are computed)."""
    known = {e.how["fr"]: e.how["en"] for r in all_games()[game].RACES if (e := _exact(r)) is not None}
    fr = ("<strong>Comment lire ces chiffres.</strong> Un chiffre <em>mesuré</em> est compté sur des milliers "
          "de parties jouées par le moteur du site : il varierait un peu sur d'autres parties. Son "
          "<em>intervalle</em> dit jusqu'où : 95 fois sur 100, la vraie valeur est entre ses deux bornes. "
          "Un avantage n'est dit que lorsque des chances égales restent hors de l'intervalle.")
    en = ("<strong>How to read these figures.</strong> A <em>measured</em> figure is counted over thousands of "
          "games played by the site's engine: other games would move it a little. Its <em>interval</em> "
          "says how far: 95 times in 100, the true value lies between its two ends. An edge is only "
          "claimed when even chances lie outside the interval.")
    if known:
        fr += (" Un chiffre <em>exact</em> est calculé à partir des règles, sans hasard ("
               + " ; ".join(escape(h) for h in known) + ") : les parties jouées ne font que le vérifier.")
        en += (" An <em>exact</em> figure is computed from the rules, with no chance involved ("
               + "; ".join(escape(h) for h in known.values()) + "): the games played only check it.")
        if explained:
            fr += f' <a href="{escape(explained)}">Comment ces chiffres sont calculés</a>.'
            en += f' <a href="{escape(explained)}">How these figures are computed</a>.'
    return f'<div class="admonition info px-numbers-help">{_columns(f"<p>{fr}</p>", f"<p>{en}</p>")}</div>'


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
    who = _who_played(ruleset, s["bots"])
    intro = _pair(f"{words['fr']}, jouées par le moteur selon les lectures par défaut. {who['fr']}",
                  f"{words['en']}, played by the engine under the default readings. {who['en']}")
    parts = [f"## {title} {{#numbers-{ruleset.split('.', 1)[1]}}}\n", intro, _wins(ruleset, s), _length(ruleset, s),
             _figures(game, s), _landings(game, ruleset, s), _reproduce(ruleset, s)]
    return "\n".join(p for p in parts if p) + "\n"


def _who_played(ruleset: str, bots: list[str]) -> dict[str, str]:
    """Who made the decisions, in words (as the readings' tables say it)."""
    said = {lang: who_played({"ruleset": ruleset, "bots": bots}, lang) for lang in ("fr", "en")}
    return {"fr": f"Les décisions : {said['fr']}.", "en": f"The decisions: {said['en']}."}


def _reproduce(ruleset: str, s: dict[str, Any]) -> str:
    """For those who want to play the same races again: the command, its seed and count."""
    bots = f" --bots {','.join(s['bots'])}" if s["bots"] else ""
    command = f"parcours stats {ruleset} --players {s['players']} -n {s['races']} --seed {s['seed']}{bots}"
    return (f'<p class="px-numbers-source"><span lang="fr">Pour rejouer ces parties\u00a0:</span>'
            f'<span class="px-sep"> · </span><span lang="en">To play these games again:</span> '
            f"<code>{escape(command)}</code></p>")


# ---------------------------------------------------------------- who wins

def _exact(ruleset: str) -> Exact | None:
    """The race's outcome computed exactly by its game (a solved game, a Markov chain), if it is."""
    return exact_under(ruleset)


def _wins(ruleset: str, s: dict[str, Any]) -> str:
    exact = _exact(ruleset)
    fr, en = (_wins_table(ruleset, s, exact, lang) for lang in ("fr", "en"))
    words = _advantage(ruleset, s, exact)
    if exact is not None:
        check = _check(ruleset, s, exact)
        words = {lang: f"{words[lang]} {check[lang]}" for lang in words}
    return _columns(fr + f"<p>{escape(words['fr'])}</p>", en + f"<p>{escape(words['en'])}</p>")


def _check(ruleset: str, s: dict[str, Any], exact: Exact) -> dict[str, str]:
    """The races played as the check of the exact figure: the widest gap, and how often chance gives it."""
    seat, chance = check_gap(s["wins"], exact, s["races"])
    share = s["wins"][seat]["share"]
    said: dict[str, str] = {}
    for lang in ("fr", "en"):
        races, rare = number_words(s["races"], lang, 0), number_words(CHECK_RARE, lang, 0)
        who = seat_name(ruleset, seat, lang, capital=False)
        won = number_words(100 * share, lang, 2, percent=True)
        points = number_words(100 * abs(share - exact.wins[seat]), lang, 2)
        once = number_words(round(1 / chance), lang, 0) if chance < 0.5 else ""
        if lang == "fr":
            often = f"environ une fois sur {once}" if once else "plus d'une fois sur deux"
            said[lang] = (f"Vérification : dans les {races} courses jouées, le {who} gagne {won}, à {points} point "
                          f"du calcul ; le hasard seul donne un tel écart {often} : les parties confirment le "
                          f"calcul (un écart plus rare qu'une fois sur {rare} le démentirait).")
        else:
            often = f"about once in {once} samples" if once else "more often than not"
            said[lang] = (f"Check: in the {races} races played, {who} wins {won}, {points} points from the "
                          f"computation; chance alone gives a gap that large {often}, so the games bear the "
                          f"computation out (a gap rarer than once in {rare} would refute it).")
    return said


def _wins_table(ruleset: str, s: dict[str, Any], exact: Exact | None, lang: str) -> str:
    """Each seat's wins: exact first where known, then the races played (its check, said below the
    table), else measured with its interval."""
    fr = lang == "fr"
    if exact:
        heads = (["Joueur", "Victoires exactes (%)", "Dans les courses jouées (%)"] if fr else
                 ["Player", "Wins exactly (%)", "In the races played (%)"])
    else:
        heads = ["Joueur", "Victoires mesurées (%)", "Intervalle (%)"] if fr else ["Player", "Wins measured (%)",
                                                                                  "Interval (%)"]

    def share(p: float, decimals: int = 1) -> str:
        return number_words(100 * p, lang, decimals)

    rows = []
    for seat, w in enumerate(s["wins"]):
        cells = ([share(exact.wins[seat], 3), share(w["share"], 2)] if exact else
                 [share(w["share"]), f"{share(w['low'])}\u2013{share(w['high'])}"])
        rows.append(f'<tr><th scope="row">{escape(seat_name(ruleset, seat, lang))}</th>'
                    + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    return _table(head, rows)


def _table(head: str, rows: list[str]) -> str:
    """A table as Material styles it (no class on the table itself), scrolling sideways if too wide."""
    return (f'<div class="px-table-scroll"><table><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def _advantage(ruleset: str, s: dict[str, Any], exact: Exact | None) -> dict[str, str]:
    """Who leads, whichever seat it is: exactly where known, else an edge only when beyond chance."""
    words = _exact_leader(ruleset, exact) if exact is not None else _measured_leader(ruleset, s)
    if exact is not None and exact.starter is not None:
        words["fr"] += (f" Le joueur qui part le premier gagne exactement {exact_pct(exact.starter, 'fr')} des courses "
                        "sous le meilleur jeu des deux : le tirage au sort partage cet avantage.")
        words["en"] += (f" The player who starts wins exactly {exact_pct(exact.starter, 'en')} of races under best "
                        "play by both: the draw by lot shares that edge out.")
    return words


def _seats(ruleset: str, seats: list[int], lang: str) -> str:
    """'player 1 (Red) and player 2 (Blue)'; in French with their article: 'le joueur 1 (Rouge) et …'."""
    names = [("le " if lang == "fr" else "") + seat_name(ruleset, k, lang, capital=False) for k in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {'et' if lang == 'fr' else 'and'} {names[-1]}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _exact_leader(ruleset: str, exact: Exact) -> dict[str, str]:
    wins = exact.wins
    best = max(wins)
    top = [k for k, w in enumerate(wins) if abs(w - best) < 1e-9]
    share = {lang: exact_pct(best, lang) for lang in ("fr", "en")}
    if len(top) == len(wins):
        return {"fr": f"Chances exactement égales : chaque joueur gagne {share['fr']} des courses.",
                "en": f"Exactly even chances: each player wins {share['en']} of races."}
    if len(top) > 1:
        return {"fr": f"À égalité exacte en tête : {_seats(ruleset, top, 'fr')}, {share['fr']} des courses chacun.",
                "en": f"Exactly tied in the lead: {_seats(ruleset, top, 'en')}, {share['en']} of races each."}
    who = {lang: _seats(ruleset, top, lang) for lang in ("fr", "en")}
    return {"fr": f"En tête, exactement : {who['fr']}, qui gagne {share['fr']} des courses.",
            "en": f"Leading, exactly: {who['en']}, who wins {share['en']} of races."}


def _measured_leader(ruleset: str, s: dict[str, Any]) -> dict[str, str]:
    even = 1 / s["players"]
    wins = s["wins"]
    lead = max(range(len(wins)), key=lambda k: wins[k]["share"])
    behind = [k for k, w in enumerate(wins) if w["high"] < even]
    words = {}
    for lang in ("fr", "en"):
        fr = lang == "fr"
        who, w = _seats(ruleset, [lead], lang), wins[lead]
        share, chance = pct(w["share"], lang), pct(even, lang)
        span = f"{pct(w['low'], lang)} {'à' if fr else 'to'} {pct(w['high'], lang)}"
        if w["low"] > even:
            said = (f"{_capital(who)} a l'avantage : {share} des victoires (de {span}), quand des chances égales "
                    f"en donneraient {chance}." if fr else
                    f"{_capital(who)} has the edge: {share} of the wins ({span}), where even chances "
                    f"would give {chance}.")
        else:
            said = (f"Aucun avantage au-delà du hasard : c'est {who} qui a gagné le plus souvent, {share} des "
                    f"courses, mais des chances égales ({chance}) restent dans son intervalle." if fr else
                    f"No edge beyond chance: {who} won most often, {share} of races, but even chances "
                    f"({chance}) lie within its interval.")
        if behind:
            late = _seats(ruleset, behind, lang)
            said += (f" En retard au-delà du hasard : {late}." if fr else f" Behind beyond chance: {late}.")
        words[lang] = said
    return words


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
        mean = {lang: number_words(known.length, lang, 2) for lang in ("fr", "en")}
        exact = (f" Exactement, par le calcul ({known.how['fr']}) : {mean['fr']} lancers en moyenne.",
                 f" Exactly, by computation ({known.how['en']}): {mean['en']} throws on average.")
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
    place = {lang: VIEWS[game].PLACE[lang].lower() for lang in ("fr", "en")}  # the game's word: hole, square…
    exact = _exact(ruleset)
    if exact is not None and exact.landings:  # drawn and said exactly
        total = sum(exact.landings.values())
        shares = {k: v / total for k, v in exact.landings.items()}
        fr, en = _exact_landings(exact.landings, place)
    else:
        most = max(shares, key=shares.__getitem__)
        least = min(shares, key=shares.__getitem__)
        fr = (f"Où les pièces se sont arrêtées dans ces parties : le plus souvent, {place['fr']} {most} "
              f"({pct(shares[most], 'fr')} des arrêts) ; le moins souvent, {place['fr']} {least} "
              f"({pct(shares[least], 'fr')}).")
        en = (f"Where pieces stopped in these games: most often, {place['en']} {most} ({pct(shares[most], 'en')} "
              f"of all stops); least often, {place['en']} {least} ({pct(shares[least], 'en')}).")
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


def _exact_landings(stops: dict[int, float], place: dict[str, str]) -> tuple[str, str]:
    """Where pieces stop, exactly: the places most and least often reached, ties said as ties."""
    total = sum(stops.values())
    shares = {k: v / total for k, v in stops.items()}

    def ends(pick: float) -> tuple[list[int], float]:
        return sorted(k for k, v in shares.items() if abs(v - pick) < 1e-12), pick

    said = []
    for lang in ("fr", "en"):
        fr = lang == "fr"
        parts = []
        for (places, share), word in ((ends(max(shares.values())), ("le plus souvent", "most often")),
                                      (ends(min(shares.values())), ("le moins souvent", "least often"))):
            listed = f" {'et' if fr else 'and'} ".join(str(k) for k in places)
            plural = "s" if len(places) > 1 and not place[lang].endswith("s") else ""
            each = (" chacun, à égalité exacte" if fr else " each, exactly as often") if len(places) > 1 else ""
            parts.append(f"{word[0] if fr else word[1]}, {place[lang]}{plural} {listed} ({pct(share, lang)}"
                         f"{' des arrêts' if fr else ' of all stops'}{each})")
        said.append(f"Où les pièces s'arrêtent, exactement : {parts[0]} ; {parts[1]}." if fr else
                     f"Where pieces stop, exactly: {parts[0]}; {parts[1]}.")
    return said[0], said[1]
