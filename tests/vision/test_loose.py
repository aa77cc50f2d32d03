"""Finding loose dice: each die one piece, dice that touch or show a side worn apart."""

from __future__ import annotations

import cv2
import numpy as np

from referee.vision import loose
from referee.vision.detect import Detection, detect
from referee.vision.segment import blobs, dice_mask, evened
from tests.vision.drawn import SIDE, TABLE, draw_die

RED, WHITE = (40, 40, 200), (250, 250, 250)


def table_with(corners: list[tuple[int, int]], size: tuple[int, int] = (400, 500)) -> np.ndarray:
    """A plain table with a red die whose top left corner is at each of ``corners``."""
    photo = np.full((*size, 3), TABLE, np.uint8)
    for x, y in corners:
        draw_die(photo, x, y, 5, RED, WHITE)
    return photo


def centres(photo: np.ndarray) -> list[tuple[float, float]]:
    """The centres of the dice found, top to bottom then left to right."""
    return [
        die.center for die in loose.find_dice(photo, blobs(dice_mask(photo)), detect(photo), [])
    ]


def test_dice_lying_apart_are_found_each_at_its_centre() -> None:
    found = centres(table_with([(60, 60), (300, 80), (150, 250)]))
    expected = [(90, 90), (330, 110), (180, 280)]
    assert len(found) == 3
    assert all(
        np.hypot(fx - ex, fy - ey) < 3 for (fx, fy), (ex, ey) in zip(found, expected, strict=True)
    )


def test_two_touching_dice_are_worn_apart_into_two() -> None:
    found = centres(table_with([(60, 60), (300, 80), (150, 250), (150 + SIDE, 250)]))
    assert len(found) == 4
    pair = sorted(found, key=lambda c: (c[1] > 200, c[0]))[2:]
    assert np.allclose(pair, [(180, 280), (180 + SIDE, 280)], atol=4)


def test_a_die_with_its_side_showing_is_cropped_on_its_top_face() -> None:
    photo = table_with([(60, 60), (300, 80)])
    cv2.rectangle(photo, (150, 250 + SIDE), (150 + SIDE, 250 + SIDE + 14), (30, 30, 150), -1)
    draw_die(photo, 150, 250, 5, RED, WHITE)
    found = centres(photo)
    assert len(found) == 3
    assert np.hypot(found[2][0] - 180, found[2][1] - 280) < 0.2 * SIDE


def test_uneven_light_is_evened_out_on_the_table() -> None:
    photo = np.full((300, 400, 3), 160, np.float32)
    photo *= np.linspace(0.6, 1.3, 400)[None, :, None]
    flat = evened(photo.astype(np.uint8))
    assert np.ptp(flat[:, 20:-20].mean(axis=(0, 2))) < 0.1 * flat.mean()


def test_a_die_whose_side_reaches_the_edge_is_read_when_its_top_face_is_inside() -> None:
    photo = table_with([(60, 60)], size=(400, 500))
    bottom = 400 - SIDE - 4  # the top face ends 4 pixels above the photo's edge
    cv2.rectangle(photo, (300, bottom + SIDE), (300 + SIDE, 399), (30, 30, 150), -1)
    draw_die(photo, 300, bottom, 5, RED, WHITE)
    found = loose.find_dice(photo, blobs(dice_mask(photo)), detect(photo), [])
    assert len(found) == 2
    assert not any(die.at_edge for die in found)


def test_a_die_cut_by_the_edge_is_still_at_the_edge() -> None:
    photo = table_with([(60, 60), (300, 400 - SIDE // 2)], size=(400, 500))
    found = loose.find_dice(photo, blobs(dice_mask(photo)), detect(photo), [])
    assert any(die.at_edge for die in found)


def test_a_die_the_finder_did_not_see_is_found_in_the_mask() -> None:
    photo = np.full((1200, 1600, 3), TABLE, np.uint8)
    die = table_with([(0, 0)], size=(SIDE, SIDE))
    photo[600:618, 800:818] = cv2.resize(die, (18, 18), interpolation=cv2.INTER_AREA)
    found = loose.find_dice(photo, blobs(dice_mask(photo)), [], [])
    assert len(found) == 1
    assert np.hypot(found[0].center[0] - 809, found[0].center[1] - 609) < 3


def turned_die(angle: float) -> tuple[np.ndarray, list]:
    """A photo of one red die turned by ``angle`` degrees round its centre (250, 200), and
    the mask's pieces."""
    photo = table_with([(220, 170)])
    turn = cv2.getRotationMatrix2D((250.0, 200.0), -angle, 1.0)
    photo = cv2.warpAffine(photo, turn, (500, 400), borderValue=TABLE)
    return photo, loose.die_pieces(blobs(dice_mask(photo)))


def test_a_turn_the_finder_is_unsure_of_is_tried_against_its_square_piece_s() -> None:
    photo, pieces = turned_die(20)
    unsure = Detection((250.0, 200.0), SIDE, 65.0, 0.9, turn_sureness=0.3)
    turn = loose.piece_turn(unsure, pieces)
    assert turn is not None and abs(turn - 20) < 3
    found = loose.crop_detected(photo, unsure, pieces)
    assert found.other is not None
    assert np.array_equal(found.crop, loose.cut(photo, unsure.center, SIDE, 65.0))
    assert np.array_equal(found.other, loose.cut(photo, unsure.center, SIDE, turn))


def test_a_sure_turn_or_a_die_no_square_piece_holds_is_cut_once() -> None:
    photo, pieces = turned_die(20)
    sure = Detection((250.0, 200.0), SIDE, 65.0, 0.9, turn_sureness=0.9)
    elsewhere = Detection((60.0, 60.0), SIDE, 65.0, 0.9, turn_sureness=0.3)
    assert loose.piece_turn(sure, pieces) is None
    assert loose.piece_turn(elsewhere, pieces) is None
    assert loose.crop_detected(photo, sure, pieces).other is None


def test_a_piece_the_finder_saw_only_faintly_is_cut_on_the_faint_peak_beside_it() -> None:
    """A pale top face on a light table lies partly off its piece of the mask, which holds
    its side and shadow: the finder's faint peak on the face places it."""
    photo = table_with([(200, 150)])
    face = Detection((230.0, 185.0), SIDE, 0.0, 0.2)  # 5 pixels under the piece's middle
    far = Detection((400.0, 300.0), SIDE, 0.0, 0.25)  # a surer faint peak off every piece
    found = loose.find_dice(photo, blobs(dice_mask(photo)), [], [far, face])
    assert [die.center for die in found] == [face.center]
    beside = Detection((230.0, 150.0 + SIDE + 0.4 * SIDE), SIDE, 0.0, 0.2)
    found = loose.find_dice(photo, blobs(dice_mask(photo)), [], [beside])
    assert [die.center for die in found] == [beside.center]
    too_far = Detection((230.0, 150.0 + SIDE + 0.6 * SIDE), SIDE, 0.0, 0.2)
    found = loose.find_dice(photo, blobs(dice_mask(photo)), [], [too_far])
    assert np.hypot(found[0].center[0] - 230, found[0].center[1] - 180) < 3


def test_a_die_the_finder_doubts_off_the_dice_mask_is_doubtful() -> None:
    photo = table_with([(200, 150)])
    pieces = blobs(dice_mask(photo))
    assert loose.doubtful(Detection((400.0, 300.0), SIDE, 0.0, 0.4), pieces)
    assert not loose.doubtful(Detection((230.0, 180.0), SIDE, 0.0, 0.4), pieces)
    assert not loose.doubtful(Detection((400.0, 300.0), SIDE, 0.0, 0.6), pieces)
    shadow = Detection((400.0, 300.0), SIDE, 0.0, 0.4)
    found = loose.find_dice(photo, pieces, [Detection((230.0, 180.0), SIDE, 0.0, 0.9), shadow], [])
    assert [die.doubtful for die in found] == [False, True]


def test_a_die_like_piece_holding_no_die_the_finder_saw_is_a_doubtful_die() -> None:
    """Dice the finder does not know (on a tiled table it takes for dice) are still pieces
    of the dice mask: each is read, as a doubtful die that must read surely."""
    photo = table_with([(60, 60), (300, 80), (150, 250)])
    seen = [Detection((90.0, 90.0), SIDE, 0.0, 0.9)]
    found = loose.find_dice(photo, blobs(dice_mask(photo)), seen, [])
    assert len(found) == 3
    assert [die.doubtful for die in found] == [False, True, True]
    assert np.allclose(
        sorted(die.center for die in found), [(90, 90), (180, 280), (330, 110)], atol=3
    )
