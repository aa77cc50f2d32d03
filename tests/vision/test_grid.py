"""Finding a board of touching dice, warping it to a rectangle and counting its cells."""

from __future__ import annotations

import numpy as np
import pytest

from referee.vision import grid
from referee.vision.labels import CROP
from referee.vision.segment import blobs, dice_mask
from tests.vision.drawn import SIDE, board

VALUES = [[1, 2, 3, 4, 5], [6, 5, 4, 3, 2], [2, 4, 6, 1, 3], [5, 1, 2, 6, 4]]


def outline(photo: np.ndarray) -> np.ndarray:
    """The four corners of the largest piece of dice."""
    return grid.corners(blobs(dice_mask(photo))[0].contour)


def test_the_board_is_the_largest_piece_and_clear_of_the_edge() -> None:
    photo, _ = board(VALUES)
    pieces = blobs(dice_mask(photo))
    assert len(pieces) == 1
    assert not pieces[0].at_edge


def test_the_corners_are_found_clockwise_from_the_top_left_within_a_few_pixels() -> None:
    photo, corners = board(VALUES)
    found = outline(photo)
    assert np.abs(found - corners).max() < 0.08 * SIDE


@pytest.mark.parametrize("shape", [None, (4, 5), (5, 4)])
def test_a_tilted_board_warps_to_its_rows_and_columns(shape) -> None:
    photo, corners = board(VALUES)
    fitted = grid.fit_board(photo, outline(photo), shape)
    assert (fitted.rows, fitted.cols) == (4, 5)
    assert np.abs(fitted.quad - corners).max() < 0.15 * SIDE


def test_each_cell_is_cut_out_square_and_centred_on_its_die() -> None:
    photo, corners = board(VALUES)
    crops = grid.cell_crops(photo, corners.astype(np.float32), 4, 5)
    assert len(crops) == 20
    assert all(crop.shape == (CROP, CROP, 3) for crop in crops)
    # The one-pip die (row 0, column 0) shows a white pip in its crop's middle, on red.
    middle = crops[0][CROP // 2 - 1 : CROP // 2 + 2, CROP // 2 - 1 : CROP // 2 + 2]
    assert middle.mean() > 200
    assert crops[0][6:9, 6:9, 2].mean() > 150 > crops[0][6:9, 6:9, 0].mean()


def test_cell_centres_follow_the_perspective_row_by_row() -> None:
    _, corners = board(VALUES)
    centres = grid.cell_centres(corners.astype(np.float32), 4, 5)
    assert centres.shape == (20, 2)
    assert centres[0][0] < centres[1][0] and centres[0][1] < centres[5][1]
    inside = (corners.min(axis=0) < centres) & (centres < corners.max(axis=0))
    assert inside.all()
