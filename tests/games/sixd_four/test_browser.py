"""A two-player Six D Four game on a phone, 6 x 6: every piece placed with a tap that says
what it would capture and a tap that confirms, the captures marked, both passes made by the
referee once the board is full, a winner."""

from __future__ import annotations

import pytest

from tests.browser.targets import seed_position_fits
from tests.conftest import ONE_DATABASE
from tests.games.sixd_four.test_web import FULL_BOARD

pytestmark = [pytest.mark.browser, ONE_DATABASE]  # the web tests cover PostgreSQL


def square(page, row: int, col: int):
    return page.locator(f"form.tap-board button.cell[value='{row},{col}']")


@pytest.mark.long(20)
def test_two_player_sixd_four_game_to_the_end(live_server, phone, player):
    page = phone
    page.goto(live_server + "/tables/new/sixd-four")
    player.enter_pin()
    page.locator("input[name='players-0']").fill("Ann")
    page.locator("input[name='players-1']").fill("Bo")
    player.press("Start the table")
    assert "A 6 × 6 board. Ann places a red piece (6 in hand)." in player.ruling()
    assert page.locator("form.tap-board button.cell").count() == 36
    assert not page.get_by_role("button", name="Ann passes").count()

    # The first tap says what the piece would do; Cancel takes it back, nothing is sent.
    square(page, 5, 3).tap()
    confirm = page.locator(".tap-confirm output")
    assert confirm.inner_text() == "Ann's red piece at row 6, column 4: no capture."
    page.get_by_role("button", name="Cancel").tap()
    assert not page.locator(".tap-confirm").is_visible()

    for n, (row, col) in enumerate(FULL_BOARD):
        cell = square(page, row, col)
        if page.locator("form.tap-board button.cell").count() == 1:
            with page.expect_navigation():  # the last square: nothing to slip onto
                cell.tap()
            continue
        cell.tap()
        said = confirm.inner_text()
        if n == 40:  # a red piece that takes a yellow one and two black ones at once
            assert said == (
                "Ann's red piece at row 2, column 6 captures Bo's yellow piece at row 3, "
                "column 6 (back to Bo) and black pieces at row 1, column 6 and row 2, column 5 "
                "(Ann keeps both)."
            )
            assert page.locator(".cell.would-capture").count() == 3
            player.shot("sixd-four-capture-picked")
        if n == 3:
            player.shot("sixd-four-picked")
        with page.expect_navigation():
            cell.tap()
        if n == 40:
            assert "(Ann keeps both)" in player.ruling()
            assert page.locator(".cell.captured").count() == 3
            assert page.locator(".cell.captured.was-k").count() == 2
            assert "c-r" in page.locator(".cell.last .gface").get_attribute("class")
            player.shot("sixd-four-captured")
        if n == 20:
            player.shot("sixd-four-mid-game")

    # The board is full: neither player can place, and the referee passes for both.
    assert page.locator(".flash").inner_text() == (
        "Ann and Bo had nothing to play but a pass: the referee made one for each; "
        "the game is over."
    )
    assert not page.get_by_role("button", name="Ann passes").count()
    player.shot("sixd-four-passed-for-them")
    assert "Every player passed in a row. Game over: Ann wins with 2." in player.ruling()
    assert page.locator(".over h2").inner_text() == "Ann wins"
    assert page.locator(".over .board .cell").count() == 36
    player.shot("sixd-four-over")


# --- Tap targets at a small phone's width (tests.browser.targets) ---------------------------------


def test_every_tap_target_is_44_px_on_a_320_px_phone(live_server, browser, stored):
    """Halfway through the finished seed game, at a 320 px phone."""
    seed_position_fits(live_server, browser, stored, "sixd-four-finished", None)
