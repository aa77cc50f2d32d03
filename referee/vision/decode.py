"""A photo's bytes to pixels, its size read from the header before anything is decoded.

A decompression bomb (a small file that unpacks to gigabytes) is refused from its header's
width and height, so a reader's memory stays bounded: JPEG, PNG and WebP are read, since
those are what a phone's camera or browser sends; anything else is refused.
"""

from __future__ import annotations

import struct

import cv2
import numpy as np

MAX_PIXELS = 40_000_000
MAX_BYTES = 40_000_000  # a phone's full-size JPEG is 2-12 MB
WORK_SIDE = 1024  # the reader works on the photo scaled down to this long side


class PhotoError(ValueError):
    """A photo that cannot be read; the message is a sentence for the player."""


def jpeg_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a JPEG's first start-of-frame marker, or None."""
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            at += 2
            continue
        (length,) = struct.unpack(">H", data[at + 2 : at + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return width, height
        at += 2 + length
    return None


def webp_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a WebP's VP8, VP8L or VP8X chunk, or None."""
    chunk = data[12:16]
    if chunk == b"VP8X" and len(data) >= 30:
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return width, height
    if chunk == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 " and len(data) >= 30:
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    return None


def header_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) as a JPEG, PNG or WebP header states it; None for anything else."""
    if data[:3] == b"\xff\xd8\xff":
        return jpeg_size(data)
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return webp_size(data)
    return None


def decode(data: bytes) -> tuple[np.ndarray, float]:
    """The photo as BGR pixels scaled down to at most ``WORK_SIDE`` on its long side, and
    the scale it was shrunk by (1.0 when it was small enough).

    Raises PhotoError for a file that is no JPEG, PNG or WebP image, that cannot be
    decoded, or whose header states more than ``MAX_PIXELS`` pixels."""
    if len(data) > MAX_BYTES:
        raise PhotoError(f"The file is over {MAX_BYTES // 1_000_000} MB: not a photo.")
    size = header_size(data)
    if size is None:
        raise PhotoError("This is not a photo: send a JPEG, PNG or WebP image.")
    width, height = size
    if width * height > MAX_PIXELS:
        raise PhotoError(
            f"The photo is {width:,} x {height:,} pixels; "
            f"at most {MAX_PIXELS // 1_000_000} megapixels are read."
        )
    if width < 16 or height < 16:
        raise PhotoError(f"The photo is {width} x {height} pixels, too small to show dice.")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise PhotoError("The photo is damaged: its pixels cannot be decoded.")
    scale = WORK_SIDE / max(image.shape[:2])
    if scale >= 1:
        return image, 1.0
    size_out = (round(image.shape[1] * scale), round(image.shape[0] * scale))
    return cv2.resize(image, size_out, interpolation=cv2.INTER_AREA), scale
