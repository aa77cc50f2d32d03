"""Six D One, Two and Five on their play pages, played the way a phone without JavaScript
plays them: the board typed as rows, a submit button per board cell, a field per colour,
a field per player's side.  The live parts (static/js/grid.js) are the browser tests' job."""

from __future__ import annotations

import dataclasses
import html
import re
from pathlib import Path

import pytest

from referee.log import loads
from referee.web.storage.store import table_by_token
from tests.test_shared_code import either, game_modules, game_slugs

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "seeds"
BOARD = "123456\n654321"  # two players' twelve dice in two full rows
FREE_CELL = re.compile(r'<button type="submit" name="cell" value="(\d+,\d+)"')


def moves(app, table):
    with app.app_context():
        return [m.data for m in table_by_token(table.token).moves]


def text(response) -> str:
    return html.unescape(response.text)


def free_cells(table) -> list[str]:
    """The cells the page offers as buttons, in reading order."""
    return FREE_CELL.findall(table.page())


def logged(name: str):
    return loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))


# --- Six D One ---------------------------------------------------------------------------------


def test_the_roller_types_the_board_row_by_row(new_table, app):
    table = new_table("sixd-one", ("Ann", "Bo"))
    page = table.page()
    assert '<textarea name="board"' in page and 'name="action" value="board"' in page
    assert "Ann lays out the board" in page and "Roll 12 black dice" in page
    assert table.post(action="board", board="123456/654321").status_code == 302
    assert moves(app, table)[-1]["board"] == [list("123456"), list("654321")]
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
    assert moves(app, table) == []


def test_a_covered_die_takes_its_players_colour_and_is_no_longer_a_button(new_table, app):
    table = new_table("sixd-one", ("Ann", "Bo"))
    table.post(action="board", board=BOARD)
    assert table.post(action="place", cell="0,0").status_code == 302
    assert moves(app, table)[-1] == {"player": "Bo", "type": "place", "cell": [0, 0]}
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
    assert len(moves(app, table)) == 2


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
    assert len(moves(app, table)) == 2 + 24


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


# --- Six D Two ---------------------------------------------------------------------------------


def test_without_a_pool_a_take_is_a_colour_and_two_values(new_table, app):
    table = new_table("sixd-two", ("Ann", "Bo"))
    page = table.page()
    assert page.count('name="colour"') == 7 and 'name="values"' in page
    assert table.post(action="take", colour="g", values="45").status_code == 302
    assert moves(app, table)[-1] == {"player": "Ann", "type": "take", "dice": ["4g", "5g"]}
    assert "Ann took the green 4 and 5: 9 pips" in html.unescape(table.ruling())


def test_the_pool_is_entered_colour_by_colour_then_taken_from_by_tapping(new_table, app):
    table = new_table("sixd-two", ("Ann", "Bo"))
    page = table.page()
    for colour in "rygbopk":
        assert f'name="pool_{colour}"' in page
    assert table.post(action="roll", pool_r="35", pool_k="6116").status_code == 302
    assert moves(app, table)[-1]["dice"] == ["3r", "5r", "6k", "1k", "1k", "6k"]
    page = html.unescape(table.page())
    assert 'name="pool_r"' not in page and 'name="values"' not in page
    # The pool left by colour, each die a checkbox posting its index in the pool.
    picks = re.findall(r'name="pick" value="(\d+)" data-colour="(\w)" data-value="(\d)"', page)
    assert picks == [("0", "r", "3"), ("1", "r", "5"), ("3", "k", "1"), ("4", "k", "1"),
                     ("2", "k", "6"), ("5", "k", "6")]  # fmt: skip
    assert table.post(action="take", pick=["3", "4"]).status_code == 302
    assert moves(app, table)[-1]["dice"] == ["1k", "1k"]


def test_two_dice_of_two_colours_are_refused_and_stay_ticked(new_table, app):
    table = new_table("sixd-two", ("Ann", "Bo"))
    table.post(action="roll", pool_r="35", pool_k="66")
    response = table.post(action="take", pick=["0", "2"])
    assert response.status_code == 422
    page = text(response)
    assert "The two dice of a take share one colour" in page
    assert re.search(r'value="0" data-colour="r"[^>]*checked', page)
    assert len(moves(app, table)) == 1


def test_ending_a_round_with_a_pair_left_asks_first(new_table, app):
    table = new_table("sixd-two", ("Ann", "Bo"), rounds=2)
    table.post(action="roll", pool_r="35", pool_k="66")
    response = table.post(action="end")
    assert response.status_code == 422
    page = text(response)
    assert "The pool still holds a red or black pair: end round 1 anyway?" in page
    assert (
        "Yes, end the round" in page and "bank" not in page.split('class="card confirm"')[1][:400]
    )
    assert table.post(action="end", confirm="1").status_code == 302
    assert moves(app, table)[-1] == {"player": "Ann", "type": "end"}
    assert "Round 2 of 2" in html.unescape(table.page())


def test_ruling_pool_of_any_size_on_the_page(new_table, app):
    """docs/rulings.md, sixd-two: a pool of any number of dice, and of one colour, is entered."""
    table = new_table("sixd-two", ("Ann", "Bo"), rounds=2)
    assert table.post(action="roll", pool_r="1234561234561").status_code == 302
    assert moves(app, table)[-1]["dice"] == [f"{v}r" for v in "1234561234561"]
    page = html.unescape(table.page())
    assert "Ann entered a pool of 13 dice: red 1 1 1 2 2 3 3 4 4 5 5 6 6." in page
    assert len(re.findall(r'name="pick" value="\d+" data-colour="r"', page)) == 13
    one = new_table("sixd-two", ("Ann", "Bo"), rounds=2)
    assert one.post(action="roll", pool_g="4").status_code == 302
    assert moves(app, one)[-1]["dice"] == ["4g"]
    page = html.unescape(one.page())
    assert "Ann entered a pool of 1 die: green 4. No colour has two dice" in page
    assert "Round 2 of 2" in page


def test_a_pool_over_a_moves_limit_is_refused_and_nothing_stored(new_table, app):
    table = new_table("sixd-two", ("Ann", "Bo"))
    response = table.post(action="roll", pool_r="6" * 100, pool_k="1" * 101)
    assert response.status_code == 422
    assert "A move lists at most 200 dice; this one lists 201." in text(response)
    assert moves(app, table) == []


def test_a_short_game_of_six_d_two_to_the_end(new_table, app):
    table = new_table("sixd-two", ("Ann", "Bo"), rounds=1)
    table.post(action="roll", pool_g="1234", pool_p="5")
    table.post(action="take", pick=["2", "3"])  # Ann: the green 3 and 4
    table.post(action="take", pick=["0", "1"])  # Bo: the green 1 and 2; no pair is left
    page = html.unescape(table.page())
    assert "No colour has two dice left" in page and "Game over: Ann wins with 7." in page
    assert "1 round played" in page and 'name="action"' not in page.split("Undo")[0]


# --- Six D Five --------------------------------------------------------------------------------


def test_a_die_on_the_stack_is_one_tap(new_table, app):
    table = new_table("sixd-five", ("Ann", "Bo"), dice=3)
    page = html.unescape(table.page())
    assert "Ann placed die 1" in page and "<b>3</b> dice left" in page
    assert table.post(action="place").status_code == 302
    page = html.unescape(table.page())
    assert "Bo placed die 2" in page and "1 of 3 dice on the stack" in page
    assert moves(app, table) == [{"player": "Ann", "type": "place"}]


def test_the_last_die_is_said_in_a_sentence(new_table):
    table = new_table("sixd-five", ("Ann", "Bo"), dice=2)
    table.post(action="place")
    table.post(action="place")
    assert html.unescape(table.ruling()) == (
        "Bo placed the last die, 2 of 2. Ann enters the pips showing on each side."
    )


def test_a_table_of_one_move_says_1_move(new_table, client):
    table = new_table("sixd-five", ("Ann", "Bo"), dice=2)
    table.post(action="place")
    for url in ("/", "/history"):
        page = html.unescape(client.get(url).text)
        assert "1 move · " in page and "1 moves" not in page


def test_the_sides_are_typed_per_player_and_checked(new_table, app):
    table = new_table("sixd-five", ("Ann", "Bo"), dice=2)
    table.post(action="place")
    table.post(action="place")
    page = html.unescape(table.page())
    assert "Ann counts the sides" in page and "0 to 12" in page
    assert 'name="side0"' in page and 'name="side1"' in page
    response = table.post(action="sides", side0="9", side1="13")
    assert response.status_code == 422
    assert "Bo's side shows 0 to 12 pips with 2 dice, not 13." in text(response)
    assert 'name="side0" inputmode="numeric"' in response.text and 'value="9"' in response.text
    assert table.post(action="sides", side0="9", side1="12").status_code == 302
    page = html.unescape(table.page())
    assert "Bo wins with 12" in page and 'class="card over"' in page
    assert moves(app, table)[-1]["totals"] == {"Ann": 9, "Bo": 12}


# --- Every position of the stored games, and the shared grid --------------------------------


@pytest.mark.parametrize("name", ["sixd-one-finished", "sixd-two-finished", "sixd-five-finished"])
def test_every_position_of_a_stored_game_has_a_play_page(client, stored, name):
    log = logged(name)
    tokens = stored(
        *(dataclasses.replace(log, moves=log.moves[:n]) for n in range(len(log.moves) + 1))
    )
    for token in tokens:
        response = client.get(f"/t/{token}")
        assert response.status_code == 200
        assert 'class="ruling"' in response.text


@pytest.mark.parametrize("slug", ["sixd-one", "sixd-two"])
def test_the_grid_pages_link_the_shared_grid_files(client, new_table, slug):
    page = new_table(slug, ("Ann", "Bo")).page()
    for path in ("/static/css/grid.css", "/static/js/grid.js"):
        assert path in page
        response = client.get(path)
        assert response.status_code == 200
        response.close()


def test_the_shared_grid_files_name_no_game():
    slugs, modules = game_slugs(), game_modules()
    spelled = re.compile(
        rf"[\"'/]{either(slugs)}[\"'/.]|\b{either(modules)}\.[A-Za-z_]|import {either(modules)}\b"
    )
    for path in ("templates/_grid.html", "static/js/grid.js", "static/css/grid.css"):
        for line in (ROOT / path).read_text(encoding="utf-8").splitlines():
            assert not spelled.search(line), f"{path}: {line.strip()}"
