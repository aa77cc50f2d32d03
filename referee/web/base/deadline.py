"""A time limit on the work done for one request, checked by the loops that may run long.

gunicorn's threaded workers never cut a busy thread short, so a request that loops too
long must stop itself.  The web layer sets a deadline as each request starts (``limit``)
and clears it as the request ends; a loop that can run long (replaying thousands of moves,
weighing the odds of a position) calls ``check`` now and then, and ``check`` raises
``OutOfTime`` once the deadline has passed.  The web layer answers that with a 503 and a
sentence.

Pure: no Flask, so the engine and the games may call ``check`` too.  Without a deadline
(the command line, the tests of the engine, a background thread) ``check`` does nothing.
The deadline lives in a context variable: each thread, and each request in it, has its own.

Call ``check`` only while nothing has been written: a request cut short must have changed
nothing, so a view checks while it reads and replays, never once its write has begun.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar, Token
from time import monotonic

REPLAY_CHUNK = 250  # moves a replaying loop plays between two checks: 3-15 ms of work
Check = Callable[[], None]
"""A callback a long loop calls now and then; it raises ``OutOfTime`` to stop the loop."""

_deadline: ContextVar[float | None] = ContextVar("deadline", default=None)


class OutOfTime(Exception):
    """The request ran past its time limit; what it was doing was left unfinished."""


def limit(seconds: float) -> Token[float | None]:
    """Set the deadline ``seconds`` from now for the work in this context; the token puts
    back the one before (``clear``)."""
    return _deadline.set(monotonic() + seconds)


def clear(token: Token[float | None]) -> None:
    """Put back the deadline that was set before ``limit`` gave ``token``."""
    _deadline.reset(token)


def remaining() -> float | None:
    """Seconds left before the deadline (negative once it is past), None without one."""
    deadline = _deadline.get()
    return None if deadline is None else deadline - monotonic()


def check() -> None:
    """Raise ``OutOfTime`` when the deadline has passed; do nothing without one."""
    deadline = _deadline.get()
    if deadline is not None and monotonic() > deadline:
        raise OutOfTime
