"""What a phone waits while PostgreSQL restarts or hangs (``referee/web/guard/outages.py``).

gunicorn as the race tests run it (2 workers x 4 threads) on a PostgreSQL cluster of its
own.  ``PAGES`` pages that read the database are asked at once (more than the threads):
right after a restart of the server (every pooled connection stale), and while the server
hangs (SIGSTOP: connections taken, nothing answered), with a static file and the balancer's
check asked meanwhile; then, from the moment the server goes on, how long until a round of
pages is all answered 200 again.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from tests import pgserver
from tests.realserver import Gunicorn, Phone, flask_db_upgrade, import_table, pages_at_once

PAGES = 12


def pages(token: str) -> list[str]:
    """``PAGES`` pages that each read the database."""
    return [("/", f"/t/{token}", f"/t/{token}/log.json")[n % 3] for n in range(PAGES)]


def summary(answers: list[tuple[int, str, float]]) -> dict[str, Any]:
    """The statuses asked at once, and the slowest answer's seconds."""
    return {
        "statuses": sorted({status for status, _, _ in answers}),
        "slowest_s": max(seconds for _, _, seconds in answers),
    }


def run() -> dict[str, Any]:
    """Restart and hang a PostgreSQL under gunicorn; what the pages answered, and when."""
    cluster = pgserver.start()
    folder = Path(tempfile.mkdtemp(prefix="referee-outage-"))
    server = None
    try:
        url = cluster.url(cluster.create_database())
        upgrade = flask_db_upgrade(url, folder)
        upgrade.communicate(timeout=120)
        token = import_table(url, folder)
        server = Gunicorn(url, folder).start()
        phone = Phone(server.port).enter_house_pin()
        pages_at_once(phone, pages(token))  # every thread has a pooled connection
        cluster.restart()
        restart = summary(pages_at_once(phone, pages(token)))
        with cluster.hung():
            started = time.monotonic()
            check = phone.get("/healthz/database")[0], time.monotonic() - started
            hang = summary(pages_at_once(phone, pages(token)))
            static = summary(pages_at_once(phone, ["/static/css/app.css"]))
        went_on = time.monotonic()
        while {status for status, _, _ in pages_at_once(phone, pages(token))} != {200}:
            if time.monotonic() - went_on > 60:
                break
        return {
            "pages": PAGES,
            "restart": restart,
            "hang": hang,
            "static_during_hang": static,
            "check_during_hang": {"status": check[0], "seconds": check[1]},
            "recovered_s": time.monotonic() - went_on,
        }
    finally:
        if server is not None:
            server.stop()
        cluster.stop()


def line(result: dict[str, Any]) -> str:
    """The figures in one line."""
    restart, hang = result["restart"], result["hang"]
    return (
        f"outages: {result['pages']} pages at once after a PostgreSQL restart "
        f"{restart['statuses']} (slowest {restart['slowest_s']:.2f} s); while it hangs "
        f"{hang['statuses']} (slowest {hang['slowest_s']:.2f} s), a static file "
        f"{result['static_during_hang']['slowest_s']:.2f} s, the balancer's check "
        f"{result['check_during_hang']['status']} in {result['check_during_hang']['seconds']:.2f} "
        f"s; all pages 200 again {result['recovered_s']:.2f} s after it goes on"
    )
