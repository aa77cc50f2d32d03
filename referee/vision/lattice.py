"""A board's cells put on the dice the finder saw (``detect.py``).

The board's outline (``grid.fit_board``) may hold the near dice's sides, or lose a row whose
dice are close to the table's colour; the finder's centres lie on the dice's top faces.  In
the outline's frame (the board warped to a rectangle, so that its rows and columns are
straight and about equally spaced) the centres are numbered along each side by the usual
gap between neighbours, and a homography from those numbers to the centres is the board:
each cell is centred on its die, however the outline was cut.
"""

from __future__ import annotations

import cv2
import numpy as np

from referee.vision.grid import Board

MIN_DICE = 4  # fewer centres than this cannot place a board
FULL = 0.9  # the least share of a numbered board's cells that must hold a centre
OFF = 0.3  # a centre this share of a cell from its place fits no cell


def unit_square(rows: int, cols: int) -> np.ndarray:
    """The board's corners in cells, clockwise from top left."""
    return np.array([[0, 0], [cols, 0], [cols, rows], [0, rows]], np.float32)


def moved(points: np.ndarray, homography: np.ndarray) -> np.ndarray:
    """Points (n, 2) moved by a homography."""
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), homography)[:, 0]


def pitch(frame: np.ndarray, axis: int) -> float | None:
    """The usual gap between neighbouring centres along one axis of the outline's frame:
    the median of each centre's nearest neighbour on that side."""
    gaps = []
    for i, point in enumerate(frame):
        delta = np.delete(frame, i, axis=0) - point
        along = np.abs(delta[:, axis]) > 2 * np.abs(delta[:, 1 - axis])
        if along.any():
            gaps.append(float(np.hypot(delta[along, 0], delta[along, 1]).min()))
    return float(np.median(gaps)) if gaps else None


def numbered(frame: np.ndarray) -> np.ndarray | None:
    """Each centre's (column, row) on the board, from 0, by the usual gap along each side;
    None when the centres do not fall on a lattice."""
    steps = [pitch(frame, 0), pitch(frame, 1)]
    if steps[0] is None or steps[1] is None:
        return None
    spots = (frame - frame.min(axis=0)) / np.array(steps)
    places = np.rint(spots)
    if np.abs(spots - places).max() > OFF + 0.15:
        return None
    return places.astype(int)


def on_dice(board: Board, centres: list[tuple[float, float]],
            shape: tuple[int, int] | None) -> Board | None:  # fmt: skip
    """The board with its cells on the finder's centres, in the outline's orientation (its
    rows and columns as ``board``'s when ``shape`` is given, as the centres number them
    otherwise); None when the centres do not make a full board of that shape."""
    if len(centres) < MIN_DICE:
        return None
    to_outline = cv2.getPerspectiveTransform(unit_square(board.rows, board.cols), board.quad)
    points = np.array(centres, np.float64)
    places = numbered(moved(points, np.linalg.inv(to_outline)))
    if places is None:
        return None
    cols, rows = (int(n) for n in places.max(axis=0) + 1)
    wanted = (board.rows, board.cols) if shape is not None else (rows, cols)
    if (rows, cols) != wanted or rows * cols < 2:
        return None
    taken = {tuple(p) for p in places.tolist()}
    if len(taken) != len(places) or len(taken) < FULL * rows * cols:
        return None
    homography, _ = cv2.findHomography((places + 0.5).astype(np.float64), points, 0)
    if homography is None:
        return None
    quad = moved(unit_square(rows, cols), homography).astype(np.float32)
    return Board(rows, cols, quad)
