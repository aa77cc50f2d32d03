"""The worker's gate for heavy work: one piece at a time, re-entered freely, and a wait no
longer than the request's time limit."""

from __future__ import annotations

import sys
import threading
import time

import pytest

from referee.web.base import deadline
from referee.web.base.heavy import SWITCH_SECONDS, heavy, one_at_a_time


def test_heavy_work_runs_one_piece_at_a_time() -> None:
    running, most = 0, 0
    counting = threading.Lock()

    def piece() -> None:
        nonlocal running, most
        with counting:
            running += 1
            most = max(most, running)
        time.sleep(0.01)
        with counting:
            running -= 1

    threads = [threading.Thread(target=heavy, args=(piece,)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert most == 1


def test_a_thread_through_the_gate_passes_it_again() -> None:
    assert heavy(lambda: heavy(lambda: 42)) == 42


def test_a_wait_at_the_gate_ends_with_the_requests_time_limit() -> None:
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with one_at_a_time():
            holding.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    holding.wait(10)
    token = deadline.limit(0.05)
    started = time.monotonic()
    try:
        with pytest.raises(deadline.OutOfTime):
            heavy(lambda: None)
    finally:
        deadline.clear(token)
        release.set()
        holder.join(10)
    assert time.monotonic() - started < 5
    assert heavy(lambda: "free again") == "free again"


def test_a_serving_worker_shares_the_interpreter_lock_finely(monkeypatch) -> None:
    from referee import web

    monkeypatch.setattr(web, "create_app", lambda: "app")
    monkeypatch.setattr(web, "all_games", lambda: None)
    monkeypatch.setattr(threading, "Thread", lambda **_: type("T", (), {"start": lambda s: None})())
    before = sys.getswitchinterval()
    try:
        assert web.serving_app() == "app"
        assert sys.getswitchinterval() == SWITCH_SECONDS < before
    finally:
        sys.setswitchinterval(before)
