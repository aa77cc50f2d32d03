"""A board game's number tokens beside the dice are no dice (issue 48): a render of two
dice among Catan-like tokens and printed tags (``clutter.draw_tokens``) reads two dice, and a
token is never read as a die without "?"."""

from __future__ import annotations

import numpy as np
import pytest

from referee.vision import PhotoError, read_image
from referee.vision.reader import ReadDie
from referee.vision.sureness import SURE
from referee.vision.training.render import Scene, render

SEEDS = range(6)


def tokens_and_two_dice(seed: int) -> Scene:
    """A loose roll of two dice with six number tokens or tags on the table beside them."""
    return render(np.random.default_rng(seed), "loose", 2, tilt_max=20.0, tokens=6)


def near(scene: Scene, die: ReadDie) -> bool:
    """Whether a read die lies on a drawn die (within half its side of its centre)."""
    return any(
        np.hypot(die.center[0] - d.center[0], die.center[1] - d.center[1]) < d.side / 2
        for d in scene.dice
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_a_token_is_never_read_as_a_die_without_a_question_mark(seed: int) -> None:
    scene = tokens_and_two_dice(seed)
    try:
        reading = read_image(scene.image, "loose")
    except PhotoError:
        return  # refused: nothing read at all
    assert all(near(scene, die) for die in reading.dice if die.confidence >= SURE)


@pytest.mark.parametrize("seed", SEEDS)
def test_two_dice_among_number_tokens_read_as_two_dice(seed: int) -> None:
    scene = tokens_and_two_dice(seed)
    reading = read_image(scene.image, "loose")
    assert sorted(d.value for d in reading.dice) == sorted(d.value for d in scene.dice)
