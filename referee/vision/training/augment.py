"""A phone camera's faults put on a training picture: a tilt (perspective), white balance,
exposure, glare, blur (focus or a shaking hand), sensor noise and JPEG.  None changes what a
die shows; a tilt moves the dice, so their rows (x, y, side, turn) move with it."""

from __future__ import annotations

import cv2
import numpy as np

Rng = np.random.Generator
SPECKLED = 0.25  # the share of pictures given salt-and-pepper noise
TILT = 0.08  # a corner moves up to this share of the picture's side


def tilted(image: np.ndarray, dice: np.ndarray, rng: Rng) -> tuple[np.ndarray, np.ndarray]:
    """The picture seen a little from one side: its corners moved at random, the dice's
    centres moved the same way and their sides scaled as the picture is there (their turn
    is kept: a small tilt barely turns a die)."""
    h, w = image.shape[:2]
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    moved = (corners + rng.uniform(-TILT, TILT, (4, 2)) * [w, h]).astype(np.float32)
    warp = cv2.getPerspectiveTransform(corners, moved)
    out = cv2.warpPerspective(image, warp, (w, h), borderMode=cv2.BORDER_REFLECT)
    if len(dice) == 0:
        return out, dice
    at = cv2.perspectiveTransform(dice[None, :, :2].astype(np.float32), warp)[0]
    step = cv2.perspectiveTransform((dice[None, :, :2] + [1, 0]).astype(np.float32), warp)[0]
    stretch = np.hypot(*(step - at).T)
    moved_dice = dice.copy()
    moved_dice[:, :2] = at
    moved_dice[:, 2] = dice[:, 2] * stretch
    return out, moved_dice


def lit(image: np.ndarray, rng: Rng) -> np.ndarray:
    """White balance, exposure (a gain and a gamma) and, sometimes, a glare spot."""
    h, w = image.shape[:2]
    pixels = image.astype(np.float32) / 255
    pixels *= rng.uniform(0.8, 1.2, 3).astype(np.float32)  # white balance
    pixels = np.clip(pixels * rng.uniform(0.55, 1.4), 0, 1) ** rng.uniform(0.7, 1.4)
    if rng.random() < 0.3:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        cx, cy, radius = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.03, 0.2) * max(h, w)
        spot = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * radius**2))
        pixels += spot[..., None] * rng.uniform(0.2, 0.8)
    return (np.clip(pixels, 0, 1) * 255).astype(np.uint8)


def blurred(image: np.ndarray, rng: Rng) -> np.ndarray:
    """Out of focus or shaken, or neither."""
    kind = rng.random()
    if kind < 0.35:
        return cv2.GaussianBlur(image, (0, 0), rng.uniform(0.4, 1.6))
    if kind < 0.5:
        length = int(rng.integers(3, 7))
        line = np.zeros((length, length), np.float32)
        line[length // 2] = 1 / length
        turn = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1)
        kernel = np.asarray(cv2.warpAffine(line, turn, (length, length)))
        return cv2.filter2D(image, -1, (kernel / max(float(kernel.sum()), 1e-6)).astype(np.float32))
    return image


def speckled(image: np.ndarray, rng: Rng) -> np.ndarray:
    """Salt-and-pepper noise on a share of photos (an exported data set's augmentation):
    up to 3% of the pixels set black or white."""
    if rng.random() >= SPECKLED:
        return image
    return salted(image, float(rng.uniform(0.002, 0.03)), rng)


def salted(image: np.ndarray, share: float, rng: Rng) -> np.ndarray:
    """The picture with ``share`` of its pixels set black or white at random."""
    out = image.copy()
    hit = rng.random(image.shape[:2]) < share
    out[hit] = np.where(rng.random(int(hit.sum())) < 0.5, 0, 255)[:, None].astype(np.uint8)
    return out


def grained(image: np.ndarray, rng: Rng) -> np.ndarray:
    """Sensor noise and specks, then JPEG at a quality a phone or a web page may use."""
    noisy = image + rng.normal(0, rng.uniform(0, 9), image.shape)
    image = speckled(np.clip(noisy, 0, 255).astype(np.uint8), rng)
    quality = int(rng.integers(30, 96))
    encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1]
    return np.asarray(cv2.imdecode(encoded, cv2.IMREAD_COLOR))


def phone_effects(image: np.ndarray, dice: np.ndarray, rng: Rng) -> tuple[np.ndarray, np.ndarray]:
    """The picture (uint8 BGR) with a phone's faults, and its dice moved with it."""
    if rng.random() < 0.5:
        image, dice = tilted(image, dice, rng)
    return grained(blurred(lit(image, rng), rng), rng), dice


def crop_effects(crop: np.ndarray, rng: Rng) -> np.ndarray:
    """A die's crop with a phone's faults (no tilt: the crop is cut square)."""
    return grained(blurred(lit(crop, rng), rng), rng)
