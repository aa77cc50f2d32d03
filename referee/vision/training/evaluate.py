"""The reader's figures on held-out renders: per-die accuracy (value and colour both right),
confusion matrices, board counts, reading time and model size, written to docs/vision.md;
and the same accuracy on the second renderer's cubes (``cubes.py``), never trained on."""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from referee.vision.classify import MODEL
from referee.vision.classify import PARTNERS as CLASSIFIER_PARTNERS
from referee.vision.decode import PhotoError
from referee.vision.detect import MODEL as FINDER
from referee.vision.detect import PARTNERS as FINDER_PARTNERS
from referee.vision.labels import COLOURS, VALUES
from referee.vision.partners import networks, shipped
from referee.vision.reader import Reading, read_image
from referee.vision.training.cubes import render_cubes
from referee.vision.training.dataset import nearest
from referee.vision.training.render import Scene, render

MISSED = "missed"


@dataclass
class Tally:
    """Dice drawn and read right, dice read that were not drawn (a shadow taken for a die),
    and what each drawn value and colour was read as."""

    dice: int = 0
    right: int = 0
    photos: int = 0
    refused: int = 0
    extra: int = 0
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
        if i is None or i in read_as:
            tally.extra += 1
        else:
            read_as[i] = (die.value, die.colour)
    for i, die in enumerate(scene.dice):
        tally.add((die.value, die.colour), read_as.get(i))
    if scene.shape is None:
        return False
    shape = (len(reading.rows), len(reading.rows[0]) if reading.rows else 0)
    return sorted(shape) == sorted(scene.shape)


def cpu_seconds(scenes: list[Scene], shape_known: bool) -> float:
    """The median CPU time to read one of the scenes, the models already loaded."""
    networks(MODEL, CLASSIFIER_PARTNERS)
    networks(FINDER, FINDER_PARTNERS)
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


@dataclass
class Measured:
    """The tallies of one renderer's held-out photos: boards read with their shape given and
    with it found by the reader, loose rolls, and how many boards' shapes were found right."""

    grid_known: Tally = field(default_factory=Tally)
    grid_auto: Tally = field(default_factory=Tally)
    roll: Tally = field(default_factory=Tally)
    shapes_right: int = 0

    def rows(self, source: str) -> str:
        """The three Markdown table rows of these tallies."""
        named = [
            ("boards, shape given", self.grid_known),
            ("boards, shape found by the reader", self.grid_auto),
            ("loose rolls", self.roll),
        ]
        return "\n".join(
            f"| {source} | {name} | {t.photos} | {t.dice} | {t.right} "
            f"| **{100 * t.accuracy:.2f}%** | {t.extra} | {t.refused} |"
            for name, t in named
        )


def measure(draw: Callable[[np.random.Generator, str], Scene], seed: int, boards: int,
            rolls: int) -> Measured:  # fmt: skip
    """Read ``boards`` boards and ``rolls`` rolls that ``draw`` renders from ``seed``."""
    rng = np.random.default_rng(seed)
    measured = Measured()
    for _ in range(boards):
        scene = draw(rng, "grid")
        score_scene(measured.grid_known, scene, shape_known=True)
        measured.shapes_right += score_scene(measured.grid_auto, scene, shape_known=False)
    for _ in range(rolls):
        score_scene(measured.roll, draw(rng, "loose"), shape_known=False)
    return measured


def figures(seed: int, boards: int, rolls: int, log=print) -> str:
    """The Markdown of the held-out figures for ``boards`` and ``rolls`` fresh renders of
    each renderer."""
    held = measure(render, seed, boards, rolls)
    log(f"held out: boards {held.grid_known.accuracy:.4f}, rolls {held.roll.accuracy:.4f}")
    cubes = measure(render_cubes, seed, boards, rolls)
    log(f"cubes: boards {cubes.grid_known.accuracy:.4f}, rolls {cubes.roll.accuracy:.4f}")
    rng = np.random.default_rng(seed)
    board_time = cpu_seconds([render(rng, "grid", (6, 6)) for _ in range(10)], True)
    roll_time = cpu_seconds([render(rng, "loose", 10) for _ in range(10)], False)
    values = [str(v) for v in VALUES]
    model_kib = sum(path.stat().st_size for path in shipped(MODEL, CLASSIFIER_PARTNERS)) / 1024
    finder_kib = sum(path.stat().st_size for path in shipped(FINDER, FINDER_PARTNERS)) / 1024
    return f"""Held-out photos (seed {seed}, never trained on), per die: value and colour
both right. *Renders* are drawn by the renderer the classifier learnt from (fresh photos of
it); *cubes* by the second renderer (`cubes.py`), whose like it never saw. *Dice read not
there*: dice the reader saw where none was drawn (a shadow, a die's side), which make the
table page refuse a roll of a known count.

| renderer | photos of | photos | dice | right | accuracy | dice read not there | photos refused |
|---|---|---|---|---|---|---|---|
{held.rows("renders")}
{cubes.rows("cubes")}

Boards whose rows and columns the reader counted itself: {held.shapes_right} of {boards}
renders, {cubes.shapes_right} of {boards} cubes.

CPU time to read (median of 10, model loaded): a 6x6 board **{board_time * 1000:.0f} ms**,
a loose roll of 10 dice **{roll_time * 1000:.0f} ms**. Model files: the classifiers
**{model_kib:.0f} KiB**, the finders **{finder_kib:.0f} KiB** (each with its partners).

Values, boards (shape given):

{confusion(held.grid_known.values, values)}

Colours, boards (shape given):

{confusion(held.grid_known.colours, list(COLOURS))}

Values, loose rolls:

{confusion(held.roll.values, values)}

Colours, loose rolls:

{confusion(held.roll.colours, list(COLOURS))}
"""


def drop_partners() -> list[Path]:
    """Delete the finder's and the classifier's partners beside them, and give their paths:
    they learnt from every real source, so a source held out whole is measured without
    them (only the models that training writes)."""
    dropped = [*shipped(FINDER, FINDER_PARTNERS)[1:], *shipped(MODEL, CLASSIFIER_PARTNERS)[1:]]
    for path in dropped:
        path.unlink()
    return dropped


def block_of(block: str) -> re.Pattern[str]:
    """The markers of a block of figures (``<!-- block -->``, ``<!-- /block -->``) and what
    lies between them."""
    name = re.escape(block)
    return re.compile(rf"(<!-- {name} -->\n)(.*?)(<!-- /{name} -->)", re.S)


def held_out_block(source: str) -> str:
    """The name of the block of a real source's figures when it is held out whole."""
    return f"held out: {source}"


def write_figures(doc: Path, text: str, block: str = "figures") -> None:
    """Put ``text`` between the markers of ``doc``'s block: the figures, or a source's
    held out whole (``held_out_block``)."""
    page = doc.read_text("utf-8")
    doc.write_text(block_of(block).sub(lambda m: m[1] + text + m[3], page), "utf-8")


def read_figures(doc: Path, block: str) -> str | None:
    """What ``doc``'s block holds, None when it has no such block."""
    found = block_of(block).search(doc.read_text("utf-8"))
    return found[2] if found else None
