"""The database's time limits, and what a page says while the database is away.

A request's waits for PostgreSQL are bounded by ``DATABASE_TIMEOUT`` seconds (3 by
default): a connect waits at most that long (psycopg's ``connect_timeout``, at least 2 s;
for the command line too), and so does each wait of a request for an answer
(``bounded_connection``; the command line and migrations wait as long as they need).  A
server that hangs (stopped, or cut off while the network still acknowledges) costs a
request a few seconds, then its connection is closed and the pool opens new ones as they
are needed, one at a time while the server stays away (``Outage``).  A pooled connection is
not pinged before use (a page would pay a round trip for it): one that a restart of the
server closed fails its first statement, before any commit, and the request is tried once
more on a fresh connection (``stale``), so a restart costs no request anything.  A server
that refuses a connection, or closes one, answers at once: only one that leaves a request
without an answer in time (a hang) makes the others wait their turn.  On SQLite a write
waits SQLite's own five seconds for a lock another process holds.  A database that answers
but cannot write is ``unwritable``'s.

A database that does not answer, refuses connections, or stays locked is a 503 with a
sentence and a ``Retry-After`` (``is_unavailable``, answered in ``errors``: the session is
rolled back, nothing was changed); a write that lost to another at the same instant stays
a 409 (``is_conflict``).  The health checks ask with a shorter limit (``waiting_at_most``).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, g
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from referee.core.sentences import say
from referee.web.base.extensions import db
from referee.web.guard import stale, unwritable

DEFAULT_TIMEOUT = 3.0
PAUSE = 1.0  # seconds between two tries of a database found away
RETRY_AFTER_SECONDS = 5
AWAY = say(
    "The referee cannot reach its database just now, so nothing was changed. "
    "Try again in a moment: what was stored before is safe."
)
# PostgreSQL's classes of an outage: connection exceptions, too many connections, the
# server shutting down or not yet ready.
OUTAGE_CODES = ("08", "53300", "57P01", "57P02", "57P03")
SQLITE_HELD = ("SQLITE_BUSY", "SQLITE_LOCKED")

_limit: ContextVar[float | None] = ContextVar("database_wait", default=None)


def engine_options(url: str, seconds: float) -> dict[str, Any]:
    """SQLAlchemy's engine options for PostgreSQL at ``url``: a connect bounded by
    ``seconds``; a pooled connection is not pinged (``stale`` tries a request again).
    (SQLite keeps its own five seconds of waiting for a lock; a free pooled connection is
    waited for as long as the request lives: under a heavy moment every thread may want
    one at once.)"""
    if url.startswith("postgresql"):
        return {
            "connect_args": {"connect_timeout": max(2, math.ceil(seconds))},
        }
    return {}


@contextmanager
def waiting_at_most(seconds: float) -> Iterator[None]:
    """Within the block, this thread's (this context's) waits for PostgreSQL's answers last
    at most ``seconds`` each; outside any such block (the command line, a migration) they
    are not bounded."""
    token = _limit.set(seconds)
    try:
        yield
    finally:
        _limit.reset(token)


@dataclass
class Outage:
    """What one engine knows of its PostgreSQL hanging, so that a hung server holds one
    request at a time rather than every thread.  Once an exchange found it hung (no answer
    in time, to a connect or on a connection), the others are refused at once (``Away``)
    but for one at a time that tries it again (``trial``), at most every ``PAUSE`` seconds,
    until one gets an answer.  A refusal or a closed connection is no hang: it came at
    once, and each request finds out for itself (so that no request is refused once a
    restarted server is back)."""

    noticed: float | None = None  # when (time.monotonic) it was last found away
    trying: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    @contextmanager
    def trial(self, lost: Callable[[BaseException], bool]) -> Iterator[None]:
        """One exchange with the server, or ``Away`` at once while the server was found
        hung and it is not yet time to try again; ``lost(exc)`` tells an exception that
        says the server hangs from any other."""
        with self.lock:
            if self.noticed is not None:
                if self.trying or time.monotonic() - self.noticed < PAUSE:
                    raise Away("the database was found away a moment ago")
                self.trying = True
        away = False
        try:
            yield
        except BaseException as exc:
            away = lost(exc)
            raise
        finally:
            with self.lock:
                self.noticed = time.monotonic() if away else None
                self.trying = False


class Away(Exception):
    """Raised instead of waiting for a server another exchange is trying again."""


def bounded_connection(outage: Outage) -> Any:
    """psycopg's connection class whose waits for the server's answers are bounded by
    ``waiting_at_most`` (past the limit the connection is closed and ``OperationalError``
    raised, which SQLAlchemy takes for a lost connection) and whose connects and waits
    go through ``outage``."""
    import psycopg

    def lost(exc: BaseException) -> bool:
        """Whether ``exc`` says the server hangs: no answer in time, to a connect or to an
        exchange (a refused connect, a closed connection or an error the server answered
        with came at once)."""
        return isinstance(exc, psycopg.errors.ConnectionTimeout | psycopg.errors._WaitTimeout)

    class BoundedConnection(psycopg.Connection):  # type: ignore[type-arg]
        """A PostgreSQL connection that waits at most so long for each answer."""

        @classmethod
        def connect(cls, *args: Any, **kwargs: Any) -> Any:
            """psycopg's connect, refused at once while ``outage`` tries a server away."""
            try:
                with outage.trial(lost):
                    return super().connect(*args, **kwargs)
            except Away as exc:
                raise psycopg.OperationalError(str(exc)) from None

        def wait(self, gen: Any, interval: float = 0.1, timeout: float | None = None) -> Any:
            """psycopg's wait for one exchange with the server (``interval``: how often it
            wakes to look), bounded."""
            limit = min(filter(None, (_limit.get(), timeout)), default=None)
            try:
                with outage.trial(lost):
                    return super().wait(gen, interval, limit)
            except psycopg.errors._WaitTimeout:  # psycopg's own, raised past ``timeout``
                self.close()  # left mid-exchange: never to be used again
                raise psycopg.OperationalError(
                    f"the database did not answer within {limit:g} s"
                ) from None
            except Away as exc:
                self.close()
                raise psycopg.OperationalError(str(exc)) from None

    return BoundedConnection


def bound_waits(engine: Engine) -> None:
    """Have ``engine`` open its PostgreSQL connections as ``bounded_connection``s, sharing
    one ``Outage``."""
    if engine.dialect.name != "postgresql":
        return
    connection_class = bounded_connection(Outage())

    @event.listens_for(engine, "do_connect")
    def connect(_dialect: Any, _record: Any, cargs: Any, cparams: Any) -> Any:
        return connection_class.connect(*cargs, **cparams)


def is_unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` says the database is away (down, hung, restarting, or locked by
    another process past the timeout) rather than that the request did something wrong."""
    if isinstance(exc, PoolTimeout):
        return True
    if not isinstance(exc, DBAPIError):
        return False
    if exc.connection_invalidated:
        return True
    original = exc.orig
    name = getattr(original, "sqlite_errorname", None)
    if name is not None:
        return name in SQLITE_HELD
    if type(original).__module__.startswith("psycopg"):
        import psycopg

        code = getattr(original, "sqlstate", None)
        if code is None:  # said by psycopg itself: no connection, or no answer
            return isinstance(original, psycopg.OperationalError)
        return code.startswith(OUTAGE_CODES)
    return False


def register(app: Flask) -> None:
    """Bound each request's waits for ``app``'s database by ``DATABASE_TIMEOUT``, have a
    connection that found the database read-only thrown away (``unwritable``) and a view
    that met a stale connection run once more (``stale``)."""
    with app.app_context():
        bound_waits(db.engine)
        unwritable.watch(db.engine)
    stale.register(app)
    seconds = app.config["DATABASE_TIMEOUT"]

    @app.before_request
    def bound_this_request() -> None:
        g.database_wait = _limit.set(seconds)

    @app.teardown_request
    def unbound(_error: BaseException | None) -> None:
        token = g.pop("database_wait", None)
        if token is not None:
            _limit.reset(token)


# PostgreSQL's codes for a write that lost to another: serialization failure, deadlock,
# lock not available; SQLite's, for a write whose snapshot another write made stale.  (SQLite
# busy past its timeout is the database held by another process: ``outages``, a 503.)
CONFLICT_CODES = ("40001", "40P01", "55P03", "SQLITE_BUSY_SNAPSHOT")


def is_conflict(exc: DBAPIError) -> bool:
    """Whether the database refused a write because another one holds or changed the rows."""
    code = getattr(exc.orig, "sqlstate", None) or getattr(exc.orig, "sqlite_errorname", None)
    return code in CONFLICT_CODES
