"""The Jeu du Veldiv's view: its 48-square oval, riders (a team's second rider marked), in words."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from parcours import Game, all_races
from parcours.core import typeset
from parcours.veldiv import RACES, START_LINE, TRACK_SQUARES, observe
from parcours.veldiv.narrate import PLACE as PLACE_WORDS
from parcours.veldiv.narrate import SCORE_WORDS, lap_note, pot_note

from .interface import Assessment, Scoreboard, Words, figure
from .oval import Oval, colour
from .svg import defs
from .words import following, label

GAME = "veldiv"
PLACE: Words = PLACE_WORDS  # a place of its track, in its package's words
EXACT_EXPLAINED: str | None = None
NAMED_DICE = False
ASKED_OF_HOLDERS: frozenset[str] = frozenset()

TRACK = Oval("px-veldiv-track", TRACK_SQUARES, START_LINE)


def symbols() -> str:
    return defs(TRACK.symbol())


def board_svg(position: dict[str, Any], label: str) -> str:
    """The riders on their squares; a rider who has finished stays on the board, at its line."""
    race = all_races()[position["ruleset"]]
    lines = RACES[position["ruleset"]].start_squares(len(position["riders"]))
    team = race.team
    pieces = [(r["square"] if isinstance(r["square"], int) else lines[seat], f"{seat + 1}{'ab'[i] if team else ''}",
               colour(seat), "px-rider px-b" if team and i == 1 else "px-rider")
              for seat, riders in enumerate(position["riders"]) for i, r in enumerate(riders)
              if isinstance(r["square"], int) or r["finished"]]
    return TRACK.board(pieces, label)


paper_board_svg = board_svg  # paper prints the whole board beside an example's steps


def board_label(position: dict[str, Any], lang: str) -> str:
    fr = lang == "fr"
    parts = []
    for seat, riders in enumerate(position["riders"]):
        if position["players"][seat]["eliminated"]:
            parts.append(f"joueur {seat + 1} : {SCORE_WORDS['eliminated'][lang]}" if fr
                         else f"player {seat + 1}: {SCORE_WORDS['eliminated'][lang]}")
            continue
        joined = (" et " if fr else " and ").join(_rider_place(r, lang) for r in riders)
        parts.append(f"joueur {seat + 1} : {joined}" if fr else f"player {seat + 1}: {joined}")
    return (" ; " if fr else "; ").join(parts)  # French puts a space before the semicolon


def _rider_place(rider: dict[str, Any], lang: str) -> str:
    if rider["square"] is None:
        return SCORE_WORDS["finished"][lang]
    return f"case {rider['square']}" if lang == "fr" else f"square {rider['square']}"


def assess(game: Game) -> Assessment | None:
    return None  # not solved


def scoreboard(game: Game) -> Scoreboard:
    """What each race counts (its rule): a points race its Un Tour and Premier tokens and points, in
    the order the ranking weighs them; a pursuit the laps ridden; the elimination race who is still in;
    the kitty what each has paid in."""
    position = observe(game.state)
    kind = RACES[position["ruleset"]].kind
    players = position["players"]
    if kind == "points":
        keys = ["tours", "premier"] if game.state.options["veldiv.ranking"] == "laps-first" else ["premier", "tours"]
        keys.append("points")
    else:
        keys = {"pursuit": ["tours"], "cagnotte": ["stakes"], "elimination": []}[kind]
    heads = [SCORE_WORDS["laps" if kind == "pursuit" else k] for k in keys]  # a pursuit's tours: laps ridden
    status = kind != "cagnotte"  # in the kitty nobody leaves the race
    columns = (SCORE_WORDS["player"], *heads, *([SCORE_WORDS["state"]] if status else []))
    rows = tuple((figure(p["seat"] + 1), *(figure(p[k]) for k in keys),
                  *([_standing(position, p["seat"])] if status else [])) for p in players)
    note = (lap_note(position["lap"]) if kind == "elimination" and not position["finished"]
            else pot_note(position["pot"], int(game.state.options["veldiv.cagnotte-total"])) if kind == "cagnotte"
            else None)
    return Scoreboard(columns, rows, note=note)


def _standing(position: dict[str, Any], seat: int) -> Words:
    if position["players"][seat]["eliminated"]:
        return SCORE_WORDS["eliminated"]
    if all(r["finished"] for r in position["riders"][seat]):
        return SCORE_WORDS["finished"]
    return SCORE_WORDS["racing"]


def heat_svg(shares: dict[int, float], label: str) -> str | None:
    """Where pieces stop, as the track shaded square by square."""
    return TRACK.heat(shares, label)


def track_figure() -> str:
    """The empty track, with its shared drawings and a caption saying where it comes from (the
    editions page's board)."""
    label_en = f"The oval track of {TRACK_SQUARES} numbered squares; the line is after square {START_LINE}."
    label_fr = typeset(f"La piste ovale de {TRACK_SQUARES} cases numérotées ; la ligne est après la case "
                       f"{START_LINE}.", "fr")
    empty = {"ruleset": next(iter(RACES)), "riders": []}  # any race of the game: the track is the same
    # its aria-label in the reader's language (both until lang.mjs runs: French, then English)
    board = following(board_svg(empty, label(label_fr, label_en)), label_fr, label_en)
    return (symbols() + f'<figure class="px-figure" data-search-exclude>{board}'
            f'<figcaption class="px-caption"><span lang="fr">{label_fr} (dessinée d\'après les données de piste '
            f'du moteur de règles)</span><br><span lang="en">{label_en} (drawn from the rules engine\'s own track '
            f"data)</span></figcaption></figure>")


# The game's own figures, which its pages show by name: "board", the editions page's (archive.py)
FIGURES: Mapping[str, Callable[[], str]] = {"board": track_figure}
