"""The order the parallel workers take the tests in: the long ones first, spread over the
workers, so that none is left running alone at the end.

``make test`` runs pytest-xdist's "worksteal" schedule: the collected tests are cut into one
run of consecutive tests per worker, and a worker that runs dry takes half of what is left at
the end of the busiest one's run.  Left in the order they are collected, the longest tests
(the fuzz's sweeps of every route, the races against gunicorn, axe on every page) sit where
their files fall, and one of them could start in the last minute and be the last minute and a
half.  Here each test marked ``long(seconds)`` (its time, roughly, on a quiet 2-core machine
with the other workers busy) is dealt, longest first, to the worker whose run holds the
fewest seconds of long tests so far, at the head of that run; the other tests follow in the
order they were collected, so each file's fixtures are still set up once per worker where
they were.  Nothing is left out or run twice: the order changes, not what runs.  A run in one
process (``-n 0``, the solo part) keeps the collected order.
"""

from __future__ import annotations

import pytest

MARK = "long"


def pytest_configure(config: pytest.Config) -> None:
    """Register the marker."""
    config.addinivalue_line(
        "markers",
        f"{MARK}(seconds): takes about that long; the parallel run starts it early "
        "(tests/scheduling.py)",
    )


def seconds(item: pytest.Item) -> float:
    """How long ``item`` is marked to take; 0 when it is not marked long."""
    mark = item.get_closest_marker(MARK)
    return float(mark.args[0]) if mark else 0.0


def run_sizes(count: int, workers: int) -> list[int]:
    """How many of ``count`` tests each worker's first run holds, as worksteal cuts them:
    each in turn takes what is left divided by the workers still to serve."""
    sizes = []
    for served in range(workers):
        sizes.append((count - sum(sizes)) // (workers - served))
    return sizes


def spread(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """``items`` in the order that starts each worker's run with its share of the long
    tests (the longest first, each to the run with the fewest seconds so far)."""
    sizes = run_sizes(len(items), workers)
    heads: list[list[pytest.Item]] = [[] for _ in range(workers)]
    totals = [0.0] * workers
    long_first = sorted((item for item in items if seconds(item)), key=seconds, reverse=True)
    for item in long_first:
        run = min((n for n in range(workers) if len(heads[n]) < sizes[n]), key=lambda n: totals[n])
        heads[run].append(item)
        totals[run] += seconds(item)
    rest = iter(item for item in items if not seconds(item))
    ordered: list[pytest.Item] = []
    for head, size in zip(heads, sizes, strict=True):
        ordered += head
        ordered += [next(rest) for _ in range(size - len(head))]
    return ordered


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In an xdist worker, put the tests in the order ``spread`` gives (every worker
    collects the same order, as xdist requires)."""
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None or workerinput["workercount"] < 2:
        return
    items[:] = spread(items, workerinput["workercount"])
