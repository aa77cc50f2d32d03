"""Undo at a Six D Six table: the rolled square sets the table up, a turn of its own; a
whole-turn undo of the play after it (a take and its slide) leaves it in place."""

from __future__ import annotations

import html

from tests.web.support import flash, seated, seed_opening, stored_moves, undo_box, undo_turn, words


def test_six_d_six_whole_turn_undo_takes_the_take_and_its_slide_and_leaves_the_square(
    client, stored, app
):
    log = seed_opening("sixd-six-in-progress", 3)  # Gus: the square, a take, its slide
    table = seated(client, stored, log)
    box = words(undo_box(table))
    assert "Undo Gus's whole turn (2 moves: take, slid board)" in box
    assert "rolled square" not in box
    assert (
        "Gus's turn is over. Undo all 2 of its moves? take slid board "
        "Then Gus plays the turn again from its start. Yes, undo all 2 moves" in box
    )
    said = flash(undo_turn(table), table)
    assert said == "Undone: Gus's whole turn (2 moves: take; slid board)."
    assert stored_moves(app, table) == list(log.moves[:1])
    assert "Gus takes a set" in table.ruling()


def test_right_after_the_square_undo_takes_back_the_square_alone(client, stored, app):
    table = seated(client, stored, seed_opening("sixd-six-in-progress", 1))
    box = words(undo_box(table))
    assert "Undo Gus's rolled square?" in box and "whole turn" not in box
    assert flash(undo_turn(table), table) == "Undone: Gus's rolled square."
    assert stored_moves(app, table) == []


SQUARE = [  # six of each colour; the top row's red 1 2 3 is a set, and taking it leaves no gap
    "1r 2r 3r 4g 4b 4y",
    "5r 6g 6r 1g 2p 4o",
    "2y 3y 5y 1b 3p 6o",
    "6y 3y 4r 2b 5p 1o",
    "3g 5g 2g 3b 6p 2o",
    "5b 6b 4p 1p 3o 5o",
]


def test_six_d_six_first_take_entered_on_the_page_is_undone_without_the_square(new_table, app):
    """The issue's table: Ann types the square, then takes a set that leaves no gap.  The
    undo box offers no whole turn of "rolled square, take": the take is Ann's turn."""
    table = new_table("sixd-six", ("Ann", "Bo"))
    rows = [row.split() for row in SQUARE]
    numbers = "\n".join("".join(d[0] for d in row) for row in rows)
    colours = "\n".join("".join(d[1] for d in row) for row in rows)
    assert table.post(action="board", board=numbers, colours=colours).status_code == 302
    cells = ["0,0", "0,1", "0,2"]
    assert table.post(action="take", cell=cells, place=cells).status_code == 302
    assert [m["type"] for m in stored_moves(app, table)] == ["board", "take"]
    box = words(undo_box(table))
    assert "Undo Ann's take?" in box and "whole turn" not in box
    assert flash(undo_turn(table), table) == "Undone: Ann's take."
    assert [m["type"] for m in stored_moves(app, table)] == ["board"]
    assert "Ann takes a set" in table.ruling()


def test_the_help_page_says_the_setup_is_undone_on_its_own(client):
    page = html.unescape(client.get("/games/sixd-six").text)
    phone = page[page.index("<h2>On the phone</h2>") :]
    assert "The rolled square is a turn of its own for undo" in words(phone)
