"""The odds at a table: off by default, switched for the whole table, never in the log."""

from __future__ import annotations

import html
import json
import random
import re

import pytest

from referee.autoplay import play_random_game
from referee.games import get_game
from referee.log import GameLog, replay
from referee.odds import judged_moves
from tests.conftest import Table, csrf_token, house_client


def switch(table: Table, value: str, **extra):
    """Post the odds switch as the table page's form does."""
    fields = {"odds": value, "csrf_token": csrf_token(table.client, table.url), **extra}
    return table.client.post(f"{table.url}/odds", data=fields)


def solitaire_rolled(new_table) -> Table:
    """A one-player Solitaire table with a roll to split."""
    table = new_table("solitaire", ("Sid",))
    table.roll(1, 1, 3, 5, 6)
    return table


def test_the_odds_are_off_until_the_table_asks(new_table):
    table = solitaire_rolled(new_table)
    page = table.page()
    assert 'class="odds"' not in page
    assert "Show the odds" in page
    assert switch(table, "on").status_code == 302
    page = html.unescape(table.page())
    assert '<details class="odds" id="odds">' in page
    assert "Hide the odds" in page
    assert "1+5 and 1+6, 3 thrown" in page or "1+6 and 1+5, 3 thrown" in page
    assert switch(table, "off").status_code == 302
    assert 'class="odds"' not in table.page()


def test_the_switch_never_enters_the_log(new_table):
    table = solitaire_rolled(new_table)
    before = table.client.get(f"{table.url}/log.json").data
    switch(table, "on")
    after = table.client.get(f"{table.url}/log.json").data
    assert json.loads(after) == json.loads(before)
    assert b"odds" not in after


def test_a_game_without_advice_offers_no_switch(new_table):
    assert "Show the odds" not in new_table("sixd-five", ("Ann", "Bo")).page()


@pytest.mark.parametrize("value", ["", "yes", "ON", "on\x00", "１", "o" * 5000])
def test_a_switch_that_says_neither_on_nor_off_is_refused(new_table, value):
    table = solitaire_rolled(new_table)
    response = switch(table, value)
    assert response.status_code == 400
    assert 'class="odds"' not in table.page()


def test_a_forged_switch_is_refused(new_table):
    table = solitaire_rolled(new_table)
    response = table.client.post(f"{table.url}/odds", data={"odds": "on"})
    assert response.status_code == 400
    assert 'class="odds"' not in table.page()


def test_an_unknown_table_has_no_switch(client):
    assert client.post("/t/" + "0" * 32 + "/odds", data={"odds": "on"}).status_code in (400, 404)


def test_a_watching_phone_cannot_switch(new_table, app):
    table = solitaire_rolled(new_table)
    watcher = Table(app.test_client(), table.token)
    token = csrf_token(watcher.client, watcher.url)
    watcher.client.post(f"{watcher.url}/seat", data={"as": "watch", "csrf_token": token})
    assert switch(watcher, "on").status_code == 403
    assert 'class="odds"' not in table.page()


def test_the_story_marks_a_split_against_the_advice_once_the_odds_are_on(new_table):
    table = solitaire_rolled(new_table)
    history = f"{table.url}/history"
    worse = "1,3|5,6|1"  # 4 and 11 with a 1 thrown: worth less than the advised split
    assert table.post(action="assign", split=worse, player="Sid").status_code == 302
    assert "Against the advice" not in table.client.get(history).text  # odds off, game on
    switch(table, "on")
    page = html.unescape(table.client.get(history).text)
    assert "Against the advice</summary>1+3 and 5+6, 1 thrown" in page
    assert "went against the advice" in page


def test_a_players_page_shows_how_often_they_followed_the_advice(app, stored):
    game = get_game("solitaire")
    moves = play_random_game(game, ("Sid",), None, random.Random(17))
    log = GameLog("solitaire", ("Sid",), {}, tuple(moves))
    result, before = replay(log, []), []
    for move in moves:
        before.append((result.state, move))
        result = result.apply(move)
    judged = judged_moves(game, before)
    followed = sum(j.verdict.followed for j in judged)
    (token,) = stored(log)
    house = house_client(app)
    house.get(f"/t/{token}/history")  # the story judges the game's decisions
    page = html.unescape(house.get("/players/sid").text)
    row = re.search(r"<th scope=\"row\">Solitaire Dice</th><td>(\d+)</td><td>\d+% \((\d+)\)", page)
    assert row, "no Solitaire row under Against the odds"
    assert (int(row.group(1)), int(row.group(2))) == (len(judged), followed)


def test_working_out_the_odds_fills_every_advising_games_tables(monkeypatch):
    from referee.games import all_games, has_own
    from referee.web.advice import work_out_odds

    asked = []
    for game in all_games():
        if has_own(game, "advice"):
            monkeypatch.setattr(game, "advice", lambda state, slug=game.SLUG: asked.append(slug))
    work_out_odds()
    assert sorted(asked) == sorted(g.SLUG for g in all_games() if has_own(g, "advice"))


@pytest.mark.parametrize("slug", ["tenk", "sb", "lucky7", "solitaire"])
def test_a_game_that_gives_advice_says_on_its_help_page_how(client, slug):
    page = client.get(f"/games/{slug}").text
    assert "<h2>The odds</h2>" in page
    assert "never part of the game" in page


def test_every_game_that_gives_advice_explains_it_and_no_other_does():
    from referee.games import all_games, has_own

    for game in all_games():
        assert bool(game.TEXT.odds) == has_own(game, "advice"), game.SLUG


def test_switching_the_odds_moves_the_table_on_for_every_phone(new_table, app):
    table = solitaire_rolled(new_table)
    other = Table(app.test_client(), table.token)
    seen = other.client.get(f"{table.url}/live").get_json()["version"]
    assert other.client.get(f"{table.url}/live?v={seen}").status_code == 304
    switch(table, "on")
    moved = other.client.get(f"{table.url}/live?v={seen}")
    assert moved.status_code == 200
    assert moved.get_json()["version"] == seen + 1
    assert '<details class="odds"' in other.page()
    assert table.post(action="assign", split="1,5|1,6|3", player="Sid").status_code == 302


def test_a_players_page_counts_the_games_whose_story_was_opened(app, stored):
    from referee.web import advice_record

    game = get_game("tenk")
    logs = [
        GameLog("tenk", ("Ann", "Bo"), {"target": 1000}, tuple(moves))
        for moves in (
            play_random_game(game, ("Ann", "Bo"), {"target": 1000}, random.Random(n))
            for n in range(3)
        )
    ]
    tokens = stored(*logs)
    advice_record._kept.clear()
    house = house_client(app)
    page = html.unescape(house.get("/players/ann").text)
    assert "Counted from the 0 of 3 finished games whose story has been opened" in page
    house.get(f"/t/{tokens[0]}/history")
    page = html.unescape(house.get("/players/ann").text)
    assert "Counted from the 1 of 3 finished games" in page
    assert '<th scope="row">10K</th>' in page
