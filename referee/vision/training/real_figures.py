"""The reader's figures on real labelled photos, per source: dice whose value is read right
(and colour, where labelled), dice missed, dice read that are not there, photos read
exactly, the dice read without "?" (sure) and how many of those are wrong or not there, the
same for a game whose dice have no colour (a die sure in value is sure there, and right
when its value is), the confusion of values, and the seconds a photo takes.

``python -m referee.vision.training.real_figures FOLDER [--held-out] [--seconds]`` prints
them as Markdown.  A read die is the labelled die whose centre is nearest it within half
that die's side, or whose box holds it where the box holds the whole die; a refused
photo's dice are all missed.  Needs no PyTorch.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from referee.vision.decode import PhotoError, decode
from referee.vision.labels import READ_COLOURS, VALUES
from referee.vision.reader import ReadDie, read_image
from referee.vision.sureness import SURE
from referee.vision.training.real import RealPhoto, load, split

MISSED = "missed"
NEAR = 0.5  # a read die is a labelled die when within this share of its side of its centre


@dataclass
class Tally:
    """One source's counts."""

    photos: int = 0
    exact: int = 0
    refused: int = 0
    dice: int = 0
    values_right: int = 0
    coloured: int = 0
    colours_right: int = 0
    missed: int = 0
    extra: int = 0
    sure: int = 0
    sure_wrong: int = 0
    sure_extra: int = 0
    value_sure: int = 0
    value_sure_wrong: int = 0
    value_sure_extra: int = 0
    seconds: list[float] = field(default_factory=list)
    values: dict[tuple[str, str], int] = field(default_factory=dict)
    colours: dict[tuple[str, str], int] = field(default_factory=dict)


def matched(photo: RealPhoto, read: list[ReadDie]) -> tuple[list[ReadDie | None], list[ReadDie]]:
    """Each labelled die's reading (None: missed), and the read dice that are no labelled
    die: each read die, surest first, takes the nearest free labelled die near enough (within
    ``NEAR`` of its side of its centre, or in its box where the box holds the whole die: a
    die seen from low down has its top face far above its box's centre)."""
    taken: list[ReadDie | None] = [None] * len(photo.dice)
    extra: list[ReadDie] = []
    for die in sorted(read, key=lambda d: -d.confidence):
        gaps = photo.gaps(die.center)
        near = [
            t is None and (gap <= NEAR or true.holds(die.center))
            for t, gap, true in zip(taken, gaps, photo.dice, strict=True)
        ]
        if not any(near):
            extra.append(die)
            continue
        taken[int(np.argmin(np.where(near, gaps, np.inf)))] = die
    return taken, extra


def read_dice(photo: RealPhoto) -> tuple[list[ReadDie] | None, float]:
    """The photo's dice as the reader reads its file (None when refused), and the seconds
    that took, decoding included.  Every real photo is a roll, read as a table asks for a
    roll's dice: loose, never taken for a board."""
    data = photo.path.read_bytes()
    start = time.perf_counter()
    try:
        image, scale = decode(data)
        reading = read_image(image, "loose", None, scale)
    except PhotoError:
        return None, time.perf_counter() - start
    seconds = time.perf_counter() - start
    return [die for row in reading.rows for die in row] + reading.dice, seconds


def score(tally: Tally, photo: RealPhoto) -> None:
    """Read one photo into its source's tally."""
    read, seconds = read_dice(photo)
    tally.photos += 1
    tally.seconds.append(seconds)
    tally.refused += read is None
    taken, extra = matched(photo, read or [])
    tally.extra += len(extra)
    tally.sure_extra += sum(die.confidence >= SURE for die in extra)
    tally.value_sure_extra += sum(die.surety(coloured=False) >= SURE for die in extra)
    exact = not extra and read is not None
    for true, die in zip(photo.dice, taken, strict=True):
        if true.value == 0:
            continue  # an emblem for a face: a die, but none to count
        tally.dice += 1
        tally.missed += die is None
        value_right = die is not None and die.value == true.value
        colour_right = die is not None and die.colour == true.colour
        tally.values_right += value_right
        if true.colour is not None:
            tally.coloured += 1
            tally.colours_right += colour_right
        exact &= value_right
        count(tally.values, str(true.value), str(die.value) if die else MISSED)
        if true.colour is not None:
            count(tally.colours, true.colour, die.colour if die else MISSED)
        if die is not None and die.confidence >= SURE:
            tally.sure += 1
            tally.sure_wrong += not (value_right and (true.colour is None or colour_right))
        if die is not None and die.surety(coloured=False) >= SURE:
            tally.value_sure += 1
            tally.value_sure_wrong += not value_right
    tally.exact += exact


def count(counts: dict[tuple[str, str], int], truth: str, read: str) -> None:
    """One more of ``truth`` read as ``read``."""
    counts[(truth, read)] = counts.get((truth, read), 0) + 1


def share(part: int, whole: int) -> str:
    """A percentage with two decimals, or "-" of nothing."""
    return f"{100 * part / whole:.2f}%" if whole else "-"


def confusion(counts: dict[tuple[str, str], int], labels: Iterable[str]) -> str:
    """A Markdown table: labelled (rows) against read (columns); rows never labelled left
    out."""
    labels = list(labels)
    seen = [*labels, MISSED]
    lines = ["| labelled \\ read | " + " | ".join(seen) + " |", "|---" * (len(seen) + 1) + "|"]
    for truth in labels:
        cells = [counts.get((truth, read), 0) for read in seen]
        if any(cells):
            lines.append(f"| **{truth}** | " + " | ".join(str(c or ".") for c in cells) + " |")
    return "\n".join(lines)


def sure_cells(sure: int, wrong: int, extra: int) -> str:
    """Two cells: the dice read without "?" (those not there among them), and how many of
    those are wrong / not there, with their share."""
    return f"{sure + extra} | **{wrong} / {extra}** ({share(wrong + extra, sure + extra)})"


def summary_row(source: str, t: Tally, with_seconds: bool) -> str:
    """One source's row of the summary table."""
    row = (
        f"| {source} | {t.photos} | {t.dice} | **{share(t.values_right, t.dice)}** "
        f"| {share(t.colours_right, t.coloured)} | {t.missed} | {t.extra} "
        f"| {share(t.exact, t.photos)} | {t.refused} "
        f"| {sure_cells(t.sure, t.sure_wrong, t.sure_extra)} "
        f"| {sure_cells(t.value_sure, t.value_sure_wrong, t.value_sure_extra)} |"
    )
    if with_seconds:
        row += f" {np.median(t.seconds):.2f} / {max(t.seconds):.2f} |"
    return row


def figures(tallies: dict[str, Tally], with_seconds: bool = False) -> str:
    """The Markdown of every source's figures."""
    head = (
        "| source | photos | dice | value right | colour right | missed | read, not there "
        "| photos exact | refused | read without ? | of those wrong / not there "
        "| without ? in value (no colours) | of those wrong / not there |"
    )
    rule = "|---" * 13 + "|"
    if with_seconds:
        head += " seconds a photo (median / most) |"
        rule += "---|"
    parts = [head, rule, *(summary_row(s, t, with_seconds) for s, t in tallies.items())]
    for source, t in tallies.items():
        parts += ["", f"Values, {source}:", "", confusion(t.values, map(str, VALUES))]
        if t.coloured:
            parts += ["", f"Colours, {source}:", "", confusion(t.colours, READ_COLOURS)]
    return "\n".join(parts) + "\n"


def measure(photos: list[RealPhoto]) -> dict[str, Tally]:
    """Every photo read, tallied per source (in name order)."""
    tallies: dict[str, Tally] = {}
    for photo in photos:
        score(tallies.setdefault(photo.source, Tally()), photo)
    return dict(sorted(tallies.items()))


def main(argv: list[str] | None = None) -> int:
    """Print the figures of a folder of labelled photos."""
    parser = argparse.ArgumentParser(prog="python -m referee.vision.training.real_figures")
    parser.add_argument("folder", type=Path, help="a folder of sources (images/, labels/)")
    parser.add_argument("--held-out", action="store_true", help="only the held-out photos")
    parser.add_argument("--seconds", action="store_true", help="add the seconds a photo")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    photos = load(args.folder)
    if args.held_out:
        photos = split(photos)[1]
    sys.stdout.write(figures(measure(photos), args.seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
