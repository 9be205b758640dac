"""The horse race's exact odds as HTML: a table of chances and a chart of the game's length.

Used at build time for the default board and in the browser (Pyodide) for a board a reader edits (the
view's live figure, odds_answer).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from parcours import ScenarioError
from parcours.chevaux import Board
from parcours.chevaux.narrate import BOARD_FIELDS
from parcours.chevaux.odds import Chance, Odds, odds
from parcours.core import number_words, refusal, typeset

from .charts import bar_chart
from .words import both as _both


def _pct(p: Chance, lang: str) -> str:
    return number_words(100 * float(p), lang, 2, percent=True)


def _chances(p: Chance) -> str:
    return _both(_pct(p, "fr"), _pct(p, "en"))


def _table(o: Odds) -> str:
    rows = [(_both("Rouge (commence)", "Red (starts)"), o.win[0], o.ruin[0]),
            (_both("Bleu", "Blue"), o.win[1], o.ruin[1])]
    body = "".join(
        f"<tr><th scope=\"row\">{name}</th><td>{_chances(w)}</td>"
        + (f"<td>{_exact(w)}</td>" if isinstance(w, Fraction) else "")
        + f"<td>{_chances(r)}</td></tr>"
        for name, w, r in rows)
    exact = f'<th scope="col">{_both("Exactement", "Exactly")}</th>' if o.exact else ""
    note = "" if o.exact else (
        '<p class="px-odds-note"><span lang="fr">' + typeset('Sur un plateau aussi grand, les fractions exactes '
        'seraient trop longues à calculer : les chances sont calculées en virgule flottante.', "fr") + '</span> '
        '<span lang="en">On a board this large, exact fractions would take too long: the chances are computed in '
        'floating point.</span></p>')
    return (f'{note}<table class="px-odds-table"><thead><tr><th scope="col">{_both("Joueur", "Player")}</th>'
            f'<th scope="col">{_both("Gagne", "Wins")}</th>{exact}'
            f'<th scope="col">{_both("Perd ses six chevaux", "Loses all six horses")}</th></tr></thead>'
            f"<tbody>{body}</tbody></table>")


def _exact(p: Fraction) -> str:
    """An exact chance as a reader can read it: the fraction when short, else its first decimals and
    how long the fraction is, in words (never a number cut across two lines)."""
    text = f"{p.numerator}/{p.denominator}"
    if len(text) <= 24:
        return f'<code class="px-nowrap">{text}</code>'
    digits = len(str(p.denominator))
    approximately = _both(f'<span class="px-nowrap">≈ {number_words(float(p), "fr", 12)}</span>',
                          f'<span class="px-nowrap">≈ {number_words(float(p), "en", 12)}</span>')
    return (f'{approximately}<br><span class="px-odds-digits">'
            + _both(f"fraction exacte, dénominateur de {digits} chiffres",
                    f"exact fraction, a denominator of {digits} digits")
            + "</span>")


def _chart(o: Odds) -> str:
    total, shown = Fraction(0), []
    for t in sorted(o.length):
        shown.append((t, o.length[t]))
        total += o.length[t]
        if total > Fraction(999, 1000):
            break
    mean = float(sum(t * p for t, p in o.length.items()))
    label_fr = (f"Durée d'une partie en coups de dé : de {shown[0][0]} à {shown[-1][0]} "
                f"(99,9\u00a0% des parties), moyenne {number_words(mean, 'fr', 1)}")
    label_en = (f"Distribution of the game's length in throws: from {shown[0][0]} to {shown[-1][0]} "
                f"(99.9% of games), mean {number_words(mean, 'en', 1)}")
    caption_fr = typeset(f"Durée d'une partie, en coups de dé : moyenne {number_words(mean, 'fr', 1)}.", "fr")
    svg = bar_chart([(t, float(p)) for t, p in shown], ("Coups de dé", "Throws of the die"),
                    ("Parties (%)", "Games (%)"), (label_fr, label_en))
    rows = "".join(f"<tr><td>{t}</td><td>{_chances(p)}</td></tr>" for t, p in shown)
    return (f'<figure class="px-figure">{svg}<figcaption class="px-caption">'
            f'<span lang="fr">{caption_fr}</span><br>'
            f'<span lang="en">Length of a game, in throws of the die: mean {number_words(mean, "en", 1)}.</span>'
            f'</figcaption></figure><details><summary>{_both("Les chiffres", "The figures")}</summary><table><thead>'
            f'<tr><th>{_both("Coups", "Throws")}</th><th>{_both("Probabilité", "Probability")}</th></tr></thead>'
            f"<tbody>{rows}</tbody></table></details>")


def odds_html(board: object = None) -> str:
    return _html(Board.parse(board))


def _html(board: Board) -> str:
    o = odds(board)
    return _table(o) + _chart(o)


def odds_answer(board: object) -> dict[str, Any]:
    """The view's live figure "odds" (LIVE, asked by the worker's "figure" request: live.py): a board as the
    reader typed it in, its odds as HTML and what the form says of them out, or the board's refusal in
    each language, naming the form's field."""
    try:
        parsed = Board.parse(board)
        html = _html(parsed)
    except ScenarioError as err:
        return {"error": _board_refusal(err)}
    except ValueError as err:
        return {"error": refusal(err)}
    traps = ", ".join(str(t) for t in parsed.traps)
    return {"html": html, "said": {
        "en": f"Exact odds for {parsed.holes} holes ({parsed.up} going up), traps {traps or 'none'}.",
        "fr": f"Chances exactes pour {parsed.holes} trous ({parsed.up} à la montée), pièges {traps or 'aucun'}."}}


def _board_refusal(err: ScenarioError) -> dict[str, str]:
    """A refusal named by the form's field ("Pièges : …"), not by the scenario's path ("setup.board.traps[1]"):
    the reader typed into a form and wrote no scenario."""
    field = next((name for name in BOARD_FIELDS if err.where.split(".")[-1].split("[")[0] == name), None)
    if field is None:
        return refusal(err)
    return {"en": f"{BOARD_FIELDS[field]['en']}: {err.problem}",
            "fr": typeset(f"{BOARD_FIELDS[field]['fr']} : {err.problem_fr}", "fr")}
