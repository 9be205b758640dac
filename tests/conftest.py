"""Shared pytest configuration for the Parcours tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_support import Server, Session, chromium, serving


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "pyodide: runs the engine in Node + Pyodide (needs node, `npm ci`, scripts/fetch_test_wheels.sh); "
        "select with -m pyodide, leave out with -m 'not pyodide'",
    )
    config.addinivalue_line(
        "markers",
        "browser: drives the built site in headless Chromium (needs /usr/bin/chromium-headless-shell, Playwright, "
        "`make build`); select with -m browser, leave out with -m 'not browser'",
    )
    config.addinivalue_line(
        "markers",
        "strength: a bot's strength over hundreds of seeded races (CPython only: too slow inside Pyodide); "
        "leave out with -m 'not strength'",
    )
    config.addinivalue_line(
        "markers",
        "replay: a published record played again in full from its seed (half a minute, on one core): "
        "started first under make test, left out of make check",
    )
    config.addinivalue_line(
        "markers",
        "numeric: the exact odds' numerics (big fractions, large boards, odds against many races): CPython only, "
        "as they take a minute inside Pyodide, whose arithmetic the parity tests already compare byte for byte",
    )
    config.addinivalue_line(
        "markers",
        "site: reads the site's YAML data (docs/, with PyYAML, which Pyodide lacks) or builds the site: "
        "run by CPython only, and by make test, not make check",
    )
    config.addinivalue_line(
        "markers",
        "build: builds a whole site (MkDocs, Zensical, ProperDocs), or reads every page of the built one: "
        "ten seconds to a minute and more each; make test runs them, make check-site leaves them out",
    )
    config.addinivalue_line(
        "markers",
        "yaml: reads YAML text (PyYAML, an optional dependency of the engine, which Pyodide lacks): CPython only",
    )


# The slowest kinds first: with `--dist loadgroup` (make test) the workers take tests in collection
# order, so the long ones (Pyodide's runs, the bots' strength, the browser's) start at once and the
# quick ones fill the gaps after, instead of one long test starting last and running alone.
FIRST = ("replay", "pyodide", "strength", "browser")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        return next((i for i, mark in enumerate(FIRST) if item.get_closest_marker(mark)), len(FIRST))

    items.sort(key=rank)  # stable: the order of the files and of their tests is kept within a kind


# One local server of the built site and one Chromium for a worker's whole run (browser_support.py).
@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving() as srv:
        yield srv


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def session(browser: Any, server: Server) -> Iterator[Session]:
    """A reader's first visit: a fresh browser context (no storage, no cache), closed after the test."""
    s = Session(browser, server)
    yield s
    s.close()


UNGROUPED = pytest.StashKey[set[str]]()


def pytest_collection_finish(session: pytest.Session) -> None:
    """make test relies on pytest-xdist's groups: a pytest that ignores them fails the tests they hold."""
    grouping = session.config.getoption("loadgroup", default=False)
    session.config.stash[UNGROUPED] = {i.nodeid for i in session.items if grouping
                                       and i.get_closest_marker("xdist_group") and "@" not in i.nodeid}


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.nodeid in item.config.stash.get(UNGROUPED, set()):
        pytest.fail("pytest-xdist did not group this test with the others that share its page or run (this pytest "
                    "ignores the group xdist adds to a test's id): see the pin of pytest in requirements-dev.txt",
                    pytrace=False)
