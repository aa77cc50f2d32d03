"""Keeping table links and join codes out of the logs.

A table's link is its key, so no log line may hold one: a token (32 hex digits, wherever it
appears: a path, a ``next=`` query, an SQL error's parameters) is cut to its first 4 digits
and an ellipsis, ``/t/3f2a…``; a join code, ``/j/<code>`` or ``?code=``, is dropped whole.
The same filter guards gunicorn's logs (``referee.serving.access_log``) and the app's own.  Only the
standard library here: gunicorn's master process loads it before any of the app.
"""

from __future__ import annotations

import logging
from re import IGNORECASE, Match, compile

SHOWN_DIGITS = 4  # of a token: enough to tell two tables apart in a log, far from a key
# Any run of 32 hex digits or more, not only after /t/: a phone's id is as long, and a link
# also travels percent-encoded in a query (``/house?next=%2Ft%2F…``) or quoted in an error.
TOKEN = compile(rf"([0-9a-f]{{{SHOWN_DIGITS}}})[0-9a-f]{{{32 - SHOWN_DIGITS},}}", IGNORECASE)
# A join code may be typed with a space ("/j/3f2a 91bc" once decoded): the rest of the path
# goes, up to its query or the quote that closes it in the access log (or the line's end).
JOIN_PATH = compile(r"(/j/)[^?#\"'\r\n]+")
JOIN_QUERY = compile(r"(?<![^\s?&\"'])(code=)[^\s&#\"']*")
# Libraries whose logs name a request: werkzeug's development server logs every request
# line, and Flask-Limiter a breached limit's key (a table's token for the per-table limit).
LIBRARY_LOGGERS = ("werkzeug", "flask-limiter")


def redact(text: str) -> str:
    """``text`` with every token cut to its first digits and every join code dropped."""
    text = TOKEN.sub(_shortened, text)
    text = JOIN_PATH.sub(r"\1…", text)
    return JOIN_QUERY.sub(r"\1…", text)


def _shortened(found: Match[str]) -> str:
    return found.group(1) + "…"


class RedactingFilter(logging.Filter):
    """A logging filter that redacts a record's message and its traceback in place."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record with its text redacted; never drops a record."""
        record.msg = redact(record.getMessage())
        record.args = ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def guard(logger: logging.Logger) -> None:
    """Redact every record ``logger`` itself makes (once, however often it is asked)."""
    if not any(isinstance(f, RedactingFilter) for f in logger.filters):
        logger.addFilter(RedactingFilter())


def guard_app_logs(app_logger: logging.Logger) -> None:
    """Guard the app's logger (an error names the request's path) and the libraries'."""
    guard(app_logger)
    for name in LIBRARY_LOGGERS:
        guard(logging.getLogger(name))
