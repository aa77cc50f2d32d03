"""How another phone joins a table: the QR code of its link, and its short join code.

The join code is the first 8 hex digits of the table's token, shown as "3f2a 91bc": no
column of its own, nothing to migrate.  It is a far weaker secret than the link (32 bits
against 128), so lookups are rate-limited per phone (``JOIN_LIMIT``); a code two tables
share finds neither, rather than guessing between them.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache
from typing import Any

import segno
from flask import Blueprint, Response, current_app, redirect, request, url_for
from sqlalchemy import select

from referee.core.sentences import say
from referee.web.base.extensions import db
from referee.web.base.models import GameTable
from referee.web.guard.errors import error_page
from referee.web.guard.limits import limiter
from referee.web.storage.loading import table_or_404

bp = Blueprint("joining", __name__)

JOIN_CODE_LENGTH = 8
JOIN_CODE = re.compile(rf"[0-9a-f]{{{JOIN_CODE_LENGTH}}}")
# Typed codes may carry spaces and dashes between the groups; anything longer is not a code.
SEPARATORS = re.compile(r"[\s-]+")
MAX_TYPED = 40
NO_SUCH_CODE = say(
    "No table has that join code. A join code is 8 letters and digits, like 3f2a\u00a091bc: "
    "open “Join this table” on a phone at the table to see it, or ask for the table's link."
)
TOO_MANY_CODES = say(
    "Too many join codes tried from this phone just now: wait a minute and try again."
)
QR_CACHE_SECONDS = 24 * 60 * 60  # a table's link never changes
QR_KEPT = 256  # codes kept drawn per worker (about 2 KB each; drawing one takes 4-9 ms)


def join_code(token: str) -> str:
    """The join code shown for a table: its token's first 8 hex digits in two groups."""
    half = JOIN_CODE_LENGTH // 2
    return f"{token[:half]} {token[half:JOIN_CODE_LENGTH]}"


def read_join_code(typed: str) -> str | None:
    """The token prefix a typed join code stands for (spaces, dashes and case forgiven),
    or None when it cannot be a join code (wrong length, not hex, control characters)."""
    if len(typed) > MAX_TYPED:
        return None
    code = SEPARATORS.sub("", typed).lower()
    return code if JOIN_CODE.fullmatch(code) else None


def table_by_join_code(typed: str) -> GameTable | None:
    """The one table whose token starts with the typed code, or None (no such table,
    a malformed code, or two tables sharing the code)."""
    prefix = read_join_code(typed)
    if prefix is None:
        return None
    # The prefix is plain hex, so LIKE needs no escaping; a house has thousands of tables
    # at most, which a scan reads in a millisecond, and this lookup is rate-limited.
    query = select(GameTable).where(GameTable.token.startswith(prefix)).limit(2)
    found = db.session.scalars(query).all()
    return found[0] if len(found) == 1 else None


@lru_cache(maxsize=QR_KEPT)
def qr_svg(text: str) -> str:
    """``text`` as a QR code in SVG: black modules on white, sized by the page (the most
    recently drawn ``QR_KEPT`` are kept: a phone reloads its table's code often)."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(
        buffer, kind="svg", border=4, xmldecl=False, omitsize=True, light="#fff"
    )
    return buffer.getvalue().decode()


def join_lookups() -> str:
    """Join codes one phone may try (``JOIN_LIMIT``)."""
    return str(current_app.config["JOIN_LIMIT"])


@bp.app_template_filter("join_code")
def join_code_filter(token: str) -> str:
    """Templates write ``table.token|join_code``."""
    return join_code(token)


@bp.get("/j")
@bp.get("/j/<code>")
@limiter.limit(join_lookups, error_message=TOO_MANY_CODES)
def join(code: str | None = None) -> Any:
    """Open the table a join code names (from the URL, or the home page's field)."""
    typed = request.args.get("code", "") if code is None else code
    table = table_by_join_code(typed)
    if table is None:
        return error_page(404, NO_SUCH_CODE)
    return redirect(url_for("tables.play", token=table.token), 303)


@bp.get("/t/<token:token>/qr.svg")
def qr_code(token: str) -> Response:
    """The QR code of the table's link, as the phone reached the app (its own host)."""
    table = table_or_404(token)
    link = url_for("tables.play", token=table.token, _external=True)
    response = Response(qr_svg(link), mimetype="image/svg+xml")
    # Private: the picture carries the table's link, which no shared cache may keep.
    response.cache_control.private = True
    response.cache_control.max_age = QR_CACHE_SECONDS
    response.add_etag()
    response.make_conditional(request)  # 304 when the phone already has it
    return response
