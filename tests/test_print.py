"""The printed rulebooks: each game printed as `make pdf` prints it (scripts/print_pdf.py: Chromium's
page.pdf on the built site), and the PDF read back (pypdfium2): a sensible number of sheets, every article's
title in the language choice printed, the other language's titles left out where the original is not in
it, each example's address, and no control of the widgets ("Throw", "Lancer", "Permalink", ...).

Needs, and FAILS (does not skip) without them: Chromium's headless shell (apt-get install
chromium-headless-shell), Playwright, pypdfium2 and
the built site (make build).   Run only these:  pytest tests/test_print.py
"""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from browser_support import load_script, set_up_examples
from parcours import all_games
from playable import data_check
from playable.pages import PRINTED as PRINTED_AS
from playable.pages import printed_pages, rules_pages
from playable.sources import DataError

REPO = Path(__file__).resolve().parent.parent
SITE = REPO / "site"
DOCS = REPO / "docs"

# The widgets' controls, in both languages (example.mjs, links.mjs, Material's heading links): none on paper.
CONTROLS = ["Start", "Début", "Back", "Retour", "Next", "Suivant", "Reset", "Rétablir", "Random throw",
            "Lancer au hasard", "Throw", "Lancer", "Choose", "Choisir", "Your dice", "Vos dés", "Your die",
            "Votre dé", "Permalink", "Lien permanent", "Play from the step shown", "Jouer depuis l'étape affichée",
            "¶"]
# Every game's rulebook, in every language choice (make pdf prints them all).
PRINTED = [(game, lang) for game in all_games() for lang in PRINTED_AS]
# The tests that read a book's PDF, each book's on one worker (make test): it is printed once (PDFS).
BOOKS = [pytest.param(game, lang, id=f"{game}-{lang}", marks=pytest.mark.xdist_group(f"print-{game}-{lang}"))
         for game, lang in PRINTED]


def _load_script() -> Any:
    return load_script("print_pdf")


script = _load_script()


@pytest.fixture
def printer(browser: Any, server: Any) -> tuple[Any, str]:
    """The worker's browser and the built site's address (conftest.py): what make pdf prints with."""
    if not (SITE / "veldiv" / "print-fr" / "index.html").is_file():
        pytest.fail("site/ has no printable rulebook: run make build first", pytrace=False)
    return browser, server.base


PDFS: dict[tuple[str, str], bytes] = {}


def printed_pdf(printer: tuple[Any, str], game: str, lang: str) -> bytes:
    """A game's rulebook printed in a language choice, as make pdf prints it (once a module)."""
    if (game, lang) not in PDFS:
        PDFS[game, lang] = script.print_rulebook(*printer, DOCS, game, lang)
    return PDFS[game, lang]


def print_once(printer: tuple[Any, str], game: str, lang: str) -> tuple[int, str]:
    """A game's rulebook printed in a language choice, as its number of sheets and its text."""
    return read(printed_pdf(printer, game, lang))


# A sheet's margins, in points (parcours.css, @page: 12 mm, the running head and the number in them)
MARGIN_PT = 12 / 25.4 * 72


def sheets(pdf: bytes) -> list[tuple[str, float]]:
    """Each sheet's text, and how far down its body's text reaches (0: none, 1: to the bottom margin)."""
    import pypdfium2 as pdfium  # type: ignore[import-untyped]  # (no type hints of its own)

    out = []
    for page in pdfium.PdfDocument(pdf):
        text, height = page.get_textpage(), page.get_height()
        body = [r for r in (text.get_rect(k) for k in range(text.count_rects()))
                if r[1] > MARGIN_PT and r[3] < height - MARGIN_PT]
        low = min((r[1] for r in body), default=height - MARGIN_PT)
        out.append((words(text.get_text_range()), (height - MARGIN_PT - low) / (height - 2 * MARGIN_PT)))
    return out


def words(text: str) -> str:
    """Text with its spaces (no-break ones too) as one plain space each: a title may wrap; a hyphen
    where a line breaks (an address's), which PDFium reads as U+FFFE, as a hyphen."""
    return " ".join(text.replace("\ufffe", "-").split())


def read(pdf: bytes) -> tuple[int, str]:
    """A PDF's number of sheets and its text (PDFium's)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    return len(document), words(" ".join(page.get_textpage().get_text_range() for page in document))


def article_text(page: Path) -> str:
    """The text a built page's article holds before any script runs (no control: the scripts draw
    them), without its headings' ¶ links."""
    source = page.read_text(encoding="utf-8")
    article = source[source.index("<article"):source.index("</article>")]
    article = re.sub(r'<a class="headerlink"[^>]*>.*?</a>|<template\b.*?</template>', " ", article, flags=re.DOTALL)
    return words(html.unescape(re.sub(r"<[^>]+>", " ", article)))


def controls(text: str, page_text: str) -> list[str]:
    """The controls' labels printed more often than the page's own text says them (a rule may say
    "Throw anyway", a step "Next turn": those are not controls)."""
    def count(label: str, where: str) -> int:
        return len(re.findall(rf"(?<!\w){re.escape(label)}(?!\w)", where))
    return [label for label in CONTROLS if count(label, text) > count(label, page_text)]


def sections(game: str) -> list[dict[str, Any]]:
    return list(data_check.rulebook(DOCS, game).data["sections"])


@pytest.mark.browser
@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_a_rulebook_prints_whole_in_its_language_without_controls(printer: tuple[Any, str], game: str,
                                                                   lang: str) -> None:
    sheets, text = print_once(printer, game, lang)
    titled = sections(game)
    # Each article takes a sheet or so with its notes and its example's board; never a sheet for the
    # whole rulebook, nor several sheets to each article (a board cut off, a blank sheet after each).
    assert len(titled) // 2 <= sheets <= 4 * len(titled), f"{game} {lang}: {sheets} sheets, {len(titled)} articles"
    shown = ["fr", "en"] if lang == "both" else [lang]
    missing = [s["title"][one] for s in titled for one in shown if words(s["title"][one]) not in text]
    assert not missing, f"{game} {lang}: article titles not printed: {missing}"
    printed = " ".join(article_text(SITE / path / "index.html") for path in script.printable(DOCS, game, lang))
    assert not controls(text, printed), f"{game} {lang}: controls printed: {controls(text, printed)}"
    # each worked example's address on its rules page, where it is played
    examples = sorted(path.stem for path in (DOCS / game / "examples").glob("*.yml"))
    unaddressed = [name for name in examples if f"#ex-{name}" not in text.replace(" ", "")]
    assert not unaddressed, f"{game} {lang}: examples printed without their address: {unaddressed}"


@pytest.mark.browser
def test_one_language_leaves_the_other_out(printer: tuple[Any, str]) -> None:
    """The Veldiv's original is French: printed in French, none of our English titles is on paper
    (where they differ from the French); printed in English, they all are."""
    english = [words(s["title"]["en"]) for s in sections("veldiv") if s["title"]["en"] != s["title"]["fr"]
               and len(s["title"]["en"]) > 12]
    assert len(english) >= 5, english
    _, french_only = print_once(printer, "veldiv", "fr")
    assert [t for t in english if t in french_only] == []
    _, english_only = print_once(printer, "veldiv", "en")
    assert [t for t in english if t not in english_only] == []


@pytest.mark.site
def test_every_printable_page_of_every_game_is_built_in_each_language_choice() -> None:
    """make pdf prints them: each game's printable pages (pages.printed_pages), three language choices each."""
    for game in all_games():
        printed = printed_pages(rules_pages(game, data_check.rulebook(DOCS, game).data))
        for lang in ("fr", "en", "both"):
            paths = script.printable(DOCS, game, lang)
            assert len(paths) == len(printed)
            for path in paths:
                html = (SITE / path / "index.html").read_text(encoding="utf-8")
                assert f'data-px-print="{lang}"' in html, path


@pytest.mark.browser
def test_a_rules_page_prints_without_its_widgets_controls(printer: tuple[Any, str]) -> None:
    """A rules page printed from the browser (the print stylesheet), its examples' widgets drawn: no
    control, no menu, no search, no language choice on paper; each example's address under it."""
    browser, base = printer
    page = browser.new_page(reduced_motion="reduce")
    try:
        page.goto(base + "veldiv/rules/")
        set_up_examples(page)
        assert page.locator(".px-example .px-controls button.px-throw").count() >= 5  # drawn on screen
        assert page.locator(".px-lang button").count() == 3
        page.evaluate("document.fonts.ready")
        sheets, text = read(page.pdf(format="A4"))
    finally:
        page.close()
    own = article_text(SITE / "veldiv" / "rules" / "index.html")
    assert not controls(text, own), f"controls printed: {controls(text, own)}"
    # the header's search and language choice, the menu's entries: none in the article itself
    for chrome in ("Rechercher", "FR + EN", "Français seulement", "English only", "Histoire et éditions",
                   "Format des scénarios"):
        assert chrome not in own and chrome not in text, f"{chrome!r}: the site's header or menu printed"
    examples = [p.stem for p in (DOCS / "veldiv" / "examples").glob("*.yml")
                if yaml_article(p) in rules_pages("veldiv", data_check.rulebook(DOCS, "veldiv").data)[0].sections]
    assert examples and all(f"veldiv/rules/#ex-{name}" in text.replace(" ", "") for name in examples)
    assert 10 <= sheets <= 80


def yaml_article(path: Path) -> str:
    """The article an example file illustrates."""
    found = re.search(r"^article:\s*\"?([^\"\n]+)", path.read_text(encoding="utf-8"), re.MULTILINE)
    assert found, path
    return found.group(1).strip()


@pytest.mark.browser
def test_a_printable_page_keeps_its_language_and_the_readers_choice_stays(printer: tuple[Any, str]) -> None:
    """A reader who chose English opens the French printable rulebook: it is in French (without the
    language choice, which has nothing to choose there); back on another page by Material's instant
    navigation, the site is in English again."""
    browser, base = printer
    context = browser.new_context(reduced_motion="reduce")
    try:
        context.add_init_script("try { localStorage.setItem('parcours.lang', 'en'); } catch {}")
        page = context.new_page()
        page.goto(base + "veldiv/")
        page.wait_for_selector(".px-lang button")
        assert page.evaluate("document.documentElement.dataset.pxLang") == "en"
        page.click(".px-print-links a[href$='/veldiv/print-fr/']")  # (Material makes the links absolute)
        page.wait_for_selector(".px-print[data-px-print='fr']", state="attached")
        assert page.evaluate("[document.documentElement.dataset.pxLang, document.documentElement.lang]") == ["fr", "fr"]
        assert not page.locator(".px-lang").is_visible()
        heading = page.locator("#veldiv-art-2 span[lang]")
        assert heading.first.is_visible() and heading.first.get_attribute("lang") == "fr"
        assert not page.locator("#veldiv-art-2 span[lang='en']").is_visible()
        page.go_back()
        page.wait_for_function("document.documentElement.dataset.pxLang === 'en'")
        assert page.locator(".px-lang").is_visible()
        assert page.evaluate("localStorage.getItem('parcours.lang')") == "en"
        page.goto(base + "veldiv/print/")  # both languages, on a fresh load too
        assert page.evaluate("document.documentElement.dataset.pxLang") is None
        assert page.locator("#veldiv-art-2 span[lang='en']").is_visible()
    finally:
        context.close()


@pytest.mark.site
def test_a_printable_page_missing_or_in_the_wrong_language_fails_the_build(tmp_path: Path) -> None:
    """Each printable page is there in each language choice, says which in its front matter, and
    prints pages that follow each other: else the data check (the build's first step) says where."""
    docs = tmp_path / "docs"
    shutil.copytree(DOCS, docs)
    (docs / "ronde" / "print-level-2-en.md").unlink()
    french = docs / "cdp" / "print-fr.md"
    french.write_text(french.read_text(encoding="utf-8").replace("print: fr", "print: en"), encoding="utf-8")
    rulebook = docs / "ronde" / "rulebook.yml"
    text = rulebook.read_text(encoding="utf-8")
    rulebook.write_text(text.replace("    print: print-level-3\n", "    print: print\n"), encoding="utf-8")
    level_2 = text.count("\n", 0, text.index("print: print-level-2")) + 1
    level_3 = text.count("\n", 0, text.index("print: print-level-3")) + 1
    with pytest.raises(DataError) as ronde:
        data_check.rulebook(docs, "ronde")
    assert f"rulebook.yml:{level_2}: pages[2].print: no printable page print-level-2-en.md beside the rulebook" \
        in str(ronde.value)
    assert f"rulebook.yml:{level_3}: pages[3].print: 'print' prints pages that do not follow each other" \
        in str(ronde.value)
    with pytest.raises(DataError, match=r"cdp/rulebook\.yml:\d+: print-fr\.md does not say print: fr in its front"):
        data_check.rulebook(docs, "cdp")


def printed_sheets(printer: tuple[Any, str], game: str, lang: str) -> list[tuple[str, float]]:
    return sheets(printed_pdf(printer, game, lang))


@pytest.mark.browser
@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_a_rulebook_prints_as_a_book(printer: tuple[Any, str], game: str, lang: str) -> None:
    """Every sheet numbered ("3 / 20", each part of its own), every other sheet than a part's first headed
    by the book's title; a
    contents list at the start, the bibliography at the end; and no worked example broken across two
    sheets (its title and its address on one)."""
    printed = printed_sheets(printer, game, lang)
    parts = script.printable(DOCS, game, lang)
    firsts = {0}
    for k, (text, _) in enumerate(printed):
        number = re.search(r"(?<!\d)(\d+) / (\d+)(?!\d)", text)
        assert number, f"{game} {lang}: sheet {k + 1} has no number"
        if number.group(1) == "1" and k:
            firsts.add(k)  # a part of its own (the Ronde's levels), numbered from 1
    assert len(firsts) == len(parts), f"{game} {lang}: {len(firsts)} parts numbered, {len(parts)} printed"
    for k, (text, _) in enumerate(printed):
        if k not in firsts:
            assert any(running_head(SITE / part / "index.html") in text for part in parts), \
                f"{game} {lang}: sheet {k + 1} has no running head"
    first_text = printed[0][0]
    assert ("Sommaire" in first_text) if lang != "en" else ("Contents" in first_text), f"{game} {lang}: no contents"
    end = " ".join(text for text, _ in printed[-2:])
    assert re.search(r"Sigles? et bibliographie|Sigla and bibliography|Siglum and bibliography", end), \
        f"{game} {lang}: no bibliography at the end"
    for path in (DOCS / game / "examples").glob("*.yml"):
        address = re.compile(rf"#ex-{re.escape(path.stem)}(?!-)")
        on = [k + 1 for k, (text, _) in enumerate(printed) if address.search(text.replace(" ", ""))]
        assert len(on) == 1, f"{game} {lang}: the example {path.stem}'s address on sheets {on}"
        title = example_title(path, "en" if lang == "en" else "fr")
        assert title in printed[on[0] - 1][0], f"{game} {lang}: the example {path.stem} split across sheets"


def running_head(page: Path) -> str:
    """The running head a printable page sets (rulebook.running_head), as text."""
    found = re.search(r'@top-left \{ content: ("[^"]*")', page.read_text(encoding="utf-8"))
    assert found, f"{page}: no running head"
    return words(json.loads(found.group(1)))


def example_title(path: Path, lang: str) -> str:
    """A worked example's title, the first words of it (a long one may wrap)."""
    title = yaml.safe_load(path.read_text(encoding="utf-8"))["title"][lang]
    return " ".join(words(title).split()[:3])


@pytest.mark.browser
def test_the_veldiv_french_rulebook_is_a_short_book(printer: tuple[Any, str]) -> None:
    """The budget: the Veldiv's French rulebook, its examples played out, in 20 A4 sheets at most (it took
    47 before it was set as a book)."""
    printed = printed_sheets(printer, "veldiv", "fr")
    assert len(printed) <= 20, f"the Veldiv's French rulebook takes {len(printed)} sheets"


@pytest.mark.browser
@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_no_sheet_is_more_than_half_empty(printer: tuple[Any, str], game: str, lang: str) -> None:
    """Every sheet at least half full, but a part's last (the book's, or a Ronde level's). A worked example
    is never broken, so one taller than the rest of a sheet opens the next: the failure names it, for its
    explanation or the text before it to be set shorter."""
    pdf = printed_pdf(printer, game, lang)
    printed = sheets(pdf)
    titles = [example_title(path, "en" if lang == "en" else "fr") for path in (DOCS / game / "examples").glob("*.yml")]
    half = []
    for k, (_, fill) in enumerate(printed[:-1]):
        if fill >= 0.5 or re.search(r"(?<!\d)1 / \d+", printed[k + 1][0]):  # a part's last sheet
            continue
        opening = [title for title in titles if depth(pdf, k + 1, title) < 0.05]
        half.append(f"sheet {k + 1}, {fill:.0%} full" + (f", before the example {opening[0]!r}" if opening else ""))
    assert not half, f"{game} {lang}: sheets more than half empty: {half}"


# How tall a printed example may be, as a share of a sheet's body: in one language, half a sheet and a
# little (a sheet is then at least about half full before it); in both, two thirds and a little (the
# tallest, set side by side, are placed by hand: test_no_sheet_is_more_than_half_empty).
EXAMPLE_BUDGET = {"fr": 0.55, "en": 0.55, "both": 0.7}
A4_BODY_PX = ((210 - 2 * 11) / 25.4 * 96, (297 - 2 * 12) / 25.4 * 96)  # parcours.css's @page margins


@pytest.mark.browser
@pytest.mark.parametrize(("game", "lang"), PRINTED, ids=[f"{g}-{lang}" for g, lang in PRINTED])
def test_a_printed_example_fits_its_budget(printer: tuple[Any, str], game: str, lang: str) -> None:
    """Each worked example, laid out as paper lays it (print media, a sheet's width), no taller than
    its budget: never broken across sheets, a taller one would leave the sheet before it emptier."""
    browser, base = printer
    width, height = A4_BODY_PX
    page = browser.new_page(viewport={"width": round(width), "height": round(height)})
    page.emulate_media(media="print")
    tall = []
    for part in script.printable(DOCS, game, lang):
        page.goto(base + part)
        page.wait_for_load_state("load")
        for ident, size in page.eval_on_selector_all(
                ".px-printed-example", "all => all.map(e => [e.id, e.getBoundingClientRect().height])"):
            if size / height > EXAMPLE_BUDGET[lang]:
                tall.append(f"{ident} {size / height:.0%}")
    page.close()
    assert not tall, f"{game} {lang}: examples over {EXAMPLE_BUDGET[lang]:.0%} of a sheet: {tall}"


def depth(pdf: bytes, index: int, *texts: str) -> float:
    """How far down the sheet `index` (from 0) the first of `texts` found on it lies (0: the top of its
    body, 1: the bottom; 2: none found)."""
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(pdf)[index]
    text, height = page.get_textpage(), float(page.get_height())
    for words in texts:
        found = text.search(words).get_next()
        if found:
            top = float(text.get_charbox(found[0])[3])
            return (height - MARGIN_PT - top) / (height - 2 * MARGIN_PT)
    return 2.0


@pytest.mark.site
@pytest.mark.parametrize("game", sorted(all_games()))
def test_a_game_figure_for_paper_opens_its_book_once(game: str) -> None:
    """A game whose view has a figure for paper (the Ronde's whole course: its printed examples draw only
    the rows they use) prints it in its book's first part, in every language choice, and nowhere else."""
    from parcours_view.registry import VIEWS

    paper = VIEWS[game].FIGURES.get("paper")
    for lang in PRINTED_AS:
        parts = script.printable(DOCS, game, lang)
        shown = [(SITE / part / "index.html").read_text(encoding="utf-8").count('class="px-paper-figure"')
                 for part in parts]
        assert shown == [1 if paper and k == 0 else 0 for k in range(len(parts))], f"{game} {lang}: {shown}"
