"""Bad photos are refused with a sentence before they cost memory: no image, a damaged one,
one too large by its header (a decompression bomb), a file too large."""

from __future__ import annotations

import struct
import zlib

import cv2
import numpy as np
import pytest

from referee.vision.decode import (
    MAX_ASPECT,
    MAX_BYTES,
    MAX_MARKERS,
    MAX_SCANS,
    Header,
    PhotoError,
    decode,
    decoders_bounded,
    header_size,
    jpeg_header,
    read_header,
)
from tests.vision import hostile


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


def test_stray_bytes_before_the_frame_are_skipped_as_the_decoder_skips_them() -> None:
    # A stray FF 00 whose next two bytes, read as a length, jump to a decoy 100 x 100 frame:
    # libjpeg skips them and decodes the real 32,768 x 32,768 one (3.2 GB of pixels).
    bomb = hostile.stray_bytes_bomb()
    assert len(bomb) < 1000
    assert header_size(bomb) == (32_768, 32_768)
    with pytest.raises(PhotoError, match="32,768 x 32,768 pixels"):
        decode(bomb)


@pytest.mark.parametrize("last", [b"\xff", b"\xff\xff", b"\xff\x00"])
def test_a_segment_ending_in_ff_right_before_the_frame_does_not_hide_the_frame(
    last: bytes,
) -> None:
    # A phone's APP13 segment may end in an FF byte (one of the real photos does): the frame
    # marker right after it is still the next marker, as the decoder reads it.
    segments, rest = hostile.header_segments(hostile.grey_jpeg(48))
    body = b"Photoshop 3.0\0" + last
    app13 = b"\xff\xed" + struct.pack(">H", len(body) + 2) + body
    frame = next(i for i, segment in enumerate(segments) if segment[1] in (0xC0, 0xC2))
    segments.insert(frame, app13)
    jpeg = b"\xff\xd8" + b"".join(segments) + rest
    assert cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR).shape == (48, 48, 3)
    assert header_size(jpeg) == (48, 48)
    assert decode(jpeg)[0].shape == (48, 48, 3)


def test_the_decoder_checks_the_header_it_reads_itself() -> None:
    # OPENCV_IO_MAX_IMAGE_PIXELS, set as the package loads: should our walk of the markers
    # ever differ from the decoder's, the decoder still refuses the frame it found.
    assert decoders_bounded()
    with pytest.raises(cv2.error, match="CV_IO_MAX_IMAGE_PIXELS"):
        cv2.imdecode(np.frombuffer(hostile.stray_bytes_bomb(), np.uint8), cv2.IMREAD_COLOR)


def test_a_jpeg_of_too_many_scans_is_refused_before_it_is_decoded() -> None:
    bomb = hostile.scan_bomb(64, 10_000)
    header = read_header(bomb)
    assert header is not None
    assert (header.width, header.height, header.scans) == (64, 64, MAX_SCANS + 1)
    with pytest.raises(PhotoError, match=f"more than {MAX_SCANS} scans"):
        decode(bomb)


def test_a_progressive_jpeg_as_a_camera_writes_it_is_read() -> None:
    photo = hostile.grey_jpeg(64, progressive=True)
    assert 5 <= read_header(photo).scans <= MAX_SCANS  # type: ignore[union-attr]
    assert decode(photo)[0].shape == (64, 64, 3)


@pytest.mark.parametrize(("width", "height"), [(16, 32_768), (40_000, 16), (17, 137)])
def test_a_photo_too_long_and_thin_to_show_dice_is_refused(width: int, height: int) -> None:
    with pytest.raises(PhotoError, match="too long and thin"):
        decode(hostile.thin_png(width, height))


def test_the_longest_thin_photo_allowed_is_read() -> None:
    image, scale = decode(hostile.thin_png(16 * MAX_ASPECT, 16))
    assert (image.shape[:2], scale) == ((16, 16 * MAX_ASPECT), 1.0)


def test_a_long_run_of_fill_bytes_is_walked_in_linear_time() -> None:
    # A regular expression that backtracked on a run of FF bytes would take minutes here.
    stuffing = b"\xff" * 5_000_000 + b"\x00"
    header = jpeg_header(b"\xff\xd8" + stuffing * 2 + hostile.grey_jpeg()[2:])
    assert header is not None
    assert (header.width, header.height, header.scans) == (16, 16, 1)


def test_each_marker_walked_is_counted() -> None:
    segments, _ = hostile.header_segments(hostile.grey_jpeg())
    # each segment before the scan, the scan, and the end marker that stops the walk
    assert jpeg_header(hostile.grey_jpeg()) == Header(16, 16, scans=1, markers=len(segments) + 2)


@pytest.mark.parametrize(
    "marker", [b"\xff\x01", b"\xff\xe0\x00\x02", b"\xff\xfe\x00\x02"], ids=["TEM", "APP0", "COM"]
)
def test_a_jpeg_of_more_markers_than_a_camera_writes_is_refused_before_it_is_decoded(
    marker: bytes,
) -> None:
    # libjpeg would walk each of them too: 10 MB of them cost seconds of Python to walk one
    # by one (issue 46); the walk stops at the limit, and the photo is refused.
    jpeg = hostile.grey_jpeg()
    frame_ends = jpeg.index(b"\xff\xda")
    crowded = jpeg[:frame_ends] + marker * (MAX_MARKERS + 1) + jpeg[frame_ends:]
    with pytest.raises(PhotoError, match=f"more than {MAX_MARKERS:,} markers"):
        decode(crowded)
    assert read_header(b"\xff\xd8" + marker * (MAX_MARKERS + 1) + jpeg[2:]) is None


def test_a_jpeg_of_as_many_segments_as_a_camera_may_write_is_read() -> None:
    # An ICC profile or an extended XMP comes in pieces of 64 KB: a few hundred segments.
    jpeg = hostile.grey_jpeg(48)
    pieces = 500
    app2 = b"\xff\xe2" + struct.pack(">H", 2 + 12) + b"ICC_PROFILE\0"
    photo = jpeg[:2] + app2 * pieces + jpeg[2:]
    header = read_header(photo)
    assert header is not None and header.markers > pieces
    assert decode(photo)[0].shape == (48, 48, 3)
