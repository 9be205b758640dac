"""Het Grote Ronde van Vlaanderen Spel: the levels of play and the sections of the rulebook."""

from __future__ import annotations

from ..interface import Race

ARTICLES: tuple[str, ...] = tuple("ronde:" + s for s in (
    "object", "contents", "board", "dice", "level-1-setup", "acceleration-cards", "misfortune-cards",
    "dice-results", "playing", "three-abreast", "flat-to-hill", "cobbles", "supply", "red-triangle",
    "level-2-setup", "peloton-cards", "peloton-dice-results", "peloton-moves", "peloton-follows",
    "peloton-acceleration", "behind-peloton", "peloton-flat-to-hill", "peloton-cobbles", "peloton-supply",
    "peloton-piles", "level-3-setup", "tactical-cards", "tactical-against", "tactical-take-cards",
    "hill-card-koppenberg", "hill-card-berendries", "out-of-turn", "counter-card", "spring-along-card",
    "kwak-cards", "tactical-discard",
))


RACES: dict[str, Race] = {r.id: r for r in (
    Race("ronde.niveau-1", "ronde:level-1-setup",
         {"fr": "Niveau 1 : le jeu de base", "en": "Level 1: the basic game"}, 2, 8),
    Race("ronde.niveau-2", "ronde:level-2-setup",
         {"fr": "Niveau 2 : avec le peloton", "en": "Level 2: with the peloton"}, 3, 8),
    Race("ronde.niveau-3", "ronde:level-3-setup",
         {"fr": "Niveau 3 : avec les cartes tactiques", "en": "Level 3: with tactical cards"}, 3, 8),
    Race("ronde.niveau-3-sans-peloton", "ronde:level-3-setup",
         {"fr": "Niveau 3 sans le peloton", "en": "Level 3 without the peloton"}, 3, 8),
)}
