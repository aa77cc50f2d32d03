"""Dice faces as small vector drawings: the one helper every printed document uses.

``draw_face`` puts one die on a drawing: a rounded square with its pips, filled
in the die's colour (10K) and marked as a key by a double border and a tinted
face (Keys and Base Dice).  ``dice_drawing`` lays groups of dice out in a row,
with an optional caption under each group; ``face`` is a single die.  Dice are
given in the log's notation ("5", "3g", "K4") or as ``referee.core.dice.Die``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.graphics.shapes import Circle, Drawing, Group, Rect, String
from reportlab.lib import colors

from printables.styles import FONT, INK, MUTED
from referee.core.dice import Die, parse_die
from referee.core.gametext import SQUARE

DieLike = Die | str

FILLS: dict[str | None, colors.Color] = {
    None: colors.white,
    "r": colors.Color(0.84, 0.15, 0.16),
    "y": colors.Color(0.98, 0.84, 0.2),
    "g": colors.Color(0.17, 0.6, 0.23),
    "b": colors.Color(0.15, 0.38, 0.75),
    "o": colors.Color(0.97, 0.56, 0.12),
    "p": colors.Color(0.48, 0.25, 0.63),
    "k": colors.Color(0.13, 0.13, 0.13),
}
# White pips where black ones would sink into a dark face.
LIGHT_PIPS = {"r", "g", "b", "p", "k"}
KEY_FILL = colors.Color(0.87, 0.82, 0.94)  # a pale tint: reads as light grey on paper

# Pip centres on a unit face, by value.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.73), (0.73, 0.27)),
    3: ((0.27, 0.73), (0.5, 0.5), (0.73, 0.27)),
    4: ((0.27, 0.27), (0.27, 0.73), (0.73, 0.27), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.27, 0.73), (0.5, 0.5), (0.73, 0.27), (0.73, 0.73)),
    6: ((0.27, 0.22), (0.27, 0.5), (0.27, 0.78), (0.73, 0.22), (0.73, 0.5), (0.73, 0.78)),
}
PIP_RADIUS = 0.085
CORNER = 0.16
KEY_INSET = 0.1
GAP, GROUP_GAP = 0.25, 0.9  # spaces between dice and between groups, in die sizes
CAPTION_SIZE = 7.5
NAME_SIZE = 6
CAPTION_GAP = 3


def as_die(die: DieLike) -> Die:
    """A die from log notation, or the die itself."""
    return die if isinstance(die, Die) else parse_die(die)


def draw_face(group: Group, die: DieLike, x: float, y: float, size: float) -> None:
    """Add one die face, lower-left corner at (x, y), to ``group``."""
    die = as_die(die)
    fill = KEY_FILL if die.key else FILLS.get(die.colour, colors.white)
    line = max(0.6, size / 30)
    group.add(
        Rect(x, y, size, size, rx=size * CORNER, ry=size * CORNER,
             fillColor=fill, strokeColor=INK, strokeWidth=line)
    )  # fmt: skip
    if die.key:
        inset = size * KEY_INSET
        inner = size - 2 * inset
        group.add(
            Rect(x + inset, y + inset, inner, inner, rx=inner * CORNER / 1.5,
                 ry=inner * CORNER / 1.5, fillColor=None, strokeColor=INK, strokeWidth=line)
        )  # fmt: skip
    pip = colors.white if die.colour in LIGHT_PIPS else INK
    for px, py in PIPS[die.value]:
        group.add(
            Circle(x + px * size, y + py * size, size * PIP_RADIUS,
                   fillColor=pip, strokeColor=None)
        )  # fmt: skip


def face(die: DieLike, size: float = 16) -> Drawing:
    """A drawing of one die, ``size`` points square."""
    drawing = Drawing(size, size)
    draw_face(drawing, die, 0, 0, size)  # type: ignore[arg-type]  # a Drawing is a Group
    return drawing


def dice_drawing(
    groups: Sequence[Sequence[DieLike]],
    *,
    size: float = 18,
    captions: Sequence[str] = (),
    gap: float | None = None,
    group_gap: float | None = None,
    names: bool = True,
    max_width: float | None = None,
    words: Callable[[str], str] = str,
) -> Drawing:
    """Groups of dice in one row, each group optionally captioned underneath.

    Groups are set apart by ``group_gap`` so a split (Solitaire's pairs and
    throwaway, Lucky Sevens' sevens) reads at a glance.  A coloured die also
    gets its colour's name under it, so the colours survive a black and white
    printer; ``names=False`` leaves the names out where the text beside says them.
    With ``max_width`` the dice shrink (gaps in proportion) until the row fits.
    ``words`` says a colour's name in the document's language.
    """
    dice = [[as_die(d) for d in g] for g in groups]
    if max_width is not None and gap is None and group_gap is None:
        size = fitting_size(groups, max_width, size)
    gap = size * GAP if gap is None else gap
    group_gap = size * GROUP_GAP if group_gap is None else group_gap
    named = names and any(d.colour for g in dice for d in g)
    names_height = NAME_SIZE + CAPTION_GAP if named else 0
    below = names_height + (CAPTION_SIZE + CAPTION_GAP if any(captions) else 0)
    widths = [len(g) * size + (len(g) - 1) * gap for g in dice]
    width = sum(widths) + group_gap * (len(dice) - 1)
    drawing = Drawing(width, size + below)
    x = 0.0
    for index, (group, group_width) in enumerate(zip(dice, widths, strict=True)):
        for n, die in enumerate(group):
            left = x + n * (size + gap)
            draw_face(drawing, die, left, below, size)  # type: ignore[arg-type]
            if named and die.colour_name:
                drawing.add(_label(left + size / 2, below - names_height + 1,
                                   words(die.colour_name), NAME_SIZE))  # fmt: skip
        caption = captions[index] if index < len(captions) else ""
        if caption:
            drawing.add(_label(x + group_width / 2, 1, caption, CAPTION_SIZE))
        x += group_width + group_gap
    return drawing


def board_drawing(
    rows: Sequence[Sequence[DieLike | None]], *, width: float, size: float
) -> Drawing:
    """A grid of dice (None: an empty cell; ``SQUARE``: an empty square, outlined), rows
    from the top, shrunk to fit ``width``."""
    columns = max(len(row) for row in rows)
    size = min(size, width / (columns + GAP * (columns - 1)))
    step = size * (1 + GAP)
    drawing = Drawing(columns * step - size * GAP, len(rows) * step - size * GAP)
    for r, row in enumerate(rows):
        y = (len(rows) - 1 - r) * step
        for c, die in enumerate(row):
            if die == SQUARE:
                drawing.add(
                    Rect(c * step, y, size, size, rx=size * CORNER, ry=size * CORNER,
                         fillColor=None, strokeColor=MUTED, strokeWidth=0.5)
                )  # fmt: skip
            elif die is not None:
                draw_face(drawing, die, c * step, y, size)  # type: ignore[arg-type]
    return drawing


def fitting_size(groups: Sequence[Sequence[DieLike]], width: float, size: float) -> float:
    """The largest die size up to ``size`` at which ``dice_drawing`` of ``groups`` fits ``width``.

    Assumes the default gaps, which scale with the dice.
    """
    count = sum(len(g) for g in groups)
    per_point = count + GAP * (count - len(groups)) + GROUP_GAP * (len(groups) - 1)
    return min(size, width / per_point)


def _label(x: float, y: float, text: str, size: float) -> String:
    return String(x, y, text, fontName=FONT, fontSize=size, fillColor=MUTED, textAnchor="middle")
