"""MkDocs hooks: check the site's data before anything is built (a bad file fails the build with
file:line: fault), vendor Pyodide and the engine's wheel again if the engine changed since
(playable/vendor.py: a build ships the engine it was built with), ship the scripts and styles of
playable/assets with the site, and mark each page's two languages.

mkdocs.yml names only the entry point (parcours/parcours.mjs) and the stylesheet; the modules it
imports, the worker and the rest are copied into docs/parcours/ before the files are gathered
(playable/ship.py), each at the same path under the site. Each page leaves with its two languages
marked for the reader's choice (playable/lang_marks.py), its identifiers set as code free to break after
their dots (playable/breaks.py), with what citation managers read of it (playable/citation_meta.py). Once built,
every link that stays in the site must lead to a page and an element of it (playable/link_check.py).
Once built, the site's own files are named by their content (playable/release.py) and the site is
made to read and play offline (playable/offline.py: the build's version in each page, the service
worker sw.js and its manifest).
(Material's own words and the 404 page: the theme's overrides/ directory, mkdocs.yml custom_dir.)

Zensical runs no MkDocs hook: scripts/build_zensical.py does the same work around its build, with the
same modules."""

from __future__ import annotations

import importlib
import logging
import sys
from pathlib import Path
from typing import Any

from material.plugins.search.plugin import Element, Parser, SearchIndex, Section, void
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

PROJECT = Path(__file__).parent.parent
if str(PROJECT) not in sys.path:  # mkdocs loads this file by path, not as part of the package
    sys.path.insert(0, str(PROJECT))

from playable.breaks import code_breaks
from playable.citation import build_stamp
from playable.citation_meta import Edition, cite_page
from playable.lang_marks import BREAK, SEPARATOR, bilingual, index_text, index_title, mark_languages, mark_page
from playable.link_check import broken_links
from playable.offline import finish_offline
from playable.release import ReleaseError
from playable.search_later import SearchLaterError
from playable.ship import ShipError, ship_assets
from playable.styles import added_styles
from playable.vendor import VendorError, ensure_vendored

log = logging.getLogger("mkdocs.hooks.parcours")
CITED: dict[str, Edition] = {}  # the edition in this build (its version, date, commit), the same on every page


@event_priority(-50)  # after Material's search plugin set up its index (its own on_config)
def on_config(config: Any) -> None:
    """The search index keeps each text's language and the blocks of the page's layout (LanguageIndex)."""
    search = config.plugins.get("material/search")
    if search is not None and getattr(search.config, "enabled", True):
        search.search_index = LanguageIndex(**search.config)


def on_pre_build(config: Any) -> None:
    docs = Path(config["docs_dir"])
    importlib.import_module("playable.freshness").check_fresh(docs)  # made by these rules? (first: see there)
    importlib.import_module("playable.data_check").check_site(docs)
    try:
        vendored = ensure_vendored(docs / "assets" / "vendor")
        ship_assets(docs, added=added_styles())  # each game's own styles after the site's
    except (ShipError, VendorError) as err:
        raise PluginError(str(err)) from err
    if vendored:
        log.info(vendored)
    CITED["edition"] = Edition(config["site_name"], config["site_url"], build_stamp(PROJECT))


def on_post_page(output: str, page: Any, config: Any) -> str:
    if page is not None:  # (the 404 page: nothing to cite)
        output = cite_page(output, page.file.dest_uri, CITED["edition"])
    return code_breaks(mark_page(output, config["nav"] or []))


def on_post_template(output: str, template_name: str, config: Any) -> str:
    """The 404 page (a template of the theme, not a page of docs/): its menu marked like a page's."""
    return on_post_page(output, None, config) if template_name == "404.html" else output


def on_post_build(config: Any) -> None:
    site = Path(config["site_dir"])
    broken = broken_links(site, config["site_url"] or "")
    if broken:
        raise PluginError(f"{len(broken)} links of the site lead nowhere:\n  " + "\n  ".join(broken[:40]))
    try:
        finish_offline(site)
    except (ReleaseError, SearchLaterError) as err:
        raise PluginError(str(err)) from None


# ---------------------------------------------------------------- the search index
# Material's search plugin writes each section's title and text as plain text (its parser keeps a few
# tags: p, li, code...), every language mark and every cell's edge gone: "Les chiffres du jeu · The
# game's own figuresPar courseMoyenne". Its index, made by this parser instead, keeps them (Material
# 9.8, mkdocs.yml's search plugin: the same sections, locations and fields), and lang_marks.index_text
# and index_title put them in the form the results show (a language alone: the stylesheet, as on the
# pages; lang.mjs leaves out a result whose title is all in the other language).

# Elements whose edges end a block of text on the page (Material keeps p, li, ul, ol and pre itself)
BLOCKS = frozenset({"address", "article", "aside", "blockquote", "button", "caption", "dd", "details", "div", "dl",
                    "dt", "fieldset", "figcaption", "figure", "footer", "form", "header", "label", "legend", "nav",
                    "option", "section", "select", "summary", "table", "tbody", "tfoot", "thead", "tr"})
CELL = " | "  # between two cells of a table's row


class LanguageParser(Parser):  # type: ignore[misc]
    """Material's parser of a page into sections, which also keeps each text's language (its element's
    lang, or its tab's: the tabs titled Français and English), the separators between two languages,
    and where the page's layout ends a block (BREAK) or a cell (CELL). Words lang.mjs writes in the
    reader's choice (data-px-words) are taken in both languages from data-px-fr and data-px-en. A
    quotation of the original in a sentence or a collation's cell (.px-sic q, .px-original) is shown in
    every language, as on the page. The tabs' titles and the drawings (svg) are left out.
    (Material's Element objects carry what is known of each: px_lang, px_tabs, px_cell...)"""

    section: Any  # Material's: the section being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        hidden = tag == "svg" or "tabbed-labels" in classes or "data-search-exclude" in values
        if hidden:
            attrs = [*attrs, ("data-search-exclude", None)]
        super().handle_starttag(tag, attrs)
        if tag in void:
            if tag == "br":
                self.handle_data(" ")
            return
        element = self.context[-1]
        if hidden:  # (Material's parser forgets it when an element of the same name inside it ends)
            element.px_hidden = True
        self._language(element, tag, classes, values.get("lang"))
        if self._skipped():
            return
        if "px-sep" in classes:
            element.px_sep = True
            self._target().append('<span class="px-sep">')
        if tag in BLOCKS:
            self._break()
        if tag in ("td", "th") and (row := self._nearest("tr")) is not None:
            target = self._target()  # where CELL goes if the cell has words, after the row's last
            row.px_cell = (target, len(target), self._lang(self.context[:-1]))
        if values.get("data-px-words") == "text":
            element.px_drawn = True
            fr, en = values.get("data-px-fr") or "", values.get("data-px-en") or ""
            self._words(fr, "fr" if en != fr else None)
            if en != fr:
                self._target().append(SEPARATOR)
                self._words(en, "en")

    def handle_endtag(self, tag: str) -> None:
        if self.context and self.context[-1] == tag and not self._skipped():
            if getattr(self.context[-1], "px_sep", False):
                self._target().append("</span>")
            if tag in BLOCKS:
                self._break()
        super().handle_endtag(tag)

    def handle_data(self, data: str) -> None:
        if any(hasattr(e, "px_drawn") or hasattr(e, "px_hidden") for e in self.context):
            return  # left out, or its element's words are written in both languages
        if not data.strip() or self._skipped():
            super().handle_data(data)
        else:
            self._words(data, self._lang(self.context))

    def _words(self, data: str, lang: str | None) -> None:
        """Words, as Material's parser writes them, in a span of their language if they have one; the
        first of a table's cell after the last of its row's other cells, with CELL between (unless a
        block between already starts a new one)."""
        row = self._nearest("tr")
        if row is not None and getattr(row, "px_cell", None):
            target, at, row_lang = row.px_cell
            if getattr(row, "px_said", False) and not row.px_broken:
                target[at:at] = [f'<span lang="{row_lang}">', CELL, "</span>"] if row_lang else [CELL]
            row.px_cell, row.px_said = None, True
        target = self._target()
        before = len(target)
        super().handle_data(data)
        if lang and len(target) > before:  # kept (a heading's permalink is not)
            target.insert(before, f'<span lang="{lang}">')
            target.append("</span>")
        if row is not None:
            row.px_broken = False

    @staticmethod
    def _lang(context: list[Any]) -> str | None:
        """The language of a text within these elements: the innermost's that says one."""
        return next((e.px_lang for e in reversed(context) if hasattr(e, "px_lang")), None)

    def _language(self, element: Any, tag: str, classes: list[str], lang: str | None) -> None:
        """The element's language for its texts (px_lang; None: every language's), where it says one."""
        tabs = next((e for e in reversed(self.context) if hasattr(e, "px_tabs")), None)
        if "tabbed-set" in classes:
            element.px_tabs, element.px_blocks = [], 0
        elif tag == "label" and tabs is not None:
            tabs.px_tabs.append(lang)
        elif "tabbed-block" in classes and tabs is not None:
            lang = lang or (tabs.px_tabs[tabs.px_blocks] if tabs.px_blocks < len(tabs.px_tabs) else None)
            tabs.px_blocks += 1
        quotation = tag == "q" and any("px-sic" in (e.attrs.get("class") or "").split() for e in self.context)
        if "px-original" in classes or "px-sep" in classes or quotation:
            element.px_lang = None
        elif lang:
            element.px_lang = lang

    def _nearest(self, tag: str) -> Any:
        return next((e for e in reversed(self.context) if e.tag == tag), None)

    def _skipped(self) -> bool:
        return bool(self.skip.intersection(self.context)) or any(hasattr(e, "px_hidden") for e in self.context)

    def _target(self) -> list[str]:
        """Where the text goes now: the section's title, or its text (as Material's parser decides)."""
        if not self.section:
            self.section = Section(Element("hx"))
            self.data.append(self.section)
        return self.section.title if self.section.el in self.context else self.section.text  # type: ignore[no-any-return]

    def _break(self) -> None:
        if "pre" not in self.context:
            self._target().append(BREAK)
            if (row := self._nearest("tr")) is not None:
                row.px_broken = True


class LanguageIndex(SearchIndex):  # type: ignore[misc]
    """Material's search index, of the sections LanguageParser finds (SearchIndex.add_entry_from_context,
    with this parser), each entry's title and text in the form the results show."""

    def add_entry_from_context(self, page: Any) -> None:
        if (page.meta.get("search") or {}).get("exclude"):
            return
        parser = LanguageParser()
        parser.feed(mark_languages(page.content))
        parser.close()
        for section in parser.data:
            if section.is_excluded():
                continue
            if not section.title:  # Material's own default, marked as a heading is
                section.title = [bilingual(str(page.meta.get("title", page.title)))]
            self.create_entry_for_section(section, page.toc, page.url, page)
            entry = self.entries[-1]
            entry["title"], entry["text"] = index_title(entry["title"]), index_text(entry["text"])
