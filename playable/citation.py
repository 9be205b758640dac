"""How to cite a rules page: its title, this edition, the version and date of the build, and the
anchor of an article, in both languages."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from datetime import UTC, date, datetime
from html import escape, unescape
from importlib.metadata import version
from pathlib import Path

from parcours.core import typeset

from .archive import date_words

BREAK_AFTER_SLASH = re.compile(r"(?<=[^/:]/)(?=[^/])")  # not inside "http://"
TITLE = re.compile(r'# <span lang="fr">(?P<fr>[^<]+)</span> · <span lang="en">(?P<en>[^<]+)</span>')
# What the edition is, in each language: the citation's sentence and the references to download say it
EDITION = {"fr": "édition bilingue français-anglais", "en": "bilingual French–English edition"}


@dataclass(frozen=True)
class Build:
    version: str  # the package's version, as the citation says it
    day: date
    commit: str = ""  # `git describe` when the tree is a checkout: in the citation's data, not its sentence


def build_stamp(root: Path) -> Build:
    """The version and the date of this build; the date is SOURCE_DATE_EPOCH's when it is set,
    so that the same sources build the same pages."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = datetime.fromtimestamp(int(epoch), UTC) if epoch else datetime.now(UTC)
    described = _git_describe(root)
    number = version("parcours")
    return Build(number, moment.date(), described)


def _git_describe(root: Path) -> str:
    try:
        done = subprocess.run(["git", "describe", "--tags", "--always"], cwd=root, capture_output=True, text=True,
                              timeout=10, check=False)
    except OSError:
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def page_title(page: Path) -> dict[str, str]:
    """A page's title, its h1 in each language (`# <span lang="fr">…</span> · <span lang="en">…</span>`),
    which its citation quotes, so that the two never differ."""
    first = page.read_text(encoding="utf-8").lstrip().splitlines()[0]
    found = TITLE.fullmatch(first.strip())
    if not found:
        raise ValueError(f"{page}: its first line is not a title in both languages "
                         '(# <span lang="fr">…</span> · <span lang="en">…</span>): {first!r}')
    return {"fr": unescape(found["fr"]), "en": unescape(found["en"])}


def citation_box(title: dict[str, str], address: str, article: str, article_title: dict[str, str],
                 build: Build) -> str:
    """title: the page's own (page_title); address: the page's full address (the site_url's: the
    Pages workflow sets the published one); article: the anchor of an article given as the example."""
    day = {lang: date_words(build.day.isoformat(), lang) for lang in ("fr", "en")}
    fr = (f"<p>« {escape(title['fr'])} », dans <cite>Parcours</cite>, {EDITION['fr']}, "
          f"version {escape(build.version)} du {day['fr']}, "
          f"{_address(address)}.</p>"
          f"<p>Chaque article a son ancre, que donne le lien ¶ de son titre : "
          f"« {escape(article_title['fr'])} » se cite {_address(address, article)}.</p>")
    en = (f"<p>“{escape(title['en'])}”, in <cite>Parcours</cite>, {EDITION['en']}, "
          f"version {escape(build.version)} of {day['en']}, {_address(address)}.</p>"
          f"<p>Each article has its anchor, given by the ¶ link of its heading: "
          f"“{escape(article_title['en'])}” is cited as {_address(address, article)}.</p>")
    commit = f' data-commit="{escape(build.commit)}"' if build.commit else ""
    return (f'<aside class="px-citation" id="cite"{commit}><p class="px-citation-title">'
            f'<span lang="fr">Comment citer cette page</span> · <span lang="en">How to cite this page</span></p>'
            f'<div class="px-bi"><div lang="fr">{typeset(fr, "fr")}</div><div lang="en">{en}</div></div></aside>')


def _address(address: str, anchor: str = "") -> str:
    """A page's address (with an article's anchor) as the citation prints it: a line may break after
    a / between two names, never inside a name. The page's script writes in the address the reader
    reached it at (dom.mjs's citeHere): the published one on the site itself, a copy's own
    elsewhere (a local build's, a mirror's), never an address that leads elsewhere."""
    link = f"{address}#{anchor}" if anchor else address
    breakable = BREAK_AFTER_SLASH.sub("<wbr>", escape(link))
    return f'<code class="px-address" data-px-anchor="{escape(anchor)}">{breakable}</code>'
