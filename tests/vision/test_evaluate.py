"""The held-out figures count what the reader got right, and also what it read that was not
there: a shadow taken for a die, or a die read twice, makes a roll of a known count refused
on the table page however right its other dice are."""

from __future__ import annotations

import numpy as np

from bench import vision_bench
from referee.vision.reader import ReadDie, Reading
from referee.vision.training import evaluate
from referee.vision.training.render import Scene, TrueDie


def test_dice_read_where_none_was_drawn_are_counted_apart(monkeypatch) -> None:
    drawn = [TrueDie(5, "red", (40.0, 40.0), 20.0), TrueDie(2, "blue", (120.0, 40.0), 20.0)]
    read = [
        ReadDie(5, "red", 0.9, (41, 40)),
        ReadDie(3, "red", 0.4, (39, 41)),  # the same die again
        ReadDie(2, "white", 0.5, (120, 120)),  # a shadow
    ]
    monkeypatch.setattr(evaluate, "read_image", lambda *_: Reading("loose", [], read))
    tally = evaluate.Tally()
    evaluate.score_scene(tally, Scene(np.zeros((160, 160, 3), np.uint8), "loose", drawn), False)
    assert (tally.dice, tally.right, tally.extra) == (2, 1, 2)
    assert tally.values[("2", evaluate.MISSED)] == 1


PAGE = """# Figures

<!-- figures -->
renders
<!-- /figures -->

<!-- held out: byler -->
old byler
<!-- /held out: byler -->

<!-- held out: roboflow -->
old roboflow
<!-- /held out: roboflow -->
"""


def test_a_source_held_out_whole_writes_only_its_own_block(tmp_path) -> None:
    doc = tmp_path / "vision.md"
    doc.write_text(PAGE, "utf-8")
    evaluate.write_figures(doc, "new byler\n", evaluate.held_out_block("byler"))
    assert evaluate.read_figures(doc, evaluate.held_out_block("byler")) == "new byler\n"
    assert evaluate.read_figures(doc, evaluate.held_out_block("roboflow")) == "old roboflow\n"
    assert evaluate.read_figures(doc, "figures") == "renders\n"
    assert evaluate.read_figures(doc, evaluate.held_out_block("penlington")) is None


def test_make_bench_prints_the_figures_of_each_source_held_out_whole() -> None:
    """As recorded in docs/vision.md: a benchmark does not train."""
    recorded = vision_bench.held_out_whole()
    assert sorted(recorded) == ["byler", "penlington", "roboflow"]
    for source, text in recorded.items():
        assert f"| {source} |" in text and "seconds a photo" in text
    lines = vision_bench.real_lines(
        {"real": {"from": "here", "markdown": ""}, "held_out_whole": recorded}
    )
    assert "vision, `penlington` held out whole (recorded in docs/vision.md):" in lines
