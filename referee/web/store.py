"""Reading and writing tables as game logs; views and the CLI share these.

Nothing here commits except ``import_log`` (a whole new table at once);
the views commit their own changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func, select

from referee.log import GameLog, Replay, replay
from referee.web.extensions import db
from referee.web.models import GameTable, MoveRecord, utcnow


def log_of(table: GameTable) -> GameLog:
    """The table as a referee-log/1 game log."""
    return GameLog(
        table.game, tuple(table.players), dict(table.options), tuple(m.data for m in table.moves)
    )


def replay_table(table: GameTable) -> Replay:
    """The table's state: the engine's replay of its stored moves."""
    return replay(log_of(table))


def new_table(game: str, players: Sequence[str], options: Mapping[str, int]) -> GameTable:
    """Add a table with no moves to the session (the caller commits)."""
    table = GameTable(game=game, players=list(players), options=dict(options))
    db.session.add(table)
    return table


def append_moves(table: GameTable, moves: Sequence[dict[str, Any]], after: Replay) -> None:
    """Add moves after the table's last one and note the time (the caller commits)."""
    start = len(table.moves)
    for offset, move in enumerate(moves):
        db.session.add(MoveRecord(table=table, seq=start + offset, data=dict(move)))
    table.updated_at = utcnow()
    table.finished_at = table.updated_at if after.outcome.over else None


def remove_last_move(table: GameTable, after: Replay) -> None:
    """Delete the table's last move (the caller commits)."""
    last = table.moves[-1]
    table.moves.remove(last)
    db.session.delete(last)
    table.updated_at = utcnow()
    table.finished_at = table.updated_at if after.outcome.over else None


def import_log(log: GameLog) -> int:
    """Store a (replay-checked) log as a new table and return its id."""
    result = replay(log)
    table = new_table(log.game, log.players, log.options)
    append_moves(table, list(log.moves), result)
    db.session.commit()
    return table.id


def export_log(table_id: int) -> GameLog | None:
    """The stored table's log, or None when there is no such table."""
    table = db.session.get(GameTable, table_id)
    return None if table is None else log_of(table)


def table_count() -> int:
    """How many tables are stored."""
    return db.session.scalar(select(func.count()).select_from(GameTable)) or 0
