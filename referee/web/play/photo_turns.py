"""Photos read a few at a time in each worker process, each within its request's time.

Reading a photo is the costliest thing a request can ask of a worker: a PNG of 40 megapixels
(the most the decoder lets through) is 120 MB of pixels and up to a second of a core to
decode, the reader half a second more.  Sixteen sent at once to the two workers of
`make run` were all decoded together: the workers' memory grew by 2.8 GB, each photo took
up to 25 s, past the request's time limit.  So each worker process reads at most
``PHOTOS_AT_ONCE`` photos at once (half the machine's cores, at least one: two workers
together keep the cores busy, and every other page still finds one).  A photo waits for its
turn at most until its request has ``PHOTO_SECONDS`` left before its deadline
(``referee.web.base.deadline``), and never more than ``WAIT_SECONDS``; a photo that gets no
turn by then is answered 503 with a sentence (``PhotosBusy``), nothing entered.

The bound lives here, in the app, not in the server's configuration: whatever serves the
app, each of its processes holds at most this many photos' pixels at once.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from referee.core.sentences import say
from referee.web.base.deadline import OutOfTime, remaining

PHOTO_SECONDS = 3.0  # a photo's whole work, the costliest a camera or the limits allow
WAIT_SECONDS = 7.0  # the longest a photo waits for its turn (10 s limit less its work)
RETRY_AFTER_SECONDS = 5
BUSY = say(
    "The referee is reading other photos just now, so it did not read this one: nothing "
    "was entered. Send it again in a few seconds, or tap the dice in."
)


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


PHOTOS_AT_ONCE = max(1, cores() // 2)
_turns = threading.BoundedSemaphore(PHOTOS_AT_ONCE)


class PhotosBusy(Exception):
    """Every turn to read a photo stayed taken for as long as this photo could wait."""


def waiting_time() -> float:
    """How long a photo may wait for its turn now: until its request has ``PHOTO_SECONDS``
    left (no time when it has less), at most ``WAIT_SECONDS``."""
    left = remaining()
    return WAIT_SECONDS if left is None else max(0.0, min(WAIT_SECONDS, left - PHOTO_SECONDS))


@contextmanager
def photo_turn() -> Iterator[None]:
    """Hold one of the worker's turns to read a photo while the block runs, waiting for it at
    most ``waiting_time()``: ``PhotosBusy`` when none came free, ``OutOfTime`` when the
    request's deadline has passed already."""
    left = remaining()
    if left is not None and left <= 0:
        raise OutOfTime
    if not _turns.acquire(timeout=waiting_time()):
        raise PhotosBusy
    try:
        yield
    finally:
        _turns.release()
