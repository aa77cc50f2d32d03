"""The photo's header is read as the decoder reads it, whatever bytes lie between its
markers: JPEGs of real segments with stray bytes, fill bytes, stuffed ``FF 00``, restart
markers, segments of any length and payload, decoy frames and extra scans put between
them, cut short anywhere (``referee/vision/decode.py``)."""

from __future__ import annotations

import struct

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.vision.decode import PhotoError, decode, header_size, read_header
from tests.conftest import examples
from tests.vision import hostile

stray = st.binary(min_size=1, max_size=8).map(lambda b: b.replace(b"\xff", b"\x7f"))
fill = st.integers(1, 6).map(lambda n: b"\xff" * n)
restart = st.integers(0xD0, 0xD7).map(lambda m: bytes([0xFF, m]))
body = st.tuples(st.binary(max_size=40), st.sampled_from([b"", b"\xff", b"\xff\xff"])).map(
    b"".join
)  # a segment may end in FF bytes (a phone's APP13 does), right before the next marker
segment = st.tuples(st.sampled_from([*range(0xE0, 0xF0), 0xFE]), body).map(
    lambda m: bytes([0xFF, m[0]]) + struct.pack(">H", len(m[1]) + 2) + m[1]
)
lying = st.tuples(st.integers(0, 300), st.binary(max_size=8)).map(
    lambda j: b"\xff\x00" + struct.pack(">H", j[0]) + j[1]
)
side = st.integers(1, 120)
decoy = st.tuples(side, side).map(lambda s: hostile.decoy_frame(*s))
junk = st.lists(
    st.one_of(
        stray, fill, st.just(b"\xff\x00"), restart, st.just(b"\xff\x01"), segment, lying, decoy
    ),
    max_size=3,
).map(b"".join)


@st.composite
def crafted_jpegs(draw: st.DrawFn) -> bytes:
    """A small JPEG (baseline or progressive) with a frame of any size, junk between its
    header segments, its scans repeated or not, and maybe cut short."""
    jpeg = hostile.grey_jpeg(16, progressive=draw(st.booleans()))
    segments, scans = hostile.header_segments(hostile.with_frame(jpeg, draw(side), draw(side)))
    body = b"".join(draw(junk) + part for part in segments) + draw(junk)
    last_scan = scans[scans.rindex(b"\xff\xda") : -2]
    data = b"\xff\xd8" + body + scans[:-2] + last_scan * draw(st.integers(0, 40)) + b"\xff\xd9"
    return data[: draw(st.integers(2, len(data)))] if draw(st.booleans()) else data


@settings(max_examples=examples(300))
@given(crafted_jpegs())
def test_what_the_decoder_decodes_is_the_size_the_header_check_read(data: bytes) -> None:
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is not None:
        assert header_size(data) == (image.shape[1], image.shape[0])


@settings(max_examples=examples(300))
@given(crafted_jpegs())
def test_a_crafted_jpeg_is_read_at_its_header_size_or_refused_with_a_sentence(
    data: bytes,
) -> None:
    try:
        image, scale = decode(data)
    except PhotoError as refused:
        assert str(refused).endswith(".")
        return
    header = read_header(data)
    assert header is not None and scale == 1.0
    assert image.shape == (header.height, header.width, 3)
