"""The figures the scripts write (docs/<game>/numbers.json, impact.json) fail the build with one line per
fault, `file:line: field: what is wrong`, never a traceback: a number JSON reads but no page can show
(NaN, Infinity, 1e999, thousands of digits), a wrong type, an unknown race, option or value, a number
out of range, and a stale figure, one that disagrees with the rest of its record.

Each test copies a game's data, spoils one file in its text (so the line is known) and asks the checker
(playable/data_check.py, what the build runs first); test_build_data.py runs one through the real build.
The figures spoiled are a frozen copy of the horse race's (tests/data/chevaux/, as scripts wrote them
with 10,000 races), so that the tests may name their very numbers whatever `make numbers` writes next."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from parcours import all_games
from playable import data_check
from test_build_data import assert_fault, edit, faults

pytestmark = pytest.mark.site

ROOT = Path(__file__).parent.parent
FROZEN = Path(__file__).parent / "data" / "chevaux"
AGAIN = {"numbers": " (scripts/game_numbers.py --game chevaux writes this file)",
         "impact": " (scripts/reading_impact.py --game chevaux writes this file)"}
HUGE = "9,007,199,254,740,992"  # 2**53: what a browser reads exactly


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    out = tmp_path / "docs"
    shutil.copytree(ROOT / "docs" / "chevaux", out / "chevaux")
    for name in ("numbers.json", "impact.json"):
        shutil.copyfile(FROZEN / name, out / "chevaux" / name)
    return out


def numbers_faults(docs: Path) -> list[str]:
    lines = faults(lambda: data_check.numbers(docs, "chevaux"))
    assert all(line.endswith(AGAIN["numbers"]) for line in lines), lines  # each says how to write it again
    return lines


def impact_faults(docs: Path) -> list[str]:
    lines = faults(lambda: data_check.impact(docs, "chevaux"))
    assert all(line.endswith(AGAIN["impact"]) for line in lines), lines
    return lines


# ---------------------------------------------------------------- numbers JSON reads and no page shows

def test_races_beyond_any_float_is_refused_not_printed_inf(docs: Path) -> None:
    path = docs / "chevaux" / "numbers.json"
    line = edit(path, '"races": 10000', '"races": 1e999')
    assert_fault(numbers_faults(docs), path, line, f"races.chevaux.course.races: 1e999 is too large (at most {HUGE} "
                                                   "either way)")


def test_a_share_that_is_not_a_number_is_refused_not_printed_nan(docs: Path) -> None:
    path = docs / "chevaux" / "numbers.json"
    line = edit(path, '"share": 0.521', '"share": NaN')
    assert_fault(numbers_faults(docs), path, line,
                 "races.chevaux.course.wins[0].share: NaN is not JSON: a number must be finite")


@pytest.mark.parametrize(("old", "new", "field"), [
    ('"per_race": 1.0218', '"per_race": Infinity', "races.chevaux.course.landings.1.per_race: Infinity"),
    ('"check": 20,', '"check": 20, "spare": [1, -Infinity],', "spare[1]: -Infinity"),  # anywhere
])
def test_infinity_anywhere_is_refused(docs: Path, old: str, new: str, field: str) -> None:
    path = docs / "chevaux" / "impact.json" if "spare" in new else docs / "chevaux" / "numbers.json"
    line = edit(path, old, new)
    lines = impact_faults(docs) if "spare" in new else numbers_faults(docs)
    assert_fault(lines, path, line, f"{field} is not JSON: a number must be finite")


@pytest.mark.parametrize(("old", "digits", "field"), [('"seed": 1964', 5000, "seed"),
                                                      ('"races": 10000', 400, "races.chevaux.course.races")])
def test_numbers_of_hundreds_of_digits_are_refused_with_their_line(docs: Path, old: str, digits: int,
                                                                   field: str) -> None:
    """Python's json stops at 4,300 digits with a ValueError (no line); both are far beyond a seed or a count."""
    path = docs / "chevaux" / "numbers.json"
    line = edit(path, old, old.split(":")[0] + ": " + "7" * digits)
    assert_fault(numbers_faults(docs), path, line,
                 f"{field}: a number of {digits} characters is too large (at most {HUGE} either way)")


def test_json_that_is_not_json_a_key_twice_and_nesting_thousands_deep(docs: Path) -> None:
    path = docs / "chevaux" / "numbers.json"
    original = path.read_text(encoding="utf-8")
    line = edit(path, '"check": 20,', '"check": 20,,')
    assert_fault(numbers_faults(docs), path, line, "not JSON (Expecting property name enclosed in double quotes)")
    path.write_text(original, encoding="utf-8")
    first = edit(path, '"races": 10000,', '"races": 10000,')
    twice = edit(path, '"seed": 1964,', '"seed": 1964,\n   "races": 20,', after='"races": 10000,') + 1
    assert_fault(numbers_faults(docs), path, twice, f"races.chevaux.course.races: key 'races' given twice "
                                                    f"(first on line {first})")
    path.write_text(original, encoding="utf-8")
    line = edit(path, '"check": 20,', '"check": 20,\n "fingerprint": ' + "[" * 5000 + "]" * 5000 + ",") + 1
    assert_fault(numbers_faults(docs), path, line, "nested more than 64 levels deep")


def test_a_missing_file_names_the_script_that_writes_it(docs: Path) -> None:
    path = docs / "chevaux" / "numbers.json"
    path.unlink()
    assert faults(lambda: data_check.numbers(docs, "chevaux")) == [
        f"{path}: missing (write it with scripts/game_numbers.py --game chevaux)"]


# ---------------------------------------------------------------- types, races, options and values

@pytest.mark.parametrize(("old", "new", "field", "expected"), [
    ('"races": 10000', '"races": "10000"', "races.chevaux.course.races",
     "expected a number of races, a whole number from 1 to 10000000, got '10000'"),
    ('"options": {}', '"options": []', "races.chevaux.course.options",
     "expected a mapping from option id to its value, got a list"),
    ('"players": 2', '"players": true', "races.chevaux.course.players",
     "expected a number of players, a whole number from 1 to 99, got true"),
    ('"median": 21.0', '"median": {"value": 21}', "races.chevaux.course.length.median",
     "expected a number of throws from 1 to 99999, got a mapping"),
])
def test_a_wrong_type_names_what_was_expected(docs: Path, old: str, new: str, field: str, expected: str) -> None:
    path = docs / "chevaux" / "numbers.json"
    line = edit(path, old, new)
    assert_fault(numbers_faults(docs), path, line, f"{field}: {expected}")


def test_an_unknown_race_in_numbers_and_in_impact(docs: Path) -> None:
    numbers = docs / "chevaux" / "numbers.json"
    line = edit(numbers, '"chevaux.course": {', '"chevaux.galop": {')
    lines = numbers_faults(docs)
    assert_fault(lines, numbers, line, "races.chevaux.galop: unknown race 'chevaux.galop' (the races of chevaux: "
                                       "chevaux.course, chevaux.trois-points)")
    assert_fault(lines, numbers, line - 1, "races: no numbers for chevaux.course")
    impact = docs / "chevaux" / "impact.json"
    line = edit(impact, '"ruleset": "chevaux.trois-points"', '"ruleset": "chevaux.galop"')
    lines = impact_faults(docs)
    assert_fault(lines, impact, line, "options.chevaux.legs-horses[0].ruleset: unknown race 'chevaux.galop'")
    assert_fault(lines, impact, 6, "options.chevaux.legs-horses: no figures for chevaux.trois-points")


def test_unknown_options_and_values_in_numbers(docs: Path) -> None:
    path = docs / "chevaux" / "numbers.json"
    unknown = edit(path, '"chevaux.legs-start": "youngest"', '"chevaux.legs-begin": "youngest"')
    value = edit(path, '"chevaux.legs-ruin": "leg"', '"chevaux.legs-ruin": "lap"')
    alien = edit(path, '"options": {}', '"options": {"chevaux.legs-ruin": "leg"}')
    bots = edit(path, '"bots": []', '"bots": ["smart", "smart"]')
    lines = numbers_faults(docs)
    assert_fault(lines, path, bots, "races.chevaux.course.bots: unknown bot 'smart' (the bots of chevaux: none)")
    where = "races.chevaux.trois-points.options"
    assert_fault(lines, path, unknown, f"{where}.chevaux.legs-begin: unknown option 'chevaux.legs-begin'")
    assert_fault(lines, path, value, f"{where}.chevaux.legs-ruin: \u201clap\u201d is not one of: leg, game")
    assert_fault(lines, path, alien,
                 "races.chevaux.course.options.chevaux.legs-ruin: chevaux.legs-ruin does not apply to chevaux.course")


def test_unknown_options_and_values_in_impact(docs: Path) -> None:
    path = docs / "chevaux" / "impact.json"
    value = edit(path, '     "carry"\n', '     "keep"\n')
    option = edit(path, '"chevaux.legs-ruin": [', '"chevaux.legs-rune": [')
    lines = impact_faults(docs)
    assert_fault(lines, path, value, "options.chevaux.legs-horses[0].values[1]: 'keep' is not a value of "
                                     "chevaux.legs-horses")
    assert_fault(lines, path, option, "options.chevaux.legs-rune: unknown option 'chevaux.legs-rune' (the options of "
                                      "chevaux: ")


def test_a_note_whose_reading_has_no_figures_names_the_note(docs: Path) -> None:
    """The rules page prints a note's figures: missing, the build fails at the note, not in a page's macro."""
    edit(docs / "chevaux" / "impact.json", '"chevaux.legs-ruin": [', '"chevaux.legs-rune": [')
    rulebook = docs / "chevaux" / "rulebook.yml"
    line = edit(rulebook, "option: chevaux.legs-ruin", "option: chevaux.legs-ruin")
    assert_fault(faults(lambda: data_check.rulebook(docs, "chevaux")), rulebook, line,
                 "sections[7].notes[2].option: impact.json has no figures for chevaux.legs-ruin (write them with "
                 "scripts/reading_impact.py --game chevaux)")


# ---------------------------------------------------------------- numbers out of range

@pytest.mark.parametrize(("old", "new", "field", "expected"), [
    ('"share": 0.521', '"share": 1.5', "races.chevaux.course.wins[0].share", "expected a share, a number from 0 to 1"),
    ('"7": 172', '"7": -3', "races.chevaux.course.lengths.7", "expected a number of races, a whole number from 1"),
    ('"races": 10000', '"races": 0', "races.chevaux.course.races", "expected a number of races, a whole number"),
    ('"per_race": 1.0218', '"per_race": -1.0218', "races.chevaux.course.landings.1.per_race",
     "expected a mean per race, a number of at least 0"),
    ('"players": 2', '"players": 3', "races.chevaux.course.players", "chevaux.course is for 2 players, not 3"),
])
def test_numbers_out_of_range(docs: Path, old: str, new: str, field: str, expected: str) -> None:
    path = docs / "chevaux" / "numbers.json"
    line = edit(path, old, new)
    assert_fault(numbers_faults(docs), path, line, f"{field}: {expected}")


def test_an_interval_that_does_not_hold_its_share(docs: Path) -> None:
    path = docs / "chevaux" / "numbers.json"
    line = edit(path, '"low": 0.511202460012921', '"low": 0.6') - 2
    assert_fault(numbers_faults(docs), path, line, "races.chevaux.course.wins[0]: the interval from 0.6 to "
                                                   "0.5307814114630127 does not hold the share, 0.521")


# ---------------------------------------------------------------- a stale figure: disagreeing with its record

@pytest.mark.parametrize(("old", "new", "after", "above", "field", "expected"), [
    ('"share": 0.521', '"share": 0.52105', "", 0, "wins[0].share", "0.52105 is no whole number of races out of 10,000"),
    ('"share": 0.521', '"share": 0.522', "", 1, "wins[0]", ("0.511202460012921 to 0.5307814114630127 is not the 95% "
                                                            "interval of 5,220 races in 10,000 (0.512203 to 0.53178)")),
    ('"7": 172', '"7": 173', "", 1, "lengths", "10,001 races counted, for 10,000 races"),
    ('"mean": 22.3011', '"mean": 22.4', "", 0, "length.mean", "22.4 is not the mean of the lengths counted, 22.3011"),
    ('"p90": 35', '"p90": 36', "", 0, "length.p90", "36 is not the p90 of the lengths counted, 35"),
    ('"share": 0.052130791247251375', '"share": 0.06', "", 0, "landings.1.share", "0.06 is not 10,218 stops of"),
    ('"en": "Horses lost in traps"', '"en": "Horses lost"', "", 0, "figures.lost.name.en",
     "'Horses lost' is not the name the game gives lost, 'Horses lost in traps'"),
    ('"mean": 0.1665', '"mean": 0.2665', "", 1, "figures.ended-by-ruin.race",
     "the interval from 0.15932678135075762 to 0.1739293549719127 does not hold the mean, 0.2665"),
    ('"seed": 1964', '"seed": 7', '"check": {', 0, "check.seed", "7 is not the seed of the record it checks, 1964"),
    ('"races": 20', '"races": 30', '"check": {', 0, "check.races", "30 is not the file's check, 20 races"),
])
def test_a_stale_figure_in_numbers(docs: Path, old: str, new: str, after: str, above: int, field: str,
                                   expected: str) -> None:
    """`above`: the fault is on the line of the field holding the spoiled one (a seat's wins, the lengths)."""
    path = docs / "chevaux" / "numbers.json"
    line = edit(path, old, new, after) - above
    assert_fault(numbers_faults(docs), path, line, f"races.chevaux.course.{field}: {expected}")


def test_a_verdict_or_words_that_disagree_with_the_figures(docs: Path) -> None:
    path = docs / "chevaux" / "impact.json"
    where = "options.chevaux.legs-horses[0].against[0]"
    count = edit(path, '"measurable": 10', '"measurable": 10')
    row = edit(path, '"measurable": true', '"measurable": false')
    verdict = edit(path, "from 51.5% to 47.8% (10", "from 51.5% to 45.8% (10")
    label = edit(path, '"en": "Lost horses stay lost"', '"en": "Lost horses come back"')
    lines = impact_faults(docs)
    assert_fault(lines, path, count, f"{where}.measurable: 10 measurable figures, but 9 of its rows marked measurable")
    assert_fault(lines, path, verdict, f"{where}.verdict.en: 'changes who wins: player 1 (Red) from 51.5% to 45.8% "
                                       "(10 of 10 figures measurably changed)' does not quote the default and the "
                                       "value of any of its measurable rows")
    assert_fault(lines, path, label, f"{where}.label.en: 'Lost horses come back' is not the words of its value, "
                                     "'Lost horses stay lost'")
    assert row > count


def test_a_row_whose_figures_disagree(docs: Path) -> None:
    path = docs / "chevaux" / "impact.json"
    where = "options.chevaux.legs-horses[0].against[0].rows[0]"
    row = edit(path, "{", "{", after='"rows": [')
    edit(path, '"en": "47.8%"', '"en": "45.8%"')
    assert_fault(impact_faults(docs), path, row, f"{where}: the French and English words give different figures")
    edit(path, '"fr": "47,8\u00a0%"', '"fr": "45,8\u00a0%"')
    difference = edit(path, '"difference"', '"difference"', after='"rows": [')
    assert_fault(impact_faults(docs), path, difference, f"{where}.difference: '\u22123.7 (\u22125.5 to \u22121.9)' "
                                                        "is not the value minus the default (45.8% \u2212 51.5%)")
    edit(path, "\u22123,7 (\u22125,5 à \u22121,9)", "\u22123,7 (\u22125,5 à +1,9)")
    edit(path, "\u22123.7 (\u22125.5 to \u22121.9)", "\u22123.7 (\u22125.5 to +1.9)")
    measurable = edit(path, '"measurable": true', '"measurable": true')
    assert_fault(impact_faults(docs), path, measurable,
                 f"{where}.measurable: measurable, but its interval (\u22123.7 (\u22125.5 to +1.9)) holds zero")


def test_the_sites_own_figures_are_sound() -> None:
    for game in all_games():
        assert data_check.numbers(ROOT / "docs", game).data["races"]
        assert data_check.impact(ROOT / "docs", game).data["options"]


def test_a_race_played_that_refutes_its_exact_value(docs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The horse race computed exactly (here a wrong computation, 60% to 40%) against its races played
    (about 51%): the build fails, naming the share, since the engine and the computation disagree."""
    from parcours.interface import Exact
    from playable import measuring

    wrong = Exact((0.6, 0.4), {"fr": "calcul", "en": "computation"})
    monkeypatch.setattr(data_check, "exact_under", lambda ruleset, changes=None: wrong
                        if ruleset == "chevaux.course" else measuring.exact_under(ruleset, changes))
    data_check._checked_generated.cache_clear()
    lines = numbers_faults(docs)
    [line] = [line for line in lines if "the engine and the computation disagree" in line and ".course." in line]
    text = (docs / "chevaux" / "numbers.json").read_text(encoding="utf-8").splitlines()
    share = next(k for k, t in enumerate(text, 1) if '"share"' in t)  # the course's first seat, first
    where = f"{docs / 'chevaux' / 'numbers.json'}:{share}: races.chevaux.course.wins[0].share"
    assert line.startswith(f"{where}: 52.10% measured against 60.000% computed exactly: chance alone gives "
                           "that gap less than once in a million samples"), line
