"""The page a photo comes back to (issue 37, a confirm step you can see): each die read is
given with its place and size in the photo and the form's place it fills, for the page to
outline on the phone's own copy; a board comes as it lies in the photo; a die of a colour
the game has not keeps its value; a photo turned by its EXIF tag and a 12-megapixel photo
straight from the camera read as the photo shows them.  The drawing itself is
``tests/browser/test_photo_browser.py``'s."""

from __future__ import annotations

import dataclasses
import html
import json
import re
import struct
import time
from pathlib import Path

import cv2
import numpy as np

from referee.vision import Reading
from tests.calibration import Pace
from tests.conftest import ONE_DATABASE
from tests.web.test_photos import (
    SQUARE,
    checked,
    moves_of,
    read_as,
    send_photo,
    textarea,
    unsure_of,
)

pytestmark = ONE_DATABASE

PHOTOS = Path(__file__).resolve().parent / "photos"
UNSURE6 = (PHOTOS / "unsure6.jpg").read_bytes()  # 3 4 4 6 1 6, loose
BLACK36 = (PHOTOS / "grid.jpg").read_bytes()  # a square of 36 black dice
SQUARE_ROWS = ["442432", "613445", "453325", "152361", "341241", "234655"]  # square.jpg
SQUARE_COLOURS = ["gopyrb", "oyrogg", "bgybyr", "ybyppb", "gbprrp", "ogpoor"]


def outlines(page: str) -> list[dict]:
    """The dice the page gives its photo's outlines (``photo_seen``'s data-dice)."""
    found = re.search(r"<figure class=\"photo-seen\" data-dice='([^']*)' hidden>", page)
    assert found, "no photo outlines on the page"
    return json.loads(html.unescape(found.group(1)))


def exif_turned(jpeg: bytes) -> bytes:
    """The photo stored turned a quarter anticlockwise, with the EXIF orientation tag (6:
    turn it a quarter clockwise to show it) that a phone's camera writes: shown as the tag
    says, it is the photo given."""
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    stored = cv2.rotate(image, cv2.ROTATE_90_COUNTERCLOCKWISE)
    data = cv2.imencode(".jpg", stored, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()
    tiff = b"MM\x00\x2a\x00\x00\x00\x08" + struct.pack(">HHHIHH", 1, 0x0112, 3, 1, 6, 0)
    tiff += b"\x00\x00\x00\x00"  # no next directory
    app1 = b"\xff\xe1" + struct.pack(">H", len(tiff) + 8) + b"Exif\x00\x00" + tiff
    return data[:2] + app1 + data[2:]


def twelve_megapixels(jpeg: bytes) -> bytes:
    """The photo as a phone's camera sends it: 3,000 x 4,000 pixels (the table's edges
    mirrored out to 3:4), with a sensor's grain, a JPEG of a few megabytes."""
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    height, width = image.shape[:2]
    grow = round(width * 4 / 3) - height
    image = cv2.copyMakeBorder(image, grow // 2, grow - grow // 2, 0, 0, cv2.BORDER_REFLECT)
    large = cv2.resize(image, (3000, 4000), interpolation=cv2.INTER_CUBIC)
    grain = np.random.default_rng(37).normal(0, 6, large.shape)
    large = np.clip(large + grain, 0, 255).astype(np.uint8)
    return cv2.imencode(".jpg", large, [cv2.IMWRITE_JPEG_QUALITY, 95])[1].tobytes()


def test_the_page_gives_each_die_read_its_place_in_the_photo_and_its_field(new_table, monkeypatch):
    table = new_table("tenk")
    unsure_of(monkeypatch, 3)
    answer = send_photo(table, UNSURE6)
    assert answer.status_code == 200
    read = read_as(UNSURE6).dice
    dice = outlines(answer.text)
    assert [(d["x"], d["y"]) for d in dice] == [die.center for die in read]
    assert [d["v"] for d in dice] == [die.value for die in read]
    assert [d["f"] for d in dice] == ["d0", "d1", "d2", "d3", "d4", "d5"]
    assert [d["u"] for d in dice] == [False, False, False, True, False, False]
    assert all(35 < d["s"] < 70 for d in dice), dice  # a die's side: about 50 px here
    # Without JavaScript the figure stays hidden and the form is as before: every die ticked.
    assert checked(answer.text) == [str(die.value) for die in read]
    assert 'src="/static/js/photo-seen.js?v=' in answer.text
    assert moves_of(table) == 0


def test_a_page_without_a_photo_read_draws_none(new_table):
    page = new_table("tenk").page()
    assert "photo-seen" not in page


def test_a_square_of_dice_of_no_colour_the_game_has_keeps_their_values(new_table):
    """36 black dice read right (Six D Six has no black): their values are the square's,
    their colours left for the table to pick; nothing is refused."""
    table = new_table("sixd-six")
    answer = send_photo(table, BLACK36)
    assert answer.status_code == 200, answer.text
    page = html.unescape(answer.text)
    read = read_as(BLACK36, "grid", (6, 6)).rows
    assert textarea(page, "board").split("\n") == [
        "".join(str(d.value) for d in row) for row in read
    ]
    assert textarea(page, "colours").split("\n") == ["......"] * 6
    assert "36 dice of a colour this game has not: pick their colours." in page
    assert "read unsure" not in page
    assert moves_of(table) == 0


def test_a_die_the_reader_calls_other_keeps_its_value_and_its_colour_is_left_to_pick(
    new_table, monkeypatch
):
    """The classifier's "other" (a marbled or gold die) is a colour no game has."""
    from referee.web.play import photo_fill

    real = photo_fill.read_photo_each

    def marbled(data, layout, shapes):  # type: ignore[no-untyped-def]
        readings = real(data, layout, shapes)
        return [
            dataclasses.replace(
                r, rows=[[dataclasses.replace(row[0], colour="other"), *row[1:]] for row in r.rows]
            )
            if isinstance(r, Reading)
            else r
            for r in readings
        ]

    monkeypatch.setattr(photo_fill, "read_photo_each", marbled)
    answer = send_photo(new_table("sixd-six"), SQUARE)
    assert answer.status_code == 200, answer.text
    page = html.unescape(answer.text)
    assert textarea(page, "board").split("\n") == SQUARE_ROWS
    assert textarea(page, "colours").split("\n") == ["." + row[1:] for row in SQUARE_COLOURS]
    assert "6 dice of a colour this game has not: pick their colours." in page


def turned_reading(turn):  # type: ignore[no-untyped-def]
    """A reader that numbers a board's rows and columns from another corner: ``turn`` maps
    its rows to the rows it gives (each die keeping its centre in the photo)."""
    from referee.web.play import photo_fill

    real = photo_fill.read_photo_each

    def read_each(data, layout, shapes):  # type: ignore[no-untyped-def]
        return [
            dataclasses.replace(r, rows=turn(r.rows)) if isinstance(r, Reading) else r
            for r in real(data, layout, shapes)
        ]

    return read_each


def test_a_board_comes_as_it_lies_in_the_photo_whichever_corner_the_reader_starts_from(
    new_table, monkeypatch
):
    from referee.web.play import photo_fill

    turns = {
        "a quarter clockwise": lambda rows: [list(col) for col in zip(*rows[::-1], strict=True)],
        "a quarter anticlockwise": lambda rows: [list(col) for col in zip(*rows, strict=True)][
            ::-1
        ],
        "half round": lambda rows: [row[::-1] for row in rows[::-1]],
        "turned over": lambda rows: [list(col) for col in zip(*rows, strict=True)],
    }
    for turn in turns.values():
        monkeypatch.setattr(photo_fill, "read_photo_each", turned_reading(turn))
        table = new_table("sixd-six")
        answer = send_photo(table, SQUARE)
        assert answer.status_code == 200, answer.text
        page = html.unescape(answer.text)
        assert textarea(page, "board").split("\n") == SQUARE_ROWS  # the top row along the top
        assert textarea(page, "colours").split("\n") == SQUARE_COLOURS
        dice = outlines(answer.text)
        assert [d["f"] for d in dice] == [str(i) for i in range(36)]
        assert dice[0]["x"] < dice[5]["x"] and dice[0]["y"] < dice[30]["y"]


def test_the_dice_to_check_on_a_board_are_counted_in_one_short_sentence(new_table, monkeypatch):
    unsure_of(monkeypatch, *range(0, 36, 2))  # 18 of 36: half, not more
    answer = send_photo(new_table("sixd-six"), SQUARE)
    assert answer.status_code == 200, answer.text
    said = re.search(r'<p class="flash" role="status">([^<]*)</p>', answer.text).group(1)
    assert said == (
        "Read from the photo: 6 rows of 6. Check the 18 dice marked ?. Turn it to lie as on "
        "the table, then send it."
    )
    assert sum(d["u"] for d in outlines(answer.text)) == 18


def test_a_photo_turned_by_its_exif_tag_reads_as_it_is_shown(new_table):
    """The phone draws the photo as its EXIF orientation says; the reader reads it so too,
    so the places of its dice are where the page draws them."""
    turned = exif_turned(UNSURE6)
    stored = cv2.imdecode(np.frombuffer(turned, np.uint8), cv2.IMREAD_UNCHANGED)
    assert stored.shape[:2] == (570, 686)  # stored on its side: 686 wide, 570 high
    answer = send_photo(new_table("tenk"), turned)
    assert answer.status_code == 200
    upright = outlines(send_photo(new_table("tenk"), UNSURE6).text)
    for die, shown in zip(outlines(answer.text), upright, strict=True):
        assert die["v"] == shown["v"]
        assert abs(die["x"] - shown["x"]) <= 3 and abs(die["y"] - shown["y"]) <= 3


def test_a_twelve_megapixel_photo_straight_from_the_camera_reads_as_a_scaled_one(new_table):
    """Without JavaScript the phone sends the camera's own photo: it is taken (under
    ``PHOTO_BYTES``) and read as the small one is, its places in its own pixels."""
    from referee.web.play.photos import PHOTO_BYTES

    large = twelve_megapixels(UNSURE6)
    assert 3_000_000 < len(large) < PHOTO_BYTES, len(large)
    table = new_table("tenk")
    pace = Pace()
    started = time.process_time()  # every thread's: the reader's own included
    answer = send_photo(table, large)
    took = time.process_time() - started
    assert answer.status_code == 200, answer.text
    small = read_as(UNSURE6).dice
    assert checked(answer.text) == [str(d.value) for d in small]
    scale = 4000 / (round(570 * 4 / 3))  # the photo's pixels to the large one's
    for die, was in zip(outlines(answer.text), small, strict=True):
        assert abs(die["x"] - was.center[0] * scale) < 20
        assert abs(die["s"] - was.side * scale) < 0.25 * was.side * scale
    # Of CPU at this project's machine's pace (``tests.calibration``): a second or two on a
    # shared machine; the reader's own budget is 1 s.
    pace.check(took, 5.0, "the photo")
    assert moves_of(table) == 0
