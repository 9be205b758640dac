"""What the browser tests share: the built site served under its Pages subpath, Chromium, and a
reader's session (a fresh browser context that records what a reader should never see).

The fixtures that hold them (`server`, `browser`, `session`) are in conftest.py, one server and one
Chromium for each pytest worker's whole run, whichever test files it is handed.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("PARCOURS_SITE", REPO / "site"))  # another built site: PARCOURS_SITE=/path
# Debian's build of Chromium's headless shell (Blink and V8 without the browser's interface), the one
# Playwright itself runs headless: a page load costs it under half the CPU of the full browser.
CHROMIUM = Path("/usr/bin/chromium-headless-shell")
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
BASE_PATH = "/parcours/"
RULES = "veldiv/rules/"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync", "--disable-quic"]
PYTHON_TIMEOUT = 90_000  # ms: Pyodide's first start, on a slow machine
WORKER = "parcours/worker.mjs"  # the engine's worker, by its source name (built: named by its content)
WORKER_ROUTE = "**/parcours/worker.*.mjs"


def built(path: str, site: Path = SITE) -> str:
    """Where the built site holds one of our files named by its content (playable/release.py)."""
    from playable.release import built_path  # here: the Pyodide run loads this module without playable/

    return built_path(site, path)

# Counts the engine's workers (not Material's search worker) in each page's window.
COUNT_WORKERS = r"""
(() => {
  const Native = window.Worker;
  window.__pxWorkers = 0;
  window.Worker = class extends Native {
    constructor(url, options) {
      if (/\/parcours\/worker\.[0-9a-f]{10}\.mjs$/.test(String(url))) window.__pxWorkers += 1;
      super(url, options);
    }
  };
})();
"""


# The worked examples near the screen set up (example.mjs sets them up one a frame, and marks the
# page); the others are set up as the reader comes near them.
EXAMPLES_READY = """() => !document.querySelector('.px-example .px-film')
  || document.documentElement.dataset.pxExamples === location.pathname"""

# Every worked example of the page brought near the screen in turn, as a reader scrolling through would
# (with the page's own scrolling, which is not a reader's intent: Python is not started by it), until
# it is set up; then the page back where it was.
EVERY_EXAMPLE = """async () => {
  const y = scrollY;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  for (const el of document.querySelectorAll('.px-example, .px-impact[data-races]')) {
    const isBox = el.matches('.px-impact');
    if (!isBox && (!el.querySelector(':scope > ol.px-steps') || !el.querySelector('.px-film'))) continue;
    for (let waited = 0; !(isBox ? el.dataset.pxCompare : el.dataset.pxWidget); waited += 1) {
      const what = isBox ? `comparison ${el.dataset.impact}` : `example ${el.id}`;
      if (waited === 1200) throw new Error(`the ${what} was never set up`);
      if (waited % 30 === 0) el.scrollIntoView({ block: 'center' });
      await frame();
    }
  }
  scrollTo(0, y);
  await frame();
}"""


class PythonStartHeld:
    """Python's start held until release(): its first file, the engine's description (engine.json), is
    routed and not answered. Restored from the build's snapshot in under a second (and begun once an
    example has been in view a moment), Python could otherwise be ready before a test looks at what the
    page says while it starts."""

    PATTERN = "**/assets/vendor/engine.*.json"

    def __init__(self, context: Any) -> None:
        self.context = context
        self.held: list[Any] = []
        context.route(self.PATTERN, lambda route: self.held.append(route))

    def release(self, page: Any) -> None:
        """Once the worker has asked for it: answered, and no longer held."""
        while not self.held:
            page.wait_for_timeout(50)
        for route in self.held:
            route.continue_()
        self.context.unroute(self.PATTERN)


def wait_examples(page: Any) -> None:
    """The examples near the screen set up."""
    page.wait_for_function(EXAMPLES_READY)


def set_up_examples(page: Any) -> None:
    """Every example and every reader's comparison of the page set up (each as the reader comes near it),
    the page scrolled through and back."""
    wait_examples(page)
    page.evaluate(EVERY_EXAMPLE)


# The example found by its id at every poll, not held: Material's instant navigation redraws a page on
# its first hash change and the widget puts its played example back, so an element found a moment ago
# may be out of the document now.
EXAMPLE_IN_VIEW_SET_UP = """id => {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ block: "nearest" });
  return el.hasAttribute("data-px-widget");
}"""


def example_ready(page: Any, ident: str) -> Any:
    """The example `ident` (its id) brought into view and set up: its locator."""
    wait_examples(page)
    page.wait_for_function(EXAMPLE_IN_VIEW_SET_UP, arg=ident)
    return page.locator(f"#{ident}")


def _fail(message: str) -> None:
    pytest.fail(message, pytrace=False)


def _quiet_disconnects(handle_error: Any) -> Any:
    """A browser that drops a connection (a page closed mid-download) is not an error."""
    def handle(request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            handle_error(request, client_address)
    return handle


# ---------------------------------------------------------------------------- server
def load_script(name: str) -> Any:
    """One of scripts/ (not a package) as a module: scripts/NAME.py."""
    spec = importlib.util.spec_from_file_location(f"parcours_{name}", REPO / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _load_serve() -> Any:
    return load_script("serve")


class Server:
    """A built site (site/ unless told) served under the Pages subpath, every path asked for recorded."""

    def __init__(self, root: Path = SITE, cache: str | None = None) -> None:
        """cache: the Cache-Control header of every answer (GitHub Pages sends max-age=600); none by default."""
        serve = _load_serve()
        self.root = root
        self.paths: list[str] = []
        self.httpd = serve.make_server(str(root), 0, BASE_PATH)
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.base = self.origin + BASE_PATH
        paths = self.paths
        origin = self.origin

        class Recording(serve.SubpathHandler):  # type: ignore[misc, name-defined]
            def do_GET(self) -> None:
                paths.append(self.path)
                if self.path.split("?")[0] == BASE_PATH + "sitemap.xml":
                    self._sitemap()
                    return
                super().do_GET()

            def end_headers(self) -> None:
                if cache:
                    self.send_header("Cache-Control", cache)
                super().end_headers()

            def _send(self, body: bytes, kind: str) -> None:
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _sitemap(self) -> None:
                # Material's instant navigation only follows links that the sitemap lists, and
                # compares them port included: list them at this server's origin, as GitHub
                # Pages would (the site is built for site_url's origin).
                text = (root / "sitemap.xml").read_text(encoding="utf-8")
                text = re.sub(r"<loc>\s*https?://[^/<]+", f"<loc>{origin}", text)
                self._send(text.encode("utf-8"), "application/xml")

        self.httpd.RequestHandlerClass = functools.partial(Recording, directory=str(root))
        self.httpd.handle_error = _quiet_disconnects(self.httpd.handle_error)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def count(self, name: str) -> int:
        return sum(1 for p in self.paths if p.split("?")[0].endswith(name))

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _site_pages() -> list[str]:
    pages = sorted(p.parent.relative_to(SITE).as_posix() + "/" for p in SITE.rglob("index.html")
                   if p.relative_to(SITE).parts[0] not in ("assets", "search"))
    pages = ["" if p == "./" else p for p in pages]
    if (SITE / "404.html").is_file():
        pages.append("404.html")
    return pages


# One page of each kind: home, a game, its rules, its sources, the Play page, a reference page, the 404.
PAGE_KINDS = ["", "veldiv/", "veldiv/rules/", "veldiv/sources/", "play/", "scenario-format/", "404.html"]


def instant_go(page: Any, url: str) -> None:
    """Follow a link to url as a reader would, so Material's instant navigation takes it."""
    page.evaluate("""url => { const a = document.createElement("a"); a.href = url; a.textContent = "go";
                              document.body.append(a); a.click(); a.remove(); }""", url)
    page.wait_for_function("p => new URL(document.querySelector('link[rel=canonical]').href).pathname === p",
                           arg=urlsplit(url).path)


def walker(session: Session, viewport: dict[str, int]) -> Any:
    """A page for a walk through the site as readers go, by Material's instant navigation (visit): one
    page load for the walk, where a load a page costs about four times as much (Material's search
    index is built again on each)."""
    page = session.page(None)
    page.set_viewport_size(viewport)
    page.goto(session.server.base)
    page.wait_for_load_state("networkidle")  # Material has its sitemap: links go instantly
    return page


def visit(page: Any, base: str, path: str) -> Any:
    """The page at `path` reached from `page` by a link; the 404 page, which no link leads to, loaded in
    a page of its own (the caller closes it)."""
    if path != "404.html":
        instant_go(page, base + path)
        return page
    alone = page.context.new_page()
    alone.set_viewport_size(page.viewport_size)
    alone.goto(base + path)
    return alone


def one_language_twin(path: str) -> bool:
    """A rulebook's printable page in one language (print-fr/, print-level-2-en/...): the same markup as
    its page in both languages, one language hidden (test_print.py prints each)."""
    return re.search(r"/print(-level-\d+)?-(fr|en)/$", path) is not None


def rules_pages() -> list[str]:
    """The pages with worked examples (a rulebook may take several)."""
    return [path for path in _site_pages() if path.endswith("/") and 'class="px-example"'
            in (SITE / path / "index.html").read_text(encoding="utf-8")]


class Recorder:
    """Everything a context did that a reader should never see: console errors and warnings,
    uncaught exceptions, requests to any host but the local server."""

    def __init__(self, context: Any, origin: str) -> None:
        self.origin = origin
        self.requests: list[str] = []
        self.problems: list[str] = []
        context.on("request", lambda r: self.requests.append(r.url))
        context.on("console", self._console)
        context.on("weberror", lambda e: self.problems.append(f"uncaught: {e.error}"))

    def _console(self, message: Any) -> None:
        if message.text == "Service Worker registration blocked by Playwright":
            return  # Playwright's own word, where Session blocks the site's service worker
        if message.type in ("error", "warning"):
            where = message.page.url if message.page else "a worker"
            self.problems.append(f"console.{message.type} on {where}: {message.text}")

    def foreign(self) -> list[str]:
        return [u for u in self.requests
                if not u.startswith(self.origin + "/") and not u.startswith(("data:", "blob:"))]

    def assert_clean(self) -> None:
        assert not self.problems, "\n".join(self.problems)
        assert not self.foreign(), f"requests to other hosts: {self.foreign()}"

    def count(self, name: str) -> int:
        return sum(1 for u in self.requests if urlsplit(u).path.endswith(name))


def _empty_search_index() -> str:
    """The site's search index with no document: its configuration (languages, separator) kept."""
    config = json.loads((SITE / "search" / "search_index.json").read_text(encoding="utf-8"))["config"]
    return json.dumps({"config": config, "docs": []})


class Session:
    def __init__(self, browser: Any, server: Server, *, real_search: bool = False, worker_patch: str = "",
                 **options: Any) -> None:
        """A reader's fresh context; worker_patch: JavaScript appended to the first worker.mjs served (a
        worker restarted is the site's own); worker_served counts them."""
        self.server = server
        # Reduced motion: no transition is ever caught half-way (by axe, or by a test's reading).
        # No service worker (the site's offline cache, tests/test_offline.py): its own requests would be
        # counted beside the page's, and Playwright's routes do not see what it serves from its cache.
        options = {"service_workers": "block", **options}
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce", **options)
        self.context.set_default_timeout(15_000)
        self.scripts = options.get("java_script_enabled", True)
        if self.scripts:
            self.context.add_init_script(COUNT_WORKERS)
        self.rec = Recorder(self.context, server.origin)
        if not real_search:
            # Material fetches the search index (0.9 MB) as every page loads and hands it to its worker
            # (which builds it once the search is opened: playable/search_later.py). Tests about something
            # else get an empty one; the search's own tests (test_browser*.py) the real one.
            body = _empty_search_index()
            self.context.route("**/search/search_index.json",
                               lambda route: route.fulfill(status=200, content_type="application/json", body=body))
        self.worker_served = 0
        if worker_patch:
            self._serve_worker(worker_patch)

    def _serve_worker(self, patch: str) -> None:
        real = (self.server.root / built(WORKER)).read_text(encoding="utf-8")

        def serve(route: Any) -> None:
            self.worker_served += 1
            body = real + (patch if self.worker_served == 1 else "")
            route.fulfill(status=200, content_type="text/javascript", body=body)

        self.context.route(WORKER_ROUTE, serve)

    def page(self, path: str | None = "") -> Any:
        """A new page; at `path`, if given, with every worked example set up (scrolled through and back,
        as by a reader who has seen the page; the page's own scrolling, which starts nothing)."""
        page = self.context.new_page()
        if path is not None:
            page.goto(self.server.base + path)
            if self.scripts:
                set_up_examples(page)
        return page

    def close(self) -> None:
        self.context.close()


@contextmanager
def serving() -> Iterator[Server]:
    """The built site, served until the block ends; fails, saying what to run, when it is not built."""
    for needed in (SITE / "index.html", SITE / RULES / "index.html", SITE / built("assets/vendor/engine.json"),
                   SITE / built("assets/vendor/pyodide/pyodide.asm.wasm"),
                   SITE / built("parcours/parcours.mjs"), SITE / built(WORKER)):
        if not needed.is_file():
            _fail(f"{needed.relative_to(REPO)} is missing: run make build first")
    srv = Server()
    try:
        yield srv
    finally:
        srv.close()


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium (its headless shell) driven by Playwright; fails, saying how to install what is missing."""
    if not CHROMIUM.exists():
        _fail(f"Chromium's headless shell is missing at {CHROMIUM}: apt-get install chromium-headless-shell")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _fail("Playwright for Python is missing: pip install -r requirements-dev.txt")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


# Resolves once the element has kept its place on screen for five frames running.
STILL = """el => new Promise((done) => {
  let last = "", same = 0;
  const look = () => {
    const box = el.getBoundingClientRect(), now = `${box.top} ${box.left}`;
    same = now === last ? same + 1 : 0;
    last = now;
    if (same >= 5) done(); else requestAnimationFrame(look);
  };
  look();
})"""


def click_still(target: Any) -> None:
    """Click once the page has stopped moving under the target. Brought into view, a long page lays out
    the parts it skipped (content-visibility) and may scroll again after an instant navigation: a
    click whose mousedown and mouseup land on two different elements clicks neither (the button
    keeps the focus and does nothing, as seen on a loaded machine)."""
    target.scroll_into_view_if_needed()
    target.evaluate(STILL)
    target.click()
