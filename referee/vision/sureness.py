"""Which of a photo's crops are dice, and how surely each is read: the classifier reads
each crop the reader cut (``Located``); a loose roll keeps the crops that are surely dice
(not a shadow, a speck, a token or one die seen twice), each scaled by how sure the finder is
that a die is there, and a photo mostly read unsure is marked whole (``unknown_table``).  A die
read less surely than ``SURE`` is marked for the table to check.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from referee.core.sentences import say
from referee.vision.classify import Guess, classify
from referee.vision.decode import PhotoError
from referee.vision.detect import THRESHOLD

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


def mostly_unsure(read: list[Kept]) -> bool:
    """Whether more than half of the dice read are unsure of their value or colour."""
    return sum(guess.confidence < SURE for guess, *_ in read) * 2 > len(read)
