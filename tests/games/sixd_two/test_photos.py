"""Six D Two's pool read from a photo (its ``photo_entry``): each colour's field filled, the
dice to check named and marked; nothing is stored until the table sends the filled form.
The photos are renders (``tests/web/photos/make.py``)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import ONE_DATABASE
from tests.web.test_photos import moves_of, read_as, send_photo, unsure_of

pytestmark = ONE_DATABASE

PHOTOS = Path(__file__).resolve().parents[2] / "web" / "photos"


def field(page: str, name: str) -> str:
    """The value of the input ``name``."""
    found = re.search(rf'name="{name}"[^>]*value="([^"]*)"', page, re.S)
    assert found, name
    return found.group(1)


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
