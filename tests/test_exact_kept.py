"""The exact figures kept between builds (playable/measuring.py): what is read back is what was computed,
and a change to the engine's files is a new key, never a stale figure."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import parcours
from parcours import all_games
from parcours.interface import Exact
from playable import measuring

RACE = "chevaux.course"  # the quickest race computed exactly (its Markov chain, under two seconds)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setattr(measuring, "CACHE", tmp_path / "exact")
    measuring._exact.cache_clear()
    yield tmp_path / "exact"
    measuring._exact.cache_clear()


def test_a_kept_figure_is_the_computed_one(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    computed = measuring.exact_under(RACE)
    assert isinstance(computed, Exact) and len(list(cache.iterdir())) == 1
    measuring._exact.cache_clear()
    monkeypatch.setattr(parcours.chevaux, "exact", lambda *_: pytest.fail("computed again, not read back"))
    assert measuring.exact_under(RACE) == computed


def test_a_spoiled_file_is_computed_again(cache: Path) -> None:
    computed = measuring.exact_under(RACE)
    [kept] = cache.iterdir()
    kept.write_text('{"wins": [1.0', encoding="utf-8")
    measuring._exact.cache_clear()
    assert measuring.exact_under(RACE) == computed


def test_another_engine_is_another_key(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    measuring.exact_under(RACE)
    measuring._exact.cache_clear()
    monkeypatch.setattr(measuring, "exact_digest", lambda game: "a game with one file changed")
    calls: list[str] = []
    real = parcours.chevaux.exact

    def counted(*args: Any) -> Exact | None:
        calls.append(args[0])
        return real(*args)

    monkeypatch.setattr(parcours.chevaux, "exact", counted)
    measuring.exact_under(RACE)
    assert calls == [RACE] and len(list(cache.iterdir())) == 2


def test_a_games_digest_reads_its_own_files_and_the_engines_shared_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A copy of the engine: the horse race's digest the same; one more line in a shared module or in
    the horse race's own package changes it; one in the Veldiv's (test_offline's change) does not."""
    before = measuring.exact_digest("chevaux")
    copy = tmp_path / "parcours"
    root = Path(parcours.__file__).parent
    for path in root.rglob("*"):
        if path.suffix in (".py", ".json"):
            (copy / path.relative_to(root)).parent.mkdir(parents=True, exist_ok=True)
            (copy / path.relative_to(root)).write_bytes(path.read_bytes())
    monkeypatch.setattr(parcours, "__file__", str(copy / "__init__.py"))
    monkeypatch.setitem(vars(parcours.chevaux), "__file__", str(copy / "chevaux" / "__init__.py"))

    def digest_after(changed: str) -> str:
        measuring.exact_digest.cache_clear()
        path = copy / changed
        path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        return measuring.exact_digest("chevaux")

    try:
        measuring.exact_digest.cache_clear()
        assert measuring.exact_digest("chevaux") == before
        assert digest_after("veldiv/narrate.py") == before
        assert digest_after("chevaux/rules.py") != before
        changed = measuring.exact_digest("chevaux")
        assert digest_after("core.py") != changed
    finally:
        measuring.exact_digest.cache_clear()


def test_no_game_imports_another_games_package() -> None:
    """What a game's digest rests on: its exact figures come from its own package and the shared modules."""
    games = set(all_games())
    for game, rules in all_games().items():
        for path in Path(vars(rules)["__file__"]).parent.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom):
                    names = [node.module or ""] + [alias.name for alias in node.names if not node.module]
                    parts = {part for name in names for part in name.split(".")}
                elif isinstance(node, ast.Import):
                    parts = {part for alias in node.names for part in alias.name.split(".")}
                else:
                    continue
                assert not (parts & (games - {game})), f"{path}:{node.lineno} imports another game's package"
