"""The parallel run's order (tests/scheduling.py): every test once, each worker's first run
the size worksteal cuts, the long tests at the heads of the runs and shared out evenly."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.scheduling import MARK, run_sizes, spread


@dataclass
class Marked:
    """A stand-in for a collected test: its name and, when long, its seconds."""

    name: str
    long: float = 0.0

    def get_closest_marker(self, name: str):
        assert name == MARK
        return pytest.mark.long(self.long).mark if self.long else None


def test_runs_are_cut_as_worksteal_cuts_them():
    assert run_sizes(10, 3) == [3, 3, 4]
    assert run_sizes(4605, 3) == [1535, 1535, 1535]
    assert run_sizes(2, 3) == [0, 1, 1]


def test_long_tests_head_the_runs_shared_out_longest_first():
    items = [Marked(f"t{n}") for n in range(30)]
    for n, secs in ((3, 150), (17, 150), (25, 50), (8, 40), (29, 40), (12, 10)):
        items[n].long = secs
    ordered = spread(items, 3)
    assert sorted(i.name for i in ordered) == sorted(i.name for i in items)
    runs = [ordered[0:10], ordered[10:20], ordered[20:30]]
    heads = [[i.long for i in run if i.long] for run in runs]
    assert heads == [[150], [150], [50, 40, 40, 10]]
    for run in runs:  # the long ones first, the others in their collected order
        longs = [i.long > 0 for i in run]
        assert longs == sorted(longs, reverse=True)
    rest = [i.name for i in ordered if not i.long]
    assert rest == [i.name for i in items if not i.long]


def test_fewer_tests_than_workers():
    items = [Marked("a"), Marked("b", 5)]
    assert [i.name for i in spread(items, 3)] == ["b", "a"]
