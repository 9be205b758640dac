#!/usr/bin/env python3
"""Lighthouse's mobile performance score of every page of the built site (a measurement, not a test).

    .venv/bin/python scripts/bench_lighthouse.py [--site site] [--pages veldiv/rules/ ...] [--runs 1]

Lighthouse 12 (simulated mobile: a mid-range phone's CPU, 4x slower, on a slow 4G network) in the
Chromium of /usr/bin/chromium, against the built site served as GitHub Pages serves it (gzip, under
/parcours/). Prints, per page, the score (goal: at least 95) and what makes it: first and largest
contentful paint, total blocking time, layout shift, and the longest main-thread task Lighthouse saw
(on its slowed CPU). With --runs above 1, the median score. Lighthouse itself is not a dependency of the
site: npm fetches the pinned release into its own cache on the first run (`npm exec`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_site import BASE, CHROMIUM, REPO, serve, what_is_missing

LIGHTHOUSE = "lighthouse@12.8.2"
GOAL = 95
METRICS = (("first-contentful-paint", "FCP"), ("largest-contentful-paint", "LCP"),
           ("total-blocking-time", "TBT"), ("cumulative-layout-shift", "CLS"))


def pages_of(site: Path) -> list[str]:
    return sorted(f"{p.parent.relative_to(site).as_posix()}/".removeprefix("./") for p in site.rglob("index.html")
                  if p.relative_to(site).parts[0] not in ("assets", "search"))


def lighthouse(url: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        subprocess.run(["npm", "exec", "--yes", f"--package={LIGHTHOUSE}", "--", "lighthouse", url,
                        "--only-categories=performance", "--output=json", f"--output-path={out}", "--quiet",
                        "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
                       check=True, env={**os.environ, "CHROME_PATH": CHROMIUM}, cwd=tmp)
        return json.loads(out.read_text(encoding="utf-8"))


def summary(report: dict) -> tuple[float, str]:
    audits = report["audits"]
    score = report["categories"]["performance"]["score"] * 100
    tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    longest = max((t["duration"] for t in tasks), default=0)
    words = "  ".join(f"{short} {audits[key]['displayValue']:>7}" for key, short in METRICS)
    return score, f"{words}  longest task {longest:4.0f} ms (slowed CPU)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "site")
    parser.add_argument("--pages", nargs="*", help="paths under the site's base (default: every page)")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    site = args.site.resolve()
    missing = what_is_missing(site)
    if missing:
        print(f"bench_lighthouse: {missing}", file=sys.stderr)
        return 2
    httpd, base, _ = serve(site)
    low = []
    print(f"Lighthouse mobile performance ({LIGHTHOUSE}; goal: at least {GOAL} on every page):")
    for path in args.pages or pages_of(site):
        runs = [summary(lighthouse(base + path)) for _ in range(args.runs)]
        score = statistics.median(s for s, _ in runs)
        if score < GOAL:
            low.append(path)
        each = f" (runs: {', '.join(f'{s:.0f}' for s, _ in runs)})" if args.runs > 1 else ""
        print(f"  {BASE}{path:<26} {score:3.0f}{each}  {runs[-1][1]}{'' if score >= GOAL else '   UNDER GOAL'}",
              flush=True)
    httpd.shutdown()
    print(f"{len(low)} page(s) under {GOAL}" + (": " + ", ".join(low) if low else ""))
    return 1 if low else 0


if __name__ == "__main__":
    raise SystemExit(main())
