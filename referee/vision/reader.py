"""Read a photo of dice: a board of touching dice in rows and columns, or a loose roll.

Reading is two steps: ``locate`` finds the dice (the colour mask and the die finder) and
cuts each out, then the classifier reads each crop.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

import cv2
import numpy as np

from referee.core.dice import COLOURS as DIE_COLOURS
from referee.core.sentences import say, say_n
from referee.vision import grid, lattice, loose
from referee.vision.classify import Guess, classify
from referee.vision.decode import PhotoError, decode
from referee.vision.detect import FAINT, THRESHOLD, Detection, detect_closely
from referee.vision.quality import TOO_DARK, check_readable, too_dark
from referee.vision.segment import Blob, blobs, board_blob, dice_mask

LAYOUTS = ("grid", "loose")
NO_DICE = say("No dice found in the photo.")
BOARD_SHARE = 0.6  # a board is at least this share of everything on the table
BOARD_COVER = 0.4  # and the top faces of its dice cover at least this share of it
SURE = 0.8  # a die read with less confidence is marked for the table to check (training
# smooths its labels, so a sure die scores about 0.92-0.98)
A_DIE = 0.5  # a loose crop is a die when the classifier is at least this sure there is one
EDGE_DIE = 0.9  # a crop cut by the photo's edge must be this surely a die to be read
CUT_SURE = 0.5  # a die cut by the photo's edge is read, never surely: its confidence at most
# this (the part of its top face the photo leaves out may hold pips)
TWICE = 0.5  # two dice read closer than this share of a side are one die seen twice
# (the pretrained finder; it sees heaped dice 0.55-0.6 of a side apart, the plain one a die twice
# at 0.51, tests/vision/test_detect.py)
DOUBTED_SURE = 0.65  # a die the finder doubts is kept when read this surely (shadows
# and tiles' grout it took for dice read 0.27-0.64, 59 of 61; the dice it doubted 0.69-0.93, 8 of 9)
DOUBTED_DIE = 0.9  # or when the classifier is this sure a die is there, whatever its value:
# kept and marked, never dropped in silence (a ninth die on a roll of 8 must count)
DWARF = 0.7  # a loose die under this share of the others' median side is kept only when the
# finder saw it (THRESHOLD) and the classifier is DOUBTED_DIE sure a die is there: a tray's
# specks of dust, 11-23 pixels beside dice of 31-37, read as 1s 0.2-0.7 sure, a die 0.5-0.87
SEEN_ONLY = 0.5  # when the classifier takes every crop of a roll for no die, a die the finder
# is this sure of is kept, marked: SEEN_ONLY_SURE at most
SEEN_ONLY_SURE = 0.3
FINDER_SURE = 0.6  # a loose die the finder is less sure of than this is sure only in part:
# its confidence is scaled by its share of this (calibrated on sources held out of training)
LETTERS = {name: letter for letter, name in DIE_COLOURS.items()}  # white dice are plain


@dataclass(frozen=True)
class ReadDie:
    """One die as read: value, body colour, confidence (of both), its centre in the photo
    and its side there (the photo's own pixels; the side is not in ``referee photo``'s
    output), whether the photo's edge cuts it (its confidence then at most ``CUT_SURE``),
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


Kept = tuple[Guess, tuple[float, float], float, bool]  # a die read: centre, side, cut by the edge


@dataclass(frozen=True)
class Located:
    """The dice found in a photo before they are read: each one's crop and centre (in the
    decoded image's pixels), the board's columns (0 for a loose roll), each die's other
    crop, if it has one (cut along another turn: the surer reading is kept), whether
    the finder doubted it (``loose.doubtful``), each die's side (pixels), whether it is
    cut by the photo's edge, and how sure the finder is that it is a die (``scores``:
    a board's cells are 1)."""

    layout: str
    crops: list[np.ndarray]
    centres: list[tuple[float, float]]
    cols: int
    others: list[np.ndarray | None] | None = None
    doubtful: list[bool] | None = None
    sides: list[float] | None = None
    at_edge: list[bool] | None = None
    scores: list[float] | None = None

    def read(self) -> list[Kept]:
        """Each die read, with its centre, side and whether the photo's edge cuts it, less
        each of a loose roll that the classifier takes for no die (``A_DIE``) and each the
        finder doubted that is read with less than ``DOUBTED_SURE`` confidence and less
        surely a die than ``DOUBTED_DIE``.  A loose die much smaller than the others
        (``dwarfs``) is kept only when the finder saw it (``THRESHOLD``) and the classifier is
        ``DOUBTED_DIE`` sure a die is there, however surely it reads its value (a speck of
        dust reads as a 1).  A board's cells are all dice.  A loose die's confidence is its
        reading's times how sure the finder is that it is a die (``existence``).

        Of two dice kept closer than ``TWICE`` of a side, the surer is the die (the finder
        may see one die twice: its top face, and its top face with a side).  A crop cut by
        the photo's edge is a die when the classifier is sure (``EDGE_DIE``) that a die is
        there: it is read, its confidence at most ``CUT_SURE``, for the table to check; one
        read less surely as a die is a laptop's key, a cable or a tray's wall, and left
        out.  Raises PhotoError when the only crops that may be dice are cut by the edge."""
        doubtful = self.doubtful or [False] * len(self.crops)
        sides = self.sides or [0.0] * len(self.crops)
        at_edge = self.at_edge or [False] * len(self.crops)
        scores = self.scores or [1.0] * len(self.crops)
        guesses = self.guesses()
        if self.layout != "grid" and self.scores:
            guesses = [existence(g, score) for g, score in zip(guesses, self.scores, strict=True)]
        read = list(zip(guesses, self.centres, sides, doubtful, at_edge, scores, strict=True))
        if self.layout == "grid":
            return [(guess, centre, side, edge) for guess, centre, side, _, edge, _ in read]
        dice = [
            (guess, centre, side, edge, score)
            for guess, centre, side, doubted, edge, score in read
            if guess.die >= (EDGE_DIE if edge else A_DIE)
            and (not doubted or guess.read >= DOUBTED_SURE or guess.die >= DOUBTED_DIE)
        ]
        small = dwarfs([side for _, _, side, _, _ in dice])
        kept = once_each(
            [
                (guess, centre, side, edge)
                for (guess, centre, side, edge, score), dwarf in zip(dice, small, strict=True)
                if not dwarf or (guess.die >= DOUBTED_DIE and score > THRESHOLD)
            ]
        )
        if not kept and any(edge and g.die >= A_DIE for g, _, _, _, edge, _ in read):
            raise PhotoError(
                say(
                    "A die is cut by the edge of the photo: take it again with every die inside it."
                )
            )
        if not kept and self.scores:  # the finder's own sureness, not the default
            return seen_only(read)
        return [
            (at_most(guess, CUT_SURE) if edge else guess, centre, side, edge)
            for guess, centre, side, edge in kept
        ]

    def guesses(self) -> list[Guess]:
        """Each die as the classifier reads it: its crop, or its other crop where that
        reads surer."""
        guesses = classify(self.crops)
        others = self.others or [None] * len(self.crops)
        cut_twice = [(i, other) for i, other in enumerate(others) if other is not None]
        again = classify([other for _, other in cut_twice])
        for (i, _), guess in zip(cut_twice, again, strict=True):
            if guess.confidence > guesses[i].confidence:
                guesses[i] = guess
        return guesses


def dwarfs(sides: list[float]) -> list[bool]:
    """Whether each die is under ``DWARF`` of the median side of the others: a speck of dust
    or a print on the table that the finder took for a small die, and the classifier reads
    as a 1 (seen close, a speck is a pip)."""
    if len(sides) < 2:
        return [False] * len(sides)
    every = np.array(sides)
    return [side < DWARF * float(np.median(np.delete(every, i))) for i, side in enumerate(sides)]


def scaled(guess: Guess, by: float, value_by: float | None = None) -> Guess:
    """The guess with its confidence times ``by`` and its value's confidence times
    ``value_by`` (``by`` when None)."""
    value_by = by if value_by is None else value_by
    return replace(
        guess,
        confidence=round(guess.confidence * by, 3),
        value_confidence=round(guess.value_confidence * value_by, 3),
    )


def existence(guess: Guess, score: float) -> Guess:
    """The guess with its confidences scaled by how sure the finder is that a die is there
    (``score``, as a share of ``FINDER_SURE``; 0 for a piece of the dice mask it saw no die
    on): a token, a speck or a printed number the classifier reads as a die is marked."""
    return scaled(guess, min(1.0, score / FINDER_SURE))


def at_most(guess: Guess, most: float) -> Guess:
    """The guess never surer than ``most``: a die the photo's edge cuts (``CUT_SURE``), one
    only the finder takes for a die (``SEEN_ONLY_SURE``)."""
    return replace(
        guess,
        confidence=min(guess.confidence, most),
        value_confidence=min(guess.value_confidence, most),
    )


CropRead = tuple[Guess, tuple[float, float], float, bool, bool, float]  # a crop read: its centre,
# side, whether the finder doubted it, whether the photo's edge cuts it, the finder's score


def seen_only(read: list[CropRead]) -> list[Kept]:
    """A loose roll whose every crop the classifier takes for no die: the dice the finder is
    at least ``SEEN_ONLY`` sure of (none cut by the photo's edge), each marked
    (``SEEN_ONLY_SURE`` at most), rather than no die at all.  A lone die on a table the
    classifier never saw (a red 1 on a speckled counter, the finder 0.76 sure) is still a
    die, and the table checks its value."""
    seen = [
        (at_most(guess, SEEN_ONLY_SURE), centre, side, False)
        for guess, centre, side, _, edge, score in read
        if score >= SEEN_ONLY and not edge
    ]
    return once_each(seen)


def sure_share(confidences: list[float]) -> float:
    """The share of ``confidences`` at least ``SURE``; 1 when most are (a photo the reader
    knows), so that only a photo mostly read unsure is marked whole."""
    sure = sum(confidence >= SURE for confidence in confidences)
    return 1.0 if 2 * sure >= len(confidences) else sure / len(confidences)


def unknown_table(read: list[Kept]) -> list[Kept]:
    """A photo's dice, each marked when most of them read unsure (a table, a board or dice
    the reader does not know, where a die it reads surely is still often wrong; a game
    board's tiles and tokens read as a board of dice): its confidence scaled by the share of
    dice read surely, and its value's confidence by the share read surely in value.  A die
    the photo's edge cuts is unsure for what the photo leaves out, not for the table: it is
    not counted."""
    whole = [guess for guess, *_, cut in read if not cut]
    share = sure_share([guess.confidence for guess in whole])
    value_share = sure_share([guess.value_confidence for guess in whole])
    if share == value_share == 1.0:
        return read
    return [
        (scaled(guess, share, value_share), centre, side, cut) for guess, centre, side, cut in read
    ]


def once_each(kept: list[Kept]) -> list[Kept]:
    """The dice read, less each lying within ``TWICE`` of a side of a surer one, in their
    order."""
    surest_first = sorted(range(len(kept)), key=lambda i: -kept[i][0].confidence)
    chosen: list[int] = []
    for i in surest_first:
        (x, y), side = kept[i][1], kept[i][2]
        if all(
            np.hypot(x - kept[j][1][0], y - kept[j][1][1]) > TWICE * max(side, kept[j][2])
            for j in chosen
        ):
            chosen.append(i)
    return [kept[i] for i in sorted(chosen)]


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


def mostly_unsure(read: list[Kept]) -> bool:
    """Whether more than half of the dice read are unsure of their value or colour."""
    return sum(guess.confidence < SURE for guess, *_ in read) * 2 > len(read)


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
