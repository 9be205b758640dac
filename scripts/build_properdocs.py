#!/usr/bin/env python3
"""Build the site with ProperDocs, the maintained fork of MkDocs 1.x, from the same mkdocs.yml.

    .venv/bin/python scripts/build_properdocs.py [--site-dir site-properdocs]

ProperDocs is MkDocs 1.6 continued: it reads mkdocs.yml, runs its plugins (Material's search, the
macros) and its hooks (playable/hooks.py: the data check, Pyodide and the wheel vendored when the
engine changed, the widget's files, the language marks, the offline build), so this script only runs
`properdocs build --strict` into another folder. It lives in the same virtualenv as MkDocs: it ships
its own `properdocs` package, and only inside its own process does it answer the plugins' and
Material's `import mkdocs...` (properdocs/replacement.py). The pages it writes are MkDocs' but for
their `generator` line and so the build's version (tests/test_properdocs.py).
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site-dir", default="site-properdocs",
                        help="where the site is written, relative to the repository (default: site-properdocs)")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("properdocs") is None:
        parser.error("ProperDocs is not installed: make setup (requirements-lock.txt)")
    site = (REPO / args.site_dir).resolve()
    start = time.monotonic()
    command = [sys.executable, "-m", "properdocs", "build", "--strict",
               "--config-file", str(REPO / "mkdocs.yml"), "--site-dir", str(site)]
    done = subprocess.run(command, cwd=REPO, check=False)
    if done.returncode != 0:
        print(f"build_properdocs: properdocs build failed ({done.returncode})", file=sys.stderr)
        return done.returncode
    print(f"build_properdocs: {site} built in {time.monotonic() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
