"""The scenario format page (docs/scenario-format.md) says, in French and in English, which fields the
JSON result of `parcours replay … --json` holds: a table, one row for the fields of every race and one
for each game's own (or a race's, where a game's races differ), its races named by their ruleset ids
(`veldiv.*`, `cdp.velocita`). Every race of every registered game is replayed here by the command
itself, and the rows that name it must give exactly the result's fields, no more and no fewer: a field
added, renamed or dropped, or a game registered without its row, fails here until the page says so."""

from __future__ import annotations

import json
import re
from fnmatch import fnmatchcase
from pathlib import Path

import pytest

from parcours import all_games
from parcours.cli import main

pytestmark = pytest.mark.site  # the site's page, checked against the engine: make check-site and make test run it

PAGE = Path(__file__).resolve().parent.parent / "docs" / "scenario-format.md"
LANGS = ("fr", "en")
TABS = {"fr": '=== "Français"', "en": '=== "English"'}  # how the page marks its languages
HEADS = {"fr": "| Courses | Champs du résultat |", "en": "| Races | Fields of the result |"}
RACES = [(gid, rid) for gid, game in all_games().items() for rid in game.RACES]
Table = list[tuple[list[str], set[str]]]  # each row: the patterns of the races it is about, the fields it names


def fields_named(cell: str) -> set[str]:
    """The `names` a cell gives outside any brackets (what a field holds, its own fields or its
    values, is said in brackets after it)."""
    depth, names = 0, set()
    for part in re.split(r"(`[^`]*`)", cell):
        if part.startswith("`"):
            if depth == 0:
                names.add(part.strip("`"))
        else:
            depth += part.count("(") - part.count(")")
            assert depth >= 0, cell
    assert depth == 0, cell
    return names


def table(lang: str) -> Table:
    """The page's table of the result's fields, in the tab of its language."""
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    heads = [i for i, line in enumerate(lines) if line.strip() == HEADS[lang]]
    assert len(heads) == 1, f"the page has one table of the result's fields headed {HEADS[lang]}"
    tab = next(line.strip() for line in reversed(lines[:heads[0]]) if line.startswith("=== "))
    assert tab == TABS[lang], f"the table headed {HEADS[lang]} stands in the {tab} tab"
    rows: Table = []
    for line in lines[heads[0] + 2:]:  # the head, its rule, then the rows
        if not line.strip().startswith("|"):
            break
        races, fields = (cell.strip() for cell in line.strip().strip("|").split("|"))
        rows.append((re.findall(r"`([^`]+)`", races), fields_named(fields)))
    return rows


def documented(rows: Table, rid: str) -> set[str]:
    """The fields the rows about a race name."""
    return {field for patterns, fields in rows if any(fnmatchcase(rid, p) for p in patterns) for field in fields}


def replayed(rid: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    """`parcours replay FILE --json` on a seeded race of `rid`, played to its end or (a game with
    decisions, no choice written) to its first decision."""
    players = all_games()[rid.split(".", 1)[0]].RACES[rid].min_players
    scenario = tmp_path / f"{rid}.json"
    scenario.write_text(json.dumps({"ruleset": rid, "players": players, "seed": 1}), encoding="utf-8")
    assert main(["replay", str(scenario), "--json"]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    assert out["ruleset"] == rid and out["stopped"] in ("end", "choices"), out["stopped"]
    return out


@pytest.mark.parametrize("gid, rid", RACES, ids=[rid for _, rid in RACES])
def test_the_page_names_exactly_the_fields_of_each_race_s_result(
        gid: str, rid: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fields = set(replayed(rid, tmp_path, capsys))
    for lang in LANGS:
        rows = table(lang)
        own = [patterns for patterns, _ in rows if any(fnmatchcase(rid, p) for p in patterns) and "*" not in patterns]
        assert own, f"{lang}: no row of the table is about {rid} ({gid}) in particular"
        named = documented(rows, rid)
        assert named == fields, (f"{lang}: the page names {sorted(named - fields)} that {rid}'s result lacks, "
                                 f"and lacks {sorted(fields - named)}")


@pytest.mark.parametrize("lang", LANGS)
def test_every_row_of_the_table_is_about_a_registered_race(lang: str) -> None:
    """No row left for a race the registry no longer has (nor a row naming no race)."""
    for patterns, fields in table(lang):
        assert patterns and fields, (patterns, fields)
        for pattern in patterns:
            assert any(fnmatchcase(rid, pattern) for _, rid in RACES), f"{lang}: `{pattern}` is no registered race"


def test_fields_named_leaves_out_what_is_said_in_brackets() -> None:
    """Not a vacuous reading: a field's own fields and its values, in brackets, are not the result's."""
    cell = "`players` (each with `seat`, `hole` (0 at `START`)); `winner` (a seat, or `null`); `steps`"
    assert fields_named(cell) == {"players", "winner", "steps"}
