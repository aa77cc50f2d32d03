"""One schema upgrade at a time on a shared PostgreSQL, so servers started together migrate
once.

``flask db upgrade`` (Alembic's ``env.py``) holds a PostgreSQL advisory lock from before it
reads the database's revision until it is done: a second server's upgrade waits for the
first, then finds the schema at the head and does nothing.  SQLite needs none: it serves
one machine, and its file lock already lets one upgrade write at a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import text
from sqlalchemy.engine import Connection

# Any 64-bit number, the same for every server of this app and no other use of the database.
UPGRADE_LOCK = 2_028_000_001


@contextmanager
def one_upgrade_at_a_time(connection: Connection) -> Iterator[None]:
    """Hold the upgrade lock on ``connection`` (PostgreSQL; nothing elsewhere), waiting for
    it as long as another server holds it.  The lock belongs to the connection's session,
    not to a transaction, so the migrations' own transaction runs inside it."""
    if connection.dialect.name != "postgresql":
        yield
        return
    connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": UPGRADE_LOCK})
    connection.commit()
    try:
        yield
    finally:
        if not connection.invalidated:  # a connection that broke took the lock with it
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": UPGRADE_LOCK})
            connection.commit()
