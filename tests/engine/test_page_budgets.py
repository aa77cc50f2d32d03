"""What a page works out about a position stays within a CPU budget, for every game, over
random play with fair dice and with loaded ones (issue 46: a sorted Six D Six square hung
its worker for good).

Loaded dice (``tests.engine.loaded_dice``) make the worst tables a phone can enter: sorted
boards, boards of one number, rolls of all ones, all sixes, 1 to 6 over and over.  At each
position the test does what the play page, the odds and the story ask of the game: the
view, the odds as each seat faces them, the outcome, the notes, the warning a move would
get, the last move in words and the key the story judges it by.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.autoplay import random_legal_move
from referee.core.contract import Game, table_settings
from referee.core.moves import apply_move, describe_move, resolve_options
from referee.games import all_games
from tests.calibration import Pace
from tests.conftest import examples
from tests.engine.loaded_dice import PATTERNS, LoadedDice
from tests.engine.support import seeds

NAMES = tuple(f"Player {n}" for n in range(1, 9))
MOVES = 80  # positions a game is followed for (the Six D games end well before)
# Seconds of CPU for all a page works out about one position, at this project's machine's
# pace (in references of ``tests.calibration``, timed around each position): the most
# measured on a quiet machine is 15 ms (SB), so the test runs among the others (CPU time,
# not the wall clock).
POSITION_CPU = 0.2
WARNED = 5  # the moves on offer whose warning is asked at each position
warmed: set[str] = set()


def page_work(
    game: Game, before: Any, move: dict[str, Any], state: Any, offered: list[dict[str, Any]]
) -> None:
    """What the play page, the odds and the story ask of ``game`` about ``state``, reached
    from ``before`` by ``move``; and the warning each move ``offered`` would get."""
    game.view(state)
    game.outcome(state)
    game.player_notes(state)
    game.waiting_for(state)
    game.in_final_round(state)
    game.photo_entry(state, table_settings(game, {}))
    game.forced(state)
    for name in game.outcome(state).scores:
        game.advice(game.facing(state, name) or state)
    game.advice(state)
    game.advice_key(before, move)
    describe_move(game, move)
    for posted in offered:
        game.warning(state, posted)


def warm(game: Game) -> None:
    """Load what a served worker loads before its first request (the odds' data files)."""
    if game.SLUG in warmed:
        return
    state = game.start(NAMES[: game.MIN_PLAYERS], resolve_options(game, {}))
    game.advice(state)
    warmed.add(game.SLUG)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.SLUG)
@settings(max_examples=examples(6), deadline=None)
@given(seed=seeds, pattern=st.sampled_from(PATTERNS), data=st.data())
def test_every_position_is_worked_out_within_the_budget(game, seed, pattern, data) -> None:
    warm(game)
    count = data.draw(st.integers(game.MIN_PLAYERS, game.MAX_PLAYERS), label="players")
    rng, pace = LoadedDice(seed, pattern), Pace()
    state = game.start(NAMES[:count], resolve_options(game, {}))
    for _ in range(MOVES):
        if game.outcome(state).over:
            break
        move = random_legal_move(game, state, rng)
        before, state = state, apply_move(game, state, move)
        offered = game.choices(state)[:WARNED]  # random play's list: no page asks it
        work = lambda: page_work(game, before, move, state, offered)  # noqa: B023, E731
        pace.within(work, POSITION_CPU, describe_move(game, move))
