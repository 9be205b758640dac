"""The game's names, once, as the edition writes them in both languages, and the variants its own
texts never use (tests/test_terms.py reads the pages, the notes and the narration for them)."""

from ..interface import Terms

TERMS = Terms(names={
    "game": {"fr": "la course de chevaux", "en": "the horse race"},
    "hole": {"fr": "trou", "en": "hole"},
    "horse": {"fr": "cheval", "en": "horse"},
}, variants={
    "...": "…",
})
