"""Six D One's board read from a photo (its ``photo_entry``): typed back row by row in the
shape of its dice; nothing is stored until the table sends the filled form.  A photo of
another count of dice, or no photo at all, is a 422 with a sentence.  The photos are renders
(``tests/web/photos/make.py``)."""

from __future__ import annotations

import html
from pathlib import Path

from tests.conftest import ONE_DATABASE
from tests.web.test_photos import SQUARE, moves_of, send_photo, textarea

pytestmark = ONE_DATABASE

PHOTOS = Path(__file__).resolve().parents[2] / "web" / "photos"


def test_a_photo_of_six_d_ones_board_is_read_in_the_shape_of_its_dice(new_table):
    table = new_table("sixd-one", players=("Ann", "Bo"))  # a board of 12 dice
    answer = send_photo(table, (PHOTOS / "board12.jpg").read_bytes())
    assert answer.status_code == 200, answer.text
    numbers = textarea(answer.text, "board")
    assert numbers.split("\n") == ["5452", "1336", "3452"]
    assert moves_of(table) == 0
    assert table.post(action="board", board=numbers).status_code == 302
    assert moves_of(table) == 1


def test_a_photo_of_six_d_ones_board_with_another_count_says_so(new_table):
    table = new_table("sixd-one", players=("Ann", "Bo"))
    answer = send_photo(table, SQUARE)  # 36 dice, and the board has 12
    assert answer.status_code == 422
    assert "The photo does not look like this board of 12 dice" in html.unescape(answer.text)
    assert moves_of(table) == 0


def test_no_photo_at_all_is_refused_where_every_shape_of_a_board_is_tried(new_table):
    table = new_table("sixd-one", players=("Ann", "Bo"))
    answer = send_photo(table, b"not a photo at all")
    assert answer.status_code == 422 and "Nothing was entered" in answer.text
    assert moves_of(table) == 0
