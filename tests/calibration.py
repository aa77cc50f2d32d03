"""Budgets of CPU that hold on any machine (issue 49): a test that bounds how long work takes
bounds it by a multiple of a reference loop timed in the same run, on the same machine,
right before and after the work, never by absolute seconds.

The reference (``reference_work``) is fixed pure-Python work of the kind the rules, the odds
and the templates do (tuple keys into a dict, sums, a sort).  Both are timed in CPU
seconds of the calling thread (``time.thread_time``), so a neighbour that takes the CPU
between the two does not count; a machine twice as slow takes twice as long for both, and
the ratio holds.  A budget is written as the seconds it was on this project's machine
and checked in references (``budget(seconds)``: those seconds over ``REFERENCE_HERE``, the
reference's time here), so on this machine each test checks what it checked before.

The reference's time is the least of a few runs (``Pace``: when a test begins, and again
before work is judged over its budget, the larger counting), so the machine is taken as
fast as it was around the work.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

# The reference's CPU time on this project's 2-core machine (CPython 3.11.7) as
# ``reference_seconds`` measures it: 6.8-7.8 ms, most often 6.9 ms, in 24 measurements at a
# 1-minute load of 8, 2026-11-29.  The tests' budgets were seconds on this machine, so a
# budget of ``budget(s)`` references is ``s`` seconds here.
REFERENCE_HERE = 0.0069
RUNS = 5  # runs of the reference before and after the work


def reference_work() -> int:
    """A fixed piece of pure-Python work (about 7 ms here)."""
    table: dict[tuple[int, int], int] = {}
    for i in range(40_000):
        key = (i % 97, i % 89)
        table[key] = table.get(key, 0) + i
    return len(sorted(table.items()))


def reference_seconds(runs: int = RUNS) -> float:
    """The CPU seconds (this thread) the reference takes now: the least of ``runs`` runs."""
    best = float("inf")
    for _ in range(runs):
        started = time.thread_time()
        reference_work()
        best = min(best, time.thread_time() - started)
    return best


def budget(seconds: float) -> float:
    """A budget of ``seconds`` on this project's machine, in references."""
    return seconds / REFERENCE_HERE


def cpu_of(work: Callable[[], T]) -> tuple[T, float]:
    """What ``work()`` returned and the CPU seconds it took in this thread."""
    started = time.thread_time()
    found = work()
    return found, time.thread_time() - started


CORES_HERE = 2  # this project's machine's cores, which its servers' tests keep busy
_WALL_REFERENCE = (
    "import time\n"
    "from tests.calibration import reference_work\n"
    "best = float('inf')\n"
    "for _ in range(5):\n"
    "    started = time.perf_counter()\n"
    "    reference_work()\n"
    "    best = min(best, time.perf_counter() - started)\n"
    "print(best)\n"
)


def slowdown() -> float:
    """How many times longer than on this project's machine, quiet, work that keeps its
    ``CORES_HERE`` cores busy takes here now on the wall clock (at least 1): the reference
    run in that many processes at once, each timed on the wall clock.  Fewer cores, slower
    ones or a neighbour on them all count, as they count for a real server's answers."""
    root = Path(__file__).resolve().parents[1]
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", _WALL_REFERENCE], cwd=root, stdout=subprocess.PIPE, text=True
        )
        for _ in range(CORES_HERE)
    ]
    slowest = max(float(run.communicate(timeout=120)[0]) for run in runs)
    return max(1.0, slowest / REFERENCE_HERE)


def server_cpu(group: int) -> float:
    """The CPU seconds (user and system) the processes of process group ``group`` have
    spent so far, read from ``/proc`` (Linux): a real server's master and its workers, whose
    work a test bounds by the CPU they spend, not by the wall clock of its answers."""
    tick = os.sysconf("SC_CLK_TCK")
    used = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # a process that ended meanwhile
        if int(fields[2]) == group:
            used += int(fields[11]) + int(fields[12])  # utime, stime
    return used / tick


class Pace:
    """This machine's pace for one test: the reference timed when it is made, and timed
    again before a piece of work is judged over its budget (the larger of the two then
    counts), so a machine that slowed down meanwhile is judged at its pace of the moment."""

    def __init__(self) -> None:
        self.reference = reference_seconds()

    def check(self, spent: float, seconds: float, what: object = "") -> None:
        """Check that ``spent`` CPU seconds are under ``seconds`` at this project's
        machine's pace (``budget``)."""
        if spent / self.reference >= budget(seconds):
            self.reference = max(self.reference, reference_seconds())
        took = spent / self.reference
        assert took < budget(seconds), (
            f"{what} took {took:.1f} references of CPU ({spent:.3f} s), budget "
            f"{budget(seconds):.1f} ({seconds:g} s at this project's machine's pace)"
        )

    def within(self, work: Callable[[], T], seconds: float, what: object = "") -> T:
        """What ``work()`` returned, checked to take under ``seconds`` of CPU at this
        project's machine's pace."""
        found, spent = cpu_of(work)
        self.check(spent, seconds, what)
        return found


def within(work: Callable[[], T], seconds: float, what: object = "") -> T:
    """What ``work()`` returned, checked to take under ``seconds`` of CPU at this project's
    machine's pace, the reference timed right before it (``Pace``)."""
    return Pace().within(work, seconds, what)
