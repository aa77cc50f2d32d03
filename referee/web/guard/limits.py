"""Rate limits on writes (Flask-Limiter): per client, per table, and on PIN attempts; and
on the PDFs one client may have built (``pdf_build_allowed``).

Every post to a table's routes costs the client that sent it (``limit_client_writes``),
whether it is refused or not: that is what stops a flood.  The table's own budget, shared
by every phone at it, is spent only by the writes that land (``table_write``): a post
refused for what it is (a watcher's move, a stale page, an illegal move) costs its sender
alone, so a phone that may not change a table cannot use up the changes of the phones that
may.

Without ``REDIS_URL`` the counts live in each server process's memory: with several
gunicorn workers a client may get up to that many times the limit, which still stops a
flood.  With ``REDIS_URL`` they live in Redis and hold across every worker of every server.
Should Redis go away, writes go on: the counts fall back to the process's memory (said in
the log), and go back to Redis once it answers again (Flask-Limiter checks now and then,
at most 32 s apart).  Refusals are 429 with a sentence (see ``errors``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from flask import Flask, abort, current_app
from flask.logging import default_handler
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse_many
from limits.errors import StorageError
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter, RateLimiter

from referee.core.sentences import say

limiter = Limiter(get_remote_address, default_limits=[])
# Seconds a write waits for Redis before counting in memory instead (a Redis that is down
# refuses at once; one cut off by the network would otherwise hold every write).
REDIS_TIMEOUT = 1.0
# Counts made by ``spend`` while Redis did not answer (Flask-Limiter keeps its own).
counted_in_memory = FixedWindowRateLimiter(MemoryStorage())
log = logging.getLogger(__name__)


def table_full(limit: str) -> str:
    """Why a table takes no more changes just now: it has had its ``limit``."""
    return say(
        "This table has taken as many changes as it may just now ({limit}, from all its phones "
        "together): wait a minute and try again. Nothing was changed.",
        limit=limit,
    )


# Gives back what ``spend`` counted.
GiveBack = Callable[[], None]


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


def limit_client_writes(view):  # type: ignore[no-untyped-def]
    """The client's write limit on a table's view: every post counts, landed or refused."""
    return limiter.limit(client_writes)(view)


@contextmanager
def table_write(token: str) -> Iterator[None]:
    """Spend one of the table's writes (``WRITE_LIMIT_PER_TABLE``, from every phone together)
    on the write the block makes: a 429 with a sentence (and a ``Retry-After`` of the
    longest window) before the block runs when they are spent, and the write given back
    when the block raises (the write did not land: the table moved on, or the post was
    refused).

    The write is counted before it is made and given back if it fails, never counted after
    it lands: counting and checking are one step (an atomic increment in Redis, a locked one
    in memory), so two phones writing at once can never both take the table's last write,
    where a check now and a count after landing would let every write in flight through.
    A write holds its count only while it is being made (milliseconds, after the post is
    read and judged), so a refused post never holds one."""
    if not limiter.enabled:
        yield
        return
    setting = current_app.config["WRITE_LIMIT_PER_TABLE"]
    give_back = spend("WRITE_LIMIT_PER_TABLE", "table writes", "table:" + token)
    if give_back is None:
        window = max(limit.get_expiry() for limit in parse_many(setting))
        abort(429, table_full(setting), retry_after=window)
    try:
        yield
    except BaseException:
        give_back()
        raise


def spend(setting: str, what: str, *identifiers: str) -> GiveBack | None:
    """Count one against each of the limits in the config ``setting`` (``"120 per minute"``)
    for ``identifiers``; a function that gives it back, or None when a limit is spent (and
    nothing stays counted).  Counted where Flask-Limiter counts (Redis, or its memory while
    it knows Redis to be away), and in this process's memory while Redis does not answer
    (the log says so, naming ``what``)."""
    limits = parse_many(current_app.config[setting])
    try:
        return _spend(limiter.limiter, limits, identifiers)
    except StorageError as exc:
        reason = exc.storage_error
        log.warning("Rate limit storage unreachable (%s): %s counted in memory", reason, what)
        return _spend(counted_in_memory, limits, identifiers)


def _spend(
    counter: RateLimiter, limits: Sequence[RateLimitItem], identifiers: Sequence[str]
) -> GiveBack | None:
    """``spend`` with ``counter``, a fixed-window limiter (Flask-Limiter's strategy): a
    give-back takes one off each window's count (one that meets a new window, the old one
    having ended meanwhile, leaves the new one a write more: at most the writes in flight
    at its start)."""

    def give_back() -> None:
        try:
            for limit in limits:
                key = limit.key_for(*identifiers)
                counter.storage.incr(key, limit.get_expiry(), amount=-1)
        except StorageError as exc:  # Redis gone meanwhile: the count stays, till its window ends
            log.warning("Rate limit storage unreachable (%s): not given back", exc.storage_error)

    allowed = [counter.hit(limit, *identifiers) for limit in limits]
    if all(allowed):
        return give_back
    give_back()
    return None


def pdf_build_allowed() -> bool:
    """Whether this client may have one more PDF built now (``PDF_LIMIT``), counting it when
    so.  Only builds count: a PDF served from the kept ones costs no CPU and is never refused.
    While Redis does not answer, the builds are counted in this process's memory."""
    if not limiter.enabled:
        return True
    return spend("PDF_LIMIT", "PDF builds", "pdf-builds", get_remote_address()) is not None
