"""What the page can add to a position beyond the rules: the solved odds, where a game has them."""

from __future__ import annotations

from html import escape
from typing import Any

from parcours import Game
from parcours.cdp.velocita_solver import advice, chances


def assess(game: Game) -> dict[str, Any] | None:
    """Velocità is solved: each rider's chance under best play, and the best choice at a decision."""
    if game.scenario.ruleset != "cdp.velocita":
        return None
    p0 = chances(game.state)
    need = game.need()
    decision = need is not None and need.kind == "choice"
    best = advice(game.state, need.choices) if need is not None and decision else None
    words = game.rules.choice_words(game.state, need)[best] if need is not None and best is not None else None
    return {"chances": [round(p0, 4), round(1 - p0, 4)], "best": best, "best_words": words, "decision": decision}


def assessment_html(found: dict[str, Any] | None, lang: str) -> str:
    if not found:
        return ""
    a, b = (f"{100 * p:.1f} %".replace(".", ",") if lang == "fr" else f"{100 * p:.1f}%" for p in found["chances"])
    text = (f"Chances, chacun jouant au mieux : coureur 1 {a}, coureur 2 {b}." if lang == "fr"
            else f"Chances with best play from here: rider 1 {a}, rider 2 {b}.")
    if found["best"] is not None:
        words = found["best_words"][lang]
        best = escape(words[:1].lower() + words[1:])  # the button's words, within a sentence
        text += f" Le meilleur choix ici : {best}." if lang == "fr" else f" The best choice here: {best}."
    elif found["decision"]:
        text += " Ici, tous les choix se valent." if lang == "fr" else " Here every choice is worth the same."
    return f'<p class="px-odds">{text}</p>'
