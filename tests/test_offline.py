"""Releases and offline, in headless Chromium, with the site's own service worker (playable/sw.js).

Two real builds are published in turn to one served folder, as GitHub Pages deploys (every answer with
its `Cache-Control: max-age=600`): today's site/, and a copy of the repository built with one sentence
of the engine changed (the Veldiv's Art. 3: "is taken" becomes "is occupied"), which the build vendors
into a new wheel. Three readers:
  a. a returning reader: came, played and went (Python's files and its snapshot kept); back after the
     release, the page, its engine and Python's snapshot are the new build's, offline included;
  b. a tab left open across the release: the next page it opens by Material's instant navigation is
     loaded whole from the new build (scripts and engine), and reads and plays offline;
  c. another site of the same origin (GitHub Pages serves all of a user's project sites from one)
     writes into our caches: a script and the wheel changed, Python's snapshot spoiled. Nothing of it
     runs: the service worker finds the bytes unlike the build's manifest and fetches them again.

The other browser tests block service workers (browser_support.Session): this file is where the site
runs with its own, served by a server of its own. Needs what test_browser.py needs (Chromium,
Playwright, make build), and Node.js for the second build's wheel (as make build)."""

from __future__ import annotations

import hashlib
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import BASE_PATH, PYTHON_TIMEOUT, RULES, SITE, Recorder, Server, _fail, built, example_ready
from project_copy import build, copy_project
from test_browser import page_sentences, wait_counter, wait_live

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("releases")]

EXAMPLE = "#ex-art-3-taken"
STARTED = "parcours-python-started"  # worker.mjs's mark, in Cache Storage, that Python has started here
OLD, NEW = "is taken: ", "is occupied: "  # the engine's sentence, in each build (its first: the square's)
BUILD_META = re.compile(r'<meta name="parcours-build" content="(\w+)">')
# The caches' names, and whether a cache holds each of some paths. Read without caches.open, which
# would create again a cache that the new service worker has just deleted (an empty one, left behind).
CACHE_NAMES = "caches.keys()"
HOLDS = """async ([name, paths]) => Promise.all(paths.map(
  (path) => caches.match(new URL(path, location.origin).href, { cacheName: name }).then(Boolean)))"""
# What a cache holds, to say so when a test fails.
CONTENTS = """async (name) => (await caches.has(name))
  ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : []"""
CONTROLLED = "navigator.serviceWorker.controller !== null"
WORKERS = """async () => { const r = await navigator.serviceWorker.getRegistration();
  return [r?.active?.state, r?.waiting?.state, r?.installing?.state]; }"""
# The service worker active, its activation done, none other coming.
ACTIVE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(registration && registration.active && registration.active.state === "activated"
                 && !registration.installing && !registration.waiting);
}"""


class Build:
    """A built site: its folder and its version (each page's <meta name="parcours-build">)."""

    def __init__(self, site: Path) -> None:
        self.site = site
        found = BUILD_META.search((site / "index.html").read_text(encoding="utf-8"))
        if not found or found.group(1) not in (site / "sw.js").read_text(encoding="utf-8"):
            _fail(f"{site}/sw.js or the pages' build version is missing: run make build")
        assert found
        self.version = found.group(1)

    def path(self, source: str) -> str:
        """One of our files by its source name, as this build names it (by its content)."""
        return built(source, self.site)


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> tuple[Build, Build]:
    """Today's build, and the same repository built with one sentence of the engine changed."""
    first = Build(SITE)
    project = copy_project(tmp_path_factory.mktemp("release"))
    narrate = project / "engine/parcours/veldiv/narrate.py"
    text = narrate.read_text(encoding="utf-8")
    assert "} is taken: {art} moves" in text, "the Veldiv's Art. 3 sentence this test changes"
    narrate.write_text(text.replace("} is taken: {art} moves", "} is occupied: {art} moves"), encoding="utf-8")
    done = build(project)
    log = done.stdout + done.stderr
    assert done.returncode == 0, log
    assert "the engine changed since its wheel was built (engine/parcours/veldiv/narrate.py)" in log, log
    second = Build(project / "site")
    assert first.path("assets/vendor/engine.json") != second.path("assets/vendor/engine.json")
    assert first.path("assets/vendor/pyodide/pyodide.mjs") == second.path("assets/vendor/pyodide/pyodide.mjs")
    return first, second


def publish(build: Build, folder: Path) -> None:
    """A deployment, as GitHub Pages makes one: the folder's files replaced, whole, by the build's."""
    for child in folder.iterdir():
        if child.is_dir():
            shutil.rmtree(child)
        else:
            child.unlink()
    shutil.copytree(build.site, folder, dirs_exist_ok=True)


@pytest.fixture
def deployment(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    folder = tmp_path / "published"
    folder.mkdir()
    served = Server(folder, cache="max-age=600")
    yield served, folder
    served.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    context.set_default_timeout(15_000)
    yield context
    context.close()


def kept(page: Any) -> list[str]:
    """The names of the build caches (worker.mjs's mark that Python has started here left out)."""
    return [name for name in page.evaluate(CACHE_NAMES) if name != STARTED]


def wait_kept(page: Any, build: Build, paths: list[str]) -> None:
    """Until this build's service worker is active, its cache the only one, holding every path (the
    worker keeps them in the background) and what the page fetched before it took over."""
    wanted = [BASE_PATH + p for p in paths]
    name = f"parcours-{build.version}"
    for _ in range(PYTHON_TIMEOUT // 250):
        if page.evaluate(ACTIVE) and kept(page) == [name] and all(page.evaluate(HOLDS, [name, wanted])):
            return
        page.wait_for_timeout(250)
    held = {name: page.evaluate(CONTENTS, name) for name in kept(page)}
    raise AssertionError(f"the service worker never kept {paths} in {name}: the caches hold {held}; "
                         f"the workers (active, waiting, installing): {page.evaluate(WORKERS)}")


# The SHA-256 of what a cache holds for a URL (any cache), or null.
CACHED_SHA256 = """async (url) => {
  const kept = await caches.match(url);
  if (!kept) return null;
  const digest = await crypto.subtle.digest("SHA-256", await kept.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}"""


# The SHA-256 of what the page is given for a URL (the service worker answering).
FETCHED_SHA256 = """async (url) => {
  const digest = await crypto.subtle.digest("SHA-256", await (await fetch(url)).arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}"""


def wait_genuine(page: Any, url: str, file: Path) -> None:
    """Until the cache holds the file's own bytes for url."""
    want = hashlib.sha256(file.read_bytes()).hexdigest()
    for _ in range(PYTHON_TIMEOUT // 250):
        if page.evaluate(CACHED_SHA256, url) == want:
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the cache never held {url} as the build has it")


def python_files(build: Build) -> list[str]:
    return [build.path("assets/vendor/pyodide/pyodide.asm.wasm"), build.path("assets/vendor/engine.json"),
            build.path("assets/vendor/parcours-0.1.0-py3-none-any.whl"), build.path("assets/vendor/python.snapshot")]


def play_live(page: Any, sentence: str) -> None:
    """The example replays live (the engine agrees with the page, step by step), says `sentence` at its
    first step, and plays a throw on (after those the reader played before, which the page keeps)."""
    ex = example_ready(page, EXAMPLE.removeprefix("#"))
    ex.hover()
    try:
        wait_live(ex)
    except AssertionError as err:
        raise AssertionError(f"{err}; the service workers (active, waiting, installing): "
                             f"{page.evaluate(WORKERS)}, the caches: {page.evaluate(CACHE_NAMES)}") from err
    assert any(sentence in s for s in page_sentences(ex, 1)), page_sentences(ex, 1)
    n = ex.locator("li.px-step").count()
    if ex.locator("button.px-last").get_attribute("aria-disabled") != "true":  # not already at its end
        ex.locator("button.px-last").click()
    ex.locator("input.px-dice-input").fill("4")
    ex.locator("button.px-throw").click()
    wait_counter(ex, f"{n + 1} / {n + 1}")


def next_visit(context: Any, page: Any, url: str) -> Any:
    """The reader's next visit, in a new tab. The new build's service worker, installed, asked to skip
    waiting (as it installs, and again by the page: parcours.mjs), takes over once the old one is
    free; but Chromium may hold it back while a page the old one controls stays open (seen here, under
    load: over 90 s, one run in three), whatever the page did since. Its pages closed, it is free."""
    page.close()
    page = context.new_page()
    page.goto(url, timeout=PYTHON_TIMEOUT)  # the new worker activates first: slow on a loaded machine
    return page


def version_of(page: Any) -> str:
    found = BUILD_META.search(page.content())
    return found.group(1) if found else ""


def scripts_of(page: Any) -> str:
    """The entry script the page runs (each build names its own)."""
    src: str = page.evaluate("document.querySelector('script[type=module][src*=\"/parcours/parcours.\"]').src")
    return src.split(BASE_PATH, 1)[1]


def test_a_returning_reader_gets_the_new_build_whole_offline_included(
        builds: tuple[Build, Build], deployment: tuple[Server, Path], context: Any) -> None:
    first, second = builds
    server, folder = deployment
    rec = Recorder(context, server.origin)
    publish(first, folder)
    # A first visit: the page read, Python started, its files and its snapshot kept.
    page = context.new_page()
    page.goto(server.base + RULES)
    play_live(page, OLD)
    wait_kept(page, first, [RULES, first.path("parcours/example.mjs"), *python_files(first)])
    page.close()

    # The release; the reader comes back (the browser's HTTP cache still holds the first build's files).
    publish(second, folder)
    since = len(server.paths)
    page = context.new_page()
    page.goto(server.base + RULES)
    assert version_of(page) == second.version and scripts_of(page) == second.path("parcours/parcours.mjs")
    play_live(page, NEW)
    page = next_visit(context, page, server.base + RULES)
    wait_kept(page, second, [RULES, second.path("parcours/example.mjs"), *python_files(second)])
    # The new wheel is fetched in the background, once the new worker has taken over (sw.js "keep"):
    # asked for by then, and no Python file of another build since the release.
    asked = [p.removeprefix(BASE_PATH) for p in server.paths[since:]]
    assert second.path("assets/vendor/parcours-0.1.0-py3-none-any.whl") in asked, "the new wheel was fetched"
    assert not [p for p in asked if p.endswith((".whl", ".snapshot")) and p not in python_files(second)]

    # Offline: the new build reads and plays, Python restored from its snapshot.
    context.set_offline(True)
    page.reload()
    assert version_of(page) == second.version
    play_live(page, NEW)
    assert page.evaluate("performance.getEntriesByName('parcours:python:snapshot').length") == 1
    context.set_offline(False)
    rec.assert_clean()


def test_b_a_tab_left_open_across_a_release_loads_the_new_build_whole(
        builds: tuple[Build, Build], deployment: tuple[Server, Path], context: Any) -> None:
    first, second = builds
    server, folder = deployment
    rec = Recorder(context, server.origin)
    publish(first, folder)
    page = context.new_page()
    page.goto(server.base + "veldiv/")
    page.wait_for_function(CONTROLLED, timeout=PYTHON_TIMEOUT)
    page.evaluate("window.__sameDocument = true")

    publish(second, folder)
    # The reader follows a link of the open page: Material fetches the page of the new build and
    # swaps it in; the page is then loaded again, whole, with the new build's scripts.
    page.locator('a.md-nav__link[href$="rules/"]').first.click()
    page.wait_for_function("() => window.__sameDocument === undefined", timeout=PYTHON_TIMEOUT)
    page.wait_for_load_state()
    assert page.url == server.base + RULES
    assert version_of(page) == second.version and scripts_of(page) == second.path("parcours/parcours.mjs")
    play_live(page, NEW)

    # Offline, once the new build's service worker has kept what the page needs.
    page = next_visit(context, page, server.base + RULES)
    wait_kept(page, second, [RULES, second.path("parcours/example.mjs"), *python_files(second)])
    context.set_offline(True)
    page.reload()
    assert version_of(page) == second.version
    play_live(page, NEW)
    context.set_offline(False)
    rec.assert_clean()


# Another project's page, on the same origin: it writes into our caches what it likes.
FOREIGN = "/other-project/"
TAMPER = """async () => {
  const done = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = request.url;
      if (url.endsWith(".mjs")) {
        const text = await (await cache.match(request)).text();
        await cache.put(request, new Response("globalThis.__pwned = true;\\n" + text,
          { headers: { "Content-Type": "text/javascript" } }));
      } else if (url.endsWith(".whl") || url.endsWith(".snapshot")) {
        const kept = await cache.match(request);
        await cache.put(request, new Response(new Uint8Array([80, 75, 3, 4, 1, 2, 3]), { headers: kept.headers }));
      } else continue;
      done.push(new URL(url).pathname);
    }
  }
  return done;
}"""


def test_c_another_site_of_the_origin_writing_our_caches_changes_nothing_the_reader_runs(
        builds: tuple[Build, Build], deployment: tuple[Server, Path], context: Any) -> None:
    first, _ = builds
    server, folder = deployment
    publish(first, folder)
    page = context.new_page()
    page.goto(server.base + RULES)
    play_live(page, OLD)
    wait_kept(page, first, [first.path("parcours/lang.mjs"), first.path("parcours/example.mjs"),
                            *python_files(first)])
    page.close()

    context.route(f"**{FOREIGN}", lambda route: route.fulfill(status=200, content_type="text/html",
                                                               body="<html><body>another project</body></html>"))
    foreign = context.new_page()
    foreign.goto(server.origin + FOREIGN)
    tampered = foreign.evaluate(TAMPER)
    foreign.close()
    lang, wheel = first.path("parcours/lang.mjs"), first.path("assets/vendor/parcours-0.1.0-py3-none-any.whl")
    assert BASE_PATH + lang in tampered and BASE_PATH + wheel in tampered
    assert any(p.endswith(".snapshot") for p in tampered), tampered

    rec = Recorder(context, server.origin)
    page = context.new_page()
    page.goto(server.base + RULES)
    page.wait_for_selector(".px-lang")  # lang.mjs ran: the language control is there
    play_live(page, OLD)
    assert page.evaluate("globalThis.__pwned === undefined"), "a script another site wrote into our cache ran"
    # Python restored from the build's own snapshot, not the spoiled one; the cache holds the build's
    # own bytes again.
    assert page.evaluate("performance.getEntriesByName('parcours:python:snapshot').length") == 1
    # The wheel, which a restored Python does not ask for, comes whole when asked (as a Python starting
    # the long way asks for it), never the bytes written into the cache.
    genuine = hashlib.sha256((first.site / wheel).read_bytes()).hexdigest()
    assert page.evaluate(FETCHED_SHA256, server.base + wheel) == genuine
    for path in (lang, wheel, first.path("assets/vendor/python.snapshot")):
        wait_genuine(page, server.base + path, first.site / path)
    rec.assert_clean()


SEARCH_INDEX = "search/search_index.json"


def test_d_a_repeat_visit_reads_the_search_index_from_the_builds_cache(
        builds: tuple[Build, Build], deployment: tuple[Server, Path], context: Any) -> None:
    """The search index (194 KB) is the same for every page of a build: kept once per build, a repeat
    visit, and the next page, take it from the service worker's cache; nothing asks the server for it.
    The first visit itself asks for each file once (the service worker, installing, takes what the page
    has just fetched from the HTTP cache, GitHub Pages' max-age=600), and for none of Python's."""
    first, _ = builds
    server, folder = deployment
    publish(first, folder)
    page = context.new_page()
    page.goto(server.base)
    wait_kept(page, first, [SEARCH_INDEX, first.path("parcours/example.mjs")])
    asked = server.count(SEARCH_INDEX)
    assert asked == 1, "the first visit fetched the search index once"
    files = [path.split("?")[0] for path in server.paths]
    # (the service worker's script is the browser's to ask again; the sitemap, which no digest checks
    # as the server writes its origin in, is asked again: GitHub Pages answers it "not modified")
    twice = [f for f in set(files) if files.count(f) > 1 and not f.endswith(("/sw.js", "/sitemap.xml"))]
    assert not twice, f"the first visit asked for these files more than once: {twice}"
    python = [f for f in files if "/assets/vendor/" in f or f.endswith(first.path("parcours/worker.mjs"))]
    assert not python, f"a first visit without an example near fetched Python's files: {python}"
    page = next_visit(context, page, server.base + RULES)
    page.wait_for_function(CONTROLLED)
    page.wait_for_load_state("networkidle")
    page.goto(server.base + "cdp/")
    page.wait_for_load_state("networkidle")
    assert server.count(SEARCH_INDEX) == asked, "a repeat visit asked the server for the search index again"
    context.set_offline(True)  # and offline, the search still has its index
    page.reload()
    page.locator(".md-search__input").click()
    page.locator(".md-search-result__meta").filter(has_text="Type to start searching").wait_for(
        timeout=PYTHON_TIMEOUT)
    page.locator(".md-search__input").press_sequentially("derny")  # keys: Material listens to keyup
    page.locator(".md-search-result__item > a").first.wait_for(timeout=PYTHON_TIMEOUT)
    context.set_offline(False)


@pytest.mark.parametrize("lang", ["en", ""])
def test_e_offline_a_page_not_kept_is_a_page_of_ours_in_the_readers_language(
        builds: tuple[Build, Build], deployment: tuple[Server, Path], context: Any, lang: str) -> None:
    """Offline, a page the reader never opened is not the browser's error: a page of ours says why, in
    the reader's language (both without a choice), and leads home; the pages read still open."""
    first, _ = builds
    server, folder = deployment
    publish(first, folder)
    if lang:
        context.add_init_script(f"localStorage.setItem('parcours.lang', '{lang}')")
    page = context.new_page()
    page.goto(server.base + RULES)
    wait_kept(page, first, [RULES])
    context.set_offline(True)
    page.goto(server.base + "chevaux/")
    visible = page.locator("body").inner_text()
    english = "This page has not yet been kept for reading offline"
    french = "Cette page n'a pas encore été gardée pour la lecture hors ligne"
    assert english in visible and (french in visible) == (lang != "en"), visible
    assert page.title() == ("Offline - Parcours" if lang == "en" else "Hors ligne · Offline - Parcours")
    page.get_by_role("link", name="the home page").click()  # not kept either: the same page, in words
    page.wait_for_url(server.base)
    assert english in page.locator("body").inner_text()
    page.goto(server.base + RULES)  # a page read is still there
    assert version_of(page) == first.version
    # Python, never started here, is not kept (nor its worker's script): an example says in a sentence
    # that it could not start, and reading goes on
    ex = example_ready(page, EXAMPLE.removeprefix("#"))
    ex.locator("button.px-next").click()  # intent: Python starts
    note = ex.locator(".px-engine[data-stage=failed]")
    note.wait_for(timeout=PYTHON_TIMEOUT)
    said = " ".join(note.inner_text().split())
    assert ("Python could not start" in said and "Reading still works." in said) == (lang != "fr"), said
    assert ("Python n'a pas pu démarrer" in said and "La lecture fonctionne toujours." in said) == (lang != "en"), said
    assert ex.locator("li.px-step[aria-current=step]").count() == 1  # stepping went on
    context.set_offline(False)


def test_f_once_python_has_started_the_whole_edition_is_kept_for_reading_offline(
        builds: tuple[Build, Build], deployment: tuple[Server, Path], context: Any) -> None:
    """A reader who played once reads every page offline, those never opened included: the service worker
    keeps the whole build in the background once Python has started (source maps aside)."""
    first, _ = builds
    server, folder = deployment
    publish(first, folder)
    page = context.new_page()
    page.goto(server.base + RULES)
    play_live(page, OLD)
    never_opened = ["", "chevaux/", "play/", "ronde/rules-level-3/", "scenario-format/", "cdp/print-fr/"]
    wait_kept(page, first, [*never_opened, SEARCH_INDEX, first.path("parcours/play.mjs")])
    assert not [p for p in page.evaluate(CONTENTS, f"parcours-{first.version}") if p.endswith(".map")]
    context.set_offline(True)
    for path in never_opened:
        page.goto(server.base + path)
        assert version_of(page) == first.version, f"{path or 'home'} offline is not the build's page"
    page.goto(server.base + "play/")
    page.locator("#px-play-form").wait_for()  # its script, kept too, runs
    context.set_offline(False)


def test_g_a_reader_keeps_the_whole_edition_on_request_its_size_said(
        builds: tuple[Build, Build], deployment: tuple[Server, Path], context: Any) -> None:
    """The home page offers to keep the edition for reading offline, its size said in megabytes (every
    file of the build but the source maps); pressed, every page then opens offline, Python's files kept
    (the reader did not start Python)."""
    first, _ = builds
    server, folder = deployment
    publish(first, folder)
    edition = sum(p.stat().st_size for p in first.site.rglob("*")
                  if p.is_file() and p.name != "sw.js" and p.suffix != ".map")
    page = context.new_page()
    page.goto(server.base)
    page.wait_for_function(CONTROLLED)
    button = page.locator(".px-keep button")
    mb = f"{round(edition / 1e6)} MB"
    assert f"Keep this edition for reading offline ({mb})" in button.inner_text()
    assert f"({round(edition / 1e6)} Mo)" in button.inner_text()
    button.click()
    page.locator(".px-keep .px-status").filter(has_text="The edition is kept").wait_for(timeout=PYTHON_TIMEOUT)
    assert "L'édition est gardée" in page.locator(".px-keep .px-status").inner_text()
    wait_kept(page, first, python_files(first))
    context.set_offline(True)
    for path in ("ronde/print-level-3-en/", "veldiv/numbers/", "404.html"):
        page.goto(server.base + path)
        assert version_of(page) == first.version, f"{path} offline is not the build's page"
    context.set_offline(False)
