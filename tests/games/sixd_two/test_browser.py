"""A two-round Six D Two game on a phone: a take typed, a pool tapped in colour by colour,
pairs tapped from it until no colour has two dice left."""

from __future__ import annotations

import dataclasses

import pytest

from referee.log import loads
from tests.browser.kit import SMALL_PHONE
from tests.browser.targets import SEEDS, assert_turn_card_fits, seed_position_fits
from tests.conftest import ONE_DATABASE

pytestmark = [pytest.mark.browser, ONE_DATABASE]  # the web tests cover PostgreSQL


def test_two_round_sixd_two_game_to_the_end(live_server, phone, player):
    page = phone
    page.goto(live_server + "/tables/new/sixd-two")
    player.enter_pin()
    page.locator("input[name='players-0']").fill("Ann")
    page.locator("input[name='players-1']").fill("Bo")
    page.locator("input[name='opt_rounds']").fill("2")
    player.press("Start the table")
    assert "Round 1 of 2: roll every die onto the table; Ann takes first" in player.ruling()

    # Round 1 without a pool: a colour and two values.
    take = page.get_by_role("button", name="Take the pair")
    assert take.is_disabled()
    page.locator("form.take-typed .pad-chip.c-r").tap()
    page.locator("input[name=values]").type("56")
    assert page.locator("form.take-typed output").inner_text() == "The red 5 and 6: 11 pips."
    player.shot("sixd-two-typed-take")
    player.press("Take the pair")
    assert "Ann took the red 5 and 6: 11 pips, 11 this round. Bo to take." in player.ruling()
    player.press("No pair left: end round 1")
    assert "Bo declared no pair left: round 1 ends with Ann 11, Bo 0." in player.ruling()

    # Round 2: the pool tapped in, colour by colour.
    page.get_by_text("Enter the pool rolled").tap()
    assert not page.locator("input[name=pool_g]").is_visible()
    page.locator(".colour-pad .pad-chip.c-g").tap()
    assert page.locator(".pad-which").inner_text() == "Tap the green dice:"
    for value in (1, 2, 3, 4, 4):
        page.get_by_role("button", name=f"Add a green {value}").tap()
    page.get_by_role("button", name="Take out the green 4").last.tap()
    page.locator(".colour-pad .pad-chip.c-p").tap()
    page.get_by_role("button", name="Add a purple 5").tap()
    page.get_by_role("button", name="Add a purple 6").tap()
    page.get_by_role("button", name="Take back the last").tap()
    assert page.locator(".pad-total span").inner_text() == "Pool: 5 dice"
    assert page.locator("input[name=pool_g]").input_value() == "1234"
    player.shot("sixd-two-pool-entry")
    player.press("Enter the pool")
    assert "Bo entered a pool of 5 dice: green 1 2 3 4, purple 5. Bo takes first." in (
        player.ruling()
    )

    # Two dice of one colour from the pool: the others cannot be picked alongside.
    picks = page.locator("form.take-pick label.pool-pick")
    picks.nth(2).tap()  # the green 3
    assert page.locator("form.take-pick input[data-colour=p]").is_disabled()
    assert page.get_by_role("button", name="Take the pair").is_disabled()
    picks.nth(3).tap()  # the green 4
    assert page.locator("form.take-pick output").inner_text() == "The green 3 and 4: 7 pips."
    player.shot("sixd-two-pick")
    player.press("Take the pair")
    assert "Bo took the green 3 and 4: 7 pips, 7 this round. Ann to take." in player.ruling()

    page.locator("form.take-pick label.pool-pick").nth(0).tap()
    page.locator("form.take-pick label.pool-pick").nth(1).tap()
    player.press("Take the pair")
    assert "No colour has two dice left: round 2 ends with Ann 3, Bo 7." in player.ruling()
    assert "Game over: Ann wins with 14." in player.ruling()
    assert page.get_by_role("heading", name="Ann wins").is_visible()
    player.shot("sixd-two-over")


# --- Tap targets at a small phone's width (tests.browser.targets) ---------------------------------


# (seed, moves kept): None keeps half the moves; a number keeps that many (a setting up).
@pytest.mark.parametrize(
    ("seed", "kept"),
    [
        ("sixd-two-finished", None),
        ("sixd-two-finished", 0),  # a take with no pool entered: a colour chip and two values
    ],
    ids=str,
)
def test_every_tap_target_is_44_px_on_a_320_px_phone(live_server, browser, stored, seed, kept):
    seed_position_fits(live_server, browser, stored, seed, kept)


def test_the_dice_of_a_pool_being_tapped_in_are_44_px(live_server, browser, stored):
    """Six D Two's pool pad lists the dice tapped so far, each a button that takes it out."""
    log = loads((SEEDS / "sixd-two-finished.json").read_text(encoding="utf-8"))
    (token,) = stored(dataclasses.replace(log, moves=()))
    context = browser.new_context(viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/t/{token}")
        page.get_by_text("Enter the pool rolled").tap()
        page.locator(".colour-pad .pad-chip.c-g").tap()
        for value in (1, 2, 3, 4, 4, 5, 6, 6):
            page.get_by_role("button", name=f"Add a green {value}").tap()
        assert page.locator(".pad-pool button").count() == 8
        assert_turn_card_fits(page)
    finally:
        context.close()
