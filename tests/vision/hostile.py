"""Hostile photos built in memory: small files whose header hides what decoding them costs."""

from __future__ import annotations

import struct
import zlib

import cv2
import numpy as np


def grey_jpeg(side: int = 16, *, progressive: bool = False) -> bytes:
    """A grey square JPEG as OpenCV writes it (baseline, or progressive: about ten scans)."""
    image = np.full((side, side, 3), 128, np.uint8)
    params = [cv2.IMWRITE_JPEG_PROGRESSIVE, int(progressive)]
    return cv2.imencode(".jpg", image, params)[1].tobytes()


def with_frame(jpeg: bytes, width: int, height: int) -> bytes:
    """``jpeg`` (as OpenCV writes it) with its frame stating ``width`` x ``height``."""
    data = bytearray(jpeg)
    at = data.find(b"\xff\xc0") if b"\xff\xc0" in data else data.index(b"\xff\xc2")
    data[at + 5 : at + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def decoy_frame(width: int, height: int) -> bytes:
    """A start-of-frame segment of three components stating ``width`` x ``height``."""
    components = b"".join(bytes([index, 0x11, 0]) for index in (1, 2, 3))
    return b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, height, width, 3) + components


def stray_bytes_bomb(width: int = 32768, height: int = 32768) -> bytes:
    """About 400 bytes that libjpeg decodes as ``width`` x ``height`` (missing data is
    decoded as grey): after the start marker, a stray ``FF 00`` and two bytes that a reader
    taking ``FF 00`` for a marker reads as a length jumping over the real frame to a decoy
    100 x 100 one; libjpeg skips the stray bytes and finds the real frame."""
    body = with_frame(grey_jpeg(), width, height)[2:-2]
    jump = struct.pack(">H", len(body) + 2)
    return b"\xff\xd8\xff\x00" + jump + body + decoy_frame(100, 100) + b"\xff\xd9"


def header_segments(jpeg: bytes) -> tuple[list[bytes], bytes]:
    """A JPEG as OpenCV writes it cut into the marker segments between its start marker and
    its first scan, and the rest (the scans and the end marker)."""
    segments, at = [], 2
    while jpeg[at + 1] != 0xDA:
        (length,) = struct.unpack(">H", jpeg[at + 2 : at + 4])
        segments.append(jpeg[at : at + 2 + length])
        at += 2 + length
    return segments, jpeg[at:]


def scan_bomb(side: int, extra_scans: int) -> bytes:
    """A progressive JPEG of ``side`` x ``side`` with its last scan repeated ``extra_scans``
    times: libjpeg walks every block of the frame once for each."""
    jpeg = grey_jpeg(side, progressive=True)
    last = jpeg.rindex(b"\xff\xda")
    return jpeg[:-2] + jpeg[last:-2] * extra_scans + b"\xff\xd9"


def thin_png(width: int, height: int) -> bytes:
    """A black PNG of ``width`` x ``height``, every pixel written."""
    rows = zlib.compress((b"\0" + b"\0" * 3 * width) * height, 9)
    return png_chunks(width, height, rows)


def png_chunks(width: int, height: int, rows: bytes) -> bytes:
    """A PNG of the given header size holding ``rows`` (zlib data) as its one IDAT chunk."""
    ihdr = b"IHDR" + struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunks = (ihdr, b"IDAT" + rows, b"IEND")
    return b"\x89PNG\r\n\x1a\n" + b"".join(
        struct.pack(">I", len(chunk) - 4) + chunk + struct.pack(">I", zlib.crc32(chunk))
        for chunk in chunks
    )


def largest_png(width: int = 7300, height: int = 5475) -> bytes:
    """A PNG of 40 megapixels (the most the limits let through) in about 5 MB (under the photo
    route's 10 MB), of coarse colour noise: all of it is inflated and unfiltered to decode,
    at 120 MB of pixels, and no dice are in it."""
    rng = np.random.default_rng(7)
    coarse = rng.integers(0, 256, (height // 6 + 1, width // 6 + 1, 3), np.uint8)
    image = cv2.resize(coarse, (width, height), interpolation=cv2.INTER_NEAREST)
    return cv2.imencode(".png", image, [cv2.IMWRITE_PNG_COMPRESSION, 6])[1].tobytes()


def largest_webp() -> bytes:
    """``largest_png``'s pixels as a lossy WebP of about 10 MB: the costliest WebP to decode
    of those measured (lossy decodes at twice the CPU of lossless)."""
    image = cv2.imdecode(np.frombuffer(largest_png(), np.uint8), cv2.IMREAD_COLOR)
    return cv2.imencode(".webp", image, [cv2.IMWRITE_WEBP_QUALITY, 50])[1].tobytes()


def crowded_jpeg(marker: bytes, size: int = 10_000_000, *, framed: bool = True) -> bytes:
    """``size`` bytes of a JPEG that repeats ``marker`` (a marker, or an empty segment) after
    its frame (``framed``) or right after its start marker: each is a turn of the walk."""
    jpeg = grey_jpeg()
    at = jpeg.index(b"\xff\xda") if framed else 2
    return jpeg[:at] + marker * ((size - len(jpeg)) // len(marker)) + jpeg[at:]
