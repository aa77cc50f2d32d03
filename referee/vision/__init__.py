"""Reading dice from a photo: find the dice, classify each die's value and body colour.

Pure: OpenCV and numpy only (no Flask, no database, no PyTorch).  The renderer and the
training code in ``referee.vision.training`` are never imported from here.
"""

from __future__ import annotations

import os

from referee.core.sentences import say
from referee.vision.decode import MAX_BYTES, PhotoError, over_size
from referee.vision.reader import LAYOUTS, ReadDie, Reading, read_image, read_photo

__all__ = [
    "LAYOUTS",
    "MAX_BYTES",
    "PhotoError",
    "ReadDie",
    "Reading",
    "read_file",
    "read_image",
    "read_photo",
]


def read_file(
    path: str, layout: str | None = None, shape: tuple[int, int] | None = None
) -> Reading:
    """Read the photo in a file (see ``read_photo``); a missing, unreadable or oversized
    file is a PhotoError too."""
    try:
        with open(path, "rb") as photo:
            if os.fstat(photo.fileno()).st_size > MAX_BYTES:
                raise PhotoError(over_size())
            data = photo.read(MAX_BYTES + 1)
    except OSError as exc:
        raise PhotoError(say("Cannot read the file: {why}.", why=str(exc.strerror))) from None
    return read_photo(data, layout, shape)
