"""Offline, and a new deployment: the site's service worker (playable/sw.js, written into the site as
sw.js by playable/hooks.py) in headless Chromium.

After a first visit that starts Python, the reader goes offline: the rules page reloads from the
cache, its example replays live (Pyodide and the wheel from the cache, Python restored from the
snapshot the first start kept, worker.mjs) and a throw is played, the step the engine gives in
CPython. Then a second build is deployed (the same site with another build version, and a changed
stylesheet): the next page load installs its service worker, which replaces
the first build's cache once the first build's worker lets go (at the latest when its pages are
closed), and the reader's next visit is served the second build's files, not a mix.

The other browser tests block service workers (browser_support.Session): this file is where the site
runs with its own, served by a server of its own (the deployment changes under it). Needs what
test_browser.py needs (Chromium, Playwright, make build)."""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_support import BASE_PATH, PYTHON_TIMEOUT, RULES, SITE, SNAPSHOTS, Recorder, Server, _fail, click_still
from test_browser import expected_film, page_sentences, scenario_of, sentences, wait_counter, wait_live

pytestmark = pytest.mark.browser

SECOND = "second0build0000"  # the second build's version (the first's is a hash: 16 hex digits)
MARK = "/* the second build */"
BUILD_META = re.compile(r'<meta name="parcours-build" content="(\w+)">')
# The caches' names, and whether a cache holds each of some paths. Read without caches.open, which
# would create again a cache that the new service worker has just deleted (an empty one, left behind).
CACHE_NAMES = "caches.keys()"
HOLDS = """async ([name, paths]) => Promise.all(paths.map(
  (path) => caches.match(new URL(path, location.origin).href, { cacheName: name }).then(Boolean)))"""
# The new build's service worker installed: waiting for the old one to let go, or already active.
INSTALLED = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(registration && !registration.installing && (registration.waiting
    || (await caches.keys()).every((name) => !name.startsWith("parcours-") || name.endsWith("SECOND")
                                            || name === SNAPSHOTS)));
}""".replace("SECOND", SECOND).replace("SNAPSHOTS", json.dumps(SNAPSHOTS))
# What a cache holds, to say so when a test fails.
CONTENTS = """async (name) => (await caches.has(name))
  ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : []"""


class Deployment(Server):
    """The site served as the shared server serves it, from a folder that a new deployment replaces
    (switch): a server of this test's own, as the session's serves the other tests meanwhile."""

    def switch(self, root: Path) -> None:
        handler = self.httpd.RequestHandlerClass
        assert isinstance(handler, functools.partial)
        self.httpd.RequestHandlerClass = functools.partial(handler.func, directory=str(root))


def second_build(root: Path) -> Path:
    """The site as another build would be: every file the same (linked), but the build's version in
    sw.js and in every page, and the stylesheet changed."""
    first = BUILD_META.search((SITE / "index.html").read_text(encoding="utf-8"))
    if not first or first.group(1) not in (SITE / "sw.js").read_text(encoding="utf-8"):
        _fail("site/sw.js or the pages' build version is missing: run make build")
    assert first
    for path in SITE.rglob("*"):
        if path.is_dir():
            continue
        rel = path.relative_to(SITE)
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if rel.as_posix() == "sw.js" or path.suffix == ".html":
            target.write_text(path.read_text(encoding="utf-8").replace(first.group(1), SECOND), encoding="utf-8")
        elif rel.as_posix() == "parcours/parcours.css":
            target.write_text(path.read_text(encoding="utf-8") + MARK + "\n", encoding="utf-8")
        else:
            os.symlink(path, target)
    return root


@pytest.fixture
def deployment() -> Iterator[Deployment]:
    served = Deployment(SITE)
    yield served
    served.close()


def kept(page: Any) -> list[str]:
    """The names of the build caches (the snapshot's left out)."""
    return [name for name in page.evaluate(CACHE_NAMES) if name != SNAPSHOTS]


def snapshots(page: Any) -> list[str]:
    result: list[str] = page.evaluate(CONTENTS, SNAPSHOTS)
    return result


def wait_kept(page: Any, paths: list[str]) -> None:
    """Until one cache, and one only, holds every path (the service worker keeps them in the background)."""
    wanted = [BASE_PATH + p for p in paths]
    for _ in range(PYTHON_TIMEOUT // 250):
        names = kept(page)
        if len(names) == 1 and all(page.evaluate(HOLDS, [names[0], wanted])):
            return
        page.wait_for_timeout(250)
    held = {name: page.evaluate(CONTENTS, name) for name in kept(page)}
    raise AssertionError(f"the service worker never kept {paths}: it holds {held}")


def reload_until_served(page: Any, build: str) -> None:
    """Reload until the page comes from the network, of this build. Back online, the service worker's
    own fetches may fail a moment longer (Chromium lifts the emulated offline state from the page and
    from the worker one after the other), and the worker then answers with the page it kept."""
    for _ in range(20):
        page.reload()
        found = BUILD_META.search(page.content())
        if found and found.group(1) == build:
            return
        page.wait_for_timeout(500)
    raise AssertionError(f"back online, the page never came from the new deployment ({build})")


def test_read_and_play_offline_then_a_new_build_replaces_the_cache(browser: Any, deployment: Deployment,
                                                                   tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    context.set_default_timeout(15_000)
    rec = Recorder(context, deployment.origin)
    try:
        # A first visit: the page, and Python once started, are kept.
        page = context.new_page()
        page.goto(deployment.base + RULES)
        ex = page.locator("#ex-art-3-taken")
        ex.hover()
        wait_live(ex)
        wheel = next(p.name for p in (SITE / "assets" / "vendor").glob("parcours-*.whl"))
        wait_kept(page, [RULES, "parcours/example.mjs", "assets/vendor/pyodide/pyodide.asm.wasm",
                         "assets/vendor/pyodide/python_stdlib.zip", f"assets/vendor/{wheel}"])
        [first_cache] = kept(page)
        for _ in range(PYTHON_TIMEOUT // 250):
            if snapshots(page):
                break
            page.wait_for_timeout(250)
        assert len(snapshots(page)) == 1, "the worker kept its snapshot of Python"

        # Offline: the page reloads, its example replays live and plays on.
        context.set_offline(True)
        served = len(deployment.paths)
        page.reload()
        ex = page.locator("#ex-art-3-taken")
        ex.hover()
        wait_live(ex)
        assert page.evaluate("performance.getEntriesByName('parcours:python:snapshot').length") == 1
        click_still(ex.locator("button.px-last"))  # the example's first click: see click_still
        n = ex.locator("li.px-step").count()
        ex.locator("input.px-dice-input").fill("4")
        ex.locator("button.px-throw").click()
        wait_counter(ex, f"{n + 1} / {n + 1}")
        scenario = scenario_of(ex)
        film = expected_film({**scenario, "dice": scenario["dice"] + [4]})
        assert page_sentences(ex, n + 1) == sentences(film["frames"][n + 1]["html"]["en"])
        assert not [p for p in deployment.paths[served:] if not p.endswith("/sw.js")], "nothing came from the network"
        context.set_offline(False)

        # A second build deployed: the next load brings its service worker. Chromium hands it the site
        # once the first build's worker has nothing in flight, at the latest when the reader's pages of
        # the first build are closed (seen here: held over 90 s by the reloaded page's requests, about
        # one CI run in three): the reader's next visit, in a new tab, is then the second build's only.
        page.mouse.move(0, 0)  # no Python started on the reloaded page
        deployment.switch(second_build(tmp_path / "site"))
        reload_until_served(page, SECOND)
        page.wait_for_function(INSTALLED, timeout=PYTHON_TIMEOUT)
        page.close()
        page = context.new_page()
        # The new worker may still be filling its cache: on a loaded machine the load took over 15 s once.
        page.goto(deployment.base + RULES, timeout=PYTHON_TIMEOUT)
        assert BUILD_META.search(page.content()).group(1) == SECOND  # type: ignore[union-attr]
        wait_kept(page, ["parcours/parcours.css"])
        assert kept(page) == [f"parcours-{SECOND}"], f"the first build's cache ({first_cache}) is gone"
        # The page read before the new worker took over is kept only if the browser's HTTP cache still
        # holds it when the worker activates (best effort): read again, it is kept for certain.
        page.reload()
        wait_kept(page, [RULES, "parcours/parcours.css"])
        css = page.evaluate("caches.match(new URL('../../parcours/parcours.css', location.href)).then((r) => r.text())")
        assert css.endswith(MARK + "\n"), "the cache holds the second build's stylesheet"
        assert page.evaluate("navigator.serviceWorker.controller !== null"), "the new service worker took the page"
        rec.assert_clean()
    finally:
        context.close()
