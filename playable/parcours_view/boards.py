"""Which drawing shows a position: one board per game, from the engine's own data."""

from __future__ import annotations

from typing import Any

from parcours import all_races
from parcours.narrate import plural
from parcours.cdp import DEFAULT_TRACK, TRACK_SQUARES
from parcours.veldiv import START_LINE
from parcours.veldiv import TRACK_SQUARES as VELDIV_SQUARES

from . import ronde_board as ronde
from .ronde_board import ronde_board, ronde_label
from .stable import horse_board, horse_symbol
from .track import Oval, colour

VELDIV = Oval("px-veldiv-track", VELDIV_SQUARES, START_LINE)
CDP = Oval("px-cdp-track", TRACK_SQUARES, DEFAULT_TRACK["red_line"],
           ((DEFAULT_TRACK["yellow_line"], "px-line-yellow"),))


def symbols(game: str) -> str:
    """The shared drawings a page about this game needs, once per page."""
    inner = {"veldiv": VELDIV.symbol, "cdp": CDP.symbol, "chevaux": horse_symbol, "ronde": ronde.symbols}[game]()
    return f'<svg class="px-defs" aria-hidden="true" focusable="false">{inner}</svg>'


def board_svg(ruleset: str, position: dict[str, Any], label: str) -> str:
    game = ruleset.split(".", 1)[0]
    if game == "veldiv":
        team = all_races()[ruleset].team
        pieces = [(r["square"], f"{seat + 1}{'ab'[i] if team else ''}", colour(seat),
                   "px-rider px-b" if team and i == 1 else "px-rider")
                  for seat, riders in enumerate(position["riders"]) for i, r in enumerate(riders)
                  if isinstance(r["square"], int)]
        return VELDIV.board(pieces, label)
    if ruleset == "cdp.velocita":
        pieces = [((p - 1) % TRACK_SQUARES + 1 if p else TRACK_SQUARES, str(seat + 1), colour(seat), "px-rider")
                  for seat, p in enumerate(position["pos"])]
        return CDP.board(pieces, label)
    if ruleset == "cdp.mezzofondo":
        pieces = []
        for t in position["teams"]:
            pieces.append((t["derny_square"], f"D{t['seat'] + 1}", colour(t["seat"]), "px-rider px-derny"))
            pieces.append((t["rider_square"], str(t["seat"] + 1), colour(t["seat"]), "px-rider"))
        return CDP.board(pieces, label)
    if game == "ronde":
        return ronde_board(position, label)
    return horse_board(position, label)


def board_label(position: dict[str, Any], lang: str) -> str:
    """The position in words, for screen readers and the caption."""
    fr = lang == "fr"
    sep = " ; " if fr else "; "  # French puts a space before the semicolon
    ruleset = position["ruleset"]
    if ruleset.startswith("veldiv."):
        parts = []
        for seat, riders in enumerate(position["riders"]):
            squares = [str(r["square"]) if r["square"] is not None else "—" for r in riders]
            joined = (" et " if fr else " and ").join(squares)
            parts.append(f"joueur {seat + 1} : case {joined}" if fr else f"player {seat + 1}: square {joined}")
        return sep.join(parts)
    if ruleset.startswith("ronde."):
        return ronde_label(position, lang)
    if ruleset == "cdp.velocita":
        sprint = (" ; sprint lancé" if fr else "; sprint on") if position["sprint"] else ""
        return sep.join((f"coureur {s + 1} : {plural(p, 'case parcourue', 'cases parcourues', lang)}" if fr
                          else f"rider {s + 1}: {plural(p, 'square', 'squares', lang)} ridden")
                         for s, p in enumerate(position["pos"])) + sprint
    if ruleset == "cdp.mezzofondo":
        return sep.join((f"équipe {t['seat'] + 1} : coureur case {t['rider_square']}, derny case {t['derny_square']}"
                          if fr else f"team {t['seat'] + 1}: rider on {t['rider_square']}, derny on {t['derny_square']}")
                         for t in position["teams"])
    names = ("Rouge", "Bleu") if fr else ("Red", "Blue")
    return sep.join((f"{names[p['seat']]} : trou {p['hole']}, {plural(p['horses_left'], 'cheval', 'chevaux', lang)}"
                      if fr else f"{names[p['seat']]}: hole {p['hole']}, {plural(p['horses_left'], 'horse', 'horses', lang)}")
                     for p in position["players"])
