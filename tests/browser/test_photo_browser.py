"""A roll read from a photo on a phone: the photo is sent as soon as it is chosen, scaled
down first when it is large; the pad shows the dice as read, the roll is not sent until the
table taps Enter roll (even with "send when the last die is tapped" on), and a die
corrected with taps is what is stored."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from tests.web.test_photos import unsure_of

pytestmark = pytest.mark.browser

SIX = Path(__file__).resolve().parents[1] / "vision" / "photos" / "roll6.jpg"  # 6 6 2 6 1 4


def moves(page, live_server: str, url: str) -> int:
    return len(page.request.get(live_server + url + "/log.json").json()["moves"])


def start_10k(page, player, live_server: str, *players: str) -> str:
    """Start a 10K table of ``players`` from the home page; its address."""
    page.goto(live_server + "/")
    page.get_by_role("link", name="10K", exact=True).tap()
    player.enter_pin()
    for i, name in enumerate(players):
        page.locator(f"input[name='players-{i}']").fill(name)
    player.press("Start the table")
    return page.url.split("#")[0].removeprefix(live_server)


def test_a_photo_fills_the_pad_and_the_table_corrects_and_sends(live_server, phone, player):
    page = phone
    url = start_10k(page, player, live_server, "Ann", "Bo")

    with page.expect_navigation():  # a photo is sent as soon as it is chosen
        page.set_input_files("input[name='photo']", str(SIX))
    assert "Read from the photo: 6 6 2 6 1 4." in page.content()
    tray = page.locator(".pad-group .tray .die.tapped")
    assert tray.all_inner_texts() == ["6", "6", "2", "6", "1", "4"]
    assert page.locator(".pad-note").inner_text() == "Every die is in: tap Enter roll."
    page.wait_for_timeout(300)
    assert moves(page, live_server, url) == 0  # nothing sent before the table says so

    tray.nth(5).tap()  # the 4 was a 5 after all: take it out, tap the 5
    with page.expect_navigation():  # the last die tapped sends the roll, as a tapped roll does
        page.locator(".face-tap[data-value='5']").tap()
    assert "Ann rolled 1 2 5 6 6 6" in player.ruling()
    assert moves(page, live_server, url) == 1


def test_a_large_photo_is_scaled_down_on_the_phone_before_it_is_sent(
    live_server, phone, player, tmp_path
):
    image = cv2.imread(str(SIX))
    large = cv2.resize(image, None, fx=4, fy=4, interpolation=cv2.INTER_CUBIC)  # 3,264 px
    path = tmp_path / "large.png"
    cv2.imwrite(str(path), large)
    page = phone
    start_10k(page, player, live_server, "Ann")
    sent = []
    page.on(
        "request",
        lambda r: sent.append(len(r.post_data_buffer or b"")) if "/photo" in r.url else None,
    )
    with page.expect_navigation():
        page.set_input_files("input[name='photo']", str(path))
    assert "Read from the photo: 6 6 2 6 1 4." in page.content()
    assert sent and sent[0] < path.stat().st_size / 4, (sent, path.stat().st_size)


UNSURE = Path(__file__).resolve().parents[1] / "web" / "photos" / "unsure6.jpg"  # 3 4 4 1? 6 6


def test_a_die_read_unsure_is_marked_in_the_tray_until_tapped_again(
    live_server, phone, player, monkeypatch
):
    unsure_of(monkeypatch, 4)  # the server runs in this process
    page = phone
    start_10k(page, player, live_server, "Ann")
    with page.expect_navigation():
        page.set_input_files("input[name='photo']", str(UNSURE))
    tray = page.locator(".pad-group .tray .die.tapped")
    assert tray.all_inner_texts() == ["3", "4", "4", "6", "1", "6"]
    assert [("unsure" in (tray.nth(i).get_attribute("class") or "")) for i in range(6)] == [
        False, False, False, False, True, False
    ]  # fmt: skip
    tray.nth(4).tap()  # the 1 was a 5: out, and the 5 tapped (the roll then goes by itself)
    assert page.locator(".pad-group .tray .die.unsure").count() == 0
    with page.expect_navigation():
        page.locator(".face-tap[data-value='5']").tap()
    assert "Ann rolled 3 4 4 5 6 6" in player.ruling()


def test_a_photo_being_confirmed_that_another_phone_overtakes_is_named_as_not_sent(
    live_server, phone, player, browser
):
    from tests.browser.kit import PHONE, Phone

    url = start_10k(phone, player, live_server, "Ann", "Bo")
    with phone.expect_navigation():
        phone.set_input_files("input[name='photo']", str(SIX))
    assert phone.locator(".pad-group .tray .die.tapped").count() == 6  # not sent yet
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    other = context.new_page()
    other.goto(live_server + url)
    with other.expect_navigation():
        other.get_by_role("button", name="A table phone, passed round").tap()
    Phone(other).roll(2, 2, 3, 3, 4, 6)  # Ann's roll, from the other phone
    said = phone.locator(".live-note .live-said")
    said.filter(has_text="The table moved on: Ann's roll 2 2 3 3 4 6.").wait_for(timeout=3500)
    assert "(6 6 2 6 1 4) was for the table before that, so it was not sent." in said.inner_text()
    assert phone.locator(".pad-group .tray .die.tapped").count() == 0
    assert moves(phone, live_server, url) == 1
    context.close()
