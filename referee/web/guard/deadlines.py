"""Every request's time limit (``REQUEST_TIME_LIMIT`` seconds, 10 by default; 0: none).

The server never cuts a busy thread short (gunicorn's ``--timeout`` only restarts a worker
whose main loop stalls), so each request carries a deadline (``referee.web.base.deadline``)
that its long loops check: replaying a table's moves (``loading.replayed``), a table's
story, the odds.  Work that checks nothing is stopped by the worker's watchdog
(``overtime``) once the deadline has passed, wherever it works in the pure code.  Either
way the request is answered 503 with a sentence and a ``Retry-After``; it has changed
nothing, as the checks all come before any write, the watchdog never stops a request that
has begun to commit, and the session is rolled back.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g, render_template
from sqlalchemy import event
from sqlalchemy.orm import Session

from referee.core.sentences import say
from referee.web.base import deadline
from referee.web.base.extensions import db
from referee.web.guard.overtime import WATCHDOG

RETRY_AFTER_SECONDS = 30
OUT_OF_TIME = say(
    "This page took the referee too long to work out, so it stopped: nothing was changed. "
    "Try again in a little while."
)


def _settle(_session: Session) -> None:
    """A commit begins: the request on this thread is past stopping."""
    WATCHDOG.settle()


def register(app: Flask) -> None:
    """Start each request's clock, stop it as the request ends, and answer one that ran out."""

    if not event.contains(Session, "before_commit", _settle):
        event.listen(Session, "before_commit", _settle)

    @app.before_request
    def start_the_clock() -> None:
        seconds = app.config["REQUEST_TIME_LIMIT"]
        if seconds > 0:
            g.deadline = deadline.limit(seconds)
            WATCHDOG.watch(seconds)

    @app.teardown_request
    def stop_the_clock(_error: BaseException | None) -> None:
        _lift()
        WATCHDOG.forget()

    @app.errorhandler(deadline.OutOfTime)
    def out_of_time(_error: deadline.OutOfTime) -> Any:
        return out_of_time_answer()


def _lift() -> None:
    """No time limit for the rest of this request."""
    token = g.pop("deadline", None)
    if token is not None:
        deadline.clear(token)


def out_of_time_answer(template: str = "errors/error.html", **context: Any) -> Any:
    """The answer to a request that ran out of time: its session rolled back, and a 503
    page (``template``, given ``context`` too) with the sentence and a ``Retry-After``.
    The page is worked out with no time limit left to stop it."""
    _lift()
    WATCHDOG.settle()
    db.session.rollback()
    page = render_template(template, status=503, message=OUT_OF_TIME, **context)
    return page, 503, {"Retry-After": str(RETRY_AFTER_SECONDS)}
