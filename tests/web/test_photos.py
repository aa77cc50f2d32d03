"""A roll read from a photo (``referee/web/play/photos.py``): the page comes back with the dice
filled in and nothing stored; the table sends the form as usual.  Bad photos get a sentence
and a 4xx, and the table is left as it was.  The reading itself is ``tests/vision``'s."""

from __future__ import annotations

import dataclasses
import html
import re
from pathlib import Path

import cv2
import numpy as np
import pytest

from referee.vision import Reading
from tests.conftest import ONE_DATABASE

PHOTOS = Path(__file__).resolve().parents[1] / "vision" / "photos"
SIX = (PHOTOS / "roll6.jpg").read_bytes()  # a loose roll of six: 6r 6 2r 1g 4k 6o
FOUR = (PHOTOS / "roll.jpg").read_bytes()  # four dice
READ = ["6", "6", "2", "1", "4", "6"]

# The reading does not depend on the database: the route's storage is the move route's.
pytestmark = ONE_DATABASE


BOUNDARY = "----referee-photo-test"


def multipart(fields: dict[str, str], photo: bytes | None) -> bytes:
    """A multipart body as a phone sends it, encoded here: werkzeug's test client would spool
    a large one to a temporary file it never closes."""
    parts = [
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    ]
    if photo is not None:
        head = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="dice.jpg"'
        parts.append(f"{head}\r\nContent-Type: image/jpeg\r\n\r\n".encode() + photo + b"\r\n")
    return b"".join(parts) + f"--{BOUNDARY}--\r\n".encode()


def post_photo(client, url: str, fields: dict[str, str], photo: bytes | None):
    """Post the photo form's fields and ``photo`` to ``url``."""
    content_type = f"multipart/form-data; boundary={BOUNDARY}"
    return client.post(url, data=multipart(fields, photo), content_type=content_type)


def unsure_of(monkeypatch, *places: int, of_colour_only: bool = False) -> None:
    """Make the route's reader unsure of the dice at ``places`` (their order in the reading,
    a board's row by row; ``of_colour_only``: sure of their values) and sure of the others:
    which dice a model doubts changes with the model, what the page does with doubted dice
    does not."""
    from referee.web.play import photo_fill

    real = photo_fill.read_photo_each

    def judged(reading):  # type: ignore[no-untyped-def]
        if not isinstance(reading, Reading):
            return reading  # a shape the photo refused
        flat = [die for row in reading.rows for die in row] or reading.dice
        doubted = {id(flat[place]) for place in places}

        def die_judged(die):  # type: ignore[no-untyped-def]
            sure = 0.5 if id(die) in doubted else 0.99
            value_sure = 0.99 if of_colour_only else sure
            return dataclasses.replace(die, confidence=sure, value_confidence=value_sure)

        rows = [[die_judged(die) for die in row] for row in reading.rows]
        return dataclasses.replace(reading, rows=rows, dice=[die_judged(d) for d in reading.dice])

    def read_each(data: bytes, layout: str, shapes):  # type: ignore[no-untyped-def]
        return [judged(reading) for reading in real(data, layout, shapes)]

    monkeypatch.setattr(photo_fill, "read_photo_each", read_each)


def read_as(photo: bytes, layout: str = "loose", shape=None):  # type: ignore[no-untyped-def]
    """What the shipped model reads in ``photo``."""
    from referee.vision import read_photo

    return read_photo(photo, layout, shape)


def send_photo(table, photo: bytes | None, **fields):
    """Post ``photo`` as the page's photo form does (current seq and token unless given)."""
    seq, token = table.form_fields()
    form = {"seq": str(seq), "csrf_token": token, **fields}
    return post_photo(table.client, f"{table.url}/photo", form, photo)


def checked(page: str) -> list[str]:
    """The die values the page's roll form has ticked, die by die."""
    found = dict(re.findall(r'name="d(\d)" value="(\d)" checked', page))
    return [found.get(str(i), "") for i in range(len(found))]


def moves_of(table) -> int:
    return len(table.client.get(f"{table.url}/log.json").get_json()["moves"])


def textarea(page: str, name: str) -> str:
    """What the textarea ``name`` holds."""
    found = re.search(rf'<textarea name="{name}"[^>]*>([^<]*)</textarea>', page)
    assert found, name
    return html.unescape(found.group(1))


def test_the_table_page_offers_a_photo_of_the_roll(new_table):
    page = new_table("tenk").page()
    assert 'enctype="multipart/form-data"' in page
    assert 'type="file" name="photo" accept="image/*" capture="environment"' in page


def test_a_photo_fills_in_the_roll_and_stores_nothing_until_the_table_sends_it(new_table):
    table = new_table("tenk")
    answer = send_photo(table, SIX)
    assert answer.status_code == 200
    assert checked(answer.text) == READ
    assert "Read from the photo: 6 6 2 1 4 6." in answer.text
    assert moves_of(table) == 0  # nothing stored
    assert table.roll(*map(int, READ)).status_code == 302
    assert moves_of(table) == 1 and "Ann rolled 1 2 4 6 6 6" in table.ruling()


@pytest.mark.parametrize("slug", ["lucky7", "solitaire"])
def test_a_photo_of_the_wrong_number_of_dice_says_so(new_table, slug):
    table = new_table(slug)
    answer = send_photo(table, FOUR)
    assert answer.status_code == 422
    wanted = "8" if slug == "lucky7" else "5"
    assert f"The photo shows 4 dice, and this roll has {wanted}" in answer.text
    assert moves_of(table) == 0


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"not a photo at all", "Nothing was entered"),
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "Nothing was entered"),
        (b"", "Nothing was entered"),
    ],
)
def test_what_is_no_photo_is_refused_with_a_sentence(new_table, data, said):
    table = new_table("tenk")
    answer = send_photo(table, data)
    assert answer.status_code == 422 and said in answer.text
    assert moves_of(table) == 0


def test_a_post_without_a_photo_asks_for_one(new_table):
    table = new_table("tenk")
    answer = send_photo(table, None)
    assert answer.status_code == 400 and "Choose a photo of the dice first." in answer.text


def test_a_photo_may_be_larger_than_other_posts_but_not_past_ten_megabytes(new_table):
    table = new_table("tenk")
    padded = SIX + b"\x00" * (3 * 1024 * 1024)  # a phone's photo: more than other forms take
    assert send_photo(table, padded).status_code == 200
    assert table.post(action="roll", note="x" * (3 * 1024 * 1024)).status_code == 413
    assert send_photo(table, SIX + b"\x00" * (11 * 1024 * 1024)).status_code == 413
    assert moves_of(table) == 0


def test_a_table_that_waits_for_no_roll_says_to_tap(new_table):
    table = new_table("tenk")
    assert table.roll(1, 1, 1, 5, 2, 6).status_code == 302  # now a set-aside is due
    answer = send_photo(table, SIX)
    assert answer.status_code == 422 and "no roll to enter now" in answer.text
    assert moves_of(table) == 1


def test_a_forged_or_stray_photo_changes_nothing(new_table, app):
    table = new_table("tenk")
    forged = send_photo(table, SIX, csrf_token="forged")
    assert forged.status_code == 400
    stranger = app.test_client()
    seq, token = table.form_fields()
    fields = {"seq": str(seq), "csrf_token": token}
    unknown = post_photo(stranger, "/t/" + "0" * 32 + "/photo", fields, SIX)
    assert unknown.status_code in (400, 404)
    assert moves_of(table) == 0


KEYS = (Path(__file__).resolve().parent / "photos" / "keys.jpg").read_bytes()  # 8 white, 2 red
# 8 red base dice and 2 green keys
GREEN_KEYS = (Path(__file__).resolve().parent / "photos" / "greenkeys.jpg").read_bytes()
# Six D Six's square of 36 dice (tests/web/photos/make.py renders it)
SQUARE = (Path(__file__).resolve().parent / "photos" / "square.jpg").read_bytes()


def test_a_die_cut_by_the_photos_edge_is_read_named_and_marked(new_table):
    table = new_table("tenk")
    whole = cv2.imdecode(np.frombuffer(SIX, np.uint8), cv2.IMREAD_COLOR)
    photo = cv2.imencode(".jpg", whole[125:], [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()
    dice = read_as(photo).dice  # the top die lies half out of the photo
    assert [die.cut for die in dice] == [True] + [False] * 5
    answer = send_photo(table, photo)
    assert answer.status_code == 200
    read = " ".join(str(die.value) for die in dice)
    cut = f"the red {dice[0].value} at the top, cut by the photo's edge"
    assert f"Read from the photo: {read}. Check {cut}: marked ?." in html.unescape(answer.text)
    rows = re.findall(r'<fieldset class="die-row( unsure)?"', answer.text)
    assert rows == [" unsure", "", "", "", "", ""]
    assert moves_of(table) == 0


def test_a_die_unsure_only_of_its_colour_goes_in_unmarked_where_colours_are_not_entered(
    new_table, monkeypatch
):
    table = new_table("tenk")
    unsure_of(monkeypatch, 3, of_colour_only=True)
    answer = send_photo(table, (Path(__file__).parent / "photos" / "unsure6.jpg").read_bytes())
    assert answer.status_code == 200
    assert "Read from the photo: 3 4 4 6 1 6. Then enter the roll." in answer.text
    assert "marked ?" not in answer.text
    rows = re.findall(r'<fieldset class="die-row( unsure)?"', answer.text)
    assert rows == [""] * 6
    assert moves_of(table) == 0


def test_a_die_read_unsure_is_named_and_marked_on_its_row(new_table, monkeypatch):
    table = new_table("tenk")
    unsure_of(monkeypatch, 3)
    answer = send_photo(table, (Path(__file__).parent / "photos" / "unsure6.jpg").read_bytes())
    assert answer.status_code == 200
    assert "Read from the photo: 3 4 4 6 1 6. Check the 6 in the middle: marked ?." in answer.text
    rows = re.findall(r'<fieldset class="die-row( unsure)?"', answer.text)
    assert rows == ["", "", "", " unsure", "", ""]
    assert moves_of(table) == 0
