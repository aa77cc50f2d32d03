"""The shipped classifier reads a few shipped crops: one die of each body colour."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from referee.vision import reader
from referee.vision.classify import MODEL, classify
from referee.vision.labels import COLOURS, CROP
from referee.vision.reader import read_image
from referee.vision.sureness import (
    A_DIE,
    CUT_SURE,
    DOUBTED_DIE,
    DOUBTED_SURE,
    DWARF,
    EDGE_DIE,
    FINDER_SURE,
    SEEN_ONLY,
    SEEN_ONLY_SURE,
    SURE,
    Located,
    unknown_table,
)

CROPS = Path(__file__).with_name("photos") / "crops.jpg"
BOARD = Path(__file__).with_name("photos") / "board.jpg"
VALUES = (6, 2, 2, 6, 4, 4, 4, 1)  # the crops' values, one crop of each colour in COLOURS' order


def test_the_model_file_is_under_5_mb() -> None:
    assert MODEL.stat().st_size < 5_000_000


def test_each_shipped_crop_is_read_with_its_value_and_colour() -> None:
    strip = cv2.imread(str(CROPS))
    crops = [strip[:, i * CROP : (i + 1) * CROP] for i in range(len(COLOURS))]
    guesses = classify(crops)
    assert [(g.value, g.colour) for g in guesses] == list(zip(VALUES, COLOURS, strict=True))
    assert all(0.5 < g.confidence <= 1 for g in guesses)


def test_a_quarter_turn_does_not_change_the_reading() -> None:
    strip = cv2.imread(str(CROPS))
    crops = [strip[:, i * CROP : (i + 1) * CROP] for i in range(len(COLOURS))]
    turned = [cv2.rotate(crop, cv2.ROTATE_90_CLOCKWISE) for crop in crops]
    assert [(g.value, g.colour) for g in classify(turned)] == [
        (g.value, g.colour) for g in classify(crops)
    ]


def test_no_crops_no_guesses() -> None:
    assert classify([]) == []


def test_of_a_die_s_two_cuts_the_surer_reading_is_kept() -> None:
    """A die whose turn the finder was unsure of is also cut along its piece's turn: the
    reader keeps whichever cut the classifier reads surer."""
    strip = cv2.imread(str(CROPS))
    crops = [strip[:, i * CROP : (i + 1) * CROP] for i in range(len(COLOURS))]
    table = np.full_like(crops[0], 128)
    plain = classify(crops[:2])
    found = Located("loose", [crops[0], table], [(0.0, 0.0), (1.0, 1.0)], 0, [table, crops[1]])
    assert found.guesses() == plain
    assert Located("loose", crops[:2], [(0.0, 0.0), (1.0, 1.0)], 0).guesses() == plain


def test_a_die_the_finder_doubted_is_kept_when_read_surely_or_surely_a_die() -> None:
    """A die the finder doubted (a pale die off the dice mask) is kept when it reads surely,
    or when the classifier is sure (``DOUBTED_DIE``) that a die is there, whatever its value
    (kept and marked, never dropped in silence); it is left out when it reads less surely
    than ``DOUBTED_SURE`` and is less surely a die."""
    strip = cv2.imread(str(CROPS))
    die = strip[:, :CROP]
    assert classify([die])[0].confidence >= DOUBTED_SURE
    blurred = cv2.GaussianBlur(die, (0, 0), 3.0)
    unsure = classify([blurred])[0]
    assert A_DIE <= unsure.die < DOUBTED_DIE and unsure.confidence < DOUBTED_SURE
    a_die = cv2.GaussianBlur(strip[:, CROP : 2 * CROP], (0, 0), 2.5)  # the yellow 2, blurred
    vague = classify([a_die])[0]
    assert vague.die >= DOUBTED_DIE and vague.confidence < DOUBTED_SURE
    centres = [(0.0, 0.0), (10.0, 10.0), (20.0, 20.0), (30.0, 30.0)]
    doubted = [True, True, False, True]
    found = Located("loose", [die, blurred, blurred, a_die], centres, 0, None, doubted)
    read = found.read()
    assert [centre for _, centre, *_ in read] == [(0.0, 0.0), (20.0, 20.0), (30.0, 30.0)]
    assert read[-1][0].confidence < SURE  # marked


def test_a_loose_die_the_finder_is_unsure_is_there_is_marked() -> None:
    """A loose die's confidence is scaled by the finder's sureness that a die is there, as
    a share of ``FINDER_SURE``: a die read surely where the finder saw next to nothing (a
    printed number, a speck on a counter) is marked; a board's cells are not scaled."""
    strip = cv2.imread(str(CROPS))
    die = strip[:, :CROP]
    plain = classify([die])[0]
    centres = [(0.0, 0.0), (100.0, 100.0)]
    found = Located("loose", [die, die], centres, 0, scores=[FINDER_SURE, FINDER_SURE / 2])
    (seen, *_), (faint, *_) = found.read()
    assert seen.confidence == plain.confidence >= SURE
    assert faint.confidence == round(plain.confidence / 2, 3) < SURE
    board = Located("grid", [die, die], centres, 2, scores=[0.0, 0.0]).read()
    assert [guess.confidence for guess, *_ in board] == [plain.confidence] * 2


def test_when_most_dice_of_a_roll_read_unsure_none_is_sure() -> None:
    """A roll most of whose dice read unsure is a table the reader does not know, where a
    die read surely is still often wrong: every die is marked."""
    strip = cv2.imread(str(CROPS))
    die = strip[:, :CROP]
    sure = classify([die])[0]
    vague = replace(sure, confidence=0.3)
    at = ((0.0, 0.0), 10.0, False)
    marked = unknown_table([(sure, *at), (vague, *at), (vague, *at)])
    assert all(guess.confidence < SURE for guess, *_ in marked)
    assert marked[0][0].confidence == round(sure.confidence / 3, 3)
    kept = [(sure, *at), (sure, *at), (vague, *at)]
    assert unknown_table(kept) == kept


def test_a_board_whose_cells_read_mostly_unsure_has_none_sure(monkeypatch) -> None:
    """A game board's tiles and tokens read as a board of dice are a table the reader does
    not know, as a roll is: a cell that reads surely among them is marked too."""
    strip = cv2.imread(str(CROPS))
    die, table = strip[:, :CROP], np.full_like(strip[:, :CROP], 128)
    sure = classify([die])[0]
    assert sure.confidence >= SURE > classify([table])[0].confidence
    centres = [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0), (10.0, 10.0)]
    found = Located("grid", [die, table, table, table], centres, 2, sides=[10.0] * 4)
    monkeypatch.setattr(reader, "locate", lambda *_: found)
    board = cv2.imread(str(BOARD))  # a board in sight: not refused as loose dice
    cells = [die for row in read_image(board, "grid").rows for die in row]
    assert all(cell.confidence < SURE for cell in cells)
    assert cells[0].confidence == round(sure.confidence / 4, 3)


def test_a_die_cut_by_the_photos_edge_is_read_and_never_sure() -> None:
    """A die the photo's edge cuts is read and marked (its confidence at most ``CUT_SURE``),
    not dropped and not refusing the photo; it does not count towards a table the reader
    does not know (``test_cli_photo``: a photo whose only dice are cut, none surely a die,
    is refused)."""
    strip = cv2.imread(str(CROPS))
    die = strip[:, :CROP]
    sure = classify([die])[0]
    assert sure.confidence >= SURE and sure.die >= EDGE_DIE
    centres = [(0.0, 0.0), (100.0, 0.0)]
    found = Located("loose", [die, die], centres, 0, sides=[20.0] * 2, at_edge=[True, False])
    (cut, *_, edge), (whole, *_, inside) = found.read()
    assert (edge, inside) == (True, False)
    assert cut.confidence == CUT_SURE and whole == sure
    assert unknown_table(found.read()) == found.read()


def test_a_loose_crop_of_no_die_is_left_out_and_a_board_s_cell_never() -> None:
    """The bare table reads as no die: a loose roll leaves it out; a board's cells are all
    dice, read as they are."""
    strip = cv2.imread(str(CROPS))
    die, table = strip[:, :CROP], np.full_like(strip[:, :CROP], 128)
    assert classify([table])[0].die < A_DIE <= classify([die])[0].die
    centres = [(0.0, 0.0), (10.0, 10.0)]
    assert [c for _, c, *_ in Located("loose", [die, table], centres, 0).read()] == [(0.0, 0.0)]
    assert len(Located("grid", [die, table], centres, 2).read()) == 2


def test_a_roll_the_classifier_sees_no_die_in_keeps_the_dice_the_finder_is_sure_of() -> None:
    """When the classifier takes every crop of a roll for no die (a lone die on a table it
    never saw), the dice the finder is at least ``SEEN_ONLY`` sure of are read, marked,
    rather than no die at all; with any die kept, such a crop is left out as before."""
    strip = cv2.imread(str(CROPS))
    die, table = strip[:, :CROP], np.full_like(strip[:, :CROP], 128)
    assert classify([table])[0].die < A_DIE
    centres, sides = [(0.0, 0.0), (100.0, 0.0)], [20.0, 20.0]
    seen = Located("loose", [table, table], centres, 0, sides=sides, scores=[0.7, SEEN_ONLY / 2])
    ((guess, centre, side, edge),) = seen.read()
    assert (centre, side, edge) == ((0.0, 0.0), 20.0, False)
    assert guess.confidence <= SEEN_ONLY_SURE and guess.value_confidence <= SEEN_ONLY_SURE
    faint = Located("loose", [table], centres[:1], 0, sides=sides[:1], scores=[SEEN_ONLY / 2])
    assert faint.read() == []
    with_a_die = Located("loose", [die, table], centres, 0, sides=sides, scores=[0.7, 0.7])
    assert [c for _, c, *_ in with_a_die.read()] == [(0.0, 0.0)]


def test_of_two_dice_read_at_one_place_the_surer_is_kept() -> None:
    """The finder may see one die twice (its top face, and the face with a side): the
    reading nearer than ``TWICE`` of a side to a surer one is left out."""
    strip = cv2.imread(str(CROPS))
    die = strip[:, :CROP]
    worse = cv2.GaussianBlur(die, (0, 0), 3.0)
    centres = [(0.0, 0.0), (5.0, 0.0), (100.0, 0.0)]
    found = Located("loose", [worse, die, die], centres, 0, sides=[20.0, 20.0, 20.0])
    assert [c for _, c, *_ in found.read()] == [(5.0, 0.0), (100.0, 0.0)]


def test_a_die_much_smaller_than_the_others_is_kept_only_when_the_finder_saw_it() -> None:
    """A speck of dust on a tray, found as a die much smaller than the others, reads as a 1:
    a die under ``DWARF`` of the others' median side is kept only when the finder saw it
    (over ``THRESHOLD``) and the classifier is ``DOUBTED_DIE`` sure a die is there."""
    strip = cv2.imread(str(CROPS))
    die = strip[:, :CROP]
    centres = [(0.0, 0.0), (100.0, 0.0), (200.0, 0.0)]
    sides = [30.0, 30.0, 30.0 * DWARF * 0.9]
    unseen = Located("loose", [die] * 3, centres, 0, sides=sides, scores=[0.9, 0.9, 0.2])
    assert [c for _, c, *_ in unseen.read()] == centres[:2]
    seen = Located("loose", [die] * 3, centres, 0, sides=sides, scores=[0.9, 0.9, 0.9])
    assert [c for _, c, *_ in seen.read()] == centres
