"""The game's names, once, as the edition writes them in both languages, and the variants its own
texts never use (tests/test_terms.py reads the pages, the notes and the narration for them)."""

from ..interface import Terms

TERMS = Terms(names={
    "game": {"fr": "le Jeu du Veldiv", "en": "the Jeu du Veldiv"},
    "rider": {"fr": "coureur", "en": "rider"},
    "teammate": {"fr": "coéquipier", "en": "teammate"},
}, variants={
    "team-mate": "teammate",
    "...": "…",
})
