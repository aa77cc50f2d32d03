"""A database that answers but cannot write: read-only, or out of room.

The faults, on SQLite: the database file read-only, its folder read-only (SQLite cannot
open the ``-wal`` and ``-shm`` files it needs beside it), the disk full; on PostgreSQL: a
read-only transaction (``default_transaction_read_only``, or a server in recovery), the disk
under the database full.  Each is a 503 with a sentence that says what to fix (``fault_of``,
answered in ``errors``: the session is rolled back, nothing was changed).

A connection keeps what it found when it was opened: an SQLite connection opened while its
file was read-only stays read-only, a PostgreSQL session opened while its database was set
read-only stays so, after the fault is gone.  So a read-only fault is taken for a lost
connection (``watch``): the connection is thrown away with every pooled one opened before
it, and the request is tried once more on a fresh one (``guard.stale``) when it had
committed nothing.

The balancer's check asks whether the database can write (``write_fault``): on SQLite by
a rolled-back write on a connection of its own and the free room on the file's disk; on
PostgreSQL by the session's ``transaction_read_only`` (asked again on a fresh connection
before it is believed) and a temporary table made and rolled back, whose index writes a
page into the database's tablespace (no free room can be asked for from a client).  A
trial table that fitted is believed for ``TRIAL_SECONDS`` (a few catalogue writes each,
where the check is otherwise two quick questions), and forgotten at once when a write is
refused for a fault meanwhile.
"""

from __future__ import annotations

import os
import sqlite3
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

from referee.core.sentences import say

RETRY_AFTER_SECONDS = 30
ROOM = 1024 * 1024  # bytes an SQLite disk keeps free at least, or it is full
TRIAL_SECONDS = 5.0  # how long a PostgreSQL trial table that fitted is believed
_fitted_until: dict[str, float] = {}  # by database URL: when its last fitting trial expires


@dataclass(frozen=True)
class Fault:
    """What keeps the database from writing: ``page`` is the sentence a page shows,
    ``health`` the health check's."""

    page: str
    health: str


READ_ONLY = Fault(
    say(
        "The referee's database is read-only just now, so nothing was changed: what was stored "
        "before is safe. Whoever runs the referee must make it writable again: the database "
        "file and its folder, or the database server's read-only setting."
    ),
    "The database takes no changes: it is read-only.",
)
FULL = Fault(
    say(
        "The disk that holds the referee's database is full, so nothing was changed: what was "
        "stored before is safe. Whoever runs the referee must free some space on it."
    ),
    "The database takes no changes: its disk is full.",
)
# PostgreSQL's codes: a write in a read-only transaction; a disk full.
POSTGRESQL_FAULTS = {"25006": READ_ONLY, "53100": FULL}


def sqlite_fault(name: str | None) -> Fault | None:
    """The fault an SQLite error name (``SQLITE_READONLY_DIRECTORY``...) says, if any."""
    if name is None:
        return None
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN")):
        return READ_ONLY
    return FULL if name == "SQLITE_FULL" else None


def fault_of(exc: BaseException) -> Fault | None:
    """The fault ``exc`` (as SQLAlchemy raised it, or the driver's own) says keeps the
    database from writing, or None."""
    original = exc.orig if isinstance(exc, DBAPIError) else exc
    name = getattr(original, "sqlite_errorname", None)
    if name is not None:
        return sqlite_fault(name)
    return POSTGRESQL_FAULTS.get(getattr(original, "sqlstate", None) or "")


def watch(engine: Engine) -> None:
    """Have ``engine`` throw away a connection that found the database read-only, with
    every pooled one opened before it."""

    @event.listens_for(engine, "handle_error")
    def on_error(context: Any) -> None:
        fault = fault_of(context.original_exception)
        if fault is not None:
            _fitted_until.clear()  # the next check makes its trial table again
        if fault is READ_ONLY:
            context.is_disconnect = True  # SQLAlchemy invalidates it and the older ones


def write_fault(engine: Engine) -> Fault | None:
    """What keeps the database from writing now, or None when it can write (the database
    is asked; ``SQLAlchemyError`` or ``sqlite3.Error`` when it does not answer)."""
    if engine.dialect.name == "sqlite":
        return sqlite_write_fault(engine.url.database)
    return postgresql_write_fault(engine)


def sqlite_write_fault(database: str | None) -> Fault | None:
    """Whether the SQLite file ``database`` takes a write (one rolled back, on a connection
    of its own: a pooled one may have been opened read-only) and its disk has ``ROOM``."""
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    try:
        with closing(sqlite3.connect(f"{Path(database).absolute().as_uri()}?mode=rw", uri=True,
                                     timeout=0.1, isolation_level=None)) as connection:  # fmt: skip
            connection.execute("BEGIN IMMEDIATE")
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            connection.execute(f"PRAGMA user_version = {int(version)}")
            connection.execute("ROLLBACK")
    except sqlite3.OperationalError as exc:
        name = getattr(exc, "sqlite_errorname", None)
        fault = sqlite_fault(name)
        if fault is not None:
            return fault
        if name != "SQLITE_BUSY":  # busy: another connection is writing
            raise
    return FULL if free_room(Path(database).parent) < ROOM else None


def free_room(folder: Path) -> int:
    """Bytes this process may still write on ``folder``'s file system (root may use the
    blocks kept for it)."""
    found = os.statvfs(folder)
    blocks = found.f_bfree if os.geteuid() == 0 else found.f_bavail
    return blocks * found.f_frsize


READ_ONLY_NOW = text("SELECT current_setting('transaction_read_only') = 'on'")
# A text column has a TOAST table, whose index writes its first page as it is made: into
# the database's tablespace (temp_tablespaces unset), so a full disk refuses it (53100).
TRIAL_TABLE = text("CREATE TEMPORARY TABLE room_to_write (note text) ON COMMIT DROP")


def postgresql_write_fault(engine: Engine) -> Fault | None:
    """Whether PostgreSQL takes changes: its transactions are not read-only (asked on a
    pooled connection, then on a fresh one before it is believed) and a temporary table
    fits on its disk (made and rolled back, or one that fitted less than ``TRIAL_SECONDS``
    ago; a refusal that says neither, such as a role without the right to make one, tells
    nothing)."""
    for fresh in (False, True):
        with engine.connect() as connection:
            if not connection.scalar(READ_ONLY_NOW):
                break
            if fresh:
                return READ_ONLY
            connection.invalidate()  # it may have kept a setting since changed
    database = str(engine.url)
    if time.monotonic() < _fitted_until.get(database, 0.0):
        return None
    try:
        with engine.connect() as connection, connection.begin() as trial:
            connection.execute(TRIAL_TABLE)
            trial.rollback()
    except DBAPIError as exc:
        if getattr(exc.orig, "sqlstate", None) is None:  # no answer: not the trial's to say
            raise
        return fault_of(exc)
    _fitted_until[database] = time.monotonic() + TRIAL_SECONDS
    return None
