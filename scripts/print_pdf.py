"""Print each game's rulebook as PDF, one a game and language choice, with the Chromium the tests use.

The built site (make build) is served under /parcours/ on a free port by scripts/serve.py's server;
Playwright's page.pdf prints each printable page (docs/<game>/print*.md, its language choice fixed by
its page) on A4, as the browser's own print does (the stylesheet's sheets: a running head, each sheet's
number). A rulebook printed
on several printable pages (the Ronde's three) is one PDF, its parts in order (pypdfium2 joins them).

    .venv/bin/python scripts/print_pdf.py                 # every game: site/pdf/veldiv-fr.pdf, ...
    .venv/bin/python scripts/print_pdf.py --game ronde --lang fr

Written to site/pdf/ (--out), beside the site: GitHub Pages publishes them with it, at
<site>/pdf/<game>-fr.pdf, -en.pdf, and <game>.pdf for both languages.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # playable: the rulebooks' printable pages

from parcours import all_games
from playable import data_check
from playable.pages import PRINTED, printed_file, printed_pages, rules_pages

CHROMIUM = "/usr/bin/chromium-headless-shell"  # the tests' (tests/browser_support.py)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync", "--disable-quic"]
BASE = "/parcours/"
def printable(docs: Path, game: str, lang: str) -> list[str]:
    """The site paths (from the site's root) of a game's printable pages in a language choice, in order."""
    printed = printed_pages(rules_pages(game, data_check.rulebook(docs, game).data))
    return [printed_file(game, name, lang).removesuffix(".md") + "/" for name in printed]


def pdf_name(game: str, lang: str) -> str:
    return f"{game}{PRINTED[lang]}.pdf"


def _load_serve() -> Any:
    spec = importlib.util.spec_from_file_location("parcours_serve", ROOT / "scripts" / "serve.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextmanager
def served(site: Path) -> Iterator[str]:
    """The built site served under /parcours/ on a free port: its base URL."""
    httpd = _load_serve().make_server(str(site), 0, BASE)
    handle_error = httpd.handle_error

    def quiet(request: Any, client_address: Any) -> None:  # a page closed mid-download is no error
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            handle_error(request, client_address)

    httpd.handle_error = quiet  # type: ignore[method-assign]
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}{BASE}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def print_page(browser: Any, url: str) -> bytes:
    """One printable page as PDF (A4), the page fully laid out, its fonts loaded."""
    page = browser.new_page()
    try:
        page.goto(url, wait_until="load")
        page.wait_for_selector(".px-print[data-px-print]", state="attached")
        page.evaluate("document.fonts.ready")
        # The sheets, margins, running head and page numbers are the stylesheet's (parcours.css, @page):
        # the same book as the browser's own print.
        pdf: bytes = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    finally:
        page.close()
    return pdf


def print_rulebook(browser: Any, base: str, docs: Path, game: str, lang: str) -> bytes:
    """A game's rulebook in a language choice, as one PDF (its printable pages joined in order)."""
    parts = [print_page(browser, base + path) for path in printable(docs, game, lang)]
    if len(parts) == 1:
        return parts[0]
    import pypdfium2 as pdfium

    joined = pdfium.PdfDocument.new()
    for part in parts:
        joined.import_pages(pdfium.PdfDocument(part))
    out = BytesIO()
    joined.save(out)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the built site (make build)")
    parser.add_argument("--out", type=Path, default=None, help="where the PDFs go (default: SITE/pdf)")
    parser.add_argument("--game", action="append", choices=list(all_games()), help="only these games")
    parser.add_argument("--lang", action="append", choices=list(PRINTED), help="only these language choices")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        sys.exit(f"{args.site}: no built site (run make build first)")
    out = args.out or args.site / "pdf"
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with served(args.site) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for game in args.game or all_games():
                for lang in args.lang or PRINTED:
                    start = time.perf_counter()
                    pdf = print_rulebook(browser, base, ROOT / "docs", game, lang)
                    (out / pdf_name(game, lang)).write_bytes(pdf)
                    print(f"{out / pdf_name(game, lang)}: {len(pdf) / 1e6:.1f} MB, "
                          f"{time.perf_counter() - start:.1f} s")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
