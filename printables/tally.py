"""Tally boxes: a row of small boxes in groups of five, one pencil mark per box.

A blank scorepad gets empty boxes; a filled sheet gets a stroke in each box
used and, like a tally on paper, a diagonal through every full group of five.
``strokes`` writes marks that have no box (Solitaire's marks past ten).
"""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Line, Rect, String

from printables.styles import BOLD, FAINT, INK

GROUP = 5
BOX = 12.0
BOX_GAP = 1.5
GROUP_GAP = 6.0
STROKE = 1.1
STROKE_PITCH = 3.5


def boxes_width(boxes: int, box: float = BOX) -> float:
    """The width of ``boxes`` boxes with the gaps between them and between groups."""
    groups = (boxes - 1) // GROUP
    return boxes * box + (boxes - 1 - groups) * BOX_GAP + groups * GROUP_GAP


def tally(marks: int, boxes: int, *, box: float = BOX) -> Drawing:
    """``boxes`` tally boxes, the first ``marks`` of them marked (at most ``boxes``)."""
    drawing = Drawing(boxes_width(boxes, box), box)
    lefts = _lefts(boxes, box)
    for left in lefts:
        drawing.add(Rect(left, 0, box, box, fillColor=None, strokeColor=FAINT, strokeWidth=0.6))
    shown = min(marks, boxes)
    for left in lefts[:shown]:
        _stroke(drawing, left + box / 2, box)
    for start in range(0, shown - GROUP + 1, GROUP):
        first, last = lefts[start], lefts[start + GROUP - 1] + box
        drawing.add(Line(first + 1, 2, last - 1, box - 2, strokeColor=INK, strokeWidth=STROKE))
    return drawing


def strokes(count: int, width: float, height: float = BOX) -> Drawing:
    """``count`` loose marks in ``width`` points: strokes, or "+n" when they do not fit."""
    drawing = Drawing(width, height)
    if count * STROKE_PITCH <= width:
        for n in range(count):
            _stroke(drawing, n * STROKE_PITCH + 1, height)
    elif count:
        drawing.add(String(0, 2.5, f"+{count}", fontName=BOLD, fontSize=8, fillColor=INK))
    return drawing


def _stroke(drawing: Drawing, x: float, height: float) -> None:
    drawing.add(Line(x, 2, x, height - 2, strokeColor=INK, strokeWidth=STROKE))


def _lefts(boxes: int, box: float) -> list[float]:
    lefts, x = [], 0.0
    for n in range(boxes):
        if n:
            x += GROUP_GAP if n % GROUP == 0 else BOX_GAP
        lefts.append(x)
        x += box
    return lefts
