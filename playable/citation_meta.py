"""What citation managers read of a page (Zotero, Mendeley, Google Scholar): Highwire Press's citation_*
tags and schema.org's JSON-LD in its head, and its reference to download as BibTeX, RIS and CSL-JSON in
each of its languages, from its citation aside (or an aside of its own where the page has none).

All of it is said from what the build knows, written nowhere else: the page's title (its heading), its
address (site_url's), the edition's name (mkdocs.yml's site_name: the project names itself so, as
author and as the work the page is part of), the games' names (their packages' terms), and the build's
version, date and commit (citation.py's Build: the commit is for machines, never in a sentence).

Pure text work on a finished page, with no builder's import, as lang_marks.py: MkDocs runs it on each
page (playable/hooks.py, on_post_page), and so may scripts/build_zensical.py on each page Zensical wrote."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape, unescape
from typing import Any
from urllib.parse import quote

from parcours import all_games
from parcours.core import typeset

from .citation import EDITION, Build

LANGS = ("fr", "en")
HEADING = re.compile(r"<h1[^>]*>(.*?)</h1>", re.DOTALL)
PERMALINK = re.compile(r'<a class="headerlink".*?</a>', re.DOTALL)
SPAN = re.compile(r'<span lang="(fr|en)">(.*?)</span>', re.DOTALL)
PRINTED = re.compile(r'class="px-print" data-px-print="(fr|en)"')  # a printable page in one language (macros.py)
LEAD = {"fr": "Télécharger la référence de cette page :", "en": "Download this page's reference:"}
LANGID = {"fr": "french", "en": "english"}  # biblatex's names of the languages


@dataclass(frozen=True)
class Edition:
    """The edition a page is part of, in this build."""

    name: str  # mkdocs.yml's site_name
    home: str  # its site_url
    build: Build


@dataclass(frozen=True)
class Citable:
    """A page as its references say it."""

    title: dict[str, str]  # in each of its languages
    langs: tuple[str, ...]  # both, or a printable page's one (its front matter's `print: fr`)
    url: str
    key: str  # a name for its files and its BibTeX entry: parcours-veldiv-rules
    games: list[dict[str, str]]  # the games it is about, each's name in both languages
    edition: str  # the edition's name
    home: str  # the edition's address
    build: Build


def citable(html: str, path: str, edition: Edition) -> Citable:
    """A finished page (path: its address under the site's, "veldiv/rules/"; the home page's, "")."""
    printed = PRINTED.search(html)
    game = path.split("/")[0]
    key = re.sub(r"[^a-z0-9]+", "-", f"{edition.name} {path}".lower()).strip("-")
    return Citable(heading_title(html, path), (printed[1],) if printed else LANGS, edition.home + path, key,
                   game_names(game) if game in all_games() else [], edition.name, edition.home, edition.build)


def heading_title(html: str, path: str) -> dict[str, str]:
    """A page's title, its heading's words: each language's where it says both (its spans), else one for both."""
    found = HEADING.search(html)
    if not found:
        raise ValueError(f"{path or 'the home page'}: no heading to take its title from")
    heading = PERMALINK.sub("", found[1])
    said = {lang: _text(words) for lang, words in SPAN.findall(heading)}
    return said if set(said) == set(LANGS) else dict.fromkeys(LANGS, _text(heading))


def _text(html: str) -> str:
    """Markup's words, its spaces between tags made one (a no-break space kept: French sets it)."""
    return re.sub(r"[ \t\r\n]+", " ", unescape(re.sub(r"<[^>]+>", "", html))).strip(" \t\r\n")


def game_names(game: str) -> list[dict[str, str]]:
    """The games a package of the engine is about, as its terms name them: its title, else its name as
    a game, else (the Corriere's Velocità and Mezzo fondo, each a race of one package) each race's own."""
    rules = all_games()[game]
    names = rules.TERMS.names
    keys = next(([k] for k in ("title", "game") if k in names), [rid.split(".", 1)[1] for rid in rules.RACES])
    return [{lang: _capital(names[k][lang]) for lang in LANGS} for k in keys if k in names]


def _capital(name: str) -> str:
    return name[:1].upper() + name[1:]  # a name standing alone ("course de chevaux")


# ---------------------------------------------------------------- the head: citation_* and JSON-LD

def head_tags(c: Citable) -> str:
    """Highwire Press's tags (one title: both languages' as the page's heading shows them), then the JSON-LD."""
    day = f"{c.build.day:%Y/%m/%d}"  # Highwire's form of a date
    tags = [("citation_title", " · ".join(dict.fromkeys(c.title[lang] for lang in c.langs))),
            ("citation_author", c.edition), ("citation_publication_date", day), ("citation_date", day),
            *(("citation_language", lang) for lang in c.langs), ("citation_public_url", c.url),
            ("citation_abstract_html_url", c.url), ("citation_version", c.build.version)]
    meta = "".join(f'<meta name="{name}" content="{escape(value)}">' for name, value in tags)
    text = json.dumps(json_ld(c), ensure_ascii=False, separators=(",", ":"))
    text = text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")  # nothing ends the script
    return f'{meta}<script type="application/ld+json">{text}</script>'


def json_ld(c: Citable) -> dict[str, Any]:
    """The page as schema.org says it: a WebPage of the edition, about its games."""
    day = c.build.day.isoformat()
    data: dict[str, Any] = {
        "@context": "https://schema.org", "@type": "WebPage", "name": _tagged(c.title, c.langs), "url": c.url,
        "inLanguage": list(c.langs), "version": c.build.version, "datePublished": day, "dateModified": day,
        "author": {"@type": "Organization", "name": c.edition},
        "isPartOf": {"@type": "WebSite", "name": c.edition, "url": c.home, "version": c.build.version},
    }
    if c.games:
        data["about"] = [{"@type": "Game", "name": _tagged(name, LANGS)} for name in c.games]
    if c.build.commit:
        data["identifier"] = {"@type": "PropertyValue", "propertyID": "git describe", "value": c.build.commit}
    return data


def _tagged(words: dict[str, str], langs: tuple[str, ...]) -> str | list[dict[str, str]]:
    """Words alike in every language as one string, else each with its language (JSON-LD's @language:
    never "A · B", which a machine would take for one title)."""
    said = {lang: words[lang] for lang in langs}
    if len(set(said.values())) == 1:
        return next(iter(said.values()))
    return [{"@language": lang, "@value": text} for lang, text in said.items()]


# ---------------------------------------------------------------- the references to download

def bibtex(c: Citable, lang: str) -> str:
    """A biblatex @online entry (BibTeX reads its fields too); the edition as a name of its own ({{…}})."""
    day = c.build.day
    fields = [("author", f"{{{_bib(c.edition)}}}"), ("title", f"{{{_bib(c.title[lang])}}}"),
              ("note", _bib(_capital(EDITION[lang]))), ("version", _bib(c.build.version)),
              ("date", day.isoformat()), ("year", str(day.year)), ("url", c.url), ("langid", LANGID[lang])]
    return f"@online{{{c.key},\n" + "".join(f"  {name} = {{{value}}},\n" for name, value in fields) + "}\n"


def _bib(text: str) -> str:
    """Text as TeX reads it: its special characters escaped (every brace then balanced)."""
    text = text.replace("\\", "\\textbackslash ")
    text = re.sub(r"([{}&%$#_])", r"\\\1", text)
    return text.replace("~", "\\textasciitilde ").replace("^", "\\textasciicircum ")


def ris(c: Citable, lang: str) -> str:
    """A RIS record of a web page (ELEC): the version as its edition (ET), the edition as the work it is in (T2)."""
    day = c.build.day
    tags = [("TY", "ELEC"), ("TI", c.title[lang]), ("AU", c.edition), ("T2", c.edition), ("ET", c.build.version),
            ("PY", str(day.year)), ("DA", f"{day:%Y/%m/%d}"), ("UR", c.url), ("LA", lang),
            ("N1", _capital(EDITION[lang])), ("ER", "")]
    return "".join(f"{tag}  - {value}\r\n" for tag, value in tags)  # the format's own line ends


def csl_json(c: Citable, lang: str) -> str:
    """CSL-JSON (what Zotero and citeproc read): a list of one item."""
    day = c.build.day
    item = {"id": c.key, "type": "webpage", "title": c.title[lang], "author": [{"literal": c.edition}],
            "container-title": c.edition, "version": c.build.version,
            "issued": {"date-parts": [[day.year, day.month, day.day]]}, "URL": c.url, "language": lang,
            "note": _capital(EDITION[lang])}
    return json.dumps([item], ensure_ascii=False) + "\n"


# Each format: its name as reference managers list it, its file's extension, its media type, its writer
FORMATS: tuple[tuple[str, str, str, Callable[[Citable, str], str]], ...] = (
    ("BibTeX", "bib", "application/x-bibtex", bibtex),
    ("RIS", "ris", "application/x-research-info-systems", ris),
    ("CSL-JSON", "json", "application/vnd.citationstyles.csl+json", csl_json),
)


def reference_links(c: Citable) -> str:
    """The page's reference in each of its languages, each format a file in the link itself (a data:
    address: written at build time, no script, no file more for the offline copy to keep)."""
    said = []
    for lang in c.langs:
        links = ", ".join(
            f'<a href="data:{mime};charset=utf-8,{quote(write(c, lang), safe="")}" '
            f'download="{c.key}-{lang}.{extension}" type="{mime}">{name}</a>'
            for name, extension, mime, write in FORMATS)
        said.append(f'<p lang="{lang}">{typeset(escape(LEAD[lang]), lang)} {links}.</p>')
    # in both languages side by side, as the citation's sentences above them (px-bi)
    return f'<div class="px-bi px-reference" data-search-exclude>{"".join(said)}</div>'


def cite_page(html: str, file: str, edition: Edition) -> str:
    """A finished page (file: its path in the site, "veldiv/rules/index.html") with what citation managers
    read: its head's tags, and its references to download at the end of its citation aside (or an aside
    of its own at the end of the page where it has none). Any other file (the 404 page, served at any
    address: nothing to cite) is left as it is."""
    if not (file == "index.html" or file.endswith("/index.html")) or "</article>" not in html:
        return html
    c = citable(html, file.removesuffix("index.html"), edition)
    links = reference_links(c)
    aside = html.find('<aside class="px-citation"')
    if aside < 0:
        at, links = html.rindex("</article>"), f'<aside class="px-citation px-reference-only" id="cite">{links}</aside>'
    else:
        at = html.index("</aside>", aside)
    html = html[:at] + links + html[at:]
    at = html.index("</head>")
    return html[:at] + head_tags(c) + html[at:]
