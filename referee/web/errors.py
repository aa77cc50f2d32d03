"""Error pages: a sentence for the player and a way back, never a stack trace."""

from __future__ import annotations

from flask import Flask, render_template
from flask_limiter.errors import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException

from referee.web.extensions import db

MESSAGES = {
    400: "That request did not make sense to the referee.",
    403: "This phone may not do that here; nothing was changed.",
    404: "There is nothing here: the table or page does not exist.",
    405: "That page cannot be used that way.",
    413: "That is too large for the referee: a file or form of at most 1 MB.",
    409: "Another phone changed the same thing at the same moment, and its change came "
    "first: nothing of yours was changed. Reload the page and try again.",
    429: "Too many changes from this phone or at this table just now: "
    "wait a minute and try again. Nothing was changed.",
}


def error_page(status: int, message: str) -> tuple[str, int]:
    """The error page with a sentence for the player."""
    return render_template("errors/error.html", status=status, message=message), status


def register(app: Flask) -> None:
    """Attach the handlers to ``app``."""

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError):
        message = (
            "This form was not sent from this page, or it has expired. "
            "Reload the page and enter the move again; nothing was changed."
        )
        return error_page(400, message)

    @app.errorhandler(RateLimitExceeded)
    def rate_limited(error: RateLimitExceeded):
        own = error.description if error.limit.error_message else None
        return error_page(429, own or MESSAGES[429])

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        status = error.code or 500
        own = error.description if error.description != type(error).description else None
        message = own or MESSAGES.get(status) or error.description or "Something went wrong."
        return error_page(status, message)

    @app.errorhandler(OperationalError)
    def lost_to_another_write(error: OperationalError):
        # Any write that lost a lock to another (a deadlock broken by PostgreSQL, SQLite
        # busy past its timeout) and was not answered by its own view: a 409, not a 500.
        from referee.web.store import is_conflict

        if not is_conflict(error):
            raise error  # a real fault: logged, and the 500 page
        db.session.rollback()
        return error_page(409, MESSAGES[409])

    @app.errorhandler(500)
    def server_error(error: Exception):
        db.session.rollback()
        message = "The referee tripped over something. Nothing you entered was lost."
        return error_page(500, message)
