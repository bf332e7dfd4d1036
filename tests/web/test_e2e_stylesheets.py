"""A game's module is ready only with its style sheet loaded.

Each game's module adds its own style sheet to the page and waits at its top for it: a table drawn (or measured)
the moment the module is imported is already styled. The full-time scoreboard of Football Whist was once measured
between the two, half in the page's plain layout and half in the game's.
"""

from __future__ import annotations

import pytest

MODULES = ["biggles", "british-towns-asking", "british-towns-sets", "football-whist", "squadron-scramble"]

#: import the module in a page that has not loaded it, then read whether its style sheet has applied
READY = """async (id) => {
  const games = () => [...document.querySelectorAll('link[rel=stylesheet]')].filter((l) => l.href.includes('/games/'));
  const before = games().length;
  await import(`/static/games/${id}.js`);
  const links = games();
  return [before, links.map((l) => [l.getAttribute('href'), !!l.sheet && l.sheet.cssRules.length > 0])];
}"""


@pytest.mark.parametrize("game", MODULES)
def test_a_games_module_is_imported_with_its_style_sheet_applied(server, page, game):
    page.goto(server.url + "/")
    before, links = page.evaluate(READY, game)
    assert before == 0 and links, (before, links)
    assert all(applied for _, applied in links), links
