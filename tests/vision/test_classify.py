"""The shipped classifier reads a few shipped crops: one die of each body colour."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from referee.vision.classify import MODEL, classify
from referee.vision.labels import COLOURS, CROP
from referee.vision.reader import DOUBTED_SURE, Located

CROPS = Path(__file__).with_name("photos") / "crops.jpg"
VALUES = (6, 2, 2, 6, 4, 4, 4, 1)  # the crops' values, one crop of each colour in COLOURS' order


def test_the_model_file_is_under_5_mb() -> None:
    assert MODEL.stat().st_size < 5_000_000


def test_each_shipped_crop_is_read_with_its_value_and_colour() -> None:
    strip = cv2.imread(str(CROPS))
    crops = [strip[:, i * CROP : (i + 1) * CROP] for i in range(len(COLOURS))]
    guesses = classify(crops)
    assert [(g.value, g.colour) for g in guesses] == list(zip(VALUES, COLOURS, strict=True))
    assert all(0.5 < g.confidence <= 1 for g in guesses)


def test_a_quarter_turn_does_not_change_the_reading() -> None:
    strip = cv2.imread(str(CROPS))
    crops = [strip[:, i * CROP : (i + 1) * CROP] for i in range(len(COLOURS))]
    turned = [cv2.rotate(crop, cv2.ROTATE_90_CLOCKWISE) for crop in crops]
    assert [(g.value, g.colour) for g in classify(turned)] == [
        (g.value, g.colour) for g in classify(crops)
    ]


def test_no_crops_no_guesses() -> None:
    assert classify([]) == []


def test_of_a_die_s_two_cuts_the_surer_reading_is_kept() -> None:
    """A die whose turn the finder was unsure of is also cut along its piece's turn: the
    reader keeps whichever cut the classifier reads surer."""
    strip = cv2.imread(str(CROPS))
    crops = [strip[:, i * CROP : (i + 1) * CROP] for i in range(len(COLOURS))]
    table = np.full_like(crops[0], 128)
    plain = classify(crops[:2])
    found = Located("loose", [crops[0], table], [(0.0, 0.0), (1.0, 1.0)], 0, [table, crops[1]])
    assert found.guesses() == plain
    assert Located("loose", crops[:2], [(0.0, 0.0), (1.0, 1.0)], 0).guesses() == plain


def test_a_die_the_finder_doubted_is_kept_only_when_read_surely() -> None:
    """A shadow the finder doubted reads unsurely and is left out; a die it doubted (a
    pale die off the dice mask) reads surely and is kept."""
    strip = cv2.imread(str(CROPS))
    die = strip[:, :CROP]
    shadow = np.full_like(die, 128)
    assert classify([shadow])[0].confidence < DOUBTED_SURE <= classify([die])[0].confidence
    centres = [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)]
    found = Located("loose", [die, shadow, shadow], centres, 0, None, [True, True, False])
    assert [centre for _, centre, _ in found.read()] == [(0.0, 0.0), (2.0, 2.0)]
