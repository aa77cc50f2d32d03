"""The reader's figures on held-out renders: per-die accuracy (value and colour both right),
confusion matrices, board counts, reading time and model size, written to docs/vision.md."""

from __future__ import annotations

import re
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from referee.vision.classify import MODEL, network
from referee.vision.decode import PhotoError
from referee.vision.labels import COLOURS, VALUES
from referee.vision.reader import Reading, read_image
from referee.vision.training.dataset import nearest
from referee.vision.training.render import Scene, render

MISSED = "missed"


@dataclass
class Tally:
    """Dice drawn and read right, and what each drawn value and colour was read as."""

    dice: int = 0
    right: int = 0
    photos: int = 0
    refused: int = 0
    values: dict[tuple[str, str], int] = field(default_factory=dict)
    colours: dict[tuple[str, str], int] = field(default_factory=dict)

    def add(self, truth: tuple[int, str], read: tuple[int, str] | None) -> None:
        """Count one drawn die and what it was read as (None: not read at all)."""
        self.dice += 1
        self.right += read == truth
        value, colour = (MISSED, MISSED) if read is None else (str(read[0]), read[1])
        key = (str(truth[0]), value)
        self.values[key] = self.values.get(key, 0) + 1
        key = (truth[1], colour)
        self.colours[key] = self.colours.get(key, 0) + 1

    @property
    def accuracy(self) -> float:
        """The share of drawn dice read right."""
        return self.right / max(self.dice, 1)


def read_dice(reading: Reading) -> list:
    """Every die of a reading, board or roll."""
    return [die for row in reading.rows for die in row] + reading.dice


def score_scene(tally: Tally, scene: Scene, shape_known: bool) -> bool:
    """Read one scene into the tally; True when a board's shape was read right."""
    tally.photos += 1
    try:
        reading = read_image(scene.image, scene.layout, scene.shape if shape_known else None)
    except PhotoError:
        tally.refused += 1
        for die in scene.dice:
            tally.add((die.value, die.colour), None)
        return False
    centres = np.array([die.center for die in scene.dice])
    read_as: dict[int, tuple[int, str]] = {}
    for die in read_dice(reading):
        i = nearest(centres, scene.dice, die.center)
        if i is not None:
            read_as[i] = (die.value, die.colour)
    for i, die in enumerate(scene.dice):
        tally.add((die.value, die.colour), read_as.get(i))
    if scene.shape is None:
        return False
    shape = (len(reading.rows), len(reading.rows[0]) if reading.rows else 0)
    return sorted(shape) == sorted(scene.shape)


def cpu_seconds(scenes: list[Scene], shape_known: bool) -> float:
    """The median CPU time to read one of the scenes, the model already loaded."""
    network()
    times = []
    for scene in scenes:
        start = time.process_time()
        try:
            read_image(scene.image, scene.layout, scene.shape if shape_known else None)
        except PhotoError:
            pass
        times.append(time.process_time() - start)
    return statistics.median(times)


def confusion(counts: dict[tuple[str, str], int], labels: list[str]) -> str:
    """A Markdown table: drawn (rows) against read (columns)."""
    seen = labels + [MISSED]
    lines = ["| drawn \\ read | " + " | ".join(seen) + " |", "|---" * (len(seen) + 1) + "|"]
    for truth in labels:
        cells = [str(counts.get((truth, read), 0) or ".") for read in seen]
        lines.append(f"| **{truth}** | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def figures(seed: int, boards: int, rolls: int, log=print) -> str:
    """The Markdown of the held-out figures for ``boards`` and ``rolls`` fresh renders."""
    rng = np.random.default_rng(seed)
    grid_known, grid_auto, roll = Tally(), Tally(), Tally()
    shapes_right = 0
    for _ in range(boards):
        scene = render(rng, "grid")
        score_scene(grid_known, scene, shape_known=True)
        shapes_right += score_scene(grid_auto, scene, shape_known=False)
    for _ in range(rolls):
        score_scene(roll, render(rng, "loose"), shape_known=False)
    log(f"held out: boards {grid_known.accuracy:.4f}, rolls {roll.accuracy:.4f}")
    board_time = cpu_seconds([render(rng, "grid", (6, 6)) for _ in range(10)], True)
    roll_time = cpu_seconds([render(rng, "loose", 10) for _ in range(10)], False)
    values = [str(v) for v in VALUES]
    model_kib = MODEL.stat().st_size / 1024
    rows = [
        ("boards, shape given", grid_known),
        ("boards, shape found by the reader", grid_auto),
        ("loose rolls", roll),
    ]
    table = "\n".join(
        f"| {name} | {t.photos} | {t.dice} | {t.right} | **{100 * t.accuracy:.2f}%** "
        f"| {t.refused} |"
        for name, t in rows
    )
    return f"""Held-out renders (seed {seed}, never trained on), per die: value and colour
both right.

| photos of | photos | dice | right | accuracy | photos refused |
|---|---|---|---|---|---|
{table}

Boards whose rows and columns the reader counted itself: {shapes_right} of {boards}.

CPU time to read (median of 10, model loaded): a 6x6 board **{board_time * 1000:.0f} ms**,
a loose roll of 10 dice **{roll_time * 1000:.0f} ms**. Model file: **{model_kib:.0f} KiB**.

Values, boards (shape given):

{confusion(grid_known.values, values)}

Colours, boards (shape given):

{confusion(grid_known.colours, list(COLOURS))}

Values, loose rolls:

{confusion(roll.values, values)}

Colours, loose rolls:

{confusion(roll.colours, list(COLOURS))}
"""


def write_figures(doc: Path, text: str) -> None:
    """Put ``text`` between the figures markers of ``doc``."""
    page = doc.read_text("utf-8")
    marked = re.compile(r"(<!-- figures -->\n).*?(<!-- /figures -->)", re.S)
    doc.write_text(marked.sub(lambda m: m.group(1) + text + m.group(2), page), "utf-8")
