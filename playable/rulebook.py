"""A game's rulebook (docs/<game>/rulebook.yml) and worked examples (docs/<game>/examples/*.yml),
checked on load and rendered as the rules page: French and English side by side, notes, examples."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from difflib import SequenceMatcher
from html import escape
from itertools import accumulate
from pathlib import Path
from typing import Any

from mkdocs.utils import get_relative_url

from parcours import all_games, game_of
from parcours.core import typeset
from parcours.interface import GameRules
from parcours.options import CONFIDENCE
from parcours_view import film, symbols
from parcours_view.film import Film, Links
from parcours_view.registry import VIEWS

from . import data_check
from .archive import date_words, render_bibliography
from .citation import Build, citation_box, page_title
from .data_check import anchor
from .impact import impact_box
from .pages import article_links, printed_pages, rules_pages
from .sources import DataError, Located

LANG_NAMES = {"fr": "Français", "en": "English"}


@dataclass
class Example:
    name: str
    article: str
    title: dict[str, str]
    explain: dict[str, str]
    scenario: dict[str, Any]


def load_examples(folder: Path, game: str) -> dict[str, list[Example]]:
    """Every example file checked (data_check): known article, both languages, a scenario of this game
    that the engine replays."""
    by_article: dict[str, list[Example]] = {}
    for doc in data_check.examples(folder.parent.parent, game, folder):
        data = doc.data
        example = Example(doc.path.stem, data["article"], data["title"], data["explain"], data["scenario"])
        by_article.setdefault(example.article, []).append(example)
    return by_article


def load_rulebook(path: Path, game: str) -> tuple[Located, list[dict[str, Any]]]:
    """The rulebook checked (data_check): schema, section ids, options, sources."""
    doc = data_check.rulebook(path.parent.parent, game, path)
    return doc, doc.data["sections"]


def _paragraphs(text: str, lang: str) -> str:
    """Paragraphs are separated by a blank line; one whose every line starts with "- " is a list."""
    paras = [p.strip() for p in text.strip().split("\n\n") if p.strip()]
    return "".join(_paragraph(p, lang) for p in paras)


def _paragraph(text: str, lang: str) -> str:
    lines = text.splitlines()
    if all(line.lstrip().startswith("- ") for line in lines):
        items = "".join(f"<li>{escape(' '.join(line.lstrip()[2:].split()))}</li>" for line in lines)
        return f'<ul lang="{lang}">{items}</ul>'
    return f'<p lang="{lang}">{escape(" ".join(text.split()))}</p>'


def _words(text: str, lang: str) -> str:
    """Our own words (never an original's), typeset as their language sets them, escaped."""
    return escape(typeset(text, lang))


def _both(fr: str, en: str) -> str:
    """Our words in both languages as HTML, French first, each marked with its own (one, if the same)."""
    if fr == en:
        return escape(fr)
    return f'<span lang="fr">{_words(fr, "fr")}</span> · <span lang="en">{escape(en)}</span>'


def _markdown_text(text: str) -> str:
    """Plain text inside a line of Markdown (a heading): no HTML, no emphasis, no attribute list."""
    return re.sub(r"([\\`*_\[\]{}#<>&])", lambda m: escape(m.group(1)) if m.group(1) in "<>&" else "\\" + m.group(1),
                  " ".join(text.split()))


def bilingual_heading(fr: str, en: str) -> str:
    """A Markdown heading's text in both languages, French first, each marked with its own."""
    return f'<span lang="fr">{typeset(_markdown_text(fr), "fr")}</span> · <span lang="en">{_markdown_text(en)}</span>'


SIC_CORRECTION = re.compile(r"^Pour «\s*([^»]+?)\s*»")  # a sic note's correction, where it gives one


def _marked_sic(html: str, sic: list[dict[str, Any]], lang: str, ident: str) -> str:
    """The original with each slip its sic note explains marked where it stands, as an edition marks
    it: "numerotées [sic : numérotées]", or "[sic]" where the note corrects no word, each mark
    linked to its note (the notes' data check makes sure each quotes the original)."""
    seen: dict[str, int] = {}
    for k, entry in enumerate(sic):
        quoted = escape(entry["text"], quote=False)
        nth = seen[quoted] = seen.get(quoted, 0) + 1
        found = _nth(html, quoted, nth)
        if found < 0:
            continue
        correction = SIC_CORRECTION.match(entry["note"]["fr"])
        colon = "\u00a0: " if lang == "fr" else ": "
        said = f"[sic{colon}{escape(correction.group(1))}]" if correction else "[sic]"
        mark = f' <a class="px-sic-mark" href="#{ident}-sic-{k + 1}">{said}</a>'
        end = found + len(quoted)
        html = html[:end] + mark + html[end:]
    return html


def _nth(text: str, part: str, n: int) -> int:
    """Where the n-th occurrence of `part` starts in `text` (-1 if there are fewer)."""
    at = -1
    for _ in range(n):
        at = text.find(part, at + 1)
        if at < 0:
            return -1
    return at


def _parallel(ident: str, tabs: tuple[tuple[str, str], tuple[str, str]]) -> str:
    """Two columns on a wide screen, two tabs on a narrow one (CSS does the switch): each tab a
    (label, content) in HTML. The tabs are Material's (pymdownx.tabbed's markup, alternate style),
    written here as HTML: written as `===` tabs, Markdown would wrap each tab's blocks in a <p>.
    Their ids are the section's (ident), none of pymdownx's numbering (`__tabbed_1_1`…)."""
    name = f"px-tabs-{ident}"
    inputs = "".join(f'<input{" checked" if k == 1 else ""} id="{name}-{k}" name="{name}" type="radio">'
                     for k in (1, 2))
    labels = "".join(f'<label for="{name}-{k}">{label}</label>' for k, (label, _) in enumerate(tabs, 1))
    blocks = "".join(f'<div class="tabbed-block">{content}</div>' for _, content in tabs)
    return (f'<div class="px-parallel"><div class="tabbed-set tabbed-alternate" data-tabs="{ident}:2">{inputs}'
            f'<div class="tabbed-labels">{labels}</div><div class="tabbed-content">{blocks}</div></div></div>\n')


def _reading(label: str, default: str, text: str, colon: str) -> str:
    """A reading in a note's box: its label in bold (and whether it is the default), then its
    sentence. A sentence that opens with the label and a colon goes on after the label ("A die: 1
    to 3, ..."); any other is a sentence of its own, after a full stop, so that no line reads
    "They count: Yes: they are on the space"."""
    head = f"<strong>{escape(label)}</strong>{default}"
    if text.startswith(label + colon):
        return f"{head}{colon} {escape(text[len(label + colon):].lstrip())}"
    return f"{head}. {escape(text)}"


def _option_box(rules: GameRules, option_id: str) -> str:
    """A reading beside its article: the question, each value in words with what it means, the one
    the engine plays by default, and how sure we are (the codes a scenario writes are on the Scenario
    format page)."""
    option = rules.OPTIONS[option_id]
    rows = []
    for lang in ("fr", "en"):
        fr = lang == "fr"
        colon = typeset(" :" if fr else ":", lang)  # as the options' sentences write it
        if option.number_range:
            low, high = option.number_range
            readings = (f"<li>{'un nombre de' if fr else 'a number from'} {low} {'à' if fr else 'to'} {high}"
                        f"{' ;' if fr else ';'} {'par défaut' if fr else 'default'} {option.default}</li>")
        else:
            default = " (par défaut)" if fr else " (default)"
            readings = "".join(
                "<li>" + _reading(option.labels[value][lang], default if value == option.default else "",
                                  text[lang], colon) + "</li>"
                for value, text in option.values.items())
        head = "Les lectures possibles" if fr else "The possible readings"
        sure = CONFIDENCE[option.confidence][lang]
        row = (f'<div lang="{lang}"><p><strong>{head}</strong> '
               f"({'le choix par défaut repose sur' if fr else 'the default rests on'} {sure}). "
               f"{escape(option.question[lang])}</p><ul>{readings}</ul></div>")
        rows.append(typeset(row, lang))
    return f'<div class="px-option" id="option-{option_id.replace(".", "-")}">{"".join(rows)}</div>'


def _note(rules: GameRules, note: dict[str, Any], docs: Path, numbers: str | None) -> str:
    """A note, with its readings if it names one and, on a rules page, what each reading changes in a
    sentence (its figures on the numbers page, at the address `numbers`)."""
    fr, en = (" ".join(note["text"][lang].split()) for lang in ("fr", "en"))
    body = (f'<div class="px-note-text"><div lang="fr"><p>{_words(fr, "fr")}</p></div>'
            f'<div lang="en"><p>{escape(en)}</p></div></div>')
    if note.get("option"):
        body += _option_box(rules, note["option"])
        body += impact_box(docs, rules.GAME, note["option"], numbers) if numbers is not None else ""
    kind = "question" if note.get("option") else "note"
    title = " · ".join(f'<span lang="{lang}">{_words(note["title"][lang], lang)}</span>' for lang in ("fr", "en"))
    # Material's admonition as HTML: written as `!!!`, Markdown would wrap the body's blocks in a <p>
    # (which the browser then splits into empty paragraphs around it).
    return f'<div class="admonition {kind}">\n<p class="admonition-title">{title}</p>\n{body}\n</div>\n'


def example_html(example: Example, links: Links = "#", address: str = "") -> str:
    """The worked example: static (board, explained steps, both languages) and data for the widget
    (where its steps' article links lead: the page's <template class="px-links">). address: the full
    address of the rules page it is played on, printed under it on paper (its permalink)."""
    replayed = played(example, links)
    ident = f"ex-{example.name}"
    scenario = json.dumps(example.scenario, ensure_ascii=False, separators=(",", ":"))
    # Everything the widget needs to step through the example and know what each position waits
    # for (the step's `asked`, the last position's `need`), without Python.
    frames = _template_json({"boards": packed_boards([f["board"] for f in replayed.frames]),
                             "labels": [f["label"] for f in replayed.frames],
                             "asked": [f.get("asked") for f in replayed.frames],
                             "played": [f.get("played") for f in replayed.frames],
                             "need": replayed.need})
    rules = game_of(example.scenario["ruleset"])
    options = [oid for oid in rules.OPTIONS if example.scenario["ruleset"] in rules.APPLIES[oid]]
    head, figure, steps = _example_parts(example, replayed)
    return (
        f'<div class="px-example" id="{ident}" data-example="{example.name}" data-article="{example.article}" '
        f'data-scenario="{escape(scenario)}" data-options="{escape(json.dumps(options))}">'
        f'{head}{figure}<div class="px-controls" hidden></div>{steps}'
        f'<template class="px-film" data-search-exclude>{frames}</template>'
        f'{printed_link(f"{address}#{ident}") if address else ""}</div>')


@functools.cache
def _played(scenario: str, links: str) -> Film:
    """A worked example's film, replayed once for its rules page and its printable pages (scenario
    and links as JSON: the film is only read)."""
    return film(json.loads(scenario), json.loads(links), paper=True)


def played(example: Example, links: Links) -> Film:
    return _played(json.dumps(example.scenario), json.dumps(links))


def printed_example_html(example: Example, links: Links, address: str) -> str:
    """The worked example as paper shows it: played out, its steps explained, no control and nothing
    for a script; under it, its own address on the rules page where it is played (address: that
    page's full address)."""
    replayed = played(example, links)
    head, figure, steps = _example_parts(example, replayed, replayed.paper)
    ident = f"ex-{example.name}"
    return (f'<div class="px-printed-example" id="{ident}" data-article="{example.article}">'
            f'{head}{figure}{steps}{printed_link(f"{address}#{ident}")}</div>')


def _example_parts(example: Example, played: Film, board: str | None = None) -> tuple[str, str, str]:
    """A worked example's head (title, explanation), its last position (drawn as `board`, or as the
    film's last frame) and its explained steps."""
    steps = "".join(f'<li class="px-step" data-step="{k}">{f["item"]}</li>'
                    for k, f in enumerate(played.frames) if k > 0)
    last = played.frames[-1]
    head = (f'<div class="px-example-head"><p class="px-example-title">'
            f'<span lang="fr">{_words(example.title["fr"], "fr")}</span>'
            f' · <span lang="en">{escape(example.title["en"])}</span></p>'
            f'<div class="px-explain"><p lang="fr">{_words(example.explain["fr"], "fr")}</p>'
            f'<p lang="en">{escape(example.explain["en"])}</p></div></div>')
    figure = (f'<figure class="px-figure" data-search-exclude>{_following(board or last["board"], last["label"])}'
              f'<figcaption class="px-caption">'
              f'<span lang="fr">{escape(last["label"]["fr"])}</span><br><span lang="en">{escape(last["label"]["en"])}'
              f'</span></figcaption></figure>')
    return head, figure, f'<ol class="px-steps" data-search-exclude>{steps}</ol>'


def printed_link(address: str) -> str:
    """An example's own address as paper prints it (hidden on screen, where its page is open): short,
    without its scheme, and a link in a PDF."""
    short = re.sub(r"^[a-z]+://", "", address)
    return (f'<p class="px-print-link" data-search-exclude>'
            f'<span lang="fr">{_words("À parcourir et à poursuivre en ligne :", "fr")}'
            f'</span> · <span lang="en">To step through and play on online:</span> '
            f'<a href="{escape(address)}">{escape(short)}</a></p>')


def packed_boards(boards: list[str]) -> list[str | list[list[object]]]:
    """A film's boards, each after the first as what changed from the one before: hunks [start, end,
    text], each replacing the previous board's characters start to end (offsets in UTF-16 code units,
    as JavaScript counts them), in order. Successive boards differ by a rider or two and a line of
    the hand table: the page carries a fraction of the markup (example.mjs unpacks them). The root
    element's accessible name is left out: the page gives it in the reader's language."""
    out: list[str | list[list[object]]] = []
    before: list[str] = []
    for board in boards:
        tags = TAG_END.split(unnamed(board))
        if not before:
            out.append("".join(tags))
        else:
            at = list(accumulate((_utf16(t) for t in before), initial=0))
            matcher = SequenceMatcher(None, before, tags, autojunk=False)
            out.append([[at[i1], at[i2], "".join(tags[j1:j2])]
                        for op, i1, i2, j1, j2 in matcher.get_opcodes() if op != "equal"])
        before = tags
    return out


def _following(board: str, label: dict[str, str]) -> str:
    """A board whose accessible name lang.mjs keeps in the reader's language (both until it runs)."""
    words = f'data-px-fr="{escape(label["fr"])}" data-px-en="{escape(label["en"])}" data-px-words="aria-label"'
    return board.replace("<svg ", f"<svg {words} ", 1)


TAG_END = re.compile(r"(?<=>)")
ROOT_NAME = re.compile(r' aria-label="[^"]*"')


def unnamed(board: str) -> str:
    """A board without its root's aria-label (the first attribute of that name: the root's)."""
    return ROOT_NAME.sub("", board, count=1)


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _template_json(data: object) -> str:
    """JSON inside a <template>, not a <script> (Material's instant navigation re-runs scripts)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def options_catalogue(game: str) -> str:
    """Every reading of a game's rules, once per page, for the examples' option menus."""
    rules = all_games()[game]
    data = _template_json({oid: o.to_json() for oid, o in rules.OPTIONS.items()})
    return f'<template class="px-options" data-search-exclude>{data}</template>'


def render_rules(docs: Path, game: str, here: tuple[str, str], build: Build, url_of: Callable[[str], str]) -> str:
    """The part of a game's rulebook printed on the page `here` (its Markdown file from docs/, its
    full address, which its citation gives), as the rulebook's `printed` says.
    url_of: a Markdown file's site URL (the steps' links to articles printed on other pages)."""
    rules = all_games()[game]
    doc, sections = load_rulebook(docs / game / "rulebook.yml", game)
    pages = rules_pages(game, doc.data)
    file, address = here
    page = next((p for p in pages if p.file == file), None)
    if page is None:
        raise DataError(f"{file}: not a page of {game}'s rulebook (its pages: "
                                   f"{', '.join(p.file for p in pages)})")
    examples = load_examples(docs / game / "examples", game)
    printed = [s for s in sections if s["id"] in page.sections]
    first = next((s for s in printed if s["id"] in rules.ARTICLES), printed[0])
    links = article_links(pages, url_of(file), url_of)
    numbers = get_relative_url(url_of(f"{game}/numbers.md"), url_of(file))
    out = [citation_box(page_title(docs / file), address, anchor(first["id"]), first["title"], build) + "\n",
           symbols(game) + options_catalogue(game) + links_template(links) + "\n"]
    for section in printed:
        shown = [example_html(e, links, address) for e in examples.get(section["id"], [])]
        out.append(_section(rules, section, shown, _texts(doc.data), docs, numbers))
    return "\n".join(out)


def render_printed(docs: Path, game: str, name: str, lang: str, site_url: str, build: Build,
                   url_of: Callable[[str], str]) -> str:
    """A printable rulebook, the printable page `name` (print, print-level-2: pages.printed_pages):
    the parts of a game's rulebook that it prints, as paper shows them: the two texts, the notes with
    their readings, and each worked example played out with its explained steps, with its address on
    the rules page where it is played (site_url: the site's address, mkdocs.yml's); a contents list
    first, the bibliography last, and the rules page's title as every sheet's running head. Which
    language it is printed in (`lang`: fr, en or both) is its page's front matter's `print` (the theme
    applies it); its `search: exclude: true` keeps it out of the search index, where it would repeat
    its rules page."""
    rules = all_games()[game]
    doc, sections = load_rulebook(docs / game / "rulebook.yml", game)
    pages = rules_pages(game, doc.data)
    printed = printed_pages(pages).get(name)
    if printed is None:
        raise DataError(f"{game}/{name}: not a printable page of {game}'s rulebook (its printable pages: "
                        f"{', '.join(printed_pages(pages))})")
    examples = load_examples(docs / game / "examples", game)
    addresses = {page.file: site_url + url_of(page.file) for page in printed}
    online = ", ".join(f'<a href="{escape(a)}">{escape(a)}</a>' for a in addresses.values())
    title = page_title(docs / printed[0].file)
    day = {lang: date_words(build.day.isoformat(), lang) for lang in ("fr", "en")}
    source = (f'<div class="px-print-source"><p lang="fr">{_words(title["fr"], "fr")}, dans <cite>Parcours</cite>, '
              f"version {escape(build.version)} du {day['fr']}. {_words('En ligne :', 'fr')} {online}</p>"
              f'<p lang="en">{escape(title["en"])}, in <cite>Parcours</cite>, version {escape(build.version)} of '
              f'{day["en"]}. Online: {online}</p></div>\n')
    chosen = [s for s in sections if any(s["id"] in page.sections for page in printed)]
    out = [running_head(title, lang), source, _contents(chosen), symbols(game) + "\n"]
    paper = VIEWS[game].FIGURES.get("paper")
    if paper and name == next(iter(printed_pages(pages))):  # the book's first part: the game's figure for paper
        out.append(f'<div class="px-paper-figure">{paper()}</div>\n')
    # The steps' links: an article printed here on this page ("#", the default), any other on its rules
    # page (a printable page sits beside the rules pages: the same relative links lead there).
    here = {sid for page in printed for sid in page.sections}
    links = article_links(pages, url_of(printed[0].file), url_of)
    links = {sid: prefix for sid, prefix in links.items() if sid not in here} if isinstance(links, dict) else links
    for page in printed:
        for section in (s for s in sections if s["id"] in page.sections):
            shown = [printed_example_html(e, links, addresses[page.file]) for e in examples.get(section["id"], [])]
            out.append(_section(rules, section, shown, _texts(doc.data), docs, None))
    out.append(render_bibliography(docs, game))
    return "\n".join(out)


def running_head(title: dict[str, str], lang: str) -> str:
    """Every sheet's head but the first's: the title in the language choice printed (`lang`), in the
    page's margin (a CSS page-margin box: the browser's own print and make pdf's are the same book)."""
    words = title[lang] if lang in title else f"{title['fr']} · {title['en']}"
    text = json.dumps(" ".join(words.split()), ensure_ascii=False).replace("<", "\\3c ")
    return (f"<style>@page {{ @top-left {{ content: {text}; }} }} "
            f"@page :first {{ @top-left {{ content: none; }} }}</style>\n")


def _contents(sections: list[dict[str, Any]]) -> str:
    """The printed rulebook's contents: its parts' titles, each a link to its part."""
    items = "".join(f'<li><a href="#{anchor(s["id"])}">{_both(s["title"]["fr"], s["title"]["en"])}</a></li>'
                    for s in sections)
    return (f'<nav class="px-print-contents"><p class="px-print-contents-title">{_both("Sommaire", "Contents")}</p>'
            f"<ol>{items}</ol></nav>\n")


def links_template(links: Links) -> str:
    """Where the live steps' article links lead (example.mjs reads it)."""
    return f'<template class="px-links" data-search-exclude>{_template_json(links)}</template>'


def _texts(rulebook: dict[str, Any]) -> dict[str, str]:
    """What frames the two texts of every section: their tabs' labels, their sources' lines."""
    printed = rulebook["printed"]
    first = rulebook["source"].get("lang", "fr")
    second = "en" if first == "fr" else "fr"
    label = printed["original_label"]
    return {"first": first, "second": second,
            "original_label": _both(label["fr"], label["en"]),
            "translation_label": LANG_NAMES[second],
            "original_source": _words(printed["original_source"][first], first),
            "original_source_other": _words(printed["original_source"][second], second),
            "translation_source": _words(printed["translation_source"], second)}


def _section(rules: GameRules, section: dict[str, Any], examples: list[str], texts: dict[str, str],
             docs: Path, numbers: str | None) -> str:
    """A section of the rulebook: its two texts, its notes (on a rules page, with what each reading
    changes and a link to its figures on the numbers page, at `numbers`) and its worked examples (as HTML)."""
    ident = anchor(section["id"])
    title = bilingual_heading(section["title"]["fr"], section["title"]["en"])
    first, second = texts["first"], texts["second"]
    # The original's source line is not the original: a reader of the other language alone reads it
    # in that language (parcours.css shows px-source-other only then).
    sic = section.get("sic") or []
    original = (_marked_sic(_paragraphs(section["original"], first), sic, first, ident)
                + f'<p class="px-source" lang="{first}">{texts["original_source"]}</p>'
                + f'<p class="px-source px-source-other" lang="{second}">{texts["original_source_other"]}</p>')
    translation = typeset(_paragraphs(section["translation"], second), second) + \
        f'<p class="px-source" lang="{second}">{texts["translation_source"]}</p>'
    parts = [f"## {title} {{#{ident}}}\n",
             _parallel(ident, ((texts["original_label"], original), (texts["translation_label"], translation)))]
    if sic:
        items = "".join(f'<li id="{ident}-sic-{k + 1}"><q lang="{first}">{escape(s["text"])}</q>: '
                        f'<span lang="fr">{_words(s["note"]["fr"], "fr")}</span> '
                        f'· <span lang="en">{escape(s["note"]["en"])}</span></li>' for k, s in enumerate(sic))
        summary = _both("Les écarts du texte original, expliqués", "The original's slips, explained")
        parts.append(f'<details class="px-sic"><summary>[sic] {summary}</summary><ul>{items}</ul></details>\n')
    parts.extend(_note(rules, n, docs, numbers) for n in section.get("notes") or [])
    parts.extend(example + "\n" for example in examples)
    return "\n".join(parts)
