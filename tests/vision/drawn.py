"""Boards and rolls drawn plainly for the tests: flat dice on a plain table, seen through a
known homography, so where every die lands is known exactly."""

from __future__ import annotations

import cv2
import numpy as np

from referee.vision.training.render import PIPS  # where each value's pips sit

SIDE = 60
TABLE = (200, 200, 200)


def draw_die(flat: np.ndarray, x: int, y: int, value: int, body: tuple, pip: tuple) -> None:
    """A die with its top left corner at (x, y) on the flat picture: a body with a dark rim
    (the seam between touching dice) and its pips."""
    cv2.rectangle(flat, (x, y), (x + SIDE - 1, y + SIDE - 1), (40, 40, 40), -1)
    cv2.rectangle(flat, (x + 3, y + 3), (x + SIDE - 4, y + SIDE - 4), body, -1)
    for px, py in PIPS[value]:
        centre = (x + SIDE // 2 + px * 16, y + SIDE // 2 + py * 16)
        cv2.circle(flat, centre, 6, pip, -1, cv2.LINE_AA)


def tilt(width: int, height: int) -> np.ndarray:
    """A homography that squeezes the far side of a ``width`` x ``height`` picture, as a
    camera tilted towards its top would."""
    src = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    dst = np.float32(
        [[width * 0.12, height * 0.08], [width * 0.9, 0], [width, height], [0, height * 0.95]]
    )
    return cv2.getPerspectiveTransform(src, dst)


def board(values: list[list[int]], margin: int = 80) -> tuple[np.ndarray, np.ndarray]:
    """A photo of a board of red dice with white pips, and the board's corners in it."""
    rows, cols = len(values), len(values[0])
    width, height = cols * SIDE + 2 * margin, rows * SIDE + 2 * margin
    flat = np.full((height, width, 3), TABLE, np.uint8)
    for r, row in enumerate(values):
        for c, value in enumerate(row):
            draw_die(
                flat, margin + c * SIDE, margin + r * SIDE, value, (40, 40, 200), (250, 250, 250)
            )
    warp = tilt(width, height)
    photo = cv2.warpPerspective(flat, warp, (width, height), borderValue=TABLE)
    corners = np.float64(
        [[margin, margin], [margin + cols * SIDE, margin],
         [margin + cols * SIDE, margin + rows * SIDE], [margin, margin + rows * SIDE]]
    )  # fmt: skip
    return photo, cv2.perspectiveTransform(corners.reshape(-1, 1, 2), warp)[:, 0]
