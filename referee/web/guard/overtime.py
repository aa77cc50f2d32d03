"""A request past its deadline stopped wherever it works in the referee's own pure code.

``deadline.check`` stops the loops that call it.  Work that does not (a game working out
what its page shows in a way nobody foresaw to be slow) would run on: the server never
cuts a thread short.  So each worker process keeps a watchdog thread that knows the
deadline of every request running in the process.  Once one has passed (and a second
more, ``GRACE_SECONDS``, for the deadline's own checks), and the request's thread is at
work in the pure code (the rules, their families and core, the log, the photo reader:
code that opens no transaction, writes nothing, and takes a lock only in a ``with``
block, which an exception leaves unlocked), it raises
``OutOfTime`` in that thread, as a ``check`` there would have (CPython's
``PyThreadState_SetAsyncExc``), and the request is answered like any other that ran out
of time: a 503, a sentence, its session rolled back.  Its memory goes with it.

Where the thread is anywhere else (the database driver, a template, Flask), the watchdog
looks again a moment later: a long computation is back in the pure code within
microseconds.  The look and the raise are moments apart: a thread that left the pure code
in between gets the exception in the request's own code, which answers it the same way.
A request that has begun to commit (``settle``) is never stopped, so one cut short has
changed nothing (``settle`` and the raise take the same lock, and ``settle`` takes back an
exception not yet delivered); and one raised but not yet delivered when the request ends
is taken back too, so it never reaches the server's loop.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from dataclasses import dataclass
from time import monotonic
from types import FrameType

from referee.web.base.deadline import OutOfTime

# The pure code: what the watchdog may stop.  (Module names: the code a frame runs.)
PURE = ("referee.core.", "referee.families.", "referee.games.", "referee.log", "referee.vision.")
LOOK_AGAIN_SECONDS = 0.05  # how soon a thread seen outside the pure code is looked at again
# How long past its deadline a request may go on before the watchdog stops it: first the
# deadline's own checks have their turn, and a quick page that finishes a moment late is
# left to finish.
GRACE_SECONDS = 1.0


@dataclass
class Running:
    """A request at work: its thread, when its time is up, whether it began to commit, and
    whether the watchdog has raised ``OutOfTime`` in it."""

    thread: int
    until: float
    settled: bool = False
    stopped: bool = False


def _raise_in(thread: int, exception: type[BaseException] | None) -> None:
    """Raise ``exception`` in ``thread`` at its next bytecode boundary (None: take back one
    raised there and not yet delivered)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread), ctypes.py_object(exception) if exception else None
    )


def in_pure_code(frame: FrameType | None) -> bool:
    """Whether ``frame`` (the innermost frame of a thread) runs the referee's pure code."""
    return frame is not None and str(frame.f_globals.get("__name__", "")).startswith(PURE)


class Watchdog:
    """The deadlines of the requests running in this process, and the thread that stops
    those past theirs (started on the first request a process serves: a forked worker
    starts its own)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._running: dict[int, Running] = {}
        self._owner = 0  # the process whose watchdog thread runs
        self._wakes_at: float | None = None  # when the watchdog next looks (None: not planned)

    def watch(self, seconds: float, grace: float = GRACE_SECONDS) -> None:
        """Watch the request on this thread: its time is up ``seconds`` from now, and the
        watchdog stops it ``grace`` seconds later."""
        me = threading.get_ident()
        with self._lock:
            self._running[me] = Running(me, monotonic() + seconds + grace)
            if self._owner != os.getpid():
                self._owner = os.getpid()
                self._wakes_at = None
                threading.Thread(target=self._patrol, name="overtime", daemon=True).start()
            if self._wakes_at is None or self._running[me].until < self._wakes_at:
                self._wake.notify()  # woken only when this deadline comes before its next look

    def settle(self) -> None:
        """The request on this thread begins to commit: never stop it from now on (one
        raised and not yet delivered is taken back)."""
        with self._lock:
            running = self._running.get(threading.get_ident())
            if running is not None and not running.settled:
                running.settled = True
                if running.stopped:
                    _raise_in(running.thread, None)

    def forget(self) -> None:
        """The request on this thread has ended: stop watching it, and take back an
        ``OutOfTime`` raised in it and not yet delivered."""
        with self._lock:
            running = self._running.pop(threading.get_ident(), None)
            if running is not None and running.stopped and not running.settled:
                _raise_in(running.thread, None)

    def _patrol(self) -> None:
        """Sleep until the next deadline, then stop each request past it in the pure code."""
        with self._lock:
            while True:
                now = monotonic()
                waiting = [r for r in self._running.values() if not r.settled and not r.stopped]
                frames = sys._current_frames() if any(r.until <= now for r in waiting) else {}
                for running in waiting:
                    if running.until <= now and in_pure_code(frames.get(running.thread)):
                        running.stopped = True
                        _raise_in(running.thread, OutOfTime)
                ahead = [r.until - now for r in waiting if not r.stopped]
                late = any(a <= 0 for a in ahead)
                sleep = LOOK_AGAIN_SECONDS if late else min(ahead, default=None)
                self._wakes_at = None if sleep is None else now + sleep
                self._wake.wait(sleep)


WATCHDOG = Watchdog()
