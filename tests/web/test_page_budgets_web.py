"""Every game's play page (the odds on) and story, for a game played with loaded dice,
each within a CPU budget (issue 46): the pages as a phone gets them, templates and all, on
the worst tables random play with sorted boards, boards of one number, all ones and 1 to 6
over and over can make (``tests.engine.loaded_dice``)."""

from __future__ import annotations

from functools import partial

import pytest
from sqlalchemy import update

from referee.autoplay import random_legal_move
from referee.core.moves import apply_move, resolve_options
from referee.games import all_games
from referee.log import GameLog
from referee.web.base.extensions import db
from referee.web.base.models import GameTable
from referee.web.storage.replays import replays
from tests.calibration import Pace
from tests.engine.loaded_dice import CYCLE, LOW, LoadedDice

pytestmark = pytest.mark.solo  # it times itself (CPU)

NAMES = ("Ann", "Bo", "Cy", "Di")
MOVES = 80
# Seconds of CPU for one page, its replay of the stored moves included, at this project's
# machine's pace (``tests.calibration``: a multiple of a reference loop timed in the test).
PAGE_CPU = 0.25


def loaded_log(game, pattern: str, seed: int = 1) -> GameLog:
    """A game of ``game`` played at random with dice loaded by ``pattern``, up to ``MOVES``
    moves, each stamped with its player as the web stores it."""
    players = NAMES[: max(game.MIN_PLAYERS, min(3, game.MAX_PLAYERS))]
    state = game.start(players, resolve_options(game, {}))
    rng, moves = LoadedDice(seed, pattern), []
    while len(moves) < MOVES and not game.outcome(state).over:
        move = random_legal_move(game, state, rng)
        who = game.to_move(state)
        moves.append({"player": who, **move} if who else move)
        state = apply_move(game, state, moves[-1])
    return GameLog(game.SLUG, players, {}, tuple(moves))


def answered(client, path: str) -> None:
    """Ask for ``path``, which must answer 200."""
    assert client.get(path).status_code == 200, path


@pytest.mark.parametrize("pattern", [LOW, CYCLE])
@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.SLUG)
def test_a_loaded_game_has_its_page_and_story_within_the_budget(
    app, client, stored, game, pattern
) -> None:
    (token,) = stored(loaded_log(game, pattern))
    with app.app_context():
        db.session.execute(update(GameTable).where(GameTable.token == token).values(show_odds=True))
        db.session.commit()
    client.get(f"/t/{token}")  # templates compiled, the game's data loaded
    pace = Pace()
    for path in (f"/t/{token}", f"/t/{token}/history"):
        replays.forget(token)  # the replay is part of the page's cost
        pace.within(partial(answered, client, path), PAGE_CPU, path)
