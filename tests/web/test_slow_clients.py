"""Slow and stalled clients hold no thread: the server `make run` starts reads each request
whole before a thread takes it (``referee/serving/buffering_worker.py``).

200 connections, half sending their headers a byte a second, half a photo's upload (100 kB,
then a byte a second, or nothing more), leave a phone's table page answered within a second,
straight to the server and through the HAProxy of docs/operating.md, which keeps the server
in service.  Under gunicorn's threaded workers (2 x 16 threads) 200 uploads stalled after
their first 64 kB had left a phone with no answer for 30 s.  Past the limits, a request is
refused; a connection silent mid-request is closed (``test_request_reading.py``).
"""

from __future__ import annotations

import http.client
import os
import socket
import threading
import time

import pytest

from referee.serving.command import THREADS
from referee.serving.request_limits import BODY_BYTES, HEADER_BYTES
from tests import balancer
from tests.conftest import ONE_DATABASE, wait_until
from tests.realserver import Gunicorn, Phone, bust_log

pytestmark = ONE_DATABASE

SLOW_CLIENTS = 200
PAGE_SECONDS = 1.0
PHOTO_BYTES = 5_000_000  # the upload each slow uploader says it sends
SENT_BYTES = 100_000  # of it, before it stops


def upload_start(token: str) -> bytes:
    """The start of a photo's upload to a table: the headers, then the photo's first bytes."""
    head = (
        f"POST /t/{token}/photo HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: multipart/form-data; boundary=b\r\n"
        f"Content-Length: {PHOTO_BYTES}\r\n\r\n"
        '--b\r\nContent-Disposition: form-data; name="photo"; filename="dice.jpg"\r\n'
        "Content-Type: image/jpeg\r\n\r\n"
    ).encode()
    return head + b"\xff\xd8" + b"\0" * (SENT_BYTES - len(head) - 2)


class SlowClients:
    """``count`` connections to ``port`` holding requests open: half send a table page's
    headers a byte a second, a quarter a photo's upload to the table a byte a second after
    its first 100 kB, and a quarter stop there (the server closes those once they have been
    silent for 10 s)."""

    def __init__(self, port: int, token: str, count: int = SLOW_CLIENTS) -> None:
        self.sockets: list[socket.socket] = []
        self.stalled: list[socket.socket] = []
        self.stop = threading.Event()
        for n in range(count):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            if n % 2:
                sock.sendall(upload_start(token))
            else:
                sock.sendall(f"GET /t/{token} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".encode())
            (self.stalled if n % 4 == 3 else self.sockets).append(sock)
        self.dripping = threading.Thread(target=self.drip, daemon=True)
        self.dripping.start()

    @property
    def ports(self) -> list[int]:
        """The own ports of the connections that go on sending."""
        return [sock.getsockname()[1] for sock in self.sockets]

    @property
    def stalled_ports(self) -> list[int]:
        """The own ports of the connections that stopped."""
        return [sock.getsockname()[1] for sock in self.stalled]

    def drip(self) -> None:
        """Send each connection that goes on one more byte every second."""
        while not self.stop.wait(1.0):
            for sock in self.sockets:
                try:
                    sock.send(b"a")
                except OSError:  # closed by the server: it is no longer held
                    pass

    def close(self) -> None:
        """Stop the drip and close every connection."""
        self.stop.set()
        self.dripping.join(10)
        for sock in self.sockets + self.stalled:
            sock.close()


def page_waits(port: int, path: str, loads: int = 5) -> list[float]:
    """How long a phone waits for each of ``loads`` loads of ``path`` (each a 200)."""
    waits = []
    for _ in range(loads):
        started = time.monotonic()
        status, page = Phone(port).get(path)
        waits.append(time.monotonic() - started)
        assert status == 200, (status, page[:300])
    return waits


@pytest.fixture
def served(app, database_url, tmp_path, request):
    """`make run`'s server (its app, threads and workers) with one 10K table: the server and
    the table's token.  What a slow client holds does not depend on the database: SQLite."""
    from referee.web.base.extensions import db
    from referee.web.storage.store import import_log

    with app.app_context():
        token = import_log(bust_log(2))
        db.engine.dispose()
    extra = ("--threads", str(THREADS))
    server = Gunicorn(database_url, tmp_path, extra=extra, app="referee.web:serving_app()")
    request.addfinalizer(server.start().stop)
    assert Phone(server.port).get(f"/t/{token}")[0] == 200  # the worker warmed up
    return server, token


@pytest.mark.race
@pytest.mark.solo
def test_200_slow_clients_leave_a_phone_answered_within_a_second(served):
    server, token = served
    slow = SlowClients(server.port, token)
    try:
        # Every byte each sent is read by the server (the uploads' first 100 kB too).
        every = slow.ports + slow.stalled_ports
        assert wait_until(lambda: server.taken_up(every)), "not all were taken up"
        waits = page_waits(server.port, f"/t/{token}")
        assert wait_until(lambda: server.taken_up(slow.ports)), "the server let some go"
    finally:
        slow.close()
    assert max(waits) < PAGE_SECONDS, f"a phone waited {max(waits):.2f} s behind {SLOW_CLIENTS}"


def health_checks(server: Gunicorn) -> int:
    """How many of the balancer's checks the server has answered 200 (its access log)."""
    return server.log.read_text().count('"GET /healthz/database" 200')


@pytest.mark.race
@pytest.mark.solo
def test_through_the_balancer_slow_clients_leave_the_server_in_service(served, tmp_path):
    server, token = served
    try:
        haproxy = balancer.HAProxy(tmp_path / "haproxy", {"app1": server.port}).start()
    except balancer.Unavailable:
        if os.geteuid() == 0:
            pytest.fail("haproxy is not installed: run `.ci/system-packages` (`make test`).")
        pytest.skip("Debian's haproxy is not installed")
    slow = None
    try:
        slow = SlowClients(haproxy.port, token)
        checked = health_checks(server)
        # Eight checks (200 ms apart) answered while all of them are held.
        assert wait_until(lambda: health_checks(server) >= checked + 8), haproxy.log()
        waits = page_waits(haproxy.port, f"/t/{token}")
        assert haproxy.times_taken_out() == {"app1": 0}, haproxy.stats()
        assert haproxy.states() == {"app1": "UP"}
    finally:
        if slow is not None:
            slow.close()
        haproxy.stop()
    assert max(waits) < PAGE_SECONDS, f"a phone waited {max(waits):.2f} s behind {SLOW_CLIENTS}"


def sent_raw(port: int, request: bytes) -> bytes:
    """The status line the server answers ``request`` with."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        return sock.makefile("rb").readline().strip()


@pytest.mark.race
def test_headers_or_a_body_past_the_limits_are_refused_before_a_thread_reads_them(served):
    server, token = served
    big_headers = (
        f"GET /t/{token} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: {'a' * HEADER_BYTES}\r\n\r\n"
    )
    assert sent_raw(server.port, big_headers.encode()).endswith(
        b" 431 Request Header Fields Too Large"
    )
    too_long = (
        f"POST /t/{token}/photo HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Content-Length: {BODY_BYTES + 1}\r\n\r\n"
    )  # the body never sent: refused on its stated length alone
    assert sent_raw(server.port, too_long.encode()).endswith(b" 413 Request Entity Too Large")
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("GET", f"/t/{token}")
    assert connection.getresponse().status == 200
    connection.close()
