"""The die classifier: a small CNN, shipped as ONNX and run by OpenCV's DNN module.

It takes ``CROP``-pixel BGR crops and gives, per crop, six value scores and a seventh for
"no die here" (``NO_DIE``: a shadow, a tray's print, a reflection), then a score per colour
of ``READ_COLOURS`` (the games' eight, and "other").  ``make dice-model`` trains it (see
referee/vision/training/ and docs/vision.md).

Each crop is read in its four quarter turns (a die's face reads the same every quarter
turn), by every classifier shipped (``dice.onnx``, and its partners beside it as
``dice-*.onnx``: the plain network, another training; see ``partners``), and the
probabilities averaged: where one turn or one network misreads a die, the others outvote
it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from referee.vision.labels import NO_DIE, READ_COLOURS, VALUES
from referee.vision.partners import networks

MODEL = Path(__file__).with_name("model") / "dice.onnx"
PARTNERS = "dice-*.onnx"  # other classifiers shipped beside MODEL, averaged with it
TURNS = 4  # quarter turns each crop is read in
_running = threading.Lock()  # one network per process, and a network runs one input at a time


@dataclass(frozen=True)
class Guess:
    """A die as the classifier reads it: confidence is how sure it is of value and colour
    (the reader scales it by how sure it is that a die is there at all), ``die`` how sure
    the classifier is of the last alone, ``read`` the classifier's own confidence, and
    ``value_confidence`` how sure it is of the value alone (scaled as confidence is), which
    is what a game whose dice have no colour needs."""

    value: int
    colour: str
    confidence: float
    die: float
    read: float
    value_confidence: float


def softmax(scores: np.ndarray) -> np.ndarray:
    """Each row's scores as probabilities."""
    exp = np.exp(scores - scores.max(axis=1, keepdims=True))
    return exp / exp.sum(axis=1, keepdims=True)


def classify(crops: list[np.ndarray]) -> list[Guess]:
    """Each crop's value, colour and confidence, in order."""
    if not crops:
        return []
    nets = networks(MODEL, PARTNERS)
    values, colours = np.zeros((len(crops), NO_DIE + 1)), np.zeros((len(crops), len(READ_COLOURS)))
    for turn in range(TURNS):
        turned = [np.ascontiguousarray(np.rot90(crop, turn)) for crop in crops]
        blob = cv2.dnn.blobFromImages(turned, scalefactor=1 / 255)
        for net in nets:
            with _running:
                net.setInput(blob)
                scores = net.forward().reshape(len(crops), -1)
            values += softmax(scores[:, : NO_DIE + 1]) / (TURNS * len(nets))
            colours += softmax(scores[:, NO_DIE + 1 :]) / (TURNS * len(nets))
    guesses = []
    for value_p, colour_p in zip(values, colours, strict=True):
        v, c = int(value_p[:NO_DIE].argmax()), int(colour_p.argmax())
        sure = float(value_p[v] * colour_p[c])
        die = round(1 - float(value_p[NO_DIE]), 3)
        value_sure = round(float(value_p[v]), 3)
        guesses.append(
            Guess(VALUES[v], READ_COLOURS[c], round(sure, 3), die, round(sure, 3), value_sure)
        )
    return guesses
