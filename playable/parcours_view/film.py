"""A scenario played out frame by frame: the board and the explained step after every throw."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from html import escape
from typing import Any, TypeAlias

from parcours import Dice, Event, Game, ScenarioError, all_races, parse, sentence
from parcours.core import refusal
from parcours.narrate import article_label
from parcours.scenario import Step, loads_json

from .boards import accessible_name, board_label
from .registry import view_of

LANGS = ("fr", "en")
MAX_FRAMES = 400
MAX_MOVE_DICE = 16  # faces in one throw a reader types: more is no throw of any game

# Where a step's article links lead: a prefix for every article ("#", "../rules/#"), or, for a
# rulebook printed on several pages, the prefix of each article not on the default page ("").
Links: TypeAlias = str | dict[str, str]


@dataclass
class Film:
    ruleset: str
    frames: list[dict[str, Any]] = field(default_factory=list)
    finished: bool = False
    need: dict[str, Any] | None = None  # what the race waits for next: dice, or a player's choice
    winner: int | None = None
    stopped: str = "end"  # why the film ends: end (of the race), dice, choices (of the script), budget (MAX_FRAMES)
    refused: dict[str, str] | None = None  # the move asked for, refused: why, in each language (frames unchanged)

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False, separators=(",", ":"))


def film(data: object, links: Links = "#", move: object = None) -> Film:
    """Replay a scenario mapping; one frame for the start and one per throw or decision. Each frame
    says what was asked (a decision with its words) and what was played.

    With `move` ({"dice": [faces]} or {"choice": "..."}), that move is then played where the
    scenario stops, as a reader plays on: if the rules refuse it, `refused` says why in both
    languages and the frames are those of the scenario alone.
    """
    scenario = parse(data)
    played = None if move is None else _move(move)
    game = Game(scenario)
    dice = Dice(scenario.dice, scenario.seed)
    team = all_races()[scenario.ruleset].team
    out = Film(scenario.ruleset)
    out.frames.append(start_frame(game, team, links))
    # a seeded race may be long: the page says where it stops (the start is a frame too)
    for step in game.advance(dice, scenario.choices, MAX_FRAMES - 1, words=True):
        out.frames.append(step_frame(game, step, team, links))
    if played is not None:
        try:
            out.frames.append(step_frame(game, game.play(played, words=True), team, links))
        except ScenarioError as err:
            out.refused = {"en": err.problem, "fr": err.problem_fr}
    position = game.position()
    out.stopped = game.stopped
    out.finished = game.finished
    out.need = position["need"]  # a decision comes with its words (labels, question)
    out.winner = position["winner"]
    return out


def film_json(scenario_json: str, links_json: str = '"#"', move_json: str | None = None) -> str:
    """Entry point for the browser's worker: JSON in, JSON out, errors as a sentence in each language."""
    try:
        move = None if move_json is None else loads_json(move_json, "move")
        links = links_of(loads_json(links_json, "links"))
        return film(loads_json(scenario_json, "scenario"), links, move).to_json()
    except (ScenarioError, ValueError) as err:
        return json.dumps({"error": refusal(err)}, ensure_ascii=False)


def links_of(value: object) -> Links:
    """Links as a page sends them: a prefix, or a mapping of article ids (and "") to prefixes."""
    if isinstance(value, str) or (isinstance(value, dict) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items())):
        return value
    raise ScenarioError("links", "expected the rules page's address, or one per article",
                        fr="attendu : l'adresse de la page des règles, ou une par article")


def article_href(links: Links, cite: str) -> str:
    """The link to the article a step cites (its anchor is its id, ":" written "-")."""
    prefix = links if isinstance(links, str) else links.get(cite, links.get("", "#"))
    return prefix + cite.replace(":", "-")


def _move(move: object) -> list[int] | str:
    """A reader's move: {"dice": [faces]} or {"choice": "..."} (whether it fits is the rules' to say)."""
    if isinstance(move, dict) and len(move) == 1:
        faces, choice = move.get("dice"), move.get("choice")
        if isinstance(faces, list) and 0 < len(faces) <= MAX_MOVE_DICE:
            return faces
        if isinstance(choice, str):
            return choice
    raise ScenarioError("move", 'expected {"dice": [faces]} or {"choice": "..."}',
                        fr='attendu : {"dice": [faces]} ou {"choice": "..."}')


def start_frame(game: Game, team: bool, links: Links, draw: bool = True) -> dict[str, Any]:
    """The frame before any throw or decision: the starting position (and the set-up's opening step)."""
    return _frame(game, game.events, [], team, links, start=True, draw=draw)


def step_frame(game: Game, step: Step, team: bool, links: Links, draw: bool = True) -> dict[str, Any]:
    """The frame of a step just played: the explained step, what was asked and what was played."""
    faces = [] if isinstance(step.played, str) else list(step.played)
    return _frame(game, step.events, faces, team, links, sides=step.asked.sides, draw=draw) | step.to_json()


def _frame(game: Game, events: list[Event], faces: list[int], team: bool, links: Links,
           start: bool = False, sides: int = 6, draw: bool = True) -> dict[str, Any]:
    """One frame: the explained step and (with `draw`) the board after it."""
    position = game.position()
    view = view_of(game.scenario.ruleset)
    found = view.assess(game)
    labels = board_labels(position)
    html = {lang: _step_html(events, lang, team, links, start) + (found.html[lang] if found else "") for lang in LANGS}
    return {
        "item": step_item(faces, html, sides if faces and view.NAMED_DICE else None),
        "analysis": found.data if found else None,
        "dice": faces,
        "sides": sides if faces else None,
        "cites": sorted({e.cite for e in events}),
        "board": view.board_svg(position, accessible_name(labels)) if draw else None,
        "label": labels if draw else None,
        "html": html,
        "turn": position["turn"],
        "finished": position["finished"],
    }


def board_labels(position: dict[str, Any]) -> dict[str, str]:
    """The position in words, in each language (a board's caption and accessible name)."""
    return {lang: board_label(position, lang) for lang in LANGS}


def step_item(faces: list[int], html: dict[str, str], sides: int | None = None) -> str:
    """The inside of a step's list item, the same on the page and in the live widget. With `sides`
    (games of several dice) the mark says which die was thrown: "D16 13". A screen reader hears the
    die's name, the same in both languages ("D6 3 5"): the others throw only D6."""
    dice = " ".join(str(d) for d in faces)
    if faces and sides:
        mark = (f'<span class="px-dice" data-sides="{sides}" role="img" aria-label="D{sides} {dice}">'
                f'<span class="px-die-size" aria-hidden="true">D{sides} </span>{dice}</span>')
    else:
        mark = f'<span class="px-dice" role="img" aria-label="D6 {dice}">{dice}</span>' if faces else ""
    return f'{mark}<div class="px-step-text"><div lang="fr">{html["fr"]}</div><div lang="en">{html["en"]}</div></div>'


def _step_html(events: list[Event], lang: str, team: bool, links: Links, start: bool) -> str:
    if not events:
        return ("<p>Position de départ.</p>" if lang == "fr" else "<p>Starting position.</p>") if start else ""
    items = []
    for e in events:
        label = escape(article_label(e.cite, lang))
        cite = f'<a class="px-cite" href="{escape(article_href(links, e.cite))}">{label}</a>'
        said = escape(sentence(e, lang, team))
        # an article the sentence names is its link; else the link follows it (cited once either way)
        named = re.search(re.escape(label) + r"(?!\w)", said)
        inline = cite.replace('class="px-cite"', 'class="px-cite px-cite-in"')
        linked = f"{said[:named.start()]}{inline}{said[named.end():]}" if named else f"{said} {cite}"
        items.append(f'<li data-cite="{e.cite}">{linked}</li>')
    return f'<ul class="px-events">{"".join(items)}</ul>'
