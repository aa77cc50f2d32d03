"""A board's cells put on the dice the finder saw (``detect.py``).

The board's outline (``grid.fit_board``) may hold the near dice's sides, or lose a row whose
dice are close to the table's colour; the finder's centres lie on the dice's top faces.  In
the outline's frame (the board warped to a rectangle, so that its rows and columns are
straight and about equally spaced) the centres are numbered along each side by the usual
gap between neighbours, and a homography from those numbers to the centres is the board:
each cell is centred on its die, however the outline was cut.  An outline cut so wrongly that
its frame numbers no board (one die, a corner of the board) leaves the centres to be numbered
in their own frame, turned square by the directions between neighbours.
"""

from __future__ import annotations

import cv2
import numpy as np

from referee.vision.grid import Board

MIN_DICE = 4  # fewer centres than this cannot place a board
FULL = 0.9  # the least share of a numbered board's cells that must hold a centre
OFF = 0.3  # a centre this share of a cell from its place fits no cell
UNSET = -(10**6)  # the place of a centre not yet numbered


def unit_square(rows: int, cols: int) -> np.ndarray:
    """The board's corners in cells, clockwise from top left."""
    return np.array([[0, 0], [cols, 0], [cols, rows], [0, rows]], np.float32)


def moved(points: np.ndarray, homography: np.ndarray) -> np.ndarray:
    """Points (n, 2) moved by a homography."""
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), homography)[:, 0]


def first_steps(frame: np.ndarray, seed: int) -> np.ndarray | None:
    """The steps (rows: across, down) from the centre ``seed`` to its nearest neighbour on
    each side, a side being within 45 degrees of the outline frame's axis (the frame may be
    turned and sheared against the dice); None when a side has no neighbour."""
    delta = np.delete(frame, seed, axis=0) - frame[seed]
    steps = []
    for axis in (0, 1):
        along = np.abs(delta[:, axis]) > np.abs(delta[:, 1 - axis])
        if not along.any():
            return None
        nearest = delta[along][np.argmin(np.linalg.norm(delta[along], axis=1))]
        steps.append(nearest * np.sign(nearest[axis]))
    across, down = steps
    # The nearest neighbour downwards may be a diagonal one (the frame sheared): take the
    # step across off it as often as it holds it (a lattice's basis, reduced).
    down = down - np.rint(down @ across / (across @ across)) * across
    return np.array([across, down * np.sign(down[1])])


def numbered(frame: np.ndarray, middle: np.ndarray) -> np.ndarray | None:
    """Each centre's (column, row) on the board, from 0, or -1 for a centre off the lattice;
    None when the centres make no lattice.

    From the centre nearest ``middle``, each neighbour one step along a side is numbered one
    more or less, the steps first measured to the seed's neighbours, then learnt afresh at
    each centre (the outline's frame may still be
    skewed where the outline was cut badly, so the steps change across the board)."""
    seed = int(np.argmin(np.linalg.norm(frame - middle, axis=1)))
    steps = first_steps(frame, seed)
    if steps is None:
        return None
    places = np.full((len(frame), 2), UNSET, int)
    places[seed] = 0
    todo = [(seed, steps)]  # a centre and its two steps
    while todo:
        at, step = todo.pop()
        for axis, sign in ((0, 1), (0, -1), (1, 1), (1, -1)):
            guess = frame[at] + sign * step[axis]
            gaps = np.linalg.norm(frame - guess, axis=1)
            near = int(np.argmin(gaps))
            if gaps[near] > OFF * np.linalg.norm(step[axis]) or places[near, 0] != UNSET:
                continue
            places[near] = places[at]
            places[near, axis] += sign
            learnt = step.copy()
            learnt[axis] = sign * (frame[near] - frame[at])
            todo.append((near, learnt))
    reached = places[:, 0] != UNSET
    places[reached] -= places[reached].min(axis=0)
    places[~reached] = -1
    return places


def turned_square(points: np.ndarray) -> np.ndarray:
    """The centres turned about the origin so that the dice's rows run across: by the mean
    direction from each centre to its nearest neighbour, taken modulo a quarter turn (so
    the turn is within 45 degrees of the photo's own)."""
    gaps = points[:, None, :] - points[None, :, :]
    distance = np.linalg.norm(gaps, axis=2)
    np.fill_diagonal(distance, np.inf)
    nearest = gaps[np.arange(len(points)), distance.argmin(axis=1)]
    quarter = np.exp(4j * np.arctan2(nearest[:, 1], nearest[:, 0])).sum()
    angle = -np.angle(quarter) / 4
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    return points @ turn.T


def frames(board: Board, points: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Where to number the centres, each a frame (the centres moved into it) and the
    middle to start from: first the outline's frame (the board warped to a rectangle),
    then the centres' own, turned square (for an outline cut wrongly: a piece of the board,
    or one die)."""
    to_outline = cv2.getPerspectiveTransform(unit_square(board.rows, board.cols), board.quad)
    own = turned_square(points)
    return [
        (moved(points, np.linalg.inv(to_outline)), np.array([board.cols, board.rows]) / 2),
        (own, np.median(own, axis=0)),
    ]


def on_dice(board: Board, centres: list[tuple[float, float]],
            shape: tuple[int, int] | None) -> Board | None:  # fmt: skip
    """The board with its cells on the finder's centres, its rows and columns as the centres
    number them (``shape``, when given, in either orientation); None when the centres do not
    make a full board of that shape, two rows and columns at least (the outline's fit reads
    a single row or a lone die).  The board is the lattice of centres grown from the one
    nearest the middle: a centre off it (a die lying apart) is left out, one the outline
    missed (a die near the table's colour) is taken in.  The centres are numbered in the
    outline's frame and in their own (``frames``), and the larger board is kept (a frame
    that numbers part of the board makes a smaller one)."""
    if len(centres) < MIN_DICE:
        return None
    points = np.array(centres, np.float64)
    boards = []
    for frame, middle in frames(board, points):
        places = numbered(frame, middle)
        placed = None if places is None else fitted(places, points, shape)
        if placed is not None:
            boards.append(placed)
    return max(boards, key=lambda placed: placed.rows * placed.cols, default=None)


def fitted(places: np.ndarray, points: np.ndarray, shape: tuple[int, int] | None) -> Board | None:
    """The board the numbered centres make (``places`` from ``numbered``), or None when it
    is not full, not of ``shape`` or a single row."""
    on_lattice = places[:, 0] >= 0
    places, points = places[on_lattice], points[on_lattice]
    cols, rows = (int(n) for n in places.max(axis=0) + 1)
    if shape is not None and sorted((rows, cols)) != sorted(shape):
        return None
    if min(rows, cols) < 2:  # a row's centres fix no homography
        return None
    taken = {tuple(p) for p in places.tolist()}
    if len(taken) != len(places) or len(taken) < FULL * rows * cols:
        return None
    homography, _ = cv2.findHomography((places + 0.5).astype(np.float64), points, 0)
    if homography is None:
        return None
    quad = moved(unit_square(rows, cols), homography).astype(np.float32)
    return Board(rows, cols, quad)
