"""The `parcours` command: replay a scenario, play a race, simulate many.

Everything it prints goes through `_say` or `_print_json`, which escape whatever a file could have put
there (core.printable). Exit status: 0, 2 for bad input (one line on standard error), 130 on Ctrl-C,
and 141 when standard output is closed early (`parcours … | head -1`), as a Unix tool killed by SIGPIPE
reports, with nothing on standard error.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from collections.abc import Iterator
from typing import Any, NoReturn, TextIO

from .core import ScenarioError, french_number, number_words, printable, quoted, typeset
from .games import all_games, all_races, default_options
from .narrate import choice_words, sentence
from .options import OptionValue
from .report import compare_lines, stats_lines
from .scenario import MAX_TEXT, Game, Scenario, loads, parse, play, result
from .simulate import Summary, simulate
from .stats import compare, run

_A_RULESET = next(iter(all_races()))  # the first game's first race, the help's example

MAX_RACES = 1_000_000  # simulate -n: beyond this a run takes days; Ctrl-C stops any run cleanly
CLOSED_PIPE = 128 + 13  # 141: the status a shell reports for a tool that SIGPIPE ended


class _Parser(argparse.ArgumentParser):
    """argparse's errors, as every other error: one line, exit 2."""

    def error(self, message: str) -> NoReturn:
        raise ScenarioError(self.prog.removeprefix("parcours").strip() or "parcours", message,
                            fr=f"commande mal formée (« {message} »)")


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser().parse_args(argv)
        code = int(args.run(args))
        sys.stdout.flush()  # here, where a closed pipe is caught, rather than at exit
        return code
    except ScenarioError as err:
        lang = _lang(sys.argv[1:] if argv is None else argv)
        _say(typeset(f"parcours{' ' if lang == 'fr' else ''}: {err.words()[lang]}", lang), sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return CLOSED_PIPE


def _silence_stdout() -> None:
    """The reader has gone (`| head -1`): what is left in the buffer goes nowhere, instead of failing
    again when Python flushes it at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no file descriptor (a StringIO, in tests): nothing is flushed at exit
        pass


def _say(text: str, file: TextIO | None = None) -> None:
    """Print the engine's lines; whatever a file put in them (a name, a value) is escaped (core.printable)."""
    print("\n".join(printable(line) for line in text.split("\n")), file=file or sys.stdout)


def _print_json(data: Any) -> None:
    """JSON as the engine orders it (the same bytes every run: no set's order in it, see scenario.parse),
    every character a terminal would not show as itself escaped (\\u001b)."""
    print(printable(json.dumps(data, ensure_ascii=False, indent=1), json=True))


def _lang(argv: list[str]) -> str:
    """The language a refusal is printed in: --lang's, read even when the command line is refused."""
    for i, arg in enumerate(argv):
        if arg == "--lang=fr" or (arg == "--lang" and argv[i + 1:i + 2] == ["fr"]):
            return "fr"
    return "en"


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="parcours", description="Historical dice race games, rule by rule.")
    sub = parser.add_subparsers(required=True, metavar="COMMAND")

    rp = sub.add_parser("replay", help="replay a scenario file (JSON or YAML) and explain each step")
    rp.add_argument("file", help="scenario file, or - for standard input")
    rp.add_argument("--lang", choices=("fr", "en"), default="en")
    rp.add_argument("--json", action="store_true", help="print the final position as JSON")
    rp.set_defaults(run=_replay)

    pl = sub.add_parser("play", help="play a whole race in the terminal")
    _race_args(pl)
    pl.add_argument("--seed", type=int, default=None)
    pl.add_argument("--human", default="", help="comma-separated seats played by people (e.g. 0,2)")
    pl.add_argument("--lang", choices=("fr", "en"), default="en")
    pl.set_defaults(run=_play)

    sm = sub.add_parser("simulate", help="simulate many races and print statistics")
    _race_args(sm)
    sm.add_argument("-n", "--count", type=int, default=1000)
    sm.add_argument("--seed", type=int, default=0)
    sm.add_argument("--json", action="store_true")
    sm.add_argument("--bots", default="", help="comma-separated bot per seat, for games with decisions")
    sm.add_argument("--lang", choices=("fr", "en"), default="en")
    sm.set_defaults(run=_simulate)

    st = sub.add_parser("stats", help="many races measured: wins and places by seat, length, the game's figures")
    _race_args(st)
    _measure_args(st, 1000)
    st.set_defaults(run=_stats)

    cp = sub.add_parser("compare", help="the same races under every value of an option, side by side")
    cp.add_argument("ruleset", help=f"e.g. {_A_RULESET}")
    cp.add_argument("--players", type=int, required=True)
    cp.add_argument("--option", required=True, metavar="ID", help="the option whose values are compared")
    cp.add_argument("--values", default="", help="comma-separated values to compare with the default "
                                                 "(default: every value; a few of a number's range)")
    _measure_args(cp, 2000)
    cp.set_defaults(run=_compare)

    ls = sub.add_parser("rulesets", help="list the rulesets, their options and the boxes")
    ls.add_argument("--json", action="store_true")
    ls.set_defaults(run=_rulesets)
    return parser


def _race_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("ruleset", help=f"e.g. {_A_RULESET}")
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--option", action="append", default=[], metavar="ID=VALUE", help="set an interpretation")


def _measure_args(p: argparse.ArgumentParser, races: int) -> None:
    p.add_argument("-n", "--count", type=int, default=races, help=f"races (default {races:,})")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", default="", help="comma-separated bot per seat, for games with decisions")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=("fr", "en"), default="en")


def _value(text: str) -> int | str:
    return int(text) if re.fullmatch(r"-?[0-9]{1,18}", text) else text  # not '²', nor 5,000 digits


def _options(args: argparse.Namespace) -> dict[str, Any]:
    given: dict[str, Any] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            raise ScenarioError(f"--option {item}", "expected ID=VALUE", fr="attendu : ID=VALEUR")
        given[key] = _value(value)
    return given


def _scenario_from_args(args: argparse.Namespace, seed: int | None) -> Scenario:
    data: dict[str, Any] = {"ruleset": args.ruleset, "players": args.players, "options": _options(args)}
    if seed is not None:
        data["seed"] = seed
    return parse(data)


def _replay(args: argparse.Namespace) -> int:
    name = "<stdin>" if args.file == "-" else args.file
    data = loads(_read(args.file, name), name)
    scenario = _parse_example(data) if _is_example(data) else parse(data)
    game, dice, unused_choices = play(scenario)
    if args.json:
        _print_json(result(game, dice, unused_choices))
        return 0
    _print_steps(game, args.lang, sys.stdout)
    _say(_status(game, args.lang, dice.unused))
    return 0


def _is_example(data: object) -> bool:
    """A worked example's file (docs/<game>/examples/*.yml): its article, title and explanation, and
    its scenario under `scenario`."""
    return isinstance(data, dict) and "article" in data and "scenario" in data


def _parse_example(data: dict[str, Any]) -> Scenario:
    """A worked example's scenario, a refusal naming its field from the file's top (scenario.dice[0])."""
    try:
        return parse(data["scenario"])
    except ScenarioError as err:
        raise ScenarioError(f"scenario.{err.where}", err.problem, fr=err.problem_fr) from None


def _read(path: str, name: str) -> str:
    """A scenario file's text: UTF-8, and not larger than a scenario can be."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read(4 * MAX_TEXT + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(4 * MAX_TEXT + 1)
    except OSError as err:
        raise ScenarioError(name, err.strerror or "cannot be read",
                            fr=f"illisible (« {err.strerror} »)" if err.strerror else "illisible") from None
    if len(data) > 4 * MAX_TEXT:
        raise ScenarioError(name, f"too large (more than {4 * MAX_TEXT:,} bytes)",
                            fr=f"trop volumineux (plus de {french_number(4 * MAX_TEXT)} octets)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise ScenarioError(f"{name}:{line}", f"not UTF-8 text (byte {err.start + 1})",
                            fr=f"pas du texte UTF-8 (octet {err.start + 1})") from None


def _print_steps(game: Game, lang: str, out: TextIO, first: int = 0) -> None:
    team = all_races()[game.scenario.ruleset].team
    for number, step in enumerate(game.steps[first:], start=first + 1):
        for i, event in enumerate(step):
            prefix = f"{number:>4}. " if i == 0 else "      "
            out.write(printable(f"{prefix}{sentence(event, lang, team)}  [{event.cite}]") + "\n")


def _status(game: Game, lang: str, unused: int) -> str:
    need = game.need()
    if need is None:
        line = "Course terminée." if lang == "fr" else "Race over."
    elif need.kind == "choice":
        line = (f"Plus de choix : la course s'arrête sur une décision du joueur {need.seat + 1} "
                f"({', '.join(need.choices)})." if lang == "fr" else
                f"No choices left: the replay stops at a decision of player {need.seat + 1} "
                f"({', '.join(need.choices)}).")
    else:
        line = ("Plus de dés : la course s'arrête ici." if lang == "fr"
                else "No dice left: the replay stops here.")
    if unused:
        line += (f" ({unused} dé inutilisé)" if unused == 1 else f" ({unused} dés inutilisés)") if lang == "fr" \
            else (" (1 unused die)" if unused == 1 else f" ({unused} unused dice)")
    return typeset(line, lang)


def _play(args: argparse.Namespace) -> int:
    """A race in the terminal on the engine's one replay loop: people throw (Enter) and decide at
    the prompt, bots decide for the other seats; quitting ends the loop as a script that ran out."""
    scenario = _scenario_from_args(args, None)
    humans = _seats(args.human, scenario.players)
    rng = random.Random(args.seed)
    game = Game(scenario)
    _print_steps(game, args.lang, sys.stdout)
    for _ in game.advance(_TableDice(game, humans, rng, args.lang), _decisions(game, humans, rng, args.lang)):
        _print_steps(game, args.lang, sys.stdout, len(game.steps) - 1)
    if game.stopped != "end":
        _say("Partie abandonnée." if args.lang == "fr" else "Game abandoned.")
    return 0


class _TableDice:
    """The dice of a race at the terminal: a person's throw waits for Enter (or q to quit)."""

    def __init__(self, game: Game, humans: set[int], rng: random.Random, lang: str) -> None:
        self.game, self.humans, self.rng, self.lang = game, humans, rng, lang
        self.used = 0

    def available(self, count: int) -> bool:
        need = self.game.need()
        if need is None or need.seat not in self.humans:
            return True
        die = f"D{need.sides} " if need.sides != 6 else ""
        return _ask(need.seat, self.lang, [], die + _hand(self.game, need.seat, self.lang)) is not None

    def throw(self, sides: int = 6) -> int:
        self.used += 1
        return self.rng.randint(1, sides)


def _decisions(game: Game, humans: set[int], rng: random.Random, lang: str) -> Iterator[str]:
    """Each decision as it is asked: a person's at the prompt (none: they quit), a bot's otherwise."""
    bot = next(iter(game.rules.BOTS.values()), None)
    while (need := game.need()) is not None:
        if need.seat in humans:
            words = choice_words(game.rules, game.state, need) if need.kind == "choice" else {}
            choice = _ask(need.seat, lang, [(c, words[c][lang]) for c in need.choices], _hand(game, need.seat, lang))
            if choice is None:
                return
        else:
            assert bot is not None, "a game with decisions has bots"
            choice = bot(game.state, need, rng)
        yield choice


def _seats(spec: str, players: int) -> set[int]:
    """--human 0,2: the seats people play."""
    seats = {s.strip() for s in spec.split(",") if s.strip()}
    if any(not re.fullmatch(r"[0-9]{1,2}", s) or int(s) >= players for s in seats):
        raise ScenarioError("--human", f"expected seats from 0 to {players - 1}, separated by commas, "
                                       f"got {quoted(spec, 'en')}",
                            fr=f"attendu : des places de 0 à {players - 1}, séparées par des virgules, "
                               f"reçu {quoted(spec, 'fr')}")
    return {int(s) for s in seats}


def _hand(game: Game, seat: int, lang: str) -> str:
    """A card game's private hand, shown to its own player only (at his own prompt)."""
    hands = game.position(seat).get("hands")
    if not hands:
        return ""
    cards = ", ".join(hands[seat]) or ("aucune carte" if lang == "fr" else "no cards")
    return typeset(f"[{'votre main :' if lang == 'fr' else 'your hand:'} {cards}] ", lang)


def _ask(seat: int, lang: str, choices: list[tuple[str, str]], context: str = "") -> str | None:
    """Enter to throw, or the number of a choice (each shown in words); None to quit. A wrong answer
    is asked again."""
    if context:
        _say(context)
    if choices:
        sep = " : " if lang == "fr" else ": "
        listed = ", ".join(f"{k}{sep}{words}" for k, (_, words) in enumerate(choices, 1))
        prompt = (f"Joueur {seat + 1}, choisissez ({listed} ; q pour quitter) : " if lang == "fr"
                  else f"Player {seat + 1}, choose ({listed}; q to quit): ")
    else:
        prompt = (f"Joueur {seat + 1}, Entrée pour lancer (q pour quitter) : " if lang == "fr"
                  else f"Player {seat + 1}, press Enter to throw (q to quit): ")
    prompt = printable(typeset(prompt, lang))
    while True:
        try:
            answer = input(prompt).strip()
        except EOFError:
            return None
        if answer.lower() in ("q", "quit"):
            return None
        if not choices:
            return answer
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            return choices[int(answer) - 1][0]
        _say(f"Tapez un nombre de 1 à {len(choices)}." if lang == "fr" else f"Type a number from 1 to {len(choices)}.")


def _check_count(count: int) -> None:
    if not 1 <= count <= MAX_RACES:
        raise ScenarioError("-n", f"expected 1 to {MAX_RACES:,} races, got {quoted(count, 'en')}",
                            fr=f"attendu : de 1 à {french_number(MAX_RACES)} courses, reçu {quoted(count, 'fr')}")


def _stats(args: argparse.Namespace) -> int:
    """Many races on the seeded streams of stats.py, in words or as JSON (no progress bar with --json)."""
    scenario = _scenario_from_args(args, None)
    _check_count(args.count)
    bots = _bots(scenario, args.bots)
    bar = _progress_bar(args.count) if not args.json and sys.stderr.isatty() else None
    result = run(scenario.ruleset, scenario.players, args.count, args.seed, scenario.options, bots, bar)
    if bar is not None:
        sys.stderr.write("\n")
    _print_figures(result.to_json(), stats_lines(result, args.lang), args.json, args.lang)
    return 130 if result.interrupted else 0


def _compare(args: argparse.Namespace) -> int:
    """Every value of one option on the same races, with the paired differences and a verdict."""
    scenario = parse({"ruleset": args.ruleset, "players": args.players})
    _check_count(args.count)
    bots = _bots(scenario, args.bots)
    values = [_value(v.strip()) for v in args.values.split(",") if v.strip()] or None
    bar = _progress_bar(args.count) if not args.json and sys.stderr.isatty() else None
    result = compare(scenario.ruleset, scenario.players, args.option, args.count, args.seed, values, bots, bar)
    if bar is not None:
        sys.stderr.write("\n")
    _print_figures(result.to_json(), compare_lines(result, args.lang), args.json, args.lang)
    return 130 if result.stats[0].interrupted else 0


def _print_figures(data: dict[str, Any], lines: list[str], as_json: bool, lang: str) -> None:
    if as_json:
        _print_json(data)
    else:
        _say(typeset("\n".join(lines), lang))


def _simulate(args: argparse.Namespace) -> int:
    scenario = _scenario_from_args(args, None)
    _check_count(args.count)
    bar = _progress_bar(args.count) if args.count >= 2000 and sys.stderr.isatty() else None
    summary = simulate(scenario.ruleset, scenario.players, args.count, args.seed, scenario.options, bar,
                       _bots(scenario, args.bots))
    if bar is not None:
        sys.stderr.write("\n")
    if args.json:
        _print_json(summary.to_json())
    else:
        _print_summary(summary, args.lang)
    return 130 if summary.interrupted else 0


def _bots(scenario: Scenario, spec: str) -> list[str]:
    names = [b.strip() for b in spec.split(",") if b.strip()]
    known = scenario.game.BOTS
    if names and len(names) != scenario.players:
        raise ScenarioError("--bots", f"give one bot per seat ({scenario.players})",
                            fr=f"donnez un robot par place ({scenario.players})")
    for name in names:
        if name not in known:
            raise ScenarioError("--bots", f"unknown bot {quoted(name, 'en')} (known: {', '.join(known) or 'none'})",
                                fr=f"robot inconnu : {quoted(name, 'fr')} (connus : {', '.join(known) or 'aucun'})")
    return names


def _progress_bar(total: int) -> Any:
    step = max(1, total // 100)

    def show(done: int) -> None:
        if done % step == 0 or done == total:
            filled = 30 * done // total
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{total}")
            sys.stderr.flush()
    return show


def _print_summary(s: Summary, lang: str = "en") -> None:
    data = s.to_json()
    fr = lang == "fr"

    def say(line: str) -> None:  # each line typeset as its language sets it
        _say(typeset(line, lang))

    if s.interrupted:
        say(f"Interrompu : {s.races} courses terminées sur {s.requested}." if fr
            else f"Interrupted: {s.races} of {s.requested} races completed.")
    if s.races == 0:
        return
    bots = (f" (robots : {', '.join(s.bots)})" if fr else f" (bots: {', '.join(s.bots)})") if s.bots else ""
    races = _plural(s.races, "course", "courses") if fr else _plural(s.races, "race", "races")
    say(f"{races} de {s.ruleset}, {s.players} joueurs{bots}" if fr
        else f"{races} of {s.ruleset}, {s.players} players{bots}")
    for seat, rate in enumerate(data["win_rate"]):
        say(f"  place {seat} : gagne {_pct(rate['rate'], fr)} (IC à 95 % de {_pct(rate['low'], fr)} "
            f"à {_pct(rate['high'], fr)})" if fr else
            f"  seat {seat}: wins {rate['rate']:.1%} (95% CI {rate['low']:.1%} to {rate['high']:.1%})")
    length = data["length"]
    say(f"  lancers par course : min {length['min']}, médiane {length['median']}, "
        f"moyenne {number_words(length['mean'], 'fr', 1)}, max {length['max']}" if fr else
        f"  throws per race: min {length['min']}, median {length['median']}, "
        f"mean {number_words(length['mean'], 'en', 1)}, max {length['max']}")
    say("  articles appliqués (événements qui les citent) :" if fr else "  articles fired (events citing them):")
    for art, count in sorted(s.articles.items(), key=lambda kv: -kv[1]):
        say(f"    {art:<32} {count:>9}")


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _pct(rate: float, fr: bool) -> str:
    return number_words(100 * rate, "fr" if fr else "en", 1, percent=True)


def _rulesets(args: argparse.Namespace) -> int:
    listing: dict[str, Any] = {"rulesets": {}, "options": {}, "articles": []}
    for game in all_games().values():
        for rid, r in game.RACES.items():
            listing["rulesets"][rid] = {"name": r.name, "players": [r.min_players, r.max_players], "team": r.team,
                                        "seat_colours": list(game.SEAT_COLOURS)}
        for oid, o in game.OPTIONS.items():
            listing["options"][oid] = o.to_json() | {"applies": sorted(game.APPLIES[oid])}
        listing["articles"].extend(game.ARTICLES)
        if hasattr(game, "BOXES"):
            listing["boxes"] = {box: list(races) for box, races in game.BOXES.items()}
    if args.json:
        _print_json(listing)
    else:
        for rid, r in all_races().items():
            _say(f"{rid:<32} {r.name['en']} ({r.min_players}-{r.max_players} players)")
    return 0


def defaults(ruleset: str) -> dict[str, OptionValue]:
    return default_options(ruleset)


if __name__ == "__main__":
    sys.exit(main())
