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

import json
import random
from typing import Any

from parcours import Game, ScenarioError, all_races, game_of, parse
from parcours.core import refusal
from parcours.narrate import plural
from parcours.scenario import loads_json

from .boards import board_label, board_svg, symbols
from .film import LANGS, _frame

MAX_BOT_MOVES = 500  # bot moves in one call: the page asks again for more
FRAME_KEYS = ("item", "dice", "sides", "turn", "finished")


def play(request: object) -> dict[str, Any]:
    """Replay `scenario` strictly (every scripted die and choice must be used), let the bots play.

    request: {"scenario": {...}, "prefix": "../veldiv/rules/#", "since": frames the page shows,
              "bots": {"seats": [1, 2], "name": "search", "seed": 123, "moves": 1},   (bots optional)
              "humans": [0]}   (optional: the seats people play, to hide the others' hands)
    answer:  {"frames": the frames from `since` on (the board and label only on the last), "count": all frames,
              "need", "finished", "winner", "dice", "choices" (the record, bots' moves added),
              "bot_moves", "symbols" (when since is 0)}
    """
    if not isinstance(request, dict):
        raise ScenarioError("request", "expected a mapping with scenario, prefix and since")
    scenario = parse(request.get("scenario"))
    prefix = request.get("prefix", "#")
    if not isinstance(prefix, str):
        raise ScenarioError("prefix", "expected the rules page's address")
    since = request.get("since", 0)
    if isinstance(since, bool) or not isinstance(since, int) or since < 0:
        raise ScenarioError("since", f"expected a number of frames, got {since!r}")
    humans = _humans(request.get("humans"), scenario.players)
    game = Game(scenario)
    team = all_races()[scenario.ruleset].team
    dice, choices = list(scenario.dice), list(scenario.choices)
    frames: list[dict[str, Any]] = []
    count = 1
    if since == 0:
        frames.append(_lean(_frame(game, game.events, [], team, prefix, start=True, draw=False), None, ""))

    used_dice = used_choices = 0
    while (need := game.need()) is not None:
        if need.kind == "dice":
            if used_dice + need.count > len(dice):
                break
            faces = dice[used_dice:used_dice + need.count]
            try:
                events = game.throw(faces)
            except ScenarioError as err:
                raise ScenarioError(f"dice[{used_dice}]", err.problem, fr=err.problem_fr) from None
            used_dice += need.count
            choice = words = None
        else:
            if used_choices >= len(choices):
                break
            choice = choices[used_choices]
            words = _words(game, need, choice) if count >= since else None
            try:
                events = game.choose(choice)
            except ScenarioError as err:
                raise ScenarioError(f"choices[{used_choices}]", err.problem, fr=err.problem_fr) from None
            used_choices += 1
            faces = []
        if count >= since:
            frames.append(_hush(_lean(_frame(game, events, faces, team, prefix, sides=need.sides, draw=False),
                                      need.seat, need.decision, choice, words), humans))
        count += 1
    left = game.need()
    if used_dice < len(dice):
        waits = ("the race is over" if left is None
                 else f"the rules wait for a decision of player {left.seat + 1}" if left.kind == "choice"
                 else f"the next throw takes {plural(left.count, 'die', 'dice')}")
        raise ScenarioError(f"dice[{used_dice}]", f"{plural(len(dice) - used_dice, 'die', 'dice')} too many: {waits}")
    if used_choices < len(choices):
        waits = "the race is over" if left is None else f"the rules wait for a throw of player {left.seat + 1}"
        extra = plural(len(choices) - used_choices, "decision", "decisions")
        raise ScenarioError(f"choices[{used_choices}]", f"{extra} too many: {waits}")
    if since > count:
        raise ScenarioError("since", f"the race has {count} frames, not {since}")

    bot_moves = _bots(game, request.get("bots"), dice, choices, frames, team, prefix, humans)
    count += bot_moves
    position = _seen(game, humans)
    if frames:  # the last frame is the position now: drawn once, as the person may see it
        frames[-1]["board"] = board_svg(scenario.ruleset, position, board_label(position, "en"))
        frames[-1]["label"] = {lang: board_label(position, lang) for lang in LANGS}
    shown = position["need"]
    if shown is not None and humans is not None and shown["seat"] not in humans:
        shown = {**shown, "choices": [], "labels": {}}  # a bot's choices, even in words, could tell its cards
    out: dict[str, Any] = {
        "frames": frames, "count": count, "need": shown, "finished": game.finished,
        "winner": position["winner"], "dice": dice, "choices": choices, "bot_moves": bot_moves,
    }
    if since == 0:
        out["symbols"] = symbols(scenario.ruleset.split(".", 1)[0])
    return out


def _bots(game: Game, spec: object, dice: list[int], choices: list[str], frames: list[dict[str, Any]],
          team: bool, prefix: str, humans: list[int] | None = None) -> int:
    """The bots' turns in a row, at most `moves`: their dice from random.Random(seed), their decisions
    from the engine's bot of that name."""
    if spec is None:
        return 0
    if not isinstance(spec, dict):
        raise ScenarioError("bots", "expected a mapping with seats, name, seed and moves")
    seats, name, seed, limit = spec.get("seats", []), spec.get("name", "search"), spec.get("seed"), spec.get("moves", 1)
    if not isinstance(seats, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
        raise ScenarioError("bots.seats", "expected a list of seats")
    if not isinstance(name, str):
        raise ScenarioError("bots.name", "expected a bot's name")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ScenarioError("bots.seed", f"expected a whole number, got {seed!r}")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ScenarioError("bots.moves", f"expected a number of moves, got {limit!r}")
    rules = game_of(game.scenario.ruleset)
    bot = rules.BOTS.get(name)
    rng = random.Random(seed)
    moves = 0
    while moves < min(limit, MAX_BOT_MOVES) and (need := game.need()) is not None and need.seat in seats:
        if need.kind == "dice":
            faces = [rng.randint(1, need.sides) for _ in range(need.count)]
            events = game.throw(faces)
            dice.extend(faces)
            choice = words = None
        else:
            if bot is None:
                known = ", ".join(rules.BOTS) or "none"
                raise ScenarioError("bots.name", f"no bot {name!r} makes decisions in {rules.GAME} (known: {known})")
            choice = str(bot(game.state, need, rng))
            words = _words(game, need, choice)
            events = game.choose(choice)
            choices.append(choice)
            faces = []
        frames.append(_hush(_lean(_frame(game, events, faces, team, prefix, sides=need.sides, draw=False),
                                  need.seat, need.decision, choice, words), humans))
        moves += 1
    return moves


def _words(game: Game, need: Any, choice: str) -> dict[str, str] | None:
    """A decision in words, from the position where it is made (an illegal choice: None, and
    game.choose refuses it)."""
    return game.rules.choice_words(game.state, need).get(choice)


OUT_OF_TURN = ("counter", "spring", "passed", "kwak")  # only players holding such a card are asked


def _hush(frame: dict[str, Any], humans: list[int] | None) -> dict[str, Any]:
    """A bot passing in an out-of-turn window is asked only because it holds the card: the page
    must not say who passed (the step stays, empty, so that frames and steps keep in line)."""
    if humans is None or frame.get("decision") not in OUT_OF_TURN or frame.get("choice") != "pass":
        return frame
    if frame["seat"] in humans:
        return frame
    return {key: frame[key] for key in FRAME_KEYS} | {"seat": None}


def _lean(frame: dict[str, Any], seat: int | None, decision: str, choice: str | None = None,
          words: dict[str, str] | None = None) -> dict[str, Any]:
    """What the page needs of a frame: its step, who moved and how (the board: play() adds it to the last)."""
    out = {key: frame[key] for key in FRAME_KEYS}
    out["seat"] = seat
    if choice is not None:
        out["choice"] = choice
        out["decision"] = decision
        if words is not None:
            out["choice_label"] = words
    return out


def _humans(spec: object, players: int) -> list[int] | None:
    if spec is None:
        return None
    if not isinstance(spec, list) or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players
                                             for s in spec) or len(set(spec)) != len(spec):
        raise ScenarioError("humans", f"expected distinct seats from 0 to {players - 1}, got {spec!r}")
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
