"""What a reading changes, as HTML (both languages): the records of `parcours.report.impact`, each value
against the default with its verdict and its figures folded under it. The rules pages print the
cached ones (playable/impact.py); the page's own comparisons, run in the worker, come out the same."""

from __future__ import annotations

from html import escape
from typing import Any

from parcours.core import number_words, typeset

TITLE = {"fr": "Ce que change cette lecture", "en": "What this reading changes"}
HEADS = {"fr": ("Chiffre", "Écart (intervalle à 95 %)"), "en": ("Figure", "Difference (95% interval)")}
MEASURABLE = ' class="px-measurable"'


def impact_html(records: list[dict[str, Any]], title: dict[str, str] = TITLE) -> str:
    """Each language's block: the title, then every record's values against its default."""
    return "".join(_language(records, lang, title[lang]) for lang in ("fr", "en"))


def _language(records: list[dict[str, Any]], lang: str, title: str) -> str:
    out = [f'<p class="px-impact-title"><strong>{escape(title)}</strong></p>']
    for record in records:
        for against in record["against"]:
            out.append(_against(record, against, lang))
    return f'<div lang="{lang}">{typeset("".join(out), lang)}</div>'  # the verdicts' French typeset too


def _moving(record: dict[str, Any], against: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows that move, and the length for scale: the rows are each seat's wins, then the length,
    then the figures the value changes measurably."""
    length = record["players"]
    return [row for k, row in enumerate(against["rows"]) if row["measurable"] or k == length]


def _against(record: dict[str, Any], against: dict[str, Any], lang: str) -> str:
    fr = lang == "fr"
    label, default = against["label"][lang], record["default"][lang]
    instead = (f"«\u00a0{label}\u00a0» au lieu de «\u00a0{default}\u00a0»" if fr else
               f"\u201c{label}\u201d instead of \u201c{default}\u201d")
    colon = "\u00a0:" if fr else ":"
    said = (f"<p><strong>{escape(record['race'][lang])}</strong>. {escape(instead)}{colon} "
            f"{escape(against['verdict'][lang])}.</p>")
    what, gap = HEADS[lang]
    rows = "".join(
        f"<tr{MEASURABLE if row['measurable'] else ''}><th scope=\"row\">{escape(row['figure'][lang])}</th>"
        f"<td>{escape(row['default'][lang])}</td><td>{escape(row['value'][lang])}</td>"
        f"<td>{escape(row['difference'][lang])}{' *' if row['measurable'] else ''}</td></tr>"
        for row in _moving(record, against))
    races = number_words(record["races"], lang)
    note = (f"{races} courses pour chaque lecture, jouées sur les mêmes dés (graine {record['seed']})\u00a0; "
            "*\u00a0: écart mesurable (hors du hasard, même comptant tous les chiffres comparés)\u00a0; "
            "les parts en points de pourcentage." if fr else
            f"{races} races for each reading, played on the same dice (seed {record['seed']}); "
            "*: a measurable difference (beyond chance, even counting every figure compared); "
            "shares in percentage points.")
    summary = "Les chiffres" if fr else "The figures"
    return (f"{said}<details class=\"px-impact-figures\" data-search-exclude><summary>{summary}</summary>"
            f"<div class=\"px-table-scroll\"><table><thead><tr><th scope=\"col\">{what}</th>"
            f"<th scope=\"col\">{escape(record['default'][lang])}</th>"
            f"<th scope=\"col\">{escape(against['label'][lang])}</th>"
            f"<th scope=\"col\">{gap}</th></tr></thead><tbody>{rows}</tbody></table></div>"
            f"<p class=\"px-impact-note\">{note}</p></details>")
