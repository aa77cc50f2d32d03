"""Players across tables: their figures, a dice check, and merging two names into one."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask.blueprints import BlueprintSetupState
from flask_babel import gettext, ngettext
from sqlalchemy import case, func, select
from werkzeug.routing import BaseConverter

from referee.core.engine import PUSH_YOUR_LUCK
from referee.core.names import fold, name_problem
from referee.core.sentences import said_by, say
from referee.games import all_games, get_game
from referee.web.access.rights import house_only
from referee.web.base.extensions import db
from referee.web.base.inputs import has_control, plain_text, small_number
from referee.web.base.models import KEY_LENGTH, GameTable, Seat
from referee.web.base.paging import paging
from referee.web.guard.errors import error_page
from referee.web.players.merges import (
    MergeRefused,
    check_merge,
    display_name,
    merge_players,
    merged_names,
    merges_into,
    refuse_merged_since,
    saved,
    undo_merge,
)
from referee.web.players.stats import dice_check, longest_streak
from referee.web.storage.advice_record import standing
from referee.web.storage.summaries import canonical, dice_of

# What ``PlayerKey.to_url`` escapes once more than a URL would: "%", "/" and dots.
ESCAPED = re.compile("%(25|2F|2E)", re.IGNORECASE)


class PlayerKey(BaseConverter):
    """A player's key as one segment of a URL, whatever it holds.

    A server decodes a URL's "%2F" to "/" before routing, and a browser reads "." and ".."
    (even spelled "%2E%2E") as steps up the path: so "%", "/" and the dots of a key made
    of dots alone are escaped twice ("Sl/ash" -> "Sl%252Fash") and read back here.  Names
    like those are refused now; players stored before keep working links.
    """

    def to_url(self, value: str) -> str:
        """The key escaped for one path segment."""
        escaped = value.replace("%", "%25").replace("/", "%2F")
        if not value.strip("."):
            escaped = escaped.replace(".", "%2E")
        return super().to_url(escaped)

    def to_python(self, value: str) -> str:
        """The key back from the segment the server decoded once."""
        return ESCAPED.sub(lambda escape: chr(int(escape.group(1), 16)), value)


def teach_player_keys(state: BlueprintSetupState) -> None:
    """Give the app's URL map the ``player`` converter (``<player:key>``)."""
    state.app.url_map.converters["player"] = PlayerKey


bp = Blueprint("players", __name__, url_prefix="/players")
# Recorded before any route, so the URL map knows <player:...> when the routes are added.
bp.record_once(teach_player_keys)
PAGE_SIZE = 50  # players a page of the list shows
LOOKUP_SIZE = 30  # names a look-up on a player page shows at most


@bp.before_request
@house_only
def _house_only() -> None:
    """Every player page is house-wide: it needs the house PIN."""
    key = (request.view_args or {}).get("key")
    if key is not None and (len(key) > KEY_LENGTH or has_control(key)):
        abort(404)


@bp.get("/")
def index() -> str:
    """Everyone who has played, most tables first, a page at a time."""
    query = select(
        Seat.player_key, func.max(Seat.name), func.count(), func.sum(Seat.won.cast(db.Integer))
    ).group_by(Seat.player_key)
    paged = paging(query, request.args.get("page"), PAGE_SIZE)
    rows = db.session.execute(paged.window(query.order_by(func.count().desc(), Seat.player_key)))
    return render_template(
        "players/index.html",
        players=rows.all(),
        paged=paged,
        page_url=lambda number: url_for("players.index", page=number),
    )


def look_up(key: str, words: str) -> list[Any]:
    """The other players (key, name) whose folded name holds ``words`` folded, in key
    order, at most ``LOOKUP_SIZE`` and one more to tell that there are more."""
    query = (
        select(Seat.player_key, func.max(Seat.name))
        .where(Seat.player_key != key, Seat.player_key.contains(fold(words), autoescape=True))
        .group_by(Seat.player_key)
        .order_by(Seat.player_key)
        .limit(LOOKUP_SIZE + 1)
    )
    return list(db.session.execute(query).all())


@dataclass(frozen=True)
class TurnFigures:
    """A player's turns at one game's tables: never summed with another game's points,
    which count in another scale (a 10,000-point game beside a 50-point one)."""

    title: str
    word: str  # what a turn is called in the game: "turn", "round", "roll"
    turns: int
    points: int
    best: int | None
    busts: int | None  # None for a game with no busts

    @property
    def average(self) -> float:
        """The points a turn scored on average."""
        return self.points / self.turns


def turn_figures(key: str) -> list[TurnFigures]:
    """A player's turns, points, best turn and busts per game they played turns of, in the
    order lists show the games."""
    rows = db.session.execute(
        select(
            GameTable.game,
            func.sum(Seat.turns),
            func.sum(Seat.turn_points),
            func.max(Seat.best_turn),
            func.sum(Seat.busts),
        )
        .select_from(Seat)
        .join(GameTable, Seat.table_id == GameTable.id)
        .where(Seat.player_key == key)
        .group_by(GameTable.game)
    ).all()
    by_slug = {row[0]: row for row in rows if row[1]}
    return [
        TurnFigures(
            game.TITLE,
            game.TURN_WORD,
            int(turns),
            int(points or 0),
            best,
            int(busts or 0) if game.KIND == PUSH_YOUR_LUCK else None,
        )
        for game in all_games()
        if game.SLUG in by_slug
        for _, turns, points, best, busts in [by_slug[game.SLUG]]
    ]


def name_or_404(key: str) -> str:
    """The name the player ``key`` last played under, or a 404 that says there is none."""
    name = display_name(key)
    if name is None:
        abort(404, description=say("No player is called “{name}”. Nothing was changed.", name=key))
    return name


@bp.get("/<player:key>")
def show(key: str, error: str | None = None) -> Any:
    """One player's games, wins, turns, busts, streak and dice check; ``error``: why a
    merge asked for from this page was refused."""
    if (merged := canonical(db.session, key)) != key:
        return redirect(url_for("players.show", key=merged))
    name = name_or_404(key)
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
    ).all()
    order = {game.SLUG: n for n, game in enumerate(all_games())}
    per_game = sorted(per_game, key=lambda row: order.get(row[0], len(order)))
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
    find = plain_text(request.args.get("find"), KEY_LENGTH) or ""
    found = look_up(key, find) if find else []
    merges = merges_into(key)
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
        turns=turn_figures(key),
        streak=longest_streak(results),
        check=dice_check(dice_of(dice)),
        find=find,
        found=found[:LOOKUP_SIZE],
        more_found=len(found) > LOOKUP_SIZE,
        merges=merges,
        merged_names=merged_names(key) if merges else {},
        error=error,
        advice=standing(key),
    )


def asked_merge(key: str) -> tuple[str, str]:
    """The name asked for (``other``) and ``key``, to merge the first into the second: a
    404 when nobody is called ``key``, ``MergeRefused`` when ``key`` was merged since."""
    if display_name(key) is None:  # no seats: merged into another player, or nobody
        refuse_merged_since(key)
        name_or_404(key)
    args = request.form if request.method == "POST" else request.args
    return looked_up(plain_text(args.get("other"), KEY_LENGTH) or ""), key


def looked_up(other: str) -> str:
    """The key of the player ``other`` stands for, picked or typed ("ANN" finds ann):
    ``MergeRefused`` saying which name rule it breaks when it is no player's and could
    be nobody's."""
    key = fold(other) if other else ""
    problem = name_problem(other) if other else None
    if problem and display_name(key) is None and canonical(db.session, key) == key:
        raise MergeRefused(say("{problem} Nothing was changed.", problem=problem))
    return key


def refused(key: str, exc: MergeRefused) -> Any:
    """The player's page with why the merge or split was refused (422, or 409 when it
    lost to another change at the same moment), or the error page when ``key`` has no
    page of its own any more."""
    if canonical(db.session, key) != key:
        return error_page(exc.status, said_by(exc))
    return show(key, error=said_by(exc)), exc.status


@bp.get("/<player:key>/merge")
def merge_check(key: str) -> Any:
    """Before merging: which name disappears into which, and what it moves."""
    try:
        preview = check_merge(*asked_merge(key))
    except MergeRefused as exc:
        return refused(key, exc)
    return render_template("players/merge.html", preview=preview)


@bp.post("/<player:key>/merge")
def merge(key: str) -> Any:
    """Count another name's tables as this player's, now and for tables to come (posted
    from the confirmation that showed what moves)."""
    try:
        source, target = asked_merge(key)
        preview = saved(lambda: merge_players(source, target))
    except MergeRefused as exc:
        return refused(key, exc)
    moved = preview.moving
    flash(
        gettext(
            "Merged: “%(source)s” is now counted as %(target)s: %(tables)s and %(wins)s moved. "
            "To undo it, split %(source)s back out under “Names merged into %(target)s”.",
            source=preview.source_name,
            target=preview.target_name,
            tables=ngettext("%(num)s table", "%(num)s tables", moved.tables),
            wins=ngettext("%(num)s win", "%(num)s wins", moved.won),
        )
    )
    return redirect(url_for("players.show", key=key))


@bp.post("/<player:key>/split")
def split(key: str) -> Any:
    """Undo a merge into this player: the other name counts as itself again."""
    merge_id = small_number(request.form.get("merge"))
    try:
        record = saved(lambda: undo_merge(merge_id if merge_id is not None else -1))
    except MergeRefused as exc:
        return refused(key, exc)
    name = display_name(record.source) or record.source
    flash(
        gettext(
            "Split back: “%(name)s” counts as a player of their own again, with their own "
            "tables and wins; %(player)s keeps the rest.",
            name=name,
            player=display_name(key) or key,
        )
    )
    return redirect(url_for("players.show", key=key))
