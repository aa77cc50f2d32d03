"""Undo a whole turn: the undo box names every move of the last move's turn (the trailing
moves stamped with the same player, never reaching back past a setup move, which is a turn
of its own; at a one-seat table the game's count of turns splits them), and one confirmed
post takes them all back in one write: one version, a 409 for a stale page or a lost race
with nothing changed, a 403 for a watching phone, a 422 when there is nothing to undo.
Each game's setup moves, a turn of their own: ``tests/games/<package>/test_undo.py``."""

from __future__ import annotations

import html

from sqlalchemy import update

from tests.conftest import Table, csrf_token
from tests.web.support import stored, undo_box, undo_turn, words

BUST = (2, 2, 3, 3, 4, 6)


def version(table: Table) -> int:
    return int(table.client.get(f"{table.url}/live").get_json()["version"])


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
        "Undone: Ann's whole turn (3 moves: roll 1 2 3 4 6 6; set-aside 1; roll 5 2 3 4 6)." in page
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
