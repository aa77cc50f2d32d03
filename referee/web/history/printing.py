"""Printable PDFs served from the app: rule sheets, blank scorepads, filled scoresheets.

Each PDF is written in a language (docs/translating.md): the ``language`` its address names
(one of the offered languages), else the phone's.  The blank ones may be kept a day by any
cache, so their links carry the phone's language in their address once more than one
language is offered (``with_language``); every answer then varies with the phone's cookie
and ``Accept-Language`` besides.

A PDF takes 10-150 ms of CPU to build, so each one built is kept (``printouts``, bounded by
its bytes: ``PDF_CACHE_MB`` a worker) under what it was built from, its language included: a
rule sheet by game and paper, a scorepad by game, players and paper, a filled sheet by table,
version and paper (every move advances the version, so a move builds it anew).  Builds are
rate-limited per client (``PDF_LIMIT``); what is kept is served without counting.  Each PDF
carries an ETag (its bytes' digest), so a phone that has it gets a 304: the blank ones may be
kept a day by any cache, a table's sheet only by the phone, which asks again each time.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    has_request_context,
    render_template,
    request,
    url_for,
)

import printables
from referee.core.sentences import say
from referee.games import all_games
from referee.web.base.inputs import game_or_404, small_number
from referee.web.base.languages import language, offered
from referee.web.base.weighed import WeighedCache
from referee.web.guard.errors import error_page
from referee.web.guard.limits import pdf_build_allowed
from referee.web.storage.loading import load, table_or_404
from referee.web.storage.replays import MIB

bp = Blueprint("printing", __name__)
BLANK = {"printing.rules", "printing.scorepad"}  # the PDFs any cache may keep a day

BLANK_MAX_AGE = 24 * 60 * 60  # seconds any cache may keep a rule sheet or scorepad
ENTRY_BYTES = 512  # what a kept PDF weighs besides its bytes: its key, ETag and entry
TOO_MANY = say(
    "Too many printouts made for this phone just now: wait a minute and try again. "
    "Printouts made already still open."
)
RETRY_AFTER_SECONDS = 60


@dataclass(frozen=True)
class Printout:
    """A PDF as built, and its entity tag."""

    data: bytes
    etag: str


printouts: WeighedCache[Hashable, Printout] = WeighedCache(16 * MIB)


def printout(key: Hashable, build: Callable[[], bytes]) -> Printout | None:
    """The PDF kept under ``key``, else built by ``build`` and kept; None when this client
    may not have another one built just now (``PDF_LIMIT``)."""
    found = printouts.get(key)
    if found is not None:
        return found
    if not pdf_build_allowed():
        return None
    data = build()
    made = Printout(data, hashlib.sha256(data).hexdigest()[:32])
    printouts.put(key, made, ENTRY_BYTES + len(data))
    return made


def serve(
    key: Hashable, build: Callable[[], bytes], name: str, *, shared: bool
) -> Response | tuple[str, int]:
    """The PDF under ``key`` (kept or built) as a response, 304 when the phone has it; a
    sentence when the build is refused (``printables.PrintError``: 400; rate: 429).
    ``shared``: any cache may keep it a day; else only the phone, asking again each time."""
    try:
        made = printout(key, build)
    except printables.PrintError as exc:
        return error_page(400, exc.args[0])
    if made is None:
        page, status = error_page(429, TOO_MANY)
        return Response(page, status, {"Retry-After": str(RETRY_AFTER_SECONDS)})
    response = Response(made.data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{name}"'
    response.set_etag(made.etag)
    if shared:
        response.cache_control.public = True
        response.cache_control.max_age = BLANK_MAX_AGE
    else:
        response.cache_control.private = True
        response.cache_control.no_cache = True
    response.make_conditional(request)  # 304 when the phone has this very PDF
    return response


def _paper() -> str:
    return request.args.get("paper", "a4").lower()


def _language() -> str:
    """The language a PDF is written in: the one its address names when offered, else the
    phone's ("de", as Babel names it)."""
    named = request.args.get("language", "")
    return named if named in offered() else language().replace("-", "_")


@bp.url_defaults
def with_language(endpoint: str, values: dict[str, Any]) -> None:
    """A blank sheet's link names the phone's language once more than one is offered, so that
    a cache that keeps it a day keeps each language apart (English-only links stay as they
    were)."""
    if endpoint in BLANK and len(offered()) > 1 and has_request_context():
        values.setdefault("language", _language())


@bp.get("/print")
def index() -> str:
    """Pick a game's rule sheet or scorepad, the paper and the number of players.  Once more
    than one language is offered, the forms name the sheets' language (the one this page's
    address names, else the phone's) in a field of their own: a GET form's fields replace its
    action's query, ``with_language``'s included."""
    sheet_language = _language() if len(offered()) > 1 else None
    return render_template("printing/index.html", games=all_games(), sheet_language=sheet_language)


@bp.get("/print/<slug>/rules.pdf")
def rules(slug: str) -> Response | tuple[str, int]:
    """A game's rule sheet."""
    game, paper, lang = game_or_404(slug), _paper(), _language()
    return serve(
        ("rules", game.SLUG, paper, lang),
        lambda: printables.rule_sheet(game, paper, lang),
        f"{game.SLUG}-rules.pdf",
        shared=True,
    )


@bp.get("/print/<slug>/scorepad.pdf")
def scorepad(slug: str) -> Response | tuple[str, int]:
    """A blank scorepad for a number of players."""
    game, paper, lang = game_or_404(slug), _paper(), _language()
    players = small_number(request.args.get("players", "4"))
    if players is None:
        return error_page(400, say("Players must be a number from 1 to 8."))
    return serve(
        ("scorepad", game.SLUG, players, paper, lang),
        lambda: printables.scorepad(game, players, paper, language=lang),
        f"{game.SLUG}-scorepad.pdf",
        shared=True,
    )


def table_address(token: str) -> str:
    """The table's link as printed: the configured ``BASE_URL`` and the table's path.

    Never the request's Host header, which any client can set.
    """
    path = url_for("tables.play", token=token)
    return current_app.config["BASE_URL"].rstrip("/") + path


@bp.get("/t/<token:token>/sheet.pdf")
def sheet(token: str) -> Response | tuple[str, int]:
    """A table's scoresheet as it stands, with its date and address in the foot."""
    table = table_or_404(token)
    players, paper, lang = tuple(table.players), _paper(), _language()
    title_date = table.created_at.strftime("%Y-%m-%d %H:%M")
    address = table_address(token)
    return serve(
        ("sheet", token, table.version, players, title_date, address, paper, lang),
        lambda: printables.filled_sheet(
            load(table).replay,
            players=players,
            title_date=title_date,
            address=address,
            paper=paper,
            language=lang,
        ),
        f"table-{table.game}-scoresheet.pdf",
        shared=False,
    )
