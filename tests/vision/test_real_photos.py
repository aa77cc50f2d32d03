"""The reader on real photos: the shipped labelled photos (``tests/vision/real/``), their
colour labels, the split that keeps near-repeats together, the figures script's exact
output, the rule that a die read sure is right, and the sentences for photos it cannot read."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from referee.vision import PhotoError, reader, sureness
from referee.vision.classify import Guess
from referee.vision.decode import decode
from referee.vision.labels import READ_COLOURS
from referee.vision.quality import TOO_BLURRED, TOO_DARK, TOO_SMALL
from referee.vision.reader import read_image, read_photo
from referee.vision.sureness import SURE
from referee.vision.training import real, real_figures
from referee.vision.training.real import RealDie, RealPhoto, colour_labels, load, split

SHIPPED = Path(__file__).with_name("real")
DOUBTFUL = SHIPPED / "byler" / "images" / "IMG_20191209_095359.jpg"


def shipped() -> list[RealPhoto]:
    """The shipped real photos with their labels."""
    return load(SHIPPED)


def test_the_colour_labels_name_each_die_of_each_shipped_photo_in_the_palette() -> None:
    labels = colour_labels()
    assert len(labels) == 510
    assert all(set(colours) <= set(READ_COLOURS) for colours in labels.values())
    for photo in shipped():
        if photo.source == "roboflow":
            assert all(die.colour is None for die in photo.dice)  # no colour labelled
            continue
        data = json.loads((SHIPPED / photo.source / "labels" / f"{photo.name}.json").read_text())
        assert len(labels[photo.key]) == len(data["dice"])
        assert all(die.colour in READ_COLOURS for die in photo.dice)
    assert {die.colour for p in shipped() if p.source == "penlington" for die in p.dice} == {
        "white"
    }


def test_a_colour_outside_the_palette_in_the_labels_is_refused(tmp_path: Path) -> None:
    wrong = tmp_path / "colours.json"
    wrong.write_text(json.dumps({"byler/x": ["red", "pink"]}))
    with pytest.raises(ValueError, match="pink"):
        colour_labels(wrong)


def throw(name: str, *dice: tuple[int, float, float]) -> RealPhoto:
    """A labelled photo of dice of side 40 at (value, x, y)."""
    return RealPhoto(
        "src", name, Path(name), tuple(RealDie(v, (x, y), 40.0, None) for v, x, y in dice)
    )


def test_two_photos_of_one_throw_are_near_repeats_and_stay_on_one_side() -> None:
    first = throw("a", (3, 100, 100), (5, 300, 120))
    again = throw("b", (3, 104, 98), (5, 296, 125))
    other = throw("c", (3, 100, 100), (6, 300, 120), (2, 500, 400))
    moved = throw("d", (4, 100, 100), (5, 200, 300))
    assert real.repeats(first, again)
    assert not real.repeats(first, moved)
    assert not real.repeats(first, other)  # one of three dice alike: not the same throw
    photos = [first, moved, again, other]
    groups = sorted(sorted(photos[i].name for i in group) for group in real.repeat_groups(photos))
    assert groups == [["a", "b"], ["c"], ["d"]]
    train, held = split(photos)
    assert ({"a", "b"} <= {p.name for p in train}) or ({"a", "b"} <= {p.name for p in held})


def test_a_die_s_side_comes_from_its_box_or_from_the_photo_s_widest_pip_pattern() -> None:
    photos = {p.source: p for p in shipped()}
    byler = photos["byler"].dice[0]
    assert 30 < byler.side < 60  # the whole die's box, a little of its sides left out
    pips = [die.side for die in photos["penlington"].dice]
    assert len(set(pips)) == 1 and 55 < pips[0] < 90  # one face size for the webcam's dice


def test_the_figures_script_on_the_shipped_photos(capsys: pytest.CaptureFixture[str]) -> None:
    assert real_figures.main([str(SHIPPED)]) == 0
    expected = (SHIPPED / "figures.md").read_text("utf-8")
    assert capsys.readouterr().out == expected


def test_the_figures_script_reads_every_real_photo_as_a_roll(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A real photo is a roll: the figures read it as the table page reads a roll's photo,
    never letting the reader take it for a board."""
    layouts = []

    def reading(image: np.ndarray, layout: str | None, *rest: object) -> reader.Reading:
        layouts.append(layout)
        return read_image(image, layout, *rest)

    monkeypatch.setattr(real_figures, "read_image", reading)
    for photo in shipped():
        real_figures.read_dice(photo)
    assert layouts and set(layouts) == {"loose"}


def test_a_die_read_on_its_top_face_far_above_its_whole_box_s_centre_is_that_die() -> None:
    """A die seen from low down: its box holds its top face and its side, and the reader
    reads it on its top face, more than half a side above the box's centre (the shared
    busy scene `dice_1`: 92 pixels of a 149-pixel side).  It is the die, not a die missed
    and another read where none is; without a box, half a side is as far as it reaches."""
    low = RealDie(6, (278.0, 160.0), 149.0, None, (197.0, 24.0, 359.0, 297.0))
    photo = RealPhoto("src", "low", Path("low"), (low,))
    top_face = reader.ReadDie(6, "white", 0.9, (276, 68), 60.0)
    assert real_figures.matched(photo, [top_face]) == ([top_face], [])
    no_box = RealPhoto("src", "low", Path("low"), (dataclasses.replace(low, box=None),))
    assert real_figures.matched(no_box, [top_face]) == ([None], [top_face])
    outside = reader.ReadDie(6, "white", 0.9, (276, 10), 60.0)
    assert real_figures.matched(photo, [outside]) == ([None], [outside])


def test_a_crop_on_a_low_seen_die_s_top_face_is_never_taught_as_no_die() -> None:
    """Training: a crop of the reader's in a box that holds a whole die shows that die (its
    top face, far above the box's centre when the camera is low), so it is never a crop of
    no die; one outside every box, far from every die, is."""
    low = RealDie(6, (278.0, 160.0), 149.0, None, (197.0, 24.0, 359.0, 297.0))
    photo = RealPhoto("src", "low", Path("low"), (low,))
    assert not photo.clear_of_dice((276.0, 68.0), 0.55)  # 0.62 of a side above the centre
    assert photo.clear_of_dice((500.0, 68.0), 0.55)
    no_box = RealPhoto("src", "low", Path("low"), (dataclasses.replace(low, box=None),))
    assert no_box.clear_of_dice((276.0, 68.0), 0.55)  # as every crop was taught before


def test_a_die_read_sure_is_right_and_a_doubtful_one_is_marked() -> None:
    photo = next(p for p in shipped() if p.path == DOUBTFUL)
    reading = read_photo(DOUBTFUL.read_bytes())
    taken, extra = real_figures.matched(photo, reading.dice)
    assert not extra and None not in taken
    doubted = [
        (true, die) for true, die in zip(photo.dice, taken, strict=True) if die.confidence < SURE
    ]
    assert doubted, "the shipped photo has a die the reader doubts"
    assert any(die.value != true.value for true, die in doubted)  # it was right to doubt
    for true, die in zip(photo.dice, taken, strict=True):
        if die.confidence >= SURE:
            assert (die.value, die.colour) == (true.value, true.colour)
    assert "?" in reading.to_text()


def degraded(how: str) -> tuple[np.ndarray, float]:
    """A shipped photo blurred, darkened or shrunk as a bad phone photo is, and its scale."""
    image = cv2.imread(str(SHIPPED / "byler" / "images" / "IMG_20191209_100116.jpg"))
    if how == "blurred":
        return cv2.GaussianBlur(image, (0, 0), 6), 1.0
    if how == "dark":
        return (image * 0.1).astype(np.uint8), 1.0
    return cv2.resize(image, None, fx=0.15, fy=0.15, interpolation=cv2.INTER_AREA), 0.15


@pytest.mark.parametrize(
    ("how", "said"), [("blurred", TOO_BLURRED), ("dark", TOO_DARK), ("small", TOO_SMALL)]
)
def test_a_photo_it_cannot_read_well_says_why_instead_of_guessing(how: str, said: str) -> None:
    image, scale = degraded(how)
    with pytest.raises(PhotoError) as refused:
        read_image(image, None, None, scale)
    assert str(refused.value) == said


def test_on_a_busy_table_a_die_read_without_a_question_mark_is_there_and_right() -> None:
    """The busy-scene source's shipped photos (a speckled counter, a Catan board's tokens
    beside two dice, a heap): whatever else is read, no die is read sure that is not there
    or is wrong."""
    for photo in shipped():
        if photo.source != "roboflow":
            continue
        read, _ = real_figures.read_dice(photo)
        taken, extra = real_figures.matched(photo, read or [])
        assert all(die.confidence < SURE for die in extra), photo.name
        for true, die in zip(photo.dice, taken, strict=True):
            if die is not None and die.confidence >= SURE:
                assert die.value == true.value, photo.name


def test_every_shipped_photo_of_the_tray_and_the_webcam_reads_without_a_refusal() -> None:
    for photo in shipped():
        if photo.source == "roboflow":
            continue
        image, scale = decode(photo.path.read_bytes())
        reading = read_image(image, None, None, scale)
        assert len(reading.dice) == len(photo.dice)


def test_a_12_megapixel_jpeg_reads_as_the_photo_it_was_made_from() -> None:
    path = SHIPPED / "byler" / "images" / "IMG_20191209_100116.jpg"
    small = read_photo(path.read_bytes())
    large = cv2.resize(cv2.imread(str(path)), (3464, 3464), interpolation=cv2.INTER_CUBIC)
    data = cv2.imencode(".jpg", large, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()
    read = read_photo(data)
    assert sorted(d.value for d in read.dice) == sorted(d.value for d in small.dice)
    assert all(d.confidence >= SURE for d in read.dice) == all(
        d.confidence >= SURE for d in small.dice
    )


@pytest.mark.parametrize(("value_sure", "refused"), [(0.99, False), (0.5, True)])
def test_a_roll_is_refused_for_a_fault_only_when_its_values_are_unsure(
    monkeypatch: pytest.MonkeyPatch, value_sure: float, refused: bool
) -> None:
    """An unknown camera's colours read unsure; a roll shrunk too small for its pips is
    refused only when their values are unsure too: where they are sure, the colours are
    marked for the table, and a table that enters no colour takes the values."""
    classify = sureness.classify

    def colour_unsure(crops: list[np.ndarray]) -> list[Guess]:
        return [
            dataclasses.replace(guess, confidence=0.5, value_confidence=value_sure, die=0.99)
            for guess in classify(crops)
        ]

    monkeypatch.setattr(sureness, "classify", colour_unsure)
    image, scale = degraded("small")
    if refused:
        with pytest.raises(PhotoError) as refusal:
            read_image(image, None, None, scale)
        assert str(refusal.value) == TOO_SMALL
    else:
        assert any(
            die.value_confidence >= SURE for die in read_image(image, None, None, scale).dice
        )
