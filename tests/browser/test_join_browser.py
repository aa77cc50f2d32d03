"""Joining on a phone: the play page's panel stays one line under the turn until opened, then
shows the QR code; the home page's field takes the join code to the table."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_the_join_panel_opens_to_a_qr_code_and_the_code_joins(
    live_server, phone, player, stored, tiny_log
):
    (token,) = stored(tiny_log(("Ann", "Bo"), "win", target=100))  # the game does not matter
    phone.goto(f"{live_server}/t/{token}")
    panel = phone.locator("details.join-panel")
    turn = phone.locator("section.turn").bounding_box()
    closed = panel.bounding_box()
    assert closed["y"] > turn["y"] + turn["height"]  # under the turn, never above it
    assert closed["height"] < 60  # one line while closed
    assert panel.locator("summary").inner_text() == f"Join this table {token[:4]} {token[4:8]}"
    qr = panel.locator("img.qr")
    assert not qr.is_visible()
    panel.locator("summary").tap()
    qr.scroll_into_view_if_needed()
    # Polled from here: wait_for_function would eval in the page, which its CSP forbids.
    for _ in range(50):
        if qr.evaluate("img => img.complete && img.naturalWidth > 0"):
            break
        phone.wait_for_timeout(100)
    assert qr.evaluate("img => img.naturalWidth") > 0
    box = qr.bounding_box()
    assert 120 <= box["width"] <= 180 and box["x"] + box["width"] <= 390
    player.shot("join-panel")

    phone.goto(f"{live_server}/")
    phone.locator("#join-code").fill(f"{token[:4].upper()} {token[4:8].upper()}")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Join", exact=True).tap()
    assert phone.url == f"{live_server}/t/{token}"
