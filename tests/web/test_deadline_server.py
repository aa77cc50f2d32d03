"""Under gunicorn's threaded workers, which never cut a busy thread short, a request past
``REQUEST_TIME_LIMIT`` stops itself: a 503 with a ``Retry-After``, never a 500, and the
other threads answer meanwhile (SQLite, then PostgreSQL)."""

from __future__ import annotations

import threading
from time import perf_counter

import pytest

from tests.realserver import Gunicorn, Phone, bust_log

pytestmark = pytest.mark.race

LOADS = 8  # long pages asked at once, over both workers
LIMIT = "0.05"  # seconds: a 5,000-move story or replay takes several times that


def test_long_pages_are_cut_at_the_limit_while_a_plain_page_is_answered(
    app, database_url, tmp_path, request, monkeypatch
):
    from referee.web.storage.store import import_log

    with app.app_context():
        token = import_log(bust_log(5000))
    monkeypatch.setenv("REQUEST_TIME_LIMIT", LIMIT)
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    answers: list[tuple[int, str]] = []

    def load(path: str) -> None:
        answers.append(Phone(server.port).get(path))

    paths = [f"/t/{token}/history", f"/t/{token}"] * (LOADS // 2)
    threads = [threading.Thread(target=load, args=(path,)) for path in paths]
    for thread in threads:
        thread.start()
    start = perf_counter()
    status, _ = Phone(server.port).get("/games/tenk")
    plain = perf_counter() - start
    for thread in threads:
        thread.join(60)
    assert status == 200 and plain < 10  # generous: the machine's CPU is shared
    assert len(answers) == LOADS
    for status, body in answers:
        assert status == 503, (status, body[:300])
        assert "took the referee too long" in body
