"""A colour per seat: the scoreboard's rows and the score chart's lines take seat i's colour
letter, the board games' own seat colours first (``referee.families.grid``)."""

from __future__ import annotations

import re
from pathlib import Path

from referee.families.grid import seat_colour as board_seat_colour
from referee.log import loads
from referee.web.history.charts import progression_svg, seat_colour

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def test_seats_take_the_board_games_colours_then_teal_and_brown():
    assert [seat_colour(i) for i in range(6)] == [board_seat_colour(i) for i in range(6)]
    assert seat_colour(6) + seat_colour(7) == "tn"
    assert len({seat_colour(i) for i in range(8)}) == 8


def test_chart_lines_and_legend_take_the_seat_colours_in_seating_order():
    svg = str(progression_svg({"Ann": [0, 50], "Bo": [0, 20], "Cy": [10, 30]}))
    assert re.findall(r'<polyline[^>]* class="c-(\w)"', svg) == ["r", "y", "g"]
    assert re.findall(r'<line[^>]* class="c-(\w)"', svg) == ["r", "y", "g"]


def test_scoreboard_rows_and_history_chart_agree_on_each_seat(client, stored):
    (token,) = stored(loads((SEEDS / "tenk-finished.json").read_text()))
    play = client.get(f"/t/{token}").text
    board = play[play.index('<table class="scores">') : play.index("</table>")]
    rows = re.findall(r'<span class="swatch c-(\w)" aria-hidden="true"></span>(\w+)', board)
    assert rows == [("r", "Ann"), ("y", "Bo"), ("g", "Cy")]
    story = client.get(f"/t/{token}/history").text
    lines = re.findall(r'class="c-(\w)"[^>]*><title>(\w+)</title>', story)
    assert lines == [(c, name) for c, name in rows]


def test_solitaire_sheets_wear_their_seat_colour(new_table):
    page = new_table("solitaire", ("Ann", "Bo")).page()
    assert re.findall(
        r'<h2><span class="swatch c-(\w)" aria-hidden="true"></span> (\w+)', page
    ) == [
        ("r", "Ann"),
        ("y", "Bo"),
    ]
