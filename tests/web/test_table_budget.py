"""A table's writes (``WRITE_LIMIT_PER_TABLE``) through the real server, gunicorn's 2 workers
x 4 threads, on SQLite and PostgreSQL: only a write that lands spends one.

A phone that holds no seat posts 300 moves: each is refused, and costs that phone's own
limit (``WRITE_LIMIT_PER_CLIENT``) alone, so the seated player's move still lands, with the
counts in each worker's memory and in Redis.  Four phones post a move at the same instant,
round after round, with the counts in Redis (shared by both workers): exactly the table's
writes land, never one more, and the posts that lose the race spend none of them.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.realserver import BUSTS, Gunicorn, Phone, bust_log, csrf_of, roll_fields

pytestmark = pytest.mark.race

# Windows of an hour, not a minute: the counts cannot start afresh mid-test on a slow run.
PER_CLIENT = 120  # the default's figure
TABLE_WRITES = 20
AT_ONCE = 4  # phones posting in each round
ROUNDS = 3 * TABLE_WRITES  # more than enough: each round lands at most one write
TABLE_FULL = "This table has taken as many changes as it may just now"


def serve(app, database_url, tmp_path, request, **settings) -> tuple[Gunicorn, str]:
    """A 10K table of two busted turns, and gunicorn serving it with rate limits on."""
    from referee.web.storage.store import import_log

    with app.app_context():
        token = import_log(bust_log(2))
    limits = {"REFEREE_RATE_LIMITS": "on", "WRITE_LIMIT_PER_CLIENT": f"{PER_CLIENT} per hour"}
    server = Gunicorn(database_url, tmp_path, settings={**limits, **settings}).start()
    request.addfinalizer(server.stop)
    return server, token


def post(phone: Phone, path: str, fields: dict[str, str]) -> tuple[int, str]:
    return phone.send(phone.connect(), "POST", path, fields)


def choose_seat(phone: Phone, token: str, choice: str) -> None:
    csrf = csrf_of(phone.get(f"/t/{token}")[1])
    assert post(phone, f"/t/{token}/seat", {"as": choice, "csrf_token": csrf})[0] == 302


@pytest.mark.parametrize("kept", ["memory", "redis"])
def test_a_watchers_300_refused_moves_leave_the_seated_players_move_landing(
    kept, app, database_url, tmp_path, request
):
    shared = {"REDIS_URL": request.getfixturevalue("redis_server").url} if kept == "redis" else {}
    table = {"WRITE_LIMIT_PER_TABLE": f"{PER_CLIENT} per hour"}
    server, token = serve(app, database_url, tmp_path, request, **table, **shared)
    ann, watcher = Phone(server.port), Phone(server.port, "127.0.0.2")
    choose_seat(ann, token, "0")  # Ann's turn: two busted turns are stored
    choose_seat(watcher, token, "watch")
    seq, ann_csrf = ann.form(token)
    fields = {"seq": str(seq), "csrf_token": csrf_of(watcher.get(f"/t/{token}")[1])}
    move = {**fields, **roll_fields(BUSTS[0])}
    answers = [post(watcher, f"/t/{token}/move", move) for _ in range(300)]
    statuses = [status for status, _ in answers]
    assert set(statuses) == {403, 429}
    if kept == "redis":  # one count for both workers
        assert statuses == [403] * PER_CLIENT + [429] * (300 - PER_CLIENT)
    else:  # each worker counts the watcher in its own memory
        assert PER_CLIENT <= statuses.count(403) <= 2 * PER_CLIENT
    refused = [body for status, body in answers if status == 429]
    assert all("Too many posts from this phone" in body for body in refused)
    ann_move = {"seq": str(seq), "csrf_token": ann_csrf, **roll_fields(BUSTS[2])}
    status, body = post(ann, f"/t/{token}/move", ann_move)
    assert status == 302, body[:500]
    assert ann.form(token)[0] == seq + 1


def test_phones_writing_at_once_land_exactly_the_tables_writes(
    app, database_url, tmp_path, request, redis_server
):
    table = {"WRITE_LIMIT_PER_TABLE": f"{TABLE_WRITES} per hour", "REDIS_URL": redis_server.url}
    server, token = serve(app, database_url, tmp_path, request, **table)
    phones = [Phone(server.port, f"127.0.0.{n + 1}") for n in range(AT_ONCE)]  # table phones
    rounds: list[list[tuple[int, str]]] = []
    with ThreadPoolExecutor(AT_ONCE) as posting:
        for turn in range(ROUNDS):
            forms = [phone.form(token) for phone in phones]
            barrier = threading.Barrier(AT_ONCE, timeout=60)

            def at_once(n: int, turn=turn, forms=forms, barrier=barrier) -> tuple[int, str]:
                seq, csrf = forms[n]
                fields = {"seq": str(seq), "csrf_token": csrf, **roll_fields(BUSTS[turn % 3])}
                connection = phones[n].connect()
                barrier.wait()
                return phones[n].send(connection, "POST", f"/t/{token}/move", fields)

            rounds.append(list(posting.map(at_once, range(AT_ONCE))))
            if all(status == 429 for status, _ in rounds[-1]):
                break
    statuses = [[status for status, _ in answers] for answers in rounds]
    assert all(set(each) <= {302, 409, 429} and each.count(302) <= 1 for each in statuses)
    assert sum(each.count(302) for each in statuses) == TABLE_WRITES, statuses
    assert statuses[-1] == [429] * AT_ONCE
    refused = [body for answers in rounds for status, body in answers if status == 429]
    assert all(TABLE_FULL in body.replace("&#39;", "'") for body in refused)
    assert phones[0].form(token)[0] == 2 + TABLE_WRITES
