"""A photo with more dice than the roll allows says so, whatever the reader found: a die
it reads unsure, or one the finder doubted (kept and marked, never dropped in silence),
counts as a die (issue 48).  A die is marked when its value is unsure, or, where the entry
takes the dice's colours, when its colour is."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from referee.core.dice import COLOURS
from referee.core.engine import FILL_PAD, PhotoEntry
from referee.vision import read_photo
from referee.vision.sureness import SURE
from referee.vision.training.render import render
from referee.web.play.photo_fill import NotThatPhoto, reading_of

NINE_SEED = 19  # a render of nine dice, one of them read unsure by the shipped models


def nine_dice() -> bytes:
    """A JPEG of a rendered loose roll of nine dice."""
    scene = render(np.random.default_rng(NINE_SEED), "loose", 9, tilt_max=20.0)
    return cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 85])[1].tobytes()


def test_a_photo_of_nine_dice_for_a_roll_of_eight_says_so() -> None:
    reading = read_photo(nine_dice())
    assert len(reading.dice) == 9
    assert any(die.confidence < SURE for die in reading.dice)  # an unsure die counts too
    entry = PhotoEntry(FILL_PAD, "loose", count=8)
    with pytest.raises(NotThatPhoto) as refused:
        reading_of(entry, reading)
    assert str(refused.value) == (
        "The photo shows 9 dice, and this roll has 8: take it again, or tap it in."
    )


def test_the_same_photo_fills_a_roll_of_nine_with_its_unsure_die_marked() -> None:
    reading = read_photo(nine_dice())
    in_value = [i for i, die in enumerate(reading.dice) if die.value_confidence < SURE]
    in_colour = [i for i, die in enumerate(reading.dice) if die.confidence < SURE]
    assert set(in_value) < set(in_colour)  # a die sure of its value and not of its colour
    plain = reading_of(PhotoEntry(FILL_PAD, "loose", count=9), reading)
    assert plain.fields["photo_unsure"].split() == [f"d{i}" for i in in_value]
    coloured = PhotoEntry(FILL_PAD, "loose", count=9, colours="".join(COLOURS), colour_field="c")
    marked = reading_of(coloured, reading).fields["photo_unsure"].split()
    assert {f"d{i}" for i in in_colour} <= set(marked)  # and a white die: no colour of its own
