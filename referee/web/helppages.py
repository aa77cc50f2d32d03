"""Help pages: each game's rules and the referee's rulings, in the project's own words."""

from __future__ import annotations

from flask import Blueprint, render_template

from referee.games import all_games
from referee.web.tables import game_or_404

bp = Blueprint("help", __name__, url_prefix="/games")


@bp.get("/")
def index() -> str:
    """Every game with a link to its help page."""
    return render_template("help/index.html", games=all_games())


@bp.get("/<slug>")
def game_help(slug: str) -> str:
    """One game's help page."""
    game = game_or_404(slug)
    return render_template(f"help/{game.SLUG}.html", game=game)
