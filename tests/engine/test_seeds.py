"""The example games in seeds/: each Six D game has a finished log and one in progress.  What
each replays to is its game's own test (``tests/games/<package>/test_logs.py``)."""

from __future__ import annotations

from pathlib import Path

LOGS = Path(__file__).resolve().parents[2] / "seeds"
SIXD = ("one", "two", "three", "four", "five", "six")


def test_there_is_a_finished_log_and_one_in_progress_per_game() -> None:
    names = {p.stem for p in LOGS.glob("sixd-*.json")}
    assert names == {
        f"sixd-{game}-{state}" for game in SIXD for state in ("finished", "in-progress")
    }
