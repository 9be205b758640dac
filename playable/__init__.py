"""The bridge between the engine and the site.

As an mkdocs-macros module (`module_name: playable`) it gives the pages their macros; the
widget's JavaScript, CSS and Web Worker live in `playable/assets/`; `parcours_view/` renders
positions and explained steps for both the build and the browser.
"""

from .macros import define_env

__all__ = ["define_env"]
