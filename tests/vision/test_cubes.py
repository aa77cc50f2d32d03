"""The second renderer (cubes in 3-D, for the unseen-generator check) draws whole scenes."""

from __future__ import annotations

import numpy as np
import pytest

from referee.vision.training.cubes import render_cubes


@pytest.mark.parametrize("layout", ["grid", "loose"])
def test_every_cube_lies_inside_the_photo_with_table_around_it(layout: str) -> None:
    rng = np.random.default_rng(4)
    for _ in range(3):
        scene = render_cubes(rng, layout)
        h, w = scene.image.shape[:2]
        for die in scene.dice:
            x, y = die.center
            assert die.side < x < w - die.side and die.side < y < h - die.side
        if layout == "grid":
            assert scene.shape is not None
            assert len(scene.dice) == scene.shape[0] * scene.shape[1]
