"""Salt-and-pepper noise: single pixels far brighter or darker than those around them (an
exported data set's augmentation, a dusty sensor), which the finder and the classifier can
take for pips.  Two rules: one for every photo as it is decoded, which leaves a photo
without such noise as it is, and a broader one for the finder's closer look."""

from __future__ import annotations

import cv2
import numpy as np

SPECK = 40  # grey levels: a pixel this far from its 3x3 neighbours' median is noise
ALONE = 15  # grey levels: a lone speck is this much brighter (darker) than all 8 neighbours
AROUND = np.array([[1, 1, 1], [1, 0, 1], [1, 1, 1]], np.uint8)  # a pixel's 8 neighbours


def greys(image: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The photo's 3x3 median (BGR), and its grey levels and that median's (int16)."""
    median = cv2.medianBlur(image, 3)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.int16)
    smooth = cv2.cvtColor(median, cv2.COLOR_BGR2GRAY).astype(np.int16)
    return median, grey, smooth


def replaced(image: np.ndarray, median: np.ndarray, specks: np.ndarray) -> np.ndarray:
    """The photo with its ``specks`` set to their neighbourhood's median."""
    out = image.copy()
    out[specks] = median[specks]
    return out


def despeckled(image: np.ndarray) -> np.ndarray:
    """The photo with each pixel more than ``SPECK`` grey levels from the median of its 3x3
    neighbourhood set to that median: seen closer, a speck one pixel wide is as large as a
    small die's pip (and so, at the finder's closer look, may be a pip's edge)."""
    median, grey, smooth = greys(image)
    return replaced(image, median, np.abs(grey - smooth) > SPECK)


def lone_specks_removed(image: np.ndarray) -> np.ndarray:
    """The photo with each lone speck set to its 3x3 neighbourhood's median: a pixel more
    than ``SPECK`` grey levels from that median and more than ``ALONE`` brighter (or darker)
    than each of its eight neighbours.  A pip two pixels wide, an edge or a glint is never
    alone, so a photo without salt-and-pepper noise keeps nearly every pixel (of the shared
    tray's and webcam's photos, 1 or 2 in 100,000; of the busy scenes', 1 in 100)."""
    median, grey, smooth = greys(image)
    grey8 = grey.astype(np.uint8)
    brightest = cv2.dilate(grey8, AROUND).astype(np.int16)
    darkest = cv2.erode(grey8, AROUND).astype(np.int16)
    beyond = np.where(grey > smooth, grey - brightest, darkest - grey)
    return replaced(image, median, (np.abs(grey - smooth) > SPECK) & (beyond > ALONE))
