"""The Play page's one call to the engine: a race replayed from its record, then bots playing on.

The browser keeps the race as a scenario (every die and every decision written out), so that a
permalink is just that scenario. Each call replays it (fast: nothing is drawn for the steps the
page already shows), lets the bots play their turns if asked, and renders only the new steps,
with the same renderer as the worked examples (film.py). Standard library only: it ships in
the engine's wheel and runs in Pyodide.

Hidden hands (the Ronde): given `humans`, the board shows a person only his own hand. With one
person, always his; with several at one screen, the hand of the person asked to move, and none
while the bots play; with bots only, every hand (nobody to hide it from). The need of a bot's
decision goes out without its choices (they could tell a bot's cards).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from parcours import Dice, Game, Scenario, ScenarioError, all_races, parse
from parcours.core import quoted, refusal, typeset_words
from parcours.narrate import plural
from parcours.scenario import Step, loads_json

from .boards import accessible_name
from .film import board_labels, links_of, start_frame, step_frame
from .interface import Scoreboard, Words, figure
from .registry import view_of

MAX_BOT_MOVES = 500  # bot moves in one call: the page asks again for more
PLAY_BOT = "search"  # the bot that decides for the Play page's bots, in every game that has it
FRAME_KEYS = ("item", "dice", "sides", "turn", "finished")
SCORE_CAPTION: Words = {"fr": "Tableau de marque", "en": "Scoreboard"}
RESULTS_CAPTION: Words = {"fr": "Résultats", "en": "Results"}
PLACE: Words = {"fr": "Place", "en": "Place"}


def play(request: object) -> dict[str, Any]:
    """Replay `scenario` strictly (every scripted die and choice must be used), let the bots play.

    request: {"scenario": {...}, "links": "../veldiv/rules/#" (film.Links), "since": frames the page shows,
              "bots": {"seats": [1, 2], "name": "search", "seed": 123, "moves": 1},   (bots optional)
              "humans": [0],   (optional: the seats people play, to hide the others' hands)
              "undo": true}    (optional: the record shortened to before the last move of a person)
    answer:  {"frames": the frames from `since` on (the board and label only on the last), "since" (after an
              undo, the frames kept but the last, the first sent again), "count": all frames,
              "need", "finished", "winner", "dice", "choices" (the record, bots' moves added),
              "bot_moves", "scoreboard", "symbols" (when since is 0)}
    """
    if not isinstance(request, dict):
        raise ScenarioError("request", "expected a mapping with scenario, links and since",
                            fr="attendu : un dictionnaire avec scenario, links et since")
    scenario = parse(request.get("scenario"))
    links = links_of(request.get("links", "#"))
    since = request.get("since", 0)
    if isinstance(since, bool) or not isinstance(since, int) or since < 0:
        raise ScenarioError("since", f"expected a number of frames, got {quoted(since, 'en')}",
                            fr=f"attendu : un nombre d'images, reçu {quoted(since, 'fr')}")
    humans = _humans(request.get("humans"), scenario.players)
    undo = request.get("undo", False)
    if not isinstance(undo, bool):
        raise ScenarioError("undo", f"expected true or false, got {quoted(undo, 'en')}",
                            fr=f"attendu : true ou false, reçu {quoted(undo, 'fr')}")
    if undo:
        scenario, since = _undone(scenario, humans or [])
    game = Game(scenario)
    view = view_of(scenario.ruleset)
    team = all_races()[scenario.ruleset].team

    def step_seen(step: Step) -> dict[str, Any]:
        """A step's frame, lean, as the people at the screen may see it."""
        frame = _lean(step_frame(game, step, team, links, draw=False), step)
        return _hush(frame, humans, view.ASKED_OF_HOLDERS)

    script, record = Dice(scenario.dice), iter(scenario.choices)  # strictly the record: no seed, no random dice
    frames: list[dict[str, Any]] = []
    if since == 0:
        frames.append(_lean(start_frame(game, team, links, draw=False)))
    steps = list(game.advance(script, record, max(since - 1, 0)))  # those the page shows already: not drawn
    for step in game.advance(script, record, words=True):
        steps.append(step)
        frames.append(step_seen(step))
    count = 1 + len(steps)
    used_choices = sum(step.asked.kind == "choice" for step in steps)
    left = game.need()
    if script.unused:
        waits = ("the race is over" if left is None
                 else f"the rules wait for a decision of player {left.seat + 1}" if left.kind == "choice"
                 else f"the next throw takes {plural(left.count, 'die', 'dice')}")
        attend = ("la course est finie" if left is None
                  else f"la règle attend une décision du joueur {left.seat + 1}" if left.kind == "choice"
                  else f"le prochain lancer prend {plural(left.count, 'dé', 'dés', 'fr')}")
        raise ScenarioError(f"dice[{script.used}]", f"{plural(script.unused, 'die', 'dice')} too many: {waits}",
                            fr=f"{plural(script.unused, 'dé', 'dés', 'fr')} de trop : {attend}")
    if used_choices < len(scenario.choices):
        waits = "the race is over" if left is None else f"the rules wait for a throw of player {left.seat + 1}"
        attend = "la course est finie" if left is None else f"la règle attend un lancer du joueur {left.seat + 1}"
        extra = plural(len(scenario.choices) - used_choices, "decision", "decisions")
        extra_fr = plural(len(scenario.choices) - used_choices, "décision", "décisions", "fr")
        raise ScenarioError(f"choices[{used_choices}]", f"{extra} too many: {waits}",
                            fr=f"{extra_fr} de trop : {attend}")
    if since > count:
        raise ScenarioError("since", f"the race has {count} frames, not {since}",
                            fr=f"la course compte {count} images, pas {since}")

    dice, choices = list(scenario.dice), list(scenario.choices)
    bot_moves = _bots(game, request.get("bots"), dice, choices, frames, step_seen)
    count += bot_moves
    position = _seen(game, humans)
    if frames:  # the last frame is the position now: drawn once, as the person may see it
        frames[-1]["label"] = board_labels(position)
        frames[-1]["board"] = view.board_svg(position, accessible_name(frames[-1]["label"]))
    shown = position["need"]
    if shown is not None and humans is not None and shown["seat"] not in humans:
        shown = {**shown, "choices": [], "labels": {}}  # a bot's choices, even in words, could tell its cards
    out: dict[str, Any] = {
        "frames": frames, "count": count, "need": shown, "finished": game.finished,
        "winner": position["winner"], "dice": dice, "choices": choices, "bot_moves": bot_moves,
        "since": since, "scoreboard": scoreboard_json(view.scoreboard(game), position),
    }
    if since == 0:
        out["symbols"] = view.symbols()
    return out


def _undone(scenario: Scenario, humans: list[int]) -> tuple[Scenario, int]:
    """The record shortened to before the last move of a person (the bots' replies after it go too),
    and how many steps it keeps: the page keeps its frames up to that one and is sent it again."""
    game = Game(scenario)
    dice = choices = 0
    cut: tuple[int, int, int] | None = None
    for kept, step in enumerate(game.advance(Dice(scenario.dice), scenario.choices)):
        if step.asked.seat in humans:
            cut = (dice, choices, kept)
        if isinstance(step.played, str):
            choices += 1
        else:
            dice += len(step.played)
    if cut is None:
        raise ScenarioError("undo", "no move of a person to undo", fr="aucun coup d'une personne à annuler")
    dice, choices, kept = cut
    return dataclasses.replace(scenario, dice=scenario.dice[:dice], choices=scenario.choices[:choices]), kept


def scoreboard_json(board: Scoreboard, position: dict[str, Any]) -> dict[str, Any]:
    """The score as the page shows it: in the running order when the game has one, at the end in the
    engine's ranking with each place; otherwise in seat order. Every cell in both languages."""
    finished = bool(position["finished"] and position["ranking"])
    places = ({seat: place for place, seat in enumerate(position["ranking"], 1)} if finished
              else dict(enumerate(board.places)) if board.places is not None else None)
    seats = sorted(range(len(board.rows)), key=lambda seat: (places[seat], seat)) if places else range(len(board.rows))
    return {
        "caption": RESULTS_CAPTION if finished else SCORE_CAPTION,
        "columns": [typeset_words(w) for w in ([PLACE] if places else []) + list(board.columns)],
        "rows": [{"seat": seat, "cells": [typeset_words(w) for w in ([figure(places[seat])] if places else [])
                                          + list(board.rows[seat])]}
                 for seat in seats],
        "name_column": 1 if places else 0, "note": board.note and typeset_words(board.note), "final": finished,
    }


def _bots(game: Game, spec: object, dice: list[int], choices: list[str], frames: list[dict[str, Any]],
          step_seen: Callable[[Step], dict[str, Any]]) -> int:
    """The bots' turns in a row, at most `moves`: their dice from random.Random(seed), their decisions
    from the engine's bot of that name."""
    if spec is None:
        return 0
    if not isinstance(spec, dict):
        raise ScenarioError("bots", "expected a mapping with seats, name, seed and moves",
                            fr="attendu : un dictionnaire avec seats, name, seed et moves")
    seats, name, seed, limit = spec.get("seats", []), spec.get("name", PLAY_BOT), spec.get("seed"), spec.get("moves", 1)
    if not isinstance(seats, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
        raise ScenarioError("bots.seats", "expected a list of seats", fr="attendu : une liste de places")
    if not isinstance(name, str):
        raise ScenarioError("bots.name", "expected a bot's name", fr="attendu : le nom d'un robot")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ScenarioError("bots.seed", f"expected a whole number, got {quoted(seed, 'en')}",
                            fr=f"attendu : un nombre entier, reçu {quoted(seed, 'fr')}")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ScenarioError("bots.moves", f"expected a number of moves, got {quoted(limit, 'en')}",
                            fr=f"attendu : un nombre de coups, reçu {quoted(limit, 'fr')}")
    rules = game.rules
    bot = rules.BOTS.get(name)
    rng = random.Random(seed)

    def bot_to_move() -> bool:
        need = game.need()
        return need is not None and need.seat in seats

    def decisions() -> Iterator[str]:  # read by the loop only when a decision is asked
        while (need := game.need()) is not None:
            if bot is None:
                known = ", ".join(rules.BOTS) or "none"
                known_fr = ", ".join(rules.BOTS) or "aucun"
                raise ScenarioError("bots.name", f"no bot {quoted(name, 'en')} makes decisions in {rules.GAME} "
                                    f"(known: {known})",
                                    fr=f"aucun robot {quoted(name, 'fr')} ne décide dans {rules.GAME} "
                                       f"(connus : {known_fr})")
            yield str(bot(game.state, need, rng))

    if not bot_to_move():
        return 0
    moves = 0
    for step in game.advance(BotDice(rng), decisions(), min(limit, MAX_BOT_MOVES), words=True):
        if isinstance(step.played, str):
            choices.append(step.played)
        else:
            dice.extend(step.played)
        frames.append(step_seen(step))
        moves += 1
        if not bot_to_move():
            break
    return moves


class BotDice:
    """The bots' dice: as many as asked, from the same generator as their decisions."""

    used = 0  # no script: a bot's faces are never out of range

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def available(self, count: int) -> bool:
        return True

    def throw(self, sides: int = 6) -> int:
        return self.rng.randint(1, sides)


def _hush(frame: dict[str, Any], humans: list[int] | None, asked_of_holders: frozenset[str]) -> dict[str, Any]:
    """A step as the people at the screen may see it. What a bot was asked is shown without its
    choices (they could tell its cards); a bot passing in a decision asked only of players holding
    a card (an out-of-turn window) would tell that it holds one: the page must not say who passed
    (the step stays, empty, so that frames and steps keep in line)."""
    if humans is None or frame["seat"] is None or frame["seat"] in humans:
        return frame
    if frame.get("decision") in asked_of_holders and frame.get("choice") == "pass":
        return {key: frame[key] for key in FRAME_KEYS} | {"seat": None}
    return frame | {"asked": {**frame["asked"], "choices": [], "labels": {}}}


def _lean(frame: dict[str, Any], step: Step | None = None) -> dict[str, Any]:
    """What the page needs of a frame: its step, who moved and how (the board: play() adds it to the last)."""
    out = {key: frame[key] for key in FRAME_KEYS}
    out["seat"] = None if step is None else step.asked.seat
    if step is not None and isinstance(step.played, str):
        out["choice"] = step.played
        out["decision"] = step.asked.decision
        if step.words is not None:
            out["choice_label"] = step.words
    if step is not None:
        out |= step.to_json()
    return out


def _humans(spec: object, players: int) -> list[int] | None:
    if spec is None:
        return None
    if not isinstance(spec, list) or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players
                                             for s in spec) or len(set(spec)) != len(spec):
        raise ScenarioError("humans", f"expected distinct seats from 0 to {players - 1}, got {quoted(spec, 'en')}",
                            fr=f"attendu : des places distinctes de 0 à {players - 1}, reçu {quoted(spec, 'fr')}")
    return sorted(spec)


def visible_hands(humans: list[int] | None, need: dict[str, Any] | None) -> set[int] | None:
    """The seats whose hand the screen may show (None: every hand)."""
    if not humans:
        return None  # a worked example, or bots only: nobody's hand to hide
    if len(humans) == 1:
        return {humans[0]}
    if need is not None and need["seat"] in humans:
        return {need["seat"]}
    return set()


def _seen(game: Game, humans: list[int] | None) -> dict[str, Any]:
    """The position as the people at the screen may see it (-1: a seat nobody holds, only what is public)."""
    need = game.need()
    seats = visible_hands(humans, need.to_json() if need is not None else None)
    return game.position(None if seats is None else next(iter(seats), -1))


def play_json(request_json: str) -> str:
    """Entry point for the browser's worker: JSON in, JSON out, errors as a sentence in each language."""
    try:
        return json.dumps(play(loads_json(request_json, "request")), ensure_ascii=False, separators=(",", ":"))
    except (ScenarioError, ValueError) as err:
        return json.dumps({"error": refusal(err)}, ensure_ascii=False)
