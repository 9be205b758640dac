"""Readings of the horse race's rules where they are silent (the variant in legs)."""

from __future__ import annotations

from ..options import Catalogue, Option

_CATALOGUE = Catalogue()
OPTIONS, APPLIES = _CATALOGUE.options, _CATALOGUE.applies
_add = _CATALOGUE.add
_LEGS = {"chevaux.trois-points"}



_add(Option(
    "chevaux.legs-horses", "chevaux:variante", "reconstruction",
    {"fr": "En manches : chaque manche repart-elle avec six chevaux ?",
     "en": "In legs: does every leg start again with six horses?"},
    "fresh",
    {"fresh": {"fr": "Oui : chaque manche est une course nouvelle, six chevaux chacun.",
               "en": "Yes: each leg is a new race, six horses each."},
     "carry": {"fr": "Non : les chevaux tombés restent perdus d'une manche à l'autre.",
               "en": "No: horses lost in a trap stay lost from one leg to the next."}},
    {"fresh": {"fr": "Six chevaux à chaque manche", "en": "Six horses every leg"},
     "carry": {"fr": "Les chevaux perdus le restent", "en": "Lost horses stay lost"}},
), _LEGS)

_add(Option(
    "chevaux.legs-ruin", "chevaux:variante", "reconstruction",
    {"fr": "En manches : perdre ses six chevaux fait-il perdre la partie, ou seulement la manche ?",
     "en": "In legs: does losing all six horses lose the game, or only the leg?"},
    "leg",
    {"leg": {"fr": "La manche seulement : l'adversaire marque le point.",
             "en": "Only the leg: the opponent scores the point."},
     "game": {"fr": "La partie entière, comme dans la course simple.",
              "en": "The whole game, as in the single race."}},
    {"leg": {"fr": "La manche seulement", "en": "Only the leg"},
     "game": {"fr": "La partie entière", "en": "The whole game"}},
), _LEGS)

_add(Option(
    "chevaux.legs-start", "chevaux:variante", "reconstruction",
    {"fr": "En manches : qui commence chaque manche ?",
     "en": "In legs: who starts each leg?"},
    "youngest",
    {"youngest": {"fr": "Toujours le plus jeune, comme dans la course simple.",
                  "en": "Always the youngest, as in the single race."},
     "alternate": {"fr": "Chacun son tour : le premier joueur change à chaque manche.",
                   "en": "In turn: the first player changes with every leg."}},
    {"youngest": {"fr": "Toujours le plus jeune", "en": "Always the youngest"},
     "alternate": {"fr": "Chacun son tour", "en": "In turn"}},
), _LEGS)
