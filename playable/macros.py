"""mkdocs-macros module: pages call these at build time; they ask the engine itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parcours import veldiv

from .archive import render_collation, render_editions, render_sources
from .rulebook import render_rules


def _rulesets_table(lang: str) -> str:
    head = ("| Course | Identifiant | Joueurs | Équipes | Boîtes |" if lang == "fr"
            else "| Race | Ruleset id | Players | Teams | Boxes |")
    rows = [head, "|---|---|---|---|---|"]
    yes, no = ("oui", "non") if lang == "fr" else ("yes", "no")
    for rid, race in veldiv.RACES.items():
        boxes = ", ".join("nº" + box[2:] for box, races in veldiv.BOXES.items() if rid in races)
        rows.append(f"| {race.name[lang]} | `{rid}` | {race.min_players}–{race.max_players} "
                    f"| {yes if race.team else no} | {boxes} |")
    return "\n".join(rows)


def _options_table(lang: str) -> str:
    head = ("| Option | Question | Article | Confiance | Par défaut | Autres lectures |" if lang == "fr"
            else "| Option | Question | Article | Confidence | Default | Other readings |")
    rows = [head, "|---|---|---|---|---|---|"]
    for oid, option in veldiv.OPTIONS.items():
        others = ", ".join(f"`{v}`" for v in option.values if v != option.default) or "—"
        rows.append(f"| `{oid}` | {option.question[lang]} | `{option.article}` | {option.confidence} "
                    f"| `{option.default}` | {others} |")
    return "\n".join(rows)


def define_env(env: Any) -> None:
    docs = Path(env.conf["docs_dir"])
    source_name = {"fr": "transcription d'une page de collectionneur (témoin A)",
                   "en": "as transcribed on a collector's page (witness A)"}
    env.macro(_rulesets_table, "rulesets_table")
    env.macro(_options_table, "options_table")
    env.macro(lambda game: render_rules(docs, game, source_name), "rules_page")
    env.macro(lambda game: render_editions(docs, game), "editions_page")
    env.macro(lambda game: render_collation(docs, game), "collation_table")
    env.macro(lambda game: render_sources(docs, game), "sources_list")
