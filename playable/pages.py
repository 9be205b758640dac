"""The pages a rulebook is printed on (its `pages`, else one: rules.md), the printable pages that
print them for paper, and where a step's link to an article leads from any page of the site."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mkdocs.utils import get_relative_url

from parcours_view.film import Links


@dataclass(frozen=True)
class RulesPage:
    """A page the rulebook is printed on: its Markdown file (from docs/), its sections' ids and, if
    the rulebook takes several pages, what part of the rules it prints, and the printable page that
    prints it (its `print`: all of them, print, unless one would be too heavy)."""
    file: str
    sections: tuple[str, ...]
    title: dict[str, str] | None = None
    printed: str = "print"


def rules_pages(game: str, rulebook: dict[str, Any]) -> list[RulesPage]:
    """The rulebook's pages (its `pages`, each from its first section to the next one's): without
    them, one page, rules.md."""
    ids = [section["id"] for section in rulebook["sections"]]
    pages = rulebook.get("pages") or [{"file": "rules.md", "from": ids[0]}]
    starts = [ids.index(page["from"]) for page in pages] + [len(ids)]
    return [RulesPage(f"{game}/{page['file']}", tuple(ids[start:end]), page.get("title"), page.get("print", "print"))
            for page, start, end in zip(pages, starts, starts[1:], strict=False)]


# A printable page's language choice (as lang.mjs's), and how its file's name ends
PRINTED = {"fr": "-fr", "en": "-en", "both": ""}


def printed_pages(pages: list[RulesPage]) -> dict[str, list[RulesPage]]:
    """The printable rulebook: each printable page's name (print, print-level-2: in each language choice,
    docs/<game>/print-level-2-fr.md, print-level-2-en.md and print-level-2.md) and the rules pages it
    prints, in the rulebook's order."""
    printed: dict[str, list[RulesPage]] = {}
    for page in pages:
        printed.setdefault(page.printed, []).append(page)
    return printed


def printed_file(game: str, name: str, lang: str) -> str:
    """A printable page's Markdown file (from docs/) in a language choice."""
    return f"{game}/{name}{PRINTED[lang]}.md"


def page_of(pages: list[RulesPage]) -> dict[str, str]:
    """Each section's page (its Markdown file, from docs/)."""
    return {sid: page.file for page in pages for sid in page.sections}


def article_links(pages: list[RulesPage], here: str, url_of: Callable[[str], str]) -> Links:
    """Where the steps' article links lead from the page at the site URL `here`: "" the default (this
    page if it prints part of the rulebook, else its first page), then every article on another page.
    url_of: a Markdown file's site URL."""
    urls = {page.file: url_of(page.file) for page in pages}
    default = here if here in urls.values() else urls[pages[0].file]

    def prefix(url: str) -> str:
        return "#" if url == here else get_relative_url(url, here) + "#"

    links = {"": prefix(default)}
    for page in pages:
        if urls[page.file] != default:
            links.update(dict.fromkeys(page.sections, prefix(urls[page.file])))
    return links


# A relative link in raw HTML: not an anchor alone, not from the root, not with a scheme (https:, mailto:)
RELATIVE_HREF = re.compile(r'href="(?![#/]|[A-Za-z][\w+.-]*:)([^"#]+)(#[^"]*)?"')


def source_relative(html: str, page_url: str, source: str) -> str:
    """The raw HTML of a page whose links are written relative to its URL (page_url, as veldiv/rules/),
    as MkDocs leaves them, with each link written relative to its Markdown file (source, as
    veldiv/rules.md) instead, as Zensical reads a link in raw HTML (it writes it back relative to the
    page's URL): the same address either way."""
    base = posixpath.dirname(source)

    def rewrite(match: re.Match[str]) -> str:
        path, fragment = match.group(1), match.group(2) or ""
        target = posixpath.normpath(posixpath.join(page_url, path))
        moved = posixpath.relpath(target, base or ".")
        slash = "/" if path.endswith("/") and moved != "." else ""
        return f'href="{"./" if moved == "." else moved + slash}{fragment}"'

    return RELATIVE_HREF.sub(rewrite, html)
