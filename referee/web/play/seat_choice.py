"""Choosing a seat from the play page: sit in a player's seat, take one over, be a table
phone or only watch (``referee.web.access.seats`` keeps the claims)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, request, url_for
from flask_babel import gettext

from referee.core.sentences import say
from referee.web.access.rights import check_can_change
from referee.web.access.seats import answered, leave, phone_id, sit, watch
from referee.web.guard.limits import limit_client_writes
from referee.web.play.page import render_play
from referee.web.storage.loading import load, table_or_404
from referee.web.storage.store import TableMoved

bp = Blueprint("seats", __name__)

SEATS_MOVED = say(
    "Another phone changed this table’s seats at the same instant: nothing was changed. "
    "Here is the table as it stands now; choose again."
)


@bp.post("/t/<token:token>/seat")
@limit_client_writes
def choose(token: str) -> Any:
    """Sit this phone in a seat (``as`` = the seat's number from 0), make it a table phone
    (``table``) or a watcher (``watch``); a seat another phone holds is refused with the
    choices left, unless ``take_over`` says to take it.  Every choice costs this phone's
    write limit; none spends the table's (a seat is the phone's own claim, not a change to
    the game), so no phone's choosing can hold up the players' moves."""
    table = table_or_404(token)
    check_can_change(table)
    table_id, players = table.id, list(table.players)
    choice = request.form.get("as", "")
    me = phone_id(create=True)
    assert me is not None
    if choice not in ("table", "watch") and not (
        choice.isascii() and choice.isdigit() and len(choice) <= 2 and int(choice) < len(players)
    ):
        return render_play(load(table), status=400, error=say("Choose one of the table’s seats."))
    answered(token)
    try:
        if choice in ("table", "watch"):
            leave(table_id, me)
            watch(token, choice == "watch")
            flash(
                gettext("This phone now only watches.")
                if choice == "watch"
                else gettext("This phone is now a table phone: it enters every player’s moves.")
            )
            return redirect(url_for("tables.play", token=token, _anchor="now"))
        seat, take_over = int(choice), request.form.get("take_over") == "yes"
        sat = sit(table_id, seat, me, take_over)
    except TableMoved:  # the table was deleted meanwhile (404), or the database said wait
        return render_play(load(table_or_404(token)), status=409, error=SEATS_MOVED)
    name = players[seat]
    if not sat:
        error = say(
            "{player}’s seat is already taken by another phone. This phone can watch, be a "
            "table phone, or take {player}’s seat over (that phone becomes a table phone).",
            player=name,
        )
        return render_play(load(table_or_404(token)), status=409, error=error, seat_taken=seat)
    watch(token, False)
    flash(
        gettext("This phone is now %(player)s’s seat: it enters %(player)s’s moves.", player=name)
    )
    return redirect(url_for("tables.play", token=token, _anchor="now"))
