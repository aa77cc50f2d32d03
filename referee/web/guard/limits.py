"""Rate limits on writes (Flask-Limiter): per client, per table, and on PIN attempts; and
on the PDFs one client may have built (``pdf_build_allowed``).

Without ``REDIS_URL`` the counts live in each server process's memory: with several
gunicorn workers a client may get up to that many times the limit, which still stops a
flood.  With ``REDIS_URL`` they live in Redis and hold across every worker of every server.
Should Redis go away, writes go on: the counts fall back to the process's memory (said in
the log), and go back to Redis once it answers again (Flask-Limiter checks now and then,
at most 32 s apart).  Refusals are 429 with a sentence (see ``errors``).
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, current_app, request
from flask.logging import default_handler
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many
from limits.errors import StorageError
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter

limiter = Limiter(get_remote_address, default_limits=[])
# Seconds a write waits for Redis before counting in memory instead (a Redis that is down
# refuses at once; one cut off by the network would otherwise hold every write).
REDIS_TIMEOUT = 1.0
# Counts of PDF builds made while Redis did not answer (Flask-Limiter keeps its own).
pdf_builds_in_memory = FixedWindowRateLimiter(MemoryStorage())
log = logging.getLogger(__name__)


def storage_settings(redis_url: str | None) -> dict[str, Any]:
    """Flask-Limiter's storage settings: Redis at ``redis_url``, falling back to memory
    while it does not answer; memory alone without one."""
    if not redis_url:
        return {"RATELIMIT_STORAGE_URI": "memory://"}
    return {
        "RATELIMIT_STORAGE_URI": redis_url,
        "RATELIMIT_STORAGE_OPTIONS": {
            "socket_connect_timeout": REDIS_TIMEOUT,
            "socket_timeout": REDIS_TIMEOUT,
            "wrap_exceptions": True,
        },
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
    }


def register(app: Flask) -> None:
    """Bind the limiter; with Redis, have its falling back to memory and its recovery
    logged (Flask-Limiter says both, the recovery only at INFO level)."""
    limiter.init_app(app)
    if app.config.get("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED"):
        library_log = logging.getLogger("flask-limiter")
        library_log.setLevel(logging.INFO)
        if default_handler not in library_log.handlers:
            library_log.addHandler(default_handler)


def limits_in_redis() -> bool:
    """Whether the rate limits are kept in Redis (``REDIS_URL``, and rate limits on)."""
    return bool(current_app.config["REDIS_URL"] and current_app.config["RATELIMIT_ENABLED"])


def redis_reachable() -> bool | None:
    """Whether the Redis the limits are kept in answers; None when they are not kept in
    Redis (``limits_in_redis``)."""
    if not limits_in_redis():
        return None
    return bool(limiter.storage.check())


def client_writes() -> str:
    """Writes one client may make (``WRITE_LIMIT_PER_CLIENT``)."""
    return str(current_app.config["WRITE_LIMIT_PER_CLIENT"])


def table_writes() -> str:
    """Writes one table may take, from every phone together (``WRITE_LIMIT_PER_TABLE``)."""
    return str(current_app.config["WRITE_LIMIT_PER_TABLE"])


def table_key() -> str:
    """The rate-limit key of the table in the URL."""
    return "table:" + str((request.view_args or {}).get("token", ""))


def limit_table_writes(view):  # type: ignore[no-untyped-def]
    """Both write limits on a table's view: this client's and the table's."""
    view = limiter.limit(table_writes, key_func=table_key)(view)
    return limiter.limit(client_writes)(view)


def pdf_build_allowed() -> bool:
    """Whether this client may have one more PDF built now (``PDF_LIMIT``), counting it when
    so.  Only builds count: a PDF served from the kept ones costs no CPU and is never refused.
    While Redis does not answer, the builds are counted in this process's memory."""
    if not limiter.enabled:
        return True
    limits = parse_many(current_app.config["PDF_LIMIT"])
    client = get_remote_address()
    try:
        return all(limiter.limiter.hit(limit, "pdf-builds", client) for limit in limits)
    except StorageError as exc:
        reason = exc.storage_error
        log.warning("Rate limit storage unreachable (%s): PDF builds counted in memory", reason)
        return all(pdf_builds_in_memory.hit(limit, "pdf-builds", client) for limit in limits)
