"""Bad photos are refused with a sentence before they cost memory: no image, a damaged one,
one too large by its header (a decompression bomb), a file too large."""

from __future__ import annotations

import struct
import zlib

import cv2
import numpy as np
import pytest

from referee.vision.decode import (
    MAX_BYTES,
    PhotoError,
    decode,
    header_size,
)


def png(width: int, height: int) -> bytes:
    """A valid PNG's bytes with the given header size (its pixels need not follow)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (
        b"\x89PNG\r\n\x1a\n"
        + struct.pack(">I", len(ihdr))
        + chunk
        + struct.pack(">I", zlib.crc32(chunk))
    )


def encoded(ext: str, width: int = 64, height: int = 48) -> bytes:
    """A small grey image encoded by OpenCV."""
    return cv2.imencode(ext, np.full((height, width, 3), 128, np.uint8))[1].tobytes()


@pytest.mark.parametrize("ext", [".jpg", ".png", ".webp"])
def test_the_header_gives_width_and_height_for_jpeg_png_and_webp(ext: str) -> None:
    assert header_size(encoded(ext, 64, 48)) == (64, 48)


def test_a_large_photo_is_scaled_down_to_the_working_size() -> None:
    image, scale = decode(encoded(".png", 2048, 1024))
    assert image.shape[:2] == (512, 1024)
    assert scale == 0.5


def test_a_small_photo_is_kept_as_it_is() -> None:
    image, scale = decode(encoded(".jpg", 300, 200))
    assert (image.shape[:2], scale) == ((200, 300), 1.0)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"hello, this is text", "not a photo"),
        (b"", "not a photo"),
        (b"GIF89a" + b"\0" * 40, "not a photo"),
        (png(20_000, 20_000), "20,000 x 20,000 pixels"),
        (png(100_000, 500), "at most 40 megapixels"),
        (png(64, 64) + b"\0" * 20, "damaged"),
        (png(8, 8), "too small"),
    ],
    ids=["text", "empty", "gif", "20000-square", "long-strip", "damaged", "tiny"],
)
def test_bad_input_is_refused_with_a_sentence(data: bytes, words: str) -> None:
    with pytest.raises(PhotoError, match=words):
        decode(data)


def test_a_decompression_bomb_is_refused_from_its_header_without_decoding() -> None:
    # 20,000 x 20,000 of zeros compresses to a few hundred kilobytes; decoded it is 1.2 GB.
    rows = zlib.compress(b"\0" * (20_000 * 3 + 1) * 200, 9)
    bomb = png(20_000, 20_000) + struct.pack(">I", len(rows)) + b"IDAT" + rows
    with pytest.raises(PhotoError, match="20,000 x 20,000"):
        decode(bomb)


def test_a_file_over_the_size_limit_is_refused_before_its_header_is_read() -> None:
    with pytest.raises(PhotoError, match="over 40 MB"):
        decode(encoded(".png") + b"\0" * MAX_BYTES)
