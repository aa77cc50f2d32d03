"""The stored tables: each table's setup and its ordered moves.

The game state is never stored: it is the engine's replay of the moves.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from referee.web.extensions import db


def utcnow() -> datetime:
    """The current time in UTC (naive, as SQLite stores it)."""
    return datetime.now(UTC).replace(tzinfo=None)


class GameTable(db.Model):  # type: ignore[name-defined]
    """One table: a game with its players and options, and the moves played on it."""

    __tablename__ = "game_table"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(20), index=True)
    players: Mapped[list[str]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)
    moves: Mapped[list[MoveRecord]] = relationship(
        back_populates="table",
        order_by="MoveRecord.seq",
        cascade="all, delete-orphan",
    )


class MoveRecord(db.Model):  # type: ignore[name-defined]
    """One move of a table, at position ``seq`` (0, 1, 2, ...)."""

    __tablename__ = "move"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_move_table_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    table: Mapped[GameTable] = relationship(back_populates="moves")
