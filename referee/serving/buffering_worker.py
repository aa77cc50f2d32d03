"""gunicorn's worker for ``make run`` and ``referee serve``: each request is read whole
before a thread takes it.

gunicorn's threaded worker (gthread) hands a connection to a thread once its first bytes
arrive, and that thread reads the rest: a client that stops halfway through a photo holds
the thread for as long as it likes (200 such left no thread to answer a phone). Here each
worker process runs waitress's loop instead: it reads every connection's headers and body
into a buffer of the connection's own (a body past ``MEMORY_BYTES`` into a temporary file),
and only a request read whole goes to one of the worker's ``--threads`` threads. A slow or
stalled client holds a socket and its buffer, never a thread, and for a bounded time
(``referee.serving.request_limits``):

- headers at most ``HEADER_BYTES`` (431 past it), a body at most ``BODY_BYTES`` (413);
- a connection that sends nothing for ``IDLE_SECONDS`` within a request, or sends no new
  request within gunicorn's ``--keep-alive`` (2 s) of its last answer, is closed;
- a request not read whole within ``READ_SECONDS`` of its first byte is closed;
- a worker holds at most ``--worker-connections`` connections (1000; fewer where it may
  open fewer files, ``connection_limit``), then takes no more until some close.

gunicorn's master still forks ``--workers`` of these, restarts one that dies or whose loop
stalls past ``--timeout``, and writes the access log in its own format (``log_access``).
The server believes no ``X-Forwarded-*`` header: the app believes as many proxies as
``REFEREE_PROXIES`` says (``referee.web.guard.security``), and nothing else does.
"""

from __future__ import annotations

import logging
import os
import resource
import socket
import time
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

from gunicorn.workers.base import Worker
from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher, WSGITask

from referee.serving.request_limits import READ_SECONDS, waitress_settings
from referee.web.guard.redaction import guard

LOOP_SECONDS = 1.0  # the loop's longest wait: a stop or a stalled parent seen this soon


class BufferingWorker(Worker):
    """A gunicorn worker serving its listeners through waitress (see the module's text)."""

    def run(self) -> None:
        """Serve until told to stop or orphaned, then finish the requests in hand within
        gunicorn's ``--graceful-timeout``."""
        guard_waitress_log(self.log.error_log)
        sockets: dict[int, Any] = {}
        tasks = ThreadedTaskDispatcher()
        tasks.set_thread_count(self.cfg.threads)
        connections = connection_limit(self.cfg.worker_connections)
        settings = waitress_settings(self.cfg.threads, connections, self.cfg.keepalive)
        servers = [
            buffering_server(
                self.wsgi,
                listener.sock,
                sockets,
                tasks,
                settings,
                self.log_access,
                keep_alive=self.cfg.keepalive,
            )
            for listener in self.sockets
        ]
        while self.alive and self.ppid == os.getppid():
            self.notify()
            wasyncore.loop(timeout=LOOP_SECONDS, map=sockets, use_poll=True, count=1)
        for server in servers:
            server.accepting = False
        deadline = time.monotonic() + self.cfg.graceful_timeout
        while busy(servers) and time.monotonic() < deadline:
            self.notify()
            wasyncore.loop(timeout=0.1, map=sockets, use_poll=True, count=1)
        tasks.shutdown(cancel_pending=True, timeout=1)
        wasyncore.close_all(sockets)

    def log_access(self, task: WSGITask, seconds: float) -> None:
        """One line of gunicorn's access log (its ``--access-logformat``) for a request
        answered, refused ones too; a refused one also a line of the error log, its first
        line as sent."""
        request = task.request
        environ = getattr(task, "environ", None) or {
            "REQUEST_METHOD": getattr(request, "command", None) or "-",
            "PATH_INFO": getattr(request, "path", None) or "-",
            "SERVER_PROTOCOL": f"HTTP/{task.version}",
            "REMOTE_ADDR": task.channel.addr[0],
        }
        environ = {**environ, "RAW_URI": environ.get("REQUEST_URI", environ["PATH_INFO"])}
        answer = SimpleNamespace(
            status=task.status, sent=task.content_bytes_written, headers=task.response_headers
        )
        self.log.access(answer, request.headers, environ, timedelta(seconds=seconds))
        if request.error is not None:
            line = (getattr(request, "first_line", b"") or b"").decode("latin-1")
            self.log.info("Refused a request (%s): %r", request.error.reason, line)


class Timed:
    """A waitress task that, once it has answered, writes its line of the access log."""

    channel: Any

    def service(self) -> None:
        """Answer the request, then log it."""
        started = time.monotonic()
        try:
            super().service()  # type: ignore[misc]
        finally:
            self.channel.server.log_access(self, time.monotonic() - started)


class TimedTask(Timed, WSGITask):
    """A request for the app, logged."""


class TimedErrorTask(Timed, ErrorTask):
    """A request refused before the app saw it (malformed, or over a limit), logged."""


class ReadingChannel(HTTPChannel):
    """A connection that knows since when it has been reading its current request."""

    task_class = TimedTask
    error_task_class = TimedErrorTask
    reading_since = 0.0

    def received(self, data: bytes) -> bool:
        """Take the bytes in, noting the time when they begin a request."""
        if self.request is None and data:
            self.reading_since = time.monotonic()
        return bool(super().received(data))


class BufferingServer(TcpWSGIServer):
    """waitress's server with ``ReadingChannel`` connections, closing any that has taken
    longer than ``READ_SECONDS`` to send one request."""

    channel_class = ReadingChannel
    log_access: Any
    keep_alive: float  # seconds a connection is kept between requests

    def maintenance(self, now: float) -> None:
        """waitress's sweep of idle connections, of the ones kept alive past ``keep_alive``
        since their last answer was sent whole, and of the ones too slow to send a request."""
        super().maintenance(now)
        slow, kept = time.monotonic() - READ_SECONDS, now - self.keep_alive
        for channel in list(self.active_channels.values()):
            if channel.request is not None:
                if channel.reading_since < slow:
                    channel.will_close = True
            elif idle(channel) and channel.last_activity < kept:
                channel.will_close = True


def buffering_server(
    app: Any,
    listener: socket.socket,
    sockets: dict[int, Any],
    tasks: ThreadedTaskDispatcher,
    settings: dict[str, Any],
    log_access: Any,
    keep_alive: float,
) -> BufferingServer:
    """A ``BufferingServer`` for ``app`` on a listening socket, its connections in the loop's
    map ``sockets``, its requests run by ``tasks``, with waitress's ``settings``, each answer
    passed to ``log_access(task, seconds)``, a connection that sends no new request within
    ``keep_alive`` seconds closed."""
    info = (listener.family, listener.type, listener.proto, listener.getsockname())
    server = BufferingServer(
        app, sockets, _sock=listener, dispatcher=tasks, bind_socket=False, sockinfo=info,
        adj=Adjustments(sockets=[listener], **settings),
    )  # fmt: skip
    server.log_access = log_access
    server.keep_alive = keep_alive
    return server


def connection_limit(asked: int) -> int:
    """``asked`` connections at once, or fewer where the process may not open that many
    files: a third of its limit (a connection whose body went to a temporary file holds two,
    and the database and the app need some)."""
    files, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return asked if files == resource.RLIM_INFINITY else min(asked, files // 3)


def idle(channel: ReadingChannel) -> bool:
    """Whether a connection is between requests: none being read, run or sent."""
    return channel.request is None and not (channel.requests or channel.total_outbufs_len)


def busy(servers: list[BufferingServer]) -> bool:
    """Whether any connection has a request in hand or an answer still to send."""
    return any(
        channel.requests or channel.total_outbufs_len
        for server in servers
        for channel in server.active_channels.values()
    )


def guard_waitress_log(error_log: logging.Logger) -> None:
    """waitress's own log (a request that failed names its path) into gunicorn's error log,
    redacted, less its line for each request that waits for a thread."""
    logger = logging.getLogger("waitress")
    logger.handlers = list(error_log.handlers)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    guard(logger)
    # "Task queue depth is 1" each time a request waits for a thread (227 lines in one race
    # test's log): the access log's times say as much.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
