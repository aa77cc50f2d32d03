"""How `make run`'s workers read requests (``referee/serving/buffering_worker.py``), on a
server in the test's own process with one thread and its limits shortened: a request is
read whole by the loop before the thread takes it, so a client dripping its headers holds
no thread; a connection silent mid-request, or one too slow to send a whole request, is
closed, and so is one kept alive that sends no new request in time.  ``test_slow_clients.py``
tries the real server."""

from __future__ import annotations

import socket
import threading
import time

import pytest
from waitress import wasyncore
from waitress.task import ThreadedTaskDispatcher

from referee.serving import buffering_worker
from referee.serving.request_limits import waitress_settings
from tests.conftest import wait_until
from tests.ports import free_port

KEEP_ALIVE = 1  # seconds a connection is kept between requests here
IDLE = 2  # seconds a connection may stay silent within a request here
READ = 3  # seconds a request may take to come in whole here


def hello(environ, start_response):
    """A WSGI app that says hello."""
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "5")])
    return [b"hello"]


@pytest.fixture
def port(monkeypatch):
    """A buffering server with one thread on a port of 127.0.0.1, its loop on a thread of
    this process until the test ends."""
    monkeypatch.setattr(buffering_worker, "READ_SECONDS", READ)
    listener = socket.socket()
    listener.bind(("127.0.0.1", free_port()))
    sockets: dict = {}
    tasks = ThreadedTaskDispatcher()
    tasks.set_thread_count(1)
    settings = {**waitress_settings(1), "channel_timeout": IDLE}
    buffering_worker.buffering_server(
        hello, listener, sockets, tasks, settings, lambda task, seconds: None, keep_alive=KEEP_ALIVE
    )
    stop = threading.Event()

    def loop() -> None:
        while not stop.is_set():
            wasyncore.loop(timeout=0.05, map=sockets, use_poll=True, count=1)

    looping = threading.Thread(target=loop, daemon=True)
    looping.start()
    yield listener.getsockname()[1]
    stop.set()
    looping.join(10)
    tasks.shutdown(timeout=1)
    wasyncore.close_all(sockets)


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server has closed ``sock`` (whatever it answered first read and dropped)."""
    sock.settimeout(0.05)
    try:
        while data := sock.recv(65536):
            del data
        return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def asked(port: int) -> bytes:
    """The status line the server answers a whole request with."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return sock.makefile("rb").readline().strip()


def test_a_client_dripping_its_headers_holds_no_thread_and_is_closed_past_the_read_limit(port):
    slow = socket.create_connection(("127.0.0.1", port), timeout=10)
    started = time.monotonic()
    slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    assert asked(port) == b"HTTP/1.1 200 OK"  # the one thread is free

    def dripped_until_closed() -> bool:
        try:
            slow.sendall(b"X")  # a byte of a header, never idle for IDLE seconds
        except OSError:
            return True
        return closed_by_server(slow)

    assert wait_until(dripped_until_closed, every=0.2)
    assert time.monotonic() - started >= READ
    slow.close()


def test_a_connection_silent_halfway_through_a_body_is_closed(port):
    stalled = socket.create_connection(("127.0.0.1", port), timeout=10)
    started = time.monotonic()
    stalled.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n" + b"x" * 500)
    assert asked(port) == b"HTTP/1.1 200 OK"
    assert wait_until(lambda: closed_by_server(stalled))
    assert time.monotonic() - started >= IDLE
    stalled.close()


def test_a_connection_kept_alive_is_closed_once_it_sends_no_new_request_in_time(port):
    kept = socket.create_connection(("127.0.0.1", port), timeout=10)
    # Timed from before the request is sent, so the server's answer (which starts its
    # keep-alive clock) comes after it however slow this machine: a lower bound that holds.
    asked = time.monotonic()
    kept.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    answer = kept.makefile("rb")
    assert answer.readline().strip() == b"HTTP/1.1 200 OK"
    while answer.readline() not in (b"\r\n", b""):
        pass
    assert answer.read(5) == b"hello"
    assert wait_until(lambda: closed_by_server(kept))
    assert time.monotonic() - asked >= KEEP_ALIVE
    kept.close()


@pytest.mark.parametrize(("files", "held"), [(1024, 341), (20000, 1000), (-1, 1000)])
def test_a_worker_holds_no_more_connections_than_its_files_allow(monkeypatch, files, held):
    import resource

    files = resource.RLIM_INFINITY if files == -1 else files
    monkeypatch.setattr(resource, "getrlimit", lambda which: (files, resource.RLIM_INFINITY))
    assert buffering_worker.connection_limit(1000) == held


def test_only_a_connection_with_nothing_in_hand_counts_as_between_requests():
    from types import SimpleNamespace

    def channel(request=None, requests=(), unsent=0):
        return SimpleNamespace(request=request, requests=list(requests), total_outbufs_len=unsent)

    assert buffering_worker.idle(channel())
    assert not buffering_worker.idle(channel(request=object()))  # one being read
    assert not buffering_worker.idle(channel(requests=[object()]))  # one being run
    assert not buffering_worker.idle(channel(unsent=5_000_000))  # an answer still being sent
