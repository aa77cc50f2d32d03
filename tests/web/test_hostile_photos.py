"""Hostile photos through the photo route, on both databases: each is a 422 with a sentence
before it is decoded, and the table is left as it was (the costs are
``tests/vision/test_photo_cost.py``'s).  A photo that finds every turn to read one taken, or
is read past its request's time limit, is a 503 with a sentence that changes nothing (many
photos at once through the real server: ``test_photo_load.py``)."""

from __future__ import annotations

import html

import pytest

from tests.vision import hostile
from tests.web.test_photos import SIX, moves_of, send_photo

HOSTILE = {
    "stray-bytes": (hostile.stray_bytes_bomb, "32,768 x 32,768 pixels"),
    "scans": (lambda: hostile.scan_bomb(6000, 10_000), "more than 32 scans"),
    "thin-png": (lambda: hostile.thin_png(16, 32_768), "too long and thin"),
    "wide-png": (lambda: hostile.thin_png(40_000, 16), "too long and thin"),
    "markers": (lambda: hostile.crowded_jpeg(b"\xff\x01"), "more than 1,000 markers"),
    "empty-segments": (lambda: hostile.crowded_jpeg(b"\xff\xe0\x00\x02"), "1,000 markers"),
    "bare-markers": (lambda: hostile.crowded_jpeg(b"\xff\x01", framed=False), "not a photo"),
}


@pytest.mark.parametrize(("make", "said"), HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_photo_is_refused_with_a_sentence_and_changes_nothing(new_table, make, said):
    table = new_table("tenk")
    answer = send_photo(table, make())
    assert answer.status_code == 422
    assert said in answer.text and "Nothing was entered." in answer.text
    assert moves_of(table) == 0


@pytest.fixture
def turns_taken(monkeypatch):
    """Every turn of this process to read a photo held, as by photos being read meanwhile;
    a photo waits for one a twentieth of a second at most."""
    from referee.web.play import photo_turns

    monkeypatch.setattr(photo_turns, "WAIT_SECONDS", 0.05)
    for _ in range(photo_turns.PHOTOS_AT_ONCE):
        assert photo_turns._turns.acquire(timeout=0)
    yield
    for _ in range(photo_turns.PHOTOS_AT_ONCE):
        photo_turns._turns.release()


def test_a_photo_that_finds_every_turn_taken_is_answered_503_and_changes_nothing(
    new_table, turns_taken
):
    from referee.web.play.photo_turns import BUSY, RETRY_AFTER_SECONDS

    table = new_table("tenk")
    answer = send_photo(table, SIX)
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert html.escape(BUSY, quote=False) in answer.text
    assert moves_of(table) == 0


def test_a_photo_waits_for_a_turn_no_longer_than_its_request_can_spare():
    from referee.web.base import deadline
    from referee.web.play import photo_turns

    assert photo_turns.waiting_time() == photo_turns.WAIT_SECONDS  # no deadline
    token = deadline.limit(photo_turns.PHOTO_SECONDS + 1)
    try:
        assert 0 < photo_turns.waiting_time() <= 1
    finally:
        deadline.clear(token)
    token = deadline.limit(photo_turns.PHOTO_SECONDS / 2)
    try:
        assert photo_turns.waiting_time() == 0
    finally:
        deadline.clear(token)
    token = deadline.limit(-1)
    try:
        with pytest.raises(deadline.OutOfTime), photo_turns.photo_turn():
            pass
    finally:
        deadline.clear(token)


def test_a_photo_read_past_the_request_s_time_limit_is_answered_503_and_changes_nothing(
    new_table, monkeypatch
):
    from referee.web.base import deadline
    from referee.web.play import photo_fill

    real = photo_fill.read_photo_each

    def read_too_long(data, layout, shapes):  # type: ignore[no-untyped-def]
        read = real(data, layout, shapes)
        deadline.limit(-1)  # the request's deadline passed while the photo was read
        return read

    table = new_table("tenk")
    monkeypatch.setattr(photo_fill, "read_photo_each", read_too_long)
    answer = send_photo(table, SIX)
    assert answer.status_code == 503
    assert "took the referee too long" in answer.text
    assert moves_of(table) == 0
