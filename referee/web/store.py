"""Reading and writing tables as game logs; views and the CLI share these.

Nothing here commits except ``import_log`` (a whole new table at once);
the views commit their own changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select

from referee.log import GameLog, Replay, replay
from referee.web import summaries
from referee.web.extensions import db
from referee.web.models import GameTable, MoveRecord, utcnow


@dataclass(frozen=True)
class Loaded:
    """A stored table with its moves in order and the engine's replay of them."""

    table: GameTable
    moves: list[dict[str, Any]]
    replay: Replay

    @property
    def seq(self) -> int:
        """The number of stored moves: the sequence number the next move gets."""
        return len(self.moves)


def move_data(table_id: int) -> list[dict[str, Any]]:
    """The table's moves in order, read as plain data (no ORM objects: replays read 300+)."""
    query = select(MoveRecord.data).where(MoveRecord.table_id == table_id).order_by(MoveRecord.seq)
    return list(db.session.scalars(query))


def log_of(table: GameTable, moves: Sequence[dict[str, Any]] | None = None) -> GameLog:
    """The table as a referee-log/1 game log."""
    moves = move_data(table.id) if moves is None else moves
    return GameLog(table.game, tuple(table.players), dict(table.options), tuple(moves))


def load(table: GameTable) -> Loaded:
    """Read a table's moves and replay them."""
    moves = move_data(table.id)
    return Loaded(table, moves, replay(log_of(table, moves)))


def replay_table(table: GameTable) -> Replay:
    """The table's state: the engine's replay of its stored moves."""
    return load(table).replay


def new_table(game: str, players: Sequence[str], options: Mapping[str, int]) -> GameTable:
    """Add a table with no moves to the session (the caller commits)."""
    table = GameTable(game=game, players=list(players), options=dict(options))
    db.session.add(table)
    summaries.refresh(db.session, table, replay(GameLog(game, tuple(players), dict(options))), 0)
    return table


def append_moves(
    table: GameTable, start: int, moves: Sequence[dict[str, Any]], after: Replay
) -> None:
    """Add moves at sequence numbers ``start``, ``start + 1``... (the caller commits).

    Two phones posting the same ``start`` collide on the unique (table_id, seq) key.
    """
    for offset, move in enumerate(moves):
        db.session.add(MoveRecord(table_id=table.id, seq=start + offset, data=dict(move)))
    _touch(table, after)


def remove_last_move(table: GameTable, seq: int, after: Replay) -> None:
    """Delete the move at ``seq``, the table's last (the caller commits)."""
    db.session.execute(
        delete(MoveRecord).where(MoveRecord.table_id == table.id, MoveRecord.seq == seq)
    )
    _touch(table, after)


def _touch(table: GameTable, after: Replay) -> None:
    table.updated_at = utcnow()
    table.finished_at = table.updated_at if after.outcome.over else None
    summaries.refresh(db.session, table, after, after.moves_applied)


def import_log(log: GameLog) -> int:
    """Store a (replay-checked) log as a new table and return its id."""
    result = replay(log)
    table = new_table(log.game, log.players, log.options)
    db.session.flush()
    append_moves(table, 0, list(log.moves), result)
    db.session.commit()
    return table.id


def export_log(table_id: int) -> GameLog | None:
    """The stored table's log, or None when there is no such table."""
    table = db.session.get(GameTable, table_id)
    return None if table is None else log_of(table)


def table_count() -> int:
    """How many tables are stored."""
    return db.session.scalar(select(func.count()).select_from(GameTable)) or 0
