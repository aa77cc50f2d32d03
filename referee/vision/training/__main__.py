"""``make dice-model``: render training photos, train the die finder and the classifier,
export both into the package, and write the held-out figures to docs/vision.md.

Needs the ``train`` extra (PyTorch, CPU build).  The rendered photos live in memory only.
The finder is trained first: the classifier learns on the crops the reader cuts, and the
reader cuts a roll's dice where the finder sees them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from referee.vision import detect
from referee.vision.classify import MODEL, network
from referee.vision.training.dataset import Crops, make_crops
from referee.vision.training.detector import export_finder, make_photos, train_finder
from referee.vision.training.evaluate import figures, write_figures
from referee.vision.training.train import export, train

DOC = Path(__file__).resolve().parents[3] / "docs" / "vision.md"
TRAIN_SEED, FINDER_SEED, HELD_OUT_SEED = 11, 21, 1001


def make_finder(rolls: int, boards: int, epochs: int) -> None:
    """Render photos for the finder, train it and export it into the package."""
    photos = make_photos(FINDER_SEED, {"loose": rolls, "grid": boards})
    print(f"{len(photos.images)} photos for the finder")
    export_finder(train_finder(photos, epochs), detect.MODEL)
    detect.network.cache_clear()


def make_classifier(boards: int, rolls: int, epochs: int) -> None:
    """Cut rendered photos into crops with the reader, train the classifier on them and
    export it into the package."""
    board_crops = make_crops(TRAIN_SEED, {"grid": boards})
    roll_crops = make_crops(TRAIN_SEED + 1, {"loose": rolls})
    crops = Crops(
        np.concatenate([board_crops.images, roll_crops.images]),
        np.concatenate([board_crops.values, roll_crops.values]),
        np.concatenate([board_crops.colours, roll_crops.colours]),
    )
    print(f"{len(crops.images)} crops from {boards} boards and {rolls} rolls")
    export(train(crops, epochs), MODEL)
    network.cache_clear()


def main(argv: list[str] | None = None) -> int:
    """Render, train, export, measure."""
    parser = argparse.ArgumentParser(prog="python -m referee.vision.training")
    parser.add_argument("--boards", type=int, default=400, help="boards rendered to train on")
    parser.add_argument("--rolls", type=int, default=800, help="loose rolls rendered to train on")
    parser.add_argument("--epochs", type=int, default=30, help="the classifier's passes")
    parser.add_argument("--finder-boards", type=int, default=250)
    parser.add_argument("--finder-rolls", type=int, default=500)
    parser.add_argument("--finder-epochs", type=int, default=40)
    parser.add_argument(
        "--only", choices=("finder", "classifier"), help="train one model, keep the other"
    )
    parser.add_argument(
        "--held-out", type=int, default=60, help="boards (twice as many rolls) to test on"
    )
    args = parser.parse_args(argv)
    if args.only != "classifier":
        make_finder(args.finder_rolls, args.finder_boards, args.finder_epochs)
    if args.only != "finder":
        make_classifier(args.boards, args.rolls, args.epochs)
    write_figures(DOC, figures(HELD_OUT_SEED, args.held_out, args.held_out * 2))
    print(f"wrote {detect.MODEL}, {MODEL} and the figures in {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
