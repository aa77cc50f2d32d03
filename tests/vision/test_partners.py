"""A model and its partners (``referee.vision.partners``): the files beside a model that its
glob names are its partners; the finder's maps at its first look (a closer look is the
first finder's alone) and the classifier's probabilities are the mean of every shipped
network's; a source held out whole is measured without the partners (they learnt from it)."""

from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from referee.vision import classify, detect
from referee.vision.labels import CROP
from referee.vision.partners import shipped
from referee.vision.training import evaluate

PHOTO = Path(__file__).with_name("real") / "byler" / "images" / "IMG_20191209_100116.jpg"


def alone(model: Path, folder: Path) -> Path:
    """A copy of ``model`` with no partner beside it."""
    folder.mkdir()
    return Path(shutil.copy(model, folder / "model.onnx"))


def test_a_model_s_partners_are_the_files_its_glob_names_beside_it_in_name_order(
    tmp_path: Path,
) -> None:
    for name in ("dice.onnx", "dice-b.onnx", "dice-a.onnx", "detect-a.onnx", "dice-c.txt"):
        (tmp_path / name).touch()
    assert [path.name for path in shipped(tmp_path / "dice.onnx", "dice-*.onnx")] == [
        "dice.onnx",
        "dice-a.onnx",
        "dice-b.onnx",
    ]


@pytest.mark.parametrize("module", [detect, classify], ids=["finder", "classifier"])
def test_every_shipped_model_has_a_partner_from_another_training(module) -> None:
    assert len(shipped(module.MODEL, module.PARTNERS)) >= 2


def test_the_finder_s_maps_are_the_mean_of_its_own_and_its_partner_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    image = cv2.imread(str(PHOTO))
    together, _ = detect.maps(image)
    each = []
    for i, path in enumerate(shipped(detect.MODEL, detect.PARTNERS)):
        monkeypatch.setattr(detect, "MODEL", alone(path, tmp_path / str(i)))
        each.append(detect.maps(image)[0])
    assert np.allclose(together, np.mean(each, axis=0), atol=1e-4)
    assert not np.allclose(each[0], each[1], atol=1e-2)  # two trainings: two answers


def test_a_closer_look_is_the_first_finder_s_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    image = cv2.imread(str(PHOTO))
    closer = 2 * detect.SIDE
    together, _ = detect.maps(image, closer)
    monkeypatch.setattr(detect, "MODEL", alone(detect.MODEL, tmp_path / "first"))
    assert np.allclose(together, detect.maps(image, closer)[0], atol=1e-5)


def test_the_classifier_s_die_sureness_is_the_mean_of_its_own_and_its_partners(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    image = cv2.imread(str(PHOTO))
    crops = [image[y : y + 96, x : x + 96] for y, x in ((100, 100), (300, 300), (500, 200))]
    crops = [cv2.resize(crop, (CROP, CROP), interpolation=cv2.INTER_AREA) for crop in crops]
    together = [guess.die for guess in classify.classify(crops)]
    each = []
    for i, path in enumerate(shipped(classify.MODEL, classify.PARTNERS)):
        monkeypatch.setattr(classify, "MODEL", alone(path, tmp_path / str(i)))
        each.append([guess.die for guess in classify.classify(crops)])
    assert np.allclose(together, np.mean(each, axis=0), atol=2e-3)  # each rounded to 0.001


def test_a_source_held_out_whole_is_measured_without_the_partners(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("detect.onnx", "detect-a.onnx", "dice.onnx", "dice-plain.onnx", "dice-a.onnx"):
        (tmp_path / name).touch()
    monkeypatch.setattr(evaluate, "FINDER", tmp_path / "detect.onnx")
    monkeypatch.setattr(evaluate, "MODEL", tmp_path / "dice.onnx")
    dropped = evaluate.drop_partners()
    assert sorted(path.name for path in dropped) == [
        "detect-a.onnx",
        "dice-a.onnx",
        "dice-plain.onnx",
    ]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["detect.onnx", "dice.onnx"]
