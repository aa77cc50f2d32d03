"""The die finder: a peak at each die's centre with its side and turn, dice that touch found
apart, a white die on a light table found where its colour hardly differs."""

from __future__ import annotations

import cv2
import numpy as np

from referee.vision import detect as detect_module
from referee.vision import read_image
from referee.vision.detect import (
    FINE,
    MODEL,
    MOST,
    SMALL,
    THRESHOLD,
    Detection,
    apart,
    detect,
    detect_closely,
    new_to,
    peaks,
)
from referee.vision.detect import SIDE as LOOK
from referee.vision.reader import Seen
from referee.vision.specks import despeckled
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


def test_small_dice_the_first_look_did_not_see_are_looked_for_closer(monkeypatch) -> None:
    """The finder looks again at twice the size, never more than the photo's own, and adds
    the small dice (``SMALL``) that only that look saw surely (``FINE``): not a die of its
    first look seen again, not one of its pips, not a large die, not a faint one."""
    looks = []
    big = Detection((100.0, 100.0), 40.0, 0.0, 0.9)

    def seen_at(image, threshold=THRESHOLD, look=LOOK):
        looks.append(look)
        if look == LOOK:
            return [big]
        unit = image.shape[1] / LOOK  # the photo's pixels of one pixel at LOOK
        found = [
            Detection((101.0, 99.0), 38.0, 0.0, 0.95),  # the big die seen again
            Detection((110.0, 110.0), 12.0, 0.0, 0.95),  # one of its pips
            Detection((300.0, 300.0), 0.8 * SMALL * unit, 0.0, 0.9),  # a small die
            Detection((500.0, 300.0), 1.5 * SMALL * unit, 0.0, 0.9),  # not small
            Detection((300.0, 500.0), 0.8 * SMALL * unit, 0.0, FINE - 0.05),  # not sure
        ]
        return [die for die in found if die.score > threshold]

    monkeypatch.setattr(detect_module, "detect", seen_at)
    photo = np.zeros((480, 640, 3), np.uint8)
    found = detect_closely(photo)
    assert looks == [LOOK, 2 * LOOK]
    assert [die.center for die in found] == [(100.0, 100.0), (300.0, 300.0)]
    looks.clear()
    detect_closely(np.zeros((300, 500, 3), np.uint8))
    assert looks == [LOOK, 500]
    looks.clear()
    assert detect_closely(np.zeros((300, 380, 3), np.uint8)) == [big] and looks == [LOOK]


def test_when_the_first_look_s_dice_are_small_the_closer_look_is_kept(monkeypatch) -> None:
    """Dice small at ``SIDE`` (the finder took a small die's side for its top face), or
    only faint peaks: the closer look replaces the first."""
    looks = []

    def seen_at(image, threshold=THRESHOLD, look=LOOK):
        looks.append(look)
        side = 0.5 * SMALL * image.shape[1] / LOOK
        return [Detection((50.0, 50.0), side, 0.0, 0.9 if look == LOOK else 0.7)]

    monkeypatch.setattr(detect_module, "detect", seen_at)
    photo = np.zeros((750, 1000, 3), np.uint8)
    assert detect_closely(photo) == seen_at(photo, look=2 * LOOK) and looks[:2] == [LOOK, 2 * LOOK]


def test_a_small_die_beside_larger_ones_is_found() -> None:
    """A die 12 pixels wide in a 640-pixel photo beside dice 40 wide (6 pixels at ``SIDE``)
    is found, with its own size, and the large dice once each.  (The plain finder saw only a
    faint peak there and needed the closer look; the pretrained one sees it at ``SIDE``.)"""
    photo = np.full((480, 640, 3), GREY, np.uint8)
    large = cv2.resize(
        table_with([(0, 0, 5)])[:SIDE, :SIDE], (40, 40), interpolation=cv2.INTER_AREA
    )
    for x, y in [(80, 80), (300, 60), (450, 300)]:
        photo[y : y + 40, x : x + 40] = large
    small = cv2.resize(
        table_with([(0, 0, 3)])[:SIDE, :SIDE], (12, 12), interpolation=cv2.INTER_AREA
    )
    photo[250:262, 200:212] = small
    found = detect_closely(photo)
    die = near(found, (206, 256))
    assert die is not None and 0.8 < die.side / 12 < 1.6
    assert len(found) == 4


def test_a_die_seen_again_closer_or_its_pip_is_no_new_die() -> None:
    die = Detection((100.0, 100.0), 40.0, 30.0, 0.9)
    assert not new_to(Detection((103.0, 98.0), 36.0, 30.0, 0.9), [die])  # the same die
    assert not new_to(Detection((112.0, 100.0), 10.0, 0.0, 0.9), [die])  # a pip on its face
    assert new_to(Detection((100.0, 135.0), 18.0, 0.0, 0.9), [die])  # a small die beside it
    assert new_to(Detection((110.0, 108.0), 24.0, 0.0, 0.9), [die])  # a heap's die, not a pip


def test_specks_of_noise_are_taken_out_and_pips_kept() -> None:
    """Salt-and-pepper noise (one pixel far from its neighbours) is set to its
    neighbourhood's median; a pip three pixels wide is left as it is."""
    photo = np.full((40, 40, 3), GREY, np.uint8)
    photo[10, 10], photo[20, 30] = (255, 255, 255), (0, 0, 0)
    photo[29:32, 9:12] = (30, 30, 30)
    clean = despeckled(photo)
    assert (clean[10, 10] == GREY).all() and (clean[20, 30] == GREY).all()
    assert (clean[30, 10] == (30, 30, 30)).all()


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


def test_dice_of_a_good_size_are_found_once_however_closely_looked_for() -> None:
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
