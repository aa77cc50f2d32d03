"""Error pages: a sentence for the player and a way back, never a stack trace."""

from __future__ import annotations

from flask import Flask, render_template
from flask_limiter.errors import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException

from referee.core.sentences import say
from referee.web.base.extensions import db
from referee.web.guard import outages, unwritable

# Said (``say``), so that the error page shows each in the phone's language.
MESSAGES = {
    400: say("That request did not make sense to the referee."),
    403: say("This phone may not do that here; nothing was changed."),
    404: say("There is nothing here: the table or page does not exist."),
    405: say("That page cannot be used that way."),
    413: say("That is too large for the referee: a file or form of at most 1 MB."),
    409: say(
        "Another phone changed the same thing at the same moment, and its change came "
        "first: nothing of yours was changed. Reload the page and try again."
    ),
    429: say(
        "Too many posts from this phone just now: wait a minute and try again. Nothing was changed."
    ),
}
FORM_EXPIRED = say(
    "This form was not sent from this page, or it has expired. "
    "Reload the page and enter the move again; nothing was changed."
)
SOMETHING_WRONG = say("Something went wrong.")
TRIPPED = say("The referee tripped over something. Nothing you entered was lost.")


def error_page(status: int, message: str) -> tuple[str, int]:
    """The error page with a sentence for the player."""
    return render_template("errors/error.html", status=status, message=message), status


def own_headers(error: HTTPException) -> list[tuple[str, str]]:
    """The headers an HTTP error carries besides its body's type: a 405's ``Allow`` (the
    methods the page takes), a ``Retry-After`` given with a 503 or 429."""
    return [(name, value) for name, value in error.get_headers() if name != "Content-Type"]


def register(app: Flask) -> None:
    """Attach the handlers to ``app``."""

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError):
        return error_page(400, FORM_EXPIRED)

    @app.errorhandler(RateLimitExceeded)
    def rate_limited(error: RateLimitExceeded):
        own = error.description if error.limit.error_message else None
        return error_page(429, own or MESSAGES[429])

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        status = error.code or 500
        own = error.description if error.description != type(error).description else None
        message = own or MESSAGES.get(status) or error.description or SOMETHING_WRONG
        return (*error_page(status, message), own_headers(error))

    @app.errorhandler(DBAPIError)
    @app.errorhandler(PoolTimeout)
    def database_error(error: Exception):
        # The database answering but unable to write (read-only, its disk full): a 503
        # that says what to fix.  A write that lost a lock to another (a deadlock broken
        # by PostgreSQL) and was not answered by its own view: a 409.  The database away
        # (down, hung, restarting, locked by another process): a 503.  None of these: a
        # real fault, logged, the 500 page.
        fault = unwritable.fault_of(error)
        if fault is not None:
            db.session.rollback()
            app.logger.warning("The database cannot write: %s", error)
            page, status = error_page(503, fault.page)
            return page, status, {"Retry-After": str(unwritable.RETRY_AFTER_SECONDS)}
        if isinstance(error, DBAPIError) and outages.is_conflict(error):
            db.session.rollback()
            return error_page(409, MESSAGES[409])
        if not outages.is_unavailable(error):
            raise error
        db.session.rollback()
        app.logger.warning("The database is unavailable: %s", error)
        page, status = error_page(503, outages.AWAY)
        return page, status, {"Retry-After": str(outages.RETRY_AFTER_SECONDS)}

    @app.errorhandler(500)
    def server_error(error: Exception):
        db.session.rollback()
        return error_page(500, TRIPPED)
