"""Cutting a quadrilateral out of a photo as an upright rectangle, without aliasing."""

from __future__ import annotations

import cv2
import numpy as np


def warp_to(
    image: np.ndarray, quad: np.ndarray, width: int, height: int, border: int = 0
) -> np.ndarray:
    """What lies inside ``quad`` (four corners, clockwise from top left) warped to
    ``width`` x ``height``, with ``border`` pixels of its surroundings on every side.

    A quad larger than the output is warped larger first, then shrunk by area averaging, so
    pips stay round instead of breaking into the aliasing of point sampling."""
    span = float(max(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[3] - quad[0])))
    factor = int(max(1, min(4, span // max(width, height, 1))))
    target = (
        np.array(
            [
                [border, border],
                [border + width, border],
                [border + width, border + height],
                [border, border + height],
            ],
            np.float32,
        )
        * factor
    )
    warp = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    size = ((width + 2 * border) * factor, (height + 2 * border) * factor)
    out = cv2.warpPerspective(
        image, warp, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    if factor > 1:
        out = cv2.resize(
            out, (width + 2 * border, height + 2 * border), interpolation=cv2.INTER_AREA
        )
    return out
