"""What every game's example logs in ``seeds/`` must do: the game in progress replays to a
player to move, and the finished game, written as ``referee.log`` writes it (one move a
line, every move naming its player, as the site stores them), to its scores and winners.
Each game's ``test_logs.py`` names its own seeds' result."""

from __future__ import annotations

from pathlib import Path

from referee.log import dumps, loads, replay

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def check_in_progress(slug: str) -> None:
    """``<slug>-in-progress.json`` replays, with a player to move."""
    result = replay(loads((SEEDS / f"{slug}-in-progress.json").read_text()))
    assert result.error is None and not result.outcome.over and result.outcome.to_move


def check_finished(slug: str, scores: dict[str, int], winners: list[str]) -> None:
    """``<slug>-finished.json`` is as ``referee.log`` writes it and replays to ``scores``
    and ``winners``, every move stamped with its player."""
    text = (SEEDS / f"{slug}-finished.json").read_text(encoding="utf-8")
    log = loads(text)
    assert dumps(log) == text  # written by referee.log, one move a line
    result = replay(log)
    assert result.error is None and result.outcome.over
    assert (result.outcome.scores, result.outcome.winners) == (scores, winners)
    assert all(move.get("player") for move in log.moves)  # stamped, as the site stores them
