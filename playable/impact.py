"""What each reading changes, beside its note: the figures of docs/<game>/impact.json, which
scripts/reading_impact.py computes with `parcours compare` (the same races under every value of the
option), printed as the engine worded them. Nothing is played at build time."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from parcours import all_races
from parcours.report import exact_line, exact_verdict
from parcours_view.readings import ExactWords, impact_html

from . import data_check
from .measuring import exact_under
from .sources import DataError


def impact_box(docs: Path, game: str, option_id: str, numbers: str) -> str:
    """The box beside a reading's note: for each race it applies to, each value against the default and
    its verdict in a sentence; the figures themselves on the numbers page (at `numbers`), where
    impact_figures prints them."""
    records = impact_records(docs, game, option_id)
    races = [{"ruleset": r["ruleset"], "name": all_races()[r["ruleset"]].name, "players": r["players"],
              "min": all_races()[r["ruleset"]].min_players, "max": all_races()[r["ruleset"]].max_players}
             for r in records]  # for the reader's own comparison (compare.mjs)
    figures = f"{numbers}#{reading_anchor(option_id)}"
    return (f'<div class="px-impact" data-impact="{escape(option_id)}" data-races="{escape(json.dumps(races))}">'
            f"{impact_html(records, exact=exact_words(records), figures=figures)}</div>")


def impact_figures(docs: Path, game: str, option_id: str) -> str:
    """On the numbers page, what a reading changes in full: each verdict with its figures folded under
    it, and how they were made."""
    records = impact_records(docs, game, option_id)
    return (f'<div class="px-impact px-impact-full" data-impact="{escape(option_id)}">'
            f"{impact_html(records, title=None, exact=exact_words(records))}</div>")


def impact_records(docs: Path, game: str, option_id: str) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] | None = data_check.impact(docs, game).data["options"].get(option_id)
    if not records:  # the rulebook's check makes sure a note's option has them
        raise DataError(f"{docs / game / 'impact.json'}: no figures for the reading {option_id}")
    return records


def reading_anchor(option_id: str) -> str:
    """The id of a reading's figures on the numbers page: veldiv.lap-token -> reading-veldiv-lap-token."""
    return "reading-" + option_id.replace(".", "-")


def exact_words(records: list[dict[str, Any]]) -> ExactWords:
    """Where the game computes a race exactly (the horse race, Velocità), each value against the default
    in its exact words: a verdict when who wins moves, and the exact shares."""
    found: ExactWords = {}
    for record in records:
        ruleset, option = record["ruleset"], record["option"]
        before = exact_under(ruleset)
        if before is None:
            continue
        for against in record["against"]:
            after = exact_under(ruleset, {option: against["value"]})
            if after is None:
                continue
            verdict = {lang: said for lang in ("fr", "en") if (said := exact_verdict(ruleset, before, after, lang))}
            found[(ruleset, against["value"])] = {
                "verdict": verdict or None,
                "line": {lang: exact_line(ruleset, before, after, lang) for lang in ("fr", "en")}}
    return found
