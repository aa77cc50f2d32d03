"""Play again pressed twice at the same instant (a double tap, or two house phones), against
the real server: one new table, and both presses land on it."""

from __future__ import annotations

import threading

import pytest

from referee.log import GameLog
from tests.realserver import Gunicorn, Phone, csrf_of

pytestmark = pytest.mark.race

TABLES = 10
# Ann banks 1,000 at once (the target), Bo busts in the final round: the game is over.
FINISHED = GameLog(
    "tenk",
    ("Ann", "Bo"),
    {"target": 1000, "entry": 0},
    (
        {"type": "roll", "dice": ["1", "1", "1", "2", "3", "4"]},
        {"type": "set_aside", "dice": ["1", "1", "1"]},
        {"type": "bank"},
        {"type": "roll", "dice": ["2", "2", "3", "3", "4", "6"]},
    ),
)


def press_twice(port: int, token: str, answers: list, same_phone: bool) -> None:
    """Two presses of the table's Play again released together; their (status, Location)."""
    first = Phone(port).enter_house_pin()
    phones = (first, first if same_phone else Phone(port).enter_house_pin())
    forms = [csrf_of(phone.get(f"/t/{token}")[1]) for phone in phones]
    barrier = threading.Barrier(2, timeout=60)

    def press(me: int) -> None:
        conn = phones[me].connect()  # opened before the barrier: the posts leave together
        barrier.wait()
        cookie = "; ".join(f"{k}={v}" for k, v in phones[me].cookies.items())
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie}
        conn.request("POST", f"/t/{token}/again", body=f"csrf_token={forms[me]}", headers=headers)
        response = conn.getresponse()
        response.read()
        answers.append((response.status, response.getheader("Location")))
        conn.close()

    threads = [threading.Thread(target=press, args=(me,)) for me in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)


def test_two_presses_at_once_start_one_table(app, database_url, tmp_path, request):
    from referee.web.storage.loading import table_count
    from referee.web.storage.store import import_log

    with app.app_context():
        tokens = [import_log(FINISHED) for _ in range(TABLES)]
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    answers: dict[str, list] = {token: [] for token in tokens}
    threads = [
        threading.Thread(target=press_twice, args=(server.port, token, answers[token], n % 2))
        for n, token in enumerate(tokens)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    server.stop()
    problems = [
        f"{token}: {pair}"
        for token, pair in answers.items()
        if len(pair) != 2 or {status for status, _ in pair} != {302} or len(set(pair)) != 1
    ]
    assert not problems, "\n".join(problems)
    with app.app_context():
        assert table_count() == 2 * TABLES
