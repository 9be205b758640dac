"""Our readings of the Corriere dei Piccoli rules where they are unclear or silent."""

from __future__ import annotations

from ..options import Catalogue, Option

_CATALOGUE = Catalogue()
OPTIONS, APPLIES = _CATALOGUE.options, _CATALOGUE.applies
_add = _CATALOGUE.add
_V = {"cdp.velocita"}
_M = {"cdp.mezzofondo"}



_add(Option(
    "cdp.line-crossing", "cdp:velocita-arrivee", "reading",
    {"fr": "Franchir la ligne : suffit-il d'atteindre la 30e case, ou faut-il la dépasser ?",
     "en": "Crossing the line: is reaching the 30th square enough, or must a rider go beyond it?"},
    "reach",
    {"reach": {"fr": "Atteindre la 30e case (le tour est fait) suffit.",
               "en": "Reaching the 30th square (the lap is done) is enough."},
     "beyond": {"fr": "Il faut aller au-delà de la 30e case.",
                "en": "The rider must go beyond the 30th square."}},
    {"reach": {"fr": "Atteindre la 30e case", "en": "Reach the 30th square"},
     "beyond": {"fr": "Dépasser la 30e case", "en": "Go past the 30th square"}},
), _V | _M)

_add(Option(
    "cdp.sprint-parity", "cdp:velocita-sprint", "reading",
    {"fr": "Pendant le sprint, les nombres doublés sont tous pairs : le choix « impair » reste-t-il ?",
     "en": "In the sprint every doubled number is even: is there still an “odd” choice?"},
    "face",
    {"face": {"fr": "Oui : c'est la face du dé qui compte ; sur une face impaire on peut faire moins que le double.",
              "en": "Yes: the face of the die decides; on an odd face the rider may do less than double."},
     "doubled": {"fr": "Non : le nombre doublé est pair, il faut l'avancer en entier.",
                 "en": "No: the doubled number is even, so it must be moved in full."}},
    {"face": {"fr": "La face du dé décide", "en": "The die's face decides"},
     "doubled": {"fr": "Le nombre doublé décide", "en": "The doubled number decides"}},
), _V)

_add(Option(
    "cdp.sprint-when", "cdp:velocita-sprint", "reading",
    {"fr": "Le second coureur lance-t-il le sprint avant ou après avoir vu son dé ?",
     "en": "Does the second rider launch the sprint before or after seeing the die?"},
    "after-throw",
    {"after-throw": {"fr": "Après : il voit le dé, puis décide de doubler ce coup.",
                     "en": "After: he sees the die, then decides to double that move."},
     "before-throw": {"fr": "Avant : il annonce le sprint, puis lance le dé.",
                      "en": "Before: he announces the sprint, then throws."}},
    {"after-throw": {"fr": "Après le dé", "en": "After the throw"},
     "before-throw": {"fr": "Avant le dé", "en": "Before the throw"}},
), _V)

_add(Option(
    "cdp.lot", "cdp:velocita-depart", "reconstruction",
    {"fr": "« Tiré au sort » : comment ?", "en": "“Drawn by lot”: how?"},
    "die",
    {"die": {"fr": "Un dé : de 1 à 3, le premier joueur part devant ; de 4 à 6, le second.",
             "en": "A die: 1 to 3, the first player goes first; 4 to 6, the second."},
     "first-seat": {"fr": "Pas de tirage : le premier joueur part devant (pour les exemples).",
                    "en": "No draw: the first player goes first (for examples)."}},
    {"die": {"fr": "Un dé", "en": "A die"},
     "first-seat": {"fr": "Pas de tirage", "en": "No draw"}},
), _V)

_add(Option(
    "cdp.uncoupled-finish", "cdp:mezzofondo-arrivee", "reconstruction",
    {"fr": "Le texte ne dit pas ce qui arrive si la première équipe à passer la ligne est découplée.",
     "en": "The text does not say what happens when the first team across the line is uncoupled."},
    "no-win",
    {"no-win": {"fr": "Elle ne gagne pas : son passage ne compte pas ; il lui faut un tour de plus, à finir couplée.",
                "en": "It does not win: its crossing does not count; it must ride one more lap and finish it coupled."},
     "first-across": {"fr": "La première équipe à passer la ligne gagne, couplée ou non.",
                      "en": "The first team across the line wins, coupled or not."}},
    {"no-win": {"fr": "Un tour de plus, couplée", "en": "One more lap, coupled"},
     "first-across": {"fr": "La première passée gagne", "en": "The first across wins"}},
), _M)

_add(Option(
    "cdp.derny-throws", "cdp:mezzofondo-phase-3", "reading",
    {"fr": "« Le dé est lancé deux fois pour le derny » : la somme des deux ?",
     "en": "“The die is thrown twice for the derny”: the sum of both?"},
    "sum",
    {"sum": {"fr": "La somme des deux dés, dont le joueur peut n'utiliser qu'une partie.",
             "en": "The sum of both dice, of which the player may use only part."},
     "best": {"fr": "Le meilleur des deux dés, dont le joueur peut n'utiliser qu'une partie.",
              "en": "The better of the two dice, of which the player may use only part."}},
    {"sum": {"fr": "La somme des deux dés", "en": "The sum of both dice"},
     "best": {"fr": "Le meilleur des deux dés", "en": "The better of the two dice"}},
), _M)

_add(Option(
    "cdp.derny-ahead", "cdp:mezzofondo-phase-2", "reading",
    {"fr": "Un derny qui s'arrête juste devant son coureur : faut-il encore le lancer du coureur ?",
     "en": "A derny stopping just in front of its rider: is the rider's throw still needed?"},
    "throw-anyway",
    {"throw-anyway": {"fr": "Oui, à la lettre : le lancer suivant est pour le coureur, qui n'a plus de case à faire.",
                      "en": "Yes, to the letter: the next throw is the rider's, who has no square left to ride."},
     "couple-now": {"fr": "Non : l'équipe est couplée sur-le-champ.",
                    "en": "No: the team is coupled at once."}},
    {"throw-anyway": {"fr": "Lancer quand même", "en": "Throw anyway"},
     "couple-now": {"fr": "Coupler aussitôt", "en": "Couple at once"}},
), _M)

_add(Option(
    "cdp.laps", "cdp:mezzofondo-depart", "text",
    {"fr": "Longueur de la course, décidée d'avance (de préférence 4 à 8 tours).",
     "en": "Length of the race, agreed beforehand (preferably 4 to 8 laps)."},
    4, number_range=(1, 20),
), _M)
