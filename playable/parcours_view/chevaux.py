"""The wooden horse race's view: two U-shaped tracks of holes (up from START, down to FINISH), traps
marked; the layout comes from the position itself, so an edited board is drawn as it is.
(Its exact odds are chevaux_odds.py's.)"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from parcours import Game
from parcours.chevaux import DEFAULT_BOARD, observe
from parcours.chevaux.narrate import BOARD_FIELDS, COLOURS, HORSES, SCORE_WORDS, hole_words, leg_note
from parcours.chevaux.narrate import PLACE as PLACE_WORDS
from parcours.narrate import plural

from .chevaux_odds import odds_answer, odds_html
from .interface import Assessment, LiveFigure, Scoreboard, Words, figure
from .svg import defs
from .words import both_text

GAME = "chevaux"
PLACE: Words = PLACE_WORDS  # a place of its track, in its package's words
EXACT_EXPLAINED: str | None = "rules.md#odds"  # the Markov chain, beside the rules
NAMED_DICE = False
ASKED_OF_HOLDERS: frozenset[str] = frozenset()

HORSE_COLOURS = ("#b71c1c", "#0d47a1")
SYMBOL_ID = "px-hole"
GAP, TOP = 26, 56  # between two holes; the top hole's centre (the colour's name above it)
ACROSS = 50  # from a track's way up to its way down (room for START and FINISH side by side)


def symbols() -> str:
    return defs(f'<symbol id="{SYMBOL_ID}" viewBox="-10 -10 20 20"><circle r="8" class="px-hole-cell"/></symbol>'
                '<symbol id="px-trap" viewBox="-10 -10 20 20"><circle r="8" class="px-trap"/>'
                '<path d="M-4-4L4 4M4-4L-4 4" class="px-trap-x"/></symbol>')


def _hole_xy(hole: int, up: int, holes: int, x0: float) -> tuple[float, float]:
    """Hole 1 sits just above START at the bottom of the left column; the path goes up, across, down."""
    down = holes - up
    if hole <= up:
        return x0, TOP + (up - hole) * GAP
    return x0 + ACROSS, TOP + (hole - up - 1) * GAP * (up / max(down, 1)) if down else TOP


def _track(seat: int, player: dict[str, Any], holes: int, up: int, traps: set[int]) -> list[str]:
    """A player's track: its colour's name over it, the holes numbered (outside the U), START and
    FINISH under it (as the board prints them), and the horse in play: in its hole, or under START."""
    x0 = 40 + seat * 120
    bottom = TOP + up * GAP
    names = COLOURS[seat % len(COLOURS)]
    name = both_text(names["fr"], names["en"], "tspan")
    parts = [f'<text x="{x0 + ACROSS / 2}" y="{TOP - 20}" class="px-num px-horse-name">{name}</text>']
    for hole in range(1, holes + 1):
        x, y = _hole_xy(hole, up, holes, x0)
        ref = "px-trap" if hole in traps else SYMBOL_ID
        outside = -1 if hole <= up else 1
        parts.append(f'<use xlink:href="#{ref}" x="{x - 10:.1f}" y="{y - 10:.1f}" width="20" height="20"/>'
                     f'<text x="{x + outside * 13:.1f}" y="{y + 4:.1f}" class="px-num px-hole-num '
                     f'px-{"end" if outside < 0 else "start"}">{hole}</text>')
    parts.append(f'<text x="{x0}" y="{bottom + 40}" class="px-num">START</text>'
                 f'<text x="{x0 + ACROSS}" y="{bottom + 40}" class="px-num">FINISH</text>')
    colour = HORSE_COLOURS[seat % 2]
    hx, hy = _hole_xy(player["hole"], up, holes, x0) if player["hole"] else (x0, bottom + 4)
    parts.append(f'<g class="px-rider" transform="translate({hx:.1f} {hy:.1f})"><circle r="9" fill="{colour}"/>'
                 f'<text dy="4">{player["horses_left"]}</text></g>')
    return parts


def board_svg(position: dict[str, Any], label: str) -> str:
    board = position["board"]
    holes, up, traps = board["holes"], board["up"], set(board["traps"])
    height = TOP + up * GAP + 50
    parts = [f'<svg viewBox="0 0 260 {height}" role="img" aria-label="{escape(label)}" class="px-board px-horses">']
    for seat, player in enumerate(position["players"]):
        parts.extend(_track(seat, player, holes, up, traps))
    parts.append("</svg>")
    return "".join(parts)


paper_board_svg = board_svg  # paper prints the whole board beside an example's steps


def board_label(position: dict[str, Any], lang: str) -> str:
    """Each player's horse in play, in the scoreboard's words ("au départ", "trou 7", "arrivé"), and
    the horses left: the stable is no hole ("hole 0" is the program's, not the board's)."""
    fr = lang == "fr"
    holes = position["board"]["holes"]

    def player(p: dict[str, Any]) -> str:
        where = _in_play(p, holes)[lang]
        left = "" if p["ruined"] else f", {plural(p['horses_left'], *HORSES[lang], lang)}"
        return f"{COLOURS[p['seat']][lang]}{' :' if fr else ':'} {where}{left}"
    return (" ; " if fr else "; ").join(player(p) for p in position["players"])  # French spaces the semicolon


def assess(game: Game) -> Assessment | None:
    return None  # the odds are the page's (chevaux_odds.py), not each step's


def scoreboard(game: Game) -> Scoreboard:
    """Each player's horses home (legs won in the race in legs), the horse in play, the horses left."""
    position = observe(game.state)
    holes = position["board"]["holes"]
    legs = "chevaux.legs-start" in game.state.options  # the readings of the race in legs apply to it alone
    columns = (SCORE_WORDS["player"], SCORE_WORDS["home"], SCORE_WORDS["in_play"], SCORE_WORDS["left"])
    rows = tuple((dict(COLOURS[p["seat"] % len(COLOURS)]), figure(_home(p, holes, legs)), _in_play(p, holes),
                  figure(p["horses_left"])) for p in position["players"])
    return Scoreboard(columns, rows, note=leg_note(position["leg"]) if legs and not position["finished"] else None)


def _home(player: dict[str, Any], holes: int, legs: bool) -> int:
    """Horses home: a point a leg in the race in legs; in the race of one leg, the horse at FINISH."""
    return int(player["points"]) if legs else int(player["hole"] >= holes)


def _in_play(player: dict[str, Any], holes: int) -> Words:
    if player["ruined"]:
        return SCORE_WORDS["ruined"]
    return dict(SCORE_WORDS["start"]) if player["hole"] == 0 else hole_words(player["hole"], holes)


def heat_svg(shares: dict[int, float], label: str) -> str | None:
    """No board of its own for where pieces stop: the numbers page charts them by space instead."""
    return None


# What the form says of its odds, in both languages ("{refusal}": the engine's sentence; live.mjs)
ODDS_SAID = {
    "busy": {"en": "Still computing the last board: one moment.",
             "fr": "Calcul du dernier plateau en cours : un instant."},
    "computing": {"en": "Computing the exact odds…", "fr": "Calcul des chances exactes…"},
    "starting": {"en": "Getting the game engine ready, then computing the exact odds…",
                 "fr": "Préparation du moteur de jeu, puis calcul des chances exactes…"},
    "kept": {"en": "The odds shown are still the last ones.", "fr": "Les chances affichées restent les dernières."},
    "refused": {"en": "This board was refused: {refusal}.", "fr": "Ce plateau est refusé : {refusal}."},
    "restored": {"en": "Back to the board of the box, and its odds.",
                 "fr": "Retour au plateau de la boîte, et à ses chances."},
    "reset": {"en": "Defaults", "fr": "Valeurs par défaut"},
}


def odds_figure() -> str:
    """The exact odds for the default board, and a form to edit the board: the view's live figure "odds"
    (LIVE), which the page's script (live.mjs) asks the engine to compute again."""
    board = DEFAULT_BOARD
    traps = ", ".join(str(t) for t in board["traps"])  # type: ignore[attr-defined]

    def field(name: str, attributes: str) -> str:
        """A field's words in one span (the label's grid puts them above the input, on one line)."""
        words = both_text(BOARD_FIELDS[name]["fr"], BOARD_FIELDS[name]["en"])
        return f'<label><span>{words}</span> <input name="{name}" {attributes}></label>'
    return (
        f'<div class="px-odds-box px-live" id="px-odds" data-game="{GAME}" data-figure="odds" '
        f'data-words="{escape(json.dumps(ODDS_SAID, ensure_ascii=False))}">'
        '<form class="px-live-form" hidden>'
        + field("holes", f'type="number" min="2" max="40" value="{board["holes"]}"')
        + field("up", f'type="number" min="1" max="39" value="{board["up"]}"')
        + field("traps", f'value="{traps}" inputmode="numeric" data-list')
        + f'<button type="submit">{both_text("Recalculer", "Recompute")}</button>'
        '<p class="px-status" aria-live="polite"></p></form>'
        f'<div class="px-live-result">{odds_html(board)}</div></div>')


# The game's own figures, which its pages show by name ({{ game_figure("chevaux", "odds") }})
FIGURES: Mapping[str, Callable[[], str]] = {"odds": odds_figure}
# and those a reader recomputes from a form (live.py: the board edited, its exact odds)
LIVE: Mapping[str, LiveFigure] = {"odds": odds_answer}
