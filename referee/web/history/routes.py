"""History: every table with filters, a table's story move by move, CSV, import and export."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, time
from typing import Any

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for
from flask_babel import ngettext
from flask_wtf.file import FileField, FileRequired
from sqlalchemy import Select, exists, select

from referee.core.engine import SHEETS
from referee.core.sentences import said_by, say
from referee.games import all_games, get_game, has_own
from referee.log import LogError, check_storable, dumps, loads, replay
from referee.web.access.rights import house_only
from referee.web.access.seats import answered
from referee.web.base.extensions import db
from referee.web.base.form_messages import Form
from referee.web.base.heavy import heavy
from referee.web.base.inputs import plain_text, small_number
from referee.web.base.languages import spoken
from referee.web.base.models import GameTable, Seat
from referee.web.base.paging import paging
from referee.web.guard.security import SpreadsheetWriter
from referee.web.history.charts import progression_svg
from referee.web.history.stories import stories, story
from referee.web.storage.advice_record import judged_at, keep_judged
from referee.web.storage.judgements import Judgements, judgements
from referee.web.storage.loading import (
    every_log,
    load,
    log_of,
    made_with_odds,
    move_data,
    table_or_404,
)
from referee.web.storage.store import import_log
from referee.web.storage.summaries import canonical, fold

bp = Blueprint("history", __name__)
PAGE_SIZE = 50
FILTERS = ("game", "player", "from", "to")
FOLD = 10  # turns to a fold of a table's story
FOLDS_SHOWN = 3  # the last folds whose moves a story page holds; older ones are a tap away


class ImportForm(Form):
    """Upload of one referee-log/1 file."""

    log = FileField(
        say("Game log (.json)"), validators=[FileRequired(say("Choose a game log file."))]
    )


def _day(text: str | None, *, end: bool = False) -> datetime | None:
    try:
        day = datetime.strptime(text or "", "%Y-%m-%d").date()
    except ValueError:
        return None
    return datetime.combine(day, time.max if end else time.min)


def filtered_tables(args: Any) -> Select[GameTable]:
    """The history query for the page's filters: game, player, from and to dates."""
    query = select(GameTable)
    if game := plain_text(args.get("game")):
        query = query.where(GameTable.game == game)
    if player := plain_text(args.get("player")):
        key = canonical(db.session, fold(player))
        query = query.where(exists().where(Seat.table_id == GameTable.id, Seat.player_key == key))
    if start := _day(args.get("from")):
        query = query.where(GameTable.created_at >= start)
    if stop := _day(args.get("to"), end=True):
        query = query.where(GameTable.created_at <= stop)
    return query


@bp.get("/history")
@house_only
def index() -> str:
    """Every table, newest first, filterable by game, player and date."""
    query = filtered_tables(request.args)
    paged = paging(query, request.args.get("page"), PAGE_SIZE)
    ordered = query.order_by(GameTable.created_at.desc(), GameTable.id.desc())
    tables = db.session.scalars(paged.window(ordered)).all()
    return render_template(
        "history/index.html",
        tables=tables,
        scores=scores_of([t.id for t in tables]),
        games=all_games(),
        get_game=get_game,
        paged=paged,
        args=request.args,
        page_url=lambda n: url_for("history.index", **{**filters_kept(request.args), "page": n}),
    )


@dataclass(frozen=True)
class Score:
    """A player's score at a table as of its last move, from the cached ``seat`` row."""

    name: str
    score: int
    won: bool


def scores_of(table_ids: Sequence[int]) -> dict[int, list[Score]]:
    """Each table's scores in seating order, read from the ``seat`` rows every write keeps
    up to date (one query for a page of tables; nothing is replayed)."""
    scores: dict[int, list[Score]] = {}
    if not table_ids:
        return scores
    rows = db.session.execute(
        select(Seat.table_id, Seat.name, Seat.score, Seat.won)
        .where(Seat.table_id.in_(table_ids))
        .order_by(Seat.table_id, Seat.seat)
    )
    for table_id, name, score, won in rows:
        scores.setdefault(table_id, []).append(Score(name, score, won))
    return scores


def filters_kept(args: Any) -> dict[str, Any]:
    """The page's own filters, for its page links: any other query argument would reach
    ``url_for`` (``endpoint``, ``_method``, ``_external``...) and steer or break the link."""
    return {name: args[name] for name in FILTERS if args.get(name)}


@dataclass(frozen=True)
class Fold:
    """Some turns of a table's story, folded under one line: turns ``first`` to ``last``
    (counted from 1), their moves, and the scores after the last of them (None while
    that turn is under way)."""

    first: int
    last: int
    steps: list[dict[str, Any]]
    scores: dict[str, int] | None
    open: bool
    shown: bool = True  # its moves are on the page; else a link to a page with them
    number: int = 1  # counted from 1


def folds(steps: list[dict[str, Any]], size: int = FOLD, asked: int | None = None) -> list[Fold]:
    """The story's moves folded ``size`` turns at a time, only the last fold open: a long
    game reads from its chart and the scores each fold ends on, and its moves are a tap
    away (a page of every move of a 10K game was many screens long on a phone).  Only the
    last ``FOLDS_SHOWN`` folds, and fold number ``asked``, hold their moves: a 5,000-move
    story was a 1.4 MB page; the others link to the page that holds theirs."""
    turns: list[list[dict[str, Any]]] = [[]]
    for step in steps:
        turns[-1].append(step)
        if "scores" in step:
            turns.append([])
    if not turns[-1]:
        turns.pop()
    made: list[Fold] = []
    for start in range(0, len(turns), size):
        chunk = turns[start : start + size]
        moves = [step for turn in chunk for step in turn]
        number = len(made) + 1
        made.append(
            Fold(start + 1, start + len(chunk), moves, moves[-1].get("scores"), False,
                 number=number)
        )  # fmt: skip
    if made:
        made[-1] = replace(made[-1], open=True)
    hidden = len(made) - FOLDS_SHOWN
    return [
        replace(fold, steps=[], shown=False)
        if fold.number <= hidden and fold.number != asked
        else replace(fold, open=True)
        if fold.number == asked
        else fold
        for fold in made
    ]


@bp.get("/t/<token:token>/history")
def table_history(token: str) -> str:
    """A table's story: the score chart, then every move and ruling with the running
    scores, folded ten turns at a time; once the game is over (or while the table shows
    the odds) each decision that went against the advice is marked with the odds then,
    from the table's stored judgements (a view judges the moves since for 0.25 s at most):
    flagged where the table showed the odds when it was made, else told as a look back
    ("With hindsight"), since nobody at the table saw the advice.
    The story itself is worked out once per table version (``stories``)."""
    table = table_or_404(token)
    version, game = table.version, get_game(table.game)  # the version before the moves
    log = log_of(table, move_data(table.id))
    told = stories.get(token, version, lambda: heavy(lambda: story(log)))
    seats_judged = judged_at(table)
    # The page shows the table as read: storing judgements below commits, which must not
    # reload it (a delete meanwhile would make that a 500).
    db.session.expunge(table)
    found: Judgements | None = None
    if (table.show_odds or table.finished_at) and has_own(game, "advice"):
        found = heavy(lambda: judgements(table.id, log))
    if table.finished_at and found and found.complete and not seats_judged:
        # the table moved on since its seats were judged, or was stored before they were
        keep_judged(table.id, version, log.players, found.decisions)
    shown = made_with_odds(table.id) if found else frozenset()
    differed = {d.index: d.words for d in found.decisions if d.words} if found else {}
    against = {index: words for index, words in differed.items() if index in shown}
    hindsight = {index: words for index, words in differed.items() if index not in shown}
    asked = small_number(request.args.get("fold"))
    return render_template(
        "history/table.html",
        table=table,
        game=game,
        steps=told.steps,
        folds=folds(list(told.steps), asked=asked),
        asked=asked,
        chart=progression_svg(told.series, label=game.TURN_WORD),
        outcome=told.outcome,
        view=told.view,
        judging=found,
        against=against,
        hindsight=hindsight,
    )


TURN_COLUMNS = ("turn", "player", "points", "bust", "total", "final_round", "note")


@bp.get("/t/<token:token>/turns.csv")
def turns_csv(token: str) -> Response:
    """The table's turns as CSV: one row per finished turn (per sheet per roll in a game of
    sheets, then each sheet's total), its notes in the phone's language; the columns' names
    are the data's keys, the same in every language."""
    table = table_or_404(token)
    result = load(table).replay
    game, state = result.game, result.state
    out = io.StringIO()
    writer = SpreadsheetWriter(out)  # no cell a spreadsheet would run as a formula
    writer.writerow(TURN_COLUMNS)
    for n, turn in enumerate(game.turn_records(state), start=1):
        writer.writerow(
            [
                n,
                turn.player,
                turn.points,
                int(turn.bust),
                turn.total,
                int(turn.final_round),
                spoken(turn.note),
            ]
        )
    if game.KIND == SHEETS:
        for name, total in result.outcome.scores.items():
            writer.writerow(["", name, "", "", total, "", spoken(say("sheet total"))])
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=table-{table.game}-turns.csv"},
    )


@bp.get("/export.zip")
@house_only
def export_all() -> Response:
    """Every table as referee-log/1 files in one zip archive."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for n, (table, log) in enumerate(every_log(), start=1):
            name = f"{n:04d}-{table.game}-{table.created_at:%Y-%m-%d}.json"
            archive.writestr(name, dumps(log))
    return Response(
        buffer.getvalue(),
        mimetype="application/zip",
        headers={"Content-Disposition": "attachment; filename=referee-tables.zip"},
    )


@bp.route("/import", methods=["GET", "POST"])
@house_only
def import_page() -> Any:
    """Upload a game log; it is stored only if every move replays legally."""
    form = ImportForm()
    if not form.validate_on_submit():
        status = 422 if request.method == "POST" else 200
        return render_template("history/import.html", form=form), status
    try:
        log = loads(form.log.data.read().decode("utf-8"))
        check_storable(log)
    except (LogError, UnicodeDecodeError) as exc:
        message = said_by(exc) if isinstance(exc, LogError) else say("The file is not UTF-8 text.")
        return render_template("history/import.html", form=form, error=message), 422
    result = replay(log)
    if result.error:
        err = result.error
        message = say(
            "Move {number} was refused ({code}): {refusal} Nothing was stored.",
            number=str(err.move + 1),
            code=err.code,
            refusal=err.message,
        )
        return render_template("history/import.html", form=form, error=message), 422
    token = import_log(log)
    answered(token)  # the phone that brings a table in is not asked who it is
    flash(
        ngettext(
            "Imported as a new table: %(num)s moves replayed.",
            "Imported as a new table: %(num)s moves replayed.",
            result.moves_applied,
        )
    )
    return redirect(url_for("tables.play", token=token))
