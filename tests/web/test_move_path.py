"""A move's path reads top to bottom: load, judge, store, answer (``bench/move_path.py``
traces it through the web layer; the game's own code and the rules it runs in aside)."""

from __future__ import annotations

import pytest

from bench.move_path import traced_view


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_move_goes_load_judge_store_and_never_climbs_back(app, new_table):
    table = new_table("tenk")
    table.page()
    with traced_view(app, "tables.move") as path:
        answer = table.roll(1, 2, 3, 4, 6, 6)
    assert answer.status_code == 302  # the answer: back to the table
    assert path.steps == [
        "referee.web.access.rights",  # load what this phone may change
        "referee.web.play.judging",  # judge the post on it
        "referee.web.storage.store",  # store what it stands for
    ]
    assert path.climbs == []
    # The one place the path comes back to: the replay cache (and the weighed cache it is
    # made of), read by the load and given the new replay by the store.
    assert path.returns == ["referee.web.storage.replays", "referee.web.base.weighed"]
