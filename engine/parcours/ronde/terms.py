"""The game's names, once, as the edition writes them in both languages, and the variants its own
texts never use (tests/test_terms.py reads the pages, the notes and the narration for them)."""

from ..interface import Terms

TERMS = Terms(names={
    "game": {"fr": "le jeu du Tour des Flandres", "en": "the Tour of Flanders game"},
    "title": {"fr": "Het Grote Ronde van Vlaanderen Spel", "en": "Het Grote Ronde van Vlaanderen Spel"},
    "muur": {"fr": "Muur - Kapelmuur", "en": "Muur - Kapelmuur"},
    "hill-card": {"fr": "Koppenberg / Muur", "en": "Koppenberg / Muur"},
    "start": {"fr": "Bruges", "en": "Bruges"},
    "finish": {"fr": "Ninove-Meerbeke", "en": "Ninove-Meerbeke"},
    "teammate": {"fr": "coéquipier", "en": "teammate"},
}, variants={
    "Mur - Kapelmuur": "Muur - Kapelmuur",
    "Koppenberg / Mur": "Koppenberg / Muur",
    "Grand Tour des Flandres": "jeu du Tour des Flandres",
    "Brugge": "Bruges",
    "team-mate": "teammate",
    "...": "…",
})
