"""Every worked example under every other reading of every rule it plays by: replayed as far as its own
moves still fit, never an engine's refusal (the example's menu of readings then shows it on the page,
example.mjs asking for a lenient film). Where its moves stop fitting, the film says where and why in a
sentence of each language without a move's code, and keeps the moves that were played."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from parcours import all_games
from parcours.games import default_options
from parcours_view.film import film

DOCS = Path(__file__).resolve().parent.parent / "docs"


def readings() -> list[tuple[str, str, str, Any]]:
    """(example file, its scenario's ruleset, option, value) for every value but the example's own."""
    out = []
    for game in sorted(all_games()):
        options = all_games()[game].OPTIONS
        for path in sorted((DOCS / game / "examples").glob("*.yml")):
            scenario = yaml.safe_load(path.read_text(encoding="utf-8"))["scenario"]
            own = default_options(scenario["ruleset"]) | (scenario.get("options") or {})
            for oid, value in own.items():
                option = options[oid]
                values = (list(option.values) if not option.number_range
                          else sorted({option.number_range[0], option.number_range[1]}))
                out += [(f"{game}/examples/{path.name}", scenario["ruleset"], oid, v) for v in values if v != value]
    return out


READINGS = readings()


def test_some_examples_stop_fitting_under_another_reading() -> None:
    """Not a vacuous check: some readings do change what an example's moves can be."""
    diverged = [r for r in READINGS[:400] if replayed(*r).diverged]
    assert diverged, "no example diverges: the lenient replay is never exercised"


def replayed(file: str, ruleset: str, oid: str, value: Any) -> Any:
    scenario = yaml.safe_load((DOCS / file).read_text(encoding="utf-8"))["scenario"]
    scenario["options"] = {**(scenario.get("options") or {}), oid: value}
    return film(scenario, "#", lenient=True)


@pytest.mark.parametrize(("file", "ruleset", "oid", "value"), READINGS,
                         ids=[f"{f.split('/')[-1]}-{o}={v}" for f, _, o, v in READINGS])
def test_an_example_under_another_reading_replays_as_far_as_it_fits(file: str, ruleset: str, oid: str,
                                                                    value: Any) -> None:
    out = replayed(file, ruleset, oid, value)
    if out.refused is not None:  # the example's set-up is not possible under this reading: said so
        assert out.frames == [] and "reading" in out.refused["en"] and "lecture" in out.refused["fr"]
        return
    assert out.kept is not None
    played = [f["played"] for f in out.frames[1:] if "played" in f]
    assert [x for m in played if isinstance(m, list) for x in m] == out.kept["dice"]
    assert [m for m in played if isinstance(m, str)] == out.kept["choices"]
    if out.diverged:
        assert out.stopped == "diverged" and out.need is not None  # the reader plays on from there
        for lang, said in out.diverged.items():
            assert f" {len(out.frames)}" in said, said  # the step it stops at: the next one
            codes = [str(c) for c in out.need["choices"] if not str(c).isdigit()]
            assert not any(re.search(rf"\b{re.escape(c)}\b", said) for c in codes), said
            assert ("lecture" if lang == "fr" else "reading") in said
