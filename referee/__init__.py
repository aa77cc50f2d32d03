"""Referee: a phone-first referee and scorekeeper for physical dice games."""

import os

PHOTO_MAX_PIXELS = 40_000_000
"""The most pixels a photo of dice may have (a phone's camera takes 12-50 million)."""

# OpenCV's image decoders check a header's size against this variable themselves, before
# they decode a pixel, but read it only once, as OpenCV loads: it is set here, in the
# package's first lines, so that it is in force before any module can import OpenCV
# (referee.vision.decode makes sure it is).
os.environ["OPENCV_IO_MAX_IMAGE_PIXELS"] = str(PHOTO_MAX_PIXELS)
