"""The worker's gate for heavy work: one piece at a time, re-entered freely, and a wait no
longer than the request's time limit."""

from __future__ import annotations

import sys
import threading
import time
from types import SimpleNamespace

import pytest

from referee.web.base import deadline
from referee.web.base.heavy import SWITCH_SECONDS, heavy, one_at_a_time
from tests.conftest import wait_until

GATE = one_at_a_time.__wrapped__.__code__  # type: ignore[attr-defined]


def at_the_gate(ident: int | None) -> bool:
    """Whether the thread waits at the gate: inside ``one_at_a_time``, blocked in the
    threading module's wait."""
    frame = sys._current_frames().get(ident)  # type: ignore[arg-type]
    if frame is None or frame.f_code.co_filename != threading.__file__:
        return False
    while frame is not None and frame.f_code is not GATE:
        frame = frame.f_back
    return frame is not None


def test_heavy_work_runs_one_piece_at_a_time() -> None:
    running, most = 0, 0
    counting = threading.Lock()
    done: set[int] = set()
    waited: list[bool] = []

    def piece() -> None:
        nonlocal running, most
        with counting:
            running += 1
            most = max(most, running)
        # Inside until every other thread still to come waits at the gate, or has come in
        # beside this one (a broken gate, said below).
        me = threading.get_ident()

        def others_wait() -> bool:
            others = [t.ident for t in threads if t.ident not in done and t.ident != me]
            return all(at_the_gate(ident) for ident in others)  # (None: not started yet)

        waited.append(wait_until(lambda: running > 1 or others_wait(), every=0.001))
        with counting:
            running -= 1
        done.add(me)

    threads = [threading.Thread(target=heavy, args=(piece,)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert most == 1 and waited == [True] * 8


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

    made = SimpleNamespace(jinja_env="templates")
    monkeypatch.setattr(web, "create_app", lambda: made)
    monkeypatch.setattr(web, "all_games", lambda: None)
    monkeypatch.setattr(threading, "Thread", lambda **_: type("T", (), {"start": lambda s: None})())
    before = sys.getswitchinterval()
    try:
        assert web.serving_app() is made
        assert sys.getswitchinterval() == SWITCH_SECONDS < before
    finally:
        sys.setswitchinterval(before)


def test_a_serving_workers_warm_up_compiles_every_template(app, monkeypatch) -> None:
    """The first table page after a start finds its templates compiled (among sixteen heavy
    pages, compiling its own took it from about 0.45 s to 0.7-1 s)."""
    from referee import web
    from referee.web.play import advice

    monkeypatch.setattr(web, "create_app", lambda: app)
    monkeypatch.setattr(advice, "work_out_odds", lambda: None)
    monkeypatch.setattr(threading, "Thread", lambda target, **_: SimpleNamespace(start=target))
    before = sys.getswitchinterval()
    try:
        assert web.serving_app() is app  # its warm-up run at once, here
    finally:
        sys.setswitchinterval(before)
    templates = app.jinja_env
    kept = {name for _, name in templates.cache.keys()}
    assert kept == set(templates.list_templates())
