"""The exact figures kept between builds (playable/measuring.py): what is read back is what was computed,
and a change to the engine's files is a new key, never a stale figure."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import parcours
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
    monkeypatch.setattr(measuring, "engine_digest", lambda: "an engine with one file changed")
    calls: list[str] = []
    real = parcours.chevaux.exact

    def counted(*args: Any) -> Exact | None:
        calls.append(args[0])
        return real(*args)

    monkeypatch.setattr(parcours.chevaux, "exact", counted)
    measuring.exact_under(RACE)
    assert calls == [RACE] and len(list(cache.iterdir())) == 2


def test_the_engine_digest_reads_every_file_of_the_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = measuring.engine_digest()
    measuring.engine_digest.cache_clear()
    copy = tmp_path / "parcours"
    root = Path(parcours.__file__).parent
    for path in root.rglob("*"):
        if path.suffix in (".py", ".json"):
            (copy / path.relative_to(root)).parent.mkdir(parents=True, exist_ok=True)
            (copy / path.relative_to(root)).write_bytes(path.read_bytes())
    monkeypatch.setattr(parcours, "__file__", str(copy / "__init__.py"))
    try:
        assert measuring.engine_digest() == before
        measuring.engine_digest.cache_clear()
        narrate = copy / "veldiv" / "narrate.py"
        narrate.write_text(narrate.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        assert measuring.engine_digest() != before
    finally:
        measuring.engine_digest.cache_clear()
