"""Two phones on one table, each its own browser context: B sees A's roll within two
seconds without reloading; dice B has half entered survive A's move, and B is told the
table moved on before anything is sent; the big screen follows too."""

from __future__ import annotations

import time

import pytest

from tests.browser.kit import PHONE, Phone

pytestmark = pytest.mark.browser

BUST = (2, 2, 3, 3, 4, 6)


@pytest.fixture
def second_phone(browser):
    """Another phone at the table: its own context, so its own cookies and session."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def seen_within(page, words: str, seconds: float = 2.0) -> float:
    """How long the ruling took to say ``words``; fails past ``seconds`` (plus a margin
    for the test machine)."""
    start = time.monotonic()
    page.locator(".ruling", has_text=words).wait_for(timeout=(seconds + 1.5) * 1000)
    return time.monotonic() - start


def test_b_sees_a_roll_within_two_seconds_and_keeps_what_it_entered(
    live_server, stored, tenk_log, phone, player, second_phone
):
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    url = f"{live_server}/t/{token}"
    phone.goto(url)
    second_phone.goto(url)
    b = Phone(second_phone)
    assert "Bo" in b.ruling()
    second_phone.evaluate("window.marker = 'no reload'")

    player.roll(*BUST)
    waited = seen_within(second_phone, "Ann")
    assert waited < 3.5
    assert second_phone.evaluate("window.marker") == "no reload"  # swapped, not reloaded

    # B starts entering dice; A moves meanwhile: B's taps stay, and B is told.
    rows = second_phone.locator("form.roll fieldset.die-row")
    b.tap_dice(1, 5)
    player.roll(*BUST)
    second_phone.locator(".live-note", has_text="The table moved on").wait_for(timeout=3500)
    assert rows.nth(0).locator("input:checked").get_attribute("value") == "1"
    assert rows.nth(1).locator("input:checked").get_attribute("value") == "5"
    assert second_phone.locator("form.roll .tray .die.tapped").all_inner_texts() == ["1", "5"]
    second_phone.get_by_role("button", name="Enter roll", exact=True).tap()
    second_phone.locator(".live-note", has_text="Nothing was sent.").wait_for()
    assert "/move" not in second_phone.url
    with second_phone.expect_navigation():
        second_phone.get_by_role("link", name="Show the table as it is now").tap()
    assert "Bo" in b.ruling()


def test_the_big_screen_follows_the_table(live_server, stored, tenk_log, phone, player, browser):
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    wall = context.new_page()
    wall.goto(f"{live_server}/t/{token}/screen")
    assert wall.locator(".screen-turn").inner_text() == "Bo to play"
    phone.goto(f"{live_server}/t/{token}")
    player.roll(*BUST)
    wall.locator(".screen-turn", has_text="Ann to play").wait_for(timeout=3500)
    player.shot("live-screen-phone")
    if __import__("os").environ.get("SCREENSHOTS"):
        wall.screenshot(path=__import__("os").environ["SCREENSHOTS"] + "/live-screen.png")
    context.close()


def test_a_hidden_page_stops_asking(live_server, stored, tenk_log, phone):
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    polls = []
    phone.on("request", lambda r: polls.append(r.url) if "/live" in r.url else None)
    phone.goto(f"{live_server}/t/{token}")
    phone.wait_for_timeout(1800)
    assert polls  # visible: it asks
    phone.evaluate(
        "Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    asked = len(polls)
    phone.wait_for_timeout(3200)
    assert len(polls) == asked
