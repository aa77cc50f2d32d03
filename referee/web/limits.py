"""Rate limits on writes (Flask-Limiter): per client, per table, and on PIN attempts; and
on the PDFs one client may have built (``pdf_build_allowed``).

The counts live in each server process's memory: with several gunicorn workers a
client may get up to that many times the limit, which still stops a flood.
Refusals are 429 with a sentence (see ``errors``).
"""

from __future__ import annotations

from flask import current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many

limiter = Limiter(get_remote_address, storage_uri="memory://", default_limits=[])


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
    so.  Only builds count: a PDF served from the kept ones costs no CPU and is never refused."""
    if not limiter.enabled:
        return True
    limits = parse_many(current_app.config["PDF_LIMIT"])
    client = get_remote_address()
    return all(limiter.limiter.hit(limit, "pdf-builds", client) for limit in limits)
