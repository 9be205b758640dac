"""The fifth game, a test fixture (issue 29): a tiny snail race, registered only by the test that
builds the site with it (tests/test_fifth_game.py), never in the shipped registries. It holds what
README's "Adding a game" asks of a new game, each at the place a game keeps it in a copy of the
project: the engine's package (escargots/), its view (view.py) and its pages and data (docs/escargots/);
and the lines a contributor writes beside them: its nav in mkdocs.yml (nav.yml) and its row in each
language's table of a replay's result (scenario-format.md: French, then English).
The browser's engine (the vendored wheel) does not hold it: its examples play at build time only."""

from __future__ import annotations

import parcours.games
import parcours_view.registry

from . import escargots, view


def register() -> None:
    """The snail race, known to the engine and to the view (as its two registry lines would make it)."""
    parcours.games.register(escargots)
    parcours_view.registry.register(view)


def unregister() -> None:
    parcours.games.unregister(escargots.GAME)
    parcours_view.registry.unregister(view.GAME)
