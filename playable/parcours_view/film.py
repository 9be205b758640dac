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
    stopped: str = "end"  # why the film ends: end (of the race), dice, choices (of the script), budget
    # (MAX_FRAMES), or diverged (lenient: the script's next move does not fit the race as replayed)
    refused: dict[str, str] | None = None  # the move asked for, refused: why, in each language (frames unchanged)
    diverged: dict[str, str] | None = None  # where and why the script stopped applying, in each language
    kept: dict[str, list[Any]] | None = None  # lenient: the dice and choices played (the rest no longer apply)
    paper: str | None = None  # with film(paper=True): the last position's board as a printed example draws it

    def to_json(self) -> str:
        """What the browser's worker answers: the film, without the board for paper."""
        data = asdict(self)
        del data["paper"]
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def film(data: object, links: Links = "#", move: object = None, lenient: bool = False, paper: bool = False) -> Film:
    """Replay a scenario mapping; one frame for the start and one per throw or decision. Each frame
    says what was asked (a decision with its words) and what was played.

    With `move` ({"dice": [faces]} or {"choice": "..."}), that move is then played where the
    scenario stops, as a reader plays on: if the rules refuse it, `refused` says why in both
    languages and the frames are those of the scenario alone.
    `lenient` (a worked example replayed under another reading): the script is played as far as it
    still fits the race; where its next throw or decision does not, the film stops there and says so
    in `diverged`, `kept` holding the dice and choices played.
    """
    played = None if move is None else _move(move)
    try:
        scenario = parse(data)
        game = Game(scenario)
    except ScenarioError:
        if not lenient or not isinstance(data, dict) or not isinstance(data.get("ruleset"), str):
            raise
        # the set-up does not fit the reading (lenient: a sound example under another reading): no frame
        return Film(data["ruleset"], refused=UNFIT_START)
    out = Film(scenario.ruleset)
    dice = Dice(scenario.dice, scenario.seed)
    team = all_races()[scenario.ruleset].team
    out.frames.append(start_frame(game, team, links))
    # a seeded race may be long: the page says where it stops (the start is a frame too)
    try:
        for step in game.advance(dice, scenario.choices, MAX_FRAMES - 1, words=True):
            out.frames.append(step_frame(game, step, team, links))
    except ScenarioError:
        if not lenient:
            raise
        game.stopped = "diverged"
        out.diverged = _diverged(game, len(out.frames))
    if lenient:
        out.kept = {"dice": [f for kind, move in game.record if kind == "dice" for f in move],
                    "choices": [move for kind, move in game.record if kind == "choice"]}
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
    if paper:
        view = view_of(scenario.ruleset)
        out.paper = view.paper_board_svg(position, accessible_name(out.frames[-1]["label"]))
    return out


def film_json(scenario_json: str, links_json: str = '"#"', move_json: str | None = None,
              lenient: bool = False) -> str:
    """Entry point for the browser's worker: JSON in, JSON out, errors as a sentence in each language."""
    try:
        move = None if move_json is None else loads_json(move_json, "move")
        links = links_of(loads_json(links_json, "links"))
        return film(loads_json(scenario_json, "scenario"), links, move, lenient is True).to_json()
    except (ScenarioError, ValueError) as err:
        return json.dumps({"error": refusal(err)}, ensure_ascii=False)


UNFIT_START = {"fr": "Cette lecture ne peut pas s'appliquer à cet exemple : sa position de départ n'est pas "
                      "possible selon elle. L'exemple reste selon la lecture d'avant.",
               "en": "This reading cannot apply to this example: its starting position is not possible under it. "
                     "The example stays under the reading it had."}


def _diverged(game: Game, step: int) -> dict[str, str]:
    """Where the example's own moves stop fitting the race as now replayed, in a sentence each language
    (never a move's code: the example's move may have no words in this position)."""
    need = game.need()
    if need is not None and need.kind == "dice":
        return {"fr": f"À l'étape {step}, le lancer de l'exemple ne convient plus : selon cette lecture, on lance ici "
                      f"{'un' if need.count == 1 else need.count} D{need.sides}. La suite est à vous.",
                "en": f"At step {step}, the example's throw no longer fits: under this reading, "
                      f"{'a' if need.count == 1 else need.count} D{need.sides} {'is' if need.count == 1 else 'are'} "
                      "thrown here. Play on from here."}
    return {"fr": f"À l'étape {step}, l'exemple faisait un choix que cette lecture n'offre pas ici. "
                  "La suite est à vous : choisissez ci-dessous.",
            "en": f"At step {step}, the example made a choice this reading does not offer here. "
                  "Play on from here: choose below."}


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
    for cite, said in _runs(events, lang, team):
        label = escape(article_label(cite, lang))
        link = f'<a class="px-cite" href="{escape(article_href(links, cite))}">{label}</a>'
        # an article the sentence names is its link; else the link follows it (cited once either way)
        named = _names(said, label)
        inline = link.replace('class="px-cite"', 'class="px-cite px-cite-in"')
        linked = f"{said[:named.start()]}{inline}{said[named.end():]}" if named else f"{said} {link}"
        items.append(f'<li data-cite="{cite}">{linked}</li>')
    return f'<ul class="px-events">{"".join(items)}</ul>'


def _names(said: str, label: str) -> re.Match[str] | None:
    return re.search(re.escape(label) + r"(?!\w)", said)


def _runs(events: list[Event], lang: str, team: bool) -> list[tuple[str, str]]:
    """The step's sentences (escaped) with their article. Sentences that follow one another under one
    article are one item, cited once at its end; a sentence naming its article stands alone (its words
    are the link)."""
    runs: list[tuple[str, str, bool]] = []  # (article, sentences, open to the next sentence)
    for e in events:
        said = escape(sentence(e, lang, team))
        alone = _names(said, escape(article_label(e.cite, lang))) is not None
        if runs and runs[-1][0] == e.cite and runs[-1][2] and not alone:
            runs[-1] = (e.cite, f"{runs[-1][1]} {said}", True)
        else:
            runs.append((e.cite, said, not alone))
    return [(cite, said) for cite, said, _ in runs]
