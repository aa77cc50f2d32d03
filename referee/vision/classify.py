"""The die classifier: a small CNN, shipped as ONNX and run by OpenCV's DNN module.

It takes ``CROP``-pixel BGR crops and gives, per crop, six value scores then eight colour
scores.  ``make dice-model`` trains it (see referee/vision/training/ and docs/vision.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from referee.vision.labels import COLOURS, VALUES

MODEL = Path(__file__).with_name("model") / "dice.onnx"


@dataclass(frozen=True)
class Guess:
    """A die as the classifier reads it; confidence is how sure it is of both."""

    value: int
    colour: str
    confidence: float


@cache
def network(path: Path = MODEL) -> cv2.dnn.Net:
    """The classifier, loaded once per process."""
    return cv2.dnn.readNetFromONNX(str(path))


def softmax(scores: np.ndarray) -> np.ndarray:
    """Each row's scores as probabilities."""
    exp = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exp / exp.sum(axis=1, keepdims=True)


def classify(crops: list[np.ndarray]) -> list[Guess]:
    """Each crop's value, colour and confidence, in order."""
    if not crops:
        return []
    net = network()
    net.setInput(cv2.dnn.blobFromImages(crops, scalefactor=1 / 255))
    scores = net.forward().reshape(len(crops), -1)
    values = softmax(scores[:, : len(VALUES)])
    colours = softmax(scores[:, len(VALUES) :])
    guesses = []
    for value_p, colour_p in zip(values, colours, strict=True):
        v, c = int(value_p.argmax()), int(colour_p.argmax())
        guesses.append(Guess(VALUES[v], COLOURS[c], round(float(value_p[v] * colour_p[c]), 3)))
    return guesses
