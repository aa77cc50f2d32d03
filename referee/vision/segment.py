"""What in a photo is table and what is dice.

The photo's border is taken to be table: its colours (up to three tones, for wood grain or a
checked cloth) are the table's model, and a pixel far from every tone is dice.  Lightness
counts less, so a die's shadow stays table while a black die on a brown table does not.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

BORDER = 0.04  # the share of each side taken as the table's sample
TONES = 3
MIN_SHARE = 0.12  # a table tone covers at least this share of the border
LIGHTNESS_WEIGHT = 0.7  # shadows change lightness most; dice differ in colour too
MIN_DISTANCE = 16.0  # in Lab units: closer to the table than this is always table


@dataclass(frozen=True)
class Blob:
    """A connected piece of dice: its outline, area and whether it touches the photo's edge."""

    contour: np.ndarray
    area: float
    at_edge: bool


def table_distance(image: np.ndarray) -> np.ndarray:
    """Each pixel's distance (Lab, lightness weighed less) to the nearest tone of the table."""
    lab = cv2.cvtColor(cv2.GaussianBlur(image, (5, 5), 0), cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[..., 0] *= LIGHTNESS_WEIGHT
    h, w = lab.shape[:2]
    band = max(int(min(h, w) * BORDER), 2)
    sample = np.concatenate(
        [lab[:band].reshape(-1, 3), lab[-band:].reshape(-1, 3)]
        + [lab[:, :band].reshape(-1, 3), lab[:, -band:].reshape(-1, 3)]
    )
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


def dice_mask(image: np.ndarray) -> np.ndarray:
    """A 0/255 mask of what is not table, holes filled, specks dropped."""
    distance = table_distance(image)
    scaled = np.clip(distance * 2, 0, 255).astype(np.uint8)
    otsu, _ = cv2.threshold(scaled, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    mask = (scaled > max(otsu, MIN_DISTANCE * 2)).astype(np.uint8) * 255
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
