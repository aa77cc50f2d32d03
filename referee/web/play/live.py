"""A table kept live on every phone: a cheap poll that says whether the table moved, and the
big-screen view that a TV or tablet leaves open.

The poll's cursor is the table's ``version``, which every write advances (a move and an
undo alike).  A poll of an unchanged table reads that one number and answers 304 with no
body; only a change costs a replay, and that comes from the replays kept in memory.

Every open page asks every 1.5 s, so the unchanged answer is the app's most frequent
request: ``UnchangedPolls`` gives it in front of Flask, with one indexed read and no
session, form or template.  Whatever it does not answer (a change, a bad cursor, an
unknown table, a HEAD) goes on to the ``poll`` view, which has the last word.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from flask import Blueprint, Flask, Response, abort, jsonify, render_template, request
from sqlalchemy import bindparam, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from referee.core.sentences import say
from referee.web.access.seats import held_seats
from referee.web.base.extensions import db
from referee.web.base.languages import spoken
from referee.web.base.models import GameTable
from referee.web.guard.security import HEADERS
from referee.web.storage.loading import load, read_alone, table_or_404

bp = Blueprint("live", __name__)

CURSOR = re.compile(r"[0-9]{1,12}")
POLL_PATH = re.compile(r"/t/([0-9a-f]{32})/live")
POLL_QUERY = re.compile(r"v=([0-9]{1,12})")
POLL_MS = 1500  # how often an open, visible page asks
TABLES = GameTable.__table__
# Built once: building a statement costs more than SQLite takes to run it.
VERSION_OF_TABLE = select(TABLES.c.version).where(TABLES.c.token == bindparam("token"))


def etag(version: int) -> str:
    """The poll's entity tag for a table version."""
    return f'"v{version}"'


def cursor(raw: str | None) -> int | None:
    """The version a poll says it has (``?v=``), None when it gives none; 400 when the
    cursor is not a plain number."""
    if raw is None:
        return None
    if not CURSOR.fullmatch(raw):
        abort(400, description=say("The poll's cursor v must be the version number the page has."))
    return int(raw)


@bp.get("/t/<token:token>/live")
def poll(token: str) -> Any:
    """304 while the table is at the version the page has (``?v=`` or If-None-Match); else
    the table's version, move count, ruling and whose turn it is, the last move in words,
    whether it shows the odds and the seats phones hold, as JSON: the page says from
    these what changed (a move, an undo, the odds switched, a seat taken or left)."""
    have = cursor(request.args.get("v"))
    version = db.session.scalar(VERSION_OF_TABLE, {"token": token})
    if version is None:
        abort(404)
    tag = etag(version)
    if have == version or tag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers=unchanged_headers(tag))
    loaded = load(table_or_404(token))
    game, state = loaded.replay.game, loaded.replay.state
    outcome, last = loaded.replay.outcome, loaded.last_move
    response = jsonify(
        version=loaded.version,
        seq=loaded.seq,
        ruling=spoken(game.ruling(state)),  # in this phone's language
        to_move=outcome.to_move,
        over=outcome.over,
        last=None if last is None else spoken(last),  # in this phone's language too
        odds=loaded.table.show_odds,
        seated=held_seats(loaded.table),
    )
    response.headers["ETag"] = etag(loaded.version)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/t/<token:token>/screen")
def screen(token: str) -> str:
    """The table in large type for a TV or tablet: scores, whose turn, the last move and
    the ruling, kept live by the same poll."""
    loaded = load(table_or_404(token))
    current = loaded.replay
    game = current.game
    return render_template(
        "tables/screen.html",
        table=loaded.table,
        game=game,
        state=current.state,
        outcome=current.outcome,
        version=loaded.version,
        last_move=loaded.last_move,
    )


class UnchangedPolls:
    """WSGI middleware: the 304 for a poll of an unchanged table (``GET /t/<token>/live?v=N``
    where N is the stored version), answered with the same headers as the ``poll`` view
    without entering Flask; every other request goes on to the app."""

    def __init__(self, wsgi_app: Callable[..., Iterable[bytes]], engine: Engine) -> None:
        self.wsgi_app = wsgi_app
        self.engine = engine

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        """Answer an unchanged poll here; hand anything else to the app."""
        if environ.get("REQUEST_METHOD") == "GET":
            path = POLL_PATH.fullmatch(environ.get("PATH_INFO", ""))
            query = POLL_QUERY.fullmatch(environ.get("QUERY_STRING", ""))
            if path and query and self.version(path[1]) == int(query[1]):
                tag = etag(int(query[1]))
                start_response("304 NOT MODIFIED", unchanged_headers(tag))
                return []
        return self.wsgi_app(environ, start_response)

    def version(self, token: str) -> int | None:
        """The table's stored version, or None when there is no such table or the database
        did not say (the app answers then, with what the database did say)."""
        try:
            rows = read_alone(self.engine, VERSION_OF_TABLE, {"token": token})
            return rows[0][0] if rows else None
        except SQLAlchemyError:
            return None


def unchanged_headers(tag: str) -> list[tuple[str, str]]:
    """The headers of a 304: the entity tag, no caching without asking, and the app's own."""
    return [("ETag", tag), ("Cache-Control", "no-cache"), *HEADERS.items()]


def answer_unchanged_polls(app: Flask) -> None:
    """Put ``UnchangedPolls`` in front of the app, reading the app's database."""
    with app.app_context():
        engine = db.engine
    app.wsgi_app = UnchangedPolls(app.wsgi_app, engine)  # type: ignore[method-assign]
