"""Citation for machines (playable/citation_meta.py), read back from the built pages as a citation
manager reads them: every page's head (Highwire Press's citation_* tags, schema.org's JSON-LD) parsed,
and its references to download (BibTeX, RIS, CSL-JSON, in each of its languages) decoded, parsed and
held to the same title, version, date and address as its tags. And CITATION.cff, at the repository's root.

Reads the built site (make build; another: PARCOURS_SITE=/path) and FAILS, saying so, without it.
The 404 page is left out: served at any address, it is no page of the edition to cite.
Run only these:  pytest tests/test_citation_meta.py
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from datetime import date
from html.parser import HTMLParser
from typing import Any
from urllib.parse import unquote

import pytest
import yaml

from browser_support import REPO, SITE, _site_pages
from parcours import all_games

PAGES = [p for p in _site_pages() if p != "404.html"] or ["(none: run make build first)"]
VERSION = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
TAGS = ("citation_title", "citation_author", "citation_publication_date", "citation_date", "citation_language",
        "citation_public_url", "citation_abstract_html_url", "citation_version")
EXTENSIONS = {"application/x-bibtex": "bib", "application/x-research-info-systems": "ris",
              "application/vnd.citationstyles.csl+json": "json"}


@dataclass
class Download:
    lang: str  # the language of the text its link stands in
    name: str  # the file's name
    mime: str
    text: str


class Head(HTMLParser):
    """What a citation manager reads of a page: its head's meta tags, JSON-LD and canonical address, and
    the references to download (links to data: files) with the language of the text they stand in."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.meta: dict[str, list[str]] = {}
        self.json_ld: list[str] = []
        self.canonical = ""
        self.downloads: list[Download] = []
        self.texts = {"fr": "", "en": ""}  # the words around the references' links
        self._in_json = False
        self._in_reference = 0  # depth inside the references' element (class px-reference)
        self._langs: list[str] = []  # the language of each element open inside it

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "meta" and a.get("name", "").startswith("citation_"):
            self.meta.setdefault(a["name"], []).append(a.get("content", ""))
        elif tag == "link" and a.get("rel") == "canonical":
            self.canonical = a["href"]
        elif tag == "script" and a.get("type") == "application/ld+json":
            self._in_json = True
            self.json_ld.append("")
        if "px-reference" in a.get("class", "").split():
            self._in_reference = 1
        elif self._in_reference and tag not in ("meta", "link", "br", "img", "wbr"):
            self._in_reference += 1
            self._langs.append(a.get("lang") or (self._langs[-1] if self._langs else ""))
        if tag == "a" and a.get("href", "").startswith("data:") and "download" in a:
            found = re.fullmatch(r"data:([^;,]+);charset=utf-8,(.*)", a["href"], re.DOTALL)
            assert found, a["href"][:80]
            lang = self._langs[-1] if self._langs else ""
            self.downloads.append(Download(lang, a["download"], found[1], unquote(found[2])))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_json = False
        if self._in_reference:
            self._in_reference -= 1
            if self._langs:
                self._langs.pop()

    def handle_data(self, data: str) -> None:
        if self._in_json:
            self.json_ld[-1] += data
        elif self._in_reference and self._langs and self._langs[-1] in self.texts:
            self.texts[self._langs[-1]] += data


def read(path: str) -> Head:
    page = SITE / path / "index.html"
    if not (SITE / "index.html").is_file():
        pytest.fail(f"no site built in {SITE}: run make build first (or PARCOURS_SITE=/path)", pytrace=False)
    head = Head()
    head.feed(page.read_text(encoding="utf-8"))
    head.close()
    return head


def site_url() -> str:
    """The address the site was built for: its home page's canonical address (mkdocs.yml's site_url)."""
    return read("").canonical


def titles(head: Head) -> dict[str, str]:
    """The page's title in each of its languages, from its one citation_title ("French · English")."""
    langs = head.meta["citation_language"]
    parts = head.meta["citation_title"][0].split(" · ")
    assert len(parts) in (1, len(langs)), parts
    return {lang: parts[0] if len(parts) == 1 else parts[k] for k, lang in enumerate(langs)}


@pytest.mark.site
@pytest.mark.parametrize("path", PAGES)
def test_every_page_says_its_citation_in_its_head(path: str) -> None:
    head = read(path)
    url = site_url() + path
    for tag in TAGS:
        assert head.meta.get(tag) and all(v.strip() for v in head.meta[tag]), f"{path}: no {tag}"
    assert head.meta["citation_author"] == ["Parcours"]  # the project, as it names itself
    assert head.meta["citation_version"] == [VERSION]
    assert head.meta["citation_public_url"] == head.meta["citation_abstract_html_url"] == [url] == [head.canonical]
    printed = re.search(r"print(?:-level-\d)?-(fr|en)/$", path)  # a printable page in one language
    assert head.meta["citation_language"] == ([printed[1]] if printed else ["fr", "en"])
    day = head.meta["citation_publication_date"][0]
    assert head.meta["citation_date"] == [day] and re.fullmatch(r"\d{4}/\d{2}/\d{2}", day)

    assert len(head.json_ld) == 1, f"{path}: {len(head.json_ld)} JSON-LD scripts"
    data = json.loads(head.json_ld[0])
    assert data["@context"] == "https://schema.org" and data["@type"] == "WebPage"
    assert data["inLanguage"] == head.meta["citation_language"]
    assert data["version"] == VERSION and data["url"] == url
    assert data["datePublished"] == data["dateModified"] == date.fromisoformat(day.replace("/", "-")).isoformat()
    assert data["isPartOf"] == {"@type": "WebSite", "name": "Parcours", "url": site_url(), "version": VERSION}
    assert data["author"] == {"@type": "Organization", "name": "Parcours"}
    named = data["name"] if isinstance(data["name"], list) else [{"@value": data["name"]}]
    assert set(titles(head).values()) == {n["@value"] for n in named}


@pytest.mark.site
@pytest.mark.parametrize("path", PAGES)
def test_a_page_is_about_the_game_of_its_folder_named_as_its_package_names_it(path: str) -> None:
    head = read(path)
    assert head.json_ld, f"{path}: no JSON-LD"
    data = json.loads(head.json_ld[0])
    game = path.split("/")[0]
    if game not in all_games():
        assert "about" not in data, path
        return
    names = {text.casefold() for name in all_games()[game].TERMS.names.values() for text in name.values()}
    assert data["about"], path
    for thing in data["about"]:
        assert thing["@type"] == "Game"
        said = thing["name"] if isinstance(thing["name"], list) else [{"@value": thing["name"]}]
        assert {n["@value"].casefold() for n in said} <= names, (path, thing)


def bibtex_fields(text: str) -> tuple[str, str, dict[str, str]]:
    """A BibTeX entry's type, key and fields (each field's value on its line, its outer braces removed),
    its braces balanced (an escaped one, \\{, counts for none)."""
    depth = 0
    for brace in re.findall(r"(?<!\\)[{}]", text):
        depth += 1 if brace == "{" else -1
        assert depth >= 0, text
    assert depth == 0, text
    found = re.fullmatch(r"@(\w+)\{([\w:.-]+),\n((?:  \w+ = \{.*\},\n)+)\}\n", text)
    assert found, text
    fields = dict(re.findall(r"  (\w+) = \{(.*)\},\n", found[3]))
    return found[1], found[2], {k: re.sub(r"\\([{}&%$#_])", r"\1", v) for k, v in fields.items()}


def ris_fields(text: str) -> dict[str, list[str]]:
    lines = text.rstrip("\r\n").split("\r\n")
    assert lines[0].startswith("TY  - ") and lines[-1].rstrip() == "ER  -", text
    fields: dict[str, list[str]] = {}
    for line in lines:
        found = re.fullmatch(r"([A-Z][A-Z0-9])  - (.*)", line)
        assert found, line
        fields.setdefault(found[1], []).append(found[2])
    return fields


@pytest.mark.site
@pytest.mark.parametrize("path", PAGES)
def test_every_page_offers_its_reference_in_its_languages_as_its_head_says_it(path: str) -> None:
    head = read(path)
    assert all(head.meta.get(tag) for tag in TAGS), f"{path}: no citation_* tags"
    langs, url = head.meta["citation_language"], head.meta["citation_public_url"][0]
    title, version = titles(head), head.meta["citation_version"][0]
    day = date.fromisoformat(head.meta["citation_date"][0].replace("/", "-"))
    assert sorted((d.lang, d.mime) for d in head.downloads) == sorted((lang, m) for lang in langs for m in EXTENSIONS)
    for d in head.downloads:
        assert d.name.endswith(f"-{d.lang}.{EXTENSIONS[d.mime]}"), d.name
        if d.mime == "application/x-bibtex":
            kind, key, bib = bibtex_fields(d.text)
            assert kind == "online" and key and d.name.startswith(key)
            assert bib["title"] == "{" + title[d.lang] + "}" and bib["author"] == "{Parcours}"
            assert (bib["version"], bib["url"], bib["date"]) == (version, url, day.isoformat())
        elif d.mime == "application/x-research-info-systems":
            ris = ris_fields(d.text)
            assert ris["TY"] == ["ELEC"] and ris["TI"] == [title[d.lang]] and ris["AU"] == ["Parcours"]
            assert (ris["ET"], ris["UR"], ris["LA"]) == ([version], [url], [d.lang])
            assert ris["DA"] == [f"{day:%Y/%m/%d}"]
        else:
            items: list[dict[str, Any]] = json.loads(d.text)
            assert len(items) == 1, d.text
            item = items[0]
            assert item["type"] == "webpage" and item["title"] == title[d.lang]
            assert item["issued"] == {"date-parts": [[day.year, day.month, day.day]]}
            assert (item["version"], item["URL"], item["language"]) == (version, url, d.lang)
            assert item["author"] == [{"literal": "Parcours"}]
    # The words around the links: each language's own, no code or data among them
    lead = {"fr": "Télécharger la référence de cette page\u00a0:", "en": "Download this page's reference:"}
    for lang in ("fr", "en"):
        expected = f"{lead[lang]} BibTeX, RIS, CSL-JSON." if lang in langs else ""
        assert head.texts[lang] == expected, (path, lang, head.texts[lang])


@pytest.mark.yaml
def test_citation_cff_is_valid_and_says_the_packages_version() -> None:
    cff = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0"
    for key in ("message", "title", "authors"):
        assert cff.get(key), f"CITATION.cff: no {key}"
    assert str(cff["version"]) == VERSION
    assert all(isinstance(a, dict) and (a.get("name") or a.get("family-names")) for a in cff["authors"])
    assert "repository-code" not in cff or str(cff["repository-code"]).startswith("https://")
