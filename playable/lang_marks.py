"""Each page leaves the build with its two languages marked for the reader's choice (parcours/lang.mjs):
the " · " between a French and an English text becomes a separator that a single language hides, the
titles Material writes as plain text are marked as their heading or mkdocs.yml's nav is, and the tabs
titled English and Français say their language.

Pure text work on a finished page, with no builder's import: MkDocs runs it on each page
(playable/hooks.py, on_post_page), and scripts/build_zensical.py on each page Zensical wrote."""

from __future__ import annotations

import re
from html import escape, unescape
from typing import Any

# " · " between two texts each marked with its language: <span lang="fr">…</span> · <span lang="en">
BARE_SEPARATOR = re.compile(r'(?<=</span>) · (?=<span lang="(?:fr|en)">)')
LANGUAGE_TAB = re.compile(r'<label for="([\w-]+)">(English|Français)</label>')
# A heading in both languages, as the pages and macros write it, or in one language (attribute lang)
BILINGUAL_HEADING = re.compile(r'<h[1-6][^>]*><span lang="fr">(.*?)</span> · <span lang="en">(.*?)</span>')
ONE_LANGUAGE_HEADING = re.compile(r'<h[1-6] id="([^"]+)" lang="(fr|en)">')
TEXT = re.compile(r">([^<>]*?·[^<>]*?)<")


def nav_titles(nav: list[Any]) -> list[str]:
    """Every title of mkdocs.yml's nav ("French · English" where it holds a " · ")."""
    titles = []
    for item in nav:
        for title, value in (item.items() if isinstance(item, dict) else []):
            titles.append(title)
            if isinstance(value, list):
                titles.extend(nav_titles(value))
    return titles


def mark_titles(html: str, nav: list[str]) -> str:
    """Titles that Material writes as plain text (the menu, the header, the table of contents), each
    marked as its heading or mkdocs.yml's nav is: "A · B" becomes A and B each with its language, and
    the table of contents' entry of a heading in one language takes its language."""
    pairs = {_spaced(unescape(f"{fr} · {en}")): (fr, en) for fr, en in BILINGUAL_HEADING.findall(html)}
    pairs.update({_spaced(title): (escape(title.split(" · ")[0]), escape(title.split(" · ")[1]))
                  for title in nav if title.count(" · ") == 1})

    def mark(match: re.Match[str]) -> str:
        text = match.group(1)
        words = pairs.get(_spaced(unescape(text)))
        if not words:
            return match.group(0)
        marked = f'<span lang="fr">{words[0]}</span> · <span lang="en">{words[1]}</span>'
        return ">" + text.replace(text.strip(), marked) + "<"

    html = TEXT.sub(mark, html)
    for ident, lang in ONE_LANGUAGE_HEADING.findall(html):
        link = f'<a href="#{ident}" class="md-nav__link"'
        html = html.replace(link + ">", f'{link} lang="{lang}">')
    return html


def _spaced(text: str) -> str:
    """A title with its spaces as one plain space each: Material writes the table of contents' titles
    with its template filter striptags, which makes a heading's no-break spaces plain ones."""
    return " ".join(text.split())


def mark_languages(html: str) -> str:
    """The page with its bare separators marked (class px-sep) and its language tabs marked (lang)."""
    html = BARE_SEPARATOR.sub('<span class="px-sep"> · </span>', html)
    return LANGUAGE_TAB.sub(lambda m: f'<label for="{m.group(1)}" lang="{"en" if m.group(2) == "English" else "fr"}">'
                            f"{m.group(2)}</label>", html)


def mark_page(html: str, nav: list[Any]) -> str:
    """A finished page (nav: mkdocs.yml's nav) with its two languages marked. Marking a marked page
    changes nothing."""
    return mark_languages(mark_titles(html, nav_titles(nav)))
