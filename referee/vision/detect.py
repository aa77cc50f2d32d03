"""The die finder: a small fully convolutional network, shipped as ONNX and run by OpenCV's
DNN module, that marks where each die's top face is in a photo.

The photo is scaled to ``SIDE`` pixels on its long side; the network answers on a grid of
``STRIDE`` pixels with four maps: how sure it is that a die's centre lies in each cell (a
peak a die), the die's side there (its log, in cells) and its turn as the cosine and sine of
four times its angle (a square looks the same every quarter turn).  A die is a peak of the
first map, higher than its eight neighbours and than ``THRESHOLD``, and not on the top face
of a surer die (a large die's ring pip can look like a small die).  Finding dice this way
does not hang on the table's colour: a white die on a light table, or a die and its
shadow, is found by its face.  Dice small at ``SIDE`` (a pair beside a game board, a heap
of mixed dice) are looked for a second time, closer (``detect_closely``).  Another
training's finder shipped beside it (``detect-*.onnx``) is its partner: the first look's
maps are the mean of both (``partners``).  ``make dice-model`` trains it (``training/detector.py``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from referee.vision.partners import network, networks
from referee.vision.specks import despeckled

MODEL = Path(__file__).with_name("model") / "detect.onnx"
PARTNERS = "detect-*.onnx"  # other finders shipped beside MODEL, their maps averaged with its
SIDE = 320  # the photo's long side as the network sees it
STRIDE = 4  # pixels of that photo per cell of the network's maps
PAD = 8  # the network's input is a multiple of this many pixels each way
THRESHOLD = 0.3  # the least sureness of a die's centre (the pretrained finder; the plain one
# saw a shadow or a tile's corner at 0.3-0.35)
MOST = 100  # peaks looked at, surest first: more dice than a game's photo shows
SMALL = 12  # pixels at SIDE: dice smaller than this are looked for again, closer
FAINT = 0.15  # a fainter peak is nothing; one between this and THRESHOLD may be a small die
APART = 0.45  # a peak this share of a surer die's side from its centre lies on that die
FINE = 0.6  # the least sureness of a small die that only the closer look sees (at 0.5-0.55
# it also saw a key's print, a dark spot on the tray and more of a game board's tokens)
PIP = 0.5  # a closer look's die on a first look's die's top face, this share of its side
# or less, is one of its pips
FACE = 0.6  # a top face reaches this share of its side from its centre (its rim included)
GAP = 0.3  # a small die is at least this share of the first look's dice's median side


@dataclass(frozen=True)
class Detection:
    """A die found: its top face's centre and side (the photo's pixels), its turn
    (degrees, 0 to 90), how sure the finder is of it (0 to 1) and of its turn (the length
    of the turn's cosine and sine, about 1 when sure)."""

    center: tuple[float, float]
    side: float
    turn: float
    score: float
    turn_sureness: float = 1.0


_running = threading.Lock()  # one network per process, and a network runs one input at a time


def network_input(image: np.ndarray, look: int = SIDE) -> tuple[np.ndarray, float]:
    """The photo as the network takes it: ``look`` pixels on its long side, padded (edge
    pixels repeated) to a multiple of ``PAD`` each way; and the scale it was shrunk by."""
    h, w = image.shape[:2]
    scale = look / max(h, w)
    size = (max(round(w * scale), 1), max(round(h * scale), 1))
    small = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    bottom, right = -size[1] % PAD, -size[0] % PAD
    return cv2.copyMakeBorder(small, 0, bottom, 0, right, cv2.BORDER_REPLICATE), scale


def sigmoid(x: np.ndarray) -> np.ndarray:
    """The logistic function."""
    return 1 / (1 + np.exp(-x))


def peaks(heat: np.ndarray, threshold: float, most: int = MOST) -> list[tuple[int, int]]:
    """The cells (row, column) higher than each of their eight neighbours and ``threshold``,
    surest first, ``most`` of them at most."""
    highest = cv2.dilate(heat, np.ones((3, 3), np.uint8))
    rows, cols = np.nonzero((heat >= highest) & (heat > threshold))
    surest = np.argsort(-heat[rows, cols], kind="stable")[:most]
    return list(zip(rows[surest].tolist(), cols[surest].tolist(), strict=True))


def refined(heat: np.ndarray, row: int, col: int) -> tuple[float, float]:
    """A peak's centre (x, y) in cells, within its cell: the mean of its 3x3 neighbourhood
    weighed by sureness."""
    top, left = max(row - 1, 0), max(col - 1, 0)
    patch = heat[top : row + 2, left : col + 2]
    ys, xs = np.mgrid[top : top + patch.shape[0], left : left + patch.shape[1]]
    total = float(patch.sum())
    return float((xs * patch).sum() / total), float((ys * patch).sum() / total)


def maps(image: np.ndarray, look: int = SIDE) -> tuple[np.ndarray, float]:
    """The network's four maps (4, rows, columns) for a BGR photo seen ``look`` pixels on
    its long side, and the photo's scale.  At ``SIDE``, each map is the mean of every
    finder's, its partners' too: where one finder sees a tile as a die, or misses a die,
    the other outvotes it.  A closer look is the first finder's alone: ``FINE`` and ``GAP``
    were set on its peaks, and it is four times the first look's work (docs/vision.md, "Two
    trainings averaged", measures both ways)."""
    pixels, scale = network_input(image, look)
    blob = cv2.dnn.blobFromImage(pixels, scalefactor=1 / 255)
    answers = []
    for net in networks(MODEL, PARTNERS) if look == SIDE else [network(MODEL)]:
        with _running:
            net.setInput(blob)
            answers.append(net.forward()[0])
    return np.mean(answers, axis=0), scale


def detect(image: np.ndarray, threshold: float = THRESHOLD, look: int = SIDE) -> list[Detection]:
    """Every die the finder sees in a BGR photo seen ``look`` pixels on its long side,
    surest first."""
    out, scale = maps(image, look)
    heat = sigmoid(out[0]).astype(np.float32)
    found = []
    for row, col in peaks(heat, threshold):
        x, y = refined(heat, row, col)
        side = float(np.exp(out[1, row, col])) * STRIDE / scale
        cos, sin = float(out[2, row, col]), float(out[3, row, col])
        turn = float(np.degrees(np.arctan2(sin, cos)) / 4 % 90)
        centre = ((x + 0.5) * STRIDE / scale, (y + 0.5) * STRIDE / scale)
        found.append(
            Detection(centre, side, turn, float(heat[row, col]), float(np.hypot(cos, sin)))
        )
    return apart(sorted(found, key=lambda d: -d.score))


def apart(found: list[Detection]) -> list[Detection]:
    """The dice found (surest first) less each whose centre lies on a surer one's top face."""
    kept: list[Detection] = []
    for die in found:
        if all(
            np.hypot(die.center[0] - k.center[0], die.center[1] - k.center[1]) > APART * k.side
            for k in kept
        ):
            kept.append(die)
    return kept


def detect_closely(image: np.ndarray, threshold: float = THRESHOLD) -> list[Detection]:
    """Every die the finder sees, surest first, looked for again at up to twice the size
    (never more than the photo's own), the photo's specks of noise taken out.  When the first
    look's dice are small (``SMALL``) or it saw only peaks fainter than ``THRESHOLD``, the
    closer look is kept instead (the first took a small die's side for its top face).  Else
    the closer look adds the small dice it sees surely (``FINE``) that the first did not
    (``new_to``), each at least ``GAP`` of the first look's dice's median side: smaller, it
    is a key's print, a speck or a pip."""
    found = detect(image, threshold)
    long = max(image.shape[:2])
    closer = min(2 * SIDE, long)
    if closer <= SIDE * 1.25 or not found:
        return found
    firm = [die for die in found if die.score > THRESHOLD]
    median = float(np.median([die.side for die in firm])) if firm else 0.0
    if median * SIDE / long < SMALL:
        return detect(despeckled(image), threshold, closer)
    small = [
        die
        for die in detect(despeckled(image), max(threshold, FINE), closer)
        if GAP * median <= die.side < SMALL * long / SIDE and new_to(die, firm)
    ]
    return apart(sorted(found + small, key=lambda die: -die.score))


def new_to(die: Detection, firm: list[Detection]) -> bool:
    """Whether a die of the closer look is none of the ``firm`` dice of the first: not one
    of them seen again (its centre within ``APART`` of the smaller side of theirs) nor one
    of their pips (on a top face, ``PIP`` of its side or less)."""
    return not any(
        np.hypot(die.center[0] - seen.center[0], die.center[1] - seen.center[1])
        < APART * min(die.side, seen.side)
        or (die.side <= PIP * seen.side and on_face(die.center, seen))
        for seen in firm
    )


def on_face(point: tuple[float, float], die: Detection) -> bool:
    """Whether ``point`` lies on the die's top face, its rim included (``FACE``)."""
    turn = np.radians(die.turn)
    dx, dy = point[0] - die.center[0], point[1] - die.center[1]
    along = abs(dx * np.cos(turn) + dy * np.sin(turn))
    across = abs(dy * np.cos(turn) - dx * np.sin(turn))
    return max(along, across) < FACE * die.side
