"""A live table: the poll says 304 while nothing changed and the new version after a move or
an undo; a garbage cursor is a 400; the big screen shows the table; and the replays kept in
memory are never served for a table that has moved on.  The tiny test game plays: the game
does not matter here."""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest

from referee.core.engine import Outcome
from referee.web.storage.replays import ReplayCache, replays, weight
from tests import tiny_game as tiny
from tests.tiny_game import SLUG

BUST = (1,)  # a 1 scores nothing in the tiny test game: a whole turn in one move


def version_shown(table) -> int:
    return int(re.search(r'class="live-note"[^>]*data-version="(\d+)"', table.page()).group(1))


def poll(table, **query):
    return table.client.get(f"{table.url}/live", query_string=query)


def test_an_unchanged_table_polls_304_with_no_body(new_table, tiny_game):
    table = new_table(SLUG)
    version = version_shown(table)
    response = poll(table, v=str(version))
    assert response.status_code == 304 and response.data == b""
    assert response.headers["ETag"] == f'"v{version}"'
    tagged = table.client.get(f"{table.url}/live", headers={"If-None-Match": f'"v{version}"'})
    assert tagged.status_code == 304


def test_a_move_and_an_undo_each_change_the_poll(new_table, tiny_game):
    table = new_table(SLUG)
    before = version_shown(table)
    assert table.roll(*BUST).status_code == 302
    moved = poll(table, v=str(before))
    assert moved.status_code == 200
    data = moved.get_json()
    assert data["version"] == before + 1 and data["seq"] == 1
    assert data["to_move"] == "Bo" and data["over"] is False
    assert data["ruling"] == "A 1: Ann busts." and data["last"]
    assert poll(table, v=str(data["version"])).status_code == 304
    assert table.post("undo").status_code == 302
    undone = poll(table, v=str(data["version"])).get_json()
    assert undone["version"] == before + 2 and undone["seq"] == 0 and undone["to_move"] == "Ann"


def test_the_poll_and_the_page_say_whether_the_odds_show_and_which_seats_phones_hold(
    new_table, tiny_game
):
    """What the page's note compares to say what changed (issue 47): the odds switched,
    a seat taken."""
    table = new_table(SLUG)
    assert table.roll(*BUST).status_code == 302
    note = re.search(r'<div class="live-note"[^>]*>', table.page())[0]
    assert 'data-odds="off"' in note and 'data-seated="[]"' in note
    assert table.post("seat", **{"as": "1"}).status_code == 302
    data = poll(table, v="0").get_json()
    assert data["odds"] is False and data["seated"] == ["Bo"]
    note = html.unescape(re.search(r'<div class="live-note"[^>]*>', table.page())[0])
    assert 'data-seated="["Bo"]"' in note


def test_a_poll_without_a_cursor_gets_the_table(new_table, tiny_game):
    table = new_table(SLUG)
    response = poll(table)
    assert response.status_code == 200 and response.get_json()["seq"] == 0


@pytest.mark.parametrize("garbage", ["x", "-1", "1.5", "١", "\x00", "9" * 5000, "", " 1"])
def test_a_garbage_cursor_is_a_400(new_table, tiny_game, garbage):
    table = new_table(SLUG)
    response = poll(table, v=garbage)
    assert response.status_code == 400
    assert "cursor" in response.text


def test_an_unknown_table_polls_404(client):
    assert client.get(f"/t/{'0' * 32}/live").status_code == 404
    assert client.get(f"/t/{'0' * 32}/screen").status_code == 404


def test_the_big_screen_shows_whose_turn_the_last_move_and_the_ruling(new_table, tiny_game):
    table = new_table(SLUG)
    table.roll(*BUST)
    page = html.unescape(table.client.get(f"{table.url}/screen").text)
    assert "Bo to play" in page
    assert "Last move: " in page
    assert 'class="ruling"' in page and 'class="scores"' in page
    assert 'data-poll="/t/' in page and "js/live.js" in page
    assert "<form" not in page.split("<main>")[1]  # nothing to enter on the wall


def test_the_big_screen_says_no_one_wins_when_a_finished_game_has_no_winner(
    new_table, tiny_game, monkeypatch
):
    """A game over with no winner reads as the table page reads it ("No one wins"), never
    as the winners' message with no names (" win")."""

    def no_winner(state: tiny.Pig) -> Outcome:
        return replace(tiny.outcome(state), winners=[])

    monkeypatch.setattr(tiny_game, "outcome", no_winner)
    table = new_table(SLUG)
    for fields in ({"action": "roll", "d0": "6"},) * 2 + ({"action": "bank"},):
        assert table.post(**fields).status_code == 302
    page = html.unescape(table.client.get(f"{table.url}/screen").text)
    assert '<p class="screen-turn">No one wins</p>' in page and " win<" not in page
    assert "<h2>No one wins</h2>" in html.unescape(table.page())


def test_the_play_page_links_the_big_screen_and_polls(new_table, tiny_game):
    table = new_table(SLUG)
    page = table.page()
    assert f'href="{table.url}/screen"' in page
    assert f'data-poll="{table.url}/live"' in page


def test_a_read_of_an_unchanged_table_replays_nothing(new_table, tiny_game, monkeypatch):
    table = new_table(SLUG)
    table.roll(*BUST)
    calls = []
    import referee.web.storage.loading as loading

    real = loading.replay
    monkeypatch.setattr(loading, "replay", lambda *a, **k: calls.append(1) or real(*a, **k))
    table.page()
    poll(table, v="0")
    table.client.get(f"{table.url}/screen")
    assert calls == []  # the move's write kept its replay; every read used it


def test_another_process_writing_makes_the_kept_replay_unreachable(new_table, tiny_game, app):
    """A write this process never saw (another gunicorn worker's) advances the version in
    the database: the next read here misses the kept replay and reads the moves again."""
    from referee.web.base.extensions import db
    from referee.web.base.models import GameTable, MoveRecord
    from referee.web.storage.loading import table_by_token

    table = new_table(SLUG)
    table.roll(*BUST)
    assert table.ruling() == "A 1: Ann busts."
    with app.app_context():  # the other worker: the undo written straight to the database
        row = table_by_token(table.token)
        db.session.query(MoveRecord).filter_by(table_id=row.id).delete()
        db.session.query(GameTable).filter_by(id=row.id).update({"version": row.version + 1})
        db.session.commit()
    assert table.ruling() == "Roll the die."  # the table as it starts
    assert poll(table, v="1").get_json()["seq"] == 0


def test_the_cache_keeps_one_version_per_table_and_the_newest():
    cache = ReplayCache(budget=2 * weight(0))  # room for two tables without moves
    cache.put("a", 3, [], "three")  # type: ignore[arg-type]
    cache.put("a", 2, [], "two")  # type: ignore[arg-type]  an older read arriving late
    assert cache.get("a", 3).replay == "three" and cache.get("a", 2) is None
    cache.put("b", 0, [], "b")  # type: ignore[arg-type]
    cache.put("c", 0, [], "c")  # type: ignore[arg-type]
    assert cache.get("a", 3) is None  # the least recently used went
    assert cache.get("c", 0).replay == "c"


def test_a_deleted_table_is_forgotten(new_table, tiny_game, client, form_token):
    table = new_table(SLUG)
    table.page()
    assert replays.get(table.token, version_shown(table)) is not None
    token = form_token(f"/t/{table.token}/history")
    data = {"sure": "yes", "csrf_token": token, "version": str(version_shown(table))}
    response = client.post(f"{table.url}/delete", data=data)
    assert response.status_code == 302
    assert replays.get(table.token, 1) is None and replays.get(table.token, 0) is None


def test_a_move_another_process_wrote_is_caught_up_from_the_kept_replay(
    new_table, tiny_game, app, monkeypatch
):
    """A move written by another worker: this one's kept replay is a snapshot, and the
    next read applies only the moves after it, never the game from its first move."""
    from referee.log import Replay
    from referee.web.base.extensions import db
    from referee.web.base.models import GameTable, MoveRecord
    from referee.web.storage.loading import table_by_token

    table = new_table(SLUG)
    table.roll(*BUST)
    table.roll(*BUST)
    assert table.ruling() == "A 1: Bo busts."
    with app.app_context():  # the other worker: Ann's bust written straight to the database
        row = table_by_token(table.token)
        bust = {"type": "roll", "dice": [str(v) for v in BUST]}  # as a move is stored
        db.session.add(MoveRecord(table_id=row.id, seq=2, data=bust))
        db.session.query(GameTable).filter_by(id=row.id).update({"version": row.version + 1})
        db.session.commit()
    import referee.web.storage.loading as loading

    full, extended = [], []
    real_extended = Replay.extended
    monkeypatch.setattr(loading, "replay", lambda *a, **k: full.append(1))
    monkeypatch.setattr(
        Replay,
        "extended",
        lambda self, moves: extended.append(len(moves)) or real_extended(self, moves),
    )
    assert table.ruling() == "A 1: Ann busts."
    assert full == [] and extended == [1]
    assert poll(table, v="2").get_json()["seq"] == 3


def test_the_unchanged_poll_is_answered_before_flask_with_the_same_headers(
    new_table, tiny_game, app
):
    """``UnchangedPolls`` answers ``?v=N`` at the stored version without a request context;
    the view answers the same poll asked another way (If-None-Match) the same."""
    from flask import request_started

    table = new_table(SLUG)
    version = version_shown(table)
    started = []

    def count(sender, **extra):
        started.append(1)

    with request_started.connected_to(count, app):
        fast = poll(table, v=str(version))
        slow = table.client.get(f"{table.url}/live", headers={"If-None-Match": f'"v{version}"'})
    assert started == [1]  # only the If-None-Match poll entered Flask
    assert fast.status_code == slow.status_code == 304
    for name in ("ETag", "Cache-Control", "Content-Security-Policy", "X-Frame-Options"):
        assert fast.headers[name] == slow.headers[name]
    assert "Set-Cookie" not in fast.headers
