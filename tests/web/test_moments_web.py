"""The page names the moment a phone may buzz for, and offers the setting (issue 16)."""

from __future__ import annotations

import random
import re

from referee.autoplay import play_random_game
from referee.games import get_game
from referee.log import GameLog

LIVE_NOTE = re.compile(r'<div class="live-note"[^>]*>')
MOMENT = re.compile(r'data-moment="([^"]+)"')


def moment(html: str) -> str | None:
    """The moment the page's live note carries, if any."""
    found = MOMENT.search(LIVE_NOTE.search(html).group(0))
    return found and found.group(1)


def test_a_bust_hot_dice_and_a_win_are_named_and_nothing_else(new_table, stored, client):
    table = new_table("tenk")
    assert moment(table.page()) is None
    table.roll(2, 2, 3, 3, 4, 6)
    assert moment(table.page()) == "bust"
    table.roll(1, 1, 1, 5, 5, 5)
    assert moment(table.page()) is None
    table.pick(0, 1, 2, 3, 4, 5)
    assert moment(table.page()) == "hot dice"
    game = get_game("tenk")
    moves = play_random_game(game, ("Ann", "Bo"), None, random.Random(3))
    (token,) = stored(GameLog("tenk", ("Ann", "Bo"), {}, tuple(moves)))
    assert moment(client.get(f"/t/{token}").text) == "win"


def test_the_buzz_setting_is_on_the_page_hidden_until_a_phone_can_buzz(new_table):
    html = new_table("sixd-five", ("Ann", "Bo")).page()
    assert re.search(r'<p class="[^"]*phone-buzz[^"]*" hidden>', html)
    assert "Buzz this phone" in html
