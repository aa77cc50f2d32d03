"""A least-recently-used cache bounded by the weight of what it holds, not by a count.

Each entry is put with its weight (an estimate of its bytes, made by whoever puts it), and
the cache drops the least recently used entries until the total is within its budget
again; an entry heavier than the whole budget is not kept at all.  Thread-safe: gunicorn's
threads share one cache per worker.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


class WeighedCache(Generic[Key, Value]):
    """The most recently used entries whose weights add up to at most ``budget``."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        # Each entry's value, weight and rank.
        self._entries: OrderedDict[Key, tuple[Value, int, int]] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    @property
    def held(self) -> int:
        """The total weight of the entries kept now (never more than ``budget``)."""
        return self._held

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Key) -> Value | None:
        """The entry kept under ``key`` (now the most recently used), or None."""
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                return None
            self._entries.move_to_end(key)
            return found[0]

    def put(self, key: Key, value: Value, weight: int, *, rank: int = 0) -> None:
        """Keep ``value`` under ``key`` unless the entry kept there now has a higher ``rank``
        (a newer version of the same thing: compared under the lock, so no other put slips
        in between); then drop the least recently used entries until the weights fit the
        budget."""
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                if found[2] > rank:
                    return
                self._drop(key)
            if weight > self.budget:
                return
            self._entries[key] = (value, weight, rank)
            self._held += weight
            while self._held > self.budget:
                self._drop(next(iter(self._entries)))

    def forget(self, key: Key) -> None:
        """Drop the entry kept under ``key``, if any."""
        with self._lock:
            if key in self._entries:
                self._drop(key)

    def resize(self, budget: int) -> None:
        """Set a new budget, dropping the least recently used entries that no longer fit."""
        with self._lock:
            self.budget = budget
            while self._held > budget:
                self._drop(next(iter(self._entries)))

    def _drop(self, key: Key) -> None:
        self._held -= self._entries.pop(key)[1]
