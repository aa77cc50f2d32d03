"""Six D Four on its play page, played the way a phone without JavaScript plays it: a submit
button per square, what each square would capture carried for the live preview, the passes
the referee makes said in words; then the site around it: its help page with the board
drawn, a stored table's story, CSV and log."""

from __future__ import annotations

import html
import json
import re

import pytest

from referee.games.sixd_four import text as sixd_four_text
from referee.web.base.languages import COOKIE
from tests.games.seed_logs import check_story_csv_and_log, logged, play_pages
from tests.web.support import stored_moves

CELL = re.compile(r'<button type="submit" name="cell" value="(\d+,\d+)"')
PREVIEWS = re.compile(r"class=\"tap-board\"[^>]*data-previews='([^']*)'")


def page_of(table) -> str:
    return html.unescape(table.page())


def text(response) -> str:
    return html.unescape(response.text)


def cells(page: str) -> list[str]:
    """The cells the page offers as buttons, in reading order."""
    return CELL.findall(page)


def previews(page: str) -> dict:
    return json.loads(html.unescape(PREVIEWS.search(page).group(1)))


# --- Placing, capturing, passing --------------------------------------------------------------


def place_all(table, *spots) -> None:
    for spot in spots:
        assert table.post(action="place", cell=",".join(map(str, spot))).status_code == 302


def test_two_players_play_on_six_by_six_and_more_on_eight_by_eight(new_table):
    page = page_of(new_table("sixd-four", ("Ann", "Bo")))
    assert len(cells(page)) == 36 and "A 6 × 6 board. " in page
    assert "Ann places a red piece" in page and "6 red in hand" in page
    assert 'aria-label="empty square at row 1, column 1"' in page
    assert 'name="action" value="pass"' not in page
    page = page_of(new_table("sixd-four", ("Ann", "Bo", "Cy")))
    assert len(cells(page)) == 64 and "An 8 × 8 board. " in page


def test_a_placement_is_one_cell_and_the_piece_shows_in_its_colour(new_table, app):
    table = new_table("sixd-four", ("Ann", "Bo"))
    assert table.post(action="place", cell="2,3").status_code == 302
    assert stored_moves(app, table) == [{"player": "Ann", "type": "place", "cell": [2, 3]}]
    page = page_of(table)
    piece = '<span class="gface v0 c-r" role="img" aria-label="Ann’s red piece at row 3, column 4">'
    assert piece in page
    assert 'class="cell last" data-cell="2,3"' in page
    assert "Bo places a yellow piece" in page and len(cells(page)) == 35


def test_an_occupied_square_and_a_pass_with_pieces_in_hand_are_refused(new_table, app):
    table = new_table("sixd-four", ("Ann", "Bo"))
    table.post(action="place", cell="0,0")
    response = table.post(action="place", cell="0,0")
    assert response.status_code == 422
    assert "Row 1, column 1 already holds Ann's red piece." in text(response)
    response = table.post(action="pass")
    assert response.status_code == 422
    assert "A pass is only for a player with nothing to place: Bo holds 6 yellow pieces." in text(
        response
    )
    assert len(stored_moves(app, table)) == 1


def test_the_page_carries_what_each_square_would_capture(new_table):
    table = new_table("sixd-four", ("Ann", "Bo"))
    place_all(table, *sixd_four_text.OPENING, *sixd_four_text.BLACKS)
    said = previews(page_of(table))
    words, taken = said[",".join(map(str, sixd_four_text.DOUBLE))]
    assert words.startswith("Ann's red piece at row 3, column 3 captures Bo's yellow piece")
    assert taken == [[2, 3], [3, 2]]
    assert said["0,0"] == ["Ann's red piece at row 1, column 1: no capture.", []]


def test_a_double_capture_is_said_in_words_and_marked_on_the_board(new_table):
    table = new_table("sixd-four", ("Ann", "Bo"))
    place_all(table, *sixd_four_text.OPENING, *sixd_four_text.BLACKS, sixd_four_text.DOUBLE)
    page = page_of(table)
    assert (
        "Ann's red piece at row 3, column 3 captures Bo's yellow piece at row 3, column 4 "
        "(back to Bo) and a black piece at row 4, column 3 (Ann keeps it)." in page
    )
    assert 'class="cell captured was-y tap"' in page and 'class="cell captured was-k tap"' in page
    assert "what the last piece placed (ringed) captured" in page
    row = r"<tr class=\"\">\s*<th scope=\"row\">(<span[^>]*></span>)?Ann.*?<td>1</td>"
    assert re.search(row, page, re.S)


def test_passes_with_nothing_to_place_are_made_by_the_referee_and_said(new_table, app):
    table = new_table("sixd-four", ("Ann", "Bo"))
    place_all(table, *FULL_BOARD[:-1])
    page = page_of(table)
    assert 'name="action" value="pass"' not in page and len(cells(page)) == 1
    assert table.post(action="place", cell="0,2").status_code == 302
    page = page_of(table)  # the board is full: neither can place, both passes are made
    assert (
        "Ann and Bo had nothing to play but a pass: the referee made one for each; "
        "the game is over." in page
    )
    assert "Every player passed in a row. Game over: Ann wins with 2." in page
    assert "The final board" in page and 'name="action" value="pass"' not in page
    assert stored_moves(app, table)[-3:] == [
        {"player": "Bo", "type": "place", "cell": [0, 2]},
        {"player": "Ann", "type": "pass"},
        {"player": "Bo", "type": "pass"},
    ]
    assert "had nothing to play" not in page_of(table)  # said once, after the move


def test_undo_takes_back_the_forced_passes_with_the_move_that_forced_them(new_table, app):
    table = new_table("sixd-four", ("Ann", "Bo"))
    place_all(table, *FULL_BOARD)
    page = page_of(table)
    assert (
        "Undo Bo's placement at row 1, column 3, and what the referee made after it: "
        "Ann's pass, Bo's pass?" in page
    )
    assert "whole turn" not in page  # the single undo takes the same three moves
    assert table.post("undo").status_code == 302
    assert "Undone: Bo's placement at row 1, column 3, and what the referee made" in page_of(table)
    assert len(stored_moves(app, table)) == len(FULL_BOARD) - 1
    page = page_of(table)
    assert "Bo places a yellow piece (1 in hand)." in page and cells(page) == ["0,2"]


def test_a_german_phone_reads_the_forced_passes_and_the_place_question_in_german(new_table, app):
    """The last move with what the referee made after it (the undo, the big screen, the
    live poll) and the grid's confirmation, in the phone's words."""
    app.config["LANGUAGES"] = ("en", "de")
    table = new_table("sixd-four", ("Ann", "Bo"))
    assert 'data-ask="Place on"' in page_of(table)
    place_all(table, *FULL_BOARD)
    table.client.set_cookie(COOKIE, "de")
    forced = "Bo: Setzen bei Reihe 1, Spalte 3, dazu die Eingaben des Schiedsrichters danach: "
    said = forced + "Ann: Pass, Bo: Pass"
    assert f"{said} zurücknehmen?" in page_of(table)
    assert f"Letzte Eingabe: {said}" in text(table.client.get(f"{table.url}/screen"))
    assert table.client.get(f"{table.url}/live").json["last"] == said
    assert table.post("undo").status_code == 302
    assert 'data-ask="Setzen"' in page_of(table)


# Fifty placements that fill a 6 x 6 board, with captures on the way (a red piece takes a
# yellow one and two black ones at once at the 41st): then both players pass.
FULL_BOARD = [
    (5, 3), (0, 3), (3, 3), (0, 2), (4, 4), (1, 5), (3, 4), (4, 0), (2, 2), (5, 2),
    (0, 1), (2, 5), (1, 4), (3, 0), (1, 3), (1, 1), (0, 0), (0, 1), (2, 3), (3, 1),
    (2, 0), (2, 4), (5, 5), (4, 5), (0, 5), (0, 4), (1, 0), (0, 0), (4, 3), (5, 1),
    (4, 2), (5, 0), (5, 2), (4, 1), (2, 1), (4, 0), (5, 4), (2, 2), (3, 5), (2, 5),
    (1, 5), (0, 5), (2, 5), (1, 5), (3, 4), (1, 4), (3, 2), (1, 2), (3, 3), (0, 2),
]  # fmt: skip


# --- Every position of the stored games --------------------------------------------------------


@pytest.mark.parametrize("name", ["sixd-four-finished", "sixd-four-in-progress"])
def test_every_position_of_a_stored_game_has_a_play_page(client, stored, name):
    log = logged(name)
    for n, page in enumerate(play_pages(client, stored, log)):
        over = 'class="card over"' in page
        assert over == (n == len(log.moves) and name.endswith("finished"))
        # Something to tap: a form with a move in it, unless the game is over.
        assert over or 'name="action"' in page.split('class="undo"')[0]


# --- Around the play page ----------------------------------------------------------------------


def test_the_help_page_states_the_rulings_and_the_example(client):
    page = html.unescape(client.get("/games/sixd-four").text)
    for word in ["Six D Four", "(Ann keeps it)", "(back to Bo)", "Passing"]:
        assert word in page
    assert "share the win" in page


def test_the_six_d_four_example_draws_the_empty_squares_of_the_board(client):
    page = client.get("/games/sixd-four").text
    # Two boards: 13 pieces before the double capture, 12 after it.
    assert page.count('class="square"') == (36 - 13) + (36 - 12)


def test_a_stored_table_has_its_story_csv_and_log(client, stored):
    check_story_csv_and_log(client, stored, logged("sixd-four-finished"), everyone_scores=False)
