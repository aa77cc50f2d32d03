"""Undo a whole turn: the undo box names every move of the last move's turn (the trailing
moves stamped with the same player, never reaching back past a setup move, which is a turn
of its own; at a one-seat table the game's count of turns splits them), and one confirmed
post takes them all back in one write: one version, a 409 for a stale page or a lost race
with nothing changed, a 403 for a watching phone, a 422 when there is nothing to undo."""

from __future__ import annotations

import dataclasses
import html
import re
from pathlib import Path

import pytest
from sqlalchemy import update

from referee.log import GameLog, loads
from tests.conftest import Table, csrf_token

BUST = (2, 2, 3, 3, 4, 6)


def stored(app, token: str) -> list[dict]:
    from referee.web.storage.store import move_data, table_by_token

    with app.app_context():
        return move_data(table_by_token(token).id)


def stored_moves(app, table: Table) -> list[dict]:
    return stored(app, table.token)


def version(table: Table) -> int:
    return int(table.client.get(f"{table.url}/live").get_json()["version"])


def undo_box(table: Table) -> str:
    page = html.unescape(table.page())
    start = page.find('<details class="undo')
    return "" if start < 0 else page[start : page.index('<details class="this-phone"', start)]


def words(fragment: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", fragment).split())


def undo_turn(table: Table, **fields):
    return table.post("undo", turn="whole", **fields)


def play_into_anns_second_turn(table: Table) -> None:
    """Ann banks 1,000 (3 moves), Bo busts (1), Ann is 3 moves into her next turn."""
    table.roll(1, 1, 1, 2, 3, 4)
    table.pick(0, 1, 2, bank=True)
    table.roll(*BUST)
    table.roll(1, 2, 3, 4, 6, 6)
    table.pick(0)
    assert table.roll(5, 2, 3, 4, 6).status_code == 302


def test_the_undo_box_names_every_move_of_the_turn_under_way(new_table):
    table = new_table(entry=0)
    play_into_anns_second_turn(table)
    box = words(undo_box(table))
    assert "Undo last move Undo Ann's roll 5 2 3 4 6?" in box
    assert "Undo Ann's whole turn (3 moves: roll, set-aside, roll)" in box
    assert (
        "Undo the 3 moves of Ann's turn so far? roll 1 2 3 4 6 6 set-aside 1 roll 5 2 3 4 6 "
        "Then Ann plays the turn again from its start. Yes, undo all 3 moves" in box
    )


def test_undo_a_whole_10k_turn_takes_back_only_that_turn(new_table, app):
    table = new_table(entry=0)
    play_into_anns_second_turn(table)
    before = stored(app, table.token)
    response = undo_turn(table)
    assert response.status_code == 302
    page = html.unescape(table.client.get(response.location).text)
    assert (
        "Undone: Ann's whole turn (3 moves: roll 1 2 3 4 6 6, set-aside 1, roll 5 2 3 4 6)." in page
    )
    assert stored(app, table.token) == before[:4]
    assert table.ruling().endswith("Bo scores nothing this turn. Ann to roll.")
    assert 'name="seq" value="4"' in page
    # Bo's bust was a turn of one move: the single undo covers it, no whole-turn box.
    assert "whole turn" not in undo_box(table)


def test_a_finished_turn_is_undone_whole_and_the_box_says_it_is_over(new_table, app):
    table = new_table(entry=0)
    table.roll(1, 1, 1, 2, 3, 4)
    table.pick(0, 1, 2, bank=True)
    assert "Bo" in table.ruling()
    box = words(undo_box(table))
    assert "Undo Ann's whole turn (3 moves: roll, set-aside, bank)" in box
    assert "Ann's turn is over. Undo all 3 of its moves?" in box
    assert undo_turn(table).status_code == 302
    assert stored(app, table.token) == []
    assert "Ann to roll six dice." in table.ruling()


def test_at_a_one_seat_table_the_game_count_of_turns_splits_the_moves(new_table, app):
    table = new_table(players=("Ann",), entry=0)
    table.roll(1, 1, 1, 2, 3, 4)
    table.pick(0, 1, 2, bank=True)  # a whole turn: 3 moves
    table.roll(1, 2, 3, 4, 6, 6)
    table.pick(0)
    box = words(undo_box(table))
    assert "Undo Ann's whole turn (2 moves: roll, set-aside)" in box
    assert undo_turn(table).status_code == 302
    assert len(stored(app, table.token)) == 3
    assert "Ann's turn is over. Undo all 3 of its moves?" in words(undo_box(table))


def test_the_version_advances_once_for_the_whole_turn(new_table):
    table = new_table(entry=0)
    play_into_anns_second_turn(table)
    seen = version(table)
    assert undo_turn(table).status_code == 302
    polled = table.client.get(f"{table.url}/live", query_string={"v": str(seen)}).get_json()
    assert polled["version"] == seen + 1 and polled["seq"] == 4 and polled["to_move"] == "Ann"


def test_a_stale_page_is_refused_and_nothing_changes(new_table, app):
    table = new_table(entry=0)
    play_into_anns_second_turn(table)
    seq, token = table.form_fields()
    table.pick(0)  # another phone set the 5 aside meanwhile
    before, seen = stored(app, table.token), version(table)
    response = table.client.post(
        f"{table.url}/undo", data={"seq": seq, "csrf_token": token, "turn": "whole"}
    )
    assert response.status_code == 409
    assert "this table moved on" in html.unescape(response.text).lower()
    assert stored(app, table.token) == before and version(table) == seen


def test_a_whole_turn_undo_that_loses_a_race_is_a_409_and_changes_nothing(
    new_table, app, monkeypatch
):
    """Another write lands between this undo's read and its write: its one version claim
    fails, so none of the three moves goes."""
    from referee.web.base.extensions import db
    from referee.web.base.models import GameTable
    from referee.web.play import tables

    table = new_table(entry=0)
    play_into_anns_second_turn(table)
    before = stored(app, table.token)
    replay = tables.replayed

    def another_write_lands(*args, **kwargs):
        with db.engine.begin() as connection:
            connection.execute(
                update(GameTable.__table__)
                .where(GameTable.__table__.c.token == table.token)
                .values(version=GameTable.__table__.c.version + 1)
            )
        return replay(*args, **kwargs)

    monkeypatch.setattr(tables, "replayed", another_write_lands)
    seen = version(table)
    response = undo_turn(table)
    assert response.status_code == 409
    assert "this table moved on" in html.unescape(response.text).lower()
    assert stored(app, table.token) == before and version(table) == seen + 1


def test_a_watching_phone_cannot_undo_a_turn(new_table, app):
    table = new_table(entry=0)
    play_into_anns_second_turn(table)
    watcher = Table(app.test_client(), table.token)
    token = csrf_token(watcher.client, watcher.url)
    watch = watcher.client.post(f"{watcher.url}/seat", data={"as": "watch", "csrf_token": token})
    assert watch.status_code == 302
    assert undo_box(watcher) == ""
    seq, _ = table.form_fields()  # a watcher's page has no forms: the post is made by hand
    response = watcher.client.post(
        f"{watcher.url}/undo", data={"seq": seq, "csrf_token": token, "turn": "whole"}
    )
    assert response.status_code == 403
    assert "This phone only watches this table" in html.unescape(response.text)
    assert len(stored(app, table.token)) == 7


def test_nothing_to_undo_is_a_422(new_table, app):
    table = new_table()
    assert undo_box(table) == ""
    response = undo_turn(table)
    assert response.status_code == 422 and "There is nothing to undo." in response.text
    assert stored(app, table.token) == []


# --- Setup moves are a turn of their own -------------------------------------------------------
# A board, a square, a pool, the dice put back in the box, each hand of the opening deal and
# the end of a round set the table up: whoever entered one, undo takes it back on its own,
# and a whole-turn undo of the play after it leaves it in place.

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def seed_opening(name: str, count: int) -> GameLog:
    """The first ``count`` moves of a seed log (each stamped with its player, as the play
    page stamps a move with the player to move)."""
    log = loads((SEEDS / f"{name}.json").read_text(encoding="utf-8"))
    return dataclasses.replace(log, moves=log.moves[:count])


def seated(client, stored, log: GameLog) -> Table:
    return Table(client, stored(log)[0])


def flash(response, table: Table) -> str:
    assert response.status_code == 302
    page = html.unescape(table.client.get(response.location).text)
    return words(re.search(r'class="flash[^"]*"[^>]*>(.*?)</', page, re.S).group(1))


def test_six_d_six_whole_turn_undo_takes_the_take_and_its_slide_and_leaves_the_square(
    client, stored, app
):
    log = seed_opening("sixd-six-in-progress", 3)  # Gus: the square, a take, its slide
    table = seated(client, stored, log)
    box = words(undo_box(table))
    assert "Undo Gus's whole turn (2 moves: take, slid board)" in box
    assert "rolled square" not in box
    assert (
        "Gus's turn is over. Undo all 2 of its moves? take slid board "
        "Then Gus plays the turn again from its start. Yes, undo all 2 moves" in box
    )
    said = flash(undo_turn(table), table)
    assert said == "Undone: Gus's whole turn (2 moves: take, slid board)."
    assert stored_moves(app, table) == list(log.moves[:1])
    assert "Gus takes a set" in table.ruling()


def test_right_after_the_square_undo_takes_back_the_square_alone(client, stored, app):
    table = seated(client, stored, seed_opening("sixd-six-in-progress", 1))
    box = words(undo_box(table))
    assert "Undo Gus's rolled square?" in box and "whole turn" not in box
    assert flash(undo_turn(table), table) == "Undone: Gus's rolled square."
    assert stored_moves(app, table) == []


SQUARE = [  # six of each colour; the top row's red 1 2 3 is a set, and taking it leaves no gap
    "1r 2r 3r 4g 4b 4y",
    "5r 6g 6r 1g 2p 4o",
    "2y 3y 5y 1b 3p 6o",
    "6y 3y 4r 2b 5p 1o",
    "3g 5g 2g 3b 6p 2o",
    "5b 6b 4p 1p 3o 5o",
]


def test_six_d_six_first_take_entered_on_the_page_is_undone_without_the_square(new_table, app):
    """The issue's table: Ann types the square, then takes a set that leaves no gap.  The
    undo box offers no whole turn of "rolled square, take": the take is Ann's turn."""
    table = new_table("sixd-six", ("Ann", "Bo"))
    rows = [row.split() for row in SQUARE]
    numbers = "\n".join("".join(d[0] for d in row) for row in rows)
    colours = "\n".join("".join(d[1] for d in row) for row in rows)
    assert table.post(action="board", board=numbers, colours=colours).status_code == 302
    cells = ["0,0", "0,1", "0,2"]
    assert table.post(action="take", cell=cells, place=cells).status_code == 302
    assert [m["type"] for m in stored_moves(app, table)] == ["board", "take"]
    box = words(undo_box(table))
    assert "Undo Ann's take?" in box and "whole turn" not in box
    assert flash(undo_turn(table), table) == "Undone: Ann's take."
    assert [m["type"] for m in stored_moves(app, table)] == ["board"]
    assert "Ann takes a set" in table.ruling()


def test_six_d_two_undoing_the_first_take_leaves_the_pool(client, stored, app):
    log = seed_opening("sixd-two-in-progress", 2)  # Pia enters the pool, then takes
    table = seated(client, stored, log)
    box = words(undo_box(table))
    assert "Undo Pia's take 5r 6r?" in box and "whole turn" not in box
    assert flash(undo_turn(table), table) == "Undone: Pia's take 5r 6r."
    assert stored_moves(app, table) == list(log.moves[:1])
    box = words(undo_box(table))
    assert "Undo Pia's pool 3r 5r 1r" in box and "whole turn" not in box
    assert flash(undo_turn(table), table).startswith("Undone: Pia's pool 3r 5r 1r 6r")
    assert stored_moves(app, table) == []


def test_six_d_two_a_later_rounds_pool_is_undone_on_its_own(client, stored, app):
    log = seed_opening("sixd-two-in-progress", 13)  # ... Quin rolls round 2's pool and takes
    table = seated(client, stored, log)
    assert "whole turn" not in undo_box(table)
    assert flash(undo_turn(table), table) == "Undone: Quin's take 6b 6b."
    assert stored_moves(app, table) == list(log.moves[:12])


def test_six_d_two_the_end_of_a_round_is_not_undone_with_the_next_rounds_take(client, stored, app):
    """Ann takes, Bo declares round 1 over, and Bo opens round 2 with a take: undoing Bo's
    turn takes back the take alone, and round 2 is still under way."""
    moves = (
        {"player": "Ann", "type": "take", "dice": ["4r", "2r"]},
        {"player": "Bo", "type": "end"},
        {"player": "Bo", "type": "take", "dice": ["6k", "6k"]},
    )
    table = seated(client, stored, GameLog("sixd-two", ("Ann", "Bo"), {"rounds": 2}, moves))
    assert "whole turn" not in undo_box(table)
    assert flash(undo_turn(table), table) == "Undone: Bo's take 6k 6k."
    assert stored_moves(app, table) == list(moves[:2])
    assert "Round 2 of 2" in table.ruling()
    assert flash(undo_turn(table), table) == "Undone: Bo's end of the round."
    assert stored_moves(app, table) == list(moves[:1])


def test_six_d_three_setup_moves_go_one_at_a_time(client, stored, app):
    log = seed_opening("sixd-three-in-progress", 3)  # Wren: the grid, two dice out, a hand
    table = seated(client, stored, log)
    assert "whole turn" not in undo_box(table)
    assert flash(undo_turn(table), table) == "Undone: Wren's draw 5g 2o 3p."
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
    assert "Undo all 2 of its moves? placement at row 5, column 1 draw 4b" in box
    said = flash(undo_turn(table), table)
    assert said == "Undone: Wren's whole turn (2 moves: placement at row 5, column 1, draw 4b)."
    assert stored_moves(app, table) == list(log.moves[:6])
    assert "Wren may re-roll one die, then places one." in table.ruling()


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


@pytest.mark.parametrize(
    ("slug", "said"),
    [
        ("sixd-one", "A round's board is a turn of its own for undo"),
        ("sixd-two", "The pool and the end of a round are each a turn of their own for undo"),
        ("sixd-three", "each hand of the opening deal are undone one at a time"),
        ("sixd-six", "The rolled square is a turn of its own for undo"),
    ],
)
def test_the_help_page_says_the_setup_is_undone_on_its_own(client, slug, said):
    page = html.unescape(client.get(f"/games/{slug}").text)
    phone = page[page.index("<h2>On the phone</h2>") :]
    assert said in words(phone)
