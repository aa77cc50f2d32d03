"""Whatever a forged or garbled form says, the referee answers 4xx and stores nothing.

Pure form parsing: a garbled form is refused before anything reaches the database, so these
run on SQLite only (the web tests store every game's real moves on both databases).
"""

from __future__ import annotations

import random

import pytest

from referee.games import all_games
from referee.web.storage.loading import table_by_token
from tests.conftest import ONE_DATABASE

pytestmark = ONE_DATABASE

# Every registered game, at a table of two (the fewest any game takes).
GAMES = {game.SLUG: ("Ann", "Bo") for game in all_games()}
JUNK = ["", "0", "7", "-1", "x", "K3", "1,5|1,6|3", "A", "Z", "99", "1|2", "3,4|", "Ann", "Cy",
        "0,0", "9,9", "1,", "12/34", "3\x00", "9" * 5000, "r", "k", "12", "١٢"]  # fmt: skip
FIELDS = [
    "d0",
    "d1",
    "d5",
    "d9",
    "k0",
    "k1",
    "pick",
    "g0",
    "g7",
    "split",
    "player",
    "sevens",
    "colour_run",
    "confirm",
    "board",
    "cell",
    "pool_r",
    "pool_k",
    "colour",
    "values",
    "side0",
    "side1",
]

# Every button any game's play page posts: each table must refuse the others' buttons.
ACTIONS = sorted({action for game in all_games() for action in game.ACTIONS})


def moves_stored(app, table_id):
    with app.app_context():
        return len(table_by_token(table_id).moves)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("action", [*ACTIONS, "nonsense"])
def test_garbled_forms_are_refused_without_a_server_error(new_table, app, game, action):
    table = new_table(game, GAMES[game])
    rng = random.Random(f"{game}-{action}")
    # The page's sequence number and CSRF token, and the moves stored: read again only
    # after a post the table took (a refused one is checked to have changed nothing).
    (seq, token), stored = table.form_fields(), moves_stored(app, table.token)
    for _ in range(12):
        fields = {name: rng.choice(JUNK) for name in rng.sample(FIELDS, rng.randint(0, 6))}
        form = {"seq": seq, "csrf_token": token, "action": action, **fields}
        response = table.client.post(f"{table.url}/move", data=form)
        assert response.status_code < 500, (fields, response.text[:300])
        if response.status_code >= 400:
            assert moves_stored(app, table.token) == stored
        else:
            (seq, token), stored = table.form_fields(), moves_stored(app, table.token)


@pytest.mark.parametrize("path", ["move", "undo"])
def test_non_numeric_sequence_number_is_a_4xx(new_table, path):
    table = new_table()
    _, token = table.form_fields()
    response = table.client.post(f"{table.url}/{path}", data={"seq": "abc", "csrf_token": token})
    assert 400 <= response.status_code < 500
