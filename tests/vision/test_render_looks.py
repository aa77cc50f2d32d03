"""The training renderer's new looks (issue 48, ``training/looks.py`` and ``surfaces.py``):
what a render records is what it draws (a number die's label is its printed number, a
see-through die's is its pips' value), a game board with its tokens beside two dice records
two dice, a tiled table's grout draws straight lines past several dice, renders stay
the same for a seed, each new kind is drawn for a share of the training photos that leaves
the usual ones most of them, a low camera's side faces are recorded and cut as no die, and
a printed tag is drawn where it is marked."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from referee.vision.labels import CROP, NO_DIE, OTHER
from referee.vision.training import dataset
from referee.vision.training.clutter import draw_tag
from referee.vision.training.dataset import UNKNOWN, make_crops, side_face_crops
from referee.vision.training.looks import (
    FINISHES,
    PLAIN,
    SURFACES,
    Look,
    digit_mask,
    glinted,
    varied,
)
from referee.vision.training.render import PIPS, SIDE, Scene, TrueDie, render
from referee.vision.training.surfaces import hexboard, tiles

FACE = 48  # a die's top face is compared at this many pixels square
ABOVE = (0.0, 0.0)  # a camera straight above the table


def close_up(seed: int, look: Look) -> tuple[Scene, TrueDie]:
    """A photo of one die close up, seen from straight above, and its truth."""
    scene = render(np.random.default_rng(seed), "loose", look=look)
    assert len(scene.dice) == 1
    return scene, scene.dice[0]


def top_face(scene: Scene, die: TrueDie) -> np.ndarray:
    """The die's top face cut from the photo where its truth says, turned upright (up to a
    quarter turn), ``FACE`` pixels square, as grey levels of how far each pixel is from the
    face's own colour (its paint bright)."""
    turn = cv2.getRotationMatrix2D(die.center, die.turn, 1.0)
    upright = cv2.warpAffine(scene.image, turn, scene.image.shape[1::-1])
    x, y, half = die.center[0], die.center[1], die.side / 2
    crop = upright[int(y - half) : int(y + half), int(x - half) : int(x + half)]
    crop = cv2.resize(crop, (FACE, FACE), interpolation=cv2.INTER_AREA).astype(np.float32)
    inner = crop[FACE // 4 : -FACE // 4, FACE // 4 : -FACE // 4].reshape(-1, 3)
    return np.linalg.norm(crop - np.median(inner, axis=0), axis=2)


def digit_templates(value: int) -> list[np.ndarray]:
    """A printed number as the renderer prints it in each of its fonts and strokes, as 0/1
    pictures cut to the digit's ink (a 6's underline left out) and scaled to 20 x 20."""
    masks = [digit_mask(np.random.default_rng(seed), value, 32, 20) for seed in range(12)]
    return [inked(largest_stroke(mask > 127)) for mask in masks]


def largest_stroke(ink: np.ndarray) -> np.ndarray:
    """The largest connected part of a mask."""
    _, parts, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8))
    return parts == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))


def inked(mask: np.ndarray) -> np.ndarray:
    """A mask cut to its bounding box and scaled to 20 x 20 (0/1 floats)."""
    rows, cols = np.nonzero(mask)
    box = mask[rows.min() : rows.max() + 1, cols.min() : cols.max() + 1].astype(np.uint8)
    return cv2.resize(box * 255, (20, 20), interpolation=cv2.INTER_AREA).astype(np.float32) / 255


def read_number(face: np.ndarray) -> int:
    """The number printed on an upright face (any quarter turn): the value whose template
    overlaps the face's largest stroke of ink best."""
    yy, xx = np.mgrid[0:FACE, 0:FACE] - (FACE - 1) / 2
    inner = np.where(np.hypot(xx, yy) < FACE * 0.42, face, 0)  # a rounded face's corners out
    _, ink = cv2.threshold(inner.astype(np.uint8), 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    turns = [inked(np.rot90(largest_stroke(ink), k)) for k in range(4)]
    scores = {}
    for value in range(1, 7):
        scores[value] = max(
            float(np.minimum(template, drawn).sum() / np.maximum(template, drawn).sum())
            for template in digit_templates(value)
            for drawn in turns
        )
    return max(scores, key=lambda v: scores[v])


def pip_count_pattern(face: np.ndarray, value: int) -> set[tuple[int, int]]:
    """The ``value`` places of the nine a die's pips may sit on that stand out most from
    what is round them (a ring pip's hole in the middle of each)."""
    face = cv2.GaussianBlur(face, (0, 0), 2) - cv2.GaussianBlur(face, (0, 0), 6)
    strength = {}
    for px in (-1, 0, 1):
        for py in (-1, 0, 1):
            x, y = FACE / 2 + px * 0.26 * FACE, FACE / 2 + py * 0.26 * FACE
            strength[(px, py)] = float(face[int(y) - 3 : int(y) + 4, int(x) - 3 : int(x) + 4].max())
    return set(sorted(strength, key=lambda p: -strength[p])[:value])


def quarter_turns(places: list[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """A pip pattern at each quarter turn."""
    turns, current = [], list(places)
    for _ in range(4):
        turns.append(set(current))
        current = [(-y, x) for x, y in current]
    return turns


@pytest.mark.parametrize("seed", range(6))
def test_a_number_die_is_labelled_with_its_printed_number(seed: int) -> None:
    look = Look(numbers=True, scale="close", tilt=ABOVE, count=1)
    scene, die = close_up(seed, look)
    assert read_number(top_face(scene, die)) == die.value


@pytest.mark.parametrize("seed", range(6))
def test_a_see_through_die_is_labelled_with_its_pips_value(seed: int) -> None:
    look = Look(finishes=("translucent",), scale="close", tilt=ABOVE, count=1)
    scene, die = close_up(seed, look)
    assert die.colour == OTHER  # see-through: none of the games' colours
    assert pip_count_pattern(top_face(scene, die), die.value) in quarter_turns(PIPS[die.value])


def test_a_game_board_with_tokens_beside_two_dice_records_two_dice() -> None:
    rng = np.random.default_rng(5)
    texture, tokens = hexboard(rng, 600, 800, np.array([200.0, 200.0, 200.0]), 64)
    assert texture.shape == (600, 800, 3) and len(tokens) >= 4  # number tokens on its tiles
    for seed in range(3):
        scene = render(np.random.default_rng(seed), "loose", 2, look=Look(surface="hexboard"))
        h, w = scene.image.shape[:2]
        assert len(scene.dice) == 2
        assert all(0 < d.center[0] < w and 0 < d.center[1] < h for d in scene.dice)


@pytest.mark.parametrize("seed", range(4))
def test_a_tiled_table_s_grout_draws_straight_lines_longer_than_four_dice(seed: int) -> None:
    side = 48
    texture = tiles(np.random.default_rng(seed), 480, 640, np.array([60.0, 60.0, 170.0]), side)
    assert texture.shape == (480, 640, 3) and 0 <= texture.min() and texture.max() <= 255
    grey = cv2.cvtColor(np.clip(texture, 0, 255).astype(np.uint8), cv2.COLOR_BGR2GRAY)
    lines = cv2.HoughLines(cv2.Canny(grey, 20, 60), 1, np.pi / 360, 4 * side)
    assert lines is not None and len(lines) >= 4  # grout runs on past several dice
    scene = render(np.random.default_rng(seed), "loose", 2, look=Look(surface="tiles"))
    assert len(scene.dice) == 2  # the tiles are no dice


@pytest.mark.parametrize("layout", ["loose", "grid"])
def test_renders_are_the_same_for_a_seed(layout: str) -> None:
    for seed in range(4):
        first, second = (
            render(rng, layout, look=varied(rng, layout))
            for rng in (np.random.default_rng(seed), np.random.default_rng(seed))
        )
        assert np.array_equal(first.image, second.image)
        assert first.dice == second.dice


def test_far_dice_are_small_and_a_close_die_fills_the_photo() -> None:
    far = render(np.random.default_rng(2), "loose", look=Look(scale="far", count=3))
    assert max(d.side for d in far.dice) < 45
    close = render(np.random.default_rng(2), "loose", look=Look(scale="close", count=1))
    assert close.dice[0].side > 0.35 * max(close.image.shape[:2])


def test_each_new_kind_has_a_share_and_the_usual_look_keeps_half() -> None:
    rng = np.random.default_rng(0)
    looks = [varied(rng, "loose") for _ in range(2000)]
    share = {
        "usual": sum(look == PLAIN for look in looks),
        "coloured pips": sum(look.pips == "coloured" for look in looks),
        "catan": sum(look.pips == "catan" for look in looks),
        "numbers": sum(look.numbers for look in looks),
        "rounded": sum(look.rounded for look in looks),
        "far": sum(look.scale == "far" for look in looks),
        "close": sum(look.scale == "close" for look in looks),
        "low": sum(look.tilt is not None for look in looks),
        "glint": sum(look.glint for look in looks),
        **{f: sum(f in look.finishes for look in looks) for f in FINISHES[1:]},
        **{s: sum(look.surface == s for look in looks) for s in SURFACES},
    }
    assert 900 <= share.pop("usual") <= 1100
    assert min(share.values()) >= 40, share  # each new kind in at least 2% of the photos


def test_a_lamp_s_glint_is_a_thin_bright_streak_on_the_face_alone() -> None:
    face = np.dstack([np.full((96, 96, 3), 60.0, np.float32), np.zeros((96, 96), np.float32)])
    face[16:80, 16:80, 3] = 1.0  # the die's face; around it, nothing
    shone = glinted(np.random.default_rng(3), face, 64)
    bright = np.argwhere(shone[..., 0] > 150)
    assert len(bright) > 20
    (_, (w, h), _) = cv2.minAreaRect(bright[:, ::-1].astype(np.float32))
    assert max(w, h) >= 2.5 * min(w, h)  # longer than wide: no pip
    assert (shone[..., 3] == face[..., 3]).all()  # nothing drawn off the face


def test_a_low_camera_s_render_records_the_side_faces_it_shows_and_none_from_above() -> None:
    low = render(np.random.default_rng(4), "loose", 3, look=Look(tilt=(45.0, 60.0)))
    h, w = low.image.shape[:2]
    for die in low.dice:
        assert 1 <= len(die.sides) <= 2  # the faces towards the camera, never the far ones
        for x, y in die.sides:
            assert 0 < x < w and 0 < y < h
            assert np.hypot(x - die.center[0], y - die.center[1]) > 0.5 * die.side
    above = render(np.random.default_rng(4), "loose", 3)  # the usual look, its sides a smear
    assert all(die.sides == () for die in above.dice)


def test_a_side_face_s_crop_is_cut_on_the_face_and_is_no_die(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    low = render(np.random.default_rng(4), "loose", 3, look=Look(tilt=(45.0, 60.0)))
    crops = side_face_crops(low, np.random.default_rng(0))
    assert 1 <= len(crops) <= sum(len(die.sides) for die in low.dice)
    assert all(crop.shape == (CROP, CROP, 3) for crop in crops)
    board = render(np.random.default_rng(4), "grid", look=Look(tilt=(25.0, 45.0)))
    assert side_face_crops(board, np.random.default_rng(0)) == []  # a board's sides touch
    cut: list[np.ndarray] = []

    def recorded(scene: Scene, rng: np.random.Generator) -> list[np.ndarray]:
        crops = side_face_crops(scene, rng)
        cut.extend(crops)
        return crops

    monkeypatch.setattr(dataset, "side_face_crops", recorded)
    made = make_crops(2, {"loose": 8})
    assert cut  # some of the 8 rolls have a low camera's look
    for crop in cut:  # each is among the crops, labelled no die and no colour
        same = (made.images == crop).all(axis=(1, 2, 3))
        assert same.any() and (made.values[same] == NO_DIE).all()
        assert (made.colours[same] == UNKNOWN).all()


def test_a_printed_tag_is_a_light_card_with_a_dark_code_drawn_only_where_it_is_marked() -> None:
    rng = np.random.default_rng(2)
    for at in ((150.0, 150.0), (5.0, 5.0)):  # the second cut by the canvas's edge
        layer = np.full((300, 300, 3), 120, np.uint8)
        drawn = np.zeros((300, 300), np.uint8)
        draw_tag(rng, layer, drawn, at)
        marked = drawn > 0
        assert (layer[~marked] == 120).all()  # nothing drawn off the card
        grey = layer[marked].mean(axis=1)
        assert (grey > 190).mean() > 0.3 and (grey < 90).mean() > 0.05  # paper and its print
    assert marked.sum() < 0.5 * SIDE**2  # mostly off the canvas: clipped, not wrapped


def test_a_game_board_s_land_tiles_carry_pictures_of_spots_a_pip_s_size() -> None:
    """Trees, sheep, rocks: spots that stand out of their tile, a pip's size (a tenth to a
    third of a die's side), which the finder must learn are no dice."""
    side = 64
    texture, _ = hexboard(np.random.default_rng(3), 600, 800, np.array([200.0, 200.0, 200.0]), side)
    grey = cv2.cvtColor(np.clip(texture, 0, 255).astype(np.uint8), cv2.COLOR_BGR2GRAY)
    around = cv2.medianBlur(grey, 2 * (side // 4) + 1).astype(np.int16)
    standing_out = (np.abs(grey.astype(np.int16) - around) > 40).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(standing_out)
    areas = stats[1:, cv2.CC_STAT_AREA]
    assert ((areas >= (side * 0.1) ** 2) & (areas <= (side * 0.35) ** 2)).sum() >= 100  # 19 bare
