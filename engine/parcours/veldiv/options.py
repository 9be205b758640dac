"""Our readings of the 1932 rules where they are unclear (see shared rules notes)."""

from __future__ import annotations

from ..options import Catalogue, Option

_ALL_RACES = {
    "veldiv.individuelle", "veldiv.americaine", "veldiv.poursuite-individuelle",
    "veldiv.poursuite-equipe", "veldiv.eliminatoire", "veldiv.cagnotte",
}
_TEAM_RACES = {"veldiv.americaine", "veldiv.poursuite-equipe"}
_POINTS_RACES = {"veldiv.individuelle", "veldiv.americaine"}
_WAITING_RACES = {"veldiv.eliminatoire", "veldiv.cagnotte"}

_CATALOGUE = Catalogue()
OPTIONS, APPLIES = _CATALOGUE.options, _CATALOGUE.applies
_add = _CATALOGUE.add



_add(Option(
    "veldiv.line-crossing", "veldiv:individuelle", "reading",
    {"fr": "« Passé la case 48 » : s'arrêter pile sur la case 48 franchit-il la ligne ?",
     "en": "“Passed square 48”: does stopping exactly on square 48 cross the line?"},
    "beyond",
    {"beyond": {"fr": "Non : il faut dépasser la case de départ ; s'arrêter dessus ne suffit pas.",
                "en": "No: the rider must go beyond the start square; stopping on it is not enough."},
     "reach": {"fr": "Oui : atteindre la case de départ suffit à franchir la ligne.",
               "en": "Yes: reaching the start square is enough to cross the line."}},
    {"beyond": {"fr": "Dépasser la case", "en": "Go past the square"},
     "reach": {"fr": "Atteindre la case", "en": "Reach the square"}},
), _ALL_RACES)

_add(Option(
    "veldiv.art7-scope", "veldiv:art-7", "reading",
    {"fr": "Le « coup heureux » de l'art. 7 : tout coup qui mène sur l'équipier, ou seulement le six ?",
     "en": "Art. 7's “lucky throw”: any throw that lands on the teammate, or only a six?"},
    "any-roll",
    {"any-roll": {"fr": "Tout coup de 1 à 5 qui amène un coureur sur son équipier double l'avance ; "
                        "le six relève de l'art. 9.",
                  "en": "Any throw of 1 to 5 that brings a rider onto a teammate doubles the move; "
                        "a six falls under Art. 9."},
     "six-only": {"fr": "Seul le six est un coup heureux (art. 1) ; un autre nombre qui mène sur "
                        "l'équipier fait seulement avancer d'autant (art. 3 et 6).",
                  "en": "Only a six is a lucky throw (Art. 1); any other number onto a teammate "
                        "simply moves on by the same count again (Art. 3 and 6)."}},
    {"any-roll": {"fr": "Tout coup de 1 à 5", "en": "Any throw of 1 to 5"},
     "six-only": {"fr": "Le six seulement", "en": "Only a six"}},
), _TEAM_RACES)

_add(Option(
    "veldiv.art7-rider", "veldiv:art-7", "reading",
    {"fr": "« Avancera un de ses coureurs » : lequel des deux équipiers repart ?",
     "en": "“Will advance one of his riders”: which of the two teammates moves on?"},
    "mover",
    {"mover": {"fr": "Le coureur qui arrive repart et dépasse son équipier.",
               "en": "The arriving rider moves on, past the teammate."},
     "teammate": {"fr": "L'équipier déjà sur la case repart ; l'arrivant prend sa place.",
                  "en": "The teammate already on the square moves on; the arriving rider takes its place."}},
    {"mover": {"fr": "Le coureur qui arrive", "en": "The arriving rider"},
     "teammate": {"fr": "L'équipier déjà sur la case", "en": "The teammate already there"}},
), _TEAM_RACES)

_add(Option(
    "veldiv.lap-token", "veldiv:individuelle", "reading",
    {"fr": "Jeton Un Tour : faut-il doubler tous les adversaires, ou un jeton par adversaire doublé ?",
     "en": "Lap token: must a rider lap every opponent, or is there one token per opponent lapped?"},
    "all",
    {"all": {"fr": "Un jeton quand le coureur (ou les deux coureurs de l'équipe) a un tour d'avance "
                   "sur tous les adversaires.",
             "en": "One token when the rider (or both riders of the team) is a lap ahead of every opponent."},
     "each": {"fr": "Un jeton pour chaque adversaire doublé.",
              "en": "One token for each opponent lapped."}},
    {"all": {"fr": "Doubler tous les adversaires", "en": "Lap every opponent"},
     "each": {"fr": "Un jeton par adversaire doublé", "en": "A token per opponent lapped"}},
), _POINTS_RACES)

_add(Option(
    "veldiv.lapped-points", "veldiv:individuelle", "reading",
    {"fr": "Points annulés : la place d'un coureur doublé avant la ligne revient-elle au suivant ?",
     "en": "Cancelled points: does the place of a rider lapped before the line pass to the next one?"},
    "cancel",
    {"cancel": {"fr": "Non : le coureur doublé ne marque rien et sa place est perdue pour tous.",
                "en": "No: the lapped rider scores nothing and the place is lost to everyone."},
     "pass-on": {"fr": "Oui : le coureur doublé ne marque rien et la place revient au suivant.",
                 "en": "Yes: the lapped rider scores nothing and the place goes to the next rider across."}},
    {"cancel": {"fr": "La place est perdue", "en": "The place is lost"},
     "pass-on": {"fr": "La place revient au suivant", "en": "The place goes to the next rider"}},
), _POINTS_RACES)

_add(Option(
    "veldiv.final-lap", "veldiv:individuelle", "reading",
    {"fr": "Le troisième jeton Premier arrête-t-il la course sur-le-champ ?",
     "en": "Does the third Premier token stop the race on the spot?"},
    "all-cross",
    {"all-cross": {"fr": "Non : chacun franchit encore la ligne une fois (ordre d'arrivée), en marquant "
                         "les points qui restent ; en équipe, l'art. 10 s'applique.",
                   "en": "No: every rider crosses the line once more (the order of arrival), taking "
                         "the points still open; in teams, Art. 10 applies."},
     "at-once": {"fr": "Oui : la course s'arrête au troisième Premier ; les autres sont classés à la "
                       "distance parcourue.",
                 "en": "Yes: the race stops at the third Premier; the others are ranked by distance ridden."}},
    {"all-cross": {"fr": "Chacun repasse la ligne", "en": "Everyone crosses once more"},
     "at-once": {"fr": "Arrêt immédiat", "en": "The race stops at once"}},
), _POINTS_RACES)

_add(Option(
    "veldiv.ranking", "veldiv:individuelle", "reading",
    {"fr": "Au classement, un tour pris sur les adversaires passe-t-il avant les jetons Premier ?",
     "en": "In the ranking, does a lap gained on the opponents come before Premier tokens?"},
    "laps-first",
    {"laps-first": {"fr": "Oui : les tours pris d'abord, puis les jetons Premier, les points, l'ordre d'arrivée.",
                    "en": "Yes: laps gained first, then Premier tokens, points, the order of arrival."},
     "premier-first": {"fr": "Non : les jetons Premier d'abord, puis les tours pris, les points, l'ordre d'arrivée.",
                       "en": "No: Premier tokens first, then laps gained, points, the order of arrival."}},
    {"laps-first": {"fr": "Les tours d'abord", "en": "Laps first"},
     "premier-first": {"fr": "Les jetons Premier d'abord", "en": "Premier tokens first"}},
), _POINTS_RACES)

_add(Option(
    "veldiv.americaine-premier", "veldiv:americaine", "reading",
    {"fr": "Américaine : le Premier va-t-il à l'équipe du premier coureur passé, ou à la première "
           "équipe passée au complet ?",
     "en": "Madison: does the Premier go to the team of the first rider across, or to the first "
           "team to have both riders across?"},
    "first-rider",
    {"first-rider": {"fr": "À l'équipe du premier coureur qui passe la ligne.",
                     "en": "To the team of the first rider across the line."},
     "both-riders": {"fr": "À la première équipe dont les deux coureurs ont passé la ligne.",
                     "en": "To the first team with both riders across the line."}},
    {"first-rider": {"fr": "Le premier coureur passé", "en": "The first rider across"},
     "both-riders": {"fr": "La première équipe au complet", "en": "The first whole team across"}},
), {"veldiv.americaine"})

_add(Option(
    "veldiv.team-window", "veldiv:poursuite-equipe", "reading",
    {"fr": "Poursuite par équipe : « dans l'intervalle de deux tours », dans une course de trois tours ?",
     "en": "Team pursuit: “within two laps”, in a race of three laps?"},
    "three-laps",
    {"three-laps": {"fr": "Coquille : une équipe peut être éliminée pendant les trois tours.",
                    "en": "A slip of the pen: a team can be eliminated throughout the three laps."},
     "two-laps": {"fr": "À la lettre : seule une équipe qui n'a pas encore bouclé deux tours peut en "
                        "éliminer une autre.",
                  "en": "As written: only a team that has not yet completed two laps can eliminate another."}},
    {"three-laps": {"fr": "Pendant les trois tours", "en": "Throughout the three laps"},
     "two-laps": {"fr": "Les deux premiers tours, à la lettre", "en": "The first two laps, as written"}},
), {"veldiv.poursuite-equipe"})

_add(Option(
    "veldiv.waiting-square", "veldiv:eliminatoire", "reading",
    {"fr": "« À la case qui lui revient » : où attend le coureur qui a franchi la ligne ?",
     "en": "“On the square that falls to him”: where does a rider who has crossed the line wait?"},
    "where-thrown",
    {"where-thrown": {"fr": "Là où le mène son coup de dé, art. 3 compris.",
                      "en": "Where the throw takes it, Art. 3 included."},
     "line-order": {"fr": "Sur la première case libre après la ligne, dans l'ordre d'arrivée.",
                    "en": "On the first free square past the line, in order of arrival."}},
    {"where-thrown": {"fr": "Là où mène le dé", "en": "Where the throw takes it"},
     "line-order": {"fr": "Dans l'ordre d'arrivée", "en": "In order of arrival"}},
), _WAITING_RACES)

_add(Option(
    "veldiv.cagnotte-38", "veldiv:cagnotte", "reading",
    {"fr": "Le dernier, remis à la case 38, a-t-il fini son tour ?",
     "en": "The last rider, put back on square 38: has it finished its lap?"},
    "unfinished-lap",
    {"unfinished-lap": {"fr": "Non : de la case 38 il doit franchir la ligne puis faire un tour complet.",
                        "en": "No: from square 38 it must cross the line and then ride a full lap."},
     "next-lap": {"fr": "Oui : son tour est compté ; de la case 38 il n'a que 11 cases à faire.",
                  "en": "Yes: its lap counts; from square 38 it needs only 11 squares."}},
    {"unfinished-lap": {"fr": "Son tour reste à finir", "en": "Its lap is unfinished"},
     "next-lap": {"fr": "Son tour est compté", "en": "Its lap counts"}},
), {"veldiv.cagnotte"})

_add(Option(
    "veldiv.cagnotte-stake", "veldiv:cagnotte", "text",
    {"fr": "Le gage convenu, versé par le dernier de chaque tour.",
     "en": "The agreed stake, paid by the last rider of each lap."},
    1, number_range=(1, 100),
), {"veldiv.cagnotte"})

_add(Option(
    "veldiv.cagnotte-total", "veldiv:cagnotte", "text",
    {"fr": "L'enjeu convenu : la course finit quand la cagnotte l'atteint.",
     "en": "The agreed total: the race ends when the kitty reaches it."},
    5, number_range=(1, 1000),
), {"veldiv.cagnotte"})
