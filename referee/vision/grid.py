"""A board of touching dice: its four corners, the board warped to a rectangle, its cells.

The board is the largest piece of dice in the photo; its outline is cut down to four corners,
and a perspective warp makes it a rectangle, which undoes the camera's tilt and turn.  The
seams between touching dice are where the brightness changes across the whole board, so the
rows and columns are counted by trying each count and keeping the one whose seams stand out
most against the middles of the dice (where a die has its centre pip, or nothing).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import cv2
import numpy as np

from referee.vision.crops import warp_to
from referee.vision.labels import CROP, MARGIN

MAX_CELLS = 12  # most dice in a row or column
MAX_TURNS = 14  # an outline's turning points searched for its four corners
SPAN = 480  # the board's side when counting its seams (40 pixels a cell at most)
BORDER = 24  # and what lies around it, so that its outer edges show as seams too
CAP = 2.0  # seams beating middles more than this much is no better
EXP = 4  # how hard unexplained pips count against a fit
SQUARE_ENOUGH = (0.7, 1.4)  # the most a cell's sides differ in the warped board
SEAM_CLEAR = 0.17  # pips lie this share of a cell clear of its seams
COVER = 8  # how hard a counted fit's uncovered share of the outline counts against it
REPEAT_ONE = 0.5  # a lone die's fit: nothing to repeat


def corners(contour: np.ndarray) -> np.ndarray:
    """Four corners of a blob's outline, clockwise from the one nearest the photo's top left:
    of the outline's main turning points, the four that enclose the most area (a board seen
    at a tilt, its near dice's sides showing, has five or six)."""
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    points = hull[:, 0].astype(np.float64)
    for share in (0.01, 0.02, 0.03, 0.05, 0.08):
        points = cv2.approxPolyDP(hull, share * perimeter, True)[:, 0].astype(np.float64)
        if len(points) <= MAX_TURNS:
            break
    if len(points) < 4:
        return cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)[[1, 2, 3, 0]]
    quads = np.array(list(combinations(range(len(points)), 4)))
    xs, ys = points[quads, 0], points[quads, 1]
    areas = np.abs((xs * np.roll(ys, -1, axis=1) - np.roll(xs, -1, axis=1) * ys).sum(axis=1))
    quad = points[quads[int(areas.argmax())]].astype(np.float32)
    centre = quad.mean(axis=0)
    angles = np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0])
    quad = quad[np.argsort(angles)]  # clockwise on screen (y grows downwards)
    first = int(np.argmin(quad.sum(axis=1)))
    return np.roll(quad, -first, axis=0)


def side_lengths(quad: np.ndarray) -> tuple[float, float]:
    """The board's mean width and height in the photo, from its four corners."""
    width = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    height = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    return float(width), float(height)


def seam_profile(gray: np.ndarray, axis: int) -> np.ndarray:
    """How strongly brightness changes across each column (axis 1) or row (axis 0), the
    strongest within a few pixels."""
    dx, dy = (1, 0) if axis == 1 else (0, 1)
    gradient = np.abs(cv2.Sobel(gray, cv2.CV_32F, dx, dy)).mean(axis=0 if axis == 1 else 1)
    return cv2.dilate(gradient.reshape(1, -1), np.ones((1, 5), np.uint8)).ravel()


@dataclass(frozen=True)
class Lines:
    """Equally spaced seams along one side of the warped board, and how well they fit."""

    count: int
    start: float
    pitch: float
    score: float


def fit_lines(
    profile: np.ndarray, pips: np.ndarray, count: int, span: int, counting: bool = False
) -> Lines:
    """The ``count`` cells along a side ``span`` pixels long whose seams fit best.

    A fit is scored by how much the profile at its inner seams beats it at the cells'
    middles, times the share of pips it explains (inside a cell and clear of its seams),
    squared: a fit of fewer, larger cells puts seams on the dice's middles, one of more,
    smaller cells puts seams through pips, and one that covers only part of the board leaves
    pips outside.  The cells may cover 75-100% of the board's outline, which also holds the
    near dice's sides and whatever shadow passed for dice.  When the count is being searched
    (``counting``), a fit is also weighed by the share of the outline its cells cover, to the
    power ``COVER``: one cell fewer, of the right size, would fit the seams as well and leave
    a row of dice out."""
    length = len(profile) - 1
    best = Lines(count, 0.0, length / count, 0.0)
    for share in np.linspace(span * 0.75, span, 11):
        pitch = share / count
        starts = np.arange(0, length - share + 1, 1.0)[:, None]
        seams = profile[np.rint(starts + pitch * np.arange(1, count)).astype(int)]
        middles = profile[np.rint(starts + pitch * (np.arange(count) + 0.5)).astype(int)]
        contrast = (
            seams.mean(axis=1) / (middles.mean(axis=1) + 1e-6)
            if count > 1
            else np.ones(len(starts))
        )
        where = (pips[None, :] - starts) / pitch
        part = where - np.floor(where)
        explained = (where >= 0) & (where <= count) & (part > SEAM_CLEAR) & (part < 1 - SEAM_CLEAR)
        scores = np.minimum(contrast, CAP) * (explained.mean(axis=1) if len(pips) else 1.0) ** EXP
        i = int(np.argmax(scores))
        score = float(scores[i]) * repeats(profile, int(starts[i, 0]), pitch, count)
        score *= (share / span) ** COVER if counting else 1.0
        if score > best.score:
            best = Lines(count, float(starts[i, 0]), pitch, score)
    return best


def repeats(profile: np.ndarray, start: int, pitch: float, count: int) -> float:
    """How alike the profile is to itself one cell further on, over the cells (0 to 1):
    a board's dice repeat every cell, not every half or third of one."""
    if count < 2:
        return REPEAT_ONE
    shift = int(round(pitch))
    end = int(round(start + pitch * count))
    first, second = profile[start : end - shift], profile[start + shift : end]
    if len(first) < 3 or first.std() == 0 or second.std() == 0:
        return 0.0
    return max(float(np.corrcoef(first, second)[0, 1]), 0.0)


def find_pips(gray: np.ndarray) -> np.ndarray:
    """The centres (x, y) of the pips on the warped board: small round spots much darker or
    lighter than what is around them."""
    centres = []
    for shade in (gray, 255 - gray):
        spots = cv2.adaptiveThreshold(
            shade, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, 31, 25
        )
        contours, _ = cv2.findContours(spots, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            area = cv2.contourArea(contour)
            perimeter = cv2.arcLength(contour, True)
            if area >= 6 and 4 * np.pi * area > 0.7 * perimeter**2:
                x, y, w, h = cv2.boundingRect(contour)
                centres.append((x + w / 2, y + h / 2))
    return np.array(centres, np.float64).reshape(-1, 2)


def best_lines(across: list[Lines], down: list[Lines]) -> tuple[Lines, Lines]:
    """The fits across and down that do best together among those whose cells are about
    square (the warp keeps the board's proportions; the camera's tilt skews them a little)."""
    pairs = [
        (a, d)
        for a in across
        for d in down
        if SQUARE_ENOUGH[0] <= a.pitch / d.pitch <= SQUARE_ENOUGH[1]
    ]
    return max(pairs, key=lambda pair: pair[0].score * pair[1].score)


@dataclass(frozen=True)
class Board:
    """A board's rows, columns and the four corners of its top faces in the photo."""

    rows: int
    cols: int
    quad: np.ndarray


def fit_board(
    image: np.ndarray, outline: np.ndarray, shape: tuple[int, int] | None = None
) -> Board:
    """The rows, columns and top-face corners of the board inside ``outline``'s corners;
    ``shape`` (rows, columns), when the caller knows it, in either orientation."""
    width, height = side_lengths(outline)
    across_span = round(SPAN * min(1.0, width / height))
    down_span = round(SPAN * min(1.0, height / width))
    board = warp_to(image, outline, across_span, down_span, BORDER)
    gray = cv2.cvtColor(board, cv2.COLOR_BGR2GRAY)
    pips = find_pips(gray)
    if shape is None:
        counts = range(1, MAX_CELLS + 1)
        across, down = best_lines(
            [fit_lines(seam_profile(gray, 1), pips[:, 0], n, across_span, True) for n in counts],
            [fit_lines(seam_profile(gray, 0), pips[:, 1], n, down_span, True) for n in counts],
        )
    else:
        # The board's proportions say which way it lies: its cells are about square.
        rows, cols = min(
            (shape, shape[::-1]),
            key=lambda rc: abs(np.log((across_span / rc[1]) / (down_span / rc[0]))),
        )
        across = fit_lines(seam_profile(gray, 1), pips[:, 0], cols, across_span)
        down = fit_lines(seam_profile(gray, 0), pips[:, 1], rows, down_span)
    left, top = across.start, down.start
    right, bottom = left + across.pitch * across.count, top + down.pitch * down.count
    warped = np.array([[left, top], [right, top], [right, bottom], [left, bottom]], np.float32)
    target = np.array(
        [[BORDER, BORDER], [BORDER + across_span, BORDER],
         [BORDER + across_span, BORDER + down_span], [BORDER, BORDER + down_span]],
        np.float32,
    )  # fmt: skip
    back = cv2.getPerspectiveTransform(target, outline.astype(np.float32))
    quad = cv2.perspectiveTransform(warped.reshape(-1, 1, 2).astype(np.float64), back)[:, 0]
    return Board(down.count, across.count, quad.astype(np.float32))


def cell_crops(image: np.ndarray, quad: np.ndarray, rows: int, cols: int) -> list[np.ndarray]:
    """Each cell's crop, row by row, ``CROP`` pixels square with the classifier's margin."""
    border = round(CROP * MARGIN / (1 + 2 * MARGIN))
    cell = CROP - 2 * border
    board = warp_to(image, quad, cols * cell, rows * cell, border)
    return [
        board[r * cell : r * cell + CROP, c * cell : c * cell + CROP]
        for r in range(rows)
        for c in range(cols)
    ]


def cell_centres(quad: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """Each cell's centre in the photo, row by row, (rows * cols, 2)."""
    unit = np.array([[0, 0], [cols, 0], [cols, rows], [0, rows]], np.float32)
    back = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    grid = np.array([[c + 0.5, r + 0.5] for r in range(rows) for c in range(cols)], np.float64)
    return cv2.perspectiveTransform(grid.reshape(-1, 1, 2), back)[:, 0]
