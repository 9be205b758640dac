"""Readings of the Ronde's rules where the book is silent or unclear, as named options."""

from __future__ import annotations

from ..options import Catalogue, Option
from .races import RACES

_CATALOGUE = Catalogue()
OPTIONS, APPLIES = _CATALOGUE.options, _CATALOGUE.applies
_add = _CATALOGUE.add
ALL = set(RACES)
TACTICAL = {"ronde.niveau-3", "ronde.niveau-3-sans-peloton"}
PELOTON = {"ronde.niveau-2", "ronde.niveau-3"}

_add(Option(
    "ronde.race-end", "ronde:object", "reading",
    {"fr": "La partie s'arrête-t-elle au premier coureur arrivé ?",
     "en": "Does the game stop when the first rider finishes?"},
    "first",
    {"first": {"fr": "Oui : le premier à atteindre ou dépasser l'arrivée gagne, la partie s'arrête.",
               "en": "Yes: the first to reach or pass the finish wins and the game stops."},
     "all": {"fr": "Non : on joue jusqu'à ce que tous soient arrivés, pour le classement complet.",
             "en": "No: play on until everyone is home, for the full ranking."}},
    {"first": {"fr": "Au premier arrivé", "en": "At the first rider home"},
     "all": {"fr": "Quand tous sont arrivés", "en": "When everyone is home"}},
), ALL)

_add(Option(
    "ronde.d16-thirteen", "ronde:misfortune-cards", "reading",
    {"fr": "13 ou plus au D16 : que devient « la carte de malchance sur le dessus de la pioche » ?",
     "en": "13 or more on the D16: what of “a misfortune card on top of the draw pile”?"},
    "reveal",
    {"reveal": {"fr": "On retourne le dessus de la pioche « 1-6 » : une malchance part à la défausse, "
                      "une autre carte est remise (tout le monde l'a vue).",
                "en": "Turn over the top of the “1-6” pile: a misfortune goes to the discard, any "
                      "other card goes back (everyone has seen it)."},
     "shield": {"fr": "Le joueur est protégé de la prochaine malchance qu'il tirerait pendant ce tour.",
                "en": "The player is shielded from the next misfortune he would draw this turn."}},
    {"reveal": {"fr": "Retourner le dessus de la pioche", "en": "Turn over the top card"},
     "shield": {"fr": "Protégé de la prochaine malchance", "en": "Shielded from the next misfortune"}},
), ALL)

_add(Option(
    "ronde.supply-misfortunes", "ronde:supply", "reading",
    {"fr": "Ravitaillement avec deux ou trois malchances : garde-t-on la carte restante ?",
     "en": "Supply with two or three misfortunes: is the remaining card kept?"},
    "lose-all",
    {"lose-all": {"fr": "Non : les trois cartes vont à la défausse, le ravitaillement est perdu.",
                  "en": "No: all three cards go to the discard, the supply is lost."},
     "keep-rest": {"fr": "Oui : seules les malchances sont défaussées sans effet.",
                   "en": "Yes: only the misfortunes are discarded, with no effect."}},
    {"lose-all": {"fr": "Tout est perdu", "en": "All is lost"},
     "keep-rest": {"fr": "On garde le reste", "en": "The rest is kept"}},
), ALL)

_add(Option(
    "ronde.red-triangle", "ronde:red-triangle", "reading",
    {"fr": "Faut-il s'arrêter sous le triangle rouge pour prendre une carte ?",
     "en": "Must a rider stop under the red triangle to take a card?"},
    "reach",
    {"reach": {"fr": "Non : l'atteindre ou le dépasser suffit, une fois par coureur.",
               "en": "No: reaching or passing it is enough, once per rider."},
     "stop": {"fr": "Oui : seul le coureur qui s'arrête sur la case prend une carte.",
              "en": "Yes: only a rider who stops on the space takes a card."}},
    {"reach": {"fr": "L'atteindre suffit", "en": "Reaching it is enough"},
     "stop": {"fr": "Il faut s'y arrêter", "en": "One must stop on it"}},
), ALL)

_add(Option(
    "ronde.peloton-draws", "ronde:peloton-acceleration", "reading",
    {"fr": "Le jet d'un peloton qui accélère fait-il tirer une carte au joueur ?",
     "en": "Does an accelerating peloton's roll make its player draw a card?"},
    "yes",
    {"yes": {"fr": "Oui, selon les résultats habituels (1, 4, 6, 8, 10, 12).",
             "en": "Yes, by the usual results (1, 4, 6, 8, 10, 12)."},
     "no": {"fr": "Non : seuls les jets de son propre coureur font tirer.",
            "en": "No: only the rolls of one's own rider draw cards."}},
    {"yes": {"fr": "Il fait tirer", "en": "It draws a card"},
     "no": {"fr": "Il ne fait pas tirer", "en": "It draws no card"}},
), PELOTON)

_add(Option(
    "ronde.against-basic-die", "ronde:tactical-against", "reading",
    {"fr": "Après une carte tactique jouée contre un coureur, faut-il lancer un dé de base ?",
     "en": "After a tactical card played against a rider, must one roll a basic die?"},
    "basic",
    {"basic": {"fr": "Oui : pas de carte d'accélération ni de carte de côte ce tour-là.",
               "en": "Yes: no acceleration or hill card that turn."},
     "any": {"fr": "Non : la phrase dit seulement que la carte ne remplace pas le déplacement.",
             "en": "No: the sentence only says the card does not replace the move."}},
    {"basic": {"fr": "Un dé de base", "en": "A basic die"},
     "any": {"fr": "N'importe quel déplacement", "en": "Any move"}},
), TACTICAL)

_add(Option(
    "ronde.spring-along", "ronde:spring-along-card", "reading",
    {"fr": "Quand la carte « saute dans la roue » se joue-t-elle ?",
     "en": "When is the spring-along card played?"},
    "both",
    {"both": {"fr": "Des deux façons : avant le jet (coureur à égalité ou devant), ou après avoir été "
                    "dépassé (les points restants).",
              "en": "Both ways: before the roll (rider level or ahead), or after being passed "
                    "(the points left)."},
     "before": {"fr": "Avant le jet seulement, comme le dit le premier paragraphe.",
                "en": "Before the roll only, as the first paragraph says."},
     "passed": {"fr": "Après avoir été dépassé seulement, comme le dit la seconde note.",
                "en": "After being passed only, as the second note says."}},
    {"both": {"fr": "Avant ou après le jet", "en": "Before or after the roll"},
     "before": {"fr": "Avant le jet", "en": "Before the roll"},
     "passed": {"fr": "Après avoir été dépassé", "en": "After being passed"}},
), TACTICAL)

_add(Option(
    "ronde.drawing-rolls", "ronde:dice-results", "reading",
    {"fr": "Quels jets font tirer une carte (1 ou 6, 8 ou 12, et 4 ou 10 au niveau 2) ?",
     "en": "Which rolls make a player draw a card (1 or 6, 8 or 12, and 4 or 10 at level 2)?"},
    "every-roll",
    {"every-roll": {"fr": "Tout jet de déplacement, quel que soit le dé (carte d'accélération ou peloton compris) : "
                          "le texte ne le limite pas.",
                    "en": "Every movement roll, whatever the die (acceleration and peloton cards included): "
                          "the text sets no limit."},
     "basic-dice": {"fr": "Seulement les jets d'un dé de base (D4, D6, D8 sur le plat ; le dé de la case en côte).",
                    "en": "Only the rolls of a basic die (D4, D6, D8 on the flat; the space's die on a hill)."}},
    {"every-roll": {"fr": "Tout jet de déplacement", "en": "Every movement roll"},
     "basic-dice": {"fr": "Les dés de base seulement", "en": "Basic dice only"}},
), ALL)

_add(Option(
    "ronde.lying-block", "ronde:three-abreast", "reading",
    {"fr": "Les coureurs à terre comptent-ils parmi les trois de front qui barrent la route ?",
     "en": "Do riders lying down count among the three abreast who bar the road?"},
    "yes",
    {"yes": {"fr": "Oui : ils sont sur la case.", "en": "Yes: they are on the space."},
     "no": {"fr": "Non : seuls les coureurs debout barrent la route.",
            "en": "No: only riders standing bar the road."}},
    {"yes": {"fr": "Ils comptent", "en": "They count"},
     "no": {"fr": "Ils ne comptent pas", "en": "They do not count"}},
), ALL)

_add(Option(
    "ronde.tactical-grace", "ronde:tactical-cards", "reading",
    {"fr": "Avec une troisième carte tactique, quand faut-il en défausser une ?",
     "en": "With a third tactical card, when must one be discarded?"},
    "one-round",
    {"one-round": {"fr": "À la fin de son tour suivant, s'il en a encore trois (« un tour de jeu » pour s'en servir).",
                   "en": "At the end of his next turn, if he still holds three (“one round of turns” to use one)."},
     "at-once": {"fr": "À la fin du tour où il l'a reçue.",
                 "en": "At the end of the turn he received it."}},
    {"one-round": {"fr": "À la fin du tour suivant", "en": "At the end of the next turn"},
     "at-once": {"fr": "À la fin du même tour", "en": "At the end of the same turn"}},
), TACTICAL)

_add(Option(
    "ronde.drive-stops-at-foot", "ronde:behind-peloton", "reading",
    {"fr": "Le peloton poussé au D4 par un coureur derrière lui s'arrête-t-il au pied d'un mont ?",
     "en": "Does the peloton driven with the D4 by a rider behind it stop at the foot of a hill?"},
    "yes",
    {"yes": {"fr": "Oui, comme quand il accélère (sans tour de bonus).",
             "en": "Yes, as when it accelerates (with no bonus roll)."},
     "no": {"fr": "Non : la règle du pied de mont n'est donnée que pour les cartes peloton.",
            "en": "No: the foot-of-the-hill rule is given only for peloton cards."}},
    {"yes": {"fr": "Il s'arrête au pied", "en": "It stops at the foot"},
     "no": {"fr": "Il ne s'arrête pas", "en": "It does not stop"}},
), PELOTON)

_add(Option(
    "ronde.played-card-discard", "ronde:dice-results", "reading",
    {"fr": "Une carte jouée est-elle déjà sur la défausse quand on lance le dé qu'elle donne ?",
     "en": "Is a played card already on the discard when the die it gives is rolled?"},
    "at-once",
    {"at-once": {"fr": "Oui : posée sur la défausse dès qu'elle est jouée, elle peut revenir aussitôt à son joueur "
                       "(un 12 au D16 d'une carte carré blanc, un 10 après une carte peloton).",
                 "en": "Yes: laid on the discard as soon as it is played, it can come straight back to its player "
                       "(a 12 on a white-square card's D16, a 10 after a peloton card)."},
     "after-roll": {"fr": "Non : elle ne rejoint la défausse qu'une fois son jet joué, carte tirée comprise ; "
                          "un 8, un 10 ou un 12 prend la carte d'en dessous.",
                    "en": "No: it joins the discard only once its roll is played, the card drawn included; "
                          "an 8, a 10 or a 12 takes the card beneath."}},
    {"at-once": {"fr": "Dès qu'elle est jouée", "en": "As soon as it is played"},
     "after-roll": {"fr": "Après son jet", "en": "After its roll"}},
), ALL)
