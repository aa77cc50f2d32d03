"""The stored tables: each table's setup and its ordered moves.

The game state is never stored: it is the engine's replay of the moves.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from referee.core.names import KEY_LENGTH
from referee.web.base.extensions import db


def utcnow() -> datetime:
    """The current time in UTC (naive, as SQLite stores it)."""
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    """An unguessable table token: 128 random bits as 32 hex digits."""
    return secrets.token_hex(16)


class TableFacts(Protocol):
    """What a table's row says, read only: a ``GameTable``, or the row of a read that
    skips the ORM (a table page only reads, and the ORM's bookkeeping is a tenth of it)."""

    @property
    def id(self) -> int: ...
    @property
    def token(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def game(self) -> str: ...
    @property
    def players(self) -> list[str]: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def finished_at(self) -> datetime | None: ...
    @property
    def show_odds(self) -> bool: ...
    @property
    def settings(self) -> dict[str, str]: ...
    @property
    def rematch(self) -> str | None: ...


class GameTable(db.Model):  # type: ignore[name-defined]
    """One table: a game with its players and options, and the moves played on it."""

    __tablename__ = "game_table"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # The table's capability: whoever has the link /t/<token> may play at the table.
    token: Mapped[str] = mapped_column(
        String(32), index=True, unique=True, nullable=True, default=new_token
    )
    # Advanced by every write (move, undo, import) in the same statement that checks it.
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    game: Mapped[str] = mapped_column(String(20), index=True)
    players: Mapped[list[str]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(default=None)
    # Cached from the replay on every write, so lists never replay 10,000 tables.
    move_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    winners: Mapped[list[str]] = mapped_column(JSON, default=list, server_default="[]")
    # A table setting, not a rule: whether the turn screen shows the odds (never in the log).
    show_odds: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The table's settings by name (the game's ``TABLE_SETTINGS``: how the table is kept,
    # never a rule, never in the log); one missing is at its default (``table_settings``).
    settings: Mapped[dict[str, str]] = mapped_column(JSON, default=dict, server_default="{}")
    # The token of the table that plays this finished one again ("Play again"), set once.
    rematch: Mapped[str | None] = mapped_column(String(32), default=None)
    seats: Mapped[list[Seat]] = relationship(
        back_populates="table", order_by="Seat.seat", cascade="all, delete-orphan"
    )
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
    # Whether the table showed the odds when the move was made: a move against the advice
    # is flagged only then.  None: not known (imported, or stored before this was kept).
    odds_shown: Mapped[bool | None] = mapped_column(Boolean, default=None)
    # The page the move was posted from (its ``page`` field): a second post from the same
    # page for the same moves is that phone's own repeat.  None: not posted from a page.
    page: Mapped[str | None] = mapped_column(String(32), default=None)
    table: Mapped[GameTable] = relationship(back_populates="moves")


class Seat(db.Model):  # type: ignore[name-defined]
    """One player at one table, with that player's figures as of the table's last move.

    ``player_key`` matches players across tables (the name folded to lower case,
    or the name it was merged into).  The ``dN`` columns count the die values
    the player entered.
    """

    __tablename__ = "seat"
    __table_args__ = (
        UniqueConstraint("table_id", "seat", name="uq_seat_table_seat"),
        Index("ix_seat_player_key_table", "player_key", "table_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_table.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(30))
    player_key: Mapped[str] = mapped_column(String(KEY_LENGTH))
    score: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[bool] = mapped_column(Boolean, default=False)
    turns: Mapped[int] = mapped_column(Integer, default=0)
    busts: Mapped[int] = mapped_column(Integer, default=0)
    best_turn: Mapped[int | None] = mapped_column(Integer, default=None)
    turn_points: Mapped[int] = mapped_column(Integer, default=0)
    d1: Mapped[int] = mapped_column(Integer, default=0)
    d2: Mapped[int] = mapped_column(Integer, default=0)
    d3: Mapped[int] = mapped_column(Integer, default=0)
    d4: Mapped[int] = mapped_column(Integer, default=0)
    d5: Mapped[int] = mapped_column(Integer, default=0)
    d6: Mapped[int] = mapped_column(Integer, default=0)
    advice_version: Mapped[int | None] = mapped_column(Integer, default=None)
    advice_decisions: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    advice_followed: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    advice_given_up: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    table: Mapped[GameTable] = relationship(back_populates="seats")


class TableJudgement(db.Model):  # type: ignore[name-defined]
    """A table's decisions judged against the advice, stored once
    (``referee.web.storage.judgements``): the leading ``moves`` judged, digests of them (``marks``:
    [moves, hex digest] pairs) to tell which judgements still hold after an undo, and the
    ``decisions`` found among them."""

    __tablename__ = "table_judgement"

    table_id: Mapped[int] = mapped_column(
        ForeignKey("game_table.id", ondelete="CASCADE"), primary_key=True
    )
    moves: Mapped[int] = mapped_column(Integer)
    marks: Mapped[list[Any]] = mapped_column(JSON)
    decisions: Mapped[list[Any]] = mapped_column(JSON)


class Player(db.Model):  # type: ignore[name-defined]
    """A player key's row, which merges and splits lock (in key order) before they read or
    change anything about that player; made the first time a key is locked."""

    __tablename__ = "player"

    key: Mapped[str] = mapped_column(String(KEY_LENGTH), primary_key=True)


class PlayerAlias(db.Model):  # type: ignore[name-defined]
    """A player key merged into another: ``key`` now counts as ``canonical``."""

    __tablename__ = "player_alias"

    key: Mapped[str] = mapped_column(String(KEY_LENGTH), primary_key=True)
    canonical: Mapped[str] = mapped_column(String(KEY_LENGTH), index=True)


class PlayerMerge(db.Model):  # type: ignore[name-defined]
    """One merge of a player key into another, kept so that it can be undone.

    ``repointed`` lists the alias keys that counted as ``source`` before the merge.
    """

    __tablename__ = "player_merge"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    source: Mapped[str] = mapped_column(String(KEY_LENGTH))
    target: Mapped[str] = mapped_column(String(KEY_LENGTH), index=True)
    repointed: Mapped[list[str]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    undone_at: Mapped[datetime | None] = mapped_column(default=None)


class SeatClaim(db.Model):  # type: ignore[name-defined]
    """A phone that said "I am this player" at a table: one phone per seat and one seat per
    phone at most, both kept by the database.

    ``phone`` is the random id kept in that phone's sealed session cookie.
    """

    __tablename__ = "seat_claim"
    __table_args__ = (
        UniqueConstraint("table_id", "seat", name="uq_seat_claim_table_seat"),
        Index("uq_seat_claim_table_phone", "table_id", "phone", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(
        ForeignKey("game_table.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    phone: Mapped[str] = mapped_column(String(32))
    claimed_at: Mapped[datetime] = mapped_column(default=utcnow)


class HouseGrant(db.Model):  # type: ignore[name-defined]
    """A phone that entered the house PIN.

    Its session cookie holds a random grant id, this row only the id's SHA-256 (``digest``)
    and the fingerprint of the PIN it was entered with.  Forgetting the PIN on the phone
    deletes the row, so a copy of its cookie taken before no longer opens the house; a new
    PIN matches no row, so changing it forgets every phone.
    """

    __tablename__ = "house_grant"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    pin: Mapped[str] = mapped_column(String(64))
    granted_at: Mapped[datetime] = mapped_column(default=utcnow)
