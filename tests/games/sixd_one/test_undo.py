"""Undo at a Six D One table: a round's board sets the table up, a turn of its own."""

from __future__ import annotations

import html

from tests.web.support import flash, seated, seed_opening, stored_moves, undo_box, undo_turn, words


def test_six_d_one_a_rounds_board_is_undone_on_its_own(client, stored, app):
    log = seed_opening("sixd-one-in-progress", 21)  # round 2: Noor's board, Olek's placement
    table = seated(client, stored, log)
    assert "whole turn" not in undo_box(table)
    assert flash(undo_turn(table), table) == "Undone: Olek's placement at row 3, column 4."
    assert stored_moves(app, table) == list(log.moves[:20])
    box = words(undo_box(table))
    assert "Undo Noor's board?" in box and "whole turn" not in box
    assert flash(undo_turn(table), table) == "Undone: Noor's board."
    assert stored_moves(app, table) == list(log.moves[:19])


def test_the_help_page_says_the_setup_is_undone_on_its_own(client):
    page = html.unescape(client.get("/games/sixd-one").text)
    phone = page[page.index("<h2>On the phone</h2>") :]
    assert "A round's board is a turn of its own for undo" in words(phone)
