"""Tables: start one, play it move by move, undo, and export its log."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from referee.engine import RuleViolation, all_games, describe_move, get_game
from referee.log import dumps, replay
from referee.web.entry import NeedsConfirmation, confirm_fields, moves_from_form
from referee.web.extensions import db
from referee.web.forms import MoveForm, new_table_form
from referee.web.models import GameTable
from referee.web.store import (
    Loaded,
    append_moves,
    load,
    log_of,
    move_data,
    new_table,
    remove_last_move,
)

bp = Blueprint("tables", __name__)

STALE = (
    "This table moved on since your page was loaded (another phone, or a double tap): "
    "nothing was changed. Here is the table as it stands now."
)


def game_or_404(slug: str) -> Any:
    """The game module for ``slug``, or a 404 page."""
    try:
        return get_game(slug)
    except KeyError:
        abort(404)


@bp.get("/")
def index() -> str:
    """Home: the games to start and the most recent tables."""
    tables = db.session.scalars(
        select(GameTable).order_by(GameTable.updated_at.desc()).limit(20)
    ).all()
    return render_template("tables/index.html", games=all_games(), tables=tables, get_game=get_game)


@bp.get("/tables/new")
def choose_game() -> str:
    """Pick the game for a new table."""
    return render_template("tables/choose_game.html", games=all_games())


@bp.route("/tables/new/<slug>", methods=["GET", "POST"])
def create(slug: str) -> Any:
    """Seat the players and pick the options; the engine checks the seating."""
    game = game_or_404(slug)
    form = new_table_form(game)
    if form.validate_on_submit():
        table = new_table(game.SLUG, form.player_names(), form.option_values())
        db.session.commit()
        return redirect(url_for("tables.play", table_id=table.id))
    status = 422 if request.method == "POST" else 200
    return render_template("tables/new.html", game=game, form=form), status


@bp.get("/tables/<int:table_id>")
def play(table_id: int) -> str:
    """The turn screen of a table."""
    return render_play(load(db.get_or_404(GameTable, table_id)))


@bp.post("/tables/<int:table_id>/move")
def move(table_id: int) -> Any:
    """Apply the posted move if the rules allow it; else explain, keep the dice, change nothing."""
    loaded = load(db.get_or_404(GameTable, table_id))
    form = MoveForm()
    if not form.validate():
        return render_play(loaded, status=400, error="The move form was incomplete.")
    if form.seq.data != loaded.seq:
        return render_play(loaded, status=409, error=STALE)
    game, after = loaded.replay.game, loaded.replay
    try:
        moves = moves_from_form(game, after.state, request.form)
        for item in moves:
            warn = getattr(game, "warning", None)
            message = warn(after.state, item) if warn else None
            if message and not request.form.get("confirm"):
                raise NeedsConfirmation(message)
            after = after.apply(item)
    except RuleViolation as exc:
        return render_play(loaded, status=422, error=exc.message, entered=request.form)
    except NeedsConfirmation as exc:
        return render_play(loaded, status=422, error=str(exc), confirm=confirm_fields(request.form))
    append_moves(loaded.table, loaded.seq, moves, after)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        return render_play(load(db.get_or_404(GameTable, table_id)), status=409, error=STALE)
    return redirect(url_for("tables.play", table_id=table_id))


@bp.post("/tables/<int:table_id>/undo")
def undo(table_id: int) -> Any:
    """Take back the last move, once the player has confirmed which one."""
    table = db.get_or_404(GameTable, table_id)
    moves = move_data(table_id)  # only a refusal needs the full replay, for its page
    form = MoveForm()
    if not form.validate() or form.seq.data != len(moves):
        return render_play(load(table), status=409, error=STALE)
    if not moves:
        return render_play(load(table), status=422, error="There is nothing to undo.")
    undone = describe_move(moves[-1])
    after = replay(log_of(table, moves[:-1]))
    remove_last_move(table, len(moves) - 1, after)
    db.session.commit()
    flash(f"Undone: {undone}.")
    return redirect(url_for("tables.play", table_id=table_id))


@bp.get("/tables/<int:table_id>/log.json")
def export(table_id: int) -> Response:
    """The table's referee-log/1 file."""
    table = db.get_or_404(GameTable, table_id)
    return Response(
        dumps(log_of(table)),
        mimetype="application/json",
        headers={"Content-Disposition": f"attachment; filename=table-{table_id}.json"},
    )


def render_play(
    loaded: Loaded,
    *,
    status: int = 200,
    error: str | None = None,
    entered: Any = None,
    confirm: list[tuple[str, str]] | None = None,
) -> Any:
    """Render the game's turn screen for the table as replayed."""
    current = loaded.replay
    game = current.game
    page = render_template(
        [f"{game.SLUG}/play.html"],
        table=loaded.table,
        game=game,
        state=current.state,
        outcome=current.outcome,
        seq=loaded.seq,
        form=MoveForm(formdata=None),
        error=error,
        entered=entered or {},
        confirm=confirm,
        last_move=describe_move(loaded.moves[-1]) if loaded.moves else None,
        replay_error=current.error,
    )
    return page, status
