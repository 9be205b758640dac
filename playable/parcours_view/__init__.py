"""Renders Parcours positions and explained steps, at build time and in the browser (Pyodide).

One renderer for both, so the static example on a page and the live one cannot disagree.
Each game has its view module (veldiv.py, cdp.py, chevaux.py, ronde.py: its board, the board in
words, its step assessment), a `GameView` (interface.py) chosen by registry.py from the engine's
game id; film.py and play.py step through a race with the engine's one loop, `Game.advance`.
Standard library only: it ships in the engine's wheel.
"""

from .boards import board_label, board_svg, symbols
from .compare import compare_json
from .film import Film, film, film_json
from .live import figure_json
from .play import play_json

__all__ = ["Film", "board_label", "board_svg", "compare_json", "figure_json", "film", "film_json", "play_json",
           "symbols"]
