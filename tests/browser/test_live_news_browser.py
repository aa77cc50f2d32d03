"""The note a live update leaves names what changed (issue 47): the odds switched on, a seat
a phone took (at once), a player's move; and what a phone had ticked and could not send is
said in words (a Six D Six die by its row and column counted from 1), never as the code it
posts."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from referee.log import loads
from tests.conftest import ONE_DATABASE

pytestmark = [pytest.mark.browser, ONE_DATABASE]

SIXD_SIX = Path(__file__).resolve().parents[2] / "seeds" / "sixd-six-finished.json"
CODE = re.compile(r"\(\d+, ?\d+\)|\[\d+, ?\d+\]|\b\d,\d\b")


def take_seat(live_server: str, page, token: str, seat: str) -> None:
    """The phone on ``page`` takes seat ``seat`` (its number from 0), as its question's
    answer posts it, and shows the table again."""
    csrf = page.locator("input[name='csrf_token']").first.input_value()
    sat = page.request.post(f"{live_server}/t/{token}/seat", form={"as": seat, "csrf_token": csrf})
    assert sat.ok
    page.goto(f"{live_server}/t/{token}")


def note_of(page):
    """The page's live note, once it says the table moved on."""
    said = page.locator(".live-note .live-said", has_text="The table moved on")
    said.wait_for(timeout=3500)
    return said.inner_text()


def test_the_odds_switched_on_by_another_phone_are_named(
    live_server, stored, tenk_log, phone, player, second_phone
):
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    for page in (phone, second_phone):
        page.goto(f"{live_server}/t/{token}")
    with second_phone.expect_navigation():
        second_phone.locator("form.odds-switch button").tap()
    assert note_of(phone) == "The table moved on: the odds were switched on."
    player.shot("live-news-odds")


def test_a_seat_taken_and_then_a_move_are_each_named(
    live_server, stored, tenk_log, phone, player, second_phone
):
    """A seat taken moves the table's version on, so the page hears of it at once."""
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    for page in (phone, second_phone):
        page.goto(f"{live_server}/t/{token}")
    take_seat(live_server, second_phone, token, "1")  # Bo's
    assert note_of(phone) == "The table moved on: a phone took Bo’s seat."
    type(player)(second_phone).roll(2, 2, 3, 3, 4, 6)
    rolled = phone.locator(".live-note .live-said", has_text="Bo's roll")
    rolled.wait_for(timeout=3500)
    assert rolled.inner_text() == "The table moved on: Bo's roll 2 2 3 3 4 6."


def test_a_six_d_six_die_ticked_and_not_sent_is_said_by_row_and_column(
    live_server, stored, phone, player, second_phone
):
    from tests.games.sixd_six.test_browser import take

    log = loads(SIXD_SIX.read_text(encoding="utf-8"))
    (token,) = stored(dataclasses.replace(log, moves=log.moves[:-2]))
    for page in (phone, second_phone):
        page.goto(f"{live_server}/t/{token}")
    move = log.moves[-2]
    r, c = move["cells"][0]
    phone.locator(f"form.take-pick label.cell.tick[data-cell='{r},{c}']").tap()
    take(second_phone, None, move["cells"], move["place"])
    said = note_of(phone)
    player.shot("live-news-sixd-six")
    assert f"at row {r + 1}, column {c + 1}) was for the table before that" in said
    assert not CODE.search(said), said


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 320, "height": 640}])
def test_a_phone_whose_split_another_followed_keeps_its_own_ruling(
    live_server, stored, phone, player, second_phone, size
):
    from referee.log import GameLog

    (token,) = stored(
        GameLog(
            "solitaire",
            ("Ann", "Bob", "Cat"),
            {},
            ({"type": "roll", "dice": ["1", "1", "3", "5", "6"]},),
        )
    )
    for page, seat in ((phone, "1"), (second_phone, "2")):
        page.set_viewport_size(size)
        page.goto(f"{live_server}/t/{token}")
        take_seat(live_server, page, token, seat)
    version = phone.locator(".live-note").get_attribute("data-version")
    with phone.expect_navigation():
        phone.locator(".split-option").first.tap()  # Bob's split, then Cat's
    phone.locator(f'.live-note:not([data-version="{version}"])').wait_for(state="attached")
    with second_phone.expect_navigation():
        second_phone.locator(".split-option").first.tap()
    note_of(phone)  # Bob's page followed the table
    said = phone.locator(".ruling p").all_inner_texts()
    player.shot(f"own-ruling-{size['width']}")
    assert said[0].startswith("Cat:") and said[1].startswith("This phone’s move: Bob:")
