"""Tables: start one, play it move by move, undo, play again, delete, and export its log."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext
from sqlalchemy import select

from referee.core.engine import SetupError
from referee.core.moves import check_players, resolve_options
from referee.core.sentences import said_by, say
from referee.games import all_games, get_game
from referee.log import dumps
from referee.web.access.rights import (
    check_can_change,
    grace_over,
    house_only,
    is_house,
    load_to_change,
    remember,
    remembered,
)
from referee.web.access.seats import answered, phone_id, seating
from referee.web.base.deadline import OutOfTime
from referee.web.base.extensions import db
from referee.web.base.inputs import game_or_404, version_shown
from referee.web.base.languages import spoken
from referee.web.base.models import GameTable
from referee.web.guard.deadlines import out_of_time_answer
from referee.web.guard.limits import limit_client_writes, table_write
from referee.web.play.forms import MoveForm, new_table_form
from referee.web.play.judging import (
    PLAYED_AGAIN,
    STALE,
    Refused,
    Repeated,
    in_already,
    judge,
)
from referee.web.play.page import (
    forced_words,
    keep_own_ruling,
    rematch_of,
    render_play,
    stale,
)
from referee.web.storage.loading import (
    Loaded,
    load,
    log_of,
    replayed,
    table_or_404,
    table_with_claims,
)
from referee.web.storage.replays import replays
from referee.web.storage.store import (
    TableMoved,
    add_moves,
    delete_table,
    new_table,
    play_again,
    take_back,
)

bp = Blueprint("tables", __name__)

DELETE_STALE = say(
    "The table changed since its page was loaded (a move, an undo or a setting): nothing was "
    "deleted. Open its history again to see it as it stands, and delete it from there."
)
NOT_OVER = say(
    "Play again starts a new table once this game is over, and it is still being played: "
    "nothing was started."
)
# Tries of a post made at the same time as other phones' (``move``): enough for every seat
# of the largest table to post at one instant, and a few losses to a database lock.
TRIES = 12


@bp.get("/")
def index() -> str:
    """Home: the games to start and the recent tables (this phone's own, or all with the PIN)."""
    query = select(GameTable).order_by(GameTable.updated_at.desc()).limit(20)
    if not is_house():
        query = query.where(GameTable.token.in_(remembered()))
    tables = db.session.scalars(query).all()
    return render_template("tables/index.html", games=all_games(), tables=tables, get_game=get_game)


@bp.get("/tables/new")
def choose_game() -> str:
    """Pick the game for a new table."""
    return render_template("tables/choose_game.html", games=all_games())


@bp.route("/tables/new/<slug>", methods=["GET", "POST"])
@house_only
def create(slug: str) -> Any:
    """Seat the players and pick the options and the settings; the engine checks the seating."""
    game = game_or_404(slug)
    form = new_table_form(game)
    if form.validate_on_submit():
        players, options = form.player_names(), form.option_values()
        table = new_table(game.SLUG, players, options, settings=form.setting_values())
        db.session.commit()
        answered(table.token)  # the phone that starts a table is not asked who it is
        return redirect(url_for("tables.play", token=table.token))
    status = 422 if request.method == "POST" else 200
    return render_template("tables/new.html", game=game, form=form), status


@bp.get("/t/<token:token>")
def play(token: str) -> Any:
    """The turn screen of a table; the phone keeps the table on its list.  The page only
    reads: the table and its seats are read in one statement, without the ORM."""
    found = table_with_claims(token, alone=True)
    if found is None:
        abort(404)
    table, claims = found
    remember(table)
    loaded, sitting = load(table), seating(table, claims=claims)
    g.shown = loaded, sitting  # for the answer should the page run out of time
    return render_play(loaded, sitting=sitting)


@bp.errorhandler(OutOfTime)
def out_of_time(_error: OutOfTime) -> Any:
    """A table page that ran out of time: the 503 with the sentence and, for a table
    loaded and replayed in time, its undo box, so a move that makes its page too slow
    can be taken back (and links to its story and its log)."""
    shown = g.get("shown")
    if shown is None:
        return out_of_time_answer()
    loaded, sitting = shown
    return out_of_time_answer(
        "tables/stuck.html",
        table=loaded.table,
        seq=loaded.seq,
        last_move=loaded.last_move,
        last_turn=loaded.last_turn,
        closed=grace_over(loaded.table) and not is_house(),
        played_again=rematch_of(loaded.table),
        watching=sitting.watching,
    )


@bp.post("/t/<token:token>/move")
@limit_client_writes
def move(token: str) -> Any:
    """Apply the posted move if the rules allow it; else explain, keep the dice, change nothing.

    Its way reads top to bottom: load the table (``load_to_change``), judge the post on it
    (``judging``), store what it stands for (the one step that spends one of the table's
    writes: ``table_write``), answer.  A post that loses its write to another phone's of
    the same instant is judged again on the table as it then stands, where the players
    move at once (``catchup``) or that write changed no move (a seat taken, the odds
    switched; ``TRIES`` times in all), and otherwise refused (409), saying whether its
    move is already in.
    """
    for _ in range(TRIES):
        loaded = load_to_change(token)
        try:
            judged = judge(loaded, request.form)
        except Refused as refused:
            return refusal(loaded, refused)
        except Repeated:
            return to_the_table(token)
        game = loaded.replay.game
        try:
            with table_write(token):
                add_moves(loaded, judged.stored, judged.after, page=request.form.get("page"))
        except TableMoved:
            if judged.together:
                continue
            now = load(table_or_404(token))
            if now.moves == loaded.moves:  # the write first in changed no move (a seat, the odds)
                continue
            return lost(token, loaded, now)
        if judged.together:
            keep_own_ruling(token, loaded.seq + len(judged.stored), game.ruling(judged.after.state))
        if judged.forced:
            flash(spoken(forced_words(game, judged.forced, judged.after.outcome.over)))
        return to_the_table(token)
    return stale(token)


def to_the_table(token: str) -> Any:
    """The redirect to the table, at what the referee says now, after a move went in."""
    return redirect(url_for("tables.play", token=token, _anchor="now"))


def refusal(loaded: Loaded, refused: Refused) -> Any:
    """The table page of a post that changed nothing, saying why (as news when its moves
    were in already), keeping the dice entered where the refusal says so."""
    return render_play(
        loaded,
        status=refused.status,
        error=None if refused.news else refused.error,
        news=refused.error if refused.news else None,
        entered=request.form if refused.entered else None,
        confirm=refused.confirm,
    )


def lost(token: str, loaded: Loaded, now: Loaded) -> Any:
    """The 409 page of a post whose write another phone's got to first: the table as it
    stands ``now``, saying whether the post's moves are among those stored since (the same
    moves from another phone, as news), or the table as after the first post where they
    were stored from the same page (a double tap)."""
    game = loaded.replay.game
    since = now.moves[loaded.seq :]
    try:
        in_already(now.table.id, game, loaded.replay.state, loaded.seq, since, request.form)
    except Repeated:
        return to_the_table(token)
    except Refused as refused:
        return refusal(now, refused)
    return render_play(now, status=409, error=STALE)


@bp.get("/t/<token:token>/move")
@bp.get("/t/<token:token>/undo")
@bp.get("/t/<token:token>/seat")
@bp.get("/t/<token:token>/odds")
def back_to_table(token: str) -> Any:
    """The table page (303) for a phone that opens the address a refused post left it on
    (a reload, a link read relative to it): only posts are answered there."""
    return redirect(url_for("tables.play", token=token), 303)


@bp.post("/t/<token:token>/undo")
@limit_client_writes
def undo(token: str) -> Any:
    """Take back the last move (with the forced moves the referee made after it), or with
    ``turn=whole`` every move of the last move's turn, once the player has confirmed what
    goes: one write either way."""
    table = table_or_404(token)
    check_can_change(table)
    loaded = load(table)
    moves = loaded.moves
    sitting = seating(table, others=False)
    if sitting.watching:
        return render_play(loaded, status=403, error=sitting.refusal(None))
    if rematch_of(table) is not None:
        return render_play(loaded, status=409, error=PLAYED_AGAIN)
    form = MoveForm()
    if not form.validate() or form.seq.data != len(moves):
        return stale(token)
    turn, last = loaded.last_turn, loaded.last_move
    if turn is None or last is None:
        return render_play(loaded, status=422, error=say("There is nothing to undo."))
    if request.form.get("turn") == "whole" and turn.size > 1:
        count, undone = turn.size, turn.words
    else:
        count, undone = loaded.last_step, last
    after = replayed(log_of(table, moves[:-count]))
    try:
        with table_write(token):
            take_back(loaded, count, after)
    except TableMoved:
        return stale(token)
    flash(gettext("Undone: %(move)s.", move=spoken(undone)))
    return redirect(url_for("tables.play", token=token, _anchor="now"))


def start_again(table: GameTable) -> str:
    """Start the table that plays ``table`` again (``store.play_again``) and its token: the
    game's next seating, the options as stored, and this phone's seat, if it has one."""
    game = get_game(table.game)
    options = resolve_options(game, table.options)
    players = check_players(game, game.next_seating(table.players))
    sitting, me = seating(table, others=False), phone_id()
    seat = (players.index(sitting.seat), me) if me and sitting.seat in players else None
    return play_again(table, players, options, seat)


@bp.post("/t/<token:token>/again")
@limit_client_writes
@house_only
def again(token: str) -> Any:
    """Play a finished table's game again: a new table with its game and options, the
    players seated as the game says (``next_seating``: the next player first, by default),
    and this phone in the seat it had.  Started once: a second press (a double tap,
    another phone) opens the same new table."""
    table = table_or_404(token)
    if table.finished_at is None:
        return render_play(load(table), status=409, error=NOT_OVER)
    started = rematch_of(table)
    if started is not None:
        made = started.token
    else:
        try:
            with table_write(token):
                made = start_again(table)
        except SetupError as exc:  # stored options or seating the game no longer takes
            refusal = say("{refusal} Nothing was started.", refusal=said_by(exc))
            return render_play(load(table), status=422, error=refusal)
        except TableMoved:  # another press got there first, or the table changed
            started = rematch_of(table_or_404(token))
            if started is None:
                return stale(token)
            made = started.token
    remember(table_or_404(made))
    answered(made)
    return redirect(url_for("tables.play", token=made))


@bp.post("/t/<token:token>/delete")
@house_only
def delete(token: str) -> Any:
    """Delete a table and its moves for good (house PIN, and a ticked confirmation), as a
    claim of the version its page showed: a table that moved on since is kept (409)."""
    table = table_or_404(token)
    if request.form.get("sure") != "yes":
        flash(gettext("Tick the box to confirm that the table goes for good; nothing was deleted."))
        return redirect(url_for("history.table_history", token=token))
    shown = version_shown(request.form.get("version"))
    if shown is None:
        abort(400, say("The delete form was incomplete: nothing was deleted."))
    try:
        delete_table(table.id, shown)
    except TableMoved:
        table_or_404(token)  # deleted by another phone meanwhile: nothing is here any more
        abort(409, DELETE_STALE)
    replays.forget(token)
    flash(gettext("The table was deleted."))
    return redirect(url_for("history.index"))


@bp.get("/t/<token:token>/log.json")
def export(token: str) -> Response:
    """The table's referee-log/1 file."""
    table = table_or_404(token)
    return Response(
        dumps(log_of(table)),
        mimetype="application/json",
        headers={"Content-Disposition": f"attachment; filename=table-{table.game}.json"},
    )
