"""What waitress holds for one client while it reads a request, and for how long: the
settings of ``make run``'s workers (``buffering_worker``), and of waitress alone where
gunicorn cannot run."""

from __future__ import annotations

from typing import Any

from referee.web.play.photos import PHOTO_BYTES

HEADER_BYTES = 32 * 1024  # a request line and headers; a phone sends about 1 KiB
BODY_BYTES = 2 * PHOTO_BYTES  # past the app's own limits, so that it says them itself
MEMORY_BYTES = 64 * 1024  # of a body kept in memory; the rest goes to a temporary file
IDLE_SECONDS = 10
READ_SECONDS = 60  # a 10 MB photo at 1.5 Mbit/s
CONNECTIONS = 1000


def waitress_settings(
    threads: int, connections: int = CONNECTIONS, idle: float = 0
) -> dict[str, Any]:
    """waitress's settings: ``threads`` threads, at most ``connections`` connections at once,
    a connection silent for ``IDLE_SECONDS`` (or ``idle``, if longer) closed, headers and
    body within their limits; no ``X-Forwarded-*`` header believed or dropped (the app's
    ProxyFix believes as many proxies as ``REFEREE_PROXIES`` says, and nothing else reads
    them); no ``Server`` header."""
    return {
        "threads": threads,
        "connection_limit": connections,
        "channel_timeout": max(IDLE_SECONDS, idle),
        "cleanup_interval": 1,
        "max_request_header_size": HEADER_BYTES,
        "max_request_body_size": BODY_BYTES,
        "inbuf_overflow": MEMORY_BYTES,
        "clear_untrusted_proxy_headers": False,
        "ident": "",
        "asyncore_use_poll": True,
    }
