"""The classifier's training loss (``training/train.py``): a batch of crops none of whose
colours is labelled (no die, or a source whose colours are not labelled: with the tray held
out, every real crop) has no colour loss, and the pass's loss stays a number.  Needs the
``train`` extra (PyTorch): marked ``train``, run by ``make dice-model``."""

from __future__ import annotations

import math

import numpy as np
import pytest

from referee.vision.labels import CROP, NO_DIE
from referee.vision.training.dataset import UNKNOWN, Crops

pytestmark = pytest.mark.train


def test_a_pass_of_crops_with_no_colour_labelled_logs_a_loss_that_is_a_number(torch) -> None:
    from referee.vision.training import train

    rng = np.random.default_rng(0)
    crops = Crops(
        rng.integers(0, 256, (130, CROP, CROP, 3), dtype=np.uint8),
        rng.integers(0, NO_DIE + 1, 130).astype(np.int64),
        np.full(130, UNKNOWN, np.int64),  # a last batch of 2 crops, neither coloured
    )
    logged: list[str] = []
    train.train(crops, 1, log=logged.append, kind="plain")
    loss = float(logged[0].split("loss ")[1].split(",")[0])
    assert math.isfinite(loss) and loss > 0
