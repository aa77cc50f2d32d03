"""Six D Six's rolled square read from a photo (its ``photo_entry``): the numbers and the
colours come back typed row by row, the dice to check named and marked; nothing is stored
until the table sends the filled form.  A photo that is not a square of 36 dice is a 422 with
a sentence.  The photos are renders (``tests/web/photos/make.py``)."""

from __future__ import annotations

import html
from pathlib import Path

from tests.conftest import ONE_DATABASE
from tests.web.test_photos import FOUR, SQUARE, moves_of, send_photo, textarea, unsure_of

pytestmark = ONE_DATABASE

BOARD3 = (Path(__file__).resolve().parents[2] / "vision" / "photos" / "board.jpg").read_bytes()
LOOSE21 = (Path(__file__).resolve().parents[2] / "web" / "photos" / "loose21.jpg").read_bytes()


def test_a_photo_of_the_square_fills_numbers_and_colours_and_marks_the_unsure(
    new_table, monkeypatch
):
    table = new_table("sixd-six")
    unsure_of(monkeypatch, 3, 14, 30)
    answer = send_photo(table, SQUARE)
    assert answer.status_code == 200, answer.text
    page = html.unescape(answer.text)
    numbers, colours = textarea(page, "board"), textarea(page, "colours")
    assert numbers.split("\n") == [
        "442432", "613445", "453325", "152361", "341241", "234655"
    ]  # fmt: skip
    assert colours.split("\n") == [
        "gopyrb", "oyrogg", "bgybyr", "ybyppb", "gbprrp", "ogpoor"
    ]  # fmt: skip
    assert "Read from the photo: 6 rows of 6." in page
    assert "Check the 3 dice marked ?." in page  # counted: the board marks them
    assert 'data-turn="1" data-unsure="3 14 30"' in page
    assert moves_of(table) == 0 and "enters the rolled square" in table.page()
    sent = table.post(action="board", board=numbers, colours=colours)
    assert sent.status_code == 302
    assert moves_of(table) == 1
    stored = table.client.get(f"{table.url}/log.json").get_json()["moves"][0]["board"]
    assert stored[0] == ["4g", "4o", "2p", "4y", "3r", "2b"]


def test_a_photo_that_is_no_square_of_36_dice_says_so(new_table):
    table = new_table("sixd-six")
    answer = send_photo(table, BOARD3)  # a board of 9
    assert answer.status_code == 422
    assert "The photo does not look like this board of 36 dice" in html.unescape(answer.text)
    assert moves_of(table) == 0


def test_a_photo_of_loose_dice_is_told_it_is_not_a_board(new_table):
    """21 loose dice, or a roll of 4, sent as the square: no board, said so (issue 47), where
    it was "35 of its 36 dice read unsure"."""
    table = new_table("sixd-six")
    for photo, dice in ((LOOSE21, 21), (FOUR, 4)):
        answer = send_photo(table, photo)
        assert answer.status_code == 422
        said = html.unescape(answer.text)
        assert (
            f"The photo shows {dice} dice lying loose, not a board: take the whole board from "
            "above. Nothing was entered."
        ) in said
        assert "read unsure" not in said
    assert moves_of(table) == 0
