"""``make dice-model``: render training photos, train the classifier, export it into the
package, and write its held-out figures to docs/vision.md.

Needs the ``train`` extra (PyTorch, CPU build).  The rendered crops live in memory only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from referee.vision.classify import MODEL, network
from referee.vision.training.dataset import Crops, make_crops
from referee.vision.training.evaluate import figures, write_figures
from referee.vision.training.train import export, train

DOC = Path(__file__).resolve().parents[3] / "docs" / "vision.md"
TRAIN_SEED, HELD_OUT_SEED = 11, 1001


def main(argv: list[str] | None = None) -> int:
    """Render, train, export, measure."""
    parser = argparse.ArgumentParser(prog="python -m referee.vision.training")
    parser.add_argument("--boards", type=int, default=400, help="boards rendered to train on")
    parser.add_argument("--rolls", type=int, default=800, help="loose rolls rendered to train on")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument(
        "--held-out", type=int, default=60, help="boards (twice as many rolls) to test on"
    )
    args = parser.parse_args(argv)
    boards = make_crops(TRAIN_SEED, {"grid": args.boards})
    rolls = make_crops(TRAIN_SEED + 1, {"loose": args.rolls})
    crops = Crops(
        np.concatenate([boards.images, rolls.images]),
        np.concatenate([boards.values, rolls.values]),
        np.concatenate([boards.colours, rolls.colours]),
    )
    print(f"{len(crops.images)} crops from {args.boards} boards and {args.rolls} rolls")
    export(train(crops, args.epochs), MODEL)
    network.cache_clear()
    write_figures(DOC, figures(HELD_OUT_SEED, args.held_out, args.held_out * 2))
    print(f"wrote {MODEL} and the figures in {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
