"""The game's names and words, once, as the edition writes them in both languages, and the variants its
own texts never use (tests/test_terms.py reads the pages, the notes and the narration for them, and the
code for a name written out again)."""

from ..interface import Terms

TERMS = Terms(names={
    "game": {"fr": "course de chevaux", "en": "horse race"},
}, words={
    "hole": {"fr": "trou", "en": "hole"},
    "horse": {"fr": "cheval", "en": "horse"},
}, variants={
    "...": "…",
})
