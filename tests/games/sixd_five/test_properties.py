"""Six D Five's own properties over random legal games played by referee.autoplay (those
every game shares: ``tests/games/test_shared_properties.py``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.engine.support import draw_prefix, seeds
from tests.games.sixd_five.random_play import FIVE, fast, random_log, tables


@fast
@given(tables, seeds, st.data())
def test_turns_go_round_the_seats_from_the_first(table: tuple, seed: int, data) -> None:
    players, _ = table
    prefix, state = draw_prefix(data, random_log(table, seed))
    if not FIVE.is_over(state):
        assert FIVE.to_move(state) == players[len(prefix) % len(players)]
