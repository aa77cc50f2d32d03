"""Whether a photo's dice can be read at all: a photo too blurred, too dark, or whose dice
are too small is refused with a sentence that says what to change, instead of guessing.

Each measure is taken on the dice the reader found, as the classifier sees them (each crop
is the die scaled to ``CROP`` pixels), so that neither the table nor the die's size in the
photo moves it; the photo's median die decides.  A fault refuses the photo only when most
of its dice read unsure: the classifier's own doubt is the better judge of what it can read,
and the measures only say why.
"""

from __future__ import annotations

import cv2
import numpy as np

from referee.core.sentences import say
from referee.vision.decode import PhotoError

SMALLEST = 9.0  # pixels: a die narrower than this (as decoded) shows its pips as a smudge
DARKEST = 35.0  # the brightest tenth of a die's crop (0-255) below this is a dark photo
SHARPEST = 1.0  # a die's crop less steep than this is blurred (``steepness``)
MOSTLY_UNSURE = 0.5  # a photo is refused only when more than this share of its dice read unsure
TOO_SMALL = say(
    "The dice are too small in the photo to read: come closer, so that they fill more of it."
)
TOO_DARK = say("The photo is too dark to read the dice: add light, or move to where there is more.")
TOO_BLURRED = say(
    "The photo is blurred: hold the phone still, let it focus on the dice, and take it again."
)


def steepness(grey: np.ndarray) -> float:
    """How sharp a die's crop is: its steepest edges (the 95th percentile of the gradient)
    over its contrast (2nd to 98th percentile), about 2 when sharp, under 1 when blurred."""
    smooth = cv2.GaussianBlur(grey.astype(np.float32), (0, 0), 0.7)
    magnitude = np.hypot(cv2.Sobel(smooth, cv2.CV_32F, 1, 0), cv2.Sobel(smooth, cv2.CV_32F, 0, 1))
    low, high = np.percentile(smooth, [2, 98])
    return float(np.percentile(magnitude, 95) / max(high - low, 1.0))


def fault(crops: list[np.ndarray], sides: list[float]) -> str | None:
    """What keeps the median die from being read (``TOO_SMALL``, ``TOO_DARK``,
    ``TOO_BLURRED``), or None."""
    if not crops:
        return None
    if sides and float(np.median(sides)) < SMALLEST:
        return TOO_SMALL
    greys = [cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) for crop in crops]
    if np.median([np.percentile(grey, 90) for grey in greys]) < DARKEST:
        return TOO_DARK
    if float(np.median([steepness(grey) for grey in greys])) < SHARPEST:
        return TOO_BLURRED
    return None


def too_dark(image: np.ndarray) -> bool:
    """Whether a whole photo is too dark to show dice: its brightest hundredth under
    ``DARKEST``."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    return float(np.percentile(grey[::4, ::4], 99)) < DARKEST


def check_readable(crops: list[np.ndarray], sides: list[float], unsure: int, read: int) -> None:
    """Raise PhotoError with a sentence when most of the ``read`` dice read unsure and the
    photo's fault is plain (too small, too dark, too blurred): the table takes it again
    instead of checking guesses.  A photo whose dice read surely is never refused."""
    if read and unsure > MOSTLY_UNSURE * read and (said := fault(crops, sides)):
        raise PhotoError(said)
