"""``make dice-model``: render training photos, train the die finder and the classifier on
them and on the training part of the real labelled photos (``--real``), export both into the
package, and write the held-out figures to docs/vision.md.

Needs the ``train`` extra (PyTorch, CPU build).  The rendered photos live in memory only.
The finder is trained first: the classifier learns on the crops the reader cuts, and the
reader cuts a roll's dice where the finder sees them.  Both start from pretrained features by
default; the partners shipped beside them (``dice-plain.onnx``, the plain classifier, and
another training's finder and classifier, ``detect-*.onnx`` and ``dice-*.onnx``; see
``referee.vision.partners``) are kept as they are, and the figures measure the reader with
them.  With ``--hold-out`` they are deleted first: they learnt from every source.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from referee.vision import detect, partners
from referee.vision.classify import MODEL
from referee.vision.training.dataset import Crops, make_crops
from referee.vision.training.detector import FINDERS, export_finder, make_photos, train_finder
from referee.vision.training.evaluate import (
    drop_partners,
    figures,
    held_out_block,
    write_figures,
)
from referee.vision.training.real import RealPhoto, load, split
from referee.vision.training.real_data import finder_photos, real_crops
from referee.vision.training.real_figures import figures as real_figures
from referee.vision.training.real_figures import measure
from referee.vision.training.train import NETWORKS, export, train

DOC = Path(__file__).resolve().parents[3] / "docs" / "vision.md"
TRAIN_SEED, FINDER_SEED, HELD_OUT_SEED, REAL_SEED = 11, 21, 1001, 31
REAL_REPEATS = 4  # a real photo is sampled this many times a pass, a render once
REAL_COPIES = 6  # crops cut around each real die, besides the reader's own


def make_finder(rolls: int, boards: int, epochs: int, real: list[RealPhoto], kind: str) -> None:
    """Render photos for the finder, add the real ones, train it (a network of ``kind``)
    and export it into the package."""
    photos = make_photos(FINDER_SEED, {"loose": rolls, "grid": boards})
    shot = finder_photos(real)
    photos.images += shot.images * REAL_REPEATS
    photos.dice += shot.dice * REAL_REPEATS
    print(f"{len(photos.images)} photos for the finder ({len(shot.images)} real)")
    export_finder(train_finder(photos, epochs, kind=kind), detect.MODEL)
    partners.network.cache_clear()


def joined(*parts: Crops) -> Crops:
    """Crops of several sources as one set."""
    return Crops(
        np.concatenate([p.images for p in parts]),
        np.concatenate([p.values for p in parts]),
        np.concatenate([p.colours for p in parts]),
    )


def make_classifier(boards: int, rolls: int, epochs: int, real: list[RealPhoto], kind: str) -> None:
    """Cut rendered and real photos into crops with the reader, train the classifier (a
    network of ``kind``) on them and export it into the package."""
    crops = joined(
        make_crops(TRAIN_SEED, {"grid": boards}),
        make_crops(TRAIN_SEED + 1, {"loose": rolls}),
        *([real_crops(real, REAL_COPIES, REAL_SEED)] if real else []),
    )
    print(f"{len(crops.images)} crops from {boards} boards, {rolls} rolls, {len(real)} photos")
    export(train(crops, epochs, kind=kind), MODEL)
    partners.network.cache_clear()


def real_parts(
    photos: list[RealPhoto], source: str | None
) -> tuple[list[RealPhoto], list[RealPhoto]]:
    """The real photos to train on and to measure on: with ``source`` named, every photo of
    the other sources and every photo of that one (a table none of the training photos
    shows); else each source's own split."""
    if source is None:
        return split(photos)
    if source not in {photo.source for photo in photos}:
        raise SystemExit(f"no source {source!r} among the real photos")
    return (
        [photo for photo in photos if photo.source != source],
        [photo for photo in photos if photo.source == source],
    )


def main(argv: list[str] | None = None) -> int:
    """Render, train, export, measure."""
    parser = argparse.ArgumentParser(prog="python -m referee.vision.training")
    parser.add_argument("--boards", type=int, default=400, help="boards rendered to train on")
    parser.add_argument("--rolls", type=int, default=800, help="loose rolls rendered to train on")
    parser.add_argument("--epochs", type=int, default=30, help="the classifier's passes")
    parser.add_argument("--finder-boards", type=int, default=250)
    parser.add_argument("--finder-rolls", type=int, default=500)
    parser.add_argument("--finder-epochs", type=int, default=30)
    parser.add_argument(
        "--only", choices=("finder", "classifier"), help="train one model, keep the other"
    )
    parser.add_argument(
        "--classifier",
        choices=sorted(NETWORKS),
        default="pretrained",
        help="the classifier's network: learnt from nothing, or fine-tuned from pretrained",
    )
    parser.add_argument(
        "--finder",
        choices=sorted(FINDERS),
        default="pretrained",
        help="the finder's network: learnt from nothing, or fine-tuned from pretrained",
    )
    parser.add_argument(
        "--held-out", type=int, default=60, help="boards (twice as many rolls) to test on"
    )
    parser.add_argument(
        "--real", type=Path, help="a folder of real labelled photos (sources of images/, labels/)"
    )
    parser.add_argument(
        "--hold-out",
        metavar="SOURCE",
        help="train on every photo of the other sources, measure on all of this one's",
    )
    args = parser.parse_args(argv)
    real_train, real_held = real_parts(load(args.real), args.hold_out) if args.real else ([], [])
    if args.hold_out:
        for path in drop_partners():
            print(f"removed {path}: it learnt from {args.hold_out} too")
        partners.network.cache_clear()
    if args.only != "classifier":
        make_finder(
            args.finder_rolls, args.finder_boards, args.finder_epochs, real_train, args.finder
        )
    if args.only != "finder":
        make_classifier(args.boards, args.rolls, args.epochs, real_train, args.classifier)
    if args.hold_out:
        text = f"Real photos of `{args.hold_out}`, a source held out whole:\n\n"
        text += real_figures(measure(real_held), True)
        write_figures(DOC, text, held_out_block(args.hold_out))
    else:
        text = figures(HELD_OUT_SEED, args.held_out, args.held_out * 2)
        if real_held:
            text += "\nReal photos held out (never trained on):\n\n"
            text += real_figures(measure(real_held))
        write_figures(DOC, text)
    print(f"wrote {detect.MODEL}, {MODEL} and the figures in {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
