"""Replayed tables kept in memory between requests, so that reading a table that has not
changed replays nothing, and a move replays only itself.

An entry is keyed by the table's token (random and never reused, unlike a row id that a
database may hand out again after a delete) and its ``version``, which every write advances in the
same transaction as the moves (every write in ``store``).  A request reads the version from the
database first and only then looks here, so an entry can never be served for a table that
has moved on: each gunicorn worker keeps its own entries, and a write in one worker makes
the other workers' entries for that table out of date.  An out-of-date entry is still a
snapshot: when the stored moves begin with its moves, only the moves after them are
replayed (``loading.load``).

The entries are bounded by their weight in bytes, not by their count (``REPLAY_CACHE_MB``
a worker): a table of 5,000 moves weighs as much as sixteen of 300.  An entry's weight is
estimated from its number of moves (``weight``), at a rate above the worst measured with
tracemalloc (``bench/memory_bench.py``; docs/performance.md gives the figures).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.log import Replay
from referee.web.base.weighed import WeighedCache

MIB = 1024 * 1024
BUDGET_MB = 64  # a worker's budget unless ``REPLAY_CACHE_MB`` says otherwise
# What a kept table weighs besides its moves: the entry, the replay's opening state and
# the few large moves a game may open with (a Six D board entered whole).
ENTRY_BYTES = 32 * 1024
# What each move weighs: the stored move as read back (a dict, its dice, the player's
# name) and what it adds to the state (a finished turn's record, its ruling a sentence that
# keeps its message and values for each phone's language).  The worst measured, 10K rolls
# that each bust, with colour letters on every die and 30-letter names of 4-byte
# characters, is 2,077 bytes a move; random play of every game stays under 1,200.
MOVE_BYTES = 5 * 512


def weight(moves: int) -> int:
    """The bytes a kept replay of ``moves`` moves is reckoned to hold (at least what it holds)."""
    return ENTRY_BYTES + MOVE_BYTES * moves


@dataclass(frozen=True)
class Kept:
    """A table's moves at one version, and the engine's replay of them."""

    moves: tuple[dict[str, Any], ...]
    replay: Replay


class ReplayCache:
    """The most recently used tables' replays within a budget of bytes, one version per
    table, thread-safe."""

    def __init__(self, budget: int = BUDGET_MB * MIB) -> None:
        self._kept: WeighedCache[str, tuple[int, Kept]] = WeighedCache(budget)

    @property
    def budget(self) -> int:
        """The most bytes the kept replays may weigh together (by ``weight``)."""
        return self._kept.budget

    @property
    def held(self) -> int:
        """What the kept replays weigh together now (by ``weight``)."""
        return self._kept.held

    def __len__(self) -> int:
        return len(self._kept)

    def resize(self, budget: int) -> None:
        """Set the budget in bytes (the app's ``REPLAY_CACHE_MB``)."""
        self._kept.resize(budget)

    def get(self, token: str, version: int) -> Kept | None:
        """The table's replay at ``version``, or None when it is not kept."""
        found = self._kept.get(token)
        return None if found is None or found[0] != version else found[1]

    def latest(self, token: str) -> Kept | None:
        """The replay kept for the table at whatever version it is kept, or None."""
        found = self._kept.get(token)
        return None if found is None else found[1]

    def put(
        self, token: str, version: int, moves: Sequence[dict[str, Any]], replay: Replay
    ) -> None:
        """Keep the table's replay at ``version`` (unless a newer version is kept)."""
        kept = Kept(tuple(moves), replay)
        self._kept.put(token, (version, kept), weight(len(moves)), rank=version)

    def forget(self, token: str) -> None:
        """Drop what is kept for a table (it was deleted)."""
        self._kept.forget(token)


replays = ReplayCache()
