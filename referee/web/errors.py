"""Error pages: a sentence for the player and a way back, never a stack trace."""

from __future__ import annotations

from flask import Flask, render_template
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from referee.web.extensions import db

MESSAGES = {
    400: "That request did not make sense to the referee.",
    404: "There is nothing here: the table or page does not exist.",
    405: "That page cannot be used that way.",
    413: "That file is too large.",
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

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        status = error.code or 500
        message = MESSAGES.get(status) or error.description or "Something went wrong."
        return error_page(status, message)

    @app.errorhandler(500)
    def server_error(error: Exception):
        db.session.rollback()
        message = "The referee tripped over something. Nothing you entered was lost."
        return error_page(500, message)
