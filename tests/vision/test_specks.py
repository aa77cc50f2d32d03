"""Salt-and-pepper noise: a lone speck is taken out of every decoded photo, a pip or an
edge is kept, a photo without such noise keeps its pixels, a roll under the noise reads
as it does without it, and training pictures get the noise a quarter of the time."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from referee.vision.decode import decode
from referee.vision.reader import read_photo
from referee.vision.specks import lone_specks_removed
from referee.vision.training.augment import salted, speckled

GREY = (200, 200, 200)
TRAY = Path(__file__).with_name("real") / "byler" / "images"
DOUBTFUL = TRAY / "IMG_20191209_095359.jpg"  # a 5 read as a 3 when the noise is left in


def test_a_lone_speck_is_taken_out_and_a_pip_or_an_edge_kept() -> None:
    photo = np.full((40, 40, 3), GREY, np.uint8)
    photo[10, 10], photo[20, 30] = (255, 255, 255), (0, 0, 0)  # lone specks
    photo[30:32, 9:11] = (30, 30, 30)  # a pip two pixels wide
    photo[5:15, 25] = (40, 40, 40)  # a line one pixel wide
    clean = lone_specks_removed(photo)
    assert (clean[10, 10] == GREY).all() and (clean[20, 30] == GREY).all()
    assert (clean[30:32, 9:11] == (30, 30, 30)).all()
    assert (clean[5:15, 25] == (40, 40, 40)).all()


def test_a_photo_without_salt_and_pepper_noise_keeps_nearly_every_pixel() -> None:
    for path in sorted(TRAY.glob("*.jpg")):
        image = cv2.imread(str(path))
        changed = (lone_specks_removed(image) != image).any(axis=2).mean()
        assert changed < 1e-4, path.name


def test_a_roll_under_salt_and_pepper_noise_reads_as_it_does_without() -> None:
    """1% of the pixels black or white (lossless, so no JPEG softens them): left in, the
    noise of each of these seeds made a 5 read as a 3."""
    clean = read_photo(DOUBTFUL.read_bytes(), "loose")
    image, _ = decode(DOUBTFUL.read_bytes())
    for seed in range(1, 4):
        noisy = cv2.imencode(".png", salted(image, 0.01, np.random.default_rng(seed)))[1].tobytes()
        read = read_photo(noisy, "loose")
        assert sorted(d.value for d in read.dice) == sorted(d.value for d in clean.dice)


def test_training_pictures_get_salt_and_pepper_noise_a_quarter_of_the_time() -> None:
    """Training (``augment.speckled``): about a quarter of the pictures get up to 3% of their
    pixels set black or white, the rest are left as they are."""
    rng = np.random.default_rng(5)
    picture = np.full((100, 100, 3), GREY, np.uint8)
    shares = [(speckled(picture, rng) != picture).any(axis=2).mean() for _ in range(400)]
    hit = [share for share in shares if share]
    assert 0.18 < len(hit) / len(shares) < 0.32
    assert all(0 < share <= 0.04 for share in hit)
    pictures = (speckled(picture, rng) for _ in range(100))
    noisy = next(p for p in pictures if (p != picture).any())
    assert set(np.unique(noisy[(noisy != picture).any(axis=2)]).tolist()) <= {0, 255}
