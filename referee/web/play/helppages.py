"""Help pages: each game's text (rules, scoring, example, rulings) as one shared page."""

from __future__ import annotations

from flask import Blueprint, render_template

from referee.core.dice import Die, parse_dice
from referee.games import all_games
from referee.web.base.inputs import game_or_404
from referee.web.base.languages import in_phone_language

bp = Blueprint("help", __name__, url_prefix="/games")


@bp.get("/")
def index() -> str:
    """Every game with a link to its help page."""
    return render_template("help/index.html", games=all_games())


@bp.get("/<slug>")
def game_help(slug: str) -> str:
    """One game's help page: its text in the phone's language."""
    game = game_or_404(slug)
    text = in_phone_language(game.TEXT)
    return render_template("help/page.html", game=game, text=text, as_dice=_as_dice)


def _as_dice(group: tuple[str, ...]) -> tuple[Die, ...]:
    return parse_dice(list(group))
