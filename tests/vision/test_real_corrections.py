"""The project's corrections of the shared real photos' labels (``real_corrections.json``):
applied as a photo is loaded, the labels on disk left as they are, and naming only photos and
dice that exist."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from referee.vision.training.real import CORRECTIONS, corrections, load


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
    assert fixes, f"{CORRECTIONS.name} holds the corrections"  # each is checked against
    # the shared labels as they load: a die named at another centre is refused (above)
    for key, fix in fixes.items():
        assert set(fix) <= {"why", "add", "drop", "values"} and fix["why"], key
        for die in fix.get("add", []):
            x0, y0, x1, y1 = die["bbox_xyxy"]
            assert die["value"] in range(7) and x0 < x1 and y0 < y1, key
            assert die["center"] == [(x0 + x1) / 2, (y0 + y1) / 2], key
