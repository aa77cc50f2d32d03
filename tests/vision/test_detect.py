"""The die finder: a peak at each die's centre with its side and turn, dice that touch found
apart, a white die on a light table found where its colour hardly differs."""

from __future__ import annotations

import cv2
import numpy as np

from referee.vision import detect as detect_module
from referee.vision import read_image
from referee.vision.detect import (
    MODEL,
    MOST,
    SMALL,
    THRESHOLD,
    Detection,
    apart,
    detect,
    detect_closely,
    peaks,
)
from referee.vision.detect import SIDE as LOOK
from referee.vision.reader import Seen
from tests.vision.drawn import SIDE, draw_die

RED, WHITE, BLACK = (40, 40, 200), (250, 250, 250), (30, 30, 30)
GREY = (200, 200, 200)


def table_with(dice: list[tuple[int, int, int]], table=GREY, body=RED, pip=WHITE) -> np.ndarray:
    """A plain 400 x 500 table with a die of each (x, y, value): (x, y) its top left."""
    photo = np.full((400, 500, 3), table, np.uint8)
    for x, y, value in dice:
        draw_die(photo, x, y, value, body, pip)
    return photo


def near(found: list[Detection], centre: tuple[float, float]) -> Detection | None:
    """The die found within a fifth of a side of ``centre``, if any."""
    for die in found:
        if np.hypot(die.center[0] - centre[0], die.center[1] - centre[1]) < 0.2 * SIDE:
            return die
    return None


def test_the_finder_file_is_small() -> None:
    assert MODEL.stat().st_size < 1_000_000


def test_a_peak_is_higher_than_its_neighbours_and_the_threshold() -> None:
    heat = np.zeros((10, 10), np.float32)
    heat[2, 3], heat[2, 4], heat[7, 7], heat[5, 1] = 0.9, 0.5, 0.6, 0.2
    assert sorted(peaks(heat, 0.3)) == [(2, 3), (7, 7)]


def test_a_peak_on_a_surer_die_is_one_of_its_pips() -> None:
    die = Detection((100.0, 100.0), 60.0, 0.0, 0.9)
    pip = Detection((115.0, 115.0), 15.0, 0.0, 0.5)
    beside = Detection((160.0, 100.0), 60.0, 0.0, 0.8)
    assert apart([die, pip, beside]) == [die, beside]


def test_each_die_of_a_drawn_roll_is_found_at_its_centre_with_its_side() -> None:
    found = detect(table_with([(60, 60, 5), (300, 80, 2), (150, 250, 6)]))
    assert len(found) == 3
    for x, y in [(60, 60), (300, 80), (150, 250)]:
        die = near(found, (x + SIDE / 2, y + SIDE / 2))
        assert die is not None
        assert 0.8 < die.side / SIDE < 1.25


def test_two_touching_dice_are_found_as_two() -> None:
    found = detect(table_with([(150, 150, 3), (150 + SIDE, 150, 4)]))
    assert len(found) == 2
    assert near(found, (180, 180)) and near(found, (180 + SIDE, 180))


def test_a_turned_die_is_found_with_its_turn() -> None:
    photo = table_with([(220, 170, 5)])
    turn = cv2.getRotationMatrix2D((250, 200), -30, 1.0)  # 30 degrees clockwise on screen
    photo = cv2.warpAffine(photo, turn, (500, 400), borderValue=GREY)
    (die,) = detect(photo)
    assert abs((die.turn - 30 + 45) % 90 - 45) < 8


def test_a_white_die_on_a_light_table_is_found_and_read() -> None:
    photo = table_with([(120, 120, 4), (300, 200, 2)], table=(228, 228, 224), body=WHITE,
                       pip=BLACK)  # fmt: skip
    found = detect(photo)
    assert near(found, (150, 150)) and near(found, (330, 230))
    reading = read_image(photo, "loose")
    assert sorted(die.value for die in reading.dice) == [2, 4]


def test_the_finder_is_sure_of_a_plain_die_s_turn() -> None:
    found = detect(table_with([(60, 60, 5), (300, 80, 2)]))
    assert all(die.turn_sureness > 0.6 for die in found)


def test_faint_peaks_are_kept_apart_from_the_dice() -> None:
    """The reader's dice are the peaks over the threshold; the fainter ones are kept for
    the mask's pieces that the finder did not see as dice."""
    photo = table_with([(60, 60, 5)])
    seen = Seen(photo)
    assert seen.dice == [die for die in seen.peaks if die.score > THRESHOLD]
    assert seen.faint == [die for die in seen.peaks if die.score <= THRESHOLD]
    assert len(seen.dice) == 1


def test_dice_small_to_the_finder_s_first_look_are_looked_for_closer(monkeypatch) -> None:
    """When the dice of the first look are small (``SMALL``), the finder looks again at
    twice the size, never more than the photo's own, and keeps that look."""
    looks = []

    def seen_at(image, threshold=THRESHOLD, look=LOOK):
        looks.append(look)
        return [Detection((50.0, 50.0), 0.5 * SMALL * image.shape[1] / LOOK, 0.0, 0.9)]

    monkeypatch.setattr(detect_module, "detect", seen_at)
    photo = np.zeros((750, 1000, 3), np.uint8)
    assert detect_closely(photo) == seen_at(photo) and looks[:2] == [LOOK, 2 * LOOK]
    looks.clear()
    detect_closely(np.zeros((300, 500, 3), np.uint8))
    assert looks == [LOOK, 500]


def test_dice_14_pixels_wide_in_a_640_pixel_photo_are_each_found() -> None:
    photo = np.full((480, 640, 3), GREY, np.uint8)
    die = cv2.resize(table_with([(0, 0, 5)])[:SIDE, :SIDE], (14, 14), interpolation=cv2.INTER_AREA)
    corners = [(100, 100), (300, 120), (500, 300), (200, 380)]
    for x, y in corners:
        photo[y : y + 14, x : x + 14] = die
    found = detect_closely(photo)
    assert len(found) == 4
    for x, y in corners:
        assert any(np.hypot(d.center[0] - x - 7, d.center[1] - y - 7) < 3 for d in found)


def test_dice_of_a_good_size_are_looked_for_once() -> None:
    photo = table_with([(60, 60, 5), (300, 80, 2)])
    assert detect_closely(photo) == detect(photo)


def test_the_peaks_looked_at_are_the_surest_and_bounded() -> None:
    """A photo of noise or fine texture may hold thousands of faint peaks: the finder looks
    at ``MOST`` of them, surest first, so its work is bounded."""
    heat = np.zeros((200, 200), np.float32)
    heat[::4, ::4] = np.linspace(0.2, 0.9, 50 * 50).reshape(50, 50)
    found = peaks(heat, 0.1, most=30)
    assert len(found) == 30
    scores = [heat[cell] for cell in found]
    assert scores == sorted(scores, reverse=True) and scores[0] == heat.max()
    noise = (np.random.default_rng(0).random((768, 1024, 3)) * 255).astype(np.uint8)
    assert len(detect(noise, 0.01, 640)) <= MOST
