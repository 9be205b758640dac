"""Every name once: each game's terms table (engine/parcours/<game>/terms.py) lists the variants its
texts never use, and none is found in the edition's own words: the game's notes, translations,
descriptions and worked examples (docs/<game>/*.yml: the originals, quoted as transcribed, and the
quotations of them in sic notes aside), the site's pages (docs/*.md) and the narration the engine
speaks in (engine/parcours/<game>/*.py). And the table is the one place its names are written: the
engine's and the views' code asks it for them (`TERMS.name`), writing none out again."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from parcours import all_games

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GAMES = sorted(all_games())
TRANSCRIBED = {"original", "sic"}  # keys whose text is the source's, as transcribed


def strings(node: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every text of a YAML document but the transcribed ones, with where it is."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in TRANSCRIBED:
                yield from strings(value, f"{where}.{key}")
    elif isinstance(node, list):
        for k, value in enumerate(node):
            yield from strings(value, f"{where}[{k}]")
    elif isinstance(node, str):
        yield where, node


def texts(game: str) -> Iterator[tuple[str, str]]:
    for path in sorted((DOCS / game).rglob("*.yml")):
        yield from strings(yaml.safe_load(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT)))
    for path in sorted([*(DOCS / game).glob("*.md"), *DOCS.glob("*.md")]):
        text = re.sub(r"```.*?```|`[^`]*`", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)  # code
        yield str(path.relative_to(ROOT)), text
    for path in sorted((ROOT / "engine" / "parcours" / game).glob("*.py")):
        if path.name != "terms.py":
            yield from said(path)


def said(path: Path) -> Iterator[tuple[str, str]]:
    """The words a module of the engine may say to a reader: its strings, its docstrings aside."""
    yield from spoken(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))


def spoken(source: str, where: str) -> Iterator[tuple[str, str]]:
    """The strings of a module's source (f-strings' words too), its docstrings aside, with their lines."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield f"{where}:{node.lineno}", node.value


@pytest.mark.parametrize("game", GAMES)
def test_no_text_writes_a_variant_of_a_name(game: str) -> None:
    variants = all_games()[game].TERMS.variants
    found = [f"{where}: {variant!r} (write {name!r})" for where, text in texts(game)
             for variant, name in variants.items() if variant in text]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_every_name_is_given_in_both_languages(game: str) -> None:
    terms = all_games()[game].TERMS
    given = [*terms.names.values(), *terms.words.values()]
    assert terms.names and all(set(words) == {"fr", "en"} and all(words.values()) for words in given)
    assert not set(terms.names) & set(terms.words)
    assert not set(terms.variants) & {w for words in given for w in words.values()}


def test_a_variant_is_found() -> None:
    """Not a vacuous check: the Ronde's old French spelling of the Muur, in a note, is caught."""
    note = {"sections": [{"notes": [{"text": {"fr": "le Mur - Kapelmuur", "en": "the Muur - Kapelmuur"}}]}]}
    found = [w for w, t in strings(note, "x") if "Mur - Kapelmuur" in t]
    assert found == ["x.sections[0].notes[0].text.fr"]
    assert "Mur - Kapelmuur" in all_games()["ronde"].TERMS.variants



# The code that may say a game's names: the engine (the game's package and the modules every game
# shares) and the site's Python (the views, the macros, the pages), the terms tables aside.
ENGINE = ROOT / "engine" / "parcours"
CODE = sorted(path for path in [*ENGINE.glob("*.py"), *ENGINE.glob("*/*.py"), *(ROOT / "playable").rglob("*.py")]
              if path.name != "terms.py")


def written_out(names: Mapping[str, dict[str, str]], sayings: Iterable[tuple[str, str]]) -> list[str]:
    """Every saying that writes out one of these names (in either case: 'Course de chevaux' too)."""
    patterns = [(key, re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE))
                for key, words in names.items() for name in sorted(set(words.values()))]
    return [f"{where}: {text!r} writes {found.group(0)!r}: ask TERMS.name({key!r}, lang)"
            for where, text in sayings for key, pattern in patterns for found in [pattern.search(text)] if found]


@pytest.mark.parametrize("game", GAMES)
def test_names_are_written_only_in_the_terms_table(game: str) -> None:
    """Another game's package aside (the Veldiv's riders may say 'Bruges' if it ever comes to that)."""
    code = [path for path in CODE if path.parent.parent != ENGINE or path.parent.name == game]
    found = written_out(all_games()[game].TERMS.names, (s for path in code for s in said(path)))
    assert not found, "\n".join(found)


def test_a_name_written_out_is_found() -> None:
    """Not a vacuous check: the Ronde's start written out in a sentence is caught, in a docstring not."""
    module = '"""From Bruges to the finish."""\nSTART = f"Départ de Bruges, niveau {level}."\n'
    found = written_out(all_games()["ronde"].TERMS.names, spoken(module, "narrate.py"))
    assert found == ["narrate.py:2: 'Départ de Bruges, niveau ' writes 'Bruges': ask TERMS.name('start', lang)"]


def said_anywhere(word: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE) is not None


@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_the_table_is_one_the_game_writes(game: str) -> None:
    """The table's words are the texts' own (the Veldiv's 'équipier', as its Art. 7 has it, not a
    'coéquipier' nobody writes): each is in the game's notes, pages or narration."""
    written = "\n".join(text for _, text in texts(game))
    unwritten = [f"{key}.{lang}: {word!r}" for key, words in all_games()[game].TERMS.words.items()
                 for lang, word in words.items() if not said_anywhere(word, written)]
    assert not unwritten, "\n".join(unwritten)


@pytest.mark.site
@pytest.mark.parametrize("game", GAMES)
def test_the_pages_name_each_game_as_its_table_does(game: str) -> None:
    """The home page's row for a game (French, then English: its table as the build writes it,
    macros._games_table) and its own page's title name it with names of its table, in their language."""
    from playable.macros import _games_table

    names = all_games()[game].TERMS.names.values()
    home = [line for lang in ("fr", "en") for line in _games_table(lang, DOCS).splitlines()
            if f"]({game}/index.md)" in line]
    title = (DOCS / game / "index.md").read_text(encoding="utf-8").splitlines()[0]
    title_fr, title_en = re.findall(r'<span lang="(?:fr|en)">(.*?)</span>', title)
    assert len(home) == 2
    for line, lang in [(home[0], "fr"), (home[1], "en"), (title_fr, "fr"), (title_en, "en")]:
        assert any(said_anywhere(words[lang], line) for words in names), f"{line!r}: no name of {game}'s table"


def test_the_ronde_course_holds_the_hills_its_table_names() -> None:
    """The course is data (a scenario may replace it): the reconstructed one holds the Muur the rules
    and the narration name, and the hill card's name names the hills it counts on."""
    from parcours.ronde.course import DEFAULT_COURSE, HILL_CARD_HILLS, PELOTON_END_HILL

    terms = all_games()["ronde"].TERMS
    hills = [hill["name"] for hill in DEFAULT_COURSE["hills"]]
    assert PELOTON_END_HILL == terms.name("muur", "fr") == terms.name("muur", "en") and PELOTON_END_HILL in hills
    card_hills = HILL_CARD_HILLS["t-koppenberg"]
    assert set(card_hills) <= set(hills)
    for lang in ("fr", "en"):
        named = terms.name("hill-card", lang).split(" / ")  # "Koppenberg", "Muur": each its hill's first word
        assert [hill.split()[0] for hill in card_hills] == named
