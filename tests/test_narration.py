"""Counts agree with their nouns, in French and in English: '1 lap', '2 laps', '1 tour', '2 tours',
never '(s)' or '1 laps'. Checked on the sentences of many seeded races of every ruleset (default
and random readings, one lap included) and on the worked examples' explained steps."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from parcours import Event, all_games, default_options, sentence
from parcours.core import Value, typeset
from parcours.narrate import article_label, choice_words, plural, question_words
from test_labels import random_options

ROOT = Path(__file__).resolve().parent.parent
GAMES = all_games()
RULESETS = [rid for game in GAMES.values() for rid in game.RACES]
SEEDS = 40

HEDGED = re.compile(r"\((?:s|x|e|es|aux)\)")  # 'point(s)', 'cheval(aux)', 'bouclé(s)'
NOUNS = {  # singular, plural, in the two languages
    "fr": [("tour", "tours"), ("point", "points"), ("case", "cases"), ("carte", "cartes"), ("cheval", "chevaux"),
           ("mont", "monts"), ("coureur", "coureurs"), ("dé", "dés"), ("trou", "trous"), ("décision", "décisions")],
    "en": [("lap", "laps"), ("turn", "turns"), ("point", "points"), ("square", "squares"), ("space", "spaces"),
           ("card", "cards"), ("horse", "horses"), ("hill", "hills"), ("rider", "riders"), ("pip", "pips"),
           ("die", "dice"), ("hole", "holes"), ("decision", "decisions")],
}


def read_yaml(text: str) -> Any:
    import yaml  # the site's data: PyYAML, which Pyodide lacks (these tests are marked `site`)

    return yaml.safe_load(text)


def _count_patterns(lang: str) -> list[re.Pattern[str]]:
    """A singular count before a plural noun, a plural count before a singular noun (and in English
    a zero before a singular noun), each as one compiled alternation over the nouns."""
    ones = "|".join(one for one, _ in NOUNS[lang])
    manys = "|".join(many for _, many in NOUNS[lang])
    singular_counts = r"[01]" if lang == "fr" else r"1"
    patterns = [rf"(?<![\d.,]){singular_counts} (?:{manys})\b", rf"(?<![\d.,])(?:[2-9]|[1-9]\d+) (?:{ones})(?![\w'])"]
    if lang == "en":
        patterns.append(rf"(?<![\d.,])0 (?:{ones})(?![\w'])")
    return [re.compile(p) for p in patterns]


COUNTS = {lang: _count_patterns(lang) for lang in NOUNS}


def disagreements(text: str, lang: str) -> list[str]:
    """Every count in `text` whose noun does not agree with it (French: 0 and 1 take the singular)."""
    found = HEDGED.findall(text)
    for pattern in COUNTS[lang]:
        found += pattern.findall(text)
    return found


def test_the_check_itself_finds_what_it_looks_for() -> None:
    assert disagreements("Rouge franchit la ligne : 1 tours bouclés.", "fr") == ["1 tours"]
    assert disagreements("2 point(s) perdu(s)", "fr") == ["(s)", "(s)", "2 point"]
    assert disagreements("Start, 1 laps: the riders", "en") == ["1 laps"]
    assert disagreements("wins by 3 square, 0 card", "en") == ["3 square", "0 card"]
    assert disagreements("0 case, 1 tour, 2 tours, case 1, 12 points, 1 point, D16 13", "fr") == []
    assert disagreements("0 laps, 1 lap, 21 laps, square 1, lap 2 completed", "en") == []


def test_plural_agrees_in_each_language() -> None:
    assert [plural(n, "tour", "tours", "fr") for n in (0, 1, 2)] == ["0 tour", "1 tour", "2 tours"]
    assert [plural(n, "lap", "laps") for n in (0, 1, 2)] == ["0 laps", "1 lap", "2 laps"]
    assert plural(1, "point perdu", "points perdus", "fr") == "1 point perdu"


def race_sentences(rid: str, seed: int) -> list[tuple[str, str]]:
    """The sentences (lang, text) of one seeded race, with random decisions."""
    rules = GAMES[rid.split(".", 1)[0]]
    race = rules.RACES[rid]
    rng = random.Random(seed)
    players = race.min_players + seed % (race.max_players - race.min_players + 1)
    options = default_options(rid) if seed % 2 == 0 else random_options(rid, rng)
    state = rules.new_state(rid, players, options, {"shuffle": seed} if getattr(rules, "SHUFFLES", False) else None)
    events = rules.settle_setup(state)
    while (need := rules.need(state)) is not None:
        if need.kind == "dice":
            events += rules.play_throw(state, [rng.randint(1, need.sides) for _ in range(need.count)])
        else:
            events += rules.play_choice(state, rng.choice(need.choices))
    return [(lang, sentence(e, lang, race.team)) for e in events for lang in ("fr", "en")]


@pytest.mark.parametrize("rid", RULESETS)
def test_every_count_agrees_with_its_noun_in_seeded_races(rid: str) -> None:
    bad: dict[tuple[str, ...], str] = {}
    for seed in range(SEEDS):
        for lang, text in race_sentences(rid, seed):
            if disagreements(text, lang):
                bad.setdefault(tuple(disagreements(text, lang)), f"seed {seed} ({lang}): {text}")
    assert not bad, "\n".join(bad.values())


def example_paths() -> list[Path]:
    return sorted((ROOT / "docs").glob("*/examples/*.yml"))


@pytest.mark.site
@pytest.mark.parametrize("path", example_paths(), ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_count_agrees_with_its_noun_in_the_worked_examples(path: Path) -> None:
    from parcours_view.film import film

    shown = film(read_yaml(path.read_text(encoding="utf-8"))["scenario"])
    for k, frame in enumerate(shown.frames):
        for lang in ("fr", "en"):
            text = re.sub(r"<[^>]+>", " ", frame["html"][lang])
            assert not disagreements(text, lang), f"step {k} ({lang}): {text}"
            assert not disagreements(frame["label"][lang], lang), f"board of step {k} ({lang}): {frame['label']}"
    need = shown.need
    for words in [need["question"], *need["labels"].values()] if need and need["kind"] == "choice" else []:
        for lang in ("fr", "en"):
            assert not disagreements(words[lang], lang), words


def test_one_lap_of_mezzo_fondo_is_one_lap() -> None:
    start = Event("start", "cdp:mezzofondo-depart", data={"laps": 1, "riders": [1, 2], "dernys": [5, 5]})
    assert sentence(start, "en").startswith("Start, 1 lap: the riders in a row on squares 1, 2;")
    assert sentence(start, "fr").startswith("Départ pour 1 tour\u00a0: les coureurs en file, cases 1, 2\u00a0;")


def test_a_set_up_in_mid_race_is_not_called_the_start() -> None:
    placed = Event("start", "cdp:mezzofondo-depart",
                   data={"laps": 4, "riders": [12, 30], "dernys": [14, 33], "placed": True})
    en, fr = sentence(placed, "en"), sentence(placed, "fr")
    assert en == "A race under way, over 4 laps: the riders on squares 12, 30; the dernys on squares 14, 33."
    assert fr == "Course en cours, sur 4 tours\u00a0: les coureurs cases 12, 30\u00a0; les dernys cases 14, 33."
    assert "Start" not in en and "Départ" not in fr


def test_a_corriere_rider_who_stays_says_so_in_english_and_in_french() -> None:
    stay = Event("move", "cdp:velocita-pair-impair", 0, data={"steps": 0, "to": 4, "doubled": False,
                                                               "forced": False, "most": 3})
    assert sentence(stay, "en") == "Rider 1 stays put, free to choose 0 to 3."
    assert sentence(stay, "fr") == "Le coureur 1 reste sur place, au choix de 0 à 3."


def test_a_ronde_set_up_that_placed_the_riders_is_not_the_start_in_bruges() -> None:
    data: dict[str, Value] = {"level": 1, "hands": [1, 0], "draw": 30}
    start = Event("start", "ronde:level-1-setup", data=data)
    assert sentence(start, "en") == 'Start in Bruges, level 1; 1 card in hand in all, 30 in the “1-6” draw pile.'
    placed = Event("start", "ronde:level-1-setup", data={**data, "placed": True})
    assert sentence(placed, "fr") == ("Course en cours, niveau 1\u00a0; 1 carte en main en tout, "
                                      "30 dans la pioche «\u00a01-6\u00a0».")
    assert sentence(placed, "en").startswith("A race under way, level 1;")


def test_the_ronde_engine_marks_a_set_up_in_mid_race_and_not_a_start() -> None:
    from parcours import Game, parse

    def opening(setup: object) -> str:
        scenario = parse({"ruleset": "ronde.niveau-1", "players": 2, "setup": setup})
        return next(sentence(e, "en") for e in Game(scenario).events if e.kind == "start")

    assert opening(None).startswith("Start in Bruges")
    assert opening({"riders": [{"at": 40}, {"at": 12}]}).startswith("A race under way")


def test_the_mezzo_fondo_engine_marks_a_set_up_in_mid_race_and_not_a_start() -> None:
    from parcours import Game, parse

    def opening(setup: object) -> str:
        scenario = parse({"ruleset": "cdp.mezzofondo", "players": 2, "setup": setup})
        return sentence(Game(scenario).events[0], "en")

    assert opening(None).startswith("Start, 4 laps")
    teams = [{"rider": 10, "derny": 11, "phase": "coupled"}, {"rider": 8, "derny": 9, "phase": "coupled"}]
    assert opening({"teams": teams}).startswith("A race under way, over 4 laps")


def test_no_article_label_doubles_a_word() -> None:
    """A citation's label reads as words: 'the rule “The Kitty, a special race”', never 'the The Kitty'."""
    import re

    from parcours import all_games
    for game in all_games().values():
        for cite in (*game.ARTICLES, *(race.article for race in game.RACES.values())):
            for lang in ("fr", "en"):
                label = game.article_label(cite, lang)
                assert not re.search(r"\b(\w+) \1\b", label, re.IGNORECASE), (cite, lang, label)


# ------------------------------------------------------------------ French typography
# French sets a no-break space before : ; ! ? » and after «: a plain one there is a defect.
PLAIN_SPACE_FR = re.compile(r" [:;!?»]|« ")


def test_english_quotes_names_with_curly_quotes() -> None:
    """The engine's English quotes a name as its French does with « »: “…”, never straight quotes
    (a race's rule, a card, a bot)."""
    from parcours import all_games
    from parcours.report import bots_words
    from parcours.ronde.cards import KINDS
    from parcours.ronde.narrate import card

    labels = [game.article_label(race.article, "en") for game in all_games().values() for race in game.RACES.values()]
    cards = [card(kind, "en") for kind in KINDS]
    for words in [*labels, *cards, bots_words(["Look-ahead"], "en")]:
        assert '"' not in words, words
    assert "the rule “The Kitty, a special race”" in labels
    assert bots_words(["Look-ahead"], "en") == "; bots: “Look-ahead”"


def test_french_thousands_are_grouped_by_a_narrow_no_break_space() -> None:
    """French groups a number's thousands with U+202F, as the browsers' Intl.NumberFormat does."""
    from parcours.core import number_words

    assert number_words(1200, "fr") == "1\u202f200" and number_words(1234567.5, "fr", 1) == "1\u202f234\u202f567,5"
    assert number_words(4000, "en") == "4,000" and number_words(51.19, "fr", 2, percent=True) == "51,19\u00a0%"


def test_a_negative_number_takes_a_minus_sign_in_both_languages() -> None:
    """Prose and tables set a negative number with U+2212, not Python's hyphen-minus ("-0,82")."""
    from parcours.core import number_words

    assert number_words(-0.82, "fr", 2) == "\u22120,82" and number_words(-1234.5, "en", 1) == "\u22121,234.5"
    assert number_words(-3.7, "fr", 1, percent=True) == "\u22123,7\u00a0%" and number_words(3.7, "en", 1) == "3.7"


def test_typeset_sets_french_no_break_spaces_and_leaves_english_as_written() -> None:
    written = "Art. 5 : le 5 va devant ; « six » ! Et puis ? À 95 %."
    assert typeset(written, "fr") == ("Art. 5\u00a0: le 5 va devant\u00a0; «\u00a0six\u00a0»\u00a0! Et puis\u00a0?"
                                      " À 95\u00a0%.")
    assert typeset(typeset(written, "fr"), "fr") == typeset(written, "fr")
    assert typeset(written, "en") == written
    assert typeset("veldiv:art-3, 12:30, «x», de 1 à 6", "fr") == "veldiv:art-3, 12:30, «x», de 1 à 6"


def french_words(rid: str, seed: int) -> list[str]:
    """Every French text the engine gives out in one seeded race, random decisions: each event's
    sentence and article, each decision's question and choices."""
    rules = GAMES[rid.split(".", 1)[0]]
    race = rules.RACES[rid]
    rng = random.Random(seed)
    players = race.min_players + seed % (race.max_players - race.min_players + 1)
    options = default_options(rid) if seed % 2 == 0 else random_options(rid, rng)
    state = rules.new_state(rid, players, options, {"shuffle": seed} if getattr(rules, "SHUFFLES", False) else None)
    events, words = rules.settle_setup(state), []
    while (need := rules.need(state)) is not None:
        if need.kind == "dice":
            events += rules.play_throw(state, [rng.randint(1, need.sides) for _ in range(need.count)])
        else:
            words += [question_words(rules, state, need)["fr"],
                      *(w["fr"] for w in choice_words(rules, state, need).values())]
            events += rules.play_choice(state, rng.choice(need.choices))
    return words + [text for e in events for text in (sentence(e, "fr", race.team), article_label(e.cite, "fr"))]


@pytest.mark.parametrize("rid", RULESETS)
def test_every_french_sentence_and_decision_of_seeded_races_sets_no_break_spaces(rid: str) -> None:
    bad = {text for seed in range(SEEDS // 4) for text in french_words(rid, seed) if PLAIN_SPACE_FR.search(text)}
    assert not bad, "\n".join(sorted(bad)[:10])


def test_every_french_word_of_the_races_readings_and_refusals_sets_no_break_spaces() -> None:
    """What a page shows of a race before it starts (its name, its readings, its figures) and a refusal."""
    from parcours import ScenarioError, describe, parse

    texts = []
    for rid in RULESETS:
        race = describe(rid)
        texts.append(race["name"]["fr"])
        for option in race["options"]:
            texts += [option["question"]["fr"], *(v["fr"] for v in option["values"].values()),
                      *(v["fr"] for v in option["labels"].values())]
    texts += [figure.name["fr"] for game in GAMES.values() for figure in game.FIGURES.values()]
    for bad in ({"ruleset": "veldiv.individuelle", "players": 1}, {"ruleset": "nope"},
                {"ruleset": "ronde.niveau-1", "players": 2, "setup": {"hand": 3}}):
        with pytest.raises(ScenarioError) as refused:
            parse(bad)
        texts += [refused.value.problem_fr, refused.value.words()["fr"]]
    bad_texts = [text for text in texts if PLAIN_SPACE_FR.search(text)]
    assert not bad_texts, bad_texts[:10]


@pytest.mark.site
@pytest.mark.parametrize("path", example_paths(), ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_every_french_text_of_the_worked_examples_sets_no_break_spaces(path: Path) -> None:
    """The film a page shows (and the live widget replays): each step, each board's words, each decision's."""
    from parcours_view.film import film

    shown = film(read_yaml(path.read_text(encoding="utf-8"))["scenario"])
    texts = []
    for frame in shown.frames:
        texts += [re.sub(r"<[^>]+>", "", frame["html"]["fr"]), frame["label"]["fr"]]
    for asked in [*(f.get("asked") for f in shown.frames), shown.need]:
        if asked and asked["kind"] == "choice":
            texts += [asked["question"]["fr"], *(w["fr"] for w in asked["labels"].values())]
    bad = [text for text in texts if PLAIN_SPACE_FR.search(text)]
    assert not bad, bad[:5]


def test_the_scripts_set_a_negative_number_as_the_engine_does() -> None:
    """lang.mjs's numberIn (whole numbers grouped by hand, the others through Intl.NumberFormat, which
    writes a hyphen) gives the engine's words, thousands and minus sign included (run in Node.js, which
    the project's set-up installs)."""
    import json
    import shutil
    import subprocess
    from pathlib import Path

    from parcours.core import number_words

    node = shutil.which("node")
    assert node is not None, "Node.js is needed: make setup"
    lang = (Path(__file__).resolve().parent.parent / "playable/assets/parcours/lang.mjs").as_uri()
    script = (f'import {{ numberIn }} from "{lang}";'
              'const cases = [["fr", -1234.5, 1], ["en", -3, 0], ["fr", 1200, 0], ["en", 5000, 0], ["fr", 5000, 0],'
              ' ["en", -12345678, 0], ["fr", -12345678, 0], ["en", 999, 0], ["fr", 0.25, 2], ["en", 1234.5, 1]];'
              'console.log(JSON.stringify(cases.map(([lang, n, d]) => [numberIn(lang, n), lang, n, d])));')
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    for words, lang, value, decimals in json.loads(out.stdout):
        assert words == number_words(value, lang, decimals), (lang, value, words)
