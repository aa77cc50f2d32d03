"""A two-player Six D Five game on a phone: three dice on the stack, the sides counted."""

from __future__ import annotations

import pytest

from tests.browser.targets import seed_position_fits
from tests.conftest import ONE_DATABASE

pytestmark = [pytest.mark.browser, ONE_DATABASE]  # the web tests cover PostgreSQL


def test_two_player_sixd_five_game_to_the_end(live_server, phone, player):
    page = phone
    page.goto(live_server + "/tables/new/sixd-five")
    player.enter_pin()
    page.locator("input[name='players-0']").fill("Ann")
    page.locator("input[name='players-1']").fill("Bo")
    page.locator("input[name='opt_dice']").fill("3")
    player.press("Start the table")
    assert "Ann places the first of 3 dice." in player.ruling()
    assert page.locator(".turn .turn-total").inner_text() == "3 dice left"
    player.shot("sixd-five-place")

    player.press("Ann placed die 1")
    assert "Ann placed die 1 of 3: 2 to go; Bo to place." in player.ruling()
    player.press("Bo placed die 2")
    assert page.locator(".hint.next").inner_text() == "The last die: then Bo counts the sides."
    player.press("Ann placed die 3")
    said = "Ann placed the last die, 3 of 3. Bo enters the pips showing on each side."
    assert said in player.ruling()

    page.locator("input[name=side0]").fill("11")
    page.locator("input[name=side1]").fill("19")
    player.press("Enter the sides")
    refusal = page.locator(".error").inner_text()
    assert refusal == "Bo's side shows 0 to 18 pips with 3 dice, not 19."
    assert page.locator("input[name=side0]").input_value() == "11"
    player.shot("sixd-five-sides")
    page.locator("input[name=side1]").fill("12")
    player.press("Enter the sides")
    assert "Sides: Ann 11, Bo 12. Game over: Bo wins with 12." in player.ruling()
    assert page.get_by_role("heading", name="Bo wins").is_visible()
    player.shot("sixd-five-over")


def test_the_stack_as_it_stands_is_one_number(live_server, phone, player, new_table):
    page = phone
    table = new_table("sixd-five", ("Ann", "Bo"))
    page.goto(live_server + table.url)
    count = page.locator("input[name=count]")
    count.fill("5")
    player.press("Enter the stack")
    assert "Ann placed die 5 of 36: 31 to go; Bo to place." in player.ruling()
    count.fill("3")
    player.press("Enter the stack")
    assert page.locator(".error").inner_text() == (
        "The stack already holds 5 dice, not 3: nothing was added (Undo takes a die back)."
    )
    assert count.input_value() == "3"
    player.shot("sixd-five-count-refused")
    player.press("Bo placed die 6")  # one more die: still one tap
    assert "Bo placed die 6 of 36: 30 to go; Ann to place." in player.ruling()


# --- Tap targets at a small phone's width (tests.browser.targets) ---------------------------------


def test_every_tap_target_is_44_px_on_a_320_px_phone(live_server, browser, stored):
    """Halfway through the finished seed game, at a 320 px phone."""
    seed_position_fits(live_server, browser, stored, "sixd-five-finished", None)
