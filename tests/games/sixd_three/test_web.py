"""Six D Three on its play page, played the way a phone without JavaScript plays it: the grid
typed as rows, a radio button per colour, value and hand die, a submit button per cell.
Every move is posted with the fields the page itself shows; a refusal is a 4xx with the
engine's sentence and nothing stored.  The live parts (the preview of a placement, the chain
marked before confirming) are the browser tests' job; here the page is checked to carry the
referee's words for them.  Then the site around it: its help page, a stored table's story,
CSV and log."""

from __future__ import annotations

import html
import json
import re

import pytest

from referee.games.sixd_three import rules as three_rules
from referee.log import loads, replay
from tests.games.seed_logs import check_story_csv_and_log, logged, play_pages
from tests.web.support import stored_moves

GRID = "513626\n245134\n364215\n152643\n631452\n426315"
CELL = re.compile(r'<button type="submit" name="cell" value="(\d+,\d+)"')
HAND = re.compile(r'<input type="radio" name="hand" value="(\d+)" data-name="([a-z]+ \d)"')
PREVIEWS = re.compile(r"class=\"tap-board\"[^>]*data-previews='([^']*)'")


def page_of(table) -> str:
    return html.unescape(table.page())


def text(response) -> str:
    return html.unescape(response.text)


def cells(page: str) -> list[str]:
    """The cells the page offers as buttons, in reading order."""
    return CELL.findall(page)


def hand(page: str) -> list[tuple[str, str]]:
    """The hand dice of the place form: (index, "green 4")."""
    return HAND.findall(page)


def chips(page: str, field: str) -> dict[str, bool]:
    """A colour field's chips: letter -> whether it can be tapped."""
    found = re.findall(rf'name="{field}" value="(\w)" data-name="\w+"( disabled)?', page)
    return {letter: not off for letter, off in found}


def previews(page: str) -> dict:
    return json.loads(html.unescape(PREVIEWS.search(page).group(1)))


# --- Six D Three: setting up -------------------------------------------------------------------


def test_the_grid_is_typed_as_six_rows_of_six(new_table, app):
    table = new_table("sixd-three", ("Ann", "Bo"))
    page = page_of(table)
    assert "Ann enters the black grid" in page and '<textarea name="board"' in page
    assert 'data-dice="36" data-columns="6"' in page
    assert "6 dice a row" in page and "One column fewer" not in page  # a grid of fixed width
    assert "<b>36</b> in the bag" in page
    assert table.post(action="board", board=GRID).status_code == 302
    assert stored_moves(app, table) == [
        {"player": "Ann", "type": "board", "board": [list(row) for row in GRID.split()]}
    ]
    assert "The grid is entered. Ann draws three dice" in html.unescape(table.ruling())


def test_a_grid_short_of_thirty_six_dice_is_refused_and_comes_back(new_table, app):
    table = new_table("sixd-three", ("Ann", "Bo"))
    short = GRID[:-1]
    response = table.post(action="board", board=short)
    assert response.status_code == 422
    page = text(response)
    assert "35 were entered (row 6, column 6 is empty)" in page
    assert f"{short}</textarea>" in page
    assert stored_moves(app, table) == []


def test_four_players_tap_the_colours_of_the_two_dice_back_in_the_box(new_table, app):
    table = new_table("sixd-three", ("Ann", "Bo", "Cy", "Dee"))
    table.post(action="board", board=GRID)
    page = page_of(table)
    assert "Ann puts two dice back in the box" in page
    assert page.count('type="checkbox" name="colour"') == 12  # a row of six per die
    response = table.post(action="remove", colour=["r"])
    assert response.status_code == 422
    assert "exactly two dice go back in the box, not 1" in text(response)
    assert len(stored_moves(app, table)) == 1
    assert table.post(action="remove", colour=["r", "r"]).status_code == 302
    last = stored_moves(app, table)[-1]
    assert last == {"player": "Ann", "type": "remove", "colours": ["r", "r"]}
    page = page_of(table)
    assert "Ann draws three dice" in page and "<b>34</b> in the bag" in page
    # The bag by colour, as counts beside a round spot, not drawn like a die's face.
    bag = re.search(r'<div class="bag".*?</div>', page, re.S).group(0)
    assert re.search(r"</span>red <b>×4</b>", bag) and "yellow <b>×6</b>" in bag
    assert "pad-chip" not in bag and "gface" not in bag


def test_five_players_put_one_die_back(new_table):
    table = new_table("sixd-three", ("Ann", "Bo", "Cy", "Dee", "Eve"))
    table.post(action="board", board=GRID)
    page = page_of(table)
    assert "Ann puts one die back in the box" in page
    assert page.count('type="checkbox" name="colour"') == 6


def test_the_deal_is_a_colour_and_a_value_tapped_per_die(new_table, app):
    table = new_table("sixd-three", ("Ann", "Bo"))
    table.post(action="board", board=GRID)
    page = page_of(table)
    for i in range(3):
        assert set(chips(page, f"c{i}")) == set("rygbop")
        assert page.count(f'type="radio" name="d{i}"') == 6
    assert 'name="action" value="draw"' in page and "Enter Ann’s dice" in page
    response = table.post(action="draw", c0="g", d0="2", d1="4", c2="g", d2="4")
    assert response.status_code == 422
    page = text(response)
    assert "Tap the colour of die 2." in page
    assert re.search(r'name="c0" value="g" data-name="green" checked', page)  # kept
    assert re.search(r'name="d2" value="4" checked', page)
    assert len(stored_moves(app, table)) == 1
    response = table.post(action="draw", c0="g", d0="2", c1="r", d1="4", c2="g", d2="4")
    assert response.status_code == 302
    last = stored_moves(app, table)[-1]
    assert last == {"player": "Ann", "type": "draw", "dice": ["2g", "4r", "4g"]}
    assert "Bo draws three dice" in page_of(table)


def dealt(new_table, **dice):
    """A two-player table with the grid entered and both hands dealt."""
    table = new_table("sixd-three", ("Ann", "Bo"))
    table.post(action="board", board=GRID)
    ann = dice.get("ann", ("2g", "4r", "4g"))
    bo = dice.get("bo", ("6g", "4y", "3b"))
    for held in (ann, bo):
        fields = {f"d{i}": d[0] for i, d in enumerate(held)}
        fields |= {f"c{i}": d[1] for i, d in enumerate(held)}
        assert table.post(action="draw", **fields).status_code == 302
    return table


# --- Six D Three: a turn -----------------------------------------------------------------------


def test_the_hand_is_three_dice_to_tap_and_every_free_cell_a_button(new_table):
    table = dealt(new_table)
    page = page_of(table)
    assert "Ann places a die" in page
    assert hand(page) == [("0", "green 2"), ("1", "red 4"), ("2", "green 4")]
    assert len(cells(page)) == 36
    assert 'aria-label="black 5 at row 1, column 1"' in page
    assert "Re-roll a die first (once this turn)" in page


def test_the_page_carries_the_referees_sum_for_every_hand_die_on_every_cell(new_table):
    table = dealt(new_table)
    table.post(action="place", hand="0", cell="2,3")  # Ann's green 2
    table.post(action="draw", c0="p", d0="1")
    said = previews(page_of(table))  # Bo: green 6, yellow 4, blue 3
    state = replay(loads(table.client.get(f"{table.url}/log.json").text)).state
    assert set(said) == {"0", "1", "2"} and len(said["0"]) == 35 and "2,3" not in said["0"]
    for index, die in enumerate(state.hands[1]):
        for cell, words in said[str(index)].items():
            row, col = map(int, cell.split(","))
            assert words == three_rules.preview(state, die, (row, col)).words
    assert said["0"]["2,2"] == "6 + 2 through the green chain = 8"


def test_a_placement_posts_the_hand_die_and_the_cell(new_table, app):
    table = dealt(new_table)
    assert table.post(action="place", hand="2", cell="1,1").status_code == 302
    last = stored_moves(app, table)[-1]
    assert last == {"player": "Ann", "type": "place", "die": "4g", "cell": [1, 1]}
    page = page_of(table)
    assert "Ann placed the green 4 at row 2, column 2: 4 + 4 on a black 4 = 8." in page
    assert 'class="cell last" data-cell="1,1" data-value="4" data-colour="g"' in page
    assert 'aria-label="Ann’s green 4 at row 2, column 2"' in page
    assert "Ann draws a die" in page and "<b>30</b> in the bag" in page
    assert "1,1" not in cells(page)


def test_a_placement_without_a_hand_die_or_on_a_covered_cell_is_refused(new_table, app):
    table = dealt(new_table)
    response = table.post(action="place", cell="1,3")
    assert response.status_code == 422 and "Tap a die of your hand first." in text(response)
    table.post(action="place", hand="2", cell="1,3")
    table.post(action="draw", c0="p", d0="1")
    response = table.post(action="place", hand="1", cell="1,3")
    assert response.status_code == 422
    page = text(response)
    assert "Row 2, column 4 already holds a green 4." in page
    assert re.search(r'name="hand" value="1" data-name="yellow 4"[^>]*checked', page)  # kept
    assert len(stored_moves(app, table)) == 5


def test_a_reroll_is_the_hand_die_and_the_value_it_shows_once_a_turn(new_table, app):
    table = dealt(new_table)
    page = page_of(table)
    # The re-roll form is apart from the place form; its fields name it with form="reroll".
    assert '<form method="post" action="' in page and 'id="reroll"' in page
    assert page.count('name="hand" value="0" form="reroll"') == 1
    assert page.count('name="value"') == 6 and 'form="reroll"' in page
    assert table.post(action="reroll", hand="0", value="6").status_code == 302
    last = stored_moves(app, table)[-1]
    assert last == {"player": "Ann", "type": "reroll", "die": "2g", "to": "6g"}
    page = page_of(table)
    assert "Ann re-rolled the green 2: it shows 6." in page
    assert hand(page)[0] == ("0", "green 6") and 'id="reroll"' not in page
    response = table.post(action="reroll", hand="1", value="1")
    assert response.status_code == 422 and "one re-roll a turn" in text(response)
    assert len(stored_moves(app, table)) == 4


def test_a_draw_of_one_die_posts_with_its_value(new_table, app):
    table = dealt(new_table)
    table.post(action="place", hand="0", cell="0,0")
    page = page_of(table)
    # One die: the value faces are the submit buttons.
    assert re.findall(r'<button type="submit" name="d0" value="(\d)"', page) == list("123456")
    assert table.post(action="draw", c0="b", d0="5").status_code == 302
    assert stored_moves(app, table)[-1] == {"player": "Ann", "type": "draw", "dice": ["5b"]}


def test_a_colour_used_up_is_greyed_out_and_refused(new_table, app):
    table = dealt(new_table, ann=("1r", "2r", "3r"), bo=("4r", "5r", "6r"))
    table.post(action="place", hand="0", cell="0,0")
    page = page_of(table)
    assert chips(page, "c0") == {"r": False, "y": True, "g": True, "b": True, "o": True, "p": True}
    assert 'class="bag-colour out"' in page
    response = table.post(action="draw", c0="r", d0="3")
    assert response.status_code == 422
    assert "The bag has no red die left: of the 6, 6 drawn." in text(response)
    assert len(stored_moves(app, table)) == 4


def test_a_two_player_game_of_six_d_three_to_the_end(new_table, app):
    """Every move through the page's own fields: the first hand die on the first free cell,
    the first colour still in the bag."""
    table = dealt(new_table, ann=("1r", "2y", "3g"), bo=("4b", "5o", "6p"))
    placed = 0
    while "Game over" not in (page := page_of(table)):
        if free := cells(page):
            index, _ = hand(page)[0]
            assert table.post(action="place", hand=index, cell=free[0]).status_code == 302
            placed += 1
        else:
            colour = next(c for c, ok in chips(page, "c0").items() if ok)
            assert table.post(action="draw", c0=colour, d0=str(placed % 6 + 1)).status_code == 302
    assert placed == 36 and 'class="card over"' in page
    assert "The final grid" in page and len(re.findall(r'class="gface v\d c-[rygbop]"', page)) >= 36
    assert len(stored_moves(app, table)) == 3 + 36 + 30


# --- Every position of the stored games --------------------------------------------------------


@pytest.mark.parametrize("name", ["sixd-three-finished", "sixd-three-in-progress"])
def test_every_position_of_a_stored_game_has_a_play_page(client, stored, name):
    log = logged(name)
    for n, page in enumerate(play_pages(client, stored, log)):
        over = 'class="card over"' in page
        assert over == (n == len(log.moves) and name.endswith("finished"))
        # Something to tap: a form with a move in it, unless the game is over.
        assert over or 'name="action"' in page.split('class="undo"')[0]


# --- Around the play page ----------------------------------------------------------------------


def test_the_help_page_states_the_rulings_and_the_example(client):
    page = html.unescape(client.get("/games/sixd-three").text)
    for word in ["Six D Three", "through the green chain", "= 28", "counted once"]:
        assert word in page
    assert "share the win" in page


def test_a_stored_table_has_its_story_csv_and_log(client, stored):
    check_story_csv_and_log(client, stored, logged("sixd-three-finished"), everyone_scores=False)


def test_the_story_draws_coloured_dice_instead_of_their_codes(client, stored):
    (token,) = stored(logged("sixd-three-finished"))
    page = client.get(f"/t/{token}/history").text
    moves = re.findall(r'<span class="what">(.*?)</span>\s*<span class="said">', page, re.S)
    assert moves
    shown = [re.sub(r"<[^>]+>", " ", move) for move in moves]
    assert not [text for text in shown if re.search(r"\b[1-6][rygbopk]\b", text)]
    assert 'class="die c-' in " ".join(moves)  # drawn in their colours, with their names
    assert re.search(r'aria-label="(red|yellow|green|blue|orange|purple|black) [1-6]"', page)
