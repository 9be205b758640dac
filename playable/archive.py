"""The archive pages: a game's editions and boxes (editions.yml) and its sources (collation.yml)."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from parcours import veldiv
from parcours_view import board_svg, symbols

from . import data_check
from .data_check import anchor
from .sources import DataError

MATERIAL = {"cardboard": ("carton", "cardboard"), "metal": ("métal", "metal"), "tin": ("fer-blanc", "tin"),
            "wood": ("bois", "wood"), "cloth": ("tissu", "cloth"), "printed": ("carton imprimé", "printed card")}
PELOUSE = {"red": ("rouge", "red"), "green": ("verte", "green")}


def bi(text: dict[str, str] | None, tag: str = "p") -> str:
    """Both languages, side by side on a wide screen."""
    if not text:
        return ""
    return (f'<div class="px-bi"><{tag} lang="fr">{escape(" ".join(text["fr"].split()))}</{tag}>'
            f'<{tag} lang="en">{escape(" ".join(text["en"].split()))}</{tag}></div>')


def source_ref(source: str | None, page: str = "../sources/") -> str:
    if not source:
        return ""
    source = escape(source)
    return f'<a class="px-src" href="{page}#source-{source}" title="source {source}">[{source}]</a>'


def _load(docs: Path, game: str) -> dict[str, Any]:
    """editions.yml, checked against its schema, sources and ids (data_check)."""
    doc = data_check.editions(docs, game)
    if doc is None:
        raise DataError(f"{docs / game / 'editions.yml'}: missing (the game's page needs it)")
    data: dict[str, Any] = doc.data
    return data


def render_editions(docs: Path, game: str) -> str:
    data = _load(docs, game)
    g = data["game"]
    lists = {key: data.get(key) or [] for key in ("boxes", "boards", "versions", "riders", "counters", "awards",
                                                  "exhibitions")}
    facts = ", ".join(escape(str(g[k])) for k in ("publisher", "country", "year") if g.get(k) is not None)
    out = [f"<p><strong>{escape(g['name'])}</strong>, {facts} {source_ref(g.get('source'))}</p>",
           bi(g.get("named_after")), bi(g.get("description")),
           '<div class="admonition warning">' + bi(g["caveats"]) + "</div>" if g.get("caveats") else "",
           "\n## Boîtes numérotées · The numbered boxes {#boxes}\n", _boxes_table(lists["boxes"]),
           "".join(_box_notes(b) for b in lists["boxes"]),
           "\n## Le plateau · The board {#board}\n", _track_figure(),
           "".join(_card(b, b.get("name")) for b in lists["boards"]),
           "\n## Versions rares · Rare versions {#versions}\n", _cards(lists["versions"]),
           "\n## Coureurs · Riders {#riders}\n", "".join(_card(r, _material_title(r)) for r in lists["riders"]),
           "\n## Jetons · Counters {#counters}\n", "".join(_card(c, _material_title(c)) for c in lists["counters"]),
           "\n## Récompenses et expositions · Awards and exhibitions {#awards}\n",
           "".join(_card(a, a.get("name")) for a in lists["awards"]),
           "".join(_card(e, e.get("event"), extra=f"{e.get('place') or ''} {e.get('year') or ''}")
                   for e in lists["exhibitions"])]
    return "\n".join(out)


def _boxes_table(boxes: list[dict[str, Any]]) -> str:
    head = "| | " + " | ".join(escape(b["label"]) for b in boxes) + " |"
    rows = [head, "|---" * (len(boxes) + 1) + "|"]

    def riders(b: dict[str, Any]) -> str:
        r = b["riders"]
        count = r.get("count") or (f"{r.get('count_min')}–{r.get('count_max')}" if r.get("count_min") else "?")
        fr, en = MATERIAL.get(r.get("material") or "", ("?", "?"))
        return f"{count} · {fr} / {en}"

    def board(b: dict[str, Any]) -> str:
        bd = b["board"]
        fr, en = MATERIAL.get(bd.get("kind") or bd.get("material") or "", ("?", "?"))
        colour = PELOUSE.get(bd.get("pelouse") or "")
        suffix = f", pelouse {colour[0]} / {colour[1]} infield" if colour else ""
        return f"{fr} / {en}{suffix}"

    rows.append("| Coureurs · Riders | " + " | ".join(riders(b) for b in boxes) + " |")
    rows.append("| Plateau · Board | " + " | ".join(board(b) for b in boxes) + " |")
    for rid, race in veldiv.RACES.items():
        marks = " | ".join("✓" if rid in b["races"] else "—" for b in boxes)
        rows.append(f"| {race.name['fr']} · {race.name['en']} | {marks} |")
    rows.append("| Source | " + " | ".join(source_ref(b.get("source")) for b in boxes) + " |")
    return "\n".join(rows) + "\n"


def _box_notes(box: dict[str, Any]) -> str:
    return (f'<div class="px-card" id="box-{escape(box["id"])}"><p class="px-card-title">{escape(box["label"])} '
            f'{source_ref(box.get("source"))}</p>{bi(box["riders"].get("note"))}{bi(box["board"].get("note"))}'
            f'{bi(box.get("notes"))}{_certainty(box)}</div>')


def _certainty(item: dict[str, Any]) -> str:
    return f'<div class="px-certainty">{bi(item["certainty"])}</div>' if item.get("certainty") else ""


def _material_title(item: dict[str, Any]) -> dict[str, str] | None:
    fr, en = MATERIAL.get(item.get("material") or "", ("Dans le règlement", "In the rules"))
    return {"fr": fr.capitalize(), "en": en.capitalize()}


def _card(item: dict[str, Any], title: dict[str, str] | None, extra: str = "", src_page: str = "../sources/") -> str:
    head = f'{escape(title["fr"])} · {escape(title["en"])}' if title else escape(item.get("id", ""))
    found = ", ".join(item.get("found_in") or [])
    found_html = f'<p class="px-found">{escape(found)}</p>' if found else ""
    body = "".join(bi(item.get(k)) for k in ("box", "board", "riders", "counters", "what", "notes", "note"))
    return (f'<div class="px-card" id="{escape(item.get("id", ""))}"><p class="px-card-title">{head} {escape(extra)} '
            f'{source_ref(item.get("source"), src_page)}</p>{found_html}{body}{_certainty(item)}</div>')


def _cards(items: list[dict[str, Any]]) -> str:
    return '<div class="px-cards">' + "".join(
        _card(v, {"fr": f"Version {v['label']}", "en": f"Version {v['label']}"}) for v in items) + "</div>"


def _track_figure() -> str:
    squares, line = veldiv.TRACK_SQUARES, veldiv.START_LINE
    label_en = f"The oval track of {squares} numbered squares; the line is after square {line}."
    label_fr = f"La piste ovale de {squares} cases numérotées ; la ligne est après la case {line}."
    empty = {"ruleset": "veldiv.individuelle", "riders": []}
    board = board_svg("veldiv.individuelle", empty, f"{label_fr} · {label_en}")  # its aria-label: French, then English
    return (symbols("veldiv") + f'<figure class="px-figure">{board}'
            f'<figcaption class="px-caption"><span lang="fr">{label_fr}</span><br><span lang="en">{label_en}</span> '
            f"<span lang=\"en\">(drawn from the rules engine's own track data)</span></figcaption></figure>")


KINDS = {"spelling": ("orthographe", "spelling"), "wording": ("formulation", "wording"),
         "omission": ("omission", "omission"), "addition": ("ajout", "addition"),
         "punctuation": ("ponctuation, mise en page", "punctuation, layout")}


def render_collation(docs: Path, game: str) -> str:
    doc = data_check.collation(docs, game)
    if doc is None:
        raise DataError(f"{docs / game / 'collation.yml'}: missing (the sources page needs it)")
    rows = [('<table class="px-collation"><thead><tr><th>Section</th><th>A (000)</th><th>B (001)</th>'
             '<th>Nature · Kind</th><th>Jeu · Play</th><th>Note</th></tr></thead><tbody>')]
    for v in doc.data:
        section = v["section"]
        link = f'<a href="../rules/#{escape(anchor(section))}">{escape(section)}</a>'
        play = ("oui · yes" if v["changes_play"] else "non · no")
        kind = " · ".join(KINDS[v["kind"]])
        rows.append(f'<tr><td>{link}</td><td lang="fr">{escape(v["a"]) or "—"}</td>'
                    f'<td lang="fr">{escape(v["b"]) or "—"}</td>'
                    f"<td>{kind}</td><td>{play}</td><td>{bi(v['note'])}</td></tr>")
    rows.append("</tbody></table>")
    return "".join(rows)


def render_sources(docs: Path, game: str) -> str:
    items = "".join(f'<li id="source-{escape(sid)}"><strong>[{escape(sid)}]</strong> {bi(text)}</li>'
                    for sid, text in _load(docs, game)["sources"].items())
    return f'<ul class="px-sources">{items}</ul>'


def render_edition(docs: Path, game: str) -> str:
    """A single edition (the CDP games, the horse race): what the source says of it, fact by fact."""
    data = _load(docs, game)
    g = data["game"]
    facts = []
    for key, label in (("periodical", "Périodique · Periodical"), ("publisher", "Éditeur · Publisher"),
                       ("date", "Date"), ("year", "Année · Year"), ("author", "Auteur · Author"),
                       ("country", "Pays · Country")):
        if g.get(key):
            facts.append(f"<tr><th scope=\"row\">{label}</th><td>{_fact(g[key])}</td></tr>")
    out = [f"<p><strong>{escape(g['name'])}</strong> {source_ref(g.get('source'), '')}</p>",
           f'<table class="px-facts">{"".join(facts)}</table>' if facts else "",
           bi(g.get("description")),
           '<div class="admonition warning">' + bi(g["caveats"]) + "</div>" if g.get("caveats") else "",
           "\n## Contenu · Contents { #contents }\n",
           "".join(_card(c, None, extra=f"× {c['count']}" if c.get("count") else "", src_page="")
                   for c in data.get("contents") or [])]
    if data.get("history"):
        out += ["\n## Histoire · History { #history }\n",
                "".join(_card(h, h.get("title"), src_page="") for h in data["history"])]
    items = "".join(f'<li id="source-{escape(sid)}"><strong>[{escape(sid)}]</strong> {bi(text)}</li>'
                    for sid, text in data["sources"].items())
    out += ["\n## Sources { #sources }\n", f'<ul class="px-sources">{items}</ul>']
    return "\n".join(out)


def _fact(value: object) -> str:
    """A fact of the game: a name, a year, or a person with a role in both languages."""
    if isinstance(value, dict):
        role = value.get("role")
        roles = f' (<span lang="fr">{escape(role["fr"])}</span> · <span lang="en">{escape(role["en"])}</span>)' \
            if role else ""
        return f"{escape(value['name'])}{roles} {source_ref(value.get('source'), '')}".rstrip()
    return escape(str(value))
