"""Players across tables: their figures, a dice check, and merging two names into one."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from sqlalchemy import case, func, select
from wtforms import SelectField

from referee.engine import PUSH_YOUR_LUCK, Game
from referee.games import all_games, get_game
from referee.web.access import house_only
from referee.web.extensions import db
from referee.web.inputs import has_control, plain_text, small_number
from referee.web.merges import MergeRefused, merge_players, merges_into, undo_merge
from referee.web.models import KEY_LENGTH, GameTable, Seat
from referee.web.stats import dice_check, longest_streak
from referee.web.summaries import canonical, dice_of

bp = Blueprint("players", __name__, url_prefix="/players")


@bp.before_request
@house_only
def _house_only() -> None:
    """Every player page is house-wide: it needs the house PIN."""
    key = (request.view_args or {}).get("key")
    if key is not None and (len(key) > KEY_LENGTH or has_control(key)):
        abort(404)


class MergeForm(FlaskForm):
    """Pick another name to count as this player from now on."""

    other = SelectField("Merge this name into the player", choices=[])


@bp.get("/")
def index() -> str:
    """Everyone who has played, most tables first."""
    rows = db.session.execute(
        select(
            Seat.player_key, func.max(Seat.name), func.count(), func.sum(Seat.won.cast(db.Integer))
        )
        .group_by(Seat.player_key)
        .order_by(func.count().desc(), Seat.player_key)
    ).all()
    return render_template("players/index.html", players=rows)


def _display_name(key: str) -> str | None:
    return db.session.scalar(
        select(Seat.name).where(Seat.player_key == key).order_by(Seat.table_id.desc()).limit(1)
    )


def _turn_figures(key: str, games: list[Game]) -> Any:
    """A player's (turns, points, best turn, busts) summed over their tables of ``games``."""
    return db.session.execute(
        select(
            func.sum(Seat.turns),
            func.sum(Seat.turn_points),
            func.max(Seat.best_turn),
            func.sum(Seat.busts),
        )
        .select_from(Seat)
        .join(GameTable, Seat.table_id == GameTable.id)
        .where(Seat.player_key == key, GameTable.game.in_([g.SLUG for g in games]))
    ).one()


@bp.get("/<key>")
def show(key: str) -> Any:
    """One player's games, wins, turns, busts, streak and dice check."""
    if (merged := canonical(db.session, key)) != key:
        return redirect(url_for("players.show", key=merged))
    name = _display_name(key)
    if name is None:
        abort(404)
    finished = GameTable.finished_at.is_not(None)
    per_game = db.session.execute(
        select(
            GameTable.game,
            func.count(),
            func.sum(case((finished, 1), else_=0)),
            func.sum(case((finished & Seat.won, 1), else_=0)),
        )
        .select_from(Seat)
        .join(GameTable, Seat.table_id == GameTable.id)
        .where(Seat.player_key == key)
        .group_by(GameTable.game)
        .order_by(GameTable.game)
    ).all()
    banking = [g for g in all_games() if g.KIND == PUSH_YOUR_LUCK]
    turns = _turn_figures(key, banking)
    by_word: dict[str, list[Game]] = {}
    for game in all_games():
        if game.KIND != PUSH_YOUR_LUCK:
            by_word.setdefault(game.TURN_WORD, []).append(game)
    scored = [(word, [g.TITLE for g in games], _turn_figures(key, games))
              for word, games in by_word.items()]  # fmt: skip
    dice = db.session.execute(
        select(
            *(
                func.coalesce(func.sum(getattr(Seat, f"d{v}")), 0).label(f"d{v}")
                for v in range(1, 7)
            )
        ).where(Seat.player_key == key)
    ).one()
    results = db.session.scalars(
        select(Seat.won)
        .select_from(Seat)
        .join(GameTable, Seat.table_id == GameTable.id)
        .where(Seat.player_key == key, finished)
        .order_by(GameTable.finished_at, GameTable.id)
    ).all()
    form = MergeForm()
    form.other.choices = [
        (k, n)
        for k, n in db.session.execute(
            select(Seat.player_key, func.max(Seat.name))
            .where(Seat.player_key != key)
            .group_by(Seat.player_key)
            .order_by(Seat.player_key)
        )
    ]
    played = sum(r[2] for r in per_game)
    won = sum(r[3] for r in per_game)
    return render_template(
        "players/show.html",
        key=key,
        name=name,
        per_game=per_game,
        get_game=get_game,
        played=played,
        won=won,
        turns=turns,
        banking_titles=[g.TITLE for g in banking],
        scored=[entry for entry in scored if entry[2][0]],
        streak=longest_streak(results),
        check=dice_check(dice_of(dice)),
        form=form,
        merges=merges_into(key),
    )


@bp.post("/<key>/merge")
def merge(key: str) -> Any:
    """Count another name's tables as this player's, now and for tables to come."""
    form = MergeForm()
    other = plain_text(request.form.get("other"), KEY_LENGTH) or ""
    form.other.choices = [(other, other)]
    exists = db.session.scalar(select(func.count()).where(Seat.player_key == other))
    if not form.validate() or other == key or not exists or _display_name(key) is None:
        if _display_name(key) is None:
            abort(404)
        flash("Pick another player's name to merge; nothing was changed.")
        return show(key), 422
    merge_players(other, key)
    db.session.commit()
    flash(f"Merged: tables played as “{other}” now count for this player. It can be undone below.")
    return redirect(url_for("players.show", key=key))


@bp.post("/<key>/split")
def split(key: str) -> Any:
    """Undo a merge into this player: the other name counts as itself again."""
    merge_id = small_number(request.form.get("merge"))
    try:
        record = undo_merge(merge_id if merge_id is not None else -1)
    except MergeRefused as exc:
        db.session.rollback()
        flash(str(exc))
        return redirect(url_for("players.show", key=key))
    db.session.commit()
    flash(f"Split back: “{record.source}” counts as a player of their own again.")
    return redirect(url_for("players.show", key=key))
