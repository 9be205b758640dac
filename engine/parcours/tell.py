"""A sentence told in two steps: what it says, worked out once and in no language (`Facts`: which of
its kind's sentences applies, and the numbers, riders, places and cards it names), then each
language's words for those facts (`tell`: one template a case and a language).

A template names its facts as str.format does: `{to}`; `{w:cap}` with a capital (a name that opens the
sentence); `{turns:tour|tours}` a count and its noun, agreeing as the template's language has it
(core.plural: in French 0 and 1 take the singular). A fact each language names in words of its own (a
rider's colour, a card, a space) is `Named`, put in words in the language told, and only if the
template names it. A part of a sentence that only some events say (" (nombre doublé)") is a fact of
its own, `Facts` told by the same templates (its case a phrase's, not a sentence's), or "" when unsaid.
Every game's narrate.py tells its events this way.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .core import Event, plural

Templates = Mapping[str, Mapping[str, str]]  # language -> case -> template
Case = tuple[str, dict[str, Any]]  # an event's case ("kind" or "kind.case") and the facts it adds to its data


@dataclass(frozen=True, slots=True)
class Named:
    """A fact named in each language's own words: `words(value, lang)` ('Rouge' / 'Red' for seat 0)."""

    words: Callable[[Any, str], str]
    value: Any


@dataclass(frozen=True, slots=True)
class Facts:
    """What one sentence says, in no language: which of its kind's sentences (`case`), and the facts
    (`values`) its templates name."""

    case: str
    values: Mapping[str, Any]


def as_it_is(event: Event) -> Case:
    """The case of an event with one sentence, naming its own data and nothing more."""
    return event.kind, {}


def case_if(case: str, when: Callable[[Event], object]) -> Callable[[Event], Case]:
    """The case of a kind with two sentences: `case` when the event says so (`when`), the kind's own
    otherwise."""
    return lambda e: (case if when(e) else e.kind, {})


def tell(templates: Templates, facts: Facts, lang: str) -> str:
    """The facts in one language's words."""
    return templates[lang][facts.case].format_map(_In(templates, facts.values, lang))


def cases(templates: Templates) -> frozenset[str]:
    """The cases the templates tell, checked alike in every language: the same cases, each template
    asking only for what `tell` knows (a fact as it is, `cap`, or a count's `one|many`)."""
    langs = list(templates.values())
    assert all(set(words) == set(langs[0]) for words in langs), "every language tells every case"
    for words in langs:
        for case, template in words.items():
            for _, fact, spec, conversion in string.Formatter().parse(template):
                assert fact is None or (fact.isidentifier() and not conversion), (case, template)
                assert not spec or spec == "cap" or spec.count("|") == 1, (case, template)
    return frozenset(langs[0])


def kinds(templates: Templates) -> frozenset[str]:
    """The kinds of event the templates tell: their cases' ("move.six-twelve" is a move's)."""
    return frozenset(case.split(".")[0] for case in cases(templates))


class _In:
    """The facts as one language says them: str.format_map asks for each one its template names."""

    __slots__ = ("facts", "lang", "templates")

    def __init__(self, templates: Templates, facts: Mapping[str, Any], lang: str) -> None:
        self.templates, self.facts, self.lang = templates, facts, lang

    def __getitem__(self, key: str) -> _Said:
        return _Said(self.templates, self.facts[key], self.lang)


class _Said:
    """One fact, in words when its template formats it (with the template's `cap` or `one|many`)."""

    __slots__ = ("fact", "lang", "templates")

    def __init__(self, templates: Templates, fact: Any, lang: str) -> None:
        self.templates, self.fact, self.lang = templates, fact, lang

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            one, many = spec.split("|")
            return plural(self.fact, one, many, self.lang)
        text = _words(self.templates, self.fact, self.lang)
        if spec == "cap":
            return text.capitalize()
        if spec:
            raise ValueError(f"no such way to tell a fact: {spec!r}")
        return text


def _words(templates: Templates, fact: Any, lang: str) -> str:
    """A fact in words: a part of the sentence told by its template, a named thing by its words, a
    number or a code as it is."""
    if isinstance(fact, Facts):
        return tell(templates, fact, lang)
    if isinstance(fact, Named):
        return fact.words(fact.value, lang)
    return str(fact)
