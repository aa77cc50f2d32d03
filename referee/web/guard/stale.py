"""A request that met a stale connection is tried once more, on a fresh one.

A pooled connection is not pinged before use (``outages.engine_options``: a page would pay
a round trip for it), so one that a restart of PostgreSQL closed fails its request's first
statement; one may also go stale while a request uses it (PostgreSQL restarted meanwhile),
and one may have kept a fault that is gone since (``unwritable``: opened read-only).
SQLAlchemy then throws it away, with every pooled connection opened before it
(``connection_invalidated`` on the error), and the request's view runs once more on a
fresh connection, so that no phone is told the database is away while it answers.

Only a request that has committed nothing is tried again: what it wrote before the
connection was lost was never committed, and the database rolled it back, so the second
try starts from what is stored (a move is judged again on the table as it stands, and
its claim of the table's version is made again).  A request whose commit was sent is
never tried again: the commit may have landed.  The view alone runs again: the request's
checks before it (its rate limits, its deadline) were made once.

What a request reads before its view (the player pages' guard asking for the phone's
house grant) and the balancer's check are read once more in the same way
(``once_more_if_stale``).

A connection lost after the view answered (the request's session, closed as the request
ends, rolls back on it) costs the answer nothing: the database has rolled back whatever
was left open on it, and the session is let go (``let_go``) rather than the answer turned
into an error.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import Flask
from sqlalchemy import event
from sqlalchemy.exc import DBAPIError

from referee.web.base.extensions import db

T = TypeVar("T")


@dataclass
class Attempt:
    """One run of a view: whether it sent a commit."""

    committed: bool = False


_attempt: ContextVar[Attempt | None] = ContextVar("database_attempt", default=None)


def found_stale(exc: BaseException) -> bool:
    """Whether ``exc`` says its connection was found stale and thrown away (with every
    pooled one opened before it), so that a fresh one may be tried."""
    return isinstance(exc, DBAPIError) and exc.connection_invalidated


def once_more_if_stale(read: Callable[[], T]) -> T:
    """``read``'s answer, ``read`` run once more on a fresh connection when it met a stale
    one outside a view (a blueprint's guard before it, the balancer's check), which the
    view's own retry does not cover; ``read`` writes nothing, as it is run again whole.
    Within a view the error goes on to the view's retry, which runs the whole view again:
    what the view wrote before on the lost connection is gone with it."""
    try:
        return read()
    except DBAPIError as exc:
        if not found_stale(exc) or _attempt.get() is not None:
            raise
        db.session.rollback()
        return read()


def tried_again(exc: BaseException, attempt: Attempt) -> bool:
    """Whether a view that raised ``exc`` may run once more: its connection was found
    stale and thrown away, and it had sent no commit."""
    return found_stale(exc) and not attempt.committed


def register(app: Flask) -> None:
    """Have ``app`` run a view once more when it met a stale connection before any commit,
    and let a connection lost as the request ends go quietly."""
    with app.app_context():
        engine = db.engine

    @event.listens_for(engine, "commit")
    def note_commit(_connection: Any) -> None:
        attempt = _attempt.get()
        if attempt is not None:
            attempt.committed = True

    @app.teardown_appcontext  # before Flask-SQLAlchemy's own, registered earlier
    def let_go(_error: BaseException | None) -> None:
        """Close the request's session; a connection found lost meanwhile is let go."""
        try:
            db.session.remove()
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            db.session.registry.clear()
            app.logger.warning(
                "A stale database connection, let go as the request ended: %s", exc.orig
            )

    dispatch: Callable[[], Any] = app.dispatch_request

    def dispatch_request() -> Any:
        """The view's answer, the view run once more on a fresh connection when the first
        run met a stale one before it committed anything."""
        attempt = Attempt()
        token = _attempt.set(attempt)
        try:
            try:
                return dispatch()
            except DBAPIError as exc:
                if not tried_again(exc, attempt):
                    raise
                db.session.rollback()
                app.logger.warning(
                    "A stale database connection; tried again on a fresh one: %s", exc.orig
                )
                return dispatch()
        finally:
            _attempt.reset(token)

    app.dispatch_request = dispatch_request  # type: ignore[method-assign]
