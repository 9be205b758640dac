"""Shared pytest configuration for the Parcours tests."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "pyodide: runs the engine in Node + Pyodide (needs node, `npm ci`, scripts/fetch_test_wheels.sh); "
        "select with -m pyodide, leave out with -m 'not pyodide'",
    )
    config.addinivalue_line(
        "markers",
        "browser: drives the built site in headless Chromium (needs /usr/bin/chromium, Playwright, `make build`); "
        "select with -m browser, leave out with -m 'not browser'",
    )
    config.addinivalue_line(
        "markers",
        "strength: a bot's strength over hundreds of seeded races (CPython only: too slow inside Pyodide); "
        "leave out with -m 'not strength'",
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
        "yaml: reads YAML text (PyYAML, an optional dependency of the engine, which Pyodide lacks): CPython only",
    )
