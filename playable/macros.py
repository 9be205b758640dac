"""mkdocs-macros module: pages call these at build time; they ask the engine itself."""

from __future__ import annotations

import json
import posixpath
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url

from parcours import all_games
from parcours.core import typeset
from parcours.interface import GameRules, box_name, boxes_of
from parcours.options import CONFIDENCE, Option, OptionValue
from parcours_view.film import Links
from parcours_view.play import PLAY_BOT
from parcours_view.registry import VIEWS

from . import data_check
from .archive import render_collation, render_edition, render_editions, render_sources
from .citation import Build, build_stamp, page_title
from .data_check import anchor
from .numbers_page import render_numbers
from .pages import PRINTED, article_links, page_of, printed_file, printed_pages, rules_pages, source_relative
from .rulebook import render_printed, render_rules
from .sources import DataError


def _rulesets_table(lang: str, docs: Path, here: str, codes: bool = False) -> str:
    """The races the engine knows, each by its name in words, linked to the article that defines it
    (here: the Markdown file being rendered, from docs/). The scenario format's reference (codes)
    adds the ruleset id a scenario writes; a player count with equal ends is one number."""
    fr = lang == "fr"
    name, code, *rest = (["Course", "Identifiant", "Joueurs", "Équipes", "Boîtes"] if fr
                         else ["Race", "Ruleset id", "Players", "Teams", "Boxes"])
    words = [name, *([code] if codes else []), *rest]
    rows = ["| " + " | ".join(words) + " |", "|" + "---|" * len(words)]
    yes, no = ("oui", "non") if fr else ("yes", "no")
    for game, rules in all_games().items():
        page = page_of(rules_pages(game, data_check.rulebook(docs, game).data))
        for rid, race in rules.RACES.items():
            link = f"{posixpath.relpath(page[race.article], posixpath.dirname(here))}#{anchor(race.article)}"
            boxes = ", ".join(box_name(box, lang) for box, races in boxes_of(rules).items() if rid in races)
            players = (str(race.min_players) if race.min_players == race.max_players
                       else f"{race.min_players}\u2060–\u2060{race.max_players}")  # word joiners: one line
            cells = [f"[{escape(race.name[lang])}]({link})"] + ([f"`{rid}`"] if codes else []) + [
                players, yes if race.team else no, boxes or "—"]
            rows.append("| " + " | ".join(cells) + " |")
    return typeset("\n".join(rows), lang)


def _games_table(lang: str, docs: Path) -> str:
    """The games the engine knows (the registry), each linked to its page by its name (its edition's,
    else its page's title), with who published it where the edition says so, its date, and what the
    site holds of it, counted from its data: its edition (and numbered boxes), its rules pages, worked
    examples, exact odds, Play."""
    fr = lang == "fr"
    rows = ["| Jeu | Date | Ici |" if fr else "| Game | Date | Here |", "|---|---|---|"]
    for game, rules in all_games().items():
        edition = data_check.editions(docs, game)
        facts: dict[str, Any] = edition.data["game"] if edition else {}
        title = _game_name(docs, game, lang)
        who = [f"*{facts['periodical']}*" if facts.get("periodical") else "",
               _in(facts.get("publisher"), lang), _in(facts.get("country"), lang)]
        date = str(facts.get("year") or "—")
        pages = rules_pages(game, data_check.rulebook(docs, game).data)
        examples = len(list((docs / game / "examples").glob("*.yml")))
        here = [*([("édition et boîtes numérotées" if fr else "edition and numbered boxes") if boxes_of(rules)
                   else ("édition" if fr else "edition")] if edition else []),
                (f"règles sur {len(pages)} pages" if fr else f"rules on {len(pages)} pages") if len(pages) > 1
                else ("règles" if fr else "rules"),
                f"{examples} exemples commentés" if fr else f"{examples} worked examples",
                *([("chances exactes" if fr else "exact odds")] if VIEWS[game].EXACT_EXPLAINED else []),
                ("partie contre des robots" if fr else "play against bots") if rules.DECISIONS and rules.BOTS
                else ("partie" if fr else "play")]
        name = ", ".join([f"[{title}]({game}/index.md)", *(w for w in who if w)])
        rows.append(f"| {name} | {date} | {', '.join(here)} |")
    return typeset("\n".join(rows), lang)


def _game_name(docs: Path, game: str, lang: str) -> str:
    """A game's name as the site lists it: its edition's, else its page's title (Markdown-safe text)."""
    edition = data_check.editions(docs, game)
    name = edition.data["game"].get("name") if edition else None
    return _in(name, lang) or escape(page_title(docs / game / "index.md")[lang], quote=False)


def _play_games(lang: str, docs: Path, here: str) -> str:
    """The Play page's games, a Markdown list from the registry: each game's name (as the home page's
    table names it) linked to its page, then its races by name (here: the Markdown file rendered)."""
    items = []
    for game, rules in all_games().items():
        link = posixpath.relpath(f"{game}/index.md", posixpath.dirname(here) or ".")
        races = [escape(race.name[lang], quote=False) for race in rules.RACES.values()]
        comma = "\u00a0; " if lang == "fr" else "; "  # names that hold a colon or a comma are set apart more
        comma = comma if any(":" in race or "," in race for race in races) else ", "
        listed = races[0] if len(races) == 1 else (
            comma.join(races[:-1]) + (" et " if lang == "fr" else " and ") + races[-1])
        items.append(f"- [{_game_name(docs, game, lang)}]({link}){' :' if lang == 'fr' else ':'} {listed}")
    return typeset("\n".join(items), lang)


def _in(value: object, lang: str) -> str:
    """A fact of an edition in a language: one for both, or its words in each (a cell's text: its
    apostrophes as written, as the pages' names are checked, tests/test_terms.py)."""
    if isinstance(value, dict):
        return escape(str(value[lang]), quote=False)
    return escape(str(value), quote=False) if value else ""


def _options_table(lang: str, game: str, docs: Path, here: str) -> str:
    """All readings of a game's rules (game="all": every game), each linking to its note and its
    article on the rules page that prints them (here: the Markdown file being rendered, from docs/).
    A rules page says them in words; the scenario format's reference (every game) adds the codes a
    scenario writes."""
    codes = game == "all"
    fr = lang == "fr"
    words = (["Question", "Article", "Le choix par défaut repose sur", "Par défaut", "Autres lectures"] if fr
             else ["Question", "Article", "The default rests on", "Default", "Other readings"])
    head = (["Option"] if codes else []) + words
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    games = all_games() if codes else {game: all_games()[game]}
    for name, rules in games.items():
        rulebook = data_check.rulebook(docs, name).data
        page = page_of(rules_pages(name, rulebook))
        noted = {note["option"]: section["id"] for section in rulebook["sections"]
                 for note in section.get("notes") or [] if note.get("option")}

        def link(section: str, target: str, page: dict[str, str] = page) -> str:
            return f"{posixpath.relpath(page[section], posixpath.dirname(here))}#{target}"

        for oid, option in rules.OPTIONS.items():
            def value(v: OptionValue, option: Option = option) -> str:
                if codes:
                    return f"`{v}`"
                return str(v) if isinstance(v, int) else escape(option.labels[v][lang])

            others = ", ".join(value(v) for v in option.values if v != option.default) or "—"
            if option.number_range:  # a number: the others are the range it may take
                low, high = option.number_range
                others = f"de {low} à {high}" if fr else f"{low} to {high}"
            article = option.article if codes else rules.article_label(option.article, lang)
            article = f"[{f'`{article}`' if codes else article}]({link(option.article, anchor(option.article))})"
            note = link(noted.get(oid, option.article), "option-" + oid.replace(".", "-"))
            question = escape(option.question[lang])
            cells = ([f"[`{oid}`]({note})", question] if codes else [f"[{question}]({note})"]) + [
                article, CONFIDENCE[option.confidence][lang], value(option.default), others]
            rows.append("| " + " | ".join(cells) + " |")
    return typeset("\n".join(rows), lang)


def _play_bot(rules: GameRules) -> dict[str, str] | None:
    """The name in words of the bot that decides for the Play page's bots in a game (None: the
    game asks no decision, its bots only throw)."""
    return dict(rules.BOT_NAMES[PLAY_BOT]) if rules.DECISIONS and PLAY_BOT in rules.BOTS else None


def _play_bot_words(lang: str) -> str:
    """The Play page's bot as its introduction names it, quoted: « Anticipation » (its names, if the
    games call it differently)."""
    names = list(dict.fromkeys(name[lang] for rules in all_games().values() if (name := _play_bot(rules))))
    quoted = [f"« {name} »" if lang == "fr" else f"“{name}”" for name in names]
    return typeset(f" {'ou' if lang == 'fr' else 'or'} ".join(quoted), lang)


def _race_option(rid: str, race: Any, links: Links, rules: GameRules) -> str:
    """One race of the Play page's menu, with what the page needs of its game: its players, where the
    steps' article links lead (its rules pages), where the game names them (GameRules.SEAT_COLOURS:
    the Ronde's riders are colours) its seats, and the bot that decides for its bots, with its name."""
    data = f'data-min="{race.min_players}" data-max="{race.max_players}" data-links="{escape(_json(links))}"'
    if rules.SEAT_COLOURS:
        data += f' data-seats="{escape(_json(list(rules.SEAT_COLOURS[:race.max_players])))}"'
    bot = _play_bot(rules)
    if bot:
        data += f' data-bot="{PLAY_BOT}" data-bot-fr="{escape(bot["fr"])}" data-bot-en="{escape(bot["en"])}"'
    words = f'{escape(race.name["fr"])} · {escape(race.name["en"])}'
    return f'<option value="{rid}" {data} {_words_attributes(race.name)}>{words}</option>'


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _words_attributes(words: dict[str, str], attribute: str = "text") -> str:
    """An element whose text (or attribute) only lang.mjs can give the reader's language: both languages."""
    return f'data-px-fr="{escape(words["fr"])}" data-px-en="{escape(words["en"])}" data-px-words="{attribute}"'


def _both(fr: str, en: str) -> str:
    """A text in both languages, French first, each marked with its own (the build's hook marks the " · ")."""
    return f'<span lang="fr">{typeset(fr, "fr")}</span> · <span lang="en">{en}</span>'


def _url_of(docs: Path, use_directory_urls: bool) -> Callable[[str], str]:
    """A Markdown file's site URL (file: from docs/)."""
    def url_of(file: str) -> str:
        if not (docs / file).is_file():
            raise ValueError(f"{file}: no such page in {docs}")
        return File(file, str(docs), "", use_directory_urls).url
    return url_of


def _play_form(docs: Path, page_url: str, url_of: Callable[[str], str]) -> str:
    """The Play page's form: play.mjs (playable/assets) starts a race from it."""
    races = []
    for game, rules in all_games().items():
        links = article_links(rules_pages(game, data_check.rulebook(docs, game).data), page_url, url_of)
        races += [_race_option(rid, race, links, rules) for rid, race in rules.RACES.items()]
    return (
        '<form class="px-play-form" id="px-play-form">'
        f'<label>{_both("Course", "Race")} <select name="ruleset">{"".join(races)}</select></label>'
        f'<label>{_both("Joueurs", "Players")} <input name="players" type="number" min="2" max="12" value="3"></label>'
        f'<fieldset class="px-humans"><legend>{_both("Qui joue ?", "Who plays?")}</legend>'
        '<p class="px-hint">' + _both("Cochez les places tenues par des personnes ; les autres sont des robots.",
                                      "Tick the seats played by people; the others are bots.") +
        '</p><div class="px-seats"></div></fieldset>'
        f'<button type="submit">{_both("Nouvelle course", "New race")}</button></form>'
        f'<noscript><p>{_both("La page Jouer a besoin de JavaScript.", "The Play page needs JavaScript.")}'
        '</p></noscript>'
        '<div class="px-example px-game" id="ex-play" hidden></div>')


def _game_figure(game: str, name: str) -> str:
    """A game's own figure (its view's FIGURES: the horse race's odds, the Ronde's course)."""
    figures = VIEWS[game].FIGURES
    if name not in figures:
        raise DataError(f"game_figure: {game} has no figure {name!r} (its figures: {', '.join(figures) or 'none'})")
    return figures[name]()


# A printable page's language choice, in words
PRINT_CHOICES = {"fr": ("en français", "in French"), "en": ("en anglais", "in English"),
                 "both": ("en français et en anglais", "in French and English")}


def _print_links(docs: Path, game: str, here: str, url_of: Callable[[str], str]) -> str:
    """The game's page's links to its printable rulebook: each printable page (the Ronde's are three)
    in each language choice, under a heading of their own (here: the game's page's site URL)."""
    printed = printed_pages(rules_pages(game, data_check.rulebook(docs, game).data))
    items = []
    for name, pages in printed.items():
        links = ", ".join(f'<a href="{get_relative_url(url_of(printed_file(game, name, lang)), here)}">'
                          f"{_both(fr, en)}</a>" for lang, (fr, en) in PRINT_CHOICES.items())
        titles = [page.title for page in pages if page.title]
        part = ""
        if len(printed) > 1 and titles:
            fr, en = (" + ".join(t[lang] for t in titles).capitalize() for lang in ("fr", "en"))
            part = f"<strong>{_both(fr, en)}</strong><br>"  # a heading of its own: no colon doubled across languages
        items.append(f"<li>{part}{links}</li>")
    fr = typeset("Le règlement, nos notes et les exemples commentés, joués jusqu'au bout, mis en pages pour le "
                 "papier : à imprimer, ou à enregistrer en PDF depuis le navigateur.", "fr")
    en = ("The rules, our notes and the worked examples, played out, laid out for paper: to print, or to save as a "
          "PDF from the browser.")
    return (f'## {_both("Le règlement à imprimer", "The rules to print")} {{ #print }}\n\n'
            f'<div class="px-bi" markdown>\n<p lang="fr">{fr}</p>\n<p lang="en">{en}</p>\n</div>\n\n'
            f'<ul class="px-print-links">{"".join(items)}</ul>\n')


def _print_page(env: Any, docs: Path, game: str, build: Build, url_of: Callable[[str], str]) -> str:
    """A printable rulebook in the language choice its page's front matter says (`print: fr`, `en` or
    `both`: overrides/main.html applies it before the first paint); which one, its file's name says
    (print-level-2-fr.md: the printable page print-level-2, pages.printed_pages)."""
    here = _source(env.page)
    lang = (env.page.meta or {}).get("print")
    if lang not in PRINTED:
        raise DataError(f"{here}: a printable page says its language in its front matter, print: "
                        f"{' or '.join(PRINTED)} (got {lang!r})")
    folder, file = posixpath.split(here)
    name = file.removesuffix(".md").removesuffix(PRINTED[lang])
    if folder != game or printed_file(game, name, lang) != here:
        raise DataError(f"{here}: not a printable page of {game} in the language its front matter says ({lang})")
    # the page's language choice, for lang.mjs on instant navigation (the theme's script reads the front matter)
    marker = f'<div class="px-print" data-px-print="{lang}" hidden></div>\n'
    return marker + render_printed(docs, game, name, lang, env.conf["site_url"], build, url_of)


def _source(page: Any) -> str:
    """The Markdown file being rendered, from docs/ (as veldiv/rules.md): MkDocs' page has it as
    page.file.src_uri, Zensical's (which runs this module too) as page.path."""
    file = getattr(page, "file", None)
    return str(file.src_uri if file is not None else page.path)


def define_env(env: Any) -> None:
    docs = Path(env.project_dir, env.conf["docs_dir"])  # Zensical keeps docs_dir as written, relative

    def macro(fn: Callable[..., str], name: str) -> None:
        """A macro whose raw HTML links are written relative to the page's URL. MkDocs leaves raw HTML
        as it is; Zensical reads its links relative to the Markdown file (its page has no .file), so
        there they are written relative to the file, for the same address."""
        def call(*args: Any, **kwargs: Any) -> str:
            out = fn(*args, **kwargs)
            page = env.page
            return out if getattr(page, "file", None) is not None else source_relative(out, page.url, page.path)
        env.macro(call, name)

    macro(lambda lang, codes=False: _rulesets_table(lang, docs, _source(env.page), codes), "rulesets_table")
    macro(lambda lang: _games_table(lang, docs), "games_table")
    macro(lambda lang: _play_games(lang, docs, _source(env.page)), "play_games")
    url_of = _url_of(docs, env.conf["use_directory_urls"])
    macro(lambda lang, game: _options_table(lang, game, docs, _source(env.page)), "options_table")
    macro(lambda: _play_form(docs, env.page.url, url_of), "play_form")
    macro(_play_bot_words, "play_bot")
    macro(_game_figure, "game_figure")
    build = build_stamp(docs.parent)
    macro(lambda game: render_rules(docs, game, (_source(env.page), env.conf["site_url"] + env.page.url),
                                    build, url_of), "rules_page")
    macro(lambda game: _print_links(docs, game, env.page.url, url_of), "print_links")
    macro(lambda game: _print_page(env, docs, game, build, url_of), "print_page")
    macro(lambda game: render_editions(docs, game), "editions_page")
    macro(lambda game: render_edition(docs, game), "edition_page")
    macro(lambda game: render_collation(docs, game), "collation_table")
    macro(lambda game: render_sources(docs, game), "sources_list")
    macro(lambda game: render_numbers(docs, game, url_of(_source(env.page)), url_of), "numbers_page")
