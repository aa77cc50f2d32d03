"""Six D Five on its play page, played the way a phone without JavaScript plays it: a die on
the stack one tap, a field per player's side; and on the site around it: its help page, the
new-table form, a stored table's story, CSV and log."""

from __future__ import annotations

import html

from tests.games.seed_logs import check_story_csv_and_log, logged, play_pages
from tests.web.support import stored_moves


def text(response) -> str:
    return html.unescape(response.text)


def test_a_die_on_the_stack_is_one_tap(new_table, app):
    table = new_table("sixd-five", ("Ann", "Bo"), dice=3)
    page = html.unescape(table.page())
    assert "Ann placed die 1" in page and "<b>3</b> dice left" in page
    assert table.post(action="place").status_code == 302
    page = html.unescape(table.page())
    assert "Bo placed die 2" in page and "1 of 3 dice on the stack" in page
    assert stored_moves(app, table) == [{"player": "Ann", "type": "place"}]


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
    assert stored_moves(app, table)[-1]["totals"] == {"Ann": 9, "Bo": 12}


def test_every_position_of_a_stored_game_has_a_play_page(client, stored):
    play_pages(client, stored, logged("sixd-five-finished"))


# --- Around the play page ----------------------------------------------------------------------


def test_the_help_page_states_the_rulings_and_the_example(client):
    page = html.unescape(client.get("/games/sixd-five").text)
    for word in ["Six D Five", "table's call", "falling stack", "0 to six times"]:
        assert word in page
    assert "share the win" in page


def test_the_new_table_form_offers_the_option_in_its_range(client):
    page = client.get("/tables/new/sixd-five").text
    assert 'name="opt_dice"' in page
    assert 'min="2"' in page and 'max="72"' in page


def test_a_stored_table_has_its_story_csv_and_log(client, stored):
    check_story_csv_and_log(client, stored, logged("sixd-five-finished"))
