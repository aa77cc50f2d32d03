"""Undo at a Six D Two table: the pool and the end of a round set the table up, each a turn
of its own."""

from __future__ import annotations

import html

from referee.log import GameLog
from tests.web.support import flash, seated, seed_opening, stored_moves, undo_box, undo_turn, words


def test_six_d_two_undoing_the_first_take_leaves_the_pool(client, stored, app):
    log = seed_opening("sixd-two-in-progress", 2)  # Pia enters the pool, then takes
    table = seated(client, stored, log)
    box = words(undo_box(table))
    assert "Undo Pia's take red 5 and red 6?" in box and "whole turn" not in box
    assert flash(undo_turn(table), table) == "Undone: Pia's take red 5 and red 6."
    assert stored_moves(app, table) == list(log.moves[:1])
    box = words(undo_box(table))
    assert "Undo Pia's pool red 3, red 5, red 1" in box and "whole turn" not in box
    assert flash(undo_turn(table), table).startswith(
        "Undone: Pia's pool red 3, red 5, red 1, red 6"
    )
    assert stored_moves(app, table) == []


def test_six_d_two_a_later_rounds_pool_is_undone_on_its_own(client, stored, app):
    log = seed_opening("sixd-two-in-progress", 13)  # ... Quin rolls round 2's pool and takes
    table = seated(client, stored, log)
    assert "whole turn" not in undo_box(table)
    assert flash(undo_turn(table), table) == "Undone: Quin's take blue 6 and blue 6."
    assert stored_moves(app, table) == list(log.moves[:12])


def test_six_d_two_the_end_of_a_round_is_not_undone_with_the_next_rounds_take(client, stored, app):
    """Ann takes, Bo declares round 1 over, and Bo opens round 2 with a take: undoing Bo's
    turn takes back the take alone, and round 2 is still under way."""
    moves = (
        {"player": "Ann", "type": "take", "dice": ["4r", "2r"]},
        {"player": "Bo", "type": "end"},
        {"player": "Bo", "type": "take", "dice": ["6k", "6k"]},
    )
    table = seated(client, stored, GameLog("sixd-two", ("Ann", "Bo"), {"rounds": 2}, moves))
    assert "whole turn" not in undo_box(table)
    assert flash(undo_turn(table), table) == "Undone: Bo's take black 6 and black 6."
    assert stored_moves(app, table) == list(moves[:2])
    assert "Round 2 of 2" in table.ruling()
    assert flash(undo_turn(table), table) == "Undone: Bo's end of the round."
    assert stored_moves(app, table) == list(moves[:1])


def test_the_help_page_says_the_setup_is_undone_on_its_own(client):
    page = html.unescape(client.get("/games/sixd-two").text)
    phone = page[page.index("<h2>On the phone</h2>") :]
    assert "The pool and the end of a round are each a turn of their own for undo" in words(phone)
