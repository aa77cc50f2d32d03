"""The board games' entries read from a photo (``photo_entry``): Six D Six's square, Six D
Three's grid and Six D One's board come back typed row by row, Six D Two's pool colour by
colour, the dice to check named and marked; nothing is stored, and the game is unchanged,
until the table sends the filled form.  A photo that is not that board is a 422 with a
sentence.  The photos are renders (``tests/web/photos/make.py``)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from tests.conftest import ONE_DATABASE
from tests.web.test_photos import FOUR, moves_of, read_as, send_photo, unsure_of

pytestmark = ONE_DATABASE

PHOTOS = Path(__file__).resolve().parent / "photos"
SQUARE = (PHOTOS / "square.jpg").read_bytes()
BOARD3 = (Path(__file__).resolve().parents[1] / "vision" / "photos" / "board.jpg").read_bytes()


def textarea(page: str, name: str) -> str:
    """What the textarea ``name`` holds."""
    found = re.search(rf'<textarea name="{name}"[^>]*>([^<]*)</textarea>', page)
    assert found, name
    return html.unescape(found.group(1))


def field(page: str, name: str) -> str:
    """The value of the input ``name``."""
    found = re.search(rf'name="{name}"[^>]*value="([^"]*)"', page, re.S)
    assert found, name
    return found.group(1)


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
    for photo in (BOARD3, FOUR):  # a board of 9, a loose roll of 4
        answer = send_photo(table, photo)
        assert answer.status_code == 422
        assert "The photo does not look like this board of 36 dice" in html.unescape(answer.text)
    assert moves_of(table) == 0


def test_a_photo_of_the_black_grid_fills_it_row_by_row(new_table):
    table = new_table("sixd-three")
    answer = send_photo(table, (PHOTOS / "grid.jpg").read_bytes())
    assert answer.status_code == 200, answer.text
    numbers = textarea(answer.text, "board")
    assert numbers.split("\n")[0] == "434215" and len(numbers.split("\n")) == 6
    assert moves_of(table) == 0
    assert table.post(action="board", board=numbers).status_code == 302
    assert moves_of(table) == 1


def test_a_photo_of_a_hand_dealt_fills_each_dies_colour_and_value(new_table, monkeypatch):
    table = new_table("sixd-three")
    unsure_of(monkeypatch, 0, 2)
    grid = "\n".join(["123456", "234561", "345612", "456123", "561234", "612345"])
    assert table.post(action="board", board=grid).status_code == 302  # now the deal
    answer = send_photo(table, (PHOTOS / "hand.jpg").read_bytes())
    assert answer.status_code == 200, answer.text
    page = html.unescape(answer.text)
    taps = re.findall(r'name="([cd]\d)" value="(\w)"[^>]*checked', page)
    assert sorted(taps) == [
        ("c0", "r"),
        ("c1", "g"),
        ("c2", "b"),
        ("d0", "2"),
        ("d1", "1"),
        ("d2", "2"),
    ]
    assert (
        "Read from the photo: red 2, green 1, blue 2. Check the red 2 at top left and the "
        "blue 2 at the bottom: marked ?." in page
    )  # named by where they lie in the photo
    assert page.count('class="die-taps unsure"') == 2
    assert moves_of(table) == 1
    sent = table.post(action="draw", c0="r", d0="2", c1="g", d1="1", c2="b", d2="2")
    assert sent.status_code == 302 and moves_of(table) == 2


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


def test_a_photo_of_the_pool_fills_each_colour(new_table, monkeypatch):
    table = new_table("sixd-two")
    photo = (PHOTOS / "pool.jpg").read_bytes()
    reds = [i for i, die in enumerate(read_as(photo).dice) if die.colour == "red"]
    unsure_of(monkeypatch, reds[1])  # the second red die
    answer = send_photo(table, photo)
    assert answer.status_code == 200, answer.text
    pool = {c: field(answer.text, f"pool_{c}") for c in "rygbopk"}
    assert pool == {"r": "32", "y": "2", "g": "13", "b": "2", "o": "5", "p": "1", "k": "26"}
    assert "Check the red 2 at the bottom: marked ?." in answer.text
    assert 'class="colour-entry" data-unsure="r1"' in answer.text
    assert '<details class="pool-entry" open>' in answer.text
    assert moves_of(table) == 0
    sent = table.post(action="roll", **{f"pool_{c}": v for c, v in pool.items()})
    assert sent.status_code == 302
    assert moves_of(table) == 1


def test_no_photo_at_all_is_refused_where_every_shape_of_a_board_is_tried(new_table):
    table = new_table("sixd-one", players=("Ann", "Bo"))
    answer = send_photo(table, b"not a photo at all")
    assert answer.status_code == 422 and "Nothing was entered" in answer.text
    assert moves_of(table) == 0
