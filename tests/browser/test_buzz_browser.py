"""A phone that asks to buzz does so at a bust, hot dice and a win, once each (issue 16)."""

from __future__ import annotations

import time

import pytest

pytestmark = pytest.mark.browser

# Every call to navigator.vibrate is kept where the test can read it.
RECORD_BUZZES = (
    "window.buzzes = []; navigator.vibrate = function (p) { buzzes.push(p); return true; };"
)
BUST = [200, 100, 200]
HOT_DICE = [60, 40, 60, 40, 60]


def buzzes(page):
    """The vibration patterns the page asked for so far."""
    return page.evaluate("window.buzzes")


def until(check, seconds=5.0):
    """Wait until ``check()`` is true (polled from here: the CSP forbids wait_for_function)."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


@pytest.fixture
def buzzing_phone(browser):
    """A phone page whose vibrations are recorded."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    context.add_init_script(RECORD_BUZZES)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def tap_roll(page, *values):
    """Tap a roll in on the tap pad (the last tap sends it)."""
    faces = page.locator("form.roll .pad-group[data-group=d] .faces:not(.minus) .face-tap")
    for value in values:
        faces.nth(value - 1).tap()


def test_the_buzz_is_off_until_ticked(live_server, buzzing_phone, new_table):
    page = buzzing_phone
    table = new_table("tenk")
    page.goto(live_server + table.url)
    setting = page.get_by_label("Buzz this phone", exact=False)
    assert setting.is_visible() and not setting.is_checked()
    with page.expect_navigation():
        tap_roll(page, 2, 2, 3, 3, 4, 6)
    assert "Bust" in page.locator(".ruling").inner_text()
    assert buzzes(page) == []


def test_a_ticked_phone_buzzes_at_a_bust_hot_dice_and_a_win_once_each(
    live_server, buzzing_phone, new_table
):
    page = buzzing_phone
    table = new_table("tenk", target=1000)
    page.goto(live_server + table.url)
    page.get_by_label("Buzz this phone", exact=False).check()

    page.evaluate("window.stayed = true")  # gone if the page were loaded again
    tap_roll(page, 2, 2, 3, 3, 4, 6)  # sent by fetch: the page stays, and may buzz
    until(lambda: "Bust" in page.locator(".ruling").inner_text())
    assert buzzes(page) == [BUST]
    assert page.evaluate("window.stayed")
    assert page.url.endswith(f"{table.url}#now")

    tap_roll(page, 1, 1, 1, 5, 5, 5)
    until(lambda: "Bo rolled" in page.locator(".ruling").inner_text())
    for i in range(6):
        page.locator("form.set-aside label.pick").nth(i).tap()
    page.get_by_role("button", name="Set aside", exact=True).tap()
    until(lambda: len(buzzes(page)) == 2)
    assert buzzes(page)[-1] == HOT_DICE

    page.reload()  # the same table again: no second buzz for it
    # live.js shows the tick box (hidden as served), ticked, in the step where it buzzes
    # the moment shown when that is new: once it is shown, the page has looked
    box = page.locator(".phone-buzz")
    until(lambda: box.is_visible())
    assert box.locator("input").is_checked()
    assert buzzes(page) == []

    page.get_by_role("button", name="Bank 1,500", exact=True).tap()
    until(lambda: "Final round" in page.locator(".ruling").inner_text())
    tap_roll(page, 2, 2, 3, 3, 4, 6)
    until(lambda: page.get_by_role("heading", name="Bo wins").is_visible())
    assert buzzes(page)[-1][-1] == 600  # the win's long buzz


def test_a_refused_post_is_shown_in_place_while_buzzing(live_server, buzzing_phone, new_table):
    page = buzzing_phone
    table = new_table("tenk")
    page.route("**/live?*", lambda route: route.abort())  # this page never hears of the move
    page.goto(live_server + table.url)
    page.get_by_label("Buzz this phone", exact=False).check()
    page.evaluate("window.stayed = true")
    table.roll(1, 2, 3, 4, 6, 6)  # another phone moves first
    tap_roll(page, 2, 2, 3, 3, 4, 6)
    until(lambda: page.locator(".error").count() == 1)
    assert "Ann rolled 1 2 3 4 6 6" in page.locator(".ruling").inner_text()
    assert page.evaluate("window.stayed")
    assert buzzes(page) == []
