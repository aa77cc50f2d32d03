"""Real labelled photos of dice (a folder laid out as ``photos/real/``: per source
``images/NAME.jpg`` and ``labels/NAME.json``), their dice's body colours as labelled by eye
(``real_colours.json``), the project's corrections of the shared labels
(``real_corrections.json``), and their split into photos to train on and photos held out.

The shared labels are read-only and stay as they are on disk: a photo's corrections are applied
as it is loaded.  Per photo ("source/name") they hold a ``why``, the dice to ``add`` (each as the
source labels a die: ``value``, ``bbox_xyxy``, ``center``; value 0 for a die whose value the
photo does not show for sure), the dice to ``drop`` and the ``values`` to change (each naming a
die of the source's by its ``index`` and its ``center``, which must agree).

A source's box is not the same thing everywhere: in one it holds the die seen from above, in
another only the pips of its top face.  Each die's side is therefore worked out per source
(``SIDES``): from its own box where the box holds the die, else from the photo's dice whose
pips span most of their face.  The centre is the box's centre either way (every face's pips
are symmetric about the face's centre).

Near-repeats (frames of one video, the same dice shot twice) must not lie on both sides of
the split, or the held-out figures flatter the reader: photos of a source whose dice lie
alike (``repeats``) are kept together, and a group goes to one side by a hash of its
first photo's name, so the split never changes when photos are added to other groups.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from referee.vision.labels import READ_COLOURS

COLOUR_LABELS = Path(__file__).with_name("real_colours.json")
CORRECTIONS = Path(__file__).with_name("real_corrections.json")
HELD_SHARE = 0.2  # of the groups of near-repeats, held out for the figures
REPEAT = 0.5  # a die within this share of its side of a die of the same value lies alike
PIPS_SPAN = 0.62  # the pips of a 2 to 6 span about this share of their face
WHOLE_BOX = "encloses the whole die"  # a source's words for a box that holds the die
WHOLE_DIE = 0.92  # a box around a die seen from above holds a little of its sides


@dataclass(frozen=True)
class RealDie:
    """One labelled die: its value (0 when there is none to count: an emblem in place of pips,
    or a value the photo does not show for sure), its top face's centre and side (the photo's
    pixels), its body colour when labelled (one of ``READ_COLOURS``), and its box (left, top,
    right, bottom) when the source's box holds the whole die as seen: its top face lies
    somewhere in it, off its centre when the camera is low and the die's sides show."""

    value: int
    center: tuple[float, float]
    side: float
    colour: str | None
    box: tuple[float, float, float, float] | None = None

    def holds(self, at: tuple[float, float]) -> bool:
        """Whether ``at`` lies in the die's box (never, when it has none)."""
        if self.box is None:
            return False
        left, top, right, bottom = self.box
        return left <= at[0] <= right and top <= at[1] <= bottom


@dataclass(frozen=True)
class RealPhoto:
    """One labelled photo: its source (the folder), its name and path, and its dice."""

    source: str
    name: str
    path: Path
    dice: tuple[RealDie, ...]

    @property
    def key(self) -> str:
        """ "source/name", as the colour labels name the photo."""
        return f"{self.source}/{self.name}"

    def gaps(self, at: tuple[float, float] | np.ndarray) -> np.ndarray:
        """How far ``at`` (the photo's pixels) lies from each die's centre, in that die's
        sides."""
        centres = np.array([die.center for die in self.dice], np.float64).reshape(-1, 2)
        sides = np.array([die.side for die in self.dice], np.float64)
        return np.hypot(*(np.asarray(at, np.float64) - centres).T) / sides

    def clear_of_dice(self, at: tuple[float, float], apart: float) -> bool:
        """Whether a crop centred at ``at`` shows no die: ``apart`` of a side or more from
        every die's centre, and in no box that holds a whole die (a die seen from low down
        has its top face far above its box's centre, where the reader cuts it)."""
        return bool((self.gaps(at) > apart).all()) and not any(die.holds(at) for die in self.dice)


def box_side(source_box: str, boxes: np.ndarray, values: list[int]) -> np.ndarray:
    """Each die's side from the source's boxes: the box itself when it holds the die, else
    the photo's widest pip pattern of a 2 to 6 over ``PIPS_SPAN`` (a 1's single pip says
    nothing of its face)."""
    spans = np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
    if WHOLE_BOX in source_box:
        return np.minimum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]) * WHOLE_DIE
    patterned = [span for span, value in zip(spans, values, strict=True) if value > 1]
    face = max(patterned) / PIPS_SPAN if patterned else max(spans) * 2.5
    return np.full(len(spans), face)


def corrected(key: str, dice: list[Any], fix: dict[str, Any]) -> list[tuple[int | None, Any]]:
    """A photo's dice as its source labels them, with its corrections ``fix`` applied: each
    with its index among the source's dice (None for a die added); raises ValueError when a die
    the corrections name is not at the centre they give."""

    def named(change: dict[str, Any]) -> int:
        i = int(change["index"])
        if not 0 <= i < len(dice) or dice[i]["center"] != change["center"]:
            raise ValueError(f"{key}: no die {i} at {change['center']} to correct")
        return i

    values = {named(change): change["value"] for change in fix.get("values", [])}
    dropped = {named(change) for change in fix.get("drop", [])}
    kept = [
        (i, {**die, "value": values.get(i, die["value"])})
        for i, die in enumerate(dice)
        if i not in dropped
    ]
    return kept + [(None, die) for die in fix.get("add", [])]


def load_source(
    folder: Path, colours: dict[str, list[str]], fixes: dict[str, Any]
) -> list[RealPhoto]:
    """Every labelled photo of one source folder, in name order, its labels corrected by
    ``fixes`` (as ``corrections`` gives them; an added die has no colour label)."""
    photos = []
    for label in sorted((folder / "labels").glob("*.json")):
        data = json.loads(label.read_text("utf-8"))
        key = f"{folder.name}/{label.stem}"
        named = colours.get(key)
        dice = corrected(key, data["dice"], fixes.get(key, {}))
        boxes = np.array([d["bbox_xyxy"] for _, d in dice], np.float64).reshape(-1, 4)
        sides = box_side(data.get("box", ""), boxes, [d["value"] for _, d in dice])
        whole = WHOLE_BOX in data.get("box", "")
        photos.append(
            RealPhoto(
                folder.name,
                label.stem,
                folder / data["image"],
                tuple(
                    RealDie(
                        0 if d.get("symbol_face") else int(d["value"]),
                        ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                        float(side),
                        named[i] if named and i is not None else None,
                        (box[0], box[1], box[2], box[3]) if whole else None,
                    )
                    for (i, d), box, side in zip(dice, boxes, sides, strict=True)
                ),
            )
        )
    return photos


def colour_labels(path: Path = COLOUR_LABELS) -> dict[str, list[str]]:
    """The body colours labelled by eye, per photo ("source/name") in its dice's order;
    raises ValueError on a colour outside the palette."""
    if not path.exists():
        return {}
    labels: dict[str, list[str]] = json.loads(path.read_text("utf-8"))
    allowed = set(READ_COLOURS)
    for key, named in labels.items():
        wrong = set(named) - allowed
        if wrong:
            raise ValueError(f"{key}: {sorted(wrong)} is not a colour of the palette")
    return labels


def corrections(path: Path = CORRECTIONS) -> dict[str, Any]:
    """The project's corrections of the shared labels, per photo ("source/name"); none when
    the file is absent."""
    if not path.exists():
        return {}
    fixes: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return fixes


def load(root: Path, fixes_file: Path = CORRECTIONS) -> list[RealPhoto]:
    """Every labelled photo of every source under ``root``, its labels corrected as the file
    ``fixes_file`` says."""
    colours = colour_labels()
    fixes = corrections(fixes_file)
    return [
        photo
        for folder in sorted(p for p in root.iterdir() if (p / "labels").is_dir())
        for photo in load_source(folder, colours, fixes)
    ]


def repeats(one: RealPhoto, other: RealPhoto) -> bool:
    """Whether two photos of a source show the same throw: half or more of the dice of each
    lie where a die of the same value lies in the other (within ``REPEAT`` of a side)."""
    if one.source != other.source or not one.dice or not other.dice:
        return False
    return lying_alike(one, other) and lying_alike(other, one)


def lying_alike(one: RealPhoto, other: RealPhoto) -> bool:
    """Whether half or more of ``one``'s dice have a die of the same value near them in
    ``other``."""
    alike = sum(
        any(
            die.value == twin.value
            and np.hypot(die.center[0] - twin.center[0], die.center[1] - twin.center[1])
            < REPEAT * die.side
            for twin in other.dice
        )
        for die in one.dice
    )
    return 2 * alike >= len(one.dice)


def repeat_groups(photos: list[RealPhoto]) -> list[list[int]]:
    """The photos (indices) gathered into groups of near-repeats."""
    parent = list(range(len(photos)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, one in enumerate(photos):
        for j in range(i + 1, len(photos)):
            if repeats(one, photos[j]):
                parent[root(j)] = root(i)
    groups: dict[int, list[int]] = {}
    for i in range(len(photos)):
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


def held_out(group_name: str) -> bool:
    """Whether the group whose first photo is ``group_name`` is held out."""
    digest = hashlib.sha256(group_name.encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2**32 < HELD_SHARE


def split(photos: list[RealPhoto]) -> tuple[list[RealPhoto], list[RealPhoto]]:
    """The photos to train on and the photos held out, near-repeats on one side."""
    train: list[RealPhoto] = []
    held: list[RealPhoto] = []
    for group in repeat_groups(photos):
        side = held if held_out(photos[group[0]].key) else train
        side.extend(photos[i] for i in group)
    return train, held
