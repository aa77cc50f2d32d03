"""A two-player 10K game on a phone, from the new-table form to the winner."""

from __future__ import annotations

import pytest

from tests.browser.kit import SMALL_PHONE
from tests.browser.targets import screens, too_small
from tests.conftest import ONE_DATABASE

pytestmark = [pytest.mark.browser, ONE_DATABASE]  # the web tests cover PostgreSQL


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
    player.pick(0)
    player.press("Set aside and bank")
    assert "Final round: Ann banked 1,050; everyone else gets one more turn." in player.ruling()
    player.shot("tenk-final-round")

    player.roll(2, 2, 3, 4, 6, 6)
    assert "Bust: no 1, 5 or set in 2 2 3 4 6 6" in player.ruling()
    assert "Game over: Ann wins with 1,050." in player.ruling()
    assert page.get_by_role("heading", name="Ann wins").is_visible()
    player.shot("tenk-over")


def test_colour_question_appears_only_for_a_straight(live_server, phone, player, new_table):
    table = new_table()
    phone.goto(live_server + table.url)
    run = phone.locator(".colour-run")
    player.tap_dice(1, 2, 3, 4, 5)
    assert not run.is_visible()
    player.tap_dice(6)
    assert run.is_visible()  # a straight: the roll waits for the colour question
    assert "tap Enter roll" in phone.locator(".pad-note").inner_text()
    run.tap()
    player.press("Enter roll")
    player.pick(0, 1, 2, 3, 4, 5)
    assert phone.locator("output.selection").inner_text() == "1 2 3 4 5 6 = 10,000"


def tray(phone) -> list[str]:
    return phone.locator("form.roll .tray .die.tapped").all_inner_texts()


def test_a_roll_goes_in_with_one_tap_per_die(live_server, phone, player, new_table):
    """Six taps send a roll of six; a tapped die comes out again with a tap on it."""
    table = new_table()
    phone.goto(live_server + table.url)
    player.tap_dice(5, 2, 2)
    assert tray(phone) == ["5", "2", "2"]
    assert phone.locator(".pad-note").inner_text() == "3 dice still to tap."
    phone.locator("form.roll .tray .die.tapped").nth(1).tap()  # the first 2 was a slip
    assert tray(phone) == ["5", "2"]
    player.tap_dice(1, 1, 3)
    with phone.expect_navigation():
        player.tap_dice(6)
    assert "Ann rolled 1 1 2 3 5 6" in player.ruling()


def test_a_phone_may_prefer_to_tap_enter(live_server, phone, player, new_table):
    """With sending on the last die switched off: a seventh face is refused with a note,
    and Enter roll sends (one tap more than the dice), a choice the phone keeps."""
    table = new_table()
    phone.goto(live_server + table.url)
    phone.locator(".pad-auto input").uncheck()
    player.tap_dice(2, 2, 3, 3, 4, 6)
    assert "tap Enter roll" in phone.locator(".pad-note").inner_text()
    player.tap_dice(5)
    assert "All 6 are in" in phone.locator(".pad-note").inner_text()
    assert tray(phone) == ["2", "2", "3", "3", "4", "6"]
    player.press("Enter roll")
    assert "Bust" in player.ruling()
    assert not phone.locator(".pad-auto input").is_checked()  # kept on this phone


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_colour_run_tick_box_is_a_visible_control(live_server, phone, player, new_table, scheme):
    """The colour-run question is a real tick box, 44 px or more to tap, and ticked it
    shows: a solid accent border instead of a dashed one, in both themes."""
    phone.emulate_media(color_scheme=scheme)
    phone.set_viewport_size(SMALL_PHONE)
    phone.goto(live_server + new_table().url)
    player.tap_dice(1, 2, 3, 4, 5, 6)
    run = phone.locator(".colour-run")
    box = run.locator("input[type=checkbox]")
    assert box.evaluate("b => b.checkVisibility({opacityProperty: true})")
    size = box.bounding_box()
    assert size["width"] >= 24 and size["height"] >= 24
    assert run.bounding_box()["height"] >= 44
    style = "e => getComputedStyle(e).borderTopStyle"
    assert run.evaluate(style) == "dashed"
    run.click()
    assert box.is_checked() and run.evaluate(style) == "solid"
    accent = phone.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--accent')"
    )
    colour = run.evaluate("e => getComputedStyle(e).borderTopColor")
    probe = phone.evaluate(
        "c => { const s = document.createElement('span'); s.style.color = c;"
        " document.body.append(s); const v = getComputedStyle(s).color; s.remove(); return v; }",
        accent.strip(),
    )
    assert colour == probe


def test_tap_pad_count_sits_clear_of_its_digit(live_server, phone, player, new_table):
    """The "2×" a face shows once tapped twice covers no part of the face's digit."""
    phone.set_viewport_size(SMALL_PHONE)
    phone.goto(live_server + new_table().url)
    player.tap_dice(2, 2)
    face = phone.locator("form.roll .faces:not(.minus) .face-tap").nth(1)
    assert face.locator(".count").inner_text() == "2×"
    digit = face.locator(".value").bounding_box()
    count = face.locator(".count").bounding_box()
    assert count["y"] >= digit["y"] + digit["height"] - 0.5  # below it, not on it
    outer = face.bounding_box()
    assert count["y"] + count["height"] <= outer["y"] + outer["height"]


# --- Tap targets at a small phone's width (tests.browser.targets) ---------------------------------


def test_tenk_tap_targets(live_server, small_phone, player, new_table):
    table = new_table("tenk", entry="0")
    assert (
        screens(
            small_phone,
            live_server,
            table,
            lambda t: t.roll(1, 1, 1, 5, 2, 6),
            lambda t: t.pick(0),
        )
        == []
    )
    small_phone.goto(live_server + new_table("tenk").url)
    player.tap_dice(1, 2, 3, 4, 5, 6)  # the straight: the colour-run question shows
    assert small_phone.locator(".colour-run").is_visible()
    assert too_small(small_phone) == []
