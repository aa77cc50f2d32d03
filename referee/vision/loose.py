"""A loose roll: the dice are where the finder (``detect.py``) sees them, each cut out along
the finder's own centre, side and turn: its top face, without the sides and shadow that the
dice mask's piece of it holds when the camera is tilted (a 4 with a side below it was read
as a 6).

The mask's pieces are still read where the finder saw nothing: a piece at the photo's edge
(a die cut by it, for the reader to refuse), every die when the finder saw none (a die
smaller than it looks for), and each die-like piece that holds no die the finder saw (dice
it does not know, which the reader keeps only when it reads them surely).  Each die is a
piece of about the same size as the others.

A piece that is not square (a die with its side or shadow, or two dice touching) is worn
down until it falls apart into cores about a die's size, and each core grown back to a die:
what a die's side or shadow adds is thinner than the wearing, two touching dice meet in a
neck narrower than either.  Dice touching flush in a row have no neck: their rectangle is cut
into as many squares as its area holds dice.  A die's crop is its outline's smallest turned
rectangle made square, so the die comes out upright (within a quarter turn, which the
classifier does not mind).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from referee.vision.crops import warp_to
from referee.vision.detect import Detection
from referee.vision.labels import CROP, MARGIN
from referee.vision.segment import Blob

SPECK = 0.25  # a piece under this share of the typical die's area is not a die
MIN_SIDE = 8.0  # pixels: a smaller die cannot be read
SQUARE = 0.8  # the least squareness of a die's piece
ONE_DIE = 1.6  # a piece over this many typical dice's area is more than one die
WEAR = (0.2, 0.3)  # a piece not square is worn down by these shares of a die's side
RIM = 0.1  # the share of a die's side between its top face's edge and its outer pips
BESIDE = 0.5  # a pale top face may lie off its piece (its side and shadow) by half a side
DOUBT = 0.5  # a die the finder is less sure of, off the dice mask, may be a shadow
TURN_SURE = 0.6  # a finder's turn less sure than this is tried against its square piece's


@dataclass(frozen=True)
class Found:
    """A die found in the photo: its centre, side (pixels) and crop for the classifier;
    maybe an ``other`` crop of it, turned as its piece of the mask is (the reader keeps
    the surer reading of the two); ``doubtful`` when it may be no die (``doubtful()``);
    ``score``, how sure the finder is that a die is there (0 for a piece of the mask it
    saw no die on)."""

    center: tuple[float, float]
    side: float
    crop: np.ndarray
    at_edge: bool
    other: np.ndarray | None = None
    doubtful: bool = False
    score: float = 0.0


def squareness(piece: Blob) -> float:
    """The piece's area over its smallest turned rectangle's: a die's rounded square (and
    its sides) fill 0.85 or more, a round spot of glare 0.79 at most."""
    _, (w, h), _ = cv2.minAreaRect(piece.contour)
    return piece.area / max(w * h, 1.0)


def typical_area(pieces: list[Blob]) -> float | None:
    """A die's area: the middle of the square pieces, specks left out (None: none)."""
    square = [p.area for p in pieces if p.area >= MIN_SIDE**2 and squareness(p) >= SQUARE]
    if not square:
        return None
    return float(np.median([area for area in square if area >= SPECK * max(square)]))


def worn_apart(piece: Blob, side: float) -> list[Blob]:
    """The dice in a piece that is not one square die: its cores after wearing it down,
    each grown back by as much (within the piece when that leaves it square, else as the
    core's turned rectangle); none when it will not come apart into dice of about ``side``."""
    x, y, w, h = cv2.boundingRect(piece.contour)
    for share in WEAR:
        reach = max(int(side * share), 1)
        pad = reach + 2
        mask = np.zeros((h + 2 * pad, w + 2 * pad), np.uint8)
        cv2.drawContours(mask, [piece.contour - (x - pad, y - pad)], -1, 255, -1)
        disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * reach + 1,) * 2)
        count, labels = cv2.connectedComponents(cv2.erode(mask, disc))
        outlines = [grown(labels == label, mask, disc, reach) for label in range(1, count)]
        found = [
            Blob(o + (x - pad, y - pad), float(cv2.contourArea(o)), piece.at_edge) for o in outlines
        ]
        if found and all(SPECK <= p.area / side**2 <= ONE_DIE for p in found):
            return found
    return cut_in_a_row(piece, side)


def cut_in_a_row(piece: Blob, side: float) -> list[Blob]:
    """Dice touching flush in a row (no neck to wear through): a rectangle as many dice
    long as its area holds, cut into that many squares; none when it is not one."""
    (cx, cy), (w, h), angle = cv2.minAreaRect(piece.contour)
    count = round(piece.area / side**2)
    long, short = max(w, h), min(w, h)
    if count < 2 or squareness(piece) < SQUARE or abs(long / max(short, 1.0) - count) > 0.35:
        return []
    turn = np.radians(angle if w >= h else angle + 90)
    step = np.array([np.cos(turn), np.sin(turn)]) * long / count
    dice = []
    for at in np.arange(count) - (count - 1) / 2:
        centre = (float(cx + at * step[0]), float(cy + at * step[1]))
        box = cv2.boxPoints((centre, (long / count, short), np.degrees(turn)))
        outline = box.reshape(-1, 1, 2).astype(np.int32)
        dice.append(Blob(outline, float(cv2.contourArea(outline)), piece.at_edge))
    return dice


def grown(core: np.ndarray, mask: np.ndarray, disc: np.ndarray, reach: int) -> np.ndarray:
    """A worn core's outline grown back by ``reach``: within the piece's ``mask`` when that
    is square, else its turned rectangle widened by ``reach`` on every side."""
    back = cv2.dilate(core.astype(np.uint8) * 255, disc) & mask
    contours, _ = cv2.findContours(back, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    outline = max(contours, key=cv2.contourArea)
    _, (w, h), _ = cv2.minAreaRect(outline)
    if cv2.contourArea(outline) / max(w * h, 1.0) >= SQUARE:
        return outline
    points = cv2.findNonZero(core.astype(np.uint8))
    centre, (cw, ch), angle = cv2.minAreaRect(points)
    box = cv2.boxPoints((centre, (cw + 2 * reach, ch + 2 * reach), angle))
    return box.reshape(-1, 1, 2).astype(np.int32)


def die_pieces(pieces: list[Blob]) -> list[Blob]:
    """The pieces that may be dice, pieces not square worn apart into dice, specks of dirt
    and round spots of glare left out."""
    typical = typical_area(pieces)
    if typical is None:
        return []
    side = float(np.sqrt(typical))
    dice = []
    for piece in pieces:
        if piece.area < SPECK * typical:
            continue
        if squareness(piece) >= SQUARE and piece.area < ONE_DIE * typical:
            dice.append(piece)
        else:
            dice.extend(worn_apart(piece, side))
    return [p for p in dice if p.area >= SPECK * typical]


def cut(image: np.ndarray, centre: tuple[float, float], side: float, angle: float) -> np.ndarray:
    """The square of ``side`` turned by ``angle`` degrees round ``centre``, cut out upright,
    ``CROP`` pixels with the margin."""
    half = side * (0.5 + MARGIN)
    box = cv2.boxPoints((centre, (2 * half, 2 * half), angle)).astype(np.float32)
    return warp_to(image, np.roll(box, -1, axis=0), CROP, CROP)


def crop_die(image: np.ndarray, piece: Blob) -> Found:
    """The die in ``piece`` cut out square and upright."""
    (cx, cy), (w, h), angle = cv2.minAreaRect(piece.contour)
    side = float(max(w, h))
    crop = cut(image, (cx, cy), side, angle)
    return Found(center=(float(cx), float(cy)), side=side, crop=crop, at_edge=piece.at_edge)


def face_at_edge(image: np.ndarray, seen: Detection) -> bool:
    """Whether the top face the finder saw reaches past the photo's edge by more than its
    rim (``RIM`` of its side, where no pip is: the finder's box may overshoot by as much)."""
    h, w = image.shape[:2]
    face = cv2.boxPoints((seen.center, (seen.side, seen.side), seen.turn))
    rim = RIM * seen.side
    return bool(
        (face.min() < -rim) | (face[:, 0].max() > w - 1 + rim) | (face[:, 1].max() > h - 1 + rim)
    )


def piece_turn(seen: Detection, pieces: list[Blob]) -> float | None:
    """When the finder is unsure of the die's turn (``TURN_SURE``), the turn of the square
    piece of the mask that holds the die, if one does; else None."""
    if seen.turn_sureness >= TURN_SURE:
        return None
    for piece in pieces:
        (cx, cy), _, angle = cv2.minAreaRect(piece.contour)
        if np.hypot(cx - seen.center[0], cy - seen.center[1]) < seen.side / 2:
            return float(angle % 90) if squareness(piece) >= SQUARE else None
    return None


def crop_detected(
    image: np.ndarray, seen: Detection, pieces: list[Blob], doubted: bool = False
) -> Found:
    """The die the finder saw, cut out along its centre, side and turn; cut a second time
    along its piece's turn when the finder is unsure of its own (``piece_turn``)."""
    crop = cut(image, seen.center, seen.side, seen.turn)
    turn = piece_turn(seen, pieces)
    other = None if turn is None else cut(image, seen.center, seen.side, turn)
    at_edge = face_at_edge(image, seen)
    return Found(seen.center, seen.side, crop, at_edge, other, doubted, seen.score)


def find_dice(
    image: np.ndarray, pieces: list[Blob], seen: list[Detection], faint: list[Detection]
) -> list[Found]:
    """Every die in a loose roll, top to bottom then left to right: each die the finder saw
    (at the edge when its top face reaches past the photo's: a piece of the mask also holds
    the die's sides and shadow), and each piece of the mask that may be a die and holds no
    die the finder saw: at the photo's edge, a die cut by it (for the reader to refuse);
    elsewhere a doubtful die (a die the finder does not know, on a table it takes for
    dice).  When the finder saw none, the mask's pieces that may be dice (a die smaller
    than it looks for).  A piece is cut along the surest ``faint`` peak of the finder on
    it, if there is one: the piece holds the die's sides and shadow too."""
    dice = die_pieces(pieces)
    if not seen:
        return in_reading_order([crop_piece(image, piece, faint, dice) for piece in dice])
    found = [crop_detected(image, die, dice, doubtful(die, pieces)) for die in seen]
    unseen = [piece for piece in dice if on_piece(piece, seen) is None]
    found += [crop_die(image, piece) for piece in unseen if piece.at_edge]
    found += [
        replace(crop_piece(image, piece, faint, dice), doubtful=True)
        for piece in unseen
        if not piece.at_edge
    ]
    return in_reading_order(found)


def crop_piece(image: np.ndarray, piece: Blob, faint: list[Detection], pieces: list[Blob]) -> Found:
    """A piece of the mask that may be a die, cut along the surest faint peak on it (its
    top face) or, with none, along the piece."""
    on_it = on_piece(piece, faint, BESIDE)
    return crop_die(image, piece) if on_it is None else crop_detected(image, on_it, pieces)


def doubtful(die: Detection, pieces: list[Blob]) -> bool:
    """Whether the finder doubts the die (``DOUBT``) and the dice mask has no piece under
    its centre: a shadow, a tile's grout or a large die's pip more often than a die."""
    return die.score < DOUBT and not any(
        cv2.pointPolygonTest(piece.contour, die.center, False) >= 0 for piece in pieces
    )


def on_piece(piece: Blob, dice: list[Detection], beside: float = 0.0) -> Detection | None:
    """The surest of the finder's ``dice`` whose centre lies on the piece (the piece is
    that die, maybe with its sides or shadow), or off it by at most ``beside`` of the
    die's side; None if none does."""
    for die in dice:
        if cv2.pointPolygonTest(piece.contour, die.center, True) >= -beside * die.side:
            return die
    return None


def in_reading_order(found: list[Found]) -> list[Found]:
    """The dice top to bottom (by rows about a die high), then left to right."""
    return sorted(found, key=lambda die: (round(die.center[1] / max(die.side, 1)), die.center[0]))
