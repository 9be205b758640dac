"""Interpretations: where the rules are unclear, a named option.

Each option settles one article, has a default and alternatives, a confidence
tag (`text`: the text says so; `reading`: our best reading; `reconstruction`:
the text is silent), and per value a sentence and a short label (a menu's), each
in French and in English.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .core import ScenarioError, is_whole, quoted, typeset_words

OptionValue = str | int
# What a reading's default rests on, in words: "the default rests on our reading of the text".
CONFIDENCE = {
    "text": {"fr": "le texte lui-même", "en": "the text itself"},
    "reading": {"fr": "notre lecture du texte", "en": "our reading of the text"},
    "reconstruction": {"fr": "une reconstitution, le texte étant muet",
                       "en": "a reconstruction, the text being silent"},
}


@dataclass(frozen=True)
class Option:
    id: str
    article: str
    confidence: str
    question: dict[str, str]
    default: OptionValue
    # value -> {"fr": ..., "en": ...}: the sentence, then the label; both empty for a number option
    values: dict[str, dict[str, str]] = field(default_factory=dict)
    labels: dict[str, dict[str, str]] = field(default_factory=dict)
    number_range: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        assert self.confidence in CONFIDENCE, (self.id, self.confidence)
        assert list(self.labels) == list(self.values), f"{self.id}: a label for each value, in the same order"
        # Its words typeset once, as made (French: a no-break space before ":"), for every page to show.
        object.__setattr__(self, "question", typeset_words(self.question))
        object.__setattr__(self, "values", {v: typeset_words(t) for v, t in self.values.items()})
        object.__setattr__(self, "labels", {v: typeset_words(t) for v, t in self.labels.items()})

    def check(self, value: object, where: str) -> OptionValue:
        if self.number_range is not None:
            low, high = self.number_range
            if not is_whole(value, low, high):
                raise ScenarioError(where, f"expected a whole number from {low} to {high}, got {quoted(value, 'en')}",
                                    fr=f"attendu : un nombre entier de {low} à {high}, reçu {quoted(value, 'fr')}")
            return value
        if not isinstance(value, str) or value not in self.values:  # a list or a mapping is no value either
            choices = ", ".join(self.values)
            raise ScenarioError(where, f"{quoted(value, 'en')} is not one of: {choices}",
                                fr=f"{quoted(value, 'fr')} n'est pas l'une des valeurs possibles : {choices}")
        return value

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "article": self.article,
            "confidence": self.confidence,
            "question": self.question,
            "default": self.default,
            "confidence_label": CONFIDENCE[self.confidence],
            "values": self.values,
            "labels": self.labels,
            "range": list(self.number_range) if self.number_range else None,
        }


def resolve(catalogue: Mapping[str, Option], given: object, applicable: set[str]) -> dict[str, OptionValue]:
    """Defaults overlaid by the scenario's options, each one checked."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise ScenarioError("options", "expected a mapping of option id to value",
                            fr="attendu : un dictionnaire d'identifiants d'options et de valeurs")
    chosen: dict[str, OptionValue] = {oid: catalogue[oid].default for oid in applicable}
    for oid, value in given.items():
        if oid not in catalogue:
            raise ScenarioError(f"options.{oid}", "unknown option", fr="option inconnue")
        if oid not in applicable:
            raise ScenarioError(f"options.{oid}", "does not apply to this race", fr="ne s'applique pas à cette course")
        chosen[oid] = catalogue[oid].check(value, f"options.{oid}")
    return chosen


class Catalogue:
    """A game's options, and the races each applies to."""

    def __init__(self) -> None:
        self.options: dict[str, Option] = {}
        self.applies: dict[str, set[str]] = {}

    def add(self, option: Option, races: set[str]) -> None:
        self.options[option.id] = option
        self.applies[option.id] = races
