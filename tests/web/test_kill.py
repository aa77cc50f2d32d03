"""``kill -9`` of the whole server mid-write loses no acknowledged move and breaks no table.

gunicorn (2 workers x 4 threads) takes a steady stream of legal moves on several tables,
one phone per table; every move answered with a redirect is noted.  Then the master and
its workers are killed at once, with posts in flight, and a new server is started on the
same database: each table must hold every acknowledged move, in order, as the first of its
stored moves (a move in flight may or may not be there), replay, and take a new move.
"""

from __future__ import annotations

import http.client
import threading

import pytest

from tests.conftest import wait_until
from tests.realserver import BUSTS, Gunicorn, Phone, bust_log, roll_fields, stored_tables

pytestmark = pytest.mark.race

TABLES = 6
PHONES = 3  # each drives TABLES / PHONES tables in turn
# Moves acknowledged before the kill: what 2.5 s of load gave on a quiet machine (PostgreSQL
# 514-575, SQLite 711-733), within a generous outer limit for a busy one.
LOAD_MOVES = 500
LOAD_WITHIN = 120.0


class Writer:
    """One phone posting bust rolls round its tables until stopped or the server dies."""

    def __init__(self, port: int, tokens: list[str]) -> None:
        self.phone = Phone(port)
        self.tokens = tokens
        self.acked: dict[str, list[tuple[int, tuple[int, ...]]]] = {t: [] for t in tokens}
        self.stop = threading.Event()
        self.failures: list[str] = []

    def acked_total(self) -> int:
        return sum(len(acked) for acked in self.acked.values())

    def run(self) -> None:
        index = 0
        while not self.stop.is_set():
            token = self.tokens[index % len(self.tokens)]
            dice = BUSTS[index % len(BUSTS)]
            index += 1
            try:
                seq, csrf = self.phone.form(token)
                fields = {"seq": str(seq), "csrf_token": csrf, **roll_fields(dice)}
                status, body = self.phone.send(
                    self.phone.connect(), "POST", f"/t/{token}/move", fields
                )
            except (OSError, http.client.HTTPException, AssertionError) as exc:
                if not self.stop.is_set():  # after the kill a dropped post is expected
                    self.failures.append(f"{token}: {exc!r}")
                return
            if status in (302, 303):
                self.acked[token].append((seq, dice))
            elif status >= 500:
                self.failures.append(f"{token}: {status} {body[:300]}")


@pytest.mark.long(13)
def test_kill_9_mid_write_keeps_every_acknowledged_move(app, database_url, tmp_path, request):
    from referee.web.storage.store import import_log

    start = 3
    with app.app_context():
        tokens = [import_log(bust_log(start)) for _ in range(TABLES)]
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    writers = [Writer(server.port, tokens[i::PHONES]) for i in range(PHONES)]
    threads = [threading.Thread(target=w.run, daemon=True) for w in writers]
    for thread in threads:
        thread.start()

    def acked() -> int:
        return sum(writer.acked_total() for writer in writers)

    # a writer that stopped (it says why below) ends the wait too
    loaded = wait_until(
        lambda: acked() >= LOAD_MOVES or not all(t.is_alive() for t in threads), LOAD_WITHIN
    )
    for writer in writers:
        writer.stop.set()  # the posts in flight now may be lost: they are not acknowledged
    server.kill()
    for thread in threads:
        thread.join(60)
    assert not any(t.is_alive() for t in threads)
    assert loaded, f"{acked()} moves acknowledged in {LOAD_WITHIN} s, not {LOAD_MOVES}"

    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    stored = stored_tables(app, tokens)
    problems = [f for w in writers for f in w.failures]
    acked_total = 0
    for writer in writers:
        for token, acked in writer.acked.items():
            acked_total += len(acked)
            seqs, moves, error = stored[token]
            if seqs != list(range(len(seqs))):
                problems.append(f"{token}: stored seqs {seqs}")
            if error is not None:
                problems.append(f"{token}: replay refuses move {error.move}: {error.message}")
            if [seq for seq, _ in acked] != list(range(start, start + len(acked))):
                problems.append(f"{token}: acknowledged seqs {[seq for seq, _ in acked]}")
            if len(moves) < start + len(acked):
                problems.append(f"{token}: {len(acked)} acknowledged, {len(moves)} stored")
            for seq, dice in acked:
                if seq < len(moves) and moves[seq]["dice"] != [str(v) for v in dice]:
                    problems.append(f"{token}: move {seq} is {moves[seq]}, not the roll {dice}")
        for token in writer.tokens:  # the new server takes moves on every table
            phone = Phone(server.port)
            seq, csrf = phone.form(token)
            fields = {"seq": str(seq), "csrf_token": csrf, **roll_fields(BUSTS[0])}
            status, body = phone.send(phone.connect(), "POST", f"/t/{token}/move", fields)
            if status not in (302, 303):
                problems.append(f"{token}: after the restart a move got {status} {body[:300]}")
    assert acked_total >= TABLES, "the load acknowledged almost nothing"
    assert not problems, "\n".join(problems[:40])
