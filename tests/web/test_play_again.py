"""Play again: a finished table starts the next game once, same game and options, the
players seated as the game says (issue 25)."""

from __future__ import annotations

import html
import random
import re
from types import SimpleNamespace

import pytest
from sqlalchemy import select

from referee.autoplay import play_random_game
from referee.core.moves import check_players
from referee.games import all_games, get_game, has_own
from referee.log import GameLog
from referee.web.base.extensions import db
from referee.web.base.models import GameTable, SeatClaim
from referee.web.storage.loading import table_by_token, table_count
from referee.web.storage.store import TableMoved, play_again
from tests.conftest import Table, csrf_token

PLAYERS = ("Ann", "Bo", "Cy")


@pytest.fixture
def finished(new_table) -> Table:
    """A 10K table to 1,000 that Ann won: she banks 1,000, Bo and Cy bust in the final round."""
    table = new_table(players=PLAYERS, target=1000, entry=0)
    table.roll(1, 1, 1, 2, 3, 4)
    table.pick(0, 1, 2, bank=True)
    table.roll(2, 2, 3, 3, 4, 6)
    table.roll(2, 2, 3, 3, 4, 6)
    assert "Ann wins" in table.page()
    return table


def again(table: Table, **fields):
    """Press Play again as the finished page's form does."""
    return table.client.post(f"{table.url}/again", data={"csrf_token": table.csrf()} | fields)


def stored_table(app, token: str) -> GameTable:
    with app.app_context():
        table = table_by_token(token)
        db.session.expunge(table)
        return table


def test_play_again_starts_the_game_again_with_the_next_player_first(app, finished):
    page = html.unescape(finished.page())
    assert "Play again" in page and "Same options, seated Bo, Cy, Ann." in page
    response = again(finished)
    assert response.status_code == 302
    token = response.location.rsplit("/", 1)[1]
    made = stored_table(app, token)
    assert made.game == "tenk" and made.players == ["Bo", "Cy", "Ann"]
    assert made.options == {"target": 1000, "entry": 0} and made.move_count == 0
    assert "Bo to roll" in Table(finished.client, token).ruling()
    assert f'/t/{token}"' in finished.client.get("/").text  # on this phone's list
    assert "Open the next game" in finished.page()


def test_a_double_press_starts_one_table(app, finished):
    fields = {"csrf_token": finished.form_fields()[1]}
    before = tables(app)
    first = finished.client.post(f"{finished.url}/again", data=fields)
    second = finished.client.post(f"{finished.url}/again", data=fields)
    assert first.status_code == second.status_code == 302
    assert first.location == second.location
    assert tables(app) == before + 1


def test_a_press_read_before_another_one_landed_starts_nothing(app, finished):
    with app.app_context():
        table = table_by_token(finished.token)
        read = SimpleNamespace(
            id=table.id, version=table.version, rematch=None, game="tenk", settings={}
        )
        made = play_again(read, ["Bo", "Cy", "Ann"], {"target": 1000, "entry": 0})
        with pytest.raises(TableMoved):
            play_again(read, ["Bo", "Cy", "Ann"], {"target": 1000, "entry": 0})
        assert table_count() == 2
    assert again(finished).location.endswith(f"/t/{made}")  # the page's press opens it


def tables(app) -> int:
    with app.app_context():
        return table_count()


@pytest.mark.parametrize("token", [None, "forged"])
def test_play_again_without_the_forms_token_is_refused(app, finished, token):
    before = tables(app)
    data = {} if token is None else {"csrf_token": token}
    response = finished.client.post(f"{finished.url}/again", data=data)
    assert response.status_code == 400 and tables(app) == before


def test_an_unknown_table_cannot_be_played_again(client, finished):
    token = csrf_token(client, finished.url)
    response = client.post("/t/" + "0" * 32 + "/again", data={"csrf_token": token})
    assert response.status_code == 404


def test_a_table_still_in_play_is_not_played_again(app, new_table):
    table = new_table(players=PLAYERS)
    before = tables(app)
    response = again(table)
    assert response.status_code == 409 and tables(app) == before
    assert (
        "Play again starts a new table once this game is over, and it is still being played: "
        "nothing was started." in html.unescape(response.text)
    )


def test_only_a_phone_with_the_house_pin_starts_the_next_game(app, finished, stranger):
    table = Table(stranger, finished.token)
    page = html.unescape(table.page())
    assert "Play again" not in page
    response = stranger.post(f"{table.url}/again", data={"csrf_token": table.form_fields()[1]})
    assert response.status_code == 403
    again(finished)
    assert "Open the next game" in table.page()  # a link to the table the house started


def test_the_phone_that_pressed_keeps_its_seat(app, finished):
    seat = {"as": "1", "csrf_token": finished.form_fields()[1]}
    assert finished.client.post(f"{finished.url}/seat", data=seat).status_code == 302
    token = again(finished).location.rsplit("/", 1)[1]
    with app.app_context():
        table = table_by_token(token)
        claims = db.session.execute(
            select(SeatClaim.seat).where(SeatClaim.table_id == table.id)
        ).all()
        assert [table.players[row.seat] for row in claims] == ["Bo"]
    page = html.unescape(Table(finished.client, token).page())
    assert re.search(r"Bo’s seat|This phone is Bo", page)


def test_a_game_nobody_moves_first_in_keeps_its_seating(client, stored):
    game = get_game("solitaire")
    players = ("Ann", "Bo")
    moves = play_random_game(game, players, None, random.Random(4))
    (token,) = stored(GameLog("solitaire", players, {}, tuple(moves)))
    table = Table(client, token)
    assert "seated Ann, Bo." in html.unescape(table.page())
    response = again(table)
    new = Table(client, response.location.rsplit("/", 1)[1])
    assert "Ann" in new.page() and game.next_seating(players) == players


def test_options_the_game_no_longer_takes_start_nothing(app, finished):
    with app.app_context():
        table = table_by_token(finished.token)
        table.options = {"target": 1000, "entry": 0, "bogus": 1}
        db.session.commit()
    before = tables(app)
    response = again(finished)
    assert response.status_code == 422 and tables(app) == before
    assert "10K has no option bogus. Nothing was started." in html.unescape(response.text)


def test_a_next_game_deleted_since_is_started_anew(app, finished):
    first = again(finished).location.rsplit("/", 1)[1]
    page = finished.client.get(f"/t/{first}/history").text
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    delete = {"csrf_token": finished.csrf(), "sure": "yes", "version": version}
    assert finished.client.post(f"/t/{first}/delete", data=delete).status_code == 302
    second = again(finished).location.rsplit("/", 1)[1]
    assert second != first and stored_table(app, second).players == ["Bo", "Cy", "Ann"]


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.SLUG)
def test_every_games_next_seating_seats_the_same_players(game):
    players = ("Ann", "Bo", "Cy", "Di")[: max(game.MIN_PLAYERS, min(3, game.MAX_PLAYERS))]
    seated = game.next_seating(players)
    assert sorted(seated) == sorted(players) and check_players(game, list(seated)) == seated
    if has_own(game, "next_seating"):
        return
    assert seated == (*players[1:], players[0])  # by default the next player starts


def test_a_table_played_again_is_closed_to_undo_and_moves_pointing_to_the_next(app, finished):
    seq, token = finished.form_fields()  # the finished page, as an old phone still shows it
    made = again(finished).location.rsplit("/", 1)[1]
    before = stored_table(app, finished.token)
    undo = finished.client.post(f"{finished.url}/undo", data={"seq": str(seq), "csrf_token": token})
    move = finished.client.post(
        f"{finished.url}/move",
        data={
            "seq": str(seq),
            "csrf_token": token,
            "action": "roll",
            **dict.fromkeys([f"d{i}" for i in range(6)], "2"),
        },
    )
    for answer in (undo, move):
        assert answer.status_code == 409
        page = " ".join(html.unescape(answer.text).split())
        assert "This game was played again at a new table, so it can no longer be changed" in page
        assert f'href="/t/{made}"' in answer.text
    after = stored_table(app, finished.token)
    assert (after.version, after.move_count, after.finished_at) == (
        before.version, before.move_count, before.finished_at)  # fmt: skip
    page = finished.page()
    assert "This game was played again, so it can no longer be undone" in page
    assert "Yes, undo it" not in page
