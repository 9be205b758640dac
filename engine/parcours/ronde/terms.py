"""The game's names and words, once, as the edition writes them in both languages, and the variants its
own texts never use (tests/test_terms.py reads the pages, the notes and the narration for them, and the
code for a name written out again)."""

from ..interface import Terms

TERMS = Terms(names={
    "title": {"fr": "Het Grote Ronde van Vlaanderen Spel", "en": "Het Grote Ronde van Vlaanderen Spel"},
    "game": {"fr": "jeu du Tour des Flandres", "en": "Tour of Flanders game"},
    "race": {"fr": "Tour des Flandres", "en": "Tour of Flanders"},
    "start": {"fr": "Bruges", "en": "Bruges"},
    "finish": {"fr": "Ninove-Meerbeke", "en": "Ninove-Meerbeke"},
    "muur": {"fr": "Muur - Kapelmuur", "en": "Muur - Kapelmuur"},  # the peloton's last hill
    "hill-card": {"fr": "Koppenberg / Muur", "en": "Koppenberg / Muur"},
}, words={
    "rider": {"fr": "coureur", "en": "rider"},
}, variants={
    "Mur - Kapelmuur": "Muur - Kapelmuur",
    "Muur (Kapelmuur)": "Muur - Kapelmuur",
    "Koppenberg / Mur": "Koppenberg / Muur",
    "Grand Tour des Flandres": "jeu du Tour des Flandres",
    "Brugge": "Bruges",
    "team-mate": "teammate",
    "...": "…",
})
