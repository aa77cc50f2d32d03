"""Training material cut from real labelled photos (``real.py``): the photos as the finder
sees them, and die crops for the classifier, both as the reader cuts them and cut around
each labelled die at a random turn, size and offset, with a phone's faults."""

from __future__ import annotations

import cv2
import numpy as np

from referee.vision.decode import PhotoError
from referee.vision.detect import network_input
from referee.vision.labels import NO_DIE, READ_COLOURS, VALUES
from referee.vision.loose import cut
from referee.vision.reader import locate
from referee.vision.training.augment import crop_effects
from referee.vision.training.dataset import APART, UNKNOWN, Crops
from referee.vision.training.detector import Photos
from referee.vision.training.real import RealDie, RealPhoto

NEAR = 0.45  # a crop of the reader's is a labelled die's when within this share of its side
TABLE_CROPS = 5  # crops of the bare table cut from each photo
JITTER = 0.08  # a labelled die's crop is cut up to this share of its side off its centre


Pair = tuple[np.ndarray, RealDie | None]  # a crop and the die it shows, None for no die


def pixels_of(photo: RealPhoto) -> np.ndarray:
    """The photo's BGR pixels; raises ValueError when the file cannot be decoded."""
    image = cv2.imread(str(photo.path), cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError(f"{photo.path} cannot be decoded")
    return np.asarray(image)


def finder_photos(photos: list[RealPhoto]) -> Photos:
    """The photos scaled as the finder sees them, with their dice (an emblem's too: it is a
    die), their turn not known."""
    images, dice = [], []
    for photo in photos:
        pixels, scale = network_input(pixels_of(photo))
        images.append(pixels)
        rows = [(*np.multiply(d.center, scale), d.side * scale, np.nan) for d in photo.dice]
        dice.append(np.array(rows, np.float32).reshape(-1, 4))
    return Photos(images, dice)


def labels_of(die: RealDie | None) -> tuple[int, int]:
    """A die's value and colour as the classifier's indices (``UNKNOWN`` colour when not
    labelled); ``NO_DIE`` for no die."""
    if die is None:
        return NO_DIE, UNKNOWN
    colour = READ_COLOURS.index(die.colour) if die.colour else UNKNOWN
    return VALUES.index(die.value), colour


def reader_crops(image: np.ndarray, photo: RealPhoto) -> list[Pair]:
    """The reader's own crops of a photo (both cuts of a die cut twice), each with the
    labelled die it shows, None for a crop of no die (an emblem's crop is left out)."""
    try:
        found = locate(image, "loose")
    except PhotoError:
        return []
    pairs: list[Pair] = []
    others = found.others or [None] * len(found.crops)
    for crop, other, at in zip(found.crops, others, found.centres, strict=True):
        gaps = photo.gaps(at)
        i = int(np.argmin(gaps))
        if photo.clear_of_dice(at, APART):
            pairs.append((crop, None))
        elif gaps[i] <= NEAR and photo.dice[i].value:
            pairs += [(c, photo.dice[i]) for c in (crop, other) if c is not None]
    return pairs


def table_crops(
    image: np.ndarray, photo: RealPhoto, count: int, rng: np.random.Generator
) -> list[Pair]:
    """Up to ``count`` crops of the table, a die's size, ``APART`` of a side or more from
    every die (a tray's print, its walls, wood grain, a shadow): no die."""
    sides = [d.side for d in photo.dice]
    side = float(np.median(sides)) if sides else 40.0
    h, w = image.shape[:2]
    pairs: list[Pair] = []
    for _ in range(count * 4):
        at = rng.uniform(side / 2, (w - side / 2, h - side / 2))
        if photo.clear_of_dice((float(at[0]), float(at[1])), APART + 0.5):
            pairs.append((cut(image, (float(at[0]), float(at[1])), side, rng.uniform(0, 90)), None))
        if len(pairs) == count:
            break
    return pairs


def labelled_crops(
    image: np.ndarray, photo: RealPhoto, copies: int, rng: np.random.Generator
) -> list[Pair]:
    """``copies`` crops of each labelled die, cut a little off its centre, larger or
    smaller, at any turn, most with a phone's faults."""
    pairs: list[Pair] = []
    for die in photo.dice:
        if not die.value:
            continue
        for _ in range(copies):
            shift = rng.uniform(-JITTER, JITTER, 2) * die.side
            centre = (die.center[0] + shift[0], die.center[1] + shift[1])
            crop = cut(image, centre, die.side * rng.uniform(0.9, 1.12), rng.uniform(0, 90))
            pairs.append((crop_effects(crop, rng) if rng.random() < 0.6 else crop, die))
    return pairs


def real_crops(photos: list[RealPhoto], copies: int, seed: int) -> Crops:
    """Crops of every labelled die of the photos: the reader's and ``copies`` of its own."""
    rng = np.random.default_rng(seed)
    images, values, colours = [], [], []
    for photo in photos:
        image = pixels_of(photo)
        pairs = reader_crops(image, photo) + labelled_crops(image, photo, copies, rng)
        for crop, die in pairs + table_crops(image, photo, TABLE_CROPS, rng):
            value, colour = labels_of(die)
            images.append(crop)
            values.append(value)
            colours.append(colour)
    return Crops(
        np.array(images, np.uint8).reshape(-1, *images[0].shape),
        np.array(values, np.int64),
        np.array(colours, np.int64),
    )
