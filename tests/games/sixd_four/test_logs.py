"""Six D Four's seeds: the finished game replays to its result, the game in progress to a
player to move."""

from __future__ import annotations

from pathlib import Path

from referee.log import dumps, loads, replay

LOGS = Path(__file__).resolve().parents[3] / "seeds"
EXPECTED = ({"Ada": 3, "Ben": 5, "Cleo": 6}, ["Cleo"])


def test_a_game_in_progress_replays_to_a_player_to_move() -> None:
    log = loads((LOGS / "sixd-four-in-progress.json").read_text())
    result = replay(log)
    assert result.error is None and not result.outcome.over and result.outcome.to_move


def test_a_log_replays_to_its_finished_result() -> None:
    text = (LOGS / "sixd-four-finished.json").read_text(encoding="utf-8")
    log = loads(text)
    assert dumps(log) == text  # written by referee.log, one move a line
    result = replay(log)
    assert result.error is None and result.outcome.over
    assert (result.outcome.scores, result.outcome.winners) == EXPECTED
    assert all(move.get("player") for move in log.moves)  # stamped, as the site stores them
