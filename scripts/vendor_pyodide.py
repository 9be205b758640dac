#!/usr/bin/env python3
"""Vendor Pyodide and the engine's wheel into the site's sources (playable/vendor.py says what, and why).

    python scripts/vendor_pyodide.py [TARGET] [--wheel PATH] [--if-stale]

TARGET defaults to docs/assets/vendor/. The build does this itself whenever the vendored engine is
stale (playable/hooks.py); this script does it by hand, or with --if-stale only when needed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playable.vendor import VENDOR, VendorError, ensure_vendored, vendor


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", nargs="?", type=Path, default=VENDOR,
                        help="where Pyodide and the wheel go (default: docs/assets/vendor/)")
    parser.add_argument("--wheel", type=Path, help="an engine wheel to vendor instead of building one")
    parser.add_argument("--if-stale", action="store_true", help="only if the vendored files are not current")
    args = parser.parse_args(argv)
    if args.wheel and not args.wheel.is_file():
        parser.error(f"no such wheel: {args.wheel}")
    try:
        done = ensure_vendored(args.target.resolve()) if args.if_stale else vendor(args.target.resolve(), args.wheel)
    except VendorError as err:
        print(f"vendor_pyodide: {err}", file=sys.stderr)
        return 1
    print(f"vendor_pyodide: {done or 'Pyodide and the engine are vendored and current'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
