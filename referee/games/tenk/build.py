"""Build 10K's two-player win table (``make odds-table``; read by ``tenk_winning``).

The solution is Neller and Presser's for Farkle, for 10K's rules.  ``W(i, j)`` is the
chance that the player to move wins when their turn starts on ``i`` against ``j`` (units
of 50, both below the target).  Within the turn a state is the total ``L = i + t`` the
player would have after banking and the dice ``n`` to roll; its value is the better of

- banking: ``1 - W(j, L)`` (below the entry threshold nothing is banked: ``1 - W(j, i)``),
  or at the target ``1 - chase(L - j)``, the other player's last turn having to beat ``L``;
- rolling: a bust gives ``1 - W(j, i)``; otherwise the best set-aside of the roll.

Scores only grow, so the pairs are solved by falling ``i + j``; a pair depends on pairs
further on and on its mirror ``(j, i)`` (a bust hands the mirror the turn), the only
cycle.  Each pair and its mirror are solved together by iterating on the two bust values
``x = 1 - W(j, i)``: one sweep of a turn gives ``W`` and its slope in ``x`` (the chance
that the turn ends with nothing banked), and a Newton step on the two linear equations
gives the next ``x``; this is value iteration with the linear system of each sweep
solved exactly, and it stops when both fixed-point residuals are under ``TOLERANCE``.

Turn totals past the target are cut off soundly: rolling ``n`` dice is worth at most
``1 - bust(n) * W(j, i)`` (a bust, then everything else won), so once the other player's
last turn has no more than ``bust(n) * W(j, i)`` to beat us, banking is best for every
higher total; the sweep starts there (``caps``), a bank value above it being exact.
The last turn itself (``chase``) is a single-turn problem solved first; its rows stop
where its chance falls under 1e-28.
"""

from __future__ import annotations

import argparse
import sys
import time
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import itemgetter, mul
from pathlib import Path
from typing import Any

from referee.games.tenk.odds import roll_outcomes
from referee.games.tenk.rules import OPTIONS
from referee.games.tenk.winning import (
    DATA,
    DICE,
    MAX_STEP,
    UNIT,
    RollModel,
    Rolls,
    WinTable,
    decode_rolls,
    encode_rolls,
    to_bytes,
)

TOLERANCE = 1e-12  # the largest fixed-point residual a solved pair may keep
MAX_SWEEPS = 60  # per pair; a pair that needs more raises
CHASE_FLOOR = 1e-28  # chase rows stop once the chance to catch up falls below this

_first = itemgetter(0)
_second = itemgetter(1)
Entry = tuple[float, float]  # a state's value and its slope in the bust value
Getter = Callable[[Any], Any]  # an itemgetter of history entries


def roll_model() -> RollModel:
    """10K's roll model from ``tenk_odds.roll_outcomes``, as the table stores it."""
    return decode_rolls(encode_rolls([roll_outcomes(n) for n in range(1, DICE + 1)]))


def chase_rows(model: RollModel) -> array:
    """``chase[r * 6 + n - 1]``: a last turn's chance to end ahead, ``r`` units from a tie.

    With ``n`` dice to roll; at a tie (``r == 0``) the player may bank for half a win.
    """
    rows: list[list[float]] = []

    def value(r: int, n: int) -> float:
        return 1.0 if r < 0 else rows[r][n]

    while not rows or rows[-1][DICE] >= CHASE_FLOOR:
        r = len(rows)
        row = [0.0] * (DICE + 1)
        rows.append(row)
        for n in range(1, DICE + 1):
            roll = 0.0
            for chance, opts in model.rolls[n]:
                roll += chance * max(value(r - step, d) for step, d in opts)
            row[n] = max(0.5, roll) if r == 0 else roll
    return array("d", [v for row in rows for v in row[1:]])


@dataclass
class Stats:
    """How the solution went: sweeps per pair, the largest residual kept, the highest cap."""

    sweeps: Counter[int] = field(default_factory=Counter)
    residual: float = 0.0
    highest_cap: int = 0
    seconds: float = 0.0


FAR = 100  # steps beyond this (the colour run) are always looked up, never pruned


class _Evaluator:
    """The roll of ``n`` dice as a sum over history entries, for one set of settled dice.

    A number of dice ``m`` is settled when every state of ``m`` dice a set-aside can reach
    banks, and the bank values there never fall.  Then among the set-asides to settled
    states only the one with the most points counts, and none of them if hot dice score
    as much (six dice are worth at least the bank value).  A kind of roll left with one
    set-aside joins a weighted sum; the others keep a max.
    """

    def __init__(self, rolls: Rolls, settled: int) -> None:
        single: defaultdict[int, float] = defaultdict(float)
        self.multi_w: list[float] = []
        self.multi_at: list[Getter] = []
        for chance, opts in rolls:
            if max(step for step, _ in opts) > FAR:
                continue  # looked up by the sweep itself
            kept = list(opts)
            calm = [o for o in opts if settled >> o[1] & 1]
            if calm:
                best = max(calm)
                kept = [o for o in opts if o not in calm]
                hot = max((step for step, d in kept if d == DICE), default=-1)
                if hot < best[0]:
                    kept.append(best)
            at = [-DICE * step + d - 1 for step, d in kept]
            if len(at) == 1:
                single[at[0]] += chance
            else:
                self.multi_w.append(chance)
                self.multi_at.append(itemgetter(*at))
        ats = sorted(single)
        self.single_w = [single[k] for k in ats] + [0.0] * (2 - len(ats))
        # an itemgetter of one index returns the item, not a tuple: pad with a zero weight
        self.single_at = itemgetter(*(ats + [-1] * (2 - len(ats))))

    def __call__(self, hist: list[Entry]) -> tuple[float, float]:
        got = self.single_at(hist)
        v = sum(map(mul, self.single_w, map(_first, got)))
        c = sum(map(mul, self.single_w, map(_second, got)))
        if self.multi_at:
            bests = [max(g(hist)) for g in self.multi_at]
            v += sum(map(mul, self.multi_w, map(_first, bests)))
            c += sum(map(mul, self.multi_w, map(_second, bests)))
        return v, c


@dataclass
class _Dice:
    """What the sweep needs about rolling ``n`` dice.

    Three ways to the value of a roll, cheapest first: where every state it can reach
    banks, a bank-value sum kept per opponent's score (``steps``, ``weights``); where
    only six dice (after hot dice) may still roll, the part without hot dice from such a
    sum (``cold_steps``, ``cold_weights``) and the rest from the history (``hot``);
    otherwise an ``_Evaluator`` for the settled numbers of dice.
    """

    n: int
    bust: float
    reach: list[int]  # reach[m]: the most points a set-aside to m dice adds (FAR and below)
    window: int  # the most of those
    uses: int  # bit m set when some set-aside (FAR and below) leads to m dice
    steps: list[int]  # the bank-value sum: most points of each kind of roll ...
    weights: list[float]  # ... and its chance (kinds with a step beyond FAR left out)
    cold_steps: list[int]  # the same for the kinds of roll without hot dice
    cold_weights: list[float]
    hot: _Evaluator  # the kinds with hot dice, every other number of dice settled
    far: list[tuple[float, Getter]]
    rolls: Rolls
    evaluators: dict[int, _Evaluator] = field(default_factory=dict)

    def evaluator(self, settled: int) -> _Evaluator:
        found = self.evaluators.get(settled)
        if found is None:
            found = self.evaluators[settled] = _Evaluator(self.rolls, settled)
        return found


SIX = 1 << DICE


def _dice(model: RollModel, n: int) -> _Dice:
    reach = [0] * (DICE + 1)
    sums: defaultdict[int, float] = defaultdict(float)
    cold: defaultdict[int, float] = defaultdict(float)
    far: list[tuple[float, Getter]] = []
    hot = []
    for chance, opts in model.rolls[n]:
        most = max(step for step, _ in opts)
        if most > FAR:
            at = [-DICE * step + d - 1 for step, d in opts]
            far.append((chance, itemgetter(*at, *at) if len(at) == 1 else itemgetter(*at)))
            continue
        sums[most] += chance
        if any(d == DICE for _, d in opts):
            hot.append((chance, opts))
        else:
            cold[most] += chance
        for step, d in opts:
            reach[d] = max(reach[d], step)
    uses = sum(1 << d for d in range(1, DICE + 1) if reach[d])
    return _Dice(
        n,
        model.bust[n],
        reach,
        max(reach),
        uses,
        sorted(sums),
        [sums[s] for s in sorted(sums)],
        sorted(cold),
        [cold[s] for s in sorted(cold)],
        _Evaluator(tuple(hot), uses & ~SIX),
        far,
        model.rolls[n],
    )


@dataclass
class _Context:
    target: int
    entry: int
    first: list[float]  # the other player's last turn from its start: chase(D, 6)
    start: list[float]  # W, filled as the pairs are solved
    dice: list[_Dice]
    # sums[them][n][total - low[them]]: the bank-value sums of rolling n dice at total
    # against them (n + 7: without hot dice); built downwards as W fills in.
    sums: dict[int, list[list[float]]] = field(default_factory=dict)
    low: dict[int, int] = field(default_factory=dict)

    def bank_value(self, them: int, total: int) -> float:
        """Banking up to ``total`` against ``them``, a player off 0 (no entry to meet)."""
        if total < self.target:
            return 1.0 - self.start[them * self.target + total]
        d = total - them
        return 1.0 - self.first[d] if d < len(self.first) else 1.0

    def bank_sums(self, them: int, low: int, high: int) -> tuple[list[list[float]], int]:
        """The bank-value sums against ``them`` for totals ``low`` to ``high``, and their base."""
        sums = self.sums.get(them)
        if sums is None:
            sums = self.sums[them] = [[] for _ in range(2 * DICE + 2)]
            self.low[them] = high
        base = self.low[them]
        have = base + len(sums[1])
        if low < base:
            self._extend(them, sums, low, base, front=True)
            base = self.low[them] = low
        if high > have:
            self._extend(them, sums, have, high, front=False)
        return sums, base

    def _extend(self, them: int, sums: list[list[float]], lo: int, hi: int, front: bool) -> None:
        longest = max(d.window for d in self.dice[1:])
        bank = [self.bank_value(them, t) for t in range(lo, hi + longest + 1)]
        for d in self.dice[1:]:
            for at, steps, weights in (
                (d.n, d.steps, d.weights),
                (d.n + DICE + 1, d.cold_steps, d.cold_weights),
            ):
                new = [
                    sum(w * bank[t + s] for s, w in zip(steps, weights, strict=True))
                    for t in range(hi - lo)
                ]
                if front:
                    sums[at][0:0] = new
                else:
                    sums[at].extend(new)


def _context(target: int, entry: int, model: RollModel, chase: array) -> _Context:
    dice = [_dice(model, n) for n in range(1, DICE + 1)]
    first = list(chase[DICE - 1 :: DICE])
    return _Context(target, entry, first, [0.0] * target * target, [dice[0], *dice])


def _sweep(ctx: _Context, i: int, j: int, x: float) -> tuple[float, float, list[int], int]:
    """One turn from ``i`` against ``j``, a bust worth ``x``: W, its slope, bank_from, cap.

    States are visited from the highest total down; each keeps (value, slope in x).
    """
    T, E, first = ctx.target, ctx.entry, ctx.first
    x = min(1.0, max(0.0, x))
    theirs = 1.0 - x
    caps = [0] * (DICE + 1)
    for n in range(1, DICE + 1):
        threshold = ctx.dice[n].bust * theirs
        total = T
        while total - j < len(first) and first[total - j] > threshold:
            total += 1
        caps[n] = total
    top = max(caps)
    end = top + MAX_STEP
    nothing_below = E if i == 0 else 0  # banking below this total banks nothing
    bank = [0.0] * (end + 1)
    slope = [0.0] * (end + 1)
    for total in range(i + 1, end + 1):
        if total < nothing_below:
            bank[total], slope[total] = x, 1.0
        else:
            bank[total] = ctx.bank_value(j, total)
    rising_from = end  # the bank values never fall from here up
    while rising_from > i + 1 and bank[rising_from - 1] <= bank[rising_from]:
        rising_from -= 1
    summed_from = max(i, nothing_below)  # bank sums hold where no target banks nothing
    sums, base = ctx.bank_sums(j, summed_from, top)

    hist: list[Entry] = []  # (value, slope) per (total, dice), highest total first
    settled = caps[:]
    open_ = [True] * (DICE + 1)
    lowest_roll = [end + 1] * (DICE + 1)  # the lowest total at which m dice rolled

    def roll(n: int, total: int) -> tuple[float, float]:
        d = ctx.dice[n]
        calm = 0
        if total + 1 >= rising_from:
            for m in range(1, DICE + 1):
                if lowest_roll[m] > total + d.reach[m]:
                    calm |= 1 << m
        v, c = d.bust * x, d.bust
        if calm & d.uses == d.uses and total >= summed_from:
            v += sums[n][total - base]
        elif (calm | SIX) & d.uses == d.uses and total >= summed_from:
            v += sums[n + DICE + 1][total - base]
            dv, dc = d.hot(hist)
            v += dv
            c += dc
        else:
            dv, dc = d.evaluator(calm)(hist)
            v += dv
            c += dc
            if not d.far:
                return v, c
        for chance, at in d.far:
            best = max(at(hist))
            v += chance * best[0]
            c += chance * best[1]
        return v, c

    for total in range(end, i, -1):
        b, cb = bank[total], slope[total]
        block = []
        for n in range(1, DICE + 1):
            if total >= caps[n]:
                block.append((b, cb))
                continue
            v, c = roll(n, total)
            if b >= v:
                block.append((b, cb))
                if open_[n]:
                    settled[n] = total
            else:
                block.append((v, c))
                open_[n] = False
                lowest_roll[n] = total
        hist.extend(block)
    w, c = roll(DICE, i)
    return w, c, [settled[n] - i for n in range(1, DICE + 1)], top


def _guess(ctx: _Context, me: int, them: int) -> float:
    """A first guess at W(me, them) from the pairs already solved (one step further on)."""
    T, start = ctx.target, ctx.start
    if them + 2 < T:
        return 2 * start[me * T + them + 1] - start[me * T + them + 2]
    if them + 1 < T:
        return start[me * T + them + 1]
    if me + 1 < T:
        return start[(me + 1) * T + them]
    return 0.5


Solved = tuple[int, int, float, list[int], int]  # me, them, W, bank_from, highest total


def _solve_pair(ctx: _Context, i: int, j: int) -> tuple[int, float, list[Solved]]:
    """W(i, j) and W(j, i) together (one unknown when i == j): sweeps, residual, results.

    ``x1`` is i's bust value 1 - W(j, i), ``x2`` is j's, 1 - W(i, j).  A sweep makes each
    W linear in its x (``a + c * x``) for the choices it made; the Newton step solves the
    two equations, and the next sweep checks them.
    """
    x1, x2 = 1.0 - _guess(ctx, j, i), 1.0 - _guess(ctx, i, j)
    for sweep in range(1, MAX_SWEEPS + 1):
        w1, c1, taus1, cap1 = _sweep(ctx, i, j, x1)
        if i == j:
            residual = abs(x1 - (1.0 - w1))
            if residual <= TOLERANCE:
                return sweep, residual, [(i, j, w1, taus1, cap1)]
            a1 = w1 - c1 * x1
            x1 = 1.0 - (a1 + c1) / (1.0 + c1)
            continue
        w2, c2, taus2, cap2 = _sweep(ctx, j, i, x2)
        residual = max(abs(x1 - (1.0 - w2)), abs(x2 - (1.0 - w1)))
        if residual <= TOLERANCE:
            return sweep, residual, [(i, j, w1, taus1, cap1), (j, i, w2, taus2, cap2)]
        a1, a2 = w1 - c1 * x1, w2 - c2 * x2
        n1 = (a1 + c1 - c1 * (a2 + c2)) / (1.0 - c1 * c2)
        n2 = a2 + c2 * (1.0 - n1)
        x1, x2 = 1.0 - n2, 1.0 - n1
    raise ArithmeticError(f"The pair ({i}, {j}) did not converge in {MAX_SWEEPS} sweeps.")


def solve(
    target: int = OPTIONS[0].default,
    entry: int = OPTIONS[1].default,
    progress: Callable[[str], None] | None = None,
) -> tuple[WinTable, Stats]:
    """Solve the two-player game for ``target`` and ``entry`` (points, multiples of 50)."""
    if target % UNIT or entry % UNIT or not 0 <= entry <= target or target < UNIT:
        raise ValueError("The table needs a target and an entry in 50s, the entry no higher.")
    began = time.perf_counter()
    T, E = target // UNIT, entry // UNIT
    model = roll_model()
    chase = chase_rows(model)
    ctx = _context(T, E, model, chase)
    start = ctx.start
    bank_from = array("H", bytes(2 * T * T * DICE))
    stats = Stats()

    def record(me: int, them: int, w: float, taus: list[int], cap: int) -> None:
        start[me * T + them] = w
        base = (me * T + them) * DICE
        bank_from[base : base + DICE] = array("H", taus)
        stats.highest_cap = max(stats.highest_cap, cap)

    for s in range(2 * T - 2, -1, -1):
        for i in range(max(0, s - T + 1), s // 2 + 1):
            sweeps, residual, solved = _solve_pair(ctx, i, s - i)
            for me, them, w, taus, cap in solved:
                record(me, them, w, taus, cap)
            stats.sweeps[sweeps] += 1
            stats.residual = max(stats.residual, residual)
        if progress and s % 20 == 0:
            progress(f"{s} {time.perf_counter() - began:.0f}s")
    stats.seconds = time.perf_counter() - began
    table = WinTable(T, E, array("d", start), bank_from, chase, model)
    return table, stats


def main(argv: list[str] | None = None) -> int:
    """Write the table for the default options (or the given ones) and say how it went."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=int, default=OPTIONS[0].default)
    parser.add_argument("--entry", type=int, default=OPTIONS[1].default)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / DATA)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    progress = None if args.quiet else (lambda line: print(line, file=sys.stderr))
    table, stats = solve(args.target, args.entry, progress)
    data = to_bytes(table)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(
        f"{args.out}: {len(data):,} bytes in {stats.seconds:.0f} s; sweeps per pair "
        f"{dict(sorted(stats.sweeps.items()))}, largest residual {stats.residual:.1e}, "
        f"highest total swept {stats.highest_cap * UNIT:,}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
