"""What in a photo is table and what is dice.

The photo's border is taken to be table: its colours (up to three tones, for wood grain or a
checked cloth) are the table's model, and a pixel far from every tone is dice.  Lightness
counts less, so a die's shadow stays table while a black die on a brown table does not.

How far is far: for a loose roll, past the split (Otsu's) between the table and the dice most
unlike it, which leaves out the dice's sides and shadows, the photo's light first made even
(a lamp's fall-off is not dice); for a board, past how far the
border's own grain and light stray from its tones, which keeps the dice closest in colour to
the table (a board's outline is drawn round all of them; shadows between its dice are few).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

BORDER = 0.04  # the share of each side taken as the table's sample
LINK = 0.012  # pieces of a board this share of the photo's short side apart are one board
LIGHT_GRID = 32  # pixels on the long side of the copy whose brightness is the light
TONES = 3
MIN_SHARE = 0.12  # a table tone covers at least this share of the border
LIGHTNESS_WEIGHT = 0.7  # shadows change lightness most; dice differ in colour too
MIN_DISTANCE = 16.0  # in Lab units: closer to the table than this is always table
STRAY_SHARE = 99.0  # the percentile of the border's distances taken as the table's stray
STRAY_FACTOR = 1.5  # a board's dice are this much farther from the table than its stray


@dataclass(frozen=True)
class Blob:
    """A connected piece of dice: its outline, area and whether it touches the photo's edge."""

    contour: np.ndarray
    area: float
    at_edge: bool


def border_of(pixels: np.ndarray) -> np.ndarray:
    """The photo's border band (``BORDER`` of its short side), one pixel a row."""
    h, w = pixels.shape[:2]
    band = max(int(min(h, w) * BORDER), 2)
    depth = pixels.shape[2] if pixels.ndim == 3 else 1
    return np.concatenate(
        [pixels[:band].reshape(-1, depth), pixels[-band:].reshape(-1, depth)]
        + [pixels[:, :band].reshape(-1, depth), pixels[:, -band:].reshape(-1, depth)]
    )


def evened(image: np.ndarray) -> np.ndarray:
    """The photo with its light made even: each pixel divided by the light around it (the
    brightness of a coarse copy of the photo, median-filtered so that dice lying apart do
    not count), as if the whole table were lit like its average."""
    h, w = image.shape[:2]
    scale = LIGHT_GRID / max(h, w)
    coarse = cv2.resize(image, (max(int(w * scale), 1), max(int(h * scale), 1)),
                        interpolation=cv2.INTER_AREA)  # fmt: skip
    coarse_light = cv2.medianBlur(cv2.cvtColor(coarse, cv2.COLOR_BGR2GRAY), 5)
    light = np.asarray(
        cv2.resize(coarse_light.astype(np.float32) + 1, (w, h), interpolation=cv2.INTER_LINEAR)
    )
    out = image.astype(np.float32) * (float(light.mean()) / light)[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def table_distance(image: np.ndarray) -> np.ndarray:
    """Each pixel's distance (Lab, lightness weighed less) to the nearest tone of the table."""
    lab = cv2.cvtColor(cv2.GaussianBlur(image, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[..., 0] *= LIGHTNESS_WEIGHT
    sample = border_of(lab)
    sample = sample[:: max(len(sample) // 4000, 1)]
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 1.0)
    cv2.setRNGSeed(7)  # the same photo always gives the same reading
    labels = np.zeros((len(sample), 1), np.int32)
    _, found, tones = cv2.kmeans(sample, TONES, labels, criteria, 2, cv2.KMEANS_PP_CENTERS)
    # A tone on little of the border is a die cut by the edge (or a stain), not the table.
    shares = np.bincount(np.asarray(found).ravel(), minlength=TONES) / len(sample)
    kept = [tone for tone, share in zip(tones, shares, strict=True) if share >= MIN_SHARE]
    distances = [np.linalg.norm(lab - tone, axis=2) for tone in kept]
    return np.min(distances, axis=0)


def dice_mask(image: np.ndarray, board: bool = False) -> np.ndarray:
    """A 0/255 mask of what is not table, holes filled, specks dropped; ``board``: a board's
    (every die kept, see the module's docstring)."""
    distance = table_distance(image if board else evened(image))
    if board:
        cut = float(np.percentile(border_of(distance), STRAY_SHARE)) * STRAY_FACTOR
    else:
        scaled = np.clip(distance * 2, 0, 255).astype(np.uint8)
        cut = cv2.threshold(scaled, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)[0] / 2
    mask: np.ndarray = (distance > max(cut, MIN_DISTANCE)).astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 255, -1)
    return filled


def blobs(mask: np.ndarray) -> list[Blob]:
    """Every connected piece of the mask, largest first."""
    h, w = mask.shape
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    found = []
    for contour in contours:
        x, y, bw, bh = cv2.boundingRect(contour)
        at_edge = x <= 1 or y <= 1 or x + bw >= w - 1 or y + bh >= h - 1
        found.append(Blob(contour, float(cv2.contourArea(contour)), at_edge))
    return sorted(found, key=lambda blob: -blob.area)


def board_blob(mask: np.ndarray) -> Blob | None:
    """The board: the largest piece with every piece linked to it across a narrow gap (a
    seam between two dice that showed as table), as one convex outline; None when the mask
    is empty."""
    pieces = blobs(mask)
    if not pieces:
        return None
    reach = max(int(min(mask.shape) * LINK), 1)
    linked = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1,) * 2))
    _, labels = cv2.connectedComponents(linked)
    x, y = pieces[0].contour[0, 0]
    board = labels == labels[y, x]
    members = [p for p in pieces if board[p.contour[0, 0, 1], p.contour[0, 0, 0]]]
    hull = cv2.convexHull(np.concatenate([p.contour for p in members]))
    return Blob(hull, float(cv2.contourArea(hull)), any(p.at_edge for p in members))
