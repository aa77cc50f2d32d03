"""The project's corrections of the shared real photos' labels (``real_corrections.json``):
applied as a photo is loaded, the labels on disk left as they are, and naming only photos and
dice that exist."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pytest

from referee.vision.training.real import CORRECTIONS, RealPhoto, corrections, load

SHARED = Path(__file__).resolve().parents[3] / "shared" / "photos" / "real"
needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/photos/real")


def labelled(root: Path, dice: list[tuple[int, list[float]]]) -> Path:
    """A one-photo source ``src/one`` under ``root`` whose dice are (value, box), and its
    label file."""
    (root / "src" / "labels").mkdir(parents=True)
    label = root / "src" / "labels" / "one.json"
    boxes = [
        {"value": v, "bbox_xyxy": b, "center": [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2]}
        for v, b in dice
    ]
    label.write_text(
        json.dumps({"image": "images/one.jpg", "box": "encloses the whole die", "dice": boxes})
    )
    return label


def fixes_file(root: Path, fix: Mapping[str, object]) -> Path:
    """A corrections file holding ``fix`` for ``src/one``."""
    path = root / "corrections.json"
    path.write_text(json.dumps({"src/one": {"why": "a test", **fix}}))
    return path


def photo_of(photos: list[RealPhoto], key: str) -> RealPhoto:
    """The photo named ``key`` ("source/name")."""
    return next(p for p in photos if p.key == key)


def test_a_photo_s_dice_are_dropped_added_and_revalued_and_its_label_file_is_untouched(
    tmp_path: Path,
) -> None:
    label = labelled(
        tmp_path, [(5, [0, 0, 40, 40]), (2, [100, 0, 140, 40]), (6, [200, 0, 240, 40])]
    )
    before = label.read_bytes()
    fix = {
        "drop": [{"index": 1, "center": [120.0, 20.0]}],
        "values": [{"index": 2, "center": [220.0, 20.0], "value": 4}],
        "add": [{"value": 0, "bbox_xyxy": [300, 0, 340, 40], "center": [320.0, 20.0]}],
    }
    (photo,) = load(tmp_path, fixes_file(tmp_path, fix))
    assert [(d.value, d.center) for d in photo.dice] == [
        (5, (20.0, 20.0)),
        (4, (220.0, 20.0)),
        (0, (320.0, 20.0)),  # a die whose value the photo does not show: none to count
    ]
    assert label.read_bytes() == before
    (as_labelled,) = load(tmp_path, tmp_path / "none.json")
    assert [d.value for d in as_labelled.dice] == [5, 2, 6]


def test_a_correction_naming_a_die_not_at_its_centre_is_refused(tmp_path: Path) -> None:
    labelled(tmp_path, [(5, [0, 0, 40, 40])])
    wrong = fixes_file(tmp_path, {"drop": [{"index": 0, "center": [120.0, 20.0]}]})
    with pytest.raises(ValueError, match="src/one: no die 0"):
        load(tmp_path, wrong)
    beyond = fixes_file(tmp_path, {"values": [{"index": 3, "center": [20.0, 20.0], "value": 2}]})
    with pytest.raises(ValueError, match="no die 3"):
        load(tmp_path, beyond)


def test_each_correction_says_why_and_adds_dice_as_the_sources_label_them() -> None:
    fixes = corrections()
    assert fixes, f"{CORRECTIONS.name} holds the corrections"
    for key, fix in fixes.items():
        assert set(fix) <= {"why", "add", "drop", "values"} and fix["why"], key
        for die in fix.get("add", []):
            x0, y0, x1, y1 = die["bbox_xyxy"]
            assert die["value"] in range(7) and x0 < x1 and y0 < y1, key
            assert die["center"] == [(x0 + x1) / 2, (y0 + y1) / 2], key


@needs_shared
def test_the_corrections_name_only_shared_photos_and_dice_that_exist() -> None:
    fixes = corrections()
    photos = {p.key: p for p in load(SHARED)}  # a die named at the wrong centre is refused
    for key, fix in fixes.items():
        label = json.loads(
            (SHARED / key.replace("/", "/labels/", 1)).with_suffix(".json").read_text()
        )
        width, height = label["width"], label["height"]
        for die in fix.get("add", []):
            x0, y0, x1, y1 = die["bbox_xyxy"]
            assert 0 <= x0 and 0 <= y0 and x1 <= width and y1 <= height, key
        changed = len(fix.get("add", [])) - len(fix.get("drop", []))
        assert len(photos[key].dice) == len(label["dice"]) + changed, key


@needs_shared
def test_the_shared_photos_load_corrected_while_their_labels_on_disk_are_the_source_s() -> None:
    labels = sorted((SHARED / "roboflow" / "labels").glob("*.json"))
    before = {label: label.read_bytes() for label in labels}
    photos = load(SHARED)
    assert {label: label.read_bytes() for label in labels} == before
    board = photo_of(photos, "roboflow/dice_263")  # its red board piece, labelled a 5, dropped
    assert [d.value for d in board.dice] == [6]
    on_disk = json.loads(before[SHARED / "roboflow" / "labels" / "dice_263.json"])
    assert [d["value"] for d in on_disk["dice"]] == [6, 5]
    heap = photo_of(photos, "roboflow/dice_25")  # a yellow die showing a printed 3, added
    gaps = heap.gaps((302.5, 420.0))
    assert heap.dice[int(np.argmin(gaps))].value == 3 and gaps.min() == 0
    twice = photo_of(photos, "roboflow/dice_78")  # one die labelled twice, once now
    assert sum(np.hypot(*np.subtract(d.center, (506.0, 243.0))) < 3 for d in twice.dice) == 1
