"""A two-player 10K game on a phone, from the new-table form to the winner."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_two_player_tenk_game_to_the_end(live_server, phone, player):
    page = phone
    page.goto(live_server + "/")
    page.get_by_role("link", name="10K", exact=True).tap()
    player.enter_pin()
    page.locator("input[name='players-0']").fill("Ann")
    page.locator("input[name='players-1']").fill("Bo")
    page.locator("input[name='opt_target']").fill("1000")
    player.shot("tenk-new")
    player.press("Start the table")
    assert "Ann to roll six dice." in player.ruling()

    player.roll(1, 1, 1, 5, 2, 6)
    player.shot("tenk-roll-entry")
    player.submit_roll()
    assert "Ann rolled 1 1 1 2 5 6" in player.ruling()

    player.pick(0, 1, 2)
    assert page.locator("output.selection").inner_text() == "1 1 1 = 1,000"
    player.pick(4)
    assert "the 2 you picked scores nothing" in page.locator("output.selection").inner_text()
    assert page.get_by_role("button", name="Set aside", exact=True).is_disabled()
    player.shot("tenk-pick")
    player.pick(4)
    player.press("Set aside")
    assert "turn total 1,000: roll 3 or bank" in player.ruling()
    player.shot("tenk-choose")

    player.roll(5, 2, 3)
    player.submit_roll()
    player.pick(0)
    player.press("Set aside and bank")
    assert "Final round: Ann banked 1,050; everyone else gets one more turn." in player.ruling()
    player.shot("tenk-final-round")

    player.roll(2, 2, 3, 4, 6, 6)
    player.submit_roll()
    assert "Bust: no 1, 5 or set in 2 2 3 4 6 6" in player.ruling()
    assert "Game over: Ann wins with 1,050." in player.ruling()
    assert page.get_by_role("heading", name="Ann wins").is_visible()
    player.shot("tenk-over")


def test_colour_question_appears_only_for_a_straight(live_server, phone, player, new_table):
    table = new_table()
    phone.goto(live_server + table.url)
    run = phone.locator(".colour-run")
    player.roll(1, 2, 3, 4, 5, 5)
    assert not run.is_visible()
    phone.locator("form.roll fieldset.die-row").nth(5).locator("label.face", has_text="6").tap()
    assert run.is_visible()
    run.tap()
    player.submit_roll()
    player.pick(0, 1, 2, 3, 4, 5)
    assert phone.locator("output.selection").inner_text() == "1 2 3 4 5 6 = 10,000"
