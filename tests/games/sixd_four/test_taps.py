"""Six D Four's forced passes made by the referee (issue 25: taps that carry no information
are not asked for): stamped, said in words, undone with the move that forced them."""

from __future__ import annotations

import html
import random

from referee.autoplay import play_random_game
from referee.core.moves import resolve_options
from referee.games import get_game
from referee.log import GameLog, loads, replay
from referee.web.storage.loading import move_data, table_by_token
from referee.web.storage.store import import_log
from tests.conftest import Table

ABC = ("Ann", "Bo", "Cy")


def stored(app, table: Table) -> list[dict]:
    with app.app_context():
        return move_data(table_by_token(table.token).id)


def forced_mid_game() -> tuple[list[dict], dict]:
    """A three-player game of random play up to a placement after which one player must
    pass and the next may place: (the moves before it, the placement)."""
    game = get_game("sixd-four")
    for seed in range(100):
        moves = play_random_game(game, ABC, resolve_options(game, {}), random.Random(seed))
        kinds = "".join("P" if m["type"] == "pass" else "." for m in moves)
        at = kinds.find(".P.")
        if at >= 0:
            return moves[:at], moves[at]
    raise AssertionError("no random game passes in the middle")


def test_a_forced_pass_in_the_middle_of_a_game_is_made_stamped_and_said(client, app):
    before, placement = forced_mid_game()
    with app.app_context():
        token = import_log(GameLog("sixd-four", ABC, {}, tuple(before)))
    table = Table(client, token)
    placer = get_game("sixd-four").to_move(_state(before))
    response = table.post(action="place", cell=",".join(map(str, placement["cell"])))
    assert response.status_code == 302
    moves = stored(app, table)
    passer = moves[-1]["player"]
    assert moves[-1] == {"player": passer, "type": "pass"} and passer != placer
    assert moves[-2]["player"] == placer and len(moves) == len(before) + 2
    page = html.unescape(table.page())
    said = f"{passer} had nothing to play but a pass: the referee made it for them."
    assert said in page and "the game is over" not in page
    assert f"{passer} passed." in page
    undo = page[page.index('<details class="undo') :]
    assert f"Undo {placer}'s placement at " in undo and f"after it: {passer}'s pass?" in undo
    exported = loads(client.get(f"{table.url}/log.json").text)
    replayed = replay(exported)  # the log with the referee's passes replays as stored
    assert replayed.error is None and replayed.moves_applied == len(before) + 2
    assert table.post("undo").status_code == 302
    assert len(stored(app, table)) == len(before)


def _state(moves):
    return replay(GameLog("sixd-four", ABC, {}, tuple(moves))).state


def test_the_help_page_says_the_referee_makes_a_forced_pass(client):
    page = html.unescape(client.get("/games/sixd-four").text)
    assert "On the phone the referee makes such a pass itself, says so, and takes it back" in page
