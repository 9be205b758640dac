"""What a reading changes, as HTML (both languages): the records of `parcours.report.impact`, each value
against the default with its verdict and its figures folded under it. The rules pages print the
cached ones (playable/impact.py); the page's own comparisons, run in the worker, come out the same."""

from __future__ import annotations

from html import escape
from typing import Any

from parcours.core import number_words, typeset
from parcours.games import game_of

TITLE = {"fr": "Ce que change cette lecture", "en": "What this reading changes"}
HEADS = {"fr": ("Chiffre", "Écart (intervalle à 95 %)"), "en": ("Figure", "Difference (95% interval)")}
MEASURABLE = ' class="px-measurable"'


# What the game computes exactly of a value against the default, in words (report.exact_verdict and
# exact_line, each {"fr", "en"}), by (ruleset, value): printed with the measured figures, the verdict its.
ExactWords = dict[tuple[str, str], dict[str, dict[str, str] | None]]


def impact_html(records: list[dict[str, Any]], title: dict[str, str] | None = TITLE, exact: ExactWords | None = None,
                figures: str | None = None) -> str:
    """Each language's block: the title, then every record's values against its default with its
    figures folded under it; or, given `figures` (the address where they are printed), the verdicts
    alone and a link there."""
    return "".join(_language(records, lang, title[lang] if title else None, exact or {}, figures)
                   for lang in ("fr", "en"))


def _language(records: list[dict[str, Any]], lang: str, title: str | None, exact: ExactWords,
              figures: str | None) -> str:
    out = [f'<p class="px-impact-title"><strong>{escape(title)}</strong></p>'] if title else []
    for record in records:
        for against in record["against"]:
            words = exact.get((record["ruleset"], against["value"]), {})
            out.append(_said(record, against, lang, words) + ("" if figures else _table(record, against, lang)))
    out.append(_how_made(records, lang) if figures is None else _elsewhere(figures, lang))
    return f'<div lang="{lang}">{typeset("".join(out), lang)}</div>'  # the verdicts' French typeset too


def _elsewhere(figures: str, lang: str) -> str:
    """The link from a rules page's box to the figures of its verdicts, on the numbers page."""
    said = ("Les chiffres de chaque course, et comment ils sont faits" if lang == "fr" else
            "The figures of each race, and how they were made")
    return f'<p class="px-impact-more"><a href="{escape(figures)}">{escape(said)}</a></p>'


def _shown(record: dict[str, Any], against: dict[str, Any]) -> list[dict[str, Any]]:
    """What a reader asks first, always: each seat's wins and the length (even when nothing changes);
    then the figures the value changes beyond chance."""
    first = record["players"] + 1
    return [row for k, row in enumerate(against["rows"]) if k < first or row["measurable"]]


def who_played(record: dict[str, Any], lang: str) -> str:
    """'dice only', 'perfect play at both seats', 'the “Rule of thumb” bot at every seat'."""
    fr, bots = lang == "fr", record["bots"]
    if not bots:
        return "les dés seuls, personne n'y décide rien" if fr else "dice only: nobody decides anything"
    names = game_of(record["ruleset"]).BOT_NAMES
    if len(set(bots)) > 1:
        listed = ", ".join(names[b][lang] for b in bots)
        return f"un robot par place ({listed})" if fr else f"one bot a seat ({listed})"
    if bots[0] == "optimal":
        return ("le jeu parfait aux deux places (le jeu résolu)" if fr else
                "perfect play at both seats (the solved game)")
    name = names[bots[0]][lang]
    return (f"le robot «\u00a0{name}\u00a0» à chaque place" if fr else
            f"the \u201c{name}\u201d bot at every seat")


def _said(record: dict[str, Any], against: dict[str, Any], lang: str,
          exact: dict[str, dict[str, str] | None]) -> str:
    """The race, the value against the default, and the verdict (exact where the game computes it)."""
    fr = lang == "fr"
    label, default = against["label"][lang], record["default"][lang]
    instead = (f"«\u00a0{label}\u00a0» au lieu de «\u00a0{default}\u00a0»" if fr else
               f"\u201c{label}\u201d instead of \u201c{default}\u201d")
    colon = "\u00a0:" if fr else ":"
    verdict = (exact.get("verdict") or against["verdict"])[lang]
    line = exact.get("line")
    return (f"<p><strong>{escape(record['race'][lang])}</strong>. {escape(instead)}{colon} "
            f"{escape(verdict)}.{' ' + escape(line[lang]) if line else ''}</p>")


def _table(record: dict[str, Any], against: dict[str, Any], lang: str) -> str:
    """The figures under a verdict, folded: each seat's wins and the length, then whatever changed."""
    what, gap = HEADS[lang]
    rows = "".join(
        f"<tr{MEASURABLE if row['measurable'] else ''}><th scope=\"row\">{escape(row['figure'][lang])}</th>"
        f"<td>{escape(row['default'][lang])}</td><td>{escape(row['value'][lang])}</td>"
        f"<td>{escape(row['difference'][lang])}{' *' if row['measurable'] else ''}</td></tr>"
        for row in _shown(record, against))
    summary = "Les chiffres" if lang == "fr" else "The figures"
    return (f"<details class=\"px-impact-figures\" data-search-exclude><summary>{summary}</summary>"
            f"<div class=\"px-table-scroll\"><table><thead><tr><th scope=\"col\">{what}</th>"
            f"<th scope=\"col\">{escape(record['default'][lang])}</th>"
            f"<th scope=\"col\">{escape(against['label'][lang])}</th>"
            f"<th scope=\"col\">{gap}</th></tr></thead><tbody>{rows}</tbody></table></div></details>")


def _how_made(records: list[dict[str, Any]], lang: str) -> str:
    """Once a box, folded: how to read its tables, and for each race how many games, who decided, and
    the command that plays them again."""
    fr = lang == "fr"
    legend = ("L'écart des victoires est en points\u00a0; entre parenthèses, l'intervalle où il se trouve "
              "95\u00a0fois sur\u00a0100. *\u00a0: un écart que le hasard n'explique pas." if fr else
              "The difference in wins is in percentage points; in brackets, the range it lies in 95 times in 100. "
              "*: a difference chance does not explain.")
    lines = []
    for record in records:
        races = number_words(record["races"], lang)
        again = (f"parcours compare {record['ruleset']} --players {record['players']} --option {record['option']} "
                 f"-n {record['races']} --seed {record['seed']}"
                 + (f" --bots {','.join(record['bots'])}" if record["bots"] else ""))
        said = (f"{record['race'][lang]}\u00a0: {races} parties pour chaque lecture, sur les mêmes dés\u00a0; "
                f"les décisions\u00a0: {who_played(record, lang)}. Pour les rejouer\u00a0: " if fr else
                f"{record['race'][lang]}: {races} games for each reading, on the same dice; the decisions: "
                f"{who_played(record, lang)}. To play them again: ")
        lines.append(f"<li>{escape(said)}<code>{escape(again)}</code></li>")
    summary = "Comment ces chiffres sont faits" if fr else "How these figures were made"
    return (f'<details class="px-impact-figures px-impact-how" data-search-exclude><summary>{summary}</summary>'
            f'<p class="px-impact-note">{escape(legend)}</p><ul class="px-impact-note">{"".join(lines)}</ul>'
            "</details>")
