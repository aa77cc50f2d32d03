"""Work that checks no deadline is stopped all the same (issue 46): the watchdog raises
``OutOfTime`` in a request's thread once its time is up and it works in the pure code,
never once it has begun to commit; a table page stopped so offers the undo of its last
move, which opens the table again."""

from __future__ import annotations

import html
import os
import re
import sys
import threading
import time
from pathlib import Path

import pytest

from referee.families.grid import parse_board
from referee.games.sixd_six import page as sixd_six_page
from referee.games.sixd_six import rules as sixd_six
from referee.web.base.deadline import OutOfTime
from referee.web.guard.overtime import GRACE_SECONDS, Watchdog, in_pure_code
from referee.web.storage.replays import replays
from tests.conftest import wait_until
from tests.games.sixd_six.test_worst_squares import ISSUE_LOG
from tests.realserver import Gunicorn, Phone, csrf_of
from tests.slow_pages import every_set_first
from tests.web.support import seated, stored_moves

# The waits on the wall clock have seconds to spare (the watchdog acts within 0.1 s of its
# time on a quiet machine), so the tests run among the others.

# Rows one colour, columns one number: every group of dice joined side to side is a set,
# so listing them all runs for hours (and grows without bound) in the pure code.
SORTED = parse_board([[f"{c + 1}{colour}" for c in range(6)] for colour in "rygbop"], max_side=6)
LIMIT = 0.3  # seconds
STOPPED_WITHIN = 5.0  # seconds from the deadline on a loaded 2-core machine
GREW_AT_MOST = 512 * 2**20  # bytes the server's memory may grow by while it worked


def in_a_thread(work, watchdog: Watchdog, seconds: float, *, settle: bool = False):
    """Run ``work`` in a thread watched for ``seconds``: what it returned or raised, and
    how long after its deadline it ended."""
    ended: dict = {}

    def run() -> None:
        watchdog.watch(seconds, grace=0)
        until = time.monotonic() + seconds
        if settle:
            watchdog.settle()
        try:
            ended["value"] = work()
        except OutOfTime as exc:
            ended["value"] = exc
        finally:
            watchdog.forget()
            ended["late"] = time.monotonic() - until

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive(), "the work was never stopped"
    return ended["value"], ended["late"]


def test_work_in_the_pure_code_past_its_deadline_is_stopped() -> None:
    value, late = in_a_thread(lambda: sixd_six.legal_sets(SORTED), Watchdog(), LIMIT)
    assert isinstance(value, OutOfTime)
    assert late < STOPPED_WITHIN


def test_work_that_has_begun_to_commit_is_never_stopped() -> None:
    board = parse_board([["1r", "2r", "3r", "4r"], ["1y", "2y", "3y", "4y"]], max_side=6)

    def work() -> int:
        """Pure work in small pieces until well past the deadline."""
        started, count = time.monotonic(), 0
        while time.monotonic() - started < 3 * LIMIT:
            count += len(sixd_six.legal_sets(board))
        return count

    value, _ = in_a_thread(work, Watchdog(), LIMIT, settle=True)
    assert isinstance(value, int) and value > 0


def test_the_watchdog_is_woken_only_for_a_deadline_before_its_next_look() -> None:
    """Each request woke the watchdog's thread, which then took the interpreter lock from
    the request (0.7 ms a table page): it is woken only when a deadline comes before the
    moment it already means to look, and still stops such a request."""
    watchdog, woken = Watchdog(), []
    notify = watchdog._wake.notify
    watchdog._wake.notify = lambda n=1: (woken.append(n), notify(n))  # type: ignore[method-assign]
    watchdog.watch(60)
    assert wait_until(lambda: watchdog._wakes_at is not None, within=30)
    watchdog.forget()
    for _ in range(100):  # requests one after another, each with the same limit
        watchdog.watch(60)
        watchdog.forget()
    assert len(woken) == 1
    value, late = in_a_thread(lambda: sixd_six.legal_sets(SORTED), watchdog, LIMIT)
    assert len(woken) == 2 and isinstance(value, OutOfTime) and late < STOPPED_WITHIN


def test_only_the_pure_code_is_stopped() -> None:
    """The rules' frames are the pure code; a test's, Flask's or the driver's are not."""
    sets = sixd_six.sets_by_size(SORTED)
    assert in_pure_code(sets.gi_frame)
    assert not in_pure_code(sys._getframe())
    assert not in_pure_code(None)


def test_a_table_page_stopped_by_the_watchdog_offers_its_undo(app, client, stored, monkeypatch):
    """The Six D Six page working out every set, as it did before issue 46, on the issue's
    square: the page is a 503 with a sentence and the undo box; the undo, under the server's
    usual limit, lands and the table opens again."""

    monkeypatch.setattr(sixd_six_page, "first_take", every_set_first)
    table = seated(client, stored, ISSUE_LOG)
    usual, app.config["REQUEST_TIME_LIMIT"] = app.config["REQUEST_TIME_LIMIT"], LIMIT
    replays.forget(table.token)
    started = time.monotonic()
    response = client.get(table.url)
    assert time.monotonic() - started < LIMIT + GRACE_SECONDS + STOPPED_WITHIN
    page = html.unescape(response.text)
    assert response.status_code == 503 and response.headers["Retry-After"]
    assert "took the referee too long to work out" in page
    assert 'class="undo"' in page and "Download the game log" in page
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    seq = re.search(r'name="seq" value="(\d+)"', page).group(1)
    assert seq == "3"
    # The undo and the page after it are ordinary requests, under the app's usual limit: the
    # 0.3 s was for the page to stop, and a loaded machine can take that long to undo.
    app.config["REQUEST_TIME_LIMIT"] = usual
    undone = client.post(f"{table.url}/undo", data={"csrf_token": csrf, "seq": seq})
    assert undone.status_code == 302, html.unescape(undone.text)[:1000]
    assert len(stored_moves(app, table)) == 2
    assert client.get(table.url).status_code == 200


def server_rss(server: Gunicorn) -> int:
    """The resident memory, in bytes, of the server's processes (its process group)."""
    total = 0
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == server.process.pid:
            total += int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
    return total


@pytest.mark.race
def test_the_real_server_stops_a_page_that_never_ends_and_the_table_opens_again(
    app, database_url, stored, tmp_path, request
) -> None:
    (token,) = stored(ISSUE_LOG)
    server = Gunicorn(
        database_url, tmp_path, app="tests.slow_pages:create_app()",
        settings={"REQUEST_TIME_LIMIT": "1"},
    ).start()  # fmt: skip
    request.addfinalizer(server.stop)
    phone = Phone(server.port)
    before = server_rss(server)
    started = time.monotonic()
    status, page = phone.get(f"/t/{token}")
    took = time.monotonic() - started
    grew = server_rss(server) - before
    assert status == 503 and "took the referee too long" in html.unescape(page), page[:500]
    assert took < 1 + GRACE_SECONDS + STOPPED_WITHIN, took
    assert grew < GREW_AT_MOST, grew
    seq = re.search(r'name="seq" value="(\d+)"', page).group(1)
    fields = {"csrf_token": csrf_of(page), "seq": seq}
    assert phone.send(phone.connect(), "POST", f"/t/{token}/undo", fields)[0] == 302
    assert phone.get(f"/t/{token}")[0] == 200
