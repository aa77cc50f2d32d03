"""The replays kept in memory are never stale across gunicorn workers.

The real server runs 2 worker processes (SQLite, then PostgreSQL).  Two phones take turns
writing to one table, moves and undos; after every write, pollers on new connections
(so both workers answer them) must all see the new version and move count and agree on
the ruling, and the page must show the new move count, while a third phone polls the
same table without pause.  The access log's worker ids show that both workers answered.
"""

from __future__ import annotations

import json
import re
import threading
import time

import pytest

from tests.realserver import BUSTS, Gunicorn, Phone, bust_log, roll_fields

pytestmark = pytest.mark.race

WRITES = 24  # alternating phones; every third write an undo
READERS = 6  # polls on new connections after each write
PID_LOG = ("--access-logformat", '%(p)s "%(m)s %(U)s" %(s)s')  # the worker's pid first


def poll(phone: Phone, token: str, version: int) -> dict:
    status, body = phone.get(f"/t/{token}/live?v={version}")
    assert status == 200, (status, body[:300])
    return json.loads(body)


def test_every_worker_sees_every_write_at_once(app, database_url, tmp_path, request):
    from referee.web.storage.store import import_log

    with app.app_context():
        token = import_log(bust_log(4))
    server = Gunicorn(database_url, tmp_path, extra=PID_LOG).start()
    request.addfinalizer(server.stop)
    writers, reader = (Phone(server.port), Phone(server.port)), Phone(server.port)
    stop, watched, errors = threading.Event(), [], []

    def watch() -> None:  # a phone that never stops polling, at whatever version it saw
        version = 0
        try:
            while not stop.is_set():
                status, body = reader.get(f"/t/{token}/live?v={version}")
                assert status in (200, 304), status
                if status == 200:
                    version = json.loads(body)["version"]
                    watched.append(version)
        except BaseException as exc:
            errors.append(exc)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    seq, version = 4, poll(reader, token, 10**9)["version"]
    for write in range(WRITES):
        phone = writers[write % 2]
        shown, csrf = phone.form(token)
        assert shown == seq
        fields = {"seq": str(seq), "csrf_token": csrf}
        if write % 3 == 2:
            path, seq = f"/t/{token}/undo", seq - 1
        else:
            fields.update(roll_fields(BUSTS[write % len(BUSTS)]))
            path, seq = f"/t/{token}/move", seq + 1
        status, body = phone.send(phone.connect(), "POST", path, fields)
        assert status == 302, (status, body[:500])
        version += 1
        answers = [poll(Phone(server.port), token, version - 1) for _ in range(READERS)]
        assert {(a["version"], a["seq"]) for a in answers} == {(version, seq)}
        assert len({(a["ruling"], a["to_move"], a["last"]) for a in answers}) == 1
        assert Phone(server.port).form(token)[0] == seq
    deadline = time.monotonic() + 10  # the watcher may be between polls when the last write lands
    while not (watched and watched[-1] == version) and not errors and time.monotonic() < deadline:
        time.sleep(0.05)
    stop.set()
    watcher.join(30)
    server.stop()

    assert not errors, errors
    assert watched == sorted(watched) and watched[-1] == version
    found = re.findall(r'^<(\d+)> "GET /t/[0-9a-f]{4}…/live', server.log.read_text(), re.M)
    workers = set(found)  # the log shows a table's link cut short
    assert len(workers) == 2, f"only worker(s) {workers} answered polls"
