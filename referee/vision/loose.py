"""A loose roll: each die is a piece of the dice mask of about the same size as the others.

A die's crop is its outline's smallest turned rectangle made square, so the die comes out
upright (within a quarter turn, which the classifier does not mind).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from referee.vision.crops import warp_to
from referee.vision.labels import CROP, MARGIN
from referee.vision.segment import Blob

SPECK = 0.25  # a piece under this share of the typical die's area is not a die
MIN_SIDE = 8.0  # pixels: a smaller die cannot be read
SQUARE = 0.8  # the least squareness of a die's piece


@dataclass(frozen=True)
class Found:
    """A die found in the photo: its centre, side (pixels) and crop for the classifier."""

    center: tuple[float, float]
    side: float
    crop: np.ndarray
    at_edge: bool


def squareness(piece: Blob) -> float:
    """The piece's area over its smallest turned rectangle's: a die's rounded square (and
    its sides) fill 0.85 or more, a round spot of glare 0.79 at most."""
    _, (w, h), _ = cv2.minAreaRect(piece.contour)
    return piece.area / max(w * h, 1.0)


def die_pieces(pieces: list[Blob]) -> list[Blob]:
    """The pieces that may be dice: specks of dirt and round spots of glare left out."""
    square = [p for p in pieces if p.area >= MIN_SIDE**2 and squareness(p) >= SQUARE]
    if not square:
        return []
    typical = float(np.median([p.area for p in square[: max(len(square) // 2, 1)]]))
    return [p for p in square if p.area >= SPECK * typical]


def crop_die(image: np.ndarray, piece: Blob) -> Found:
    """The die in ``piece`` cut out square and upright, ``CROP`` pixels with the margin."""
    (cx, cy), (w, h), angle = cv2.minAreaRect(piece.contour)
    side = float(max(w, h))
    half = side * (0.5 + MARGIN)
    box = cv2.boxPoints(((cx, cy), (2 * half, 2 * half), angle)).astype(np.float32)
    crop = warp_to(image, np.roll(box, -1, axis=0), CROP, CROP)
    return Found(center=(float(cx), float(cy)), side=side, crop=crop, at_edge=piece.at_edge)


def find_dice(image: np.ndarray, pieces: list[Blob]) -> list[Found]:
    """Every die in a loose roll, top to bottom then left to right."""
    found = [crop_die(image, piece) for piece in die_pieces(pieces)]
    return sorted(found, key=lambda die: (round(die.center[1] / max(die.side, 1)), die.center[0]))
