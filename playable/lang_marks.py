"""Each page leaves the build with its two languages marked for the reader's choice (parcours/lang.mjs):
the " · " between a French and an English text becomes a separator that a single language hides, the
titles Material writes as plain text are marked as their heading or mkdocs.yml's nav is, the tabs
titled English and Français say their language, and the browser tab's title carries each language's.

Pure text work on a finished page, with no builder's import: MkDocs runs it on each page
(playable/hooks.py, on_post_page), and scripts/build_zensical.py on each page Zensical wrote. Below,
the same for the entries of MkDocs' search index, which playable/hooks.py writes with each text's
language kept (index_text, index_title)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape, unescape
from typing import Any

# " · " between two texts each marked with its language: <span lang="fr">…</span> · <span lang="en">
BARE_SEPARATOR = re.compile(r'(?<=</span>) · (?=<span lang="(?:fr|en)">)')
LANGUAGE_TAB = re.compile(r'<label for="([\w-]+)">(English|Français)</label>')
# A heading in both languages, as the pages and macros write it, or in one language (attribute lang)
BILINGUAL_HEADING = re.compile(r'<h[1-6][^>]*><span lang="fr">(.*?)</span> · <span lang="en">(.*?)</span>')
ONE_LANGUAGE_HEADING = re.compile(r'<h[1-6] id="([^"]+)" lang="(fr|en)">')
TEXT = re.compile(r">([^<>]*?·[^<>]*?)<")
NAV_LABEL = re.compile(r'<nav class="md-nav" aria-label="([^"]*)">')  # unmarked: the match ends at its ">"
TAB_TITLE = re.compile(r"<title>([^<]*)</title>")


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


def mark_tab_title(html: str) -> str:
    """The page's <title>, "French · English - Site" as Material writes it, carrying each language's
    and both (data-px-fr, data-px-en, data-px-both), which parcours/lang.mjs and the theme's head
    (overrides/main.html) show as the reader chose."""
    def mark(match: re.Match[str]) -> str:
        title, dash, site = unescape(match.group(1)).rpartition(" - ")
        halves = title.split(" · ")
        if not dash or len(halves) != 2:
            return match.group(0)
        words = {"fr": halves[0] + dash + site, "en": halves[1] + dash + site, "both": title + dash + site}
        marks = "".join(f' data-px-{lang}="{escape(said)}"' for lang, said in words.items())
        return f"<title{marks}>{match.group(1)}</title>"

    return TAB_TITLE.sub(mark, html, count=1)


def mark_nav_labels(html: str) -> str:
    """The names Material gives a table of contents' inner lists (aria-label: the heading's title,
    "French · English"), carrying each language (data-px-fr, data-px-en) for lang.mjs to name them
    in the reader's choice."""
    def mark(match: re.Match[str]) -> str:
        halves = unescape(match.group(1)).split(" · ")
        if len(halves) != 2:
            return match.group(0)
        return (f'{match.group(0)[:-1]} data-px-fr="{escape(halves[0])}" data-px-en="{escape(halves[1])}"'
                ' data-px-words="aria-label">')

    return NAV_LABEL.sub(mark, html)


def mark_page(html: str, nav: list[Any]) -> str:
    """A finished page (nav: mkdocs.yml's nav) with its two languages marked. Marking a marked page
    changes nothing."""
    return mark_languages(mark_titles(mark_nav_labels(mark_tab_title(html)), nav_titles(nav)))


# ---------------------------------------------------------------- the search index
# Material's search shows a result's title whole and, of its text, the top-level blocks that hold the
# words found (two at most, joined as they are), as HTML. The index keeps each text's language as the
# pages do (playable/hooks.py: LanguageParser): a text in one language is a <span lang> (or a block
# whose words are all in one: <p lang>), the " · " between two texts a separator (px-sep), so that the
# stylesheet shows the reader's language alone in the results too. Here, once Material's parser has
# written a section's title and text: every run of text stands in a block of its own (a paragraph, a
# table's row), so that no two are ever shown glued, and a French and an English text that meet with
# no separator get one.

BREAK = "\u2029"  # where the page's layout ends a block (a division, a table's row): the text's block ends there
INLINE = frozenset({"span", "code", "sub", "sup"})  # the others Material keeps are blocks: p, li, ul, ol, pre
INDEX_TAG = re.compile(r"<(/?)([a-z0-9]+)([^>]*)>")
ONLY_LANG = re.compile(r'\s+lang="(fr|en)"')
SEPARATOR = '<span class="px-sep"> · </span>'
PRE_BLOCK = re.compile(r"(<pre>.*?</pre>)", re.DOTALL)
SPACES = re.compile(r"  +")


@dataclass
class _Element:
    tag: str
    attrs: str  # as written: ' lang="fr"', or ''
    children: list[_Element | str]

    def language(self) -> str | None:
        """The language of an element marked with it alone ("fr", "en"), or None."""
        match = ONLY_LANG.fullmatch(self.attrs)
        return match.group(1) if match else None

    def has_words(self) -> bool:
        return any(c.has_words() if isinstance(c, _Element) else c.replace(BREAK, " ").strip() for c in self.children)

    def html(self) -> str:
        return f"<{self.tag}{self.attrs}>{''.join(_html(c) for c in self.children)}</{self.tag}>"


def _html(node: _Element | str) -> str:
    return node if isinstance(node, str) else node.html()


def _tree(fragment: str) -> list[_Element | str]:
    """The index's HTML (Material's kept tags, the languages' spans; its text escaped) as a tree. A
    closing tag without its opening one is left out; an element left open is closed at the end."""
    root = _Element("", "", [])
    stack = [root]
    at = 0
    for match in INDEX_TAG.finditer(fragment):
        if match.start() > at:
            stack[-1].children.append(fragment[at:match.start()])
        at = match.end()
        closing, tag, attrs = match.groups()
        if not closing:
            element = _Element(tag, attrs, [])
            stack[-1].children.append(element)
            stack.append(element)
        elif any(e.tag == tag for e in stack[1:]):
            while stack.pop().tag != tag:
                pass
    if at < len(fragment):
        stack[-1].children.append(fragment[at:])
    return root.children


def _last_element(nodes: list[_Element | str]) -> _Element | None:
    """The last element of nodes, if only white space follows it."""
    for node in reversed(nodes):
        if isinstance(node, _Element):
            return node
        if node.strip():
            return None
    return None


def _clean(nodes: list[_Element | str]) -> list[_Element | str]:
    """Inside a block: breaks as spaces, empty elements left out, a block whose texts are all in one
    language marked with it, and a separator where a French and an English text meet without one."""
    out: list[_Element | str] = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node.replace(BREAK, " "))
            continue
        node.children = _clean(node.children)
        if not node.has_words():
            continue
        if node.tag in ("p", "li"):
            _one_language(node)
        before = _last_element(out)
        if (before is not None and before.tag in INLINE and node.tag in INLINE
                and {before.language(), node.language()} == {"fr", "en"}):
            while isinstance(out[-1], str):
                out.pop()
            out.append(_tree(SEPARATOR)[0])
        out.append(node)
    return out


def _one_language(block: _Element) -> None:
    """A block whose every text is in spans of one language takes the language itself (<p lang="fr">)."""
    langs = _languages(block.children)
    if len(langs) == 1 and None not in langs and not block.attrs:
        block.attrs = f' lang="{langs.pop()}"'
        block.children = _unmarked(block.children)


def _languages(nodes: list[_Element | str]) -> set[str | None]:
    """The languages the nodes' texts are marked with (None: a text marked with none)."""
    langs: set[str | None] = set()
    for node in nodes:
        if isinstance(node, str):
            langs |= {None} if node.strip() else set()
        else:
            langs |= {node.language()} if node.tag == "span" else _languages(node.children)
    return langs


def _unmarked(nodes: list[_Element | str]) -> list[_Element | str]:
    """The nodes without their languages' spans (their texts kept)."""
    out: list[_Element | str] = []
    for node in nodes:
        if isinstance(node, _Element) and node.tag == "span" and node.language():
            out += node.children
        elif isinstance(node, _Element):
            node.children = _unmarked(node.children)
            out.append(node)
        else:
            out.append(node)
    return out


def _paragraphs(nodes: list[_Element | str]) -> list[_Element | str]:
    """The top level as blocks only: each run of text and inline elements between two breaks or two
    blocks becomes a paragraph."""
    blocks: list[_Element | str] = []
    run: list[_Element | str] = []

    def end_run() -> None:
        if run:
            blocks.append(_Element("p", "", run.copy()))
            run.clear()

    for node in nodes:
        if isinstance(node, _Element) and node.tag not in INLINE:
            end_run()
            blocks.append(node)
            continue
        parts: list[_Element | str] = list(node.split(BREAK)) if isinstance(node, str) else [node]
        for i, part in enumerate(parts):
            if i:
                end_run()
            if part:
                run.append(part)
    end_run()
    return blocks


def index_text(text: str) -> str:
    """A section's text for the index: blocks only, each text in its language (see above)."""
    html = "".join(_html(n) for n in _clean(_paragraphs(_tree(text))))
    return "".join(part if part.startswith("<pre>") else SPACES.sub(" ", part) for part in PRE_BLOCK.split(html))


def index_title(title: str) -> str:
    """A section's title for the index: each text in its language, a separator between two."""
    return "".join(_html(n) for n in _clean(_tree(title))).strip()


def bilingual(title: str) -> str:
    """A title written as plain text, "French · English" (mkdocs.yml's nav), as a heading is marked."""
    halves = title.split(" · ")
    if len(halves) != 2:
        return escape(title, quote=False)
    return f'<span lang="fr">{escape(halves[0], quote=False)}</span>{SEPARATOR}' \
           f'<span lang="en">{escape(halves[1], quote=False)}</span>'
