"""Every request has a time limit (``REQUEST_TIME_LIMIT``) that its long loops check: past
it the request is a 503 with a sentence and a Retry-After, never a 500, and changes nothing."""

from __future__ import annotations

import html

import pytest

from referee.web.base import deadline
from referee.web.storage.loading import table_by_token
from referee.web.storage.replays import replays
from tests.tiny_game import BUST, SLUG

OUT_OF_TIME = "took the referee too long to work out"
TINY = 1e-9  # seconds: past before the first check


def test_without_a_deadline_check_does_nothing():
    assert deadline.remaining() is None
    deadline.check()


def test_check_raises_once_the_deadline_is_past_and_clear_puts_back_none():
    token = deadline.limit(-1)
    with pytest.raises(deadline.OutOfTime):
        deadline.check()
    deadline.clear(token)
    deadline.check()
    assert deadline.remaining() is None


def test_a_deadline_ahead_leaves_the_work_alone():
    token = deadline.limit(60)
    try:
        deadline.check()
        assert 0 < (deadline.remaining() or 0) <= 60
    finally:
        deadline.clear(token)


def moves_of(app, token: str) -> list[dict]:
    with app.app_context():
        return [move.data for move in table_by_token(token).moves]


def out_of_time(response) -> bool:
    return (
        response.status_code == 503
        and response.headers["Retry-After"] == "30"
        and OUT_OF_TIME in html.unescape(response.text)
        and "Content-Security-Policy" in response.headers
    )


@pytest.fixture
def long_table(stored, tiny_log):
    """A stored table of 600 busts (of the tiny test game), not kept in this worker."""
    (token,) = stored(tiny_log(("Ann", "Bo"), *["bust"] * 600))
    return token


def test_a_page_that_runs_out_of_time_is_a_503_with_a_sentence(app, client, long_table):
    app.config["REQUEST_TIME_LIMIT"] = TINY
    replays.forget(long_table)
    for path in ("", "/screen", "/history", "/turns.csv", "/sheet.pdf", "/live"):
        assert out_of_time(client.get(f"/t/{long_table}{path}")), path


def test_a_move_that_runs_out_of_time_changes_nothing(app, new_table, tiny_game):
    table = new_table(SLUG)
    for _ in range(3):
        table.roll(1)
    before = moves_of(app, table.token)
    seq, csrf = table.form_fields()
    app.config["REQUEST_TIME_LIMIT"] = TINY
    replays.forget(table.token)
    for path, fields in (("move", BUST), ("undo", {})):
        form = {"seq": seq, "csrf_token": csrf, **fields}
        assert out_of_time(table.client.post(f"{table.url}/{path}", data=form)), path
    app.config["REQUEST_TIME_LIMIT"] = 10
    assert moves_of(app, table.token) == before
    assert table.roll(1).status_code == 302  # and the table plays on


def test_pages_that_do_little_are_not_cut(app, client, long_table):
    app.config["REQUEST_TIME_LIMIT"] = TINY
    for path in ("/", f"/games/{SLUG}", "/print", f"/t/{long_table}/log.json"):
        assert client.get(path).status_code == 200, path


def test_no_limit_when_the_setting_is_zero(app, client, long_table):
    app.config["REQUEST_TIME_LIMIT"] = 0
    replays.forget(long_table)
    assert client.get(f"/t/{long_table}/history").status_code == 200


def test_the_deadline_ends_with_the_request(app, client, long_table):
    client.get(f"/t/{long_table}")
    assert deadline.remaining() is None
