"""A two-player Lucky Sevens game on a phone: a steal, then an exact finish."""

from __future__ import annotations

import pytest

from tests.browser.targets import screens
from tests.conftest import ONE_DATABASE

pytestmark = [pytest.mark.browser, ONE_DATABASE]  # the web tests cover PostgreSQL


def put(page, die, letter):
    rows = page.locator("form.sevens fieldset.group-row")
    rows.nth(die).locator("label.face", has_text=letter).tap()


def test_lucky7_steal_and_exact_finish(live_server, phone, player):
    page = phone
    page.goto(live_server + "/tables/new/lucky7")
    player.enter_pin()
    page.locator("input[name='players-0']").fill("Lou")
    page.locator("input[name='players-1']").fill("Max")
    page.locator("input[name='opt_target']").fill("10")
    player.press("Start the table")

    player.roll(3, 4, 6, 6, 6, 6, 6, 6)
    put(page, 0, "A")
    put(page, 2, "A")
    assert "A: 3 + 6 = 9 — not a seven" in page.locator("output.groups").inner_text()
    assert page.get_by_role("button", name="Score", exact=True).is_disabled()
    put(page, 2, "–")
    put(page, 1, "A")
    assert "A: 3 + 4 = 7 ✓ 1 point" in page.locator("output.groups").inner_text()
    player.press("Score and bank")
    assert "Max may steal 1 point and roll 6 dice" in player.ruling()
    player.shot("lucky7-steal-offer")

    player.press("Steal 1 point and roll 6 dice")
    assert "Max steals Lou's 1 point: roll 6 dice." in player.ruling()
    player.roll(2, 2, 3, 2, 2, 3)
    assert page.get_by_text("Near the end: Max needs exactly 9").is_visible()
    player.shot("lucky7-near-end")
    for die, letter in ((0, "A"), (1, "A"), (2, "A"), (3, "B"), (4, "B"), (5, "B")):
        put(page, die, letter)
    player.press("Score")
    assert "Completed Set bonus of 5, exactly 10. Game over: Max wins with 10." in (player.ruling())
    player.shot("lucky7-over")


def test_a_choice_past_the_target_is_flagged_while_it_is_tapped(live_server, phone, new_table):
    """Near the end the tapped groups are judged against the exact finish as they are tapped:
    a choice the referee would refuse says why and cannot be sent."""
    table = new_table("lucky7", ("Lou", "Max"), target="2")
    table.roll(3, 4, 2, 2, 3, 6, 6, 6)
    phone.goto(live_server + table.url)
    form = phone.locator("form.sevens")
    out, score = form.locator("output.groups"), form.get_by_role("button", name="Score", exact=True)
    for die in (2, 3, 4):  # 2 + 2 + 3: reaches 2 and leaves 3 + 4 unscored
        put(phone, die, "B")
    assert out.inner_text() == (
        "B: 2 + 2 + 3 = 7, 2 points · ✗ not allowed: it reaches 2 but leaves a seven among "
        "the dice not scored"
    )
    assert score.is_disabled() and "bad" in out.get_attribute("class")
    put(phone, 0, "A")
    put(phone, 1, "A")  # and 3 + 4: 3 points, past 2
    assert "✗ not allowed: it would reach 3, past 2" in out.inner_text()
    for die in (2, 3, 4):
        put(phone, die, "–")  # out of any group
    assert out.inner_text() == "A: 3 + 4 = 7 ✓ 1 point"
    assert score.is_enabled()


# --- Tap targets at a small phone's width (tests.browser.targets) ---------------------------------


def test_lucky7_tap_targets(live_server, small_phone, new_table):
    table = new_table("lucky7")
    assert (
        screens(
            small_phone,
            live_server,
            table,
            lambda t: t.roll(3, 4, 2, 2, 3, 6, 6, 6),
            lambda t: t.post(action="score_bank", g0="A", g1="A"),  # Bo may steal
        )
        == []
    )
