"""The shipped classifier reads a few shipped crops: one die of each body colour."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from referee.vision.classify import MODEL, classify
from referee.vision.labels import COLOURS, CROP
from referee.vision.reader import A_DIE, DOUBTED_SURE, Located

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
    """A die the finder doubted (a pale die off the dice mask) is kept when it reads surely,
    and left out when it reads less surely than ``DOUBTED_SURE``."""
    strip = cv2.imread(str(CROPS))
    die = strip[:, :CROP]
    assert classify([die])[0].confidence >= DOUBTED_SURE
    blurred = cv2.GaussianBlur(die, (0, 0), 3.0)
    unsure = classify([blurred])[0]
    assert unsure.die >= A_DIE and unsure.confidence < DOUBTED_SURE
    centres = [(0.0, 0.0), (10.0, 10.0), (20.0, 20.0)]
    found = Located("loose", [die, blurred, blurred], centres, 0, None, [True, True, False])
    assert [centre for _, centre, _ in found.read()] == [(0.0, 0.0), (20.0, 20.0)]


def test_a_loose_crop_of_no_die_is_left_out_and_a_board_s_cell_never() -> None:
    """The bare table reads as no die: a loose roll leaves it out; a board's cells are all
    dice, read as they are."""
    strip = cv2.imread(str(CROPS))
    die, table = strip[:, :CROP], np.full_like(strip[:, :CROP], 128)
    assert classify([table])[0].die < A_DIE <= classify([die])[0].die
    centres = [(0.0, 0.0), (10.0, 10.0)]
    assert [c for _, c, _ in Located("loose", [die, table], centres, 0).read()] == [(0.0, 0.0)]
    assert len(Located("grid", [die, table], centres, 2).read()) == 2


def test_of_two_dice_read_at_one_place_the_surer_is_kept() -> None:
    """The finder may see one die twice (its top face, and the face with a side): the
    reading nearer than ``TWICE`` of a side to a surer one is left out."""
    strip = cv2.imread(str(CROPS))
    die = strip[:, :CROP]
    worse = cv2.GaussianBlur(die, (0, 0), 3.0)
    centres = [(0.0, 0.0), (5.0, 0.0), (100.0, 0.0)]
    found = Located("loose", [worse, die, die], centres, 0, sides=[20.0, 20.0, 20.0])
    assert [c for _, c, _ in found.read()] == [(5.0, 0.0), (100.0, 0.0)]
