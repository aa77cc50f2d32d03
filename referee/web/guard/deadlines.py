"""Every request's time limit (``REQUEST_TIME_LIMIT`` seconds, 10 by default; 0: none).

gunicorn's threaded workers never cut a busy thread short (its ``--timeout`` only restarts
a worker whose main loop stalls), so each request carries a deadline (``referee.web.base.deadline``)
that its long loops check: replaying a table's moves (``loading.replayed``), a table's story,
the odds.  Past it, the request stops where it checks and is answered 503 with a sentence
and a ``Retry-After``; it has changed nothing, as the checks all come before any write and
the session is rolled back.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g

from referee.web.base import deadline
from referee.web.base.extensions import db
from referee.web.guard.errors import error_page

RETRY_AFTER_SECONDS = 30
OUT_OF_TIME = (
    "This page took the referee too long to work out, so it stopped: nothing was changed. "
    "Try again in a little while."
)


def register(app: Flask) -> None:
    """Start each request's clock, stop it as the request ends, and answer one that ran out."""

    @app.before_request
    def start_the_clock() -> None:
        seconds = app.config["REQUEST_TIME_LIMIT"]
        if seconds > 0:
            g.deadline = deadline.limit(seconds)

    @app.teardown_request
    def stop_the_clock(_error: BaseException | None) -> None:
        token = g.pop("deadline", None)
        if token is not None:
            deadline.clear(token)

    @app.errorhandler(deadline.OutOfTime)
    def out_of_time(_error: deadline.OutOfTime) -> Any:
        db.session.rollback()
        page, status = error_page(503, OUT_OF_TIME)
        return page, status, {"Retry-After": str(RETRY_AFTER_SECONDS)}
