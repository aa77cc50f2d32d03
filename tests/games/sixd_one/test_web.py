"""Six D One on its play page, played the way a phone without JavaScript plays it: the board
typed as rows, a submit button per board cell; and on the site around it: its help page, the
new-table form, a stored table's story, CSV and log.  The live parts (static/js/grid.js) are
the browser tests' job."""

from __future__ import annotations

import html
import re

from referee.web.base.languages import COOKIE
from tests.games.seed_logs import check_story_csv_and_log, logged, play_pages
from tests.web.support import stored_moves

BOARD = "123456\n654321"  # two players' twelve dice in two full rows
FREE_CELL = re.compile(r'<button type="submit" name="cell" value="(\d+,\d+)"')


def text(response) -> str:
    return html.unescape(response.text)


def free_cells(table) -> list[str]:
    """The cells the page offers as buttons, in reading order."""
    return FREE_CELL.findall(table.page())


def test_the_roller_types_the_board_row_by_row(new_table, app):
    table = new_table("sixd-one", ("Ann", "Bo"))
    page = table.page()
    assert '<textarea name="board"' in page and 'name="action" value="board"' in page
    assert "Ann lays out the board" in page and "Roll 12 black dice" in page
    assert table.post(action="board", board="123456/654321").status_code == 302
    assert stored_moves(app, table)[-1]["board"] == [list("123456"), list("654321")]
    assert "Bo places first" in html.unescape(table.ruling())


def test_every_free_board_die_is_a_button_posting_its_cell(new_table):
    table = new_table("sixd-one", ("Ann", "Bo"))
    table.post(action="board", board="0343\n1226\n5110\n6600")
    assert free_cells(table) == [
        "0,1", "0,2", "0,3", "1,0", "1,1", "1,2", "1,3", "2,0", "2,1", "2,2", "3,0", "3,1"
    ]  # fmt: skip
    page = html.unescape(table.page())
    assert page.count('<span class="cell gap">') == 4  # the empty cells: drawn, not tappable
    assert 'aria-label="4 at row 1, column 3"' in page
    assert 'name="action" value="place"' in page


def test_a_lone_die_is_refused_and_the_typed_board_comes_back(new_table, app):
    table = new_table("sixd-one", ("Ann", "Bo"))
    response = table.post(action="board", board="123456\n654320\n000001")
    assert response.status_code == 422
    page = text(response)
    assert "A board die must touch another: the 1 at row 3, column 6 stands alone." in page
    assert "123456\n654320\n000001</textarea>" in page
    assert stored_moves(app, table) == []


def test_a_covered_die_takes_its_players_colour_and_is_no_longer_a_button(new_table, app):
    table = new_table("sixd-one", ("Ann", "Bo"))
    table.post(action="board", board=BOARD)
    assert table.post(action="place", cell="0,0").status_code == 302
    assert stored_moves(app, table)[-1] == {"player": "Bo", "type": "place", "cell": [0, 0]}
    page = html.unescape(table.page())
    assert "0,0" not in free_cells(table) and len(free_cells(table)) == 11
    assert 'class="gface v1 c-y" role="img" aria-label="Bo’s 1 at row 1, column 1"' in page
    assert 'class="cell last"' in page  # the die just placed is ringed
    assert "Ann to place" in page


def test_the_live_score_shows_each_players_groups(new_table):
    table = new_table("sixd-one", ("Ann", "Bo"))
    table.post(action="board", board=BOARD)
    for cell in ("0,0", "1,5", "0,1", "0,5"):  # Bo, Ann, Bo, Ann
        table.post(action="place", cell=cell)
    live = html.unescape(table.page()).split('class="live-groups"')[1].split("</table>")[0]
    # Bo: the 1 and 2 side by side, (1 + 2) x 2 = 6.  Ann: the 6 above the 1, (6 + 1) x 2 = 14.
    assert re.search(r"Bo.*?<td class=\"points\">6</td>", live, re.S)
    assert re.search(r"Ann.*?<td class=\"points\">14</td>", live, re.S)


def test_a_player_with_two_groups_sees_both(new_table):
    table = new_table("sixd-one", ("Ann", "Bo"))
    table.post(action="board", board=BOARD)
    for cell in ("0,0", "1,3", "0,5", "1,0"):  # Bo: the 1 at (0,0) and the 6 at (0,5)
        table.post(action="place", cell=cell)
    live = html.unescape(table.page()).split('class="live-groups"')[1]
    assert "1 + 6" in live and '<td class="points">7</td>' in live


def test_a_cell_that_is_covered_or_off_the_board_is_refused(new_table, app):
    table = new_table("sixd-one", ("Ann", "Bo"))
    table.post(action="board", board=BOARD)
    table.post(action="place", cell="0,0")
    response = table.post(action="place", cell="0,0")
    assert response.status_code == 422
    assert "That 1 is already covered by Bo." in text(response)
    response = table.post(action="place", cell="5,9")
    assert response.status_code == 422 and "There is no cell [5, 9]" in text(response)
    assert len(stored_moves(app, table)) == 2


def test_a_short_game_of_six_d_one_to_the_end(new_table, app):
    table = new_table("sixd-one", ("Ann", "Bo"), rounds_per_player=1)
    for round_ in (1, 2):
        page = html.unescape(table.page())
        assert f"Round {round_} of 2" in page
        assert table.post(action="board", board=BOARD).status_code == 302
        while cells := free_cells(table):
            assert table.post(action="place", cell=cells[0]).status_code == 302
    page = html.unescape(table.page())
    assert "Game over" in page and "2 rounds played" in page
    assert 'class="card over"' in page and "<textarea" not in page
    assert len(stored_moves(app, table)) == 2 + 24


def play_a_round(table) -> None:
    """Lay out ``BOARD`` and cover it, each player taking the first free die in turn."""
    assert table.post(action="board", board=BOARD).status_code == 302
    while cells := free_cells(table):
        assert table.post(action="place", cell=cells[0]).status_code == 302


ROUND_BOARD = re.compile(r'<details class="round-board"( open)?>\s*<summary>(.*?)</summary>', re.S)


def test_each_finished_rounds_board_stays_on_the_page_and_in_the_story(new_table):
    table = new_table("sixd-one", ("Ann", "Bo"), rounds_per_player=1)
    play_a_round(table)
    page = html.unescape(table.page())
    # Bo lays out the next board with round 1's board open below, what it scored beside it.
    assert "Bo lays out the board" in page
    ann, bo = (
        '<span class="round-player">'
        f'<span class="swatch c-{c}" aria-hidden="true"></span> {name} 42</span>'
        for c, name in (("r", "Ann"), ("y", "Bo"))
    )  # three pairs of 7 each
    summary = f'<span class="round-points">{ann} · {bo}</span>'
    assert ROUND_BOARD.findall(page) == [(" open", f"Round 1’s board {summary}")]
    assert page.count('aria-label="Ann’s ') == 6 and page.count('aria-label="Bo’s ') == 6
    # Under round 2's board in play, round 1's is folded.
    table.post(action="board", board=BOARD)
    page = html.unescape(table.page())
    assert ROUND_BOARD.findall(page) == [("", f"Round 1’s board {summary}")]
    while cells := free_cells(table):
        table.post(action="place", cell=cells[0])
    # At the end: every round's board, the last one open; and the same in the table's story.
    for url in (table.url, f"{table.url}/history"):
        page = html.unescape(table.client.get(url).text)
        found = ROUND_BOARD.findall(page)
        assert [(shown, words.split(" <")[0]) for shown, words in found] == [
            (" open", "Round 2’s board"),
            ("", "Round 1’s board"),
        ]
        assert 'aria-label="Round 1’s board"' in page


def test_every_position_of_a_stored_game_has_a_play_page(client, stored):
    play_pages(client, stored, logged("sixd-one-finished"))


# --- Around the play page ----------------------------------------------------------------------


def test_the_help_page_states_the_rulings_and_the_example(client):
    page = html.unescape(client.get("/games/sixd-one").text)
    for word in ["Six D One", "stands alone", "row 2, column 5", "47", "64", "120"]:
        assert word in page
    assert "share the win" in page


def test_the_new_table_form_offers_the_option_in_its_range(client):
    page = client.get("/tables/new/sixd-one").text
    assert 'name="opt_rounds_per_player"' in page
    assert 'min="1"' in page and 'max="3"' in page


def test_a_stored_table_has_its_story_csv_and_log(client, stored):
    check_story_csv_and_log(client, stored, logged("sixd-one-finished"))


def test_a_german_phone_reads_the_laid_out_board_and_the_cover_question_in_german(new_table, app):
    """The round's board is a move of its own in the story ("Ann's board"), and the grid's
    confirmation asks to cover a die: both in the phone's words, English as it was."""
    app.config["LANGUAGES"] = ("en", "de")
    table = new_table("sixd-one", ("Ann", "Bo"))
    assert table.post(action="board", board="123456/654321").status_code == 302
    story = f"{table.url}/history"
    assert "Ann's board" in text(table.client.get(story))
    assert 'data-ask="Cover"' in table.page()
    table.client.set_cookie(COOKIE, "de")
    german = text(table.client.get(story))
    assert "Ann: Brett" in german and "board<" not in german
    assert 'data-ask="Belegen"' in table.page()
