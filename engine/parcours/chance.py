"""Chance that is not a die: shuffles of a deck and blind draws from a hand.

Dice are thrown by the caller (a scenario lists them, `core.Dice` draws them); a card game's
shuffles are drawn here, from a generator seeded by the scenario (the Ronde's `setup.shuffle`),
so that a replay deals the same cards every time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Shuffles:
    """A seeded source of shuffles, samples and blind picks. Its generator is seeded when first drawn
    from: seeding one costs as much as a step of play, and most of a bot's play-outs never shuffle."""

    __slots__ = ("_generator", "_seed")

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._generator: random.Random | None = None

    @property
    def _random(self) -> random.Random:
        if self._generator is None:
            self._generator = random.Random(self._seed)
        return self._generator

    def shuffle(self, cards: list[T]) -> None:
        self._random.shuffle(cards)

    def sample(self, cards: Sequence[T], count: int) -> list[T]:
        return self._random.sample(cards, count)

    def choice(self, cards: Sequence[T]) -> T:
        return self._random.choice(cards)

    def fork(self) -> Shuffles:
        """An independent source for a copy of the game, seeded from this one (which moves on)."""
        return Shuffles(self._random.getrandbits(64))
