"""Two phones on one table, each its own browser context: B sees A's roll within two
seconds without reloading; when A enters the turn B was half entering, B's page follows the
table at once and says, in one place, what moved and which of its taps were not sent, and
B's next entry goes through; dice B half entered for a turn that is still to come are
kept through another phone's move; the big screen follows too."""

from __future__ import annotations

import time

import pytest

from tests.browser.kit import Phone

pytestmark = pytest.mark.browser

BUST = (2, 2, 3, 3, 4, 6)


def seen_within(page, words: str, seconds: float = 2.0) -> float:
    """How long the ruling took to say ``words``; fails past ``seconds`` (plus a margin
    for the test machine)."""
    start = time.monotonic()
    page.locator(".ruling", has_text=words).wait_for(timeout=(seconds + 1.5) * 1000)
    return time.monotonic() - start


@pytest.fixture
def both_at_the_table(live_server, stored, tenk_log, phone, second_phone):
    """A 10K table of Ann and Bo, open on both phones."""
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    for page in (phone, second_phone):
        page.goto(f"{live_server}/t/{token}")


def test_b_sees_a_roll_within_two_seconds_and_is_told_what_it_entered_was_not_sent(
    both_at_the_table, player, second_phone
):
    b = Phone(second_phone)
    assert "Bo" in b.ruling()
    second_phone.evaluate("window.marker = 'no reload'")

    player.roll(*BUST)
    waited = seen_within(second_phone, "Ann to roll")
    assert waited < 3.5
    assert second_phone.evaluate("window.marker") == "no reload"  # swapped, not reloaded

    # B starts entering Ann's roll; A enters it first: B follows the table at once, is told
    # what moved and that its taps were not sent (one message), and enters Bo's roll.
    b.tap_dice(1, 5)
    player.roll(*BUST)
    said = second_phone.locator(".live-note .live-said")
    said.filter(has_text="The table moved on: Ann").wait_for(timeout=3500)
    assert "(1 5) was for the table before that, so it was not sent." in said.inner_text()
    assert "Bo" in b.ruling()
    assert second_phone.locator("form.roll .tray .die.tapped").count() == 0
    assert second_phone.locator(".error").count() == 0  # one message
    assert second_phone.evaluate("window.marker") == "no reload"
    b.roll(*BUST)  # the next entry goes through
    assert "Ann" in b.ruling() and second_phone.locator(".error").count() == 0


def test_dice_half_entered_survive_a_change_that_is_no_move(
    both_at_the_table, phone, player, second_phone
):
    player.roll(1, 1, 5, 2, 3, 4)  # Bo's roll: Bo sets aside next, on A's phone
    second_phone.locator(".ruling", has_text="Bo").wait_for(timeout=3500)
    second_phone.locator("form.set-aside label.pick").nth(0).tap()  # B ticks a 1
    version = second_phone.locator(".live-note").get_attribute("data-version")
    with phone.expect_navigation():  # A turns the odds off: the table moves, the turn stays
        phone.locator("form.odds-switch button").tap()
    second_phone.locator(f'.live-note:not([data-version="{version}"])').wait_for(
        state="attached", timeout=3500
    )
    picked = second_phone.locator("form.set-aside input[name=pick]:checked")
    assert picked.count() == 1 and picked.get_attribute("value") == "0"


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


MARK = "/healthz?mark=the-test"


def test_a_hidden_page_stops_asking(live_server, stored, tenk_log, phone):
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    asked = []  # the page's polls, and the test's own mark (below), in the order sent

    def sent(request) -> None:
        if "/live?v=" in request.url or MARK in request.url:
            asked.append(request.url)

    phone.on("request", sent)
    phone.clock.install()  # the page's timers go off only as the test moves its clock on
    phone.goto(f"{live_server}/t/{token}")
    phone.clock.run_for(2_000)  # past the poll's 1.5 s
    deadline = time.monotonic() + 10
    while not asked:  # visible: it asks (polled from here: the CSP forbids wait_for_function)
        assert time.monotonic() < deadline, "a visible page never asked"
        phone.wait_for_timeout(50)
    phone.evaluate(
        "Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    before = len(asked)
    phone.clock.run_for(5_000)  # three of its intervals
    # A request of the test's own, sent after any the page's timers sent: once it is seen,
    # so would theirs be.
    phone.evaluate(f"fetch('{MARK}').then(() => 0, () => 0)")
    deadline = time.monotonic() + 10
    while not asked[before:]:
        assert time.monotonic() < deadline, "the test's own request was never seen"
        phone.wait_for_timeout(50)
    assert asked[before:] == [live_server + MARK]
