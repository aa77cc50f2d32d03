"""A photo's bytes to pixels, its cost bounded before a pixel is decoded.

A hostile file can cost far more than its size: a few hundred bytes can state a frame of a
billion pixels (a decompression bomb), and a progressive JPEG can make the decoder walk
every block of the frame once for each of thousands of scans.  So before decoding:

- the header is read the way the decoder reads it (a JPEG's markers walked as libjpeg
  walks them: stray bytes, fill bytes and stuffed ``FF 00`` skipped), and a photo of more
  than ``MAX_PIXELS``, with a side under ``MIN_SIDE``, longer than ``MAX_ASPECT`` times its
  width, of more than ``MAX_SCANS`` scans or of more than ``MAX_MARKERS`` markers is
  refused with a sentence;
- the walk over a JPEG's markers is linear in its bytes with a small constant: the regular
  expressions below skip what lies between two markers in C, and a file of more markers
  than a camera writes is refused at the ``MAX_MARKERS``-th, so that 10 MB of two-byte
  markers (or of empty segments) costs no more than a few milliseconds of Python;
- OpenCV's decoders check the header they read themselves against the same number of
  pixels (``OPENCV_IO_MAX_IMAGE_PIXELS``, set as the package loads): should the two ever
  read a header differently, the decoder still refuses the larger frame.

JPEG, PNG and WebP are read, since those are what a phone's camera or browser sends;
anything else is refused.
"""

from __future__ import annotations

import re
import struct
import zlib
from dataclasses import dataclass

import cv2
import numpy as np

from referee import PHOTO_MAX_PIXELS
from referee.core.sentences import Sentence, say
from referee.vision.specks import lone_specks_removed

MAX_PIXELS = PHOTO_MAX_PIXELS
MAX_BYTES = 40_000_000  # a phone's full-size JPEG is 2-12 MB
MAX_SCANS = 32  # a progressive JPEG has about 10; each costs a walk over the whole frame
# A camera's JPEG has 10-30 markers (a progressive one two more per scan); an ICC profile or
# an extended XMP in 64 KB pieces may add a few hundred.  Each costs a turn of the walk.
MAX_MARKERS = 1000
MAX_ASPECT = 8  # a panorama is 4 times as long as it is wide
MIN_SIDE = 16
WORK_SIDE = 1024  # the reader works on the photo scaled down to this long side
JPEG_START = b"\xff\xd8"
REDUCED = (
    (8, cv2.IMREAD_REDUCED_COLOR_8),
    (4, cv2.IMREAD_REDUCED_COLOR_4),
    (2, cv2.IMREAD_REDUCED_COLOR_2),
)  # a JPEG's DCT scales by these factors as it decodes

# The next JPEG marker as libjpeg finds it: the last FF of a run of fill bytes and the byte
# after it, never 00 (a stuffed FF 00 in the data) nor a restart marker (D0-D7, which
# carries no length).  Searched for in C, one pass over the bytes from where a segment
# ends (a segment whose own last byte is FF is not taken for the marker's start).
NEXT_MARKER = re.compile(rb"\xff([\x01-\xcf\xd8-\xfe])")
START_OF_IMAGE, END_OF_IMAGE, START_OF_SCAN, TEMPORARY = 0xD8, 0xD9, 0xDA, 0x01
# Start-of-frame markers: C0-CF but for C4 (Huffman tables), C8 (reserved), CC (arithmetic).
FRAMES = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


class PhotoError(ValueError):
    """A photo that cannot be read; the message is a sentence for the player."""


def over_size() -> Sentence:
    """The refusal of a file over ``MAX_BYTES``."""
    return say("The file is over {most} MB: not a photo.", most=MAX_BYTES // 1_000_000)


@dataclass(frozen=True)
class Header:
    """What a photo's header says it will cost to decode."""

    width: int
    height: int
    scans: int = 1
    markers: int = 0


def jpeg_header(data: bytes) -> Header | None:
    """The first frame's size and the numbers of scans and markers of a JPEG, its markers
    walked as libjpeg walks them (up to ``MAX_SCANS + 1`` scans and ``MAX_MARKERS + 1``
    markers, where the walk stops: ``check_cost`` refuses either); None when it states no
    frame before the walk stops."""
    if data[:2] != JPEG_START:
        return None
    frame: tuple[int, int] | None = None
    scans = markers = 0
    at = 2
    while scans <= MAX_SCANS and markers <= MAX_MARKERS and (found := NEXT_MARKER.search(data, at)):
        marker, at = found[1][0], found.end()
        markers += 1
        if marker in (END_OF_IMAGE, START_OF_IMAGE):
            break
        if marker == TEMPORARY:
            continue
        if at + 2 > len(data):
            break
        (length,) = struct.unpack(">H", data[at : at + 2])
        if marker in FRAMES and frame is None and at + 7 <= len(data):
            height, width = struct.unpack(">HH", data[at + 3 : at + 7])
            frame = width, height
        scans += marker == START_OF_SCAN
        at += max(length, 2)
    return None if frame is None else Header(*frame, scans=scans, markers=markers)


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


def read_header(data: bytes) -> Header | None:
    """What a JPEG, PNG or WebP header states; None for anything else."""
    if data[:3] == b"\xff\xd8\xff":
        return jpeg_header(data)
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        return Header(*struct.unpack(">II", data[16:24]))
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        size = webp_size(data)
        return None if size is None else Header(*size)
    return None


def header_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) as a JPEG, PNG or WebP header states it; None for anything else."""
    header = read_header(data)
    return None if header is None else (header.width, header.height)


def check_cost(header: Header) -> None:
    """Raise PhotoError, with a sentence, for a header that states a photo too large, too
    small, too thin or of too many scans or markers to decode."""
    width, height = header.width, header.height
    if width * height > MAX_PIXELS:
        raise PhotoError(
            say(
                "The photo is {width} x {height} pixels; at most {most} megapixels are read.",
                width=width,
                height=height,
                most=MAX_PIXELS // 1_000_000,
            )
        )
    if min(width, height) < MIN_SIDE:
        raise PhotoError(
            say(
                "The photo is {width} x {height} pixels, too small to show dice.",
                width=str(width),
                height=str(height),
            )
        )
    if max(width, height) > MAX_ASPECT * min(width, height):
        raise PhotoError(
            say(
                "The photo is {width} x {height} pixels, too long and thin to show dice.",
                width=width,
                height=height,
            )
        )
    if header.scans > MAX_SCANS:
        raise PhotoError(
            say(
                "The photo is a JPEG of more than {most} scans: no camera makes one. Send the "
                "photo as the camera took it.",
                most=MAX_SCANS,
            )
        )
    if header.markers > MAX_MARKERS:
        raise PhotoError(
            say(
                "The photo is a JPEG of more than {most} markers: no camera makes one. Send the "
                "photo as the camera took it.",
                most=MAX_MARKERS,
            )
        )


def decode(data: bytes) -> tuple[np.ndarray, float]:
    """The photo as BGR pixels scaled down to at most ``WORK_SIDE`` on its long side, its
    lone specks of salt-and-pepper noise taken out (``specks``), and the scale it was shrunk
    by (1.0 when it was small enough).

    Raises PhotoError for a file that is no JPEG, PNG or WebP image, that cannot be
    decoded, or whose header states a cost over the limits (``check_cost``)."""
    if len(data) > MAX_BYTES:
        raise PhotoError(over_size())
    header = read_header(data)
    if header is None:
        raise PhotoError(say("This is not a photo: send a JPEG, PNG or WebP image."))
    check_cost(header)
    try:
        flag = reduced(header) if data[:2] == JPEG_START else cv2.IMREAD_COLOR
        image = cv2.imdecode(np.frombuffer(data, np.uint8), flag)
    except cv2.error:  # the decoder's own header check refused a frame over MAX_PIXELS
        raise PhotoError(
            say(
                "The photo is larger than {most} megapixels once decoded.",
                most=MAX_PIXELS // 1_000_000,
            )
        ) from None
    if image is None:
        raise PhotoError(say("The photo is damaged: its pixels cannot be decoded."))
    long_side = max(header.width, header.height)
    scale = min(1.0, WORK_SIDE / long_side)
    if scale < 1.0:
        size_out = (max(1, round(image.shape[1] * WORK_SIDE / max(image.shape[:2]))),
                    max(1, round(image.shape[0] * WORK_SIDE / max(image.shape[:2]))))  # fmt: skip
        image = cv2.resize(image, size_out, interpolation=cv2.INTER_AREA)
    return lone_specks_removed(image), scale


def reduced(header: Header) -> int:
    """How to decode a JPEG: one at least twice, four or eight times ``WORK_SIDE`` on
    its long side is decoded at a half, a quarter or an eighth of its size, which its DCT
    gives for a fraction of the work (a 12-megapixel photo from a phone's camera is decoded
    at 2000 x 1500, then shrunk to ``WORK_SIDE``); anything else at full size.  Either way
    the photo is turned as its EXIF orientation says."""
    long_side = max(header.width, header.height)
    for factor, flag in REDUCED:
        if long_side >= factor * WORK_SIDE:
            return flag
    return cv2.IMREAD_COLOR


def decoders_bounded() -> bool:
    """Whether OpenCV's decoders refuse a frame over ``MAX_PIXELS`` from its header (they
    do when ``OPENCV_IO_MAX_IMAGE_PIXELS`` was set before OpenCV loaded): tried on a PNG
    that states one more row than the limit allows and holds two."""
    width = 4096
    height = MAX_PIXELS // width + 1
    ihdr = b"IHDR" + struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = b"IDAT" + zlib.compress(b"\0" * (width * 3 + 1) * 2)
    probe = b"".join(
        struct.pack(">I", len(chunk) - 4) + chunk + struct.pack(">I", zlib.crc32(chunk))
        for chunk in (ihdr, rows)
    )
    try:
        cv2.imdecode(np.frombuffer(b"\x89PNG\r\n\x1a\n" + probe, np.uint8), cv2.IMREAD_COLOR)
    except cv2.error:
        return True
    return False


if not decoders_bounded():
    raise ImportError(
        "OpenCV was loaded before the referee package set its decoders' size limit "
        "(OPENCV_IO_MAX_IMAGE_PIXELS): import referee before cv2."
    )
