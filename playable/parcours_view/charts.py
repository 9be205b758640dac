"""Charts as SVG, in both languages: a distribution as bars over numbered axes (the horse race's exact
length, each game's simulated lengths and landings). The bars' numbers and titles are the caller's."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from parcours.core import number_words

from .words import both, following
from .words import label as words_label

BAR_W, CHART_H = 6, 120  # a bar's width, the chart's height
BODY_PX = 16  # the body text's size on a desk (Material's .8rem): a chart's words no larger
LEFT = 46  # room for the y axis' numbers and name


def _step(top: float) -> int:
    """Between two numbered percentages of the chart's axis: a few numbers, whatever the tallest bar."""
    return next(step for step in (1, 2, 5, 10, 20) if top / step <= 6 or step == 20)


def bar_chart(shown: Sequence[tuple[int, float]], x_name: tuple[str, str], y_name: tuple[str, str],
              label: tuple[str, str], every: int = 10) -> str:
    """Bars of shares (0 to 1) over whole numbers, the x axis numbered every `every`; `label` says the
    chart in words, French then English (its aria-label, kept in the reader's language by lang.mjs).
    Each bar's title gives its number and share, in the reader's language too."""
    top = max(p for _, p in shown)
    # A short chart widens its bars to keep room for the axis name under it (the axis ends with the
    # last bar, not in an empty stretch).
    bar_w = max(BAR_W, (360 - LEFT - 10) // len(shown))
    width = len(shown) * bar_w + LEFT + 10
    # The chart is scaled to the column: on a phone (the screen's width, 390 px: parcours.css) its words
    # read at 11 px or more; on a desk it grows no wider than sets them at the body's 16 px (--px-chart-max).
    size = max(12.0, round(9.8 * width / 340, 1))
    base = 10 + CHART_H
    bars = "".join(
        f'<rect x="{LEFT + i * bar_w}" y="{10 + CHART_H * (1 - p / top):.1f}" width="{bar_w - 1}" '
        f'height="{CHART_H * p / top:.1f}">{_bar_title(t, p)}</rect>'
        for i, (t, p) in enumerate(shown))
    x_ticks = "".join(f'<path class="px-axis" d="M{LEFT + i * bar_w + bar_w / 2 - .5} {base}v4"/>'
                      f'<text x="{LEFT + i * bar_w + bar_w / 2 - .5}" y="{base + 4 + size:.1f}">{t}</text>'
                      for i, (t, _) in enumerate(shown) if t % every == 0)
    y_ticks = "".join(f'<path class="px-axis" d="M{LEFT - 4} {base - CHART_H * pct / 100 / top:.1f}h4"/>'
                      f'<text class="px-end" x="{LEFT - 7}" y="{base - CHART_H * pct / 100 / top + size / 3:.1f}">'
                      f"{pct}</text>"
                      for pct in range(0, int(100 * top) + 1, _step(100 * top)))
    end = LEFT + len(shown) * BAR_W + 4  # the axis stops past the last bar (a short chart keeps room for its name)
    axes = (f'<path class="px-axis" d="M{LEFT} 10V{base}H{end}"/>{x_ticks}{y_ticks}'
            f'<text x="{(LEFT + width) / 2}" y="{base + 8 + 2.2 * size:.1f}">{both(*x_name, "tspan")}</text>'
            f'<text transform="translate({size + 1:.1f} {10 + CHART_H / 2}) rotate(-90)">'
            f'{both(*y_name, "tspan")}</text>')
    height = base + 14 + 2.6 * size
    svg = (f'<svg class="px-chart" viewBox="0 0 {width} {height:.0f}" font-size="{size}" '
           f'style="--px-chart-max: {BODY_PX * width / size:.0f}px" role="img" '
           f'aria-label="{escape(words_label(*label))}">{bars}{axes}</svg>')
    return following(svg, *label)


def _bar_title(t: int, share: float) -> str:
    """A bar's title, its number and share in the reader's language: « 12 : 3,50 % », "12: 3.50%"."""
    fr, en = (f"{t} : {number_words(100 * share, 'fr', 2, percent=True)}",
              f"{t}: {number_words(100 * share, 'en', 2, percent=True)}")
    return following(f"<title>{escape(words_label(fr, en))}</title>", fr, en, "text")
