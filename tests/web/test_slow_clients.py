"""Slow clients cannot stall the server: gunicorn runs threaded workers, as `make run` does.

Four connections each send half a request and then nothing (a "slowloris"); a phone's
ordinary page load must still be answered at once.  With one synchronous worker per
process the default two-worker server was stalled for 30 s by two such clients.
"""

from __future__ import annotations

import socket
import time

import pytest

from referee.serving.command import THREADS
from tests.conftest import wait_until
from tests.realserver import Gunicorn, Phone

pytestmark = [pytest.mark.race, pytest.mark.solo]

SLOW_CLIENTS = 4


def test_half_sent_requests_do_not_stall_a_phone(tmp_path):
    url = f"sqlite:///{tmp_path / 'slow.sqlite3'}"
    # `make run`'s threads a worker (the harness's default is 4): the kernel may hand all
    # four slow connections to one worker, and each holds one of its threads.
    server = Gunicorn(url, tmp_path, extra=("--threads", str(THREADS))).start()
    stalled = []
    try:
        for _ in range(SLOW_CLIENTS):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            sock.sendall(b"GET /games/tenk HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            stalled.append(sock)
        ports = [sock.getsockname()[1] for sock in stalled]
        assert wait_until(lambda: server.taken_up(ports)), "the slow connections were not taken up"
        started = time.monotonic()
        status, page = Phone(server.port).get("/games/tenk")
        waited = time.monotonic() - started
    finally:
        for sock in stalled:
            sock.close()
        server.stop()
    assert status == 200 and "10K" in page
    assert waited < 2.0, f"a phone waited {waited:.1f} s behind {SLOW_CLIENTS} slow clients"
