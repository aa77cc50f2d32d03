"""Training and test crops: rendered photos, cut up by the reader's own ``locate``, each crop
labelled with the die drawn nearest its centre (the reader's crops are what it will see); a
loose roll's crop of no drawn die (a shadow the finder took for a die) is labelled no die, as
is a crop cut on each side face a low camera sees (the finder may take one for a die)."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from referee.vision.decode import PhotoError
from referee.vision.labels import CROP, NO_DIE, READ_COLOURS, VALUES
from referee.vision.loose import cut
from referee.vision.reader import locate
from referee.vision.training.augment import speckled
from referee.vision.training.clutter import busy_table
from referee.vision.training.looks import varied
from referee.vision.training.render import Scene, TrueDie, render

UNKNOWN = -100  # a colour index the classifier's loss skips: no die, or one not labelled
NEAR = 0.45  # a crop belongs to the drawn die whose centre is within this share of its side
APART = 0.55  # a crop this many sides from every die's top face shows no die (or a side face)
SIDE_SIZES = (0.9, 1.12)  # a side face's crop is cut a die's side times a share in this range


@dataclass
class Crops:
    """Crops (n, CROP, CROP, 3) uint8 with their value and colour indices."""

    images: np.ndarray
    values: np.ndarray
    colours: np.ndarray


def nearest(die_centres: np.ndarray, dice: list[TrueDie], at: tuple[float, float]) -> int | None:
    """The index of the drawn die whose centre is near ``at``, or None."""
    gaps = np.hypot(die_centres[:, 0] - at[0], die_centres[:, 1] - at[1])
    i = int(gaps.argmin())
    return i if gaps[i] <= NEAR * dice[i].side else None


def matches(scene: Scene, shape_known: bool) -> list[tuple[np.ndarray, TrueDie | None]]:
    """Each crop the reader cuts from the scene with the die it shows, None for a loose
    roll's crop of no drawn die (a board's are left out; a photo the reader refuses gives
    nothing)."""
    try:
        found = locate(scene.image, scene.layout, scene.shape if shape_known else None)
    except PhotoError:
        return []
    centres = np.array([die.center for die in scene.dice])
    pairs: list[tuple[np.ndarray, TrueDie | None]] = []
    for crop, at in zip(found.crops, found.centres, strict=True):
        i = nearest(centres, scene.dice, at)
        if i is not None:
            pairs.append((crop, scene.dice[i]))
        elif found.layout == "loose":
            pairs.append((crop, None))
    return pairs


def side_face_crops(scene: Scene, rng: np.random.Generator) -> list[np.ndarray]:
    """A crop cut on each side face of a loose roll's dice that a low camera sees, as the
    finder would cut it were it to take the face for a die (about a die's side, turned as
    the die), where the face's middle is ``APART`` from every die's top face: no die."""
    if scene.layout != "loose" or not scene.dice:
        return []
    centres = np.array([die.center for die in scene.dice])
    sides = np.array([die.side for die in scene.dice])
    h, w = scene.image.shape[:2]
    crops = []
    for die in scene.dice:
        for x, y in die.sides:
            size = die.side * rng.uniform(*SIDE_SIZES)
            inside = size / 2 <= x <= w - size / 2 and size / 2 <= y <= h - size / 2
            if inside and (np.hypot(*(centres - (x, y)).T) > APART * sides).all():
                crops.append(cut(scene.image, (x, y), size, die.turn + rng.uniform(-10, 10)))
    return crops


def make_crops(seed: int, scenes: dict[str, int]) -> Crops:
    """Crops from ``scenes[layout]`` rendered photos of each layout (boards cut with their
    shape known, as a game asks for them), and a loose roll's side faces (no die)."""
    rng = np.random.default_rng(seed)
    noise = np.random.default_rng(seed + 7919)  # its own stream: the renders stay as they were
    images, values, colours = [], [], []
    for layout, count in scenes.items():
        for _ in range(count):
            tokens, specks = busy_table(rng, layout)
            scene = render(rng, layout, tokens=tokens, specks=specks, look=varied(rng, layout))
            scene = replace(scene, image=speckled(scene.image, noise))
            for crop, die in matches(scene, shape_known=True):
                images.append(crop)
                values.append(NO_DIE if die is None else VALUES.index(die.value))
                colours.append(UNKNOWN if die is None else READ_COLOURS.index(die.colour))
            for crop in side_face_crops(scene, rng):
                images.append(crop)
                values.append(NO_DIE)
                colours.append(UNKNOWN)
    return Crops(
        np.array(images, np.uint8).reshape(-1, CROP, CROP, 3),
        np.array(values, np.int64),
        np.array(colours, np.int64),
    )
