"""Read a photo of dice: a board of touching dice in rows and columns, or a loose roll.

Reading is two steps: ``locate`` finds the dice (the colour mask and the die finder) and
cuts each out, then the classifier reads each crop, and ``sureness`` keeps the crops that
are dice and says how sure each reading is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

from referee.core.dice import COLOURS as DIE_COLOURS
from referee.core.sentences import say, say_n
from referee.vision import grid, lattice, loose
from referee.vision.decode import PhotoError, decode
from referee.vision.detect import FAINT, THRESHOLD, Detection, detect_closely
from referee.vision.quality import TOO_DARK, check_readable, too_dark
from referee.vision.segment import Blob, blobs, board_blob, dice_mask
from referee.vision.sureness import SURE, Located, mostly_unsure, unknown_table

LAYOUTS = ("grid", "loose")
NO_DICE = say("No dice found in the photo.")
BOARD_SHARE = 0.6  # a board is at least this share of everything on the table
BOARD_COVER = 0.4  # and the top faces of its dice cover at least this share of it
LETTERS = {name: letter for letter, name in DIE_COLOURS.items()}  # white dice are plain


@dataclass(frozen=True)
class ReadDie:
    """One die as read: value, body colour, confidence (of both), its centre in the photo
    and its side there (the photo's own pixels; the side is not in ``referee photo``'s
    output), whether the photo's edge cuts it (its confidence then at most ``sureness.CUT_SURE``),
    and the confidence of its value alone (None: the same as confidence)."""

    value: int
    colour: str
    confidence: float
    center: tuple[int, int]
    side: float = 0.0
    cut: bool = False
    value_confidence: float | None = None

    def surety(self, *, coloured: bool = True) -> float:
        """How sure the reader is of the die: of its value and colour, or (``coloured``
        False, for a game whose dice have no colour) of its value alone."""
        if coloured or self.value_confidence is None:
            return self.confidence
        return self.value_confidence

    def notation(self) -> str:
        """The die as the entry forms write it, "?" after it when the reader is unsure."""
        unsure = "?" if self.confidence < SURE else ""
        return f"{self.value}{LETTERS.get(self.colour, '')}{unsure}"

    def to_json(self, *, with_center: bool) -> dict[str, object]:
        """The die as ``referee photo`` prints it; a board's dice go without their centre, and
        a die the photo's edge cuts says so (``"cut": true``)."""
        out: dict[str, object] = {"value": self.value, "colour": self.colour}
        if with_center:
            out["center"] = list(self.center)
        out["confidence"] = self.confidence
        if self.value_confidence is not None:
            out["value_confidence"] = self.value_confidence
        if self.cut:
            out["cut"] = True
        return out


@dataclass(frozen=True)
class Reading:
    """What a photo shows: ``rows`` of a board (row-major, as seen in the photo) or the
    ``dice`` of a loose roll (top to bottom, left to right)."""

    layout: str
    rows: list[list[ReadDie]]
    dice: list[ReadDie]

    def to_json(self, image: str) -> dict[str, object]:
        """The reading as one line of ``referee photo``'s output."""
        if self.layout == "grid":
            rows = [[die.to_json(with_center=False) for die in row] for row in self.rows]
            return {"image": image, "layout": "grid", "rows": rows}
        dice = [die.to_json(with_center=True) for die in self.dice]
        return {"image": image, "layout": "loose", "dice": dice}

    def to_text(self) -> str:
        """The dice in the entry forms' notation ("3r", "5k", a plain die "4"), a board's
        rows apart by " / "; a die read with less than ``SURE`` confidence ends in "?"."""
        if self.layout == "grid":
            return " / ".join(" ".join(die.notation() for die in row) for row in self.rows)
        return " ".join(die.notation() for die in self.dice)


def read_photo(
    data: bytes, layout: str | None = None, shape: tuple[int, int] | None = None
) -> Reading:
    """Read a photo's bytes; ``layout`` is "grid", "loose" or None to tell from the photo,
    ``shape`` a board's (rows, columns) when the caller knows them.

    Raises PhotoError with a sentence when the photo cannot be read."""
    image, scale = decode(data)
    return read_image(image, layout, shape, scale)


class Seen:
    """What a photo shows before a board's shape is fitted to it, each worked out once
    however many shapes the photo is read as: the dice mask's pieces, the board's piece
    and the finder's dice."""

    def __init__(self, image: np.ndarray) -> None:
        self.image = image

    @cached_property
    def pieces(self) -> list[Blob]:
        """The pieces of the dice mask, largest first."""
        return blobs(dice_mask(self.image))

    @cached_property
    def board(self) -> Blob | None:
        """The board's piece of the board mask (its dice closest in colour to the table
        kept), if there is one."""
        return board_blob(dice_mask(self.image, board=True))

    @cached_property
    def peaks(self) -> list[Detection]:
        """Every peak of the finder, surest first, the faint ones too."""
        return detect_closely(self.image, FAINT)

    @cached_property
    def dice(self) -> list[Detection]:
        """The dice the finder sees."""
        return [die for die in self.peaks if die.score > THRESHOLD]

    @cached_property
    def faint(self) -> list[Detection]:
        """The peaks too faint to be dice on their own (a small die, a shadow)."""
        return [die for die in self.peaks if die.score <= THRESHOLD]


def read_photo_each(
    data: bytes, layout: str | None, shapes: Sequence[tuple[int, int] | None]
) -> list[Reading | PhotoError]:
    """Read a photo's bytes as each of ``shapes`` (a board's rows and columns, or None to
    count them): each reading, or the PhotoError that refused it.  The photo is decoded,
    and its dice found, once.  Raises PhotoError when the photo cannot be decoded."""
    image, scale = decode(data)
    seen = Seen(image)
    readings: list[Reading | PhotoError] = []
    for shape in shapes:
        try:
            readings.append(read_image(image, layout, shape, scale, seen))
        except PhotoError as exc:
            readings.append(exc)
    return readings


def read_image(
    image: np.ndarray,
    layout: str | None = None,
    shape: tuple[int, int] | None = None,
    scale: float = 1.0,
    seen: Seen | None = None,
) -> Reading:
    """Read decoded BGR pixels; centres are given divided by ``scale`` (the photo's own
    pixels when the image was scaled down by that much).  ``seen``: what was found in
    the same image for another shape."""
    seen = seen or Seen(image)
    try:
        found = locate(image, layout, shape, seen)
    except PhotoError as refused:
        if str(refused) == NO_DICE and too_dark(image):
            raise PhotoError(TOO_DARK) from None
        raise
    read = unknown_table(found.read())
    if found.layout == "loose":  # a board's cells are cut where its outline says: no die's size
        # A fault is why pips are misread: a roll is refused for one only when most of its
        # values are unsure (an unknown camera's colours are marked, not taken again).
        unsure = sum(guess.value_confidence < SURE for guess, *_ in read)
        check_readable(found.crops, found.sides or [], unsure, len(read))
    elif mostly_unsure(read) and not is_board(image, seen.pieces, seen.dice):
        # Read as a board, most of its cells unsure, and no board in sight: loose dice.
        count = len(seen.dice)
        raise PhotoError(
            say(
                "The photo shows {dice} lying loose, not a board: take the whole board from above.",
                dice=say_n("{count} die", "{count} dice", count),
            )
        )
    dice = [
        ReadDie(
            guess.value,
            guess.colour,
            guess.confidence,
            (round(x / scale), round(y / scale)),
            round(side / scale, 1),
            cut,
            guess.value_confidence,
        )
        for guess, (x, y), side, cut in read
    ]
    if not dice:
        raise PhotoError(NO_DICE)
    if found.layout == "grid":
        rows = [dice[at : at + found.cols] for at in range(0, len(dice), found.cols)]
        return Reading("grid", rows, [])
    return Reading("loose", [], dice)


def locate(
    image: np.ndarray,
    layout: str | None = None,
    shape: tuple[int, int] | None = None,
    seen: Seen | None = None,
) -> Located:
    """Find the dice and cut each out; raises PhotoError when there are none to read."""
    seen = seen or Seen(image)
    pieces = seen.pieces
    if layout is None:
        layout = "grid" if pieces and is_board(image, pieces, seen.dice) else "loose"
    if layout == "grid":
        if not pieces:
            raise PhotoError(NO_DICE)
        return locate_board(image, seen.board or pieces[0], shape, seen.dice)
    return locate_roll(image, pieces, seen.dice, seen.faint)


def is_board(image: np.ndarray, pieces: list[Blob], dice: list[Detection]) -> bool:
    """Whether the photo shows a board: one piece holding most of what is on the table,
    mostly covered by the top faces of dice the finder sees on it (not a laptop's corner,
    a cable or a tray's wall), with at least two rows or two columns."""
    largest = pieces[0]
    if largest.area < BOARD_SHARE * sum(piece.area for piece in pieces):
        return False
    on = [
        die
        for die in dice
        if cv2.pointPolygonTest(
            largest.contour, (float(die.center[0]), float(die.center[1])), False
        )
        >= 0
    ]
    if len(on) < 4 or sum(die.side**2 for die in on) < BOARD_COVER * largest.area:
        return False
    board = grid.fit_board(image, grid.corners(largest.contour))
    return board.rows * board.cols > 1


def locate_board(
    image: np.ndarray, board: Blob, shape: tuple[int, int] | None, dice: list[Detection]
) -> Located:
    """The board's cells, row by row, put on the finder's ``dice`` where they fill it."""
    outline = grid.fit_board(image, grid.corners(board.contour), shape)
    placed = lattice.on_dice(outline, [die.center for die in dice], shape)
    # The mask's board (which may hold the near dice's sides and shadows) reaching the
    # photo's edge is whole all the same when the finder's board lies inside the photo.
    if board.at_edge and (placed is None or not inside(placed.quad, image)):
        raise PhotoError(
            say("The board is cut by the edge of the photo: step back so that all of it shows.")
        )
    fitted = placed or outline
    crops = grid.cell_crops(image, fitted.quad, fitted.rows, fitted.cols)
    centres = [
        (float(x), float(y)) for x, y in grid.cell_centres(fitted.quad, fitted.rows, fitted.cols)
    ]
    width, height = grid.side_lengths(fitted.quad)
    side = (width / fitted.cols + height / fitted.rows) / 2
    return Located("grid", crops, centres, fitted.cols, sides=[side] * len(centres))


def inside(quad: np.ndarray, image: np.ndarray) -> bool:
    """Whether the four corners lie inside the photo."""
    h, w = image.shape[:2]
    return bool((quad >= 0).all() and (quad[:, 0] < w).all() and (quad[:, 1] < h).all())


def locate_roll(
    image: np.ndarray, pieces: list[Blob], dice: list[Detection], faint: list[Detection]
) -> Located:
    """The finder's loose ``dice``, cut out with the mask's pieces, top to bottom and left
    to right (its ``faint`` peaks place the pieces' dice when it saw none)."""
    found = loose.find_dice(image, pieces, dice, faint)
    if not found:
        raise PhotoError(NO_DICE)
    crops, centres = [d.crop for d in found], [d.center for d in found]
    others, doubtful = [d.other for d in found], [d.doubtful for d in found]
    sides, at_edge = [d.side for d in found], [d.at_edge for d in found]
    scores = [d.score for d in found]
    return Located("loose", crops, centres, 0, others, doubtful, sides, at_edge, scores)
