"""The build's check of the links that stay in the site (playable/link_check.py, run after every build by
hooks.py and scripts/build_zensical.py): a link to a page the site lacks, or to an element that page
lacks, fails the build, naming the page and the link; the built site has none."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from mkdocs.exceptions import PluginError

from playable.link_check import broken_links

SITE_URL = "https://example.org/parcours/"


def write(site: Path, path: str, body: str) -> None:
    file = site / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(f"<!doctype html><html><body>{body}</body></html>", encoding="utf-8")


@pytest.fixture
def site(tmp_path: Path) -> Path:
    write(tmp_path, "index.html", '<h1 id="top">Home</h1><a href="veldiv/">game</a>')
    write(tmp_path, "veldiv/index.html", '<p id="source-A">A</p><a href="../">home</a><a href="#source-A">[A]</a>'
          '<a href="rules/#ex-art-3:eyJzIjoxfQ">a position</a><a href="https://example.com/x#y">out</a>'
          f'<a href="{SITE_URL}veldiv/rules/">the rules, by their address</a>'
          '<template><a href="nowhere/">drawn later, elsewhere</a></template>')
    write(tmp_path, "veldiv/rules/index.html", '<div id="ex-art-3">an example</div>')
    return tmp_path


def test_links_that_lead_somewhere_pass(site: Path) -> None:
    assert broken_links(site, SITE_URL) == []


@pytest.mark.parametrize(("href", "missing"), [
    ("../sources/#source-A", "no such file in the site"),   # the link the Veldiv's editions page had
    ("rules/#ex-art-4", "no element #ex-art-4 there"),
    ("rules/#ex-art-4:eyJzIjoxfQ", "no element #ex-art-4 there"),
    ("#source-B", "no element #source-B there"),
    (f"{SITE_URL}veldiv/races/", "no such file in the site"),
])
def test_a_link_that_leads_nowhere_is_named(site: Path, href: str, missing: str) -> None:
    page = site / "veldiv" / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("</body>", f'<a href="{href}">x</a></body>'),
                    encoding="utf-8")
    assert broken_links(site, SITE_URL) == [f"veldiv/index.html: {href} ({missing})"]


def test_the_build_fails_on_a_link_that_leads_nowhere(site: Path) -> None:
    write(site, "cdp/index.html", '<a href="../veldiv/#source-Z">[Z]</a>')
    hooks = importlib.import_module("playable.hooks")  # (imported by name: not type-checked, as playable/ is not)
    with pytest.raises(PluginError, match=r"cdp/index\.html: \.\./veldiv/#source-Z \(no element #source-Z there\)"):
        hooks.on_post_build({"site_dir": str(site), "site_url": SITE_URL})


@pytest.mark.site
def test_the_built_site_has_no_link_that_leads_nowhere() -> None:
    site = Path(__file__).resolve().parent.parent / "site"
    if not (site / "index.html").is_file():
        pytest.fail("site/ is not built: run make build first", pytrace=False)
    assert broken_links(site, "http://127.0.0.1:8000/parcours/") == []
