"""The archive pages: a game's editions and boxes (editions.yml) and its sources (collation.yml)."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from parcours import veldiv
from parcours_view import board_svg, symbols

from .sources import Located, require_text

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
    return f'<a class="px-src" href="{page}#source-{source}" title="source {source}">[{source}]</a>'


def _load(path: Path, lists: tuple[str, ...]) -> Located:
    doc = Located(path)
    if not isinstance(doc.data, dict):
        raise doc.fail((), "expected a mapping")
    for key in lists:
        for i, item in enumerate(doc.data.get(key) or []):
            if not item.get("source"):
                raise doc.fail((key, i), "every fact names its source")
            for field in ("notes", "note", "name", "box", "board", "riders", "what", "certainty"):
                if isinstance(item.get(field), dict) and not {"fr", "en"} - set(item[field]):
                    require_text(doc, (key, i, field), item[field])
    return doc


def render_editions(docs: Path, game: str) -> str:
    doc = _load(docs / game / "editions.yml",
                ("awards", "exhibitions", "boxes", "versions", "boards", "riders", "counters"))
    data = doc.data
    g = data["game"]
    out = [f"<p><strong>{escape(g['name'])}</strong>, {escape(g['publisher'])}, {escape(g['country'])}, "
           f"{g['year']} {source_ref(g.get('source'))}</p>",
           bi(g["named_after"]), bi(g["description"]), '<div class="admonition warning">' + bi(g["caveats"]) + "</div>",
           "\n## Boîtes numérotées · The numbered boxes {#boxes}\n", _boxes_table(data["boxes"]),
           "".join(_box_notes(b) for b in data["boxes"]),
           "\n## Le plateau · The board {#board}\n", _track_figure(),
           "".join(_card(b, b.get("name")) for b in data["boards"]),
           "\n## Versions rares · Rare versions {#versions}\n", _cards(data["versions"]),
           "\n## Coureurs · Riders {#riders}\n", "".join(_card(r, _material_title(r)) for r in data["riders"]),
           "\n## Jetons · Counters {#counters}\n", "".join(_card(c, _material_title(c)) for c in data["counters"]),
           "\n## Récompenses et expositions · Awards and exhibitions {#awards}\n",
           "".join(_card(a, a.get("name")) for a in data["awards"]),
           "".join(_card(e, e.get("event"), extra=f"{e.get('place', '')} {e.get('year') or ''}")
                   for e in data["exhibitions"])]
    return "\n".join(out)


def _boxes_table(boxes: list[dict[str, Any]]) -> str:
    head = "| | " + " | ".join(b["label"] for b in boxes) + " |"
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
    return (f'<div class="px-card" id="box-{box["id"]}"><p class="px-card-title">{escape(box["label"])} '
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
    label_en = f"The oval track of {veldiv.TRACK_SQUARES} numbered squares; the line is after square {veldiv.START_LINE}."
    label_fr = f"La piste ovale de {veldiv.TRACK_SQUARES} cases numérotées ; la ligne est après la case {veldiv.START_LINE}."
    empty = {"ruleset": "veldiv.individuelle", "riders": []}
    return (symbols("veldiv") + f'<figure class="px-figure">{board_svg("veldiv.individuelle", empty, label_en)}'
            f'<figcaption class="px-caption"><span lang="fr">{label_fr}</span><br><span lang="en">{label_en}</span> '
            f"<span lang=\"en\">(drawn from the rules engine's own track data)</span></figcaption></figure>")


KINDS = {"spelling": ("orthographe", "spelling"), "wording": ("formulation", "wording"),
         "omission": ("omission", "omission"), "addition": ("ajout", "addition"),
         "punctuation": ("ponctuation, mise en page", "punctuation, layout")}


def render_collation(docs: Path, game: str) -> str:
    doc = Located(docs / game / "collation.yml")
    if not isinstance(doc.data, list):
        raise doc.fail((), "expected a list of variants")
    rows = ['<table class="px-collation"><thead><tr><th>Section</th><th>A (000)</th><th>B (001)</th>'
            '<th>Nature · Kind</th><th>Jeu · Play</th><th>Note</th></tr></thead><tbody>']
    for i, v in enumerate(doc.data):
        for key in ("section", "a", "b", "kind", "changes_play", "note"):
            if key not in v:
                raise doc.fail((i,), f"variant is missing '{key}'")
        if v["kind"] not in KINDS:
            raise doc.fail((i, "kind"), f"unknown kind {v['kind']!r} (expected {', '.join(KINDS)})")
        require_text(doc, (i, "note"), v["note"])
        section = v["section"]
        link = f'<a href="../rules/#{section.replace(":", "-")}">{escape(section)}</a>'
        play = ("oui · yes" if v["changes_play"] else "non · no")
        kind = " · ".join(KINDS[v["kind"]])
        rows.append(f'<tr><td>{link}</td><td lang="fr">{escape(v["a"]) or "—"}</td><td lang="fr">{escape(v["b"]) or "—"}</td>'
                    f"<td>{kind}</td><td>{play}</td><td>{bi(v['note'])}</td></tr>")
    rows.append("</tbody></table>")
    return "".join(rows)


def render_sources(docs: Path, game: str) -> str:
    data = Located(docs / game / "editions.yml").data
    items = "".join(f'<li id="source-{sid}"><strong>[{sid}]</strong> {bi(text)}</li>'
                    for sid, text in data["sources"].items())
    return f'<ul class="px-sources">{items}</ul>'


def render_edition(docs: Path, game: str) -> str:
    """A single edition (the CDP games, the horse race): what the source says of it, fact by fact."""
    doc = _load(docs / game / "editions.yml", ("contents", "history"))
    data = doc.data
    g = data.get("game")
    if not isinstance(g, dict):
        raise doc.fail(("game",), "expected the game's facts (name, source, description...)")
    facts = []
    for key, label in (("periodical", "Périodique · Periodical"), ("publisher", "Éditeur · Publisher"),
                       ("date", "Date"), ("year", "Année · Year"), ("author", "Auteur · Author"),
                       ("country", "Pays · Country")):
        if g.get(key):
            facts.append(f"<tr><th scope=\"row\">{label}</th><td>{escape(str(g[key]))}</td></tr>")
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
    items = "".join(f'<li id="source-{sid}"><strong>[{sid}]</strong> {bi(text)}</li>'
                    for sid, text in (data.get("sources") or {}).items())
    out += ["\n## Sources { #sources }\n", f'<ul class="px-sources">{items}</ul>']
    return "\n".join(out)
