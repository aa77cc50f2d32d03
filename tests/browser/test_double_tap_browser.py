"""A double tap on "Set aside and bank" in Chromium, at 390x844 and 320x640: the server gets
both posts (the first one's answer is held back until the second is sent, as on a slow
network), one move is stored, and the phone lands on the table as after one tap, with no
refusal and no red (issue 47)."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import wait_until

pytestmark = pytest.mark.browser

LIVE_POLL = re.compile(r"/t/[0-9a-f]{32}/live\?")  # a table's poll, from static/js/live.js
SIZES = {"390x844": {"width": 390, "height": 844}, "320x640": {"width": 320, "height": 640}}


@pytest.fixture(params=list(SIZES))
def phone(browser, request):
    """A phone at each size, with touch, its posts routable: the service worker (which
    would take them past the routes) is blocked."""
    context = browser.new_context(
        viewport=SIZES[request.param], has_touch=True, is_mobile=True, service_workers="block"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def test_a_double_tap_stores_one_move_and_says_no_error(
    live_server, phone, player, new_table, client
):
    size = "{width}x{height}".format(**phone.viewport_size)
    table = new_table("tenk")
    assert table.roll(1, 1, 1, 2, 3, 4).status_code == 302
    phone.goto(live_server + table.url)
    player.pick(0, 1, 2)

    held = []  # (route, the server's answer) of each post, the answers held back

    def through_to_the_server(route):
        held.append((route, route.fetch(max_redirects=0)))

    def posts(count):  # asked between the browser's events, which run the handler
        return lambda: phone.context.cookies() is not None and len(held) == count

    phone.route("**/move", through_to_the_server)
    # The slow network holds the table's polls too. The first post is stored at once; had a
    # poll been answered before the second tap (on a busy machine, a second or more after
    # the first), the page would have shown the next turn, without the button to tap again.
    phone.route(LIVE_POLL, lambda route: None)
    bank = phone.get_by_role("button", name="Set aside and bank", exact=True)
    bank.scroll_into_view_if_needed()
    box = bank.bounding_box()
    at = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.touchscreen.tap(*at)  # a finger's taps, which wait for no navigation
    assert wait_until(posts(1))
    phone.touchscreen.tap(*at)  # the second tap, before the first post's answer came back
    assert wait_until(posts(2))
    statuses = [answer.status for _, answer in held]
    assert statuses == [302, 302]
    with phone.expect_navigation():
        for route, answer in reversed(held):  # the browser shows the last post's answer
            try:
                route.fulfill(response=answer)
            except Exception:  # noqa: BLE001 - the first post, dropped by the second tap
                pass
    phone.wait_for_load_state()
    player.shot(f"double-tap-{size}")
    assert phone.locator(".error").count() == 0
    assert "already in" not in phone.locator("main").inner_text()
    assert "Ann banked" in player.ruling()
    moves = json.loads(client.get(f"{table.url}/log.json").data)["moves"]
    assert [m["type"] for m in moves] == ["roll", "set_aside", "bank"]


def test_the_same_move_from_another_phone_is_news(live_server, phone, player, new_table, client):
    size = "{width}x{height}".format(**phone.viewport_size)
    table = new_table("tenk")
    assert table.roll(1, 1, 1, 2, 3, 4).status_code == 302
    phone.goto(live_server + table.url)
    player.pick(0, 1, 2)
    assert table.pick(0, 1, 2, bank=True).status_code == 302  # another phone, first
    player.press("Set aside and bank")
    player.shot(f"already-in-{size}")
    assert phone.locator(".error").count() == 0
    news = phone.locator("#now .flash")
    assert news.inner_text().startswith("That is already in: Ann's set-aside 1 1 1; Ann's bank")
    assert news.is_visible()
    moves = json.loads(client.get(f"{table.url}/log.json").data)["moves"]
    assert [m["type"] for m in moves] == ["roll", "set_aside", "bank"]
