"""Replayed tables kept in memory between requests, so that reading a table that has not
changed replays nothing, and a move replays only itself.

An entry is keyed by the table's token (random and never reused, unlike a row id that a
database may hand out again after a delete) and its ``version``, which every write advances in the
same transaction as the moves (every write in ``store``).  A request reads the version from the
database first and only then looks here, so an entry can never be served for a table that
has moved on: each gunicorn worker keeps its own entries, and a write in one worker makes
the other workers' entries for that table out of date.  An out-of-date entry is still a
snapshot: when the stored moves begin with its moves, only the moves after them are
replayed (``store.load``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.log import Replay

MAX_TABLES = 512  # tables kept per worker: a few hundred kB each at most


@dataclass(frozen=True)
class Kept:
    """A table's moves at one version, and the engine's replay of them."""

    moves: tuple[dict[str, Any], ...]
    replay: Replay


class ReplayCache:
    """The most recently used tables' replays, one version per table, thread-safe."""

    def __init__(self, size: int = MAX_TABLES) -> None:
        self.size = size
        self._kept: OrderedDict[str, tuple[int, Kept]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, token: str, version: int) -> Kept | None:
        """The table's replay at ``version``, or None when it is not kept."""
        with self._lock:
            found = self._kept.get(token)
            if found is None or found[0] != version:
                return None
            self._kept.move_to_end(token)
            return found[1]

    def latest(self, token: str) -> Kept | None:
        """The replay kept for the table at whatever version it is kept, or None."""
        with self._lock:
            found = self._kept.get(token)
            return None if found is None else found[1]

    def put(
        self, token: str, version: int, moves: Sequence[dict[str, Any]], replay: Replay
    ) -> None:
        """Keep the table's replay at ``version`` (a newer version than the one kept)."""
        with self._lock:
            found = self._kept.get(token)
            if found is not None and found[0] > version:
                return
            self._kept[token] = (version, Kept(tuple(moves), replay))
            self._kept.move_to_end(token)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def forget(self, token: str) -> None:
        """Drop what is kept for a table (it was deleted)."""
        with self._lock:
            self._kept.pop(token, None)


replays = ReplayCache()
