"""Printable PDFs served from the app: rule sheets, blank scorepads, filled scoresheets."""

from __future__ import annotations

import io

from flask import (
    Blueprint,
    Response,
    current_app,
    render_template,
    request,
    send_file,
    url_for,
)

import printables
from referee.games import all_games
from referee.web.errors import error_page
from referee.web.inputs import small_number
from referee.web.store import load
from referee.web.tables import game_or_404, table_or_404

bp = Blueprint("printing", __name__)


def _pdf(data: bytes, name: str) -> Response:
    return send_file(
        io.BytesIO(data), mimetype="application/pdf", download_name=name, as_attachment=False
    )


def _paper() -> str:
    return request.args.get("paper", "a4")


@bp.get("/print")
def index() -> str:
    """Pick a game's rule sheet or scorepad, the paper and the number of players."""
    return render_template("printing/index.html", games=all_games())


@bp.get("/print/<slug>/rules.pdf")
def rules(slug: str) -> Response | tuple[str, int]:
    """A game's rule sheet."""
    game = game_or_404(slug)
    try:
        return _pdf(printables.rule_sheet(game, _paper()), f"{slug}-rules.pdf")
    except printables.PrintError as exc:
        return error_page(400, str(exc))


@bp.get("/print/<slug>/scorepad.pdf")
def scorepad(slug: str) -> Response | tuple[str, int]:
    """A blank scorepad for a number of players."""
    game = game_or_404(slug)
    players = small_number(request.args.get("players", "4"))
    if players is None:
        return error_page(400, "Players must be a number from 1 to 8.")
    try:
        return _pdf(printables.scorepad(game, players, _paper()), f"{slug}-scorepad.pdf")
    except printables.PrintError as exc:
        return error_page(400, str(exc))


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
    try:
        data = printables.filled_sheet(
            load(table).replay,
            players=table.players,
            title_date=table.created_at.strftime("%Y-%m-%d %H:%M"),
            address=table_address(token),
            paper=_paper(),
        )
    except printables.PrintError as exc:
        return error_page(400, str(exc))
    return _pdf(data, f"table-{table.game}-scoresheet.pdf")
