"""A game that ends under the real server (gunicorn, 2 workers) is judged against the advice
once the finishing move's answer has gone, and every worker's player page counts it."""

from __future__ import annotations

import html
import time

import pytest

from referee.core.moves import judged_moves
from referee.games import get_game
from referee.log import GameLog, moves_with_states
from tests.realserver import Gunicorn, Phone
from tests.web.test_odds_web import record_row

pytestmark = pytest.mark.race

# Ann banks 1,000 with 1 1 1; Bo's last turn has rolled: a 5 to set aside and bank ends it.
ALMOST_OVER = GameLog(
    "tenk",
    ("Ann", "Bo"),
    {"target": 1000, "entry": 0},
    (
        {"type": "roll", "dice": ["1", "1", "1", "2", "3", "4"]},
        {"type": "set_aside", "dice": ["1", "1", "1"]},
        {"type": "bank"},
        {"type": "roll", "dice": ["5", "2", "3", "3", "4", "6"]},
    ),
)
LAST = ({"type": "set_aside", "dice": ["5"]}, {"type": "bank"})


def test_a_game_ended_under_gunicorn_is_judged_for_every_workers_player_pages(
    app, database_url, tmp_path, request
):
    from referee.web.storage.store import import_log

    with app.app_context():
        token = import_log(ALMOST_OVER)
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    phone = Phone(server.port)
    seq, csrf = phone.form(token)
    fields = {"seq": str(seq), "csrf_token": csrf, "action": "set_aside_bank", "pick": "0"}
    status, body = phone.send(phone.connect(), "POST", f"/t/{token}/move", fields)
    assert status == 302, (status, body[:500])

    ended = GameLog(
        ALMOST_OVER.game, ALMOST_OVER.players, ALMOST_OVER.options, ALMOST_OVER.moves + LAST
    )
    judged = judged_moves(get_game("tenk"), moves_with_states(ended))
    wanted = {
        name: (len(mine), sum(j.verdict.followed for j in mine))
        for name in ended.players
        for mine in [[j for j in judged if j.player == name]]
    }
    house = Phone(server.port).enter_house_pin()  # new connections: both workers answer
    deadline, seen = time.monotonic() + 20, {}
    while time.monotonic() < deadline:
        seen = {
            name: record_row(html.unescape(house.get(f"/players/{name}")[1]), "10K")
            for name in ("ann", "bo")
        }
        if all(seen.values()):
            break
        time.sleep(0.2)
    assert seen == {"ann": wanted["Ann"], "bo": wanted["Bo"]}
    for _ in range(4):  # whichever worker answers, the record is the stored one
        page = html.unescape(house.get("/players/bo")[1])
        assert record_row(page, "10K") == wanted["Bo"]
    assert "Traceback" not in server.log.read_text()
