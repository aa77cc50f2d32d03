"""A two-player Keys and Base Dice game on a phone, through the leader's extra turn."""

from __future__ import annotations

import pytest

from tests.browser.targets import screens
from tests.conftest import ONE_DATABASE

pytestmark = [pytest.mark.browser, ONE_DATABASE]  # the web tests cover PostgreSQL


def enter(player, base, keys):
    rows = player.page.locator("form.roll fieldset.die-row")
    assert rows.count() == len(base) + len(keys)
    player.roll(*base, keys=tuple(keys))


def full_split_turn(player):
    enter(player, [3, 3, 3, 3, 4, 4, 5, 5], [1, 1])
    player.pick(0, 1, 2, 3, 4, 5, 6, 7)
    assert "the turn would be worth" in player.page.locator("output.selection").inner_text()
    player.press("Set aside")
    enter(player, [], [2, 6])
    player.pick(0, 1)
    player.press("Set aside")


def test_sb_game_through_the_leaders_extra_turn(live_server, phone, player):
    page = phone
    page.goto(live_server + "/tables/new/sb")
    player.enter_pin()
    page.locator("input[name='players-0']").fill("Anna")
    page.locator("input[name='players-1']").fill("Barry")
    page.locator("input[name='opt_target']").fill("20")
    player.press("Start the table")
    player.shot("sb-roll-entry")

    full_split_turn(player)
    assert "Anna reached 20 and is the original leader: Barry takes one more turn." in (
        player.ruling()
    )

    enter(player, [3, 3, 3, 3, 4, 4, 5, 5], [1, 1])
    player.pick(8)
    player.pick(0, 1)
    assert "never both at once" in page.locator("output.selection").inner_text()
    player.pick(8)
    player.pick(2, 3, 4, 5, 6, 7)
    player.press("Set aside")
    enter(player, [], [2, 6])
    player.pick(0, 1)
    player.press("Set aside")
    assert "Anna is no longer strictly ahead (20 against 20)" in player.ruling()
    player.shot("sb-leader-extra")

    enter(player, [2, 2, 4, 4, 5, 5, 6, 6], [1, 3])
    player.pick(8, 9)
    player.press("Set aside")
    enter(player, [2, 2, 4, 4, 5, 5, 6, 6], [])
    player.pick(0, 1)
    player.press("Set aside")
    player.shot("sb-worth")
    assert page.locator(".set-so-far p:not(.legend) .die.w2").count() == 2
    player.press("Bank 4")
    assert "Game over: Anna wins with 24." in player.ruling()
    player.shot("sb-over")


def test_a_group_in_one_tap_and_set_aside_and_bank_once_both_keys_are_down(
    live_server, phone, player, new_table
):
    page = phone
    table = new_table("sb", ("Anna", "Barry"))
    page.goto(live_server + table.url)
    enter(player, [3, 3, 3, 3, 1, 2, 5, 6], [2, 5])
    bank = page.get_by_role("button", name="Set aside and bank")
    page.get_by_role("button", name="All 3s (4)").tap()
    assert page.locator("form.set-aside input[name=pick]:checked").count() == 4
    assert page.get_by_role("button", name="Set aside", exact=True).is_enabled()
    assert bank.is_disabled()  # a key is still unset after base dice alone
    page.get_by_role("button", name="All 3s (4)").tap()  # a second tap unticks the group
    assert page.locator("form.set-aside input[name=pick]:checked").count() == 0
    page.get_by_role("button", name="Both keys").tap()
    assert "split keys 2-5" in page.locator("output.selection").inner_text()
    assert bank.is_enabled()
    player.shot("sb-group-taps")
    player.press("Set aside and bank")
    assert "Anna banked split keys 2-5: 0 between x 2 + 0 outside x 1 = 0." in player.ruling()


# --- Tap targets at a small phone's width (tests.browser.targets) ---------------------------------


def test_sb_tap_targets(live_server, small_phone, new_table):
    table = new_table("sb")

    def roll(t):
        fields = {f"d{i}": str(v) for i, v in enumerate((1, 1, 2, 3, 3, 4, 5, 5))}
        return t.post(action="roll", k0="2", k1="6", **fields)

    assert screens(small_phone, live_server, table, roll, lambda t: t.pick(8, 9)) == []
