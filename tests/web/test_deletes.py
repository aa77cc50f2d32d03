"""Deleting a table: a claim of the version its history page showed, as a move claims
one, so a table that moved on since is kept (409) and a post without the version is a
400; nothing of a deleted table is left, and every write after it is a 404.  The tiny test
game plays where the game does not matter; Solitaire where phones split a roll at once."""

from __future__ import annotations

import html
import re

import pytest
from sqlalchemy import func, select

from referee.web.base.extensions import db
from referee.web.base.models import MoveRecord, Seat, SeatClaim
from tests.conftest import Table
from tests.tiny_game import SLUG


def delete_form(table: Table) -> dict[str, str]:
    """The delete form's fields as the history page shows them, ticked."""
    page = table.client.get(f"{table.url}/history").text
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    return {"sure": "yes", "version": version, "csrf_token": token}


def rows_left(app) -> list[int]:
    """How many moves, seats and seat claims are stored, all tables together."""
    with app.app_context():
        return [
            db.session.scalar(select(func.count()).select_from(model))
            for model in (MoveRecord, Seat, SeatClaim)
        ]


def test_a_delete_takes_every_row_of_the_table(new_table, tiny_game, app):
    table = new_table(SLUG)
    table.roll(1)
    table.client.post(f"{table.url}/seat", data={"as": "0", **delete_form(table)})
    assert rows_left(app) == [1, 2, 1]
    response = table.client.post(f"{table.url}/delete", data=delete_form(table))
    assert response.status_code == 302
    assert rows_left(app) == [0, 0, 0]
    assert table.client.get(table.url).status_code == 404


def test_a_delete_from_a_page_the_table_moved_on_from_is_a_409(new_table, tiny_game, app):
    table = new_table(SLUG)
    shown = delete_form(table)
    assert table.roll(1).status_code == 302
    response = table.client.post(f"{table.url}/delete", data=shown)
    assert response.status_code == 409
    assert "The table changed since its page was loaded" in html.unescape(response.text)
    assert table.client.get(table.url).status_code == 200
    assert table.client.post(f"{table.url}/delete", data=delete_form(table)).status_code == 302


@pytest.mark.parametrize("version", [None, "", "x", "-1", "１", "9" * 10])
def test_a_delete_without_a_usable_version_is_a_400(new_table, tiny_game, version):
    table = new_table(SLUG)
    fields = delete_form(table)
    if version is None:
        del fields["version"]
    else:
        fields["version"] = version
    response = table.client.post(f"{table.url}/delete", data=fields)
    assert response.status_code == 400
    assert "The delete form was incomplete: nothing was deleted." in response.text
    assert table.client.get(table.url).status_code == 200


@pytest.mark.parametrize("path", ["move", "undo", "odds", "seat"])
def test_a_write_posted_from_a_page_of_a_deleted_table_is_a_404(new_table, path):
    table = new_table("solitaire", ("Ann", "Bo"))
    table.roll(1, 1, 3, 5, 6)
    page = table.page()
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    fields = {"seq": "1", "version": "1", "csrf_token": token, "odds": "on", "as": "0"}
    fields.update(action="assign", split="1,3|5,6|1")
    assert table.client.post(f"{table.url}/delete", data=delete_form(table)).status_code == 302
    response = table.client.post(f"{table.url}/{path}", data=fields)
    assert response.status_code == 404
    assert "There is nothing here" in response.text


@pytest.mark.parametrize(
    "path, meanwhile",
    [
        ("move", "referee.web.play.judging.seating"),
        ("undo", "referee.web.play.tables.seating"),
        ("odds", "referee.web.play.advice.seating"),
        ("seat", "referee.web.play.seat_choice.phone_id"),
    ],
)
def test_a_write_the_table_is_deleted_under_is_a_404(new_table, app, monkeypatch, path, meanwhile):
    """The delete (another phone's: a session of its own) commits after the write has read
    the table and before it writes: the write finds nothing to claim and says the table is
    gone, never a server error."""
    from referee.web.storage.loading import table_by_token
    from referee.web.storage.store import delete_table

    table = new_table("solitaire", ("Ann", "Bo"))
    table.roll(1, 1, 3, 5, 6)
    page = table.page()
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    fields = {"seq": "1", "version": "1", "csrf_token": token, "odds": "on", "as": "0"}
    fields.update(action="assign", split="1,3|5,6|1", player="Ann")
    module, name = meanwhile.rsplit(".", 1)
    real = getattr(__import__(module, fromlist=[name]), name)

    def delete_first(*args, **kwargs):
        with app.app_context():
            gone = table_by_token(table.token)
            if gone is not None:
                delete_table(gone.id, gone.version)
        return real(*args, **kwargs)

    monkeypatch.setattr(meanwhile, delete_first)
    response = table.client.post(f"{table.url}/{path}", data=fields)
    assert response.status_code == 404, response.text
    assert "There is nothing here" in response.text
