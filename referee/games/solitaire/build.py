"""Build Solitaire Dice's table of final marks under Q (``make odds-table``; read by
``solitaire_odds``).

For an open state ``T`` of the throwaways (the marks of each value 1-6) and a row ``L``,
``D[T][L][x]`` is the chance that Q adds ``x`` more marks to ``L`` before the sheet
closes (the last bin: 10 or more).  A roll of kind ``k`` (one of the 252, weighted by its
ways out of 6**5) is split by Q into sums that add ``n_k(L)`` marks to ``L`` (0, 1 or 2)
and a throwaway that leads to ``T_k``; so

    D[T][L][x] = sum over k of P(k) * D[T_k][L][x - n_k(L)],

with a closed sheet adding nothing more (the closing roll's pairs still count).  Marks
on the throwaways only grow, so the states are solved by falling total marks; the one
cycle is a free ride, which keeps ``T``: with ``f_n`` the chance of a free ride adding
``n`` marks to ``L`` and ``R`` the rest of the sum, ``D[x] = (R[x] + f_1 D[x-1] +
f_2 D[x-2]) / (1 - f_0)``, solved for x = 0, 1, ... in turn.  All in float64, written as
float32.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod
from pathlib import Path

from referee.games.solitaire.odds import (
    BINS,
    DATA,
    ROWS,
    Throwaways,
    policy_split,
    throwaway_states,
    to_bytes,
)
from referee.games.solitaire.rules import CLOSING_MARKS, DICE, SUM_VALUES

ROLLS = 6**DICE
LOW = min(SUM_VALUES)
# A state's moves: per next state (None: closed), its ways, and per row the ways that add
# one mark and two marks to it.
Moves = dict[Throwaways | None, tuple[int, list[int], list[int]]]
Table = dict[Throwaways, list[list[float]]]


def _ways(values: Sequence[int]) -> int:
    """How many ordered rolls show exactly these values."""
    return factorial(len(values)) // prod(factorial(c) for c in Counter(values).values())


@cache
def roll_kinds() -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every kind of roll of five dice (sorted values) with its ways out of 6**5."""
    return tuple(
        (values, _ways(values)) for values in combinations_with_replacement(range(1, 7), DICE)
    )


def moves(counts: Throwaways) -> Moves:
    """Where Q takes a sheet with these throwaways on each roll, grouped by next state."""
    found: Moves = {}
    for values, ways in roll_kinds():
        split = policy_split(counts, values)
        after: Throwaways | None = counts
        if not split.free_ride:
            marked = list(counts)
            marked[split.throwaway - 1] += 1
            after = None if marked[split.throwaway - 1] >= CLOSING_MARKS else tuple(marked)
        total, one, two = found.get(after) or (0, [0] * ROWS, [0] * ROWS)
        a, b = split.sums
        if a == b:
            two[a - LOW] += ways
        else:
            one[a - LOW] += ways
            one[b - LOW] += ways
        found[after] = (total + ways, one, two)
    return found


def solve_state(counts: Throwaways, table: Table) -> list[list[float]]:
    """``D[counts]`` from the states Q may lead to, already in ``table``."""
    here = moves(counts)
    rows = []
    for row in range(ROWS):
        rest = [0.0] * BINS
        f = [0, 0, 0]
        for after, (total, one, two) in here.items():
            weights = (total - one[row] - two[row], one[row], two[row])
            if after == counts:
                f = list(weights)
                continue
            if after is None:
                for n, w in enumerate(weights):
                    rest[n] += w
                continue
            later = table[after][row]
            for n, w in enumerate(weights):
                if w:
                    for x in range(BINS - 1 - n):
                        rest[x + n] += w * later[x]
        chances: list[float] = []
        for x in range(BINS - 1):
            value = rest[x]
            if x >= 1:
                value += f[1] * chances[x - 1]
            if x >= 2:
                value += f[2] * chances[x - 2]
            chances.append(value / (ROLLS - f[0]))
        chances.append(max(0.0, 1.0 - sum(chances)))
        rows.append(chances)
    return rows


def reachable(starts: Iterable[Throwaways]) -> set[Throwaways]:
    """The states Q can lead to from ``starts`` (themselves included)."""
    seen, todo = set(starts), list(starts)
    while todo:
        for after in moves(todo.pop()):
            if after is not None and after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


def solve(starts: Iterable[Throwaways] | None = None) -> Table:
    """``D`` for ``starts`` and every state they lead to (default: every open state)."""
    wanted = set(throwaway_states()) if starts is None else reachable(starts)
    table: Table = {}
    for counts in sorted(wanted, key=lambda c: (-sum(c), c)):
        table[counts] = solve_state(counts, table)
    return table


def flat(table: Table) -> list[float]:
    """Every open state's chances in the data file's order."""
    return [p for counts in throwaway_states() for row in table[counts] for p in row]


def main(argv: list[str] | None = None) -> int:
    """Write the table and say how it went."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / DATA)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    data = to_bytes(flat(solve()))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"{args.out}: {len(data):,} bytes in {time.perf_counter() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
