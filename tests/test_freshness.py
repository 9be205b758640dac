"""A build is never stale (playable/freshness.py): the data the engine's rules made, and every worked
example, carry what those rules gave; the build plays them again and fails, naming the file, what
changed and the command that writes it again.

The engine is changed in a copy (its source edited, as a maintainer would), and that copy is the
one imported: a refactor leaves every fingerprint as it is, a rule, a default reading or a word
does not. Last, the whole build, in a copy of the repository, fails in a few lines."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from parcours import all_races, default_options, game_of
from parcours.stats import chosen_bots, streams
from playable import freshness
from playable.sources import DataError
from project_copy import build, copy_project

pytestmark = pytest.mark.site  # the site's data, checked against the engine

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SIX = ("veldiv/races.py", 'return 6 if self.kind == "pursuit" and players == 4 else 12',
       'return 6 if self.kind == "pursuit" and players == 4 else 10')
LINE_CROSSING = ("veldiv/options.py", '    "beyond",\n    {"beyond": {"fr": "Non',
                 '    "reach",\n    {"beyond": {"fr": "Non')


# ---------------------------------------------------------------- the repository as it is

@pytest.mark.build
def test_the_repository_is_fresh_and_the_check_costs_little() -> None:
    started = time.process_time()
    freshness.check_fresh(DOCS)
    spent = time.process_time() - started
    assert spent < 4, f"the check took {spent:.1f} s of CPU (about 1.5 s expected): the build runs it every time"


def test_every_data_file_and_example_carries_what_the_check_reads() -> None:
    files = list(freshness.data_files(DOCS))
    assert {kind.name for _, kind, _ in files} == {"numbers.json", "impact.json", "engine data"}
    assert any(path.name == "velocita_solved.json" for path, _, _ in files)
    for path, _, _ in files:
        assert json.loads(path.read_text(encoding="utf-8"))["fingerprint"], path
    examples = sorted(DOCS.glob("*/examples/*.yml"))
    assert len(examples) > 80 and all("\nexpect:" in p.read_text(encoding="utf-8") for p in examples)


def test_the_art_4_example_pins_the_square_its_explanation_names() -> None:
    text = (DOCS / "veldiv/examples/art-4-six.yml").read_text(encoding="utf-8")
    assert "to square 34" in text and "  riders[0][0].square: 10 → 34\n" in text


def _cites(ruleset: str, players: int, bots: list[str], seed: int, race: int) -> tuple[set[str], int]:
    """A race of the sample's stream, its events all built: the articles it cites, and its throws."""
    game, chance = game_of(ruleset), streams(seed, race)
    state = game.new_state(ruleset, players, default_options(ruleset),
                           {"shuffle": chance.shuffle} if game.SHUFFLES else None)
    _, functions = chosen_bots(game, players, bots)
    cites, throws = {e.cite for e in game.settle_setup(state)}, 0
    while (asked := game.need(state)) is not None:
        if asked.kind == "dice":
            events = game.play_throw(state, [1 + int(asked.sides * chance.dice.random()) for _ in range(asked.count)])
            throws += 1
        else:
            events = game.play_choice(state, functions[asked.seat](state, asked, chance.bots))
        cites |= {e.cite for e in events}
    return cites, throws


@pytest.mark.parametrize("ruleset", sorted(all_races()))
def test_the_sample_meets_every_article_a_quarter_of_the_races_cite(ruleset: str) -> None:
    race = all_races()[ruleset]
    players = max(race.min_players, min(4, race.max_players))
    bots, _ = chosen_bots(game_of(ruleset), players, ())
    n = freshness.sample_size(ruleset, players, bots, 1932)
    played = [_cites(ruleset, players, bots, 1932, i) for i in range(40)]
    sample = freshness.outcomes(ruleset, players, default_options(ruleset), bots, 1932, n)
    assert [throws for _, throws in played[:n]] == [o.throws for o in sample]  # the very races of the sample
    counts = Counter(cite for cites, _ in played for cite in cites)
    met = set().union(*(cites for cites, _ in played[:n]))
    assert [c for c, k in counts.items() if k >= 10 and c not in met] == []


# ---------------------------------------------------------------- the engine changed, in a copy

PROBE = """
import json, sys
from pathlib import Path
import parcours
from playable import freshness
engine, docs = Path(sys.argv[1]), Path(sys.argv[2])
assert Path(parcours.__file__).resolve().is_relative_to(engine.resolve()), parcours.__file__
kinds = {"numbers": freshness.NUMBERS, "impact": freshness.IMPACT}
found = [freshness.file_fault(docs / "veldiv" / (k + ".json"), kinds[k], "veldiv") for k in ("numbers", "impact")]
found += [freshness.example_fault(p) for p in sorted((docs / "veldiv" / "examples").glob("*.yml"))]
print(json.dumps([f for f in found if f]))
"""


def stale_after(tmp_path: Path, *edits: tuple[str, str, str]) -> list[str]:
    """The Veldiv's stale files and examples once the engine's source is edited (in a copy, imported)."""
    engine = tmp_path / "engine"
    shutil.copytree(ROOT / "engine", engine, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for name, old, new in edits:
        path = engine / "parcours" / name
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, (name, old)
        path.write_text(text.replace(old, new), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(engine), str(ROOT)])}
    out = subprocess.run([sys.executable, "-c", PROBE, str(engine / "parcours"), str(DOCS)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    found: list[str] = json.loads(out.stdout)
    return found


def test_a_refactor_leaves_every_fingerprint_as_it_is(tmp_path: Path) -> None:
    """Comments, a local renamed, an expression turned about, code moved: the same races, the same words."""
    assert stale_after(
        tmp_path,
        ("veldiv/races.py", SIX[1], ("# a six: twelve squares, six in a four-player pursuit (Art. 1, 4)\n"
                                     "        pursuit_of_four = self.kind == \"pursuit\" and players == 4\n"
                                     "        return 12 if not pursuit_of_four else 6")),
        ("veldiv/rules.py", "    bump = face  #", "    hop = face  #"),
        ("veldiv/rules.py", "            target += bump\n", "            target = target + hop  # moved on\n"),
        ("veldiv/rules.py", '"steps": bump,', '"steps": hop,'),
    ) == []


def test_a_six_counting_ten_makes_the_data_and_the_examples_stale(tmp_path: Path) -> None:
    found = stale_after(tmp_path, SIX)
    numbers, impact, *examples = found
    assert numbers.startswith("docs/veldiv/numbers.json: stale: veldiv.americaine plays differently under its "
                              "default readings; veldiv.cagnotte plays differently")
    assert numbers.endswith("run .venv/bin/python scripts/game_numbers.py --game veldiv")
    assert impact.startswith("docs/veldiv/impact.json: stale: veldiv.americaine plays differently under its "
                             "default readings")
    assert impact.endswith("run .venv/bin/python scripts/reading_impact.py --game veldiv")
    art4 = next(line for line in examples if line.startswith("docs/veldiv/examples/art-4-six.yml:"))
    line = 1 + (DOCS / "veldiv/examples/art-4-six.yml").read_text(encoding="utf-8") \
        .split("\n").index("  riders[0][0].square: 10 → 34")
    assert art4 == (f"docs/veldiv/examples/art-4-six.yml:{line}: expect: the example now ends at "
                    "riders[0][0].square: 10 → 20, not at riders[0][0].square: 10 → 34 (the engine or the scenario "
                    "changed): "
                    "read its explanation again, then run "
                    ".venv/bin/python scripts/pin_examples.py docs/veldiv/examples/art-4-six.yml")


def test_another_default_reading_is_named(tmp_path: Path) -> None:
    numbers, impact, *_ = stale_after(tmp_path, LINE_CROSSING)
    assert DEFAULT_SAID in numbers and DEFAULT_SAID in impact


@pytest.mark.parametrize(("edit", "stale"), [
    (("veldiv/figures.py", '"en": "Points scored"', '"en": "Points won"'), ["numbers.json", "impact.json"]),
    (("report.py", 'f"no change in who wins beyond', 'f"no shift in who wins beyond'), ["impact.json"]),
    (("report.py", 'f"changes who wins: {who}{of}', 'f"alters who wins: {who}{of}'), ["impact.json"]),
    (("veldiv/options.py", '"en": "Reach the square"', '"en": "Reach it"'), ["impact.json"]),
], ids=["a figure's name", "a verdict", "a verdict the sample never prints", "a reading's label"])
def test_a_word_a_file_stores_makes_it_stale(tmp_path: Path, edit: tuple[str, str, str], stale: list[str]) -> None:
    found = stale_after(tmp_path, edit)
    assert [line.split(":")[0] for line in found] == [f"docs/veldiv/{name}" for name in stale]
    assert all("the words of veldiv." in line for line in found)


def test_a_file_without_fingerprint_or_of_another_rule_set_is_stale(tmp_path: Path) -> None:
    path = tmp_path / "numbers.json"
    data = json.loads((DOCS / "chevaux/numbers.json").read_text(encoding="utf-8"))
    path.write_text(json.dumps({k: v for k, v in data.items() if k != "fingerprint"}), encoding="utf-8")
    fault = freshness.file_fault(path, freshness.NUMBERS, "chevaux")
    assert fault is not None and "it carries no fingerprint of the rules that produced it" in fault
    data["fingerprint"].pop("chevaux.course")
    data["fingerprint"]["chevaux.galop"] = data["fingerprint"]["chevaux.trois-points"]
    path.write_text(json.dumps(data), encoding="utf-8")
    fault = freshness.file_fault(path, freshness.NUMBERS, "chevaux")
    assert fault is not None and "chevaux.course has no figures here" in fault
    assert "it has figures for chevaux.galop, which the engine no longer measures this way" in fault


def test_an_example_without_expect_says_how_to_pin_it(tmp_path: Path) -> None:
    path = tmp_path / "fin.yml"
    text = (DOCS / "chevaux/examples/fin.yml").read_text(encoding="utf-8")
    path.write_text(re.sub(r"^expect:.*\n(?: .*\n)*", "", text, flags=re.MULTILINE), encoding="utf-8")
    fault = freshness.example_fault(path)
    assert fault is not None and fault.endswith(f"expect: missing: the final position the example reaches is "
                                                f"pinned by .venv/bin/python scripts/pin_examples.py {path}")


# ---------------------------------------------------------------- the build itself

DEFAULT_SAID = ("the default readings of veldiv.americaine, veldiv.cagnotte, veldiv.eliminatoire, "
                "veldiv.individuelle, veldiv.poursuite-equipe, veldiv.poursuite-individuelle changed "
                "(veldiv.line-crossing is now 'reach', was 'beyond') (the engine changed since it was written)")


@pytest.mark.parametrize(("edit", "said", "examples"), [
    (SIX, "veldiv.americaine plays differently under its default readings", True),
    (LINE_CROSSING, DEFAULT_SAID, False),  # no example stops on the line: none ends elsewhere
], ids=["a six counting ten", "another default reading"])
@pytest.mark.build
def test_a_build_after_a_rule_change_fails_naming_what_to_regenerate(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edit: tuple[str, str, str], said: str,
        examples: bool) -> None:
    project = copy_project(tmp_path)  # what the build needs, no site/
    name, old, new = edit
    path = project / "engine/parcours" / name
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(project / p) for p in ("engine", "playable", "."))}
    imported = subprocess.run([sys.executable, "-c", "import parcours; print(parcours.__file__)"], cwd=project,
                              env=env, capture_output=True, text=True, check=True).stdout.strip()
    assert Path(imported).is_relative_to(project / "engine")  # the copy's engine is the one the build imports
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")  # as the Makefile says it
    out = build(project, "-q")
    log = out.stdout + out.stderr
    assert out.returncode != 0 and "Traceback" not in log, log
    lines = [line.removeprefix("ERROR   -  ") for line in log.splitlines() if line.strip()]
    assert lines[0] == "Aborted with a BuildError!" and all(line.startswith("docs/veldiv/") for line in lines[1:]), log
    assert f"docs/veldiv/numbers.json: stale: {said}" in log and f"docs/veldiv/impact.json: stale: {said}" in log
    assert "run .venv/bin/python scripts/game_numbers.py --game veldiv" in log
    assert "run .venv/bin/python scripts/reading_impact.py --game veldiv" in log
    moved = [line for line in lines[3:] if line.startswith("docs/veldiv/examples/")]
    assert len(moved) == len(lines) - 3 and bool(moved) == examples, log  # the two files, then the examples
    assert all(re.fullmatch(r"docs/veldiv/examples/[a-z0-9-]+\.yml:\d+: expect: the example now ends at .* run "
                            r"\.venv/bin/python scripts/pin_examples\.py docs/veldiv/examples/[a-z0-9-]+\.yml", line)
               for line in moved), log
    assert examples == any(line.startswith("docs/veldiv/examples/art-4-six.yml:") and "riders[0][0].square: 10 → 20"
                           in line for line in moved), log
    assert "numbers.json" not in log.replace("docs/veldiv/numbers.json", "")  # only the Veldiv's data changed
    assert not (project / "site").exists() or not list((project / "site").rglob("*.html"))


def test_an_expect_that_is_no_mapping_is_a_data_fault(tmp_path: Path) -> None:
    from playable import data_check

    docs = tmp_path / "docs"
    shutil.copytree(DOCS / "chevaux", docs / "chevaux", ignore=shutil.ignore_patterns("vendor"))
    path = docs / "chevaux/examples/fin.yml"
    text = path.read_text(encoding="utf-8")
    line = text[:text.index("\nexpect:")].count("\n") + 2
    path.write_text(re.sub(r"^expect:.*\n(?: .*\n)*", "expect: [10, 34]\n", text, flags=re.MULTILINE),
                    encoding="utf-8")
    with pytest.raises(DataError) as err:
        data_check.examples(docs, "chevaux")
    assert f"{path}:{line}: expect: expected the final position (scripts/pin_examples.py): a mapping of each " \
           "field the replay changes to its change, got a list" in str(err.value)
