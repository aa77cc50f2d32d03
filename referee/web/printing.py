"""Printable PDFs served from the app: rule sheets, blank scorepads, filled scoresheets."""

from __future__ import annotations

import io
from typing import Any

from flask import Blueprint, Response, abort, render_template, request, send_file, url_for

import printables
from referee.web.errors import error_page
from referee.web.extensions import db
from referee.web.models import GameTable
from referee.web.store import load
from referee.web.tables import game_or_404

bp = Blueprint("printing", __name__)


def _pdf(data: bytes, name: str) -> Response:
    return send_file(
        io.BytesIO(data), mimetype="application/pdf", download_name=name, as_attachment=False
    )


def _paper() -> str:
    return request.args.get("paper", "a4")


def _documented(slug: str) -> Any:
    game = game_or_404(slug)
    if not printables.has_documents(game):
        abort(404)
    return game


@bp.get("/print")
def index() -> str:
    """Pick a game's rule sheet or scorepad, the paper and the number of players."""
    return render_template("printing/index.html", games=printables.documented_games())


@bp.get("/print/<slug>/rules.pdf")
def rules(slug: str) -> Response | tuple[str, int]:
    """A game's rule sheet."""
    game = _documented(slug)
    try:
        return _pdf(printables.rule_sheet(game, _paper()), f"{slug}-rules.pdf")
    except printables.PrintError as exc:
        return error_page(400, str(exc))


@bp.get("/print/<slug>/scorepad.pdf")
def scorepad(slug: str) -> Response | tuple[str, int]:
    """A blank scorepad for a number of players."""
    game = _documented(slug)
    players = request.args.get("players", "4")
    if not players.isdigit():
        return error_page(400, f"Players must be a number from 1 to 8, not {players!r}.")
    try:
        return _pdf(printables.scorepad(game, int(players), _paper()), f"{slug}-scorepad.pdf")
    except printables.PrintError as exc:
        return error_page(400, str(exc))


@bp.get("/tables/<int:table_id>/sheet.pdf")
def sheet(table_id: int) -> Response | tuple[str, int]:
    """A table's scoresheet as it stands, with its date and address in the foot."""
    table = db.get_or_404(GameTable, table_id)
    if not printables.has_documents(table.game):
        abort(404)
    try:
        data = printables.filled_sheet(
            load(table).replay,
            players=table.players,
            title_date=table.created_at.strftime("%Y-%m-%d %H:%M"),
            address=url_for("tables.play", table_id=table_id, _external=True),
            paper=_paper(),
        )
    except printables.PrintError as exc:
        return error_page(400, str(exc))
    return _pdf(data, f"table-{table_id}-scoresheet.pdf")
