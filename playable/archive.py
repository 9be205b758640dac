"""The archive pages: a game's editions and boxes (editions.yml) and its sources (collation.yml)."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from parcours import all_games
from parcours.core import plural, typeset
from parcours.interface import box_name
from parcours_view.registry import VIEWS
from parcours_view.words import both_text as both  # a short text in both languages, marked

from . import data_check
from .data_check import anchor
from .pages import page_of, rules_pages
from .sources import DataError

MATERIAL = {"cardboard": ("carton", "cardboard"), "metal": ("métal", "metal"), "tin": ("fer-blanc", "tin"),
            "wood": ("bois", "wood"), "cloth": ("tissu", "cloth"), "printed": ("carton imprimé", "printed card")}
PELOUSE = {"red": ("rouge", "red"), "green": ("verte", "green")}


MONTHS = {"fr": ("janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
                  "novembre", "décembre"),
          "en": ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                 "November", "December")}


def _and(items: list[str], lang: str) -> str:
    """'a, b et c' · 'a, b and c'."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {'et' if lang == 'fr' else 'and'} {items[-1]}"


def date_words(iso: str, lang: str) -> str:
    """'1964-09-06' as '6 septembre 1964' or '6 September 1964'."""
    year, month, day = (int(part) for part in iso.split("-"))
    return f"{'1er' if lang == 'fr' and day == 1 else day} {MONTHS[lang][month - 1]} {year}"


def name_html(name: str | dict[str, str]) -> str:
    """A name of the data: one for both languages, or its French and English words, each marked
    ("Édition H.B." in French, "Edition H.B." in English)."""
    return both(name["fr"], name["en"]) if isinstance(name, dict) else escape(name)


def box_label(box: dict[str, Any], lang: str, head: bool = False) -> str:
    """A numbered box in a language's words ("nº0", "No. 0"), by its id."""
    return box_name(box["id"], lang, head)


def heading(fr: str, en: str, ident: str) -> str:
    """A section's Markdown heading in both languages, French first, each marked with its own."""
    # A bare separator, not both()'s marked one: the build's hook finds a heading's two languages
    # by it, to mark them in Material's table of contents and menu (plain text there).
    fr = escape(typeset(fr, "fr"))
    return f'\n## <span lang="fr">{fr}</span> · <span lang="en">{escape(en)}</span> {{#{ident}}}\n'


def bi(text: dict[str, str] | None, tag: str = "p") -> str:
    """Both languages, side by side on a wide screen."""
    if not text:
        return ""
    return (f'<div class="px-bi"><{tag} lang="fr">{escape(typeset(" ".join(text["fr"].split()), "fr"))}</{tag}>'
            f'<{tag} lang="en">{escape(" ".join(text["en"].split()))}</{tag}></div>')


def source_ref(siglum: str | None, page: str = "sources/") -> str:
    """A fact's source, cited by its siglum ("[A]"), linked to its entry in the bibliography."""
    if not siglum:
        return ""
    siglum = escape(siglum)
    return f'<a class="px-src" href="{page}#source-{siglum}" aria-label="source {siglum}">[{siglum}]</a>'


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
    found = _places(lists["boxes"], lists["versions"])
    facts = [name_html(g["publisher"]) if g.get("publisher") else "",
             both(g["country"]["fr"], g["country"]["en"]) if g.get("country") else "",
             str(g["year"]) if g.get("year") else ""]
    line = ", ".join(f for f in facts if f)
    out = [f"<p><strong>{name_html(g['name'])}</strong>, {line} {source_ref(g.get('source'))}</p>",
           bi(g.get("named_after")), bi(g.get("description")),
           '<div class="admonition warning">' + bi(g["caveats"]) + "</div>" if g.get("caveats") else "",
           heading("Boîtes numérotées", "The numbered boxes", "boxes"), _boxes_table(game, lists["boxes"]),
           "".join(_box_notes(b) for b in lists["boxes"]),
           heading("Le plateau", "The board", "board"), VIEWS[game].FIGURES.get("board", lambda: "")(),
           "".join(_card(b, b["name"], found=found) for b in lists["boards"]),
           heading("Versions rares", "Rare versions", "versions"), _cards(lists["versions"]),
           heading("Coureurs", "Riders", "riders"),
           "".join(_card(r, _material_title(r), found=found) for r in lists["riders"]),
           heading("Jetons", "Counters", "counters"),
           "".join(_card(c, _material_title(c), found=found) for c in lists["counters"]),
           heading("Récompenses et expositions", "Awards and exhibitions", "awards"),
           "".join(_card(a, a["name"], extra=_where(a)) for a in lists["awards"]),
           "".join(_card(e, e["event"], extra=_where(e)) for e in lists["exhibitions"])]
    return "\n".join(out)


def _boxes_table(game: str, boxes: list[dict[str, Any]]) -> str:
    head = "| | " + " | ".join(both(box_label(b, "fr", head=True), box_label(b, "en", head=True))
                               for b in boxes) + " |"
    rows = [head, "|---" * (len(boxes) + 1) + "|"]
    rows.append(f"| {both('Coureurs', 'Riders')} | " + " | ".join(_box_riders(b["riders"]) for b in boxes) + " |")
    rows.append(f"| {both('Plateau', 'Board')} | " + " | ".join(_box_board(b["board"]) for b in boxes) + " |")
    for rid, race in all_games()[game].RACES.items():
        marks = " | ".join(_mark(rid in b["races"]) for b in boxes)
        rows.append(f"| {both(race.name['fr'], race.name['en'])} | {marks} |")
    rows.append("| Source | " + " | ".join(source_ref(b.get("source")) for b in boxes) + " |")
    return "\n".join(rows) + "\n"


def _mark(yes: bool) -> str:
    """✓ or — for the eye, the word for a screen reader."""
    fr, en = ("oui", "yes") if yes else ("non", "no")
    return f'<span aria-hidden="true">{"✓" if yes else "—"}</span><span class="px-sr">{both(fr, en)}</span>'


def _box_riders(riders: dict[str, Any]) -> str:
    """'6, en carton · 6, cardboard'; what the source leaves unknown is said so."""
    if riders.get("count"):
        count = str(riders["count"])
    elif riders.get("count_min"):
        count = f"{riders['count_min']}\u2060–\u2060{riders['count_max']}"  # word joiners: no line break at the dash
    else:
        count = ""
    material = MATERIAL.get(riders.get("material") or "")
    if not count and not material:
        return both("inconnus", "unknown")
    fr = ", ".join(p for p in (count, f"en {material[0]}" if material else "") if p)
    en = ", ".join(p for p in (count, material[1] if material else "") if p)
    return both(fr, en)


def _box_board(board: dict[str, Any]) -> str:
    """'carton imprimé, pelouse rouge · printed card, red infield'."""
    fr, en = MATERIAL.get(board.get("kind") or board.get("material") or "", ("inconnu", "unknown"))
    colour = PELOUSE.get(board.get("pelouse") or "")
    if colour:
        fr, en = f"{fr}, pelouse {colour[0]}", f"{en}, {colour[1]} infield"
    return both(fr, en)


def _box_notes(box: dict[str, Any]) -> str:
    title = both("Boîte " + box_label(box, "fr"), "Box " + box_label(box, "en"))
    return (f'<div class="px-card" id="box-{escape(box["id"])}"><p class="px-card-title">'
            f'{title} {source_ref(box.get("source"))}</p>'
            f'{bi(box["riders"].get("note"))}{bi(box["board"].get("note"))}{bi(box.get("notes"))}{_certainty(box)}</div>')


def _certainty(item: dict[str, Any]) -> str:
    return f'<div class="px-certainty">{bi(item["certainty"])}</div>' if item.get("certainty") else ""


def _material_title(item: dict[str, Any]) -> dict[str, str]:
    fr, en = MATERIAL.get(item.get("material") or "", ("Dans le règlement", "In the rules"))
    return {"fr": fr.capitalize(), "en": en.capitalize()}


def _places(boxes: list[dict[str, Any]], versions: list[dict[str, Any]]) -> dict[str, dict[str, str]]:
    """Where a thing was found, by the id of a box or a rare version: its words in both languages."""
    places = {}
    for box in boxes:
        places[box["id"]] = {"kind": "box", "fr": box_label(box, "fr"), "en": box_label(box, "en")}
    for version in versions:
        places[version["id"]] = {"kind": "version", "fr": version["label"], "en": version["label"]}
    return places


def _found_in(ids: list[str], places: dict[str, dict[str, str]]) -> str:
    """'Dans les boîtes nº0 et nº1 · In boxes nº0 and nº1', 'Dans la version rare 2 · In rare version 2'."""
    unknown = [i for i in ids if i not in places]
    if unknown:
        raise DataError(f"editions.yml: found_in: unknown box or version {', '.join(unknown)}")
    boxes = {lang: [places[i][lang] for i in ids if places[i]["kind"] == "box"] for lang in ("fr", "en")}
    versions = [places[i]["fr"] for i in ids if places[i]["kind"] == "version"]
    fr, en = [], []
    if boxes["fr"]:
        fr.append(f"la boîte {boxes['fr'][0]}" if len(boxes["fr"]) == 1 else f"les boîtes {_and(boxes['fr'], 'fr')}")
        en.append(f"box {boxes['en'][0]}" if len(boxes["en"]) == 1 else f"boxes {_and(boxes['en'], 'en')}")
    if versions:
        fr.append(f"la version rare {versions[0]}" if len(versions) == 1
                  else f"les versions rares {_and(versions, 'fr')}")
        en.append(f"rare version {versions[0]}" if len(versions) == 1 else f"rare versions {_and(versions, 'en')}")
    return both(f"Dans {_and(fr, 'fr')}", f"In {_and(en, 'en')}")


def _where(item: dict[str, Any]) -> str:
    """'(Paris, 1932)': a place and a year, either of which may be unknown."""
    known = [escape(str(item[k])) for k in ("place", "year") if item.get(k)]
    return f"({', '.join(known)})" if known else ""


def _card(item: dict[str, Any], title: dict[str, str], extra: str = "", src_page: str = "sources/",
          found: dict[str, dict[str, str]] | None = None) -> str:
    """extra: HTML after the title (a count, a place and year)."""
    found_html = (f'<p class="px-found">{_found_in(item["found_in"], found or {})}</p>'
                  if item.get("found_in") else "")
    body = "".join(bi(item.get(k)) for k in ("box", "board", "riders", "counters", "what", "notes", "note"))
    return (f'<div class="px-card" id="{escape(item["id"])}"><p class="px-card-title">'
            f'{both(title["fr"], title["en"])} {extra} {source_ref(item.get("source"), src_page)}</p>'
            f"{found_html}{body}{_certainty(item)}</div>")


def _cards(items: list[dict[str, Any]]) -> str:
    return '<div class="px-cards">' + "".join(
        _card(v, {"fr": f"Version rare {v['label']}", "en": f"Rare version {v['label']}"}) for v in items) + "</div>"


KINDS = {"spelling": ("orthographe", "spelling"), "wording": ("formulation", "wording"),
         "omission": ("omission", "omission"), "addition": ("ajout", "addition"),
         "punctuation": ("ponctuation, mise en page", "punctuation, layout")}
COLLATION_HEAD = (("Section", "Section"), ("Témoin A", "Witness A"), ("Témoin B", "Witness B"),
                  ("Nature", "Kind"), ("Change le jeu", "Changes play"), ("Note", "Note"))


def _original(text: str) -> str:
    """A witness's reading, quoted in its own language whatever the reader's (px-original)."""
    return f'<span class="px-original" lang="fr">{escape(text)}</span>'


def render_collation(docs: Path, game: str) -> str:
    """Every difference between the two witnesses, a row each; on a phone each row is a card whose
    cells carry their column's name (data-label, shown by parcours.css)."""
    doc = data_check.collation(docs, game)
    if doc is None:
        raise DataError(f"{docs / game / 'collation.yml'}: missing (the sources page needs it)")
    rulebook = data_check.rulebook(docs, game).data
    titles = {s["id"]: s["title"] for s in rulebook["sections"]}
    pages = page_of(rules_pages(game, rulebook))  # the sources page is beside the rules pages
    labels = [f"{fr} · {en}" if fr != en else fr for fr, en in COLLATION_HEAD]
    head = "".join(f"<th>{both(fr, en)}</th>" for fr, en in COLLATION_HEAD)
    rows = [f'<table class="px-collation"><thead><tr>{head}</tr></thead><tbody>']
    for v in doc.data:
        section = v["section"]
        title = titles[section]
        link = f"../{Path(pages[section]).stem}/#{anchor(section)}"
        cells = (f'<a href="{escape(link)}">{both(title["fr"], title["en"])}</a>',
                 _original(v["a"]) if v["a"] else both("absent", "absent"),
                 _original(v["b"]) if v["b"] else both("absent", "absent"),
                 both(*KINDS[v["kind"]]),
                 both("oui", "yes") if v["changes_play"] else both("non", "no"),
                 bi(v["note"]))
        rows.append("<tr>" + "".join(f'<td data-label="{escape(label)}" data-label-fr="{escape(fr)}" '
                                     f'data-label-en="{escape(en)}">{cell}</td>'
                                     for label, (fr, en), cell in zip(labels, COLLATION_HEAD, cells)) + "</tr>")
    rows.append("</tbody></table>")
    return "".join(rows)


def _sources_list(sources: dict[str, dict[str, str]]) -> str:
    """The bibliography: each source under its siglum, as the pages cite it ("[A]")."""
    items = "".join(f'<li id="source-{escape(siglum)}"><strong class="px-siglum">{escape(siglum)}</strong> '
                    f'{bi({"fr": entry["fr"], "en": entry["en"]})}</li>' for siglum, entry in sources.items())
    return f'<ul class="px-sources">{items}</ul>'


def _sources_heading(sources: dict[str, Any]) -> str:
    """The bibliography's heading: its sigla, one or several."""
    if len(sources) == 1:
        return heading("Sigle et bibliographie", "Siglum and bibliography", "sources")
    return heading("Sigles et bibliographie", "Sigla and bibliography", "sources")


def render_sources(docs: Path, game: str) -> str:
    return _sources_list(_load(docs, game)["sources"])


def render_bibliography(docs: Path, game: str) -> str:
    """The bibliography under its heading (a printed rulebook's last part)."""
    sources = _load(docs, game)["sources"]
    return _sources_heading(sources) + "\n" + _sources_list(sources)


def render_edition(docs: Path, game: str) -> str:
    """A single edition (the CDP games, the horse race): what the source says of it, fact by fact."""
    data = _load(docs, game)
    g = data["game"]
    out = [f"<p><strong>{name_html(g['name'])}</strong> {source_ref(g.get('source'), '')}</p>",
           _facts_table(g), bi(g.get("description")),
           '<div class="admonition warning">' + bi(g["caveats"]) + "</div>" if g.get("caveats") else "",
           heading("Contenu", "Contents", "contents"),
           "".join(_card(c, _count_title(c), src_page="") for c in data.get("contents") or [])]
    if data.get("history"):
        out += [heading("Histoire", "History", "history"),
                "".join(_card(h, h["title"], src_page="") for h in data["history"])]
    out += [_sources_heading(data["sources"]), _sources_list(data["sources"])]
    return "\n".join(out)


def _count_title(content: dict[str, Any]) -> dict[str, str]:
    """'18 cyclistes · 18 cyclists' (the name alone when the source gives no count)."""
    name, count = content["name"], content.get("count")
    if count is None:
        return {lang: name[lang]["many"] for lang in ("fr", "en")}
    return {lang: plural(count, name[lang]["one"], name[lang]["many"], lang) for lang in ("fr", "en")}


def _facts_table(game: dict[str, Any]) -> str:
    """Periodical, publisher, date, author, country: each in words, in both languages."""
    rows = []
    for key, fr, en in (("periodical", "Périodique", "Periodical"), ("publisher", "Éditeur", "Publisher"),
                        ("date", "Date", "Date"), ("year", "Année", "Year"), ("author", "Auteur", "Author"),
                        ("country", "Pays", "Country")):
        value = game.get(key)
        if not value or (key == "year" and game.get("date")):
            continue
        rows.append(f'<tr><th scope="row">{both(fr, en)}</th><td>{_fact(key, value)}</td></tr>')
    return f'<table class="px-facts">{"".join(rows)}</table>' if rows else ""


def _fact(key: str, value: Any) -> str:
    """A fact of the game: a name, a year, a date, a country in both languages, or a person with a role."""
    if key == "date":
        return both(date_words(value, "fr"), date_words(value, "en"))
    if key == "country":
        return both(value["fr"], value["en"])
    if isinstance(value, dict) and "name" not in value:  # a name in each language's words
        return name_html(value)
    if isinstance(value, dict):
        role = f' ({both(value["role"]["fr"], value["role"]["en"])})' if value.get("role") else ""
        return f"{escape(value['name'])}{role} {source_ref(value.get('source'), '')}".rstrip()
    return escape(str(value))
