"""Solitaire Dice through the play page: shared rolls, listed splits, refusals, closing."""

from __future__ import annotations

import html

from referee.web.base.languages import COOKIE
from referee.web.storage.loading import table_by_token


def roll(table, *values):
    return table.post(action="roll", **{f"d{i}": str(v) for i, v in enumerate(values)})


def assign(table, split, player=None):
    fields = {"action": "assign", "split": split}
    if player:
        fields["player"] = player
    return table.post(**fields)


def stored(app, table_id):
    with app.app_context():
        return [m.data for m in table_by_token(table_id).moves]


def test_page_lists_each_legal_split_with_its_effect(new_table):
    table = new_table("solitaire", ("Sid",))
    roll(table, 1, 1, 3, 5, 6)
    page = html.unescape(table.page())
    assert "Sid: split" in page
    assert 'value="1,5|1,6|3"' in page or 'value="1,6|1,5|3"' in page
    assert "−400 · new throwaway" in page


def test_assign_marks_the_sheet(new_table, app):
    table = new_table("solitaire", ("Sid",))
    roll(table, 1, 1, 3, 5, 6)
    assert assign(table, "1,5|1,6|3", "Sid").status_code == 302
    assert stored(app, table.token)[-1] == {
        "type": "assign",
        "pairs": [["1", "5"], ["1", "6"]],
        "throwaway": "3",
        "player": "Sid",
    }
    assert "Sid: 6 and 7, throw away 3 (new throwaway) — 1 of 8" in html.unescape(table.ruling())


def test_split_that_is_not_the_roll_is_refused(new_table, app):
    table = new_table("solitaire", ("Sid",))
    roll(table, 1, 1, 3, 5, 6)
    response = assign(table, "2,5|1,6|3", "Sid")
    assert response.status_code == 422
    assert len(stored(app, table.token)) == 1


def test_malformed_split_field_is_refused(new_table):
    table = new_table("solitaire", ("Sid",))
    roll(table, 1, 1, 3, 5, 6)
    response = assign(table, "1,5,1,6")
    assert response.status_code == 422 and "two pairs and one throwaway" in response.text


def test_wrong_dice_count_is_refused(new_table, app):
    table = new_table("solitaire", ("Sid",))
    response = table.post(action="roll", **{f"d{i}": "2" for i in range(6)})
    assert response.status_code == 422 and "rolls 5 dice" in response.text
    assert stored(app, table.token) == []


def test_shared_roll_waits_for_every_sheet(new_table, app):
    table = new_table("solitaire", ("Ann", "Bo"))
    roll(table, 1, 1, 3, 5, 6)
    assign(table, "1,5|1,6|3", "Ann")
    page = html.unescape(table.page())
    assert "Bo: split" in page and "Still to split: Bo." in page
    assert 'name="d0"' not in page
    response = roll(table, 2, 2, 2, 2, 2)
    assert response.status_code == 422 and "waiting for Bo" in html.unescape(response.text)
    response = assign(table, "1,5|1,6|3", "Ann")
    assert response.status_code == 422 and "already split this roll" in response.text
    assign(table, "1,1|5,6|3", "Bo")
    assert 'name="d0"' in table.page()


def test_sheet_tab_picks_which_waiting_sheet_to_show(new_table, client):
    table = new_table("solitaire", ("Ann", "Bo"))
    roll(table, 1, 1, 3, 5, 6)
    page = client.get(f"{table.url}?sheet=Bo").text
    assert "Bo: split" in page


def test_undo_takes_back_a_split(new_table, app):
    table = new_table("solitaire", ("Sid",))
    roll(table, 1, 1, 3, 5, 6)
    assign(table, "1,5|1,6|3")
    assert table.post("undo").status_code == 302
    assert len(stored(app, table.token)) == 1
    assert "Sid: split" in table.page()


def test_solo_sheet_closes_on_the_eighth_throwaway(new_table):
    table = new_table("solitaire", ("Sid",))
    for _ in range(8):
        roll(table, 3, 4, 3, 4, 6)
        assign(table, "3,4|3,4|6")
    ruling = html.unescape(table.ruling())
    assert "The 8th 6 closes Sid's sheet" in ruling and "Game over" in ruling
    page = html.unescape(table.page())
    assert "Sheet closed below 500" in page and "closed" in page


def test_the_big_screen_says_a_sheet_closed_with_no_winner_as_the_table_page_does(new_table, app):
    """A finished game won by no one: the big screen says what the table page says (the
    game's own words), never the winners' message with no names (" win")."""
    app.config["LANGUAGES"] = ("en", "de")
    table = new_table("solitaire", ("Sid",))
    for _ in range(8):
        roll(table, 3, 4, 3, 4, 6)
        assign(table, "3,4|3,4|6")
    screen = f"{table.url}/screen"
    page = html.unescape(table.client.get(screen).text)
    assert '<p class="screen-turn">Sheet closed below 500</p>' in page
    assert "<h2>Sheet closed below 500</h2>" in html.unescape(table.page())
    table.client.set_cookie(COOKIE, "de")
    german = html.unescape(table.client.get(screen).text)
    assert '<p class="screen-turn">Blatt unter 500 geschlossen</p>' in german
    assert "<h2>Blatt unter 500 geschlossen</h2>" in html.unescape(table.page())


def test_scoresheet_shows_tally_marks_and_row_worth(new_table):
    table = new_table("solitaire", ("Sid",))
    for _ in range(6):
        roll(table, 3, 4, 3, 4, 6)
        assign(table, "3,4|3,4|6")
    page = table.page()
    assert 'aria-label="12 marks"' in page
    assert 'aria-label="6 of 8"' in page
    assert "150" in page  # 7 row: 30 x (10 - 5)


def test_solitaire_help_page_states_the_rulings(client):
    page = html.unescape(client.get("/games/solitaire").text)
    for words in ("three throwaways", "Free ride", "eighth mark", "500", "-200", "counts as 10"):
        assert words in page


def test_a_negative_total_has_the_same_minus_everywhere(new_table):
    """The sheet, its rows and the ruling all write −400 with the typographic minus."""
    table = new_table("solitaire", ("Sid",))
    roll(table, 1, 1, 3, 5, 6)
    assign(table, "1,5|1,6|3", "Sid")
    page = html.unescape(table.page())
    assert "−400, total −400." in page
    assert '<b class="neg">−400</b>' in page
    assert "-400" not in page


def test_a_negative_total_has_the_typographic_minus_in_the_history(new_table, client):
    table = new_table("solitaire", ("Sid",))
    roll(table, 1, 1, 3, 5, 6)
    assign(table, "1,5|1,6|3", "Sid")
    story = html.unescape(client.get(f"{table.url}/history").text)
    listed = html.unescape(client.get("/history").text)
    assert "Sid −400" in story and "Sid −400" in listed
    assert "-400" not in story and "-400" not in listed


def test_one_move_is_counted_in_the_singular(new_table, client):
    table = new_table("solitaire", ("Sid",))
    roll(table, 1, 1, 3, 5, 6)
    assert "1 move ·" in client.get("/history").text and "1 moves" not in client.get("/").text
