"""A solo Solitaire Dice game on a phone, from the first roll to the closed sheet."""

from __future__ import annotations

import pytest

from tests.browser.targets import screens
from tests.conftest import ONE_DATABASE

pytestmark = [pytest.mark.browser, ONE_DATABASE]  # the web tests cover PostgreSQL


@pytest.mark.long(14)
def test_solo_solitaire_game_to_the_close(live_server, phone, player):
    page = phone
    page.goto(live_server + "/tables/new/solitaire")
    player.enter_pin()
    page.locator("input[name='players-0']").fill("Sid")
    player.press("Start the table")
    assert "Roll the five dice." in player.ruling()

    for n in range(8):
        player.roll(3, 4, 3, 4, 6)
        if n == 0:
            player.shot("solitaire-split")
        dice = page.locator(".builder .die-button")
        for i in (0, 1, 2, 3):
            dice.nth(i).tap()
        assert "first pair 7 · second pair 7 · throwaway 6" in (
            page.locator(".builder output").inner_text()
        )
        match = page.locator(".split-option.match")
        assert match.count() == 1
        with page.expect_navigation():
            match.tap()
    assert "The 8th 6 closes Sid's sheet" in player.ruling()
    assert page.get_by_role("heading", name="Sheet closed below 500").is_visible()
    # Sixteen marks on the 7 row count as ten: 30 x (10 - 5) = 150.
    assert "total 150" in page.locator(".sheet").inner_text()
    player.shot("solitaire-closed")


# --- Tap targets at a small phone's width (tests.browser.targets) ---------------------------------


def test_solitaire_tap_targets(live_server, small_phone, new_table):
    table = new_table("solitaire", players=("Ann", "Bo"))
    assert screens(small_phone, live_server, table, lambda t: t.roll(1, 1, 3, 5, 6)) == []
