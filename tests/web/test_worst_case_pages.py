"""The worst pages a link can ask for, 16 at once under gunicorn (issue 24): a 10K final
round 200,000 past the target with the odds on, and the longest story of each game that
gives advice (5,000 moves, the odds on, nothing judged yet).  Every page is answered within
its budget, and a plain table page meanwhile in under a second.

Before: one final-round page took 69 s, a story 8-78 s, and 16 of them stalled every
table for 100 s.
"""

from __future__ import annotations

import os
import threading
import time

import pytest
from sqlalchemy import update

from bench.worst_case import LONG_GAMES, far_final_round_log, long_log
from referee.serving.command import THREADS
from referee.web.base.extensions import db
from referee.web.base.models import GameTable
from tests.calibration import Pace, server_cpu, slowdown
from tests.conftest import wait_until
from tests.realserver import Gunicorn, Phone, bust_log

pytestmark = [pytest.mark.race, pytest.mark.solo]

LOADS = 16
# Wall time of one page among 16 on 2 shared cores (CPU: bench/), and the request's time
# limit (REQUEST_TIME_LIMIT's default), on this project's machine: on a slower or busier one
# both are scaled by how much slower it is now (``tests.calibration.slowdown``).
PAGE_SECONDS = 30.0
TIME_LIMIT = 10.0
# The server's CPU for all 16, the first in each cold worker, at this project's machine's pace
# (``tests.calibration``: a multiple of a reference loop timed in the test).
SERVER_CPU_SECONDS = 8.0
PLAIN_SECONDS = 1.0  # on an idle machine; scaled by the load of a shared one


def settled(server: Gunicorn, most: float = 60.0) -> bool:
    """Whether the server's workers have worked the odds' tables out (its CPU time stopped
    growing: under 0.05 s in a second) within ``most`` seconds."""
    deadline = time.monotonic() + most
    before = server_cpu(server.process.pid)
    while time.monotonic() < deadline:
        time.sleep(1.0)  # the second the CPU time is measured over
        now = server_cpu(server.process.pid)
        if now - before < 0.05:
            return True
        before = now
    return False


def load_factor() -> float:
    """How many times over the machine's cores are asked for now (1 when idle)."""
    return max(1.0, os.getloadavg()[0] / len(os.sched_getaffinity(0)))


@pytest.fixture(scope="module")
def logs():
    """The worst-case logs, built once (a few seconds)."""
    return far_final_round_log(), [long_log(slug) for slug in LONG_GAMES]


def test_sixteen_worst_pages_at_once_stay_bounded_and_a_table_is_answered(
    app, database_url, tmp_path, logs
):
    from referee.web.storage.store import import_log

    far_log, long_logs = logs
    with app.app_context():
        far = import_log(far_log)
        stories = [import_log(log) for log in long_logs]
        plain = import_log(bust_log(4))
        db.session.execute(update(GameTable).values(show_odds=True))
        db.session.commit()
        db.engine.dispose()
    paths = [f"/t/{far}", *(f"/t/{token}/history" for token in stories)]
    # as `make run` serves it: 2 workers x 16 threads, each working the odds' tables out as
    # it starts (the harness's default is 4 threads and no odds at start)
    slow = slowdown()  # the request's time limit and each page's wait, at this machine's pace
    server = Gunicorn(
        database_url,
        tmp_path,
        extra=("--threads", str(THREADS)),
        app="referee.web:serving_app()",
        settings={"REQUEST_TIME_LIMIT": f"{TIME_LIMIT * slow:.1f}"},
    ).start()
    answers: list[tuple[str, int, float, str]] = []
    sent: dict[int, bool] = {}  # each load's local port: whether it was answered

    def load(path: str) -> None:
        started = time.monotonic()
        conn = Phone(server.port).connect()
        port = conn.sock.getsockname()[1]
        conn.request("GET", path, headers={"Connection": "close"})
        sent[port] = False
        response = conn.getresponse()
        page = response.read().decode("utf-8", "replace")
        conn.close()
        sent[port] = True
        answers.append((path, response.status, time.monotonic() - started, page))

    def all_in() -> bool:
        """Each of the 16 sent and taken up by a worker's thread (or answered already)."""
        waiting = [port for port, answered in list(sent.items()) if not answered]
        return len(sent) == LOADS and server.taken_up(waiting)

    try:
        assert settled(server), "the server's CPU time was still growing after a minute"
        cpu_before = server_cpu(server.process.pid)
        threads = [
            threading.Thread(target=load, args=(paths[n % len(paths)],)) for n in range(LOADS)
        ]
        for thread in threads:
            thread.start()
        assert wait_until(all_in, 60), f"{len(sent)} of the {LOADS} pages sent, not all taken up"
        started = time.monotonic()
        status, page = Phone(server.port).get(f"/t/{plain}")
        plain_took = time.monotonic() - started
        for thread in threads:
            thread.join(60)
        cpu = server_cpu(server.process.pid) - cpu_before
    finally:
        server.stop()
    assert status == 200 and "Ann" in page
    assert len(answers) == LOADS
    for path, code, took, body in answers:
        assert code == 200, (path, code, body[:300])
        assert took < PAGE_SECONDS * slow, (path, took, slow)
    final_round = next(body for path, _, _, body in answers if path == paths[0])
    assert "Final round: passing 212,000 needs 212,001 this turn" in final_round
    assert "the chance is under 1 in 10^" in final_round
    Pace().check(cpu, SERVER_CPU_SECONDS, "the 16 pages")
    factor = load_factor()
    assert plain_took < PLAIN_SECONDS * factor, (
        f"a plain table page took {plain_took:.2f} s (load {factor:.1f} times the cores); "
        f"the 16 pages {cpu:.1f} s of CPU"
    )
