"""What one photo may cost a server: every photo, hostile or the largest a camera takes or
the limits let through, is read within ``SECONDS`` of CPU, and the reading process's memory
grows by at most ``GROWTH_MIB`` (each photo is read in a process of its own,
``photo_cost.py``); a file of nothing but JPEG markers is refused within ``WALK_SECONDS`` of
CPU.  Both at this project's machine's pace: multiples of a reference loop timed in the same
test (``tests.calibration``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from referee.vision import PhotoError
from referee.vision.decode import decode
from tests.calibration import Pace, cpu_of
from tests.vision import hostile

SECONDS = 3.0
GROWTH_MIB = 512
WALK_SECONDS = 0.2  # 10 MB of markers, walked and refused (issue 46: 7-9 s)
pytestmark = pytest.mark.solo


def largest_camera_photo() -> bytes:
    """A 40-megapixel progressive JPEG, full colour resolution (4:4:4), of rough texture:
    the most costly photo the limits let through."""
    width, height = 7300, 5475
    rng = np.random.default_rng(7)
    texture = cv2.resize(
        rng.integers(0, 256, (height // 8, width // 8, 3), np.uint8), (width, height)
    )
    params = [
        cv2.IMWRITE_JPEG_PROGRESSIVE, 1,
        cv2.IMWRITE_JPEG_QUALITY, 75,
        cv2.IMWRITE_JPEG_SAMPLING_FACTOR, cv2.IMWRITE_JPEG_SAMPLING_FACTOR_444,
    ]  # fmt: skip
    return cv2.imencode(".jpg", texture, params)[1].tobytes()


PHOTOS = {
    "stray bytes hiding a 32768 x 32768 frame": hostile.stray_bytes_bomb,
    "6000 x 6000 progressive of 10,000 scans": lambda: hostile.scan_bomb(6000, 10_000),
    "16 x 32768 PNG": lambda: hostile.thin_png(16, 32_768),
    "40000 x 16 PNG": lambda: hostile.thin_png(40_000, 16),
    "40-megapixel progressive 4:4:4 JPEG": largest_camera_photo,
    "40-megapixel PNG": hostile.largest_png,
    "40-megapixel lossy WebP": hostile.largest_webp,
}
MARKERS = {
    "FF D8 then FF 01 repeated": lambda: hostile.crowded_jpeg(b"\xff\x01", framed=False),
    "FF 01 repeated after a frame": lambda: hostile.crowded_jpeg(b"\xff\x01"),
    "empty APP0 repeated": lambda: hostile.crowded_jpeg(b"\xff\xe0\x00\x02", framed=False),
    "empty APP0 repeated after a frame": lambda: hostile.crowded_jpeg(b"\xff\xe0\x00\x02"),
}
FILLS = {  # legal, if odd: libjpeg skips fill bytes, and stray bytes with a warning
    "fill bytes before the frame": lambda: hostile.crowded_jpeg(b"\xff", framed=False),
    "stuffed FF 00 after the frame": lambda: hostile.crowded_jpeg(b"\xff\x00"),
}


@pytest.mark.parametrize("make", PHOTOS.values(), ids=PHOTOS.keys())
def test_a_photo_costs_at_most_three_seconds_and_half_a_gigabyte(make, tmp_path: Path) -> None:
    pace = Pace()
    photo = tmp_path / "photo"
    photo.write_bytes(make())
    program = Path(__file__).with_name("photo_cost.py")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(program), str(photo)],
        capture_output=True, text=True, timeout=120, cwd=root, check=True,
    )  # fmt: skip
    cost = json.loads(done.stdout.splitlines()[-1])
    pace.check(cost["cpu"], SECONDS, cost)
    assert cost["grew_mib"] < GROWTH_MIB, cost
    # refused with a sentence, or read with no die sure (rough texture is no roll of dice)
    assert cost["said"].endswith(".") or cost["said"].endswith(" dice, 0 sure"), cost


def decoded(photo: bytes) -> str:
    """What ``decode`` said of ``photo``: "decoded", or its refusal."""
    try:
        decode(photo)
        return "decoded"
    except PhotoError as refused:
        return str(refused)


def timed_decode(photo: bytes) -> str:
    """What ``decode`` said of ``photo``, checked to take under ``WALK_SECONDS`` of CPU at
    this project's machine's pace."""
    assert len(photo) >= 9_900_000
    pace = Pace()
    said, took = cpu_of(lambda: decoded(photo))
    pace.check(took, WALK_SECONDS, said)
    return said


@pytest.mark.parametrize("make", MARKERS.values(), ids=MARKERS.keys())
def test_ten_megabytes_of_markers_are_refused_within_a_fifth_of_a_second(make) -> None:
    said = timed_decode(make())
    assert "not a photo" in said or "markers: no camera makes one" in said, said


@pytest.mark.parametrize("make", FILLS.values(), ids=FILLS.keys())
def test_ten_megabytes_of_fill_are_walked_within_a_fifth_of_a_second(make) -> None:
    said = timed_decode(make())
    assert said == "decoded"
