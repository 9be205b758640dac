"""The game's names and words, once, as the edition writes them in both languages, and the variants its
own texts never use (tests/test_terms.py reads the pages, the notes and the narration for them, and the
code for a name written out again)."""

from ..interface import Terms

TERMS = Terms(names={
    "magazine": {"fr": "Corriere dei Piccoli", "en": "Corriere dei Piccoli"},
    "velocita": {"fr": "Velocità", "en": "Velocità"},
    "mezzofondo": {"fr": "Mezzo fondo", "en": "Mezzo fondo"},
}, words={
    "seat-velocita": {"fr": "coureur", "en": "rider"},
    "seat-mezzofondo": {"fr": "équipe", "en": "team"},
}, variants={
    "Velocita": "Velocità",
    "Mezzofondo": "Mezzo fondo",
    "team-mate": "teammate",
    "...": "…",
})
