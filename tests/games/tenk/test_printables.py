"""10K on paper: the blank pad's target and entry threshold, every turn of the finished seed
written with its running total, the rule sheet's worked example."""

from __future__ import annotations

import pytest

import printables
from referee.core.engine import points
from tests.printables.support import seed_replay, text_of

pytestmark = pytest.mark.usefixtures("invariant")

DATE, ADDRESS = "2025-03-14", "http://localhost:5000/tables/7"


def sheet(name: str, **kwargs) -> bytes:
    return printables.filled_sheet(seed_replay(name), title_date=DATE, address=ADDRESS, **kwargs)


def test_the_10k_pad_prints_the_target_and_the_entry_threshold():
    text = text_of(printables.scorepad("tenk"))
    assert "Target 10,000" in text
    assert "needs 500 in one turn" in text


def test_every_recorded_10k_turn_is_written_with_its_running_total():
    replay = seed_replay("tenk-finished")
    text = text_of(sheet("tenk-finished"))
    busts = sum(t.bust for t in replay.state.board.turns)
    assert text.count("bust") >= busts > 0
    assert "0*" in text  # Bo banked below the entry threshold
    for turn in replay.state.board.turns:
        assert points(turn.total) in text


def test_the_worked_example_of_10k_scores_the_roll_1_1_1_5_as_1050():
    text = text_of(printables.rule_sheet("tenk"))
    assert "three 1s 1,000 + 5 50" in text
    assert "1,050" in text
