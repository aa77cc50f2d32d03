"""Six D Two's own properties over random legal games played by referee.autoplay (those
every game shares: ``tests/games/test_shared_properties.py``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.core.moves import apply_move
from referee.games.sixd_two import rules as sixd_two
from tests.engine.support import draw_prefix, seeds
from tests.games.sixd_two.random_play import TWO, fast, random_log, reference, tables


@fast
@given(tables, seeds, st.data())
def test_scores_are_finished_rounds_plus_this_rounds_pips(table: tuple, seed: int, data) -> None:
    players, _ = table
    prefix, state = draw_prefix(data, random_log(table, seed))
    rounds, pips = reference(players, prefix)
    assert TWO.outcome(state).scores == {p: sum(r[p] for r in rounds) + pips[p] for p in players}
    assert TWO.turns_done(state) == len(rounds)


@fast
@given(tables, seeds, st.data())
def test_every_listed_choice_is_legal(table: tuple, seed: int, data) -> None:
    _, state = draw_prefix(data, random_log(table, seed))
    for move in sixd_two.choices(state):
        apply_move(TWO, state, move)
