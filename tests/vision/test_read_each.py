"""A photo read as several board shapes (``read_photo_each``, as Six D One's board of a
known count is read as each rectangle of it): decoded and searched for dice once, each
shape's reading the same as reading the photo in that shape alone."""

from __future__ import annotations

from pathlib import Path

import pytest

import referee.vision.reader as reader
from referee.vision import PhotoError, read_photo

BOARD12 = (Path(__file__).resolve().parents[1] / "web" / "photos" / "board12.jpg").read_bytes()
SHAPES = [(2, 6), (3, 4), (4, 3), (6, 2)]


def test_every_shape_reads_as_alone_and_the_dice_are_found_once(monkeypatch):
    alone = {shape: read_photo(BOARD12, "grid", shape) for shape in SHAPES}
    finds = []
    finder = reader.detect_closely
    monkeypatch.setattr(reader, "detect_closely", lambda *args: finds.append(1) or finder(*args))
    each = reader.read_photo_each(BOARD12, "grid", SHAPES)
    assert finds == [1]
    assert each == [alone[shape] for shape in SHAPES]


def test_bytes_that_are_no_photo_are_refused_once_for_every_shape():
    with pytest.raises(PhotoError):
        reader.read_photo_each(b"no photo", "grid", SHAPES)
