"""Slow clients cannot stall the server: gunicorn runs threaded workers, as `make run` does.

Four connections each send half a request and then nothing (a "slowloris"); a phone's
ordinary page load must still be answered at once.  With one synchronous worker per
process the default two-worker server was stalled for 30 s by two such clients.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterable
from pathlib import Path

import pytest

from referee.serving.command import THREADS
from tests.conftest import wait_until
from tests.realserver import Gunicorn, Phone

pytestmark = [pytest.mark.race, pytest.mark.solo]

SLOW_CLIENTS = 4


def sockets_of(server: Gunicorn) -> set[str]:
    """The inodes of the sockets the server's processes (its process group) hold open."""
    assert server.process is not None
    held = set()
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if int((proc / "stat").read_text().rsplit(")", 1)[1].split()[2]) != server.process.pid:
                continue
            links = [str(fd.readlink()) for fd in (proc / "fd").iterdir()]
        except OSError:  # gone meanwhile
            continue
        held.update(link[8:-1] for link in links if link.startswith("socket:["))
    return held


def taken_up(server: Gunicorn, ports: Iterable[int]) -> bool:
    """Whether the server's workers have taken up the connections from these local ports:
    each accepted by one of its processes (a socket of theirs, no longer in the listen
    queue), and all the client sent there acknowledged and read out by a worker's thread
    (nothing left queued on either side): a thread holds each (``/proc/net/tcp``)."""
    held = sockets_of(server)
    rows = {}  # established: (local port, remote port) -> (unacknowledged, unread, inode)
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        _, local, remote, state, queues, _, _, _, _, inode, *_ = line.split()
        if state == "01":
            unacked, unread = (int(n, 16) for n in queues.split(":"))
            ends = (int(local.rsplit(":", 1)[1], 16), int(remote.rsplit(":", 1)[1], 16))
            rows[ends] = (unacked, unread, inode)
    for port in ports:
        client, there = rows.get((port, server.port)), rows.get((server.port, port))
        if client is None or there is None or client[0] or there[1] or there[2] not in held:
            return False
    return True


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
        assert wait_until(lambda: taken_up(server, ports)), "the slow connections were not taken up"
        started = time.monotonic()
        status, page = Phone(server.port).get("/games/tenk")
        waited = time.monotonic() - started
    finally:
        for sock in stalled:
            sock.close()
        server.stop()
    assert status == 200 and "10K" in page
    assert waited < 2.0, f"a phone waited {waited:.1f} s behind {SLOW_CLIENTS} slow clients"
