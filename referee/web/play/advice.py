"""The odds at a table (issue 17): shown when the table has switched them on.

Whether a table sees the odds is a table setting, kept on the table's row and never in
its log.  The figures come from the game (``advice``) and are computed for the page that
shows them (``page.render_play``), never while a move is written.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, request, url_for

from referee.core.sentences import say
from referee.games import all_games, has_own
from referee.web.access.rights import check_can_change
from referee.web.access.seats import seating
from referee.web.base.inputs import version_shown
from referee.web.base.models import GameTable
from referee.web.guard.limits import limit_client_writes, table_write
from referee.web.play.page import stale
from referee.web.storage.loading import table_or_404
from referee.web.storage.store import TableMoved, show_odds

bp = Blueprint("advice", __name__)
SWITCH = {"on": True, "off": False}


def work_out_odds() -> None:
    """Ask every game that gives advice for it once, at a new table: each works out and
    keeps the tables its odds are read from (0.2-0.3 s a game, once per process)."""
    for game in all_games():
        if has_own(game, "advice"):
            seats = min(max(2, game.MIN_PLAYERS), game.MAX_PLAYERS)  # two: a game-level view too
            players = tuple(f"Player {n}" for n in range(1, seats + 1))
            game.advice(game.start(players, {o.name: o.default for o in game.OPTIONS}))


@bp.post("/t/<token:token>/odds")
@limit_client_writes
def switch(token: str) -> Any:
    """Switch the odds on or off for everyone at the table (a watching phone may not), as a
    claim of the version the page showed (``version``), like a move: a switch posted from
    a page the table has moved on from is told so (409) and changes nothing."""
    table: GameTable = table_or_404(token)
    check_can_change(table)
    wanted = SWITCH.get(request.form.get("odds", ""))
    if wanted is None:
        abort(400, say("Say whether the odds are to be shown: on or off."))
    shown = version_shown(request.form.get("version"))
    if shown is None:
        abort(400, say("The odds form was incomplete: nothing was changed."))
    sitting = seating(table, others=False)
    if sitting.watching:
        abort(403, sitting.refusal(None))
    try:
        with table_write(token):
            show_odds(table.id, shown, wanted)
    except TableMoved:  # a move, another switch or a delete got there first
        return stale(token)
    return redirect(url_for("tables.play", token=token, _anchor="odds" if wanted else "now"))
