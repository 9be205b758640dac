"""The horse race's exact odds as HTML: a table of chances and a chart of the game's length.

Used at build time for the default board and in the browser (Pyodide) for a board a reader edits.
"""

from __future__ import annotations

import json
from fractions import Fraction
from html import escape

from parcours import ScenarioError
from parcours.chevaux import Board
from parcours.chevaux.odds import Chance, Odds, odds
from parcours.core import refusal
from parcours.scenario import loads_json

BAR_W, CHART_H = 6, 120


def _pct(p: Chance, lang: str) -> str:
    text = f"{100 * float(p):.2f}"
    return (text.replace(".", ",") + " %") if lang == "fr" else text + "%"


def _table(o: Odds) -> str:
    rows = [("Rouge (commence) · Red (starts)", o.win[0], o.ruin[0]), ("Bleu · Blue", o.win[1], o.ruin[1])]
    body = "".join(
        f"<tr><th scope=\"row\">{name}</th><td>{_pct(w, 'fr')} · {_pct(w, 'en')}</td>"
        + (f"<td><code title=\"exact\">{_short(w)}</code></td>" if isinstance(w, Fraction) else "")
        + f"<td>{_pct(r, 'fr')} · {_pct(r, 'en')}</td></tr>"
        for name, w, r in rows)
    exact = '<th scope="col">Fraction exacte · Exact fraction</th>' if o.exact else ""
    note = "" if o.exact else (
        '<p class="px-odds-note"><span lang="fr">Sur un plateau aussi grand, les fractions exactes seraient trop '
        'longues à calculer : les chances sont calculées en virgule flottante.</span> <span lang="en">On a board this '
        'large, exact fractions would take too long: the chances are computed in floating point.</span></p>')
    return (f'{note}<table class="px-odds-table"><thead><tr><th scope="col">Joueur · Player</th>'
            f'<th scope="col">Gagne · Wins</th>{exact}'
            '<th scope="col">Perd ses six chevaux · Loses all six horses</th></tr></thead>'
            f"<tbody>{body}</tbody></table>")


def _short(p: Fraction) -> str:
    text = f"{p.numerator}/{p.denominator}"
    if len(text) <= 40:
        return text
    return f"{str(p.numerator)[:12]}…/{str(p.denominator)[:12]}… ({len(str(p.denominator))} digits)"


def _chart(o: Odds) -> str:
    total, shown = Fraction(0), []
    for t in sorted(o.length):
        shown.append((t, o.length[t]))
        total += o.length[t]
        if total > Fraction(999, 1000):
            break
    top = max(p for _, p in shown)
    width = len(shown) * BAR_W + 40
    mean = float(sum(t * p for t, p in o.length.items()))
    bars = "".join(
        f'<rect x="{30 + i * BAR_W}" y="{10 + CHART_H * (1 - float(p / top)):.1f}" width="{BAR_W - 1}" '
        f'height="{CHART_H * float(p / top):.1f}"><title>{t}: {_pct(p, "en")}</title></rect>'
        for i, (t, p) in enumerate(shown))
    axis = "".join(f'<text x="{30 + i * BAR_W}" y="{CHART_H + 24}">{t}</text>'
                   for i, (t, _) in enumerate(shown) if t % 10 == 0)
    label = (f"Distribution of the game's length in throws: from {shown[0][0]} to {shown[-1][0]} "
             f"(99.9% of games), mean {mean:.1f}")
    svg = (f'<svg class="px-chart" viewBox="0 0 {width} {CHART_H + 30}" role="img" aria-label="{escape(label)}">'
           f"{bars}{axis}</svg>")
    rows = "".join(f"<tr><td>{t}</td><td>{_pct(p, 'en')}</td></tr>" for t, p in shown)
    return (f'<figure class="px-figure">{svg}<figcaption class="px-caption">'
            f'<span lang="fr">Durée d\'une partie, en coups de dé : moyenne {mean:.1f}.</span><br>'
            f'<span lang="en">Length of a game, in throws of the die: mean {mean:.1f}.</span></figcaption></figure>'
            f'<details><summary>Les chiffres · The figures</summary><table><thead><tr><th>Coups · Throws</th>'
            f"<th>Probabilité · Probability</th></tr></thead><tbody>{rows}</tbody></table></details>")


def odds_html(board: object = None) -> str:
    o = odds(Board.parse(board))
    return _table(o) + _chart(o)


def odds_json(board_json: str) -> str:
    """For the browser's worker: a board as JSON in, the odds as HTML (or a sentence in each language) out."""
    try:
        return json.dumps({"html": odds_html(loads_json(board_json, "board"))})
    except (ScenarioError, ValueError) as err:
        return json.dumps({"error": refusal(err)}, ensure_ascii=False)
