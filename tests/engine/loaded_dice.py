"""Loaded dice for random play: the worst boards and rolls a table can enter, made by the same
random player (``referee.autoplay``) with a random source whose dice are loaded.

``referee.autoplay`` rolls every die and every number on a board with ``randint`` and deals
a board's colours with ``shuffle``.  ``LoadedDice`` answers ``randint`` by a pattern and
shuffles nothing, so a board comes out sorted (each row one colour, in the order the game
lists its colours) and every roll is all ones, all sixes, or 1 2 3 4 5 6 over and over,
while every choice of move stays random (seeded).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import Any

RANDOM, LOW, HIGH, CYCLE = "random", "low", "high", "cycle"
PATTERNS = (RANDOM, LOW, HIGH, CYCLE)


class LoadedDice(random.Random):
    """A seeded random source whose dice follow ``pattern``: ``LOW`` the least number every
    time, ``HIGH`` the most, ``CYCLE`` each number in turn; ``RANDOM`` leaves them fair."""

    def __init__(self, seed: int, pattern: str) -> None:
        super().__init__(seed)
        self.pattern = pattern
        self.rolled = 0

    def randint(self, a: int, b: int) -> int:
        """The next die, between ``a`` and ``b``, as the pattern loads it."""
        if self.pattern == RANDOM:
            return super().randint(a, b)
        self.rolled += 1
        if self.pattern == LOW:
            return a
        if self.pattern == HIGH:
            return b
        return a + (self.rolled - 1) % (b - a + 1)

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        """Deal in the order given (a fair deal when the dice are fair)."""
        if self.pattern == RANDOM:
            super().shuffle(x)
