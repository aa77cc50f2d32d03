"""A board's cells put on the finder's centres: an outline cut off-centre or skewed is
corrected, a die lying apart is left out, too few centres keep the outline's cells."""

from __future__ import annotations

import cv2
import numpy as np

from referee.vision.grid import Board
from referee.vision.lattice import on_dice, unit_square

ROWS, COLS = 4, 5
# The board's true corners in a photo, seen at a tilt (clockwise from top left).
TRUE = np.array([[120, 90], [430, 70], [470, 330], [100, 350]], np.float32)


def centres_of(quad: np.ndarray, rows: int = ROWS, cols: int = COLS) -> list[tuple[float, float]]:
    """Each cell's centre in the photo, row by row, for a board with corners ``quad``."""
    to_photo = cv2.getPerspectiveTransform(unit_square(rows, cols), quad)
    grid = np.array([[c + 0.5, r + 0.5] for r in range(rows) for c in range(cols)], np.float64)
    return [tuple(p) for p in cv2.perspectiveTransform(grid.reshape(-1, 1, 2), to_photo)[:, 0]]


def test_an_outline_holding_the_near_dice_sides_is_moved_onto_the_dice() -> None:
    grown = TRUE + np.array([[0, 0], [0, 0], [10, 40], [-5, 45]], np.float32)
    placed = on_dice(Board(ROWS, COLS, grown), centres_of(TRUE), (ROWS, COLS))
    assert placed is not None and (placed.rows, placed.cols) == (ROWS, COLS)
    assert np.abs(placed.quad - TRUE).max() < 1


def test_the_shape_is_counted_from_the_centres_when_not_given() -> None:
    squeezed = Board(3, 3, TRUE + np.array([[20, 10], [-20, 10], [-20, -10], [20, -10]], "f"))
    placed = on_dice(squeezed, centres_of(TRUE), None)
    assert placed is not None and (placed.rows, placed.cols) == (ROWS, COLS)


def test_a_die_lying_apart_is_left_out_and_a_missed_one_does_not_matter() -> None:
    centres = centres_of(TRUE)
    del centres[7]
    centres.append((600.0, 500.0))
    placed = on_dice(Board(ROWS, COLS, TRUE), centres, (ROWS, COLS))
    assert placed is not None
    assert np.abs(placed.quad - TRUE).max() < 1


def test_too_few_centres_or_another_shape_keep_the_outline() -> None:
    board = Board(ROWS, COLS, TRUE)
    assert on_dice(board, centres_of(TRUE)[:3], (ROWS, COLS)) is None
    assert on_dice(board, centres_of(TRUE)[: COLS * 2], (ROWS, COLS)) is None


def test_a_sheared_outline_of_the_other_orientation_still_places_the_board() -> None:
    # An outline twice as tall as the board and sheared by half a cell a row: the nearest
    # centre downwards in its frame is a diagonal neighbour.
    sheared = np.array([[120, 90], [430, 70], [660, 600], [290, 620]], np.float32)
    placed = on_dice(Board(COLS, ROWS, sheared), centres_of(TRUE), (COLS, ROWS))
    assert placed is not None and (placed.rows, placed.cols) == (ROWS, COLS)
    assert np.abs(placed.quad - TRUE).max() < 1


def test_an_outline_around_one_die_leaves_the_centres_to_number_themselves() -> None:
    # The board's mask broke up and its outline is one die, seen skewed: its frame, the die
    # stretched to the whole board, numbers no board.
    one_die = np.array([[130, 150], [190, 155], [184, 196], [132, 192]], np.float32)
    placed = on_dice(Board(ROWS, COLS, one_die), centres_of(TRUE), (ROWS, COLS))
    assert placed is not None and (placed.rows, placed.cols) == (ROWS, COLS)
    assert np.abs(placed.quad - TRUE).max() < 1


def test_of_two_frames_the_one_numbering_the_whole_board_wins() -> None:
    # A render's 4 x 5 board (held-out seed 4242) whose outline was one die, counted as a
    # 6 x 6 board: its frame numbers two rows of the board, the centres' own all four.
    centres = [(112, 105), (184, 107), (258, 110), (331, 112), (403, 114),
               (115, 172), (184, 172), (256, 176), (325, 177), (398, 179),
               (115, 233), (185, 234), (253, 236), (323, 238), (391, 238),
               (118, 289), (184, 293), (250, 294), (319, 295), (385, 296)]  # fmt: skip
    one_die = np.array([[89, 147.1], [148.8, 155.1], [139.3, 198.1], [90.4, 193.1]], "f")
    placed = on_dice(Board(6, 6, one_die), [(float(x), float(y)) for x, y in centres], None)
    assert placed is not None and (placed.rows, placed.cols) == (ROWS, COLS)


def test_a_board_turned_a_third_of_a_quarter_numbers_itself_in_the_photos_rows() -> None:
    turn = np.radians(30)
    middle = TRUE.mean(axis=0)
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    turned = ((TRUE - middle) @ rotation.T + middle).astype(np.float32)
    corner = np.array([[300, 200], [350, 210], [345, 240], [305, 236]], np.float32)
    placed = on_dice(Board(ROWS, COLS, corner), centres_of(turned), None)
    assert placed is not None and (placed.rows, placed.cols) == (ROWS, COLS)
    assert np.abs(placed.quad - turned).max() < 1
