"""The game's names, once, as the edition writes them in both languages, and the variants its own
texts never use (tests/test_terms.py reads the pages, the notes and the narration for them)."""

from ..interface import Terms

TERMS = Terms(names={
    "game": {"fr": "les jeux du Corriere dei Piccoli", "en": "the Corriere dei Piccoli's games"},
    "velocita": {"fr": "Velocità", "en": "Velocità"},
    "mezzofondo": {"fr": "Mezzo fondo", "en": "Mezzo fondo"},
    "seat-velocita": {"fr": "coureur", "en": "rider"},
    "seat-mezzofondo": {"fr": "équipe", "en": "team"},
}, variants={
    "Velocita": "Velocità",
    "Mezzofondo": "Mezzo fondo",
    "team-mate": "teammate",
    "...": "…",
})
