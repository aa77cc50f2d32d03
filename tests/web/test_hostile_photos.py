"""Hostile photos through the photo route, on both databases: each is a 422 with a sentence
before it is decoded, and the table is left as it was (the costs are
``tests/vision/test_photo_cost.py``'s)."""

from __future__ import annotations

import pytest

from tests.vision import hostile
from tests.web.test_photos import moves_of, send_photo

HOSTILE = {
    "stray-bytes": (hostile.stray_bytes_bomb, "32,768 x 32,768 pixels"),
    "scans": (lambda: hostile.scan_bomb(6000, 10_000), "more than 32 scans"),
    "thin-png": (lambda: hostile.thin_png(16, 32_768), "too long and thin"),
    "wide-png": (lambda: hostile.thin_png(40_000, 16), "too long and thin"),
}


@pytest.mark.parametrize(("make", "said"), HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_photo_is_refused_with_a_sentence_and_changes_nothing(new_table, make, said):
    table = new_table("tenk")
    answer = send_photo(table, make())
    assert answer.status_code == 422
    assert said in answer.text and "Nothing was entered." in answer.text
    assert moves_of(table) == 0
