"""A move's path reads top to bottom: load, judge, store, answer, never coming back to a
module it has left (``bench/move_path.py`` traces it; the game's own code aside)."""

from __future__ import annotations

import pytest

from bench.move_path import traced_view


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_move_never_comes_back_to_a_module_it_has_left(app, new_table):
    table = new_table("tenk")
    with traced_view(app, "tables.move") as path:
        answer = table.roll(1, 2, 3, 4, 6, 6)
    assert answer.status_code == 302
    print("\n".join(path.lines()))
    assert path.returns == []
