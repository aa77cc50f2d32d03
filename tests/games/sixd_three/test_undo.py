"""Undo at a Six D Three table: the black grid, the dice put back in the box and each hand
of the opening deal set the table up, undone one at a time; a whole-turn undo of the play
after them (a placement and its draw) leaves them in place."""

from __future__ import annotations

import html

from tests.web.support import flash, seated, seed_opening, stored_moves, undo_box, undo_turn, words


def test_six_d_three_setup_moves_go_one_at_a_time(client, stored, app):
    log = seed_opening("sixd-three-in-progress", 3)  # Wren: the grid, two dice out, a hand
    table = seated(client, stored, log)
    assert "whole turn" not in undo_box(table)
    assert flash(undo_turn(table), table) == "Undone: Wren's draw green 5, orange 2 and purple 3."
    assert stored_moves(app, table) == list(log.moves[:2])
    assert flash(undo_turn(table), table) == "Undone: Wren's dice put back in the box."
    assert flash(undo_turn(table), table) == "Undone: Wren's black grid."
    assert stored_moves(app, table) == []


def test_six_d_three_whole_turn_undo_takes_the_placement_and_its_draw_and_leaves_the_deal(
    client, stored, app
):
    log = seed_opening("sixd-three-in-progress", 8)  # the deal, then Wren places and draws
    table = seated(client, stored, log)
    box = words(undo_box(table))
    assert "Undo Wren's whole turn (2 moves: placement, draw)" in box
    assert "Undo all 2 of its moves? placement at row 5, column 1 draw blue 4" in box
    said = flash(undo_turn(table), table)
    assert said == "Undone: Wren's whole turn (2 moves: placement at row 5, column 1; draw blue 4)."
    assert stored_moves(app, table) == list(log.moves[:6])
    assert "Wren may re-roll one die, then places one." in table.ruling()


def test_the_help_page_says_the_setup_is_undone_on_its_own(client):
    page = html.unescape(client.get("/games/sixd-three").text)
    phone = page[page.index("<h2>On the phone</h2>") :]
    assert "each hand of the opening deal are undone one at a time" in words(phone)
