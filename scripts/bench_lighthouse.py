#!/usr/bin/env python3
"""Lighthouse's mobile performance score of every page of the built site (a measurement, not a test).

    .venv/bin/python scripts/bench_lighthouse.py [--site site] [--pages veldiv/rules/ ...] [--runs 1] [--save DIR]

Lighthouse 12 (simulated mobile: a mid-range phone's CPU, 4x slower, on a slow 4G network) in the
Chromium of /usr/bin/chromium, against the built site served as GitHub Pages serves it (gzip, under
/parcours/). Prints, per page, the score (goal: at least 95) and what makes it: first and largest
contentful paint, total blocking time, layout shift, and the longest main-thread task Lighthouse saw
(on its slowed CPU). With --runs above 1, the median score, each run's beside it, a star on a run whose
first paint the browser held back (first_paint_held: the machine's, not the page's). With --retry-held
N, such a run is measured again, up to N times, until a run is not held: the median is then of the
runs that were not (each held run still printed, "82*>97": held, then measured again). For a page under
the goal, what its main thread spent its time on (Lighthouse's bootup-time: each script's evaluation,
on the slowed CPU) and the longest tasks' scripts; --save keeps each run's whole report
(DIR/<page>.<run>.json). Lighthouse itself is not a dependency of the site: npm fetches the pinned
release into its own cache on the first run (`npm exec`).
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_site import BASE, CHROMIUM, REPO, serve, what_is_missing

LIGHTHOUSE = "lighthouse@12.8.2"
GOAL = 95
METRICS = (("first-contentful-paint", "FCP"), ("largest-contentful-paint", "LCP"),
           ("total-blocking-time", "TBT"), ("cumulative-layout-shift", "CLS"))


def pages_of(site: Path) -> list[str]:
    return sorted(f"{p.parent.relative_to(site).as_posix()}/".removeprefix("./") for p in site.rglob("index.html")
                  if p.relative_to(site).parts[0] not in ("assets", "search"))


def lighthouse(url: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        subprocess.run(["npm", "exec", "--yes", f"--package={LIGHTHOUSE}", "--", "lighthouse", url,
                        "--only-categories=performance", "--output=json", f"--output-path={out}", "--quiet",
                        "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
                       check=True, env={**os.environ, "CHROME_PATH": CHROMIUM}, cwd=tmp)
        report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        return report


def summary(report: dict[str, Any]) -> tuple[float, str]:
    audits = report["audits"]
    score = report["categories"]["performance"]["score"] * 100
    tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    longest = max((t["duration"] for t in tasks), default=0)
    words = "  ".join(f"{short} {audits[key]['displayValue']:>7}" for key, short in METRICS)
    return score, f"{words}  longest task {longest:4.0f} ms (slowed CPU)"


def first_paint_held(report: dict[str, Any]) -> bool:
    """Whether the browser held the page's first paint back until long after the page was parsed: on
    this machine, in about one run in four under load, Chromium's compositor draws the page's first
    frame (made at 0.2 s) only at 1.2 s, its main thread idle in between (traced). Lighthouse's
    simulation then puts everything the page did before that paint before its largest paint: an LCP
    of 3.5 s where the other runs give 1.2-1.9 s, a score 8-15 points lower."""
    seen = report["audits"]["metrics"]["details"]["items"][0]
    return bool(seen["observedFirstContentfulPaint"] > seen["observedDomContentLoaded"] + 500)


def measured(url: str, retries: int) -> list[dict[str, Any]]:
    """A run of Lighthouse on url, and again while its first paint was held, up to `retries` times more:
    every report, the last the one that counts."""
    reports = [lighthouse(url)]
    while first_paint_held(reports[-1]) and len(reports) <= retries:
        reports.append(lighthouse(url))
    return reports


def scored(report: dict[str, Any]) -> str:
    """A run's score, starred if its first paint was held."""
    return f"{summary(report)[0]:.0f}" + ("*" if first_paint_held(report) else "")


def costs(report: dict[str, Any], base: str) -> str:
    """What the main thread spent its time on: the scripts that cost most (evaluation and parsing, on the
    slowed CPU), and where the longest tasks were."""
    audits = report["audits"]
    scripts = audits.get("bootup-time", {}).get("details", {}).get("items", [])
    tops = sorted(scripts, key=lambda s: -s.get("total", 0))[:4]
    words = ", ".join(f"{str(s['url']).removeprefix(base).rsplit('/', 1)[-1] or 'page'} {s['total']:.0f} ms"
                      for s in tops)
    tasks = audits.get("long-tasks", {}).get("details", {}).get("items", [])
    longest = ", ".join(f"{t['duration']:.0f} ms at {t['startTime']:.0f} ({str(t['url']).removeprefix(base) or 'page'})"
                        for t in sorted(tasks, key=lambda t: -t["duration"])[:3])
    return f"      scripts: {words}\n      longest tasks: {longest or 'none'}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "site")
    parser.add_argument("--pages", nargs="*", help="paths under the site's base (default: every page)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--retry-held", type=int, default=0, metavar="N",
                        help="measure a run whose first paint was held again, up to N times")
    parser.add_argument("--save", type=Path, help="a directory to keep each run's report in")
    args = parser.parse_args()
    site = args.site.resolve()
    missing = what_is_missing(site)
    if missing:
        print(f"bench_lighthouse: {missing}", file=sys.stderr)
        return 2
    httpd, base, _ = serve(site)
    low = []
    # Lighthouse simulates the phone from the tasks it sees on this machine's CPU: other processes
    # lengthen them (the home page's blocking time: 7.6 s at a load average of 11 on 2 cores, where a quiet machine
    # gave it a score of 97).
    print(f"Lighthouse mobile performance ({LIGHTHOUSE}; goal: at least {GOAL} on every page; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start):")
    for path in args.pages or pages_of(site):
        tries = [measured(base + path, args.retry_held) for _ in range(args.runs)]
        reports = [attempts[-1] for attempts in tries]
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            for k, report in enumerate(r for attempts in tries for r in attempts):
                name = path.strip("/").replace("/", "_") or "home"
                (args.save / f"{name}.{k}.json").write_text(json.dumps(report), encoding="utf-8")
        runs = [summary(report) for report in reports]
        score = statistics.median(s for s, _ in runs)
        if score < GOAL:
            low.append(path)
        if args.runs > 1 or len(tries[0]) > 1:
            each = f" (runs: {', '.join('>'.join(scored(r) for r in attempts) for attempts in tries)})"
        else:
            each = "*" if first_paint_held(reports[0]) else ""
        print(f"  {BASE}{path:<26} {score:3.0f}{each}  {runs[-1][1]}{'' if score >= GOAL else '   UNDER GOAL'}",
              flush=True)
        if score < GOAL:
            print(costs(reports[-1], base), flush=True)
    httpd.shutdown()
    print("* a run whose first paint the browser held back until long after the page was parsed "
          "(first_paint_held)" + (f"; a>b: a held run measured again (--retry-held {args.retry_held}), "
                                  "the median of the last" if args.retry_held else ""))
    print(f"{len(low)} page(s) under {GOAL}" + (": " + ", ".join(low) if low else "")
          + f" (load average {os.getloadavg()[0]:.1f} at the end)")
    return 1 if low else 0


if __name__ == "__main__":
    raise SystemExit(main())
