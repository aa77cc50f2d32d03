"""A two-player Six D One game on a phone: each board typed in, every die placed, a winner."""

from __future__ import annotations

import pytest

from tests.browser.targets import seed_position_fits
from tests.conftest import ONE_DATABASE

pytestmark = [pytest.mark.browser, ONE_DATABASE]  # the web tests cover PostgreSQL


def place_all(page, player) -> None:
    """Cover every free board die in turn: a tap picks the die, a second tap places it."""
    while (free := page.locator("form.tap-board button.cell")).count():
        cell = free.first
        if free.count() > 1:
            cell.tap()
            assert page.locator(".tap-confirm").is_visible()
        with page.expect_navigation():
            cell.tap()


@pytest.mark.long(12)
def test_two_player_sixd_one_game_to_the_end(live_server, phone, player):
    page = phone
    page.goto(live_server + "/tables/new/sixd-one")
    player.enter_pin()
    page.locator("input[name='players-0']").fill("Ann")
    page.locator("input[name='players-1']").fill("Bo")
    page.locator("input[name='opt_rounds_per_player']").fill("1")
    player.press("Start the table")
    assert "Ann rolls 12 black dice and lays out the board for round 1 of 2." in player.ruling()

    # The board of the help page's shape: four to a row, empty corners.
    digits = page.locator(".entry-digits input")
    status = page.locator(".entry-status")
    assert not page.locator("textarea[name=board]").is_visible()
    page.get_by_role("button", name="One column fewer").tap()
    page.get_by_role("button", name="One column fewer").tap()
    assert page.locator(".entry-cols output").inner_text() == "4"
    digits.type("34")
    assert page.locator(".entry-grid .cell").count() == 4  # the row being typed
    page.locator(".entry-grid .cell").first.tap()  # the 3 moves on: row 1 starts empty
    assert digits.input_value() == "034"
    assert page.locator(".entry-grid .cell.empty").count() == 1
    digits.type("312265110")
    assert status.inner_text() == "10 of 12 dice."
    digits.type("00066")  # a 6 alone at the end of row 4, another at the start of row 5
    assert "The 6 at row 4, column 4 stands alone" in status.inner_text()
    assert page.locator(".entry-grid .cell.lone").count() == 2
    assert page.get_by_role("button", name="Lay out the board").is_disabled()
    player.shot("sixd-one-board-lone")
    for _ in range(5):
        digits.press("Backspace")
    assert digits.input_value() == "0343 1226 5110"
    digits.type("66")
    assert digits.input_value() == "0343 1226 5110 66"
    assert status.inner_text() == "12 dice, each touching another: ready."
    player.shot("sixd-one-board-typed")
    player.press("Lay out the board")
    assert "Ann laid out the board of round 1: Bo places first." in player.ruling()

    # A tap picks a die and says what it would score; Place (or a second tap) places it.
    page.get_by_role("button", name="3 at row 1, column 2", exact=True).tap()
    said = page.locator(".tap-confirm output").inner_text()
    assert said == "Cover the 3 at row 1, column 2? A lone 3."
    page.get_by_role("button", name="Cancel").tap()
    assert not page.locator(".tap-confirm").is_visible()
    page.get_by_role("button", name="3 at row 1, column 2", exact=True).tap()
    player.shot("sixd-one-picked")
    player.press("Place")
    assert "Bo covered the 3 at row 1, column 2: a lone 3." in player.ruling()
    covered = page.locator(".cell.last .gface")
    assert "c-y" in covered.get_attribute("class")  # Bo plays yellow
    page.get_by_role("button", name="6 at row 4, column 1", exact=True).tap()
    player.press("Place")  # Ann
    page.get_by_role("button", name="2 at row 2, column 2", exact=True).tap()
    assert "A group of 2 worth 5 × 2 = 10." in page.locator(".tap-confirm output").inner_text()
    player.press("Place")
    assert "Bo covered the 2 at row 2, column 2: a group of 2 worth 5 × 2 = 10." in (
        player.ruling()
    )
    player.shot("sixd-one-mid-round")
    place_all(page, player)
    assert "Round 1 scores" in player.ruling()
    assert "Bo rolls 12 black dice and lays out the board for round 2 of 2." in player.ruling()

    page.locator(".entry-digits input").type("123456654321")
    player.press("Lay out the board")
    place_all(page, player)
    assert "Game over" in player.ruling()
    assert page.locator(".over h2").inner_text().endswith(("wins", "win"))
    assert page.locator(".turns li").count() == 4
    player.shot("sixd-one-over")


# --- Tap targets at a small phone's width (tests.browser.targets) ---------------------------------


# (seed, moves kept): None keeps half the moves; a number keeps that many (a setting up).
@pytest.mark.parametrize(
    ("seed", "kept"),
    [
        ("sixd-one-finished", None),
        ("sixd-one-finished", 0),  # the board typed in
    ],
    ids=str,
)
def test_every_tap_target_is_44_px_on_a_320_px_phone(live_server, browser, stored, seed, kept):
    seed_position_fits(live_server, browser, stored, seed, kept)
