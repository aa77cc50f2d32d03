"""Models shipped in twos and threes: a network and the partners beside it (other trainings,
or another network kind) whose answers the reader averages with its own.  Two trainings of
one recipe err on different dice; their mean errs on fewer (issue 48)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2


def shipped(model: Path, partners: str) -> list[Path]:
    """``model`` and the files beside it that ``partners`` (a glob) names, in name order."""
    return [model, *sorted(model.parent.glob(partners))]


@cache
def network(path: Path) -> cv2.dnn.Net:
    """The ONNX network in ``path``, loaded once per process."""
    return cv2.dnn.readNetFromONNX(str(path))


def networks(model: Path, partners: str) -> list[cv2.dnn.Net]:
    """The networks of ``model`` and its partners (``shipped``), each loaded once."""
    return [network(path) for path in shipped(model, partners)]
