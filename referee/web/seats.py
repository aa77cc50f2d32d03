"""Seats at a table: a phone may say "I am Ann", stay a table phone passed round (the
default), or only watch.

A seat is held in the database (``SeatClaim``: one phone per seat, enforced by a unique
key, so two phones asking at the same instant cannot both get it), the phone by a random
id in its signed session.  A seated phone enters only the moves of its own seat, and the
table's own moves while nobody is to move; a watching phone enters none.  Another phone
may take a seat over only by saying so: the phone that had it becomes a table phone.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, flash, redirect, request, session, url_for
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from referee.web.access import check_can_change
from referee.web.extensions import db
from referee.web.models import GameTable, SeatClaim
from referee.web.store import load

bp = Blueprint("seats", __name__)

PHONE = "phone"  # the session key of this phone's id
WATCHING = "watching"  # the session key of the tables this phone only watches
MAX_WATCHED = 20


@dataclass(frozen=True)
class Seating:
    """How this phone sits at a table: in a seat (``seat`` is the player's name), only
    watching, or neither (a table phone); and the seats other phones hold."""

    seat: str | None
    watching: bool
    taken: frozenset[str]

    def refusal(self, player: str | None) -> str | None:
        """Why this phone may not enter a move for ``player`` (None: the table's own move),
        or None when it may."""
        if self.watching:
            return (
                "This phone only watches this table: choose a seat or make it a table phone "
                "to enter moves. Nothing was changed."
            )
        if self.seat and player and player != self.seat:
            return (
                f"This phone sits in {self.seat}’s seat: {player}’s move is for {player}’s "
                "phone or a table phone to enter. Nothing was changed."
            )
        return None


def phone_id(create: bool = False) -> str | None:
    """This phone's id from its session (made on first need when ``create``)."""
    if PHONE not in session and create:
        session[PHONE] = secrets.token_hex(16)
    return session.get(PHONE)


def seating(table: GameTable, *, others: bool = True) -> Seating:
    """How this phone sits at ``table``.  ``others=False``: a post needs only this phone's
    own seat, so a phone that never sat anywhere is answered without reading the seats."""
    me = phone_id()
    if me is None and not others:
        return Seating(None, table.token in session.get(WATCHING, []), frozenset())
    claims = db.session.execute(
        select(SeatClaim.seat, SeatClaim.phone).where(SeatClaim.table_id == table.id)
    ).all()
    seat = next((table.players[s] for s, phone in claims if phone == me and me), None)
    taken = frozenset(table.players[s] for s, phone in claims if phone != me)
    return Seating(seat, table.token in session.get(WATCHING, []), taken)


def _watch(table: GameTable, on: bool) -> None:
    watched = [t for t in session.get(WATCHING, []) if t != table.token]
    session[WATCHING] = ([table.token] if on else []) + watched[: MAX_WATCHED - 1]


def _leave(table: GameTable, me: str) -> None:
    db.session.execute(
        delete(SeatClaim).where(SeatClaim.table_id == table.id, SeatClaim.phone == me)
    )


def _sit(table: GameTable, seat: int, me: str, take_over: bool) -> bool:
    """Give this phone ``seat``; False when another phone holds it and this one did not
    ask to take it over."""
    held = db.session.scalar(
        select(SeatClaim).where(SeatClaim.table_id == table.id, SeatClaim.seat == seat)
    )
    if held is not None and held.phone == me:
        return True
    if held is not None and not take_over:
        return False
    _leave(table, me)
    if held is not None:
        held.phone = me
    else:
        db.session.add(SeatClaim(table_id=table.id, seat=seat, phone=me))
    try:
        db.session.commit()
    except IntegrityError:  # another phone sat down at the same instant
        db.session.rollback()
        return False
    return True


@bp.post("/t/<token:token>/seat")
def choose(token: str) -> Any:
    """Sit this phone in a seat (``as`` = the seat's number from 0), make it a table phone
    (``table``) or a watcher (``watch``); a seat another phone holds is refused with the
    choices left, unless ``take_over`` says to take it."""
    # The play page is the tables module's, which imports this one for ``seating``.
    from referee.web.tables import render_play, table_or_404

    table = table_or_404(token)
    check_can_change(table)
    choice = request.form.get("as", "")
    me = phone_id(create=True)
    assert me is not None
    if choice in ("table", "watch"):
        _leave(table, me)
        db.session.commit()
        _watch(table, choice == "watch")
        flash(
            "This phone now only watches."
            if choice == "watch"
            else "This phone is now a table phone: it enters every player’s moves."
        )
        return redirect(url_for("tables.play", token=token))
    if not (choice.isascii() and choice.isdigit() and len(choice) <= 2) or int(choice) >= len(
        table.players
    ):
        return render_play(load(table), status=400, error="Choose one of the table’s seats.")
    name = table.players[int(choice)]
    if not _sit(table, int(choice), me, request.form.get("take_over") == "yes"):
        error = (
            f"{name}’s seat is already taken by another phone. This phone can watch, be a "
            f"table phone, or take {name}’s seat over (that phone becomes a table phone)."
        )
        return render_play(load(table), status=409, error=error, seat_taken=int(choice))
    _watch(table, False)
    flash(f"This phone is now {name}’s seat: it enters {name}’s moves.")
    return redirect(url_for("tables.play", token=token))
