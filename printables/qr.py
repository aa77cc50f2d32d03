"""A QR code as a small vector drawing: a table's address on its printed scoresheet.

The code is segno's matrix drawn by reportlab, rather than reportlab's own QR widget: segno
already draws the phone's "Join this table" panel, so paper and screen come from one
encoder, and its matrix (rows of 0 and 1) is all a drawing needs.  The dark modules of
each row go in as runs, all of them one filled path: a few hundred points, sharp at any
printer's resolution, and no hairline seams between rows.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import segno
from reportlab.graphics.shapes import Drawing, Path

from printables.styles import INK

QUIET_ZONE = 4  # modules of white round the code, as the QR standard asks
ERROR_CORRECTION = "m"  # survives a pencil mark or a crease over 15% of the code


def qr_matrix(text: str) -> tuple[bytearray, ...]:
    """The modules of ``text``'s QR code, row by row from the top (1 is dark), no border."""
    return segno.make(text, error=ERROR_CORRECTION).matrix


def dark_runs(row: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Each run of dark modules in a row, as (first column, length)."""
    start = None
    for column, module in enumerate([*row, 0]):
        if module and start is None:
            start = column
        elif not module and start is not None:
            yield start, column - start
            start = None


def qr_drawing(text: str, size: float) -> Drawing:
    """``text`` as a QR code in a drawing ``size`` points square, for a page's top-right
    corner: the code sits in the drawing's top right with its quiet zone to the left and
    below, where the page's content comes; the margins are its quiet zone above and right."""
    matrix = qr_matrix(text)
    module = size / (len(matrix) + QUIET_ZONE)
    path = Path(fillColor=INK, strokeColor=None)
    for y, row in enumerate(matrix):
        top = size - y * module
        for start, length in dark_runs(row):
            left, right = (QUIET_ZONE + start) * module, (QUIET_ZONE + start + length) * module
            path.moveTo(left, top)
            path.lineTo(right, top)
            path.lineTo(right, top - module)
            path.lineTo(left, top - module)
            path.closePath()
    drawing = Drawing(size, size)
    drawing.add(path)
    return drawing
