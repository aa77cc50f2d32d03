"""Another player's turn on a seated phone, in every board game, at 390x844 and 320x640: the
turn card says whose phone enters it and shows what the turn is played on, read-only (the
board, the pool or the stack, and every player's area where the game has them), never the
scores alone."""

from __future__ import annotations

import random

import pytest

from referee.autoplay import play_random_game
from referee.games import all_games
from referee.log import GameLog, replay
from tests.browser.kit import Phone, say_who

pytestmark = pytest.mark.browser

SCREENS = ({"width": 390, "height": 844}, {"width": 320, "height": 640})
PLAYERS = ("Ann", "Bo", "Cy")
BOARD_GAMES = [game for game in all_games() if game.SLUG.startswith("sixd-")]
# What each game's turn is played on, as the waiting card draws it.
SHOWN = {
    "sixd-one": ".board, .round-board",
    "sixd-two": ".pool",
    "sixd-three": ".board",
    "sixd-four": ".board",
    "sixd-five": "progress",
    "sixd-six": ".board",
}


def waiting_state(game) -> tuple[GameLog, str]:
    """A log of ``game`` part way through, at a player's move that a phone in another seat
    cannot enter, past its setup; and the player to move."""
    moves = play_random_game(game, PLAYERS, None, random.Random(5))
    for cut in range(len(moves) // 2, len(moves)):
        log = GameLog(game.SLUG, PLAYERS, {}, tuple(moves[:cut]))
        state = replay(log).state
        mover = game.to_move(state)
        if mover and not game.seat_free(state) and not game.is_setup(state, moves[cut]):
            return log, mover
    raise AssertionError(f"{game.SLUG}: no player's move found")


@pytest.mark.parametrize("game", BOARD_GAMES, ids=lambda g: g.SLUG)
def test_a_seated_phone_sees_the_board_and_every_area_on_another_players_turn(
    game, live_server, stored, browser
):
    log, mover = waiting_state(game)
    seat = next(name for name in PLAYERS if name != mover)
    for screen in SCREENS:
        (token,) = stored(log)
        context = browser.new_context(viewport=screen, has_touch=True, is_mobile=True)
        try:
            page = context.new_page()
            page.goto(f"{live_server}/t/{token}")
            say_who(page, f"I am {seat}")
            waiting = page.locator("section.turn.waiting")
            assert f"{mover}’s turn: {mover}’s phone (or a table phone) enters it." in (
                waiting.inner_text()
            )
            assert waiting.locator(SHOWN[game.SLUG]).first.is_visible()
            assert waiting.locator("form, button").count() == 0  # to look at, not to enter
            if game.SLUG == "sixd-six":
                assert waiting.locator(".areas .area").count() == len(PLAYERS)
            if game.SLUG == "sixd-three":
                assert waiting.locator(".seat-hand").count() == len(PLAYERS)
            assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
            Phone(page).shot(f"waiting-{game.SLUG}-{screen['width']}")
        finally:
            context.close()
