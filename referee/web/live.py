"""A table kept live on every phone: a cheap poll that says whether the table moved, and the
big-screen view that a TV or tablet leaves open.

The poll's cursor is the table's ``version``, which every write advances (a move and an
undo alike).  A poll of an unchanged table reads that one number and answers 304 with no
body; only a change costs a replay, and that comes from the replays kept in memory.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Response, abort, jsonify, render_template, request
from sqlalchemy import select

from referee.web.extensions import db
from referee.web.models import GameTable
from referee.web.store import load
from referee.web.tables import table_or_404

bp = Blueprint("live", __name__)

CURSOR = re.compile(r"[0-9]{1,12}")
POLL_MS = 1500  # how often an open, visible page asks


def etag(version: int) -> str:
    """The poll's entity tag for a table version."""
    return f'"v{version}"'


def cursor(raw: str | None) -> int | None:
    """The version a poll says it has (``?v=``), None when it gives none; 400 when the
    cursor is not a plain number."""
    if raw is None:
        return None
    if not CURSOR.fullmatch(raw):
        abort(400, description="The poll's cursor v must be the version number the page has.")
    return int(raw)


@bp.get("/t/<token:token>/live")
def poll(token: str) -> Any:
    """304 while the table is at the version the page has (``?v=`` or If-None-Match); else
    the table's version, move count, ruling and whose turn it is, as JSON."""
    have = cursor(request.args.get("v"))
    version = db.session.scalar(select(GameTable.version).where(GameTable.token == token))
    if version is None:
        abort(404)
    tag = etag(version)
    if have == version or tag in request.headers.get("If-None-Match", ""):
        return Response(status=304, headers={"ETag": tag, "Cache-Control": "no-cache"})
    loaded = load(table_or_404(token))
    game, state = loaded.replay.game, loaded.replay.state
    outcome = loaded.replay.outcome
    response = jsonify(
        version=loaded.version,
        seq=loaded.seq,
        ruling=game.ruling(state),
        to_move=outcome.to_move,
        over=outcome.over,
        last=loaded.last_move,
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
