"""The snail race's names and words, once (tests/test_terms.py's checks, as every game's)."""

from parcours.interface import Terms

TERMS = Terms(names={"game": {"fr": "course d'escargots", "en": "snail race"}},
              words={"snail": {"fr": "escargot", "en": "snail"}, "lettuce": {"fr": "salade", "en": "lettuce"}},
              variants={"limaçon": "escargot"})
