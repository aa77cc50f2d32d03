"""Reading and writing tables as game logs; views and the CLI share these.

Every write to a table is one transaction that starts by advancing the table's
``version`` from the value it was read at (``write``): of two writes that read
the same version, exactly one passes and the other is told ``TableMoved``,
on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError, OperationalError

from referee.engine import describe_move
from referee.log import GameLog, Replay, replay
from referee.web import summaries
from referee.web.extensions import db
from referee.web.models import GameTable, MoveRecord, utcnow
from referee.web.replays import replays

# PostgreSQL's codes for a write that lost to another: serialization failure, deadlock,
# lock not available.  SQLite says "database is locked" when its busy timeout runs out.
CONFLICT_CODES = ("40001", "40P01", "55P03")


class TableMoved(Exception):
    """Another write reached the table first; this one changed nothing."""


@dataclass(frozen=True)
class Loaded:
    """A stored table with its moves in order and the engine's replay of them."""

    table: GameTable
    moves: list[dict[str, Any]]
    replay: Replay
    version: int

    @property
    def seq(self) -> int:
        """The number of stored moves: the sequence number the next move gets."""
        return len(self.moves)

    @property
    def last_move(self) -> str | None:
        """The last stored move in words ("Bo's roll 2 2 3 3 4 6"), None before the first."""
        return describe_move(self.replay.game, self.moves[-1]) if self.moves else None


def move_data(table_id: int) -> list[dict[str, Any]]:
    """The table's moves in order, read as plain data (no ORM objects: replays read 300+)."""
    query = select(MoveRecord.data).where(MoveRecord.table_id == table_id).order_by(MoveRecord.seq)
    return list(db.session.scalars(query))


def log_of(table: GameTable, moves: Sequence[dict[str, Any]] | None = None) -> GameLog:
    """The table as a referee-log/1 game log."""
    moves = move_data(table.id) if moves is None else moves
    return GameLog(table.game, tuple(table.players), dict(table.options), tuple(moves))


def load(table: GameTable) -> Loaded:
    """A table's moves and their replay, noting the version they were read at: from the
    replays kept in memory when this version is kept, else read and replayed (and kept).

    The version is read before the moves: a write that lands in between makes the
    pair look older than it is, so a write based on it is refused, never misapplied.
    """
    version = table.version
    kept = replays.get(table.token, version)
    if kept is not None:
        return Loaded(table, list(kept.moves), kept.replay, version)
    moves = move_data(table.id)
    result = replay(log_of(table, moves))
    replays.put(table.token, version, moves, result)
    return Loaded(table, moves, result, version)


def table_by_token(token: str) -> GameTable | None:
    """The table behind a link's token, or None."""
    return db.session.scalar(select(GameTable).where(GameTable.token == token))


def replay_table(table: GameTable) -> Replay:
    """The table's state: the engine's replay of its stored moves."""
    return load(table).replay


def new_table(game: str, players: Sequence[str], options: Mapping[str, int]) -> GameTable:
    """Add a table with no moves to the session (the caller commits)."""
    table = GameTable(game=game, players=list(players), options=dict(options))
    db.session.add(table)
    summaries.refresh(db.session, table, replay(GameLog(game, tuple(players), dict(options))), 0)
    return table


def write(
    table: GameTable,
    version: int,
    change: Callable[[], None],
    result: tuple[Sequence[dict[str, Any]], Replay] | None = None,
) -> None:
    """Make ``change`` to a table read at ``version`` and commit it, or raise ``TableMoved``.
    ``result``: the table's moves and replay after the change, kept for the next read.

    The first statement advances the table's version from the one the moves were read
    at: on PostgreSQL it takes the row's lock, on SQLite the database's write lock, and
    its WHERE sees any write committed meanwhile, so a second write for the same
    version matches no row and nothing of it is stored.
    """
    claim = (
        update(GameTable)
        .where(GameTable.id == table.id, GameTable.version == version)
        .values(version=version + 1)
        .execution_options(synchronize_session=False)
    )
    try:
        if db.session.execute(claim).rowcount != 1:  # type: ignore[attr-defined]
            raise TableMoved
        change()
        db.session.commit()
        if result is not None:
            replays.put(table.token, version + 1, *result)
    except (TableMoved, IntegrityError):
        db.session.rollback()
        raise TableMoved from None
    except OperationalError as exc:
        db.session.rollback()
        if is_conflict(exc):
            raise TableMoved from None
        raise


def is_conflict(exc: OperationalError) -> bool:
    """Whether the database refused a write because another one holds or changed the rows."""
    code = getattr(exc.orig, "sqlstate", None)
    return code in CONFLICT_CODES or "database is locked" in str(exc.orig)


def append_moves(
    table: GameTable, start: int, moves: Sequence[dict[str, Any]], after: Replay
) -> None:
    """Add moves at sequence numbers ``start``, ``start + 1``... (inside ``write``)."""
    for offset, move in enumerate(moves):
        db.session.add(MoveRecord(table_id=table.id, seq=start + offset, data=dict(move)))
    _touch(table, after)


def remove_last_move(table: GameTable, seq: int, after: Replay) -> None:
    """Delete the move at ``seq``, the table's last (inside ``write``)."""
    db.session.execute(
        delete(MoveRecord).where(MoveRecord.table_id == table.id, MoveRecord.seq == seq)
    )
    _touch(table, after)


def _touch(table: GameTable, after: Replay) -> None:
    table.updated_at = utcnow()
    table.finished_at = table.updated_at if after.outcome.over else None
    summaries.refresh(db.session, table, after, after.moves_applied)


def import_log(log: GameLog) -> str:
    """Store a (replay-checked) log as a new table and return its token."""
    result = replay(log)
    table = new_table(log.game, log.players, log.options)
    db.session.flush()
    append_moves(table, 0, list(log.moves), result)
    db.session.commit()
    return table.token


def export_log(token: str) -> GameLog | None:
    """The stored table's log, or None when there is no such table."""
    table = table_by_token(token)
    return None if table is None else log_of(table)


def table_count() -> int:
    """How many tables are stored."""
    return db.session.scalar(select(func.count()).select_from(GameTable)) or 0
