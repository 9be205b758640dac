"""The Corriere dei Piccoli's view: one 30-square oval for both races, told apart by their positions
(Velocità's riders have covered `pos` squares; Mezzo fondo's `teams` pace a rider behind a derny).
Velocità is solved: each step says the riders' chances under best play, and the best choice."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from parcours import Game
from parcours.cdp import DEFAULT_TRACK, TRACK_SQUARES, observe
from parcours.cdp.narrate import PLACE as PLACE_WORDS
from parcours.cdp.narrate import SCORE_WORDS, squares_to_go
from parcours.cdp.velocita import State as VelocitaState
from parcours.cdp.velocita_solver import advice, chances
from parcours.core import number_words, typeset
from parcours.narrate import choice_words, plural

from .interface import Assessment, Scoreboard, Words, figure, places_by
from .oval import Oval, colour
from .svg import defs

GAME = "cdp"
PLACE: Words = PLACE_WORDS  # a place of its track, in its package's words
EXACT_EXPLAINED: str | None = "rules.md#solved"  # Velocità solved, beside the rules
NAMED_DICE = False
ASKED_OF_HOLDERS: frozenset[str] = frozenset()

TRACK = Oval("px-cdp-track", TRACK_SQUARES, DEFAULT_TRACK["red_line"],
             ((DEFAULT_TRACK["yellow_line"], "px-line-yellow"),))


def symbols() -> str:
    return defs(TRACK.symbol())


def _paced(position: dict[str, Any]) -> bool:
    """Mezzo fondo: each player's team is a rider paced by a derny."""
    return "teams" in position


def board_svg(position: dict[str, Any], label: str) -> str:
    if _paced(position):
        pieces = []
        for t in position["teams"]:
            pieces.append((t["derny_square"], f"D{t['seat'] + 1}", colour(t["seat"]), "px-rider px-derny px-square"))
            pieces.append((t["rider_square"], str(t["seat"] + 1), colour(t["seat"]), "px-rider"))
        return TRACK.board(pieces, label)
    pieces = [((p - 1) % TRACK_SQUARES + 1 if p else TRACK_SQUARES, str(seat + 1), colour(seat), "px-rider")
              for seat, p in enumerate(position["pos"])]
    return TRACK.board(pieces, label)


paper_board_svg = board_svg  # paper prints the whole board beside an example's steps


def board_label(position: dict[str, Any], lang: str) -> str:
    fr = lang == "fr"
    sep = " ; " if fr else "; "  # French puts a space before the semicolon
    if _paced(position):
        return sep.join((f"équipe {t['seat'] + 1} : coureur case {t['rider_square']}, derny case {t['derny_square']}"
                         if fr else f"team {t['seat'] + 1}: rider on {t['rider_square']}, derny on {t['derny_square']}")
                        for t in position["teams"])
    sprint = (" ; sprint lancé" if fr else "; sprint on") if position["sprint"] else ""
    return sep.join((f"coureur {s + 1} : {plural(p, 'case parcourue', 'cases parcourues', lang)}" if fr
                     else f"rider {s + 1}: {plural(p, 'square', 'squares', lang)} ridden")
                    for s, p in enumerate(position["pos"])) + sprint


def scoreboard(game: Game) -> Scoreboard:
    """Velocità: each rider's squares ridden and to the line, the rider ahead first (he throws first),
    and whether the sprint is on; Mezzo fondo: each team's rider, its distance, its phase, arrivals first."""
    position = observe(game.state)
    if _paced(position):
        return _paced_scoreboard(position, list(game.state.arrivals))
    line = game.state.line
    columns = (SCORE_WORDS["rider"], SCORE_WORDS["ridden"], SCORE_WORDS["to_go"])
    rows = tuple((figure(seat + 1), figure(ridden), _to_go(line - ridden))
                 for seat, ridden in enumerate(position["pos"]))
    places = places_by([(-ridden,) for ridden in position["pos"]])
    note = None if position["finished"] else SCORE_WORDS["sprint" if position["sprint"] else "no_sprint"]
    return Scoreboard(columns, rows, places, note)


def _paced_scoreboard(position: dict[str, Any], arrivals: list[int]) -> Scoreboard:
    columns = (SCORE_WORDS["team"], SCORE_WORDS["ridden"], SCORE_WORDS["to_go"], SCORE_WORDS["phase"])
    teams = position["teams"]
    rows = tuple((figure(t["seat"] + 1), figure(t["rider"]), _to_go(t["line"] - t["rider"]) if not t["finished"]
                  else SCORE_WORDS["finished"], SCORE_WORDS[t["phase"]]) for t in teams)
    keys = [(arrivals.index(t["seat"]),) if t["seat"] in arrivals else (len(arrivals), -t["rider"]) for t in teams]
    return Scoreboard(columns, rows, places_by(keys))


def _to_go(count: int) -> Words:
    return squares_to_go(count) if count > 0 else SCORE_WORDS["finished"]


def assess(game: Game) -> Assessment | None:
    """Velocità is solved: each rider's chance under best play, and the best choice at a decision."""
    if not isinstance(game.state, VelocitaState):
        return None
    p0 = chances(game.state)
    need = game.need()
    decision = need is not None and need.kind == "choice"
    best = advice(game.state, need.choices) if need is not None and decision else None
    words = choice_words(game.rules, game.state, need)[best] if need is not None and best is not None else None
    found = {"chances": [round(p0, 4), round(1 - p0, 4)], "best": best, "best_words": words, "decision": decision}
    return Assessment(found, {lang: _assessment_html(found, lang) for lang in ("fr", "en")})


def _assessment_html(found: dict[str, Any], lang: str) -> str:
    a, b = (number_words(100 * p, lang, 1, percent=True) for p in found["chances"])
    # each share before its rider: "rider 1 69.9%" ran two numbers together
    text = (f"Chances, chacun jouant au mieux : {a} pour le coureur 1, {b} pour le coureur 2." if lang == "fr"
            else f"Chances with best play from here: {a} for rider 1, {b} for rider 2.")
    if found["best"] is not None:
        words = found["best_words"][lang]
        best = escape(words[:1].lower() + words[1:])  # the button's words, within a sentence
        text += f" Le meilleur choix ici : {best}." if lang == "fr" else f" The best choice here: {best}."
    elif found["decision"]:
        text += " Ici, tous les choix se valent." if lang == "fr" else " Here every choice is worth the same."
    return f'<p class="px-odds">{typeset(text, lang)}</p>'


def heat_svg(shares: dict[int, float], label: str) -> str | None:
    """Where pieces stop, as the track shaded square by square."""
    return TRACK.heat(shares, label)


FIGURES: Mapping[str, Callable[[], str]] = {}  # no figure of its own beyond its boards
