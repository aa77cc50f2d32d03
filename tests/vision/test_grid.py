"""Finding a board of touching dice, warping it to a rectangle and counting its cells."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from referee.vision import grid
from referee.vision.labels import CROP
from referee.vision.segment import blobs, board_blob, dice_mask
from tests.vision.drawn import SIDE, TABLE, board

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


def test_a_board_whose_seams_show_the_table_is_still_one_board() -> None:
    photo, corners = board(VALUES)
    # Seams between the dice as wide as a few pixels of table: the board falls into pieces.
    top_left, top_right, _, bottom_left = corners
    for step in range(1, 5):
        at = top_left + (top_right - top_left) * step / 5
        end = bottom_left + (corners[2] - bottom_left) * step / 5
        cv2.line(photo, tuple(at.astype(int)), tuple(end.astype(int)), TABLE, 7)
    assert len(blobs(dice_mask(photo, board=True))) > 1
    whole = board_blob(dice_mask(photo, board=True))
    assert whole is not None and not whole.at_edge
    assert np.abs(grid.corners(whole.contour) - corners).max() < 0.1 * SIDE


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


@pytest.mark.parametrize("counting", [False, True])
def test_one_cell_with_no_pip_found_is_a_fit_not_a_failure(counting: bool) -> None:
    profile = np.abs(np.sin(np.linspace(0, 12, 200)))
    lines = grid.fit_lines(profile, np.empty(0), 1, 180, counting)
    assert lines.count == 1 and lines.score > 0
