"""The action of the moment is on the first screen after every post, in every game, with 2, 4
or 8 players, on a 390x844 phone and on a 320x640 one.

A post answers with a redirect to the table's page at ``#now`` (the ruling, then the turn);
each state here is a table stored part way through a random legal game, opened at that
address as the redirect opens it.  The action is the turn card's first button that sends
something (Enter roll, Set aside, Bank, Score, a placement...).
"""

from __future__ import annotations

import random

import pytest

from referee.autoplay import play_random_game
from referee.games import all_games
from referee.log import GameLog

pytestmark = pytest.mark.browser

SCREENS = ({"width": 390, "height": 844}, {"width": 320, "height": 640})
COUNTS = (2, 4, 8)
SEED = 16


def states(game):
    """(label, log) for a few states of random games of ``game`` at each player count."""
    rng = random.Random(SEED)
    found = []
    for count in sorted({min(max(n, game.MIN_PLAYERS), game.MAX_PLAYERS) for n in COUNTS}):
        players = tuple(f"Player {i + 1}" for i in range(count))
        moves = play_random_game(game, players, None, rng)
        for cut in sorted({1, 2, len(moves) // 2}):
            if cut < len(moves):
                log = GameLog(game.SLUG, players, {}, tuple(moves[:cut]))
                found.append((f"{count} players, move {cut}", log))
    return found


# The turn card's first visible button that posts (visible as Playwright's ``is_visible``
# means it: drawn, ``visibility: visible``, a box of some size): its top and height in the
# viewport, and how far the page is scrolled.  One call into the page: each call costs the
# browser and its driver some 10-100 ms of CPU here, and asking button by button took
# several calls for each state.
ACTION_BOX = """() => {
  const buttons = document.querySelectorAll(
    "section.turn button[type=submit], section.turn button:not([type])");
  for (const button of buttons) {
    const box = button.getBoundingClientRect();
    const shown = button.checkVisibility() && getComputedStyle(button).visibility === "visible";
    if (shown && box.width > 0 && box.height > 0) {
      return {y: box.y, height: box.height, scrolled: window.scrollY};
    }
  }
  return null;
}"""


def action_box(page) -> dict | None:
    """Where the turn card's first visible button that posts is (``ACTION_BOX``), or None."""
    return page.evaluate(ACTION_BOX)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.SLUG)
def test_the_action_is_on_the_first_screen_after_a_post(game, live_server, stored, browser):
    cases = states(game)
    tokens = stored(*(log for _, log in cases))
    misses = []
    for screen in SCREENS:
        context = browser.new_context(viewport=screen, has_touch=True, is_mobile=True)
        page = context.new_page()
        for (label, _), token in zip(cases, tokens, strict=True):
            page.goto(f"{live_server}/t/{token}#now")
            box = action_box(page)
            if box is None:
                continue  # nothing to send here (the game is over, or another phone's turn)
            bottom = box["y"] + box["height"]
            if box["y"] < 0 or bottom > screen["height"]:
                misses.append(
                    f"{screen['width']}x{screen['height']}, {label}: "
                    f"action at {box['y']:.0f}-{bottom:.0f} (scrolled {box['scrolled']})"
                )
        context.close()
    assert not misses, "\n".join(misses)
