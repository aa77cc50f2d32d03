"""Heavy work one piece at a time in a worker, so that light pages keep flowing.

A page that replays a long table from its first move, works out a table's story, or
judges its moves against the advice, runs pure Python for 0.1-0.6 s.  (The odds are not
gated: a table with them on asks for them on every page, nearly always from what is kept.)  The
threads of a worker share one interpreter lock: sixteen such pages at once each got a
sixteenth of it, all held their threads for about two seconds, and a plain table page
waited that long for a thread.  Through this gate they take turns instead: each finishes
in its own fraction of a second and gives its thread back, the total work is the same, and
a light page finds a thread within about one heavy piece.

A thread waits at the gate no longer than its request's time limit (``referee.web.base.deadline``):
past it, the request is cut like any other (a 503 that changed nothing).  A thread already
through the gate passes it again at once (heavy work may call heavy work).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from referee.web.base.deadline import OutOfTime, remaining

HEAVY_AT_ONCE = 1  # pieces of heavy work running at once in one worker process

# How long a thread runs Python before another that waits for the interpreter lock gets it
# (CPython's default is 5 ms).  A light page gives the lock up at each database round trip
# and waits this long to get it back from the heavy piece running: 1 ms took a plain page
# among 16 worst ones from 0.35-0.84 s to 0.15-0.55 s.
SWITCH_SECONDS = 0.001

Result = TypeVar("Result")
_gate = threading.BoundedSemaphore(HEAVY_AT_ONCE)
_inside = threading.local()


@contextmanager
def one_at_a_time() -> Iterator[None]:
    """Hold the worker's gate for heavy work, waiting for it at most until the request's
    deadline (``OutOfTime`` then); a thread already holding it goes on at once."""
    if getattr(_inside, "depth", 0):
        _inside.depth += 1
        try:
            yield
        finally:
            _inside.depth -= 1
        return
    left = remaining()
    if not _gate.acquire(timeout=None if left is None else max(0.0, left)):
        raise OutOfTime
    _inside.depth = 1
    try:
        yield
    finally:
        _inside.depth = 0
        _gate.release()


def share_lock_finely() -> None:
    """Let a light page's thread take the interpreter lock back from heavy work within
    ``SWITCH_SECONDS`` (the whole process: a serving worker calls it as it starts)."""
    sys.setswitchinterval(SWITCH_SECONDS)


def heavy(work: Callable[[], Result]) -> Result:
    """``work()`` done through the worker's gate (``one_at_a_time``)."""
    with one_at_a_time():
        return work()
