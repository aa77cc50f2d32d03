"""As a user on a phone: undoing a whole turn from the undo box (a setup move, such as Six D
Six's rolled square, stays: ``tests/games/sixd_six/test_browser.py``), and merging two names
into one player, confirming what moves, then splitting it back."""

from __future__ import annotations

import pytest

from referee.log import GameLog
from tests.browser.kit import PHONE
from tests.conftest import HOUSE_PIN

pytestmark = pytest.mark.browser


def enter_pin(phone) -> None:
    phone.locator("input[name='pin']").fill(HOUSE_PIN)
    with phone.expect_navigation():
        phone.get_by_role("button", name="Enter", exact=True).tap()


def test_undo_a_whole_turn_from_the_undo_box(live_server, phone, player, stored):
    moves = (
        {"player": "Ann", "type": "roll", "dice": ["1", "1", "1", "2", "3", "4"]},
        {"player": "Ann", "type": "set_aside", "dice": ["1", "1", "1"]},
        {"player": "Ann", "type": "bank"},
        {"player": "Bo", "type": "roll", "dice": ["1", "2", "3", "4", "6", "6"]},
        {"player": "Bo", "type": "set_aside", "dice": ["1"]},
        {"player": "Bo", "type": "roll", "dice": ["5", "2", "3", "4", "6"]},
    )
    (token,) = stored(GameLog("tenk", ("Ann", "Bo"), {"entry": 0}, moves))
    phone.goto(f"{live_server}/t/{token}")
    whole = phone.locator("details.undo-turn")
    assert whole.locator("summary").inner_text() == (
        "Undo Bo's whole turn (3 moves: roll, set-aside, roll)"
    )
    whole.locator("summary").tap()
    assert whole.locator(".undo-moves li").all_inner_texts() == [
        "roll 1 2 3 4 6 6",
        "set-aside 1",
        "roll 5 2 3 4 6",
    ]
    whole.scroll_into_view_if_needed()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    player.shot("undo-whole-turn")
    player.press("Yes, undo all 3 moves")
    assert "Undone: Bo's whole turn (3 moves: roll 1 2 3 4 6 6; set-aside 1; roll 5 2 3 4 6)." in (
        phone.locator(".flash").inner_text()
    )
    undone = phone.locator(".flash").bounding_box()  # in view: the post lands on #now
    assert (
        undone is not None
        and 0 <= undone["y"]
        and undone["y"] + undone["height"] <= PHONE["height"]
    )
    # Now Ann's banked turn is the last one, and it is over.
    phone.locator("details.undo-turn summary").tap()
    assert "Ann's turn is over. Undo all 3 of its moves?" in (
        phone.locator("details.undo-turn").inner_text()
    )


def test_merge_two_names_confirming_what_moves_then_split_back(
    live_server, phone, player, stored, tenk_log
):
    stored(
        tenk_log(("Sid", "Ann"), "win", "bust"),
        tenk_log(("Ned", "Bo"), "win", "bust"),
        tenk_log(("Bo", "Ned"), "win", "bust"),
    )
    phone.goto(f"{live_server}/players/sid")
    enter_pin(phone)
    card = phone.locator("#merge")
    assert "Another name Sid played under" in card.inner_text()
    card.locator("input[name=find]").fill("ne")
    player.press("Look it up")
    with phone.expect_navigation():
        phone.locator("#merge").get_by_role("link", name="Ned", exact=True).tap()
    assert phone.locator("h1").inner_text() == "Merge “Ned” into “Sid”?"
    preview = phone.locator(".merge-preview")
    assert "The name Ned disappears into Sid" in preview.inner_text()
    rows = preview.locator("table tr").all_inner_texts()
    assert [" ".join(r.split()) for r in rows[1:]] == [
        "Moving from Ned 2 2 1",
        "Sid now 1 1 1",
        "Sid after 3 3 2",
    ]
    player.shot("merge-confirmation")
    player.press("Merge Ned into Sid")
    assert phone.locator("h1").inner_text() == "Sid"
    assert "“Ned” is now counted as Sid: 2 tables and 1 win moved." in (
        phone.locator(".flash").inner_text()
    )
    player.shot("merge-done")
    player.press("Split “Ned” back out")
    assert "Split back: “Ned” counts as a player of their own again" in (
        phone.locator(".flash").inner_text()
    )
    phone.goto(f"{live_server}/players/ned")
    assert phone.locator("h1").inner_text() == "Ned"
