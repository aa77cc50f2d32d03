"""Six D Two on its play page, played the way a phone without JavaScript plays it: a field
per colour for the pool, a take of a colour and two values, or dice ticked in the pool; and
on the site around it: its help page, the new-table form, a stored table's story, CSV and
log."""

from __future__ import annotations

import html
import re

from tests.games.seed_logs import check_story_csv_and_log, logged, play_pages
from tests.web.support import stored_moves


def text(response) -> str:
    return html.unescape(response.text)


def test_without_a_pool_a_take_is_a_colour_and_two_values(new_table, app):
    table = new_table("sixd-two", ("Ann", "Bo"))
    page = table.page()
    assert page.count('name="colour"') == 7 and 'name="values"' in page
    assert table.post(action="take", colour="g", values="45").status_code == 302
    assert stored_moves(app, table)[-1] == {"player": "Ann", "type": "take", "dice": ["4g", "5g"]}
    assert "Ann took the green 4 and 5: 9 pips" in html.unescape(table.ruling())


def test_the_pool_is_entered_colour_by_colour_then_taken_from_by_tapping(new_table, app):
    table = new_table("sixd-two", ("Ann", "Bo"))
    page = table.page()
    for colour in "rygbopk":
        assert f'name="pool_{colour}"' in page
    assert table.post(action="roll", pool_r="35", pool_k="6116").status_code == 302
    assert stored_moves(app, table)[-1]["dice"] == ["3r", "5r", "6k", "1k", "1k", "6k"]
    page = html.unescape(table.page())
    assert 'name="pool_r"' not in page and 'name="values"' not in page
    # The pool left by colour, each die a checkbox posting its index in the pool.
    picks = re.findall(r'name="pick" value="(\d+)" data-colour="(\w)" data-value="(\d)"', page)
    assert picks == [("0", "r", "3"), ("1", "r", "5"), ("3", "k", "1"), ("4", "k", "1"),
                     ("2", "k", "6"), ("5", "k", "6")]  # fmt: skip
    assert table.post(action="take", pick=["3", "4"]).status_code == 302
    assert stored_moves(app, table)[-1]["dice"] == ["1k", "1k"]


def test_two_dice_of_two_colours_are_refused_and_stay_ticked(new_table, app):
    table = new_table("sixd-two", ("Ann", "Bo"))
    table.post(action="roll", pool_r="35", pool_k="66")
    response = table.post(action="take", pick=["0", "2"])
    assert response.status_code == 422
    page = text(response)
    assert "The two dice of a take share one colour" in page
    assert re.search(r'value="0" data-colour="r"[^>]*checked', page)
    assert len(stored_moves(app, table)) == 1


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
    assert stored_moves(app, table)[-1] == {"player": "Ann", "type": "end"}
    assert "Round 2 of 2" in html.unescape(table.page())


def test_ruling_pool_of_any_size_on_the_page(new_table, app):
    """docs/rulings.md, sixd-two: a pool of any number of dice, and of one colour, is entered."""
    table = new_table("sixd-two", ("Ann", "Bo"), rounds=2)
    assert table.post(action="roll", pool_r="1234561234561").status_code == 302
    assert stored_moves(app, table)[-1]["dice"] == [f"{v}r" for v in "1234561234561"]
    page = html.unescape(table.page())
    assert "Ann entered a pool of 13 dice: red 1 1 1 2 2 3 3 4 4 5 5 6 6." in page
    assert len(re.findall(r'name="pick" value="\d+" data-colour="r"', page)) == 13
    one = new_table("sixd-two", ("Ann", "Bo"), rounds=2)
    assert one.post(action="roll", pool_g="4").status_code == 302
    assert stored_moves(app, one)[-1]["dice"] == ["4g"]
    page = html.unescape(one.page())
    assert "Ann entered a pool of 1 die: green 4. No colour has two dice" in page
    assert "Round 2 of 2" in page


def test_a_pool_over_a_moves_limit_is_refused_and_nothing_stored(new_table, app):
    table = new_table("sixd-two", ("Ann", "Bo"))
    response = table.post(action="roll", pool_r="6" * 100, pool_k="1" * 101)
    assert response.status_code == 422
    assert "A move lists at most 200 dice; this one lists 201." in text(response)
    assert stored_moves(app, table) == []


def test_a_short_game_of_six_d_two_to_the_end(new_table, app):
    table = new_table("sixd-two", ("Ann", "Bo"), rounds=1)
    table.post(action="roll", pool_g="1234", pool_p="5")
    table.post(action="take", pick=["2", "3"])  # Ann: the green 3 and 4
    table.post(action="take", pick=["0", "1"])  # Bo: the green 1 and 2; no pair is left
    page = html.unescape(table.page())
    assert "No colour has two dice left" in page and "Game over: Ann wins with 7." in page
    assert "1 round played" in page and 'name="action"' not in page.split("Undo")[0]


def test_every_position_of_a_stored_game_has_a_play_page(client, stored):
    play_pages(client, stored, logged("sixd-two-finished"))


# --- Around the play page ----------------------------------------------------------------------


def test_the_help_page_states_the_rulings_and_the_example(client):
    page = html.unescape(client.get("/games/sixd-two").text)
    for word in ["Six D Two", "clear path", "table's call", "round ends by itself"]:
        assert word in page
    assert "share the win" in page


def test_the_new_table_form_offers_the_option_in_its_range(client):
    page = client.get("/tables/new/sixd-two").text
    assert 'name="opt_rounds"' in page
    assert 'min="1"' in page and 'max="18"' in page


def test_a_stored_table_has_its_story_csv_and_log(client, stored):
    check_story_csv_and_log(client, stored, logged("sixd-two-finished"))


def test_the_six_d_two_help_page_says_a_pool_may_hold_any_number_of_dice(client):
    page = html.unescape(client.get("/games/sixd-two").text)
    assert "a pool may hold any number of dice and any number of one colour" in page
    assert "thirteen reds, or a single die (up to 200 dice, the most one move may list)" in page


def test_the_story_draws_coloured_dice_instead_of_their_codes(client, stored):
    (token,) = stored(logged("sixd-two-finished"))
    page = client.get(f"/t/{token}/history").text
    moves = re.findall(r'<span class="what">(.*?)</span>\s*<span class="said">', page, re.S)
    assert moves
    shown = [re.sub(r"<[^>]+>", " ", move) for move in moves]
    assert not [text for text in shown if re.search(r"\b[1-6][rygbopk]\b", text)]
    assert 'class="die c-' in " ".join(moves)  # drawn in their colours, with their names
    assert re.search(r'aria-label="(red|yellow|green|blue|orange|purple|black) [1-6]"', page)
