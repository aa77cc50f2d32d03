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

from referee.core.contract import Game, table_settings
from referee.core.engine import RuleViolation, SetupError
from referee.core.moves import check_players, resolve_options
from referee.core.odds import Advice
from referee.games import all_games, get_game
from referee.log import MAX_MOVES, Replay, dumps
from referee.web.access.rights import (
    check_can_change,
    grace_over,
    house_only,
    is_house,
    remember,
    remembered,
)
from referee.web.access.seats import Seating, answered, phone_id, seating, table_with_claims
from referee.web.base.extensions import db
from referee.web.base.inputs import game_or_404, version_shown
from referee.web.base.models import GameTable, TableFacts
from referee.web.guard.limits import limit_table_writes
from referee.web.play.catchup import STALE, already_in, at_once, catch_up_refusal
from referee.web.play.entry import (
    NeedsConfirmation,
    confirm_fields,
    forced_words,
    stamped,
    with_forced,
)
from referee.web.play.forms import MoveForm, new_table_form
from referee.web.storage.replays import replays
from referee.web.storage.store import (
    Loaded,
    TableMoved,
    add_moves,
    delete_table,
    load,
    log_of,
    new_table,
    play_again,
    replayed,
    table_by_token,
    table_or_404,
    take_back,
)

bp = Blueprint("tables", __name__)

DELETE_STALE = (
    "The table changed since its page was loaded (a move, an undo or a setting): nothing was "
    "deleted. Open its history again to see it as it stands, and delete it from there."
)
NOT_OVER = (
    "Play again starts a new table once this game is over, and it is still being played: "
    "nothing was started."
)
# Tries of a post made at the same time as other phones' (``move``): enough for every seat
# of the largest table to post at one instant, and a few losses to a database lock.
TRIES = 12
PLAYED_AGAIN = (
    "This game was played again at a new table, so it can no longer be changed: nothing was "
    "changed. Open the next game to go on."
)
FULL = f"A table keeps at most {MAX_MOVES:,} moves, and this one has them all: nothing was added."


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
    found = table_with_claims(token)
    if found is None:
        abort(404)
    table, claims = found
    remember(table)
    return render_play(load(table), sitting=seating(table, claims=claims))


def stale(token: str) -> Any:
    """The 409 page: the table as it stands after another write got there first."""
    return render_play(load(table_or_404(token)), status=409, error=STALE)


@bp.post("/t/<token:token>/move")
@limit_table_writes
def move(token: str) -> Any:
    """Apply the posted move if the rules allow it; else explain, keep the dice, change nothing.

    A post from a page the table has moved on from is refused (409), unless its moves are
    made at the same time as the ones stored since (``catchup``): then it is judged on the
    table as it stands, and again (``TRIES`` times in all) while other phones' writes of
    the same instant get there first.
    """
    table = table_or_404(token)
    check_can_change(table)
    loaded = load(table)
    if rematch_of(table) is not None:
        return render_play(loaded, status=409, error=PLAYED_AGAIN)
    form = MoveForm()
    if not form.validate():
        return render_play(loaded, status=400, error="The move form was incomplete.")
    for _ in range(TRIES):
        answer = judge_and_store(loaded, form.seq.data)
        if answer is not None:
            return answer
        loaded = load(table_or_404(token))
    return stale(token)


class Refused(Exception):
    """The posted moves change nothing: ``page`` says why."""

    def __init__(self, page: Any) -> None:
        super().__init__()
        self.page = page


def judge_and_store(loaded: Loaded, shown: int | None) -> Any:
    """Judge the posted moves on the table as ``loaded`` (its page showed ``shown`` moves)
    and store them: the answer, a redirect or the page that refuses them; None when
    another phone's write got there first and the moves, made at the same time as it,
    may be judged again on the table as it is then."""
    game, token = loaded.replay.game, loaded.table.token  # read before the write expires it
    if shown != loaded.seq:
        since = loaded.moves[shown:] if shown is not None and 0 <= shown < loaded.seq else []
        refused = catch_up_refusal(game, loaded.replay.state, since, request.form)
        if refused and since:
            then = replayed(log_of(loaded.table, loaded.moves[:shown])).state
            refused = already_in(game, then, since, request.form) or refused
        if refused:
            return render_play(loaded, status=409, error=refused)
    try:
        moves, forced, after = judged(loaded)
    except Refused as exc:
        return exc.page
    try:
        add_moves(loaded, moves + forced, after)
    except TableMoved:
        if at_once(game, moves):
            return None
        now = load(table_or_404(token))  # the same move from another phone, or a double tap?
        said = already_in(game, loaded.replay.state, now.moves[loaded.seq :], request.form)
        return render_play(now, status=409, error=said or STALE)
    if forced:
        flash(forced_words(game, forced, after.outcome.over))
    return redirect(url_for("tables.play", token=token, _anchor="now"))


def judged(loaded: Loaded) -> tuple[list[dict[str, Any]], list[dict[str, Any]], Replay]:
    """The posted moves, the forced moves the referee makes after them (``with_forced``)
    and the table's replay with both, judged on the table as
    ``loaded``: the seat, the rules, the warning to confirm, the table's size.  ``Refused``
    with the page that says why not, the entered dice kept."""
    game, after = loaded.replay.game, loaded.replay
    sitting = seating(loaded.table, others=False)
    moves: list[dict[str, Any]] = []
    try:
        for posted in game.read_form(after.state, request.form):
            item = stamped(game, after.state, posted)
            # The player it is applied for, unless any phone may enter it (``seat_free``).
            refused = sitting.refusal(None if game.seat_free(after.state) else item.get("player"))
            if refused:
                raise Refused(render_play(loaded, status=403, error=refused, entered=request.form))
            message = game.warning(after.state, item)
            if message and not request.form.get("confirm"):
                raise NeedsConfirmation(message)
            after = after.apply(item)
            moves.append(item)
        forced, after = with_forced(game, after)
    except RuleViolation as exc:
        page = render_play(loaded, status=422, error=exc.message, entered=request.form)
        raise Refused(page) from None
    except NeedsConfirmation as exc:
        page = render_play(loaded, status=422, error=str(exc), confirm=confirm_fields(request.form))
        raise Refused(page) from None
    if loaded.seq + len(moves) + len(forced) > MAX_MOVES:
        raise Refused(render_play(loaded, status=422, error=FULL))
    return moves, forced, after


@bp.get("/t/<token:token>/move")
@bp.get("/t/<token:token>/undo")
@bp.get("/t/<token:token>/seat")
@bp.get("/t/<token:token>/odds")
def back_to_table(token: str) -> Any:
    """The table page (303) for a phone that opens the address a refused post left it on
    (a reload, a link read relative to it): only posts are answered there."""
    return redirect(url_for("tables.play", token=token), 303)


@bp.post("/t/<token:token>/undo")
@limit_table_writes
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
        return render_play(loaded, status=422, error="There is nothing to undo.")
    if request.form.get("turn") == "whole" and turn.size > 1:
        count, undone = turn.size, turn.words
    else:
        count, undone = loaded.last_step, last
    after = replayed(log_of(table, moves[:-count]))
    try:
        take_back(loaded, count, after)
    except TableMoved:
        return stale(token)
    flash(f"Undone: {undone}.")
    return redirect(url_for("tables.play", token=token, _anchor="now"))


def rematch_of(table: TableFacts) -> GameTable | None:
    """The table that plays ``table`` again, once started (and not deleted since)."""
    return table_by_token(table.rematch) if table.rematch else None


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
@house_only
@limit_table_writes
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
            made = start_again(table)
        except SetupError as exc:  # stored options or seating the game no longer takes
            return render_play(load(table), status=422, error=f"{exc} Nothing was started.")
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
        flash("Tick the box to confirm that the table goes for good; nothing was deleted.")
        return redirect(url_for("history.table_history", token=token))
    shown = version_shown(request.form.get("version"))
    if shown is None:
        abort(400, "The delete form was incomplete: nothing was deleted.")
    try:
        delete_table(table.id, shown)
    except TableMoved:
        table_or_404(token)  # deleted by another phone meanwhile: nothing is here any more
        abort(409, DELETE_STALE)
    replays.forget(token)
    flash("The table was deleted.")
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


def render_play(
    loaded: Loaded,
    *,
    status: int = 200,
    error: str | None = None,
    entered: Any = None,
    confirm: list[tuple[str, str]] | None = None,
    seat_taken: int | None = None,
    sitting: Seating | None = None,
    photo: list[dict[str, object]] | None = None,
) -> Any:
    """Render the game's turn screen for the table as replayed, for this phone as it sits
    (``sitting``: read here when not given); ``photo``: the dice of a photo just read, to
    outline on the phone's copy of it (``photo_fill.outline``)."""
    current = loaded.replay
    game = current.game
    sitting = sitting or seating(loaded.table)
    page = render_template(
        [f"{game.SLUG}/play.html"],
        table=loaded.table,
        game=game,
        state=current.state,
        view=game.view(current.state),
        settings=table_settings(game, loaded.table.settings),
        outcome=current.outcome,
        seq=loaded.seq,
        version=loaded.version,
        error=error,
        entered=entered or {},
        confirm=confirm,
        last_move=loaded.last_move,
        last_turn=loaded.last_turn,
        replay_error=current.error,
        closed=grace_over(loaded.table) and not is_house(),
        played_again=rematch_of(loaded.table),
        sitting=sitting,
        seat_taken=seat_taken,
        photo_dice=photo,
        advice=advice_on_screen(game, current.state, sitting) if loaded.table.show_odds else None,
    )
    return page, status


def advice_on_screen(game: Game, state: Any, sitting: Seating) -> Advice | None:
    """The odds of the decision this phone shows, where players decide at the same time
    (``facing``): a seated phone's own (none once it has decided), else the sheet it asked
    for (``?sheet=``) or the first in line; at other games, the decision in front of the table."""
    if sitting.seat:
        faced = game.facing(state, sitting.seat)
    else:
        asked = request.args.get("sheet")
        faced = (game.facing(state, asked) if asked else None) or state
    return game.advice(faced) if faced is not None else None
