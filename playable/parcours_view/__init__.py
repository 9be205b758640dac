"""Renders Parcours positions and explained steps, at build time and in the browser (Pyodide).

One renderer for both, so the static example on a page and the live one cannot disagree.
Standard library only: it ships in the engine's wheel.
"""

from .boards import board_svg
from .film import Film, film, film_json
from .track import TRACK_SYMBOL_ID, riders_svg, track_symbol

__all__ = ["Film", "TRACK_SYMBOL_ID", "board_svg", "film", "film_json", "riders_svg", "track_symbol"]
