"""The odds at a table: off by default, switched for the whole table, never in the log."""

from __future__ import annotations

import html
import json
import random
import re

import pytest
from sqlalchemy import update

from referee.autoplay import play_random_game
from referee.core.moves import judged_moves
from referee.games import get_game
from referee.log import GameLog, loads, moves_with_states, replay
from referee.web.base.extensions import db
from referee.web.base.models import Seat
from tests.conftest import Table, csrf_token, house_client


def switch(table: Table, value: str, **extra):
    """Post the odds switch as the table page's form does, with the version it shows (read
    from the live note, which a watching phone's page has too)."""
    page = table.page()
    version = re.search(r'data-version="(\d+)"', page).group(1)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    fields = {"odds": value, "csrf_token": token, "version": version, **extra}
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


@pytest.mark.parametrize("version", ["", "x", "-1", "1.0", "１", "9" * 10])
def test_a_switch_without_a_usable_version_is_refused(new_table, version):
    table = solitaire_rolled(new_table)
    response = switch(table, "on", version=version)
    assert response.status_code == 400
    assert "The odds form was incomplete: nothing was changed." in response.text
    assert 'class="odds"' not in table.page()


def test_a_switch_from_a_page_the_table_moved_on_from_is_a_409(new_table):
    """The switch claims the version its page showed, like a move: a second tap of the
    same page (or a page read before a move) changes nothing."""
    table = new_table("solitaire", ("Sid",))
    page = table.page()
    shown = re.search(r'name="version" value="(\d+)"', page).group(1)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    table.roll(1, 1, 3, 5, 6)
    stale = {"odds": "on", "csrf_token": token, "version": shown}
    response = table.client.post(f"{table.url}/odds", data=stale)
    assert response.status_code == 409
    assert "This table moved on since your page was loaded" in html.unescape(response.text)
    assert 'class="odds"' not in table.page()
    assert switch(table, "on").status_code == 302
    again = table.client.post(f"{table.url}/odds", data={**stale, "version": str(int(shown) + 1)})
    assert again.status_code == 409  # the page the first switch was read from
    assert 'class="odds"' in table.page()


def test_an_unknown_table_has_no_switch(client):
    assert client.post("/t/" + "0" * 32 + "/odds", data={"odds": "on"}).status_code in (400, 404)


def test_a_watching_phone_cannot_switch(new_table, app):
    table = solitaire_rolled(new_table)
    watcher = Table(app.test_client(), table.token)
    token = csrf_token(watcher.client, watcher.url)
    watcher.client.post(f"{watcher.url}/seat", data={"as": "watch", "csrf_token": token})
    assert switch(watcher, "on").status_code == 403
    assert 'class="odds"' not in table.page()


def test_the_story_flags_a_split_against_the_advice_only_while_the_odds_are_on(new_table):
    table = solitaire_rolled(new_table)
    history = f"{table.url}/history"
    worse = "1,3|5,6|1"  # 4 and 11 with a 1 thrown: worth less than the advised split
    assert table.post(action="assign", split=worse, player="Sid").status_code == 302
    assert "Against the advice" not in table.client.get(history).text  # odds off, game on
    switch(table, "on")
    page = html.unescape(table.client.get(history).text)
    assert "Against the advice" not in page  # nobody saw the odds when the split was made
    assert "With hindsight</summary>1+3 and 5+6, 1 thrown" in page
    assert "Looking back: 1 decision, made while the table did not show the odds" in page
    table.roll(1, 1, 3, 5, 6)
    assert table.post(action="assign", split=worse, player="Sid").status_code == 302
    page = html.unescape(table.client.get(history).text)
    assert page.count("Against the advice</summary>1+3 and 5+6, 1 thrown") == 1
    assert page.count("With hindsight</summary>") == 1
    assert "1 decision went against the advice the table showed at the time (marked ⚑)" in page


def test_a_finished_table_that_never_showed_the_odds_flags_nothing(app, stored):
    game = get_game("solitaire")
    moves = play_random_game(game, ("Sid",), None, random.Random(17))
    (token,) = stored(GameLog("solitaire", ("Sid",), {}, tuple(moves)))
    page = html.unescape(house_client(app).get(f"/t/{token}/history").text)
    assert "Against the advice" not in page and "⚑" not in page
    assert "With hindsight</summary>" in page and "Looking back:" in page


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
    stored(log)  # an import judges its game's decisions
    page = html.unescape(house_client(app).get("/players/sid").text)
    assert record_row(page, "Solitaire Dice") == (len(judged), followed)


def test_working_out_the_odds_fills_every_advising_games_tables(monkeypatch):
    from referee.games import all_games, has_own
    from referee.web.play.advice import work_out_odds

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


def record_row(page: str, title: str) -> tuple[int, int] | None:
    """(decisions, followed) in the player page's row for ``title``, or None."""
    row = re.search(rf'<th scope="row">{title}</th><td>(\d+)</td><td>\d+% \((\d+)\)', page)
    return (int(row.group(1)), int(row.group(2))) if row else None


def judged_by_hand(client, table: Table, player: str) -> tuple[int, int]:
    """(decisions, followed) of ``player`` at the table, judged straight from its log."""
    log = loads(client.get(f"{table.url}/log.json").text)
    mine = [
        j for j in judged_moves(get_game(log.game), moves_with_states(log)) if j.player == player
    ]
    return len(mine), sum(j.verdict.followed for j in mine)


def finish_tenk(table: Table, bo_rolls=(5, 2, 3, 3, 4, 6)):
    """Ann banks 1,000 at once; Bo's last turn sets aside the first die and banks.  The
    finishing post's answer is returned unclosed: it has not gone to the phone yet."""
    table.roll(1, 1, 1, 2, 3, 4).close()
    table.pick(0, 1, 2, bank=True).close()
    table.roll(*bo_rolls).close()
    return table.pick(0, bank=True)


def test_a_game_is_judged_for_the_players_pages_once_its_last_answer_is_sent(new_table, client):
    table = new_table(target=1000, entry=0)
    last = finish_tenk(table)
    assert last.status_code == 302
    page = html.unescape(client.get("/players/ann").text)
    assert "Counted from the 0 of 1 finished games judged so far" in page
    last.close()  # the answer has gone: now the game is judged
    page = html.unescape(client.get("/players/ann").text)
    assert record_row(page, "10K") == judged_by_hand(client, table, "Ann")
    assert "Counted from" not in page
    bo = html.unescape(client.get("/players/bo").text)
    assert record_row(bo, "10K") == judged_by_hand(client, table, "Bo")
    assert "1 turn · average 50 points a turn" in bo and "(0 of 1 turn)" in bo


def test_an_undone_ending_stops_counting_and_the_new_ending_is_judged(new_table, client):
    table = new_table(target=1000, entry=0)
    finish_tenk(table).close()
    table.post("undo", turn="whole").close()
    assert "Against the odds" not in client.get("/players/bo").text  # no finished game now
    table.roll(1, 5, 2, 3, 4, 6).close()
    table.pick(0, 1, bank=True).close()
    page = html.unescape(client.get("/players/bo").text)
    assert record_row(page, "10K") == judged_by_hand(client, table, "Bo")
    assert "Counted from" not in page


def test_a_game_stored_before_judging_is_judged_when_its_story_is_opened(app, stored):
    game = get_game("tenk")
    logs = [
        GameLog("tenk", ("Ann", "Bo"), {"target": 1000}, tuple(moves))
        for moves in (
            play_random_game(game, ("Ann", "Bo"), {"target": 1000}, random.Random(n))
            for n in range(3)
        )
    ]
    tokens = stored(*logs)  # an import judges its game at once
    house = house_client(app)
    assert "Counted from" not in house.get("/players/ann").text
    with app.app_context():  # as the migration that added the judgements leaves them
        db.session.execute(update(Seat).values(advice_version=None))
        db.session.commit()
    page = html.unescape(house.get("/players/ann").text)
    assert "Counted from the 0 of 3 finished games judged so far" in page
    house.get(f"/t/{tokens[0]}/history")
    page = html.unescape(house.get("/players/ann").text)
    assert "Counted from the 1 of 3 finished games" in page
    assert '<th scope="row">10K</th>' in page


def test_switching_the_odds_on_a_finished_table_keeps_its_judgements_counted(new_table, client):
    table = new_table(target=1000, entry=0)
    finish_tenk(table).close()
    assert switch(table, "on").status_code == 302
    page = html.unescape(client.get("/players/bo").text)
    assert record_row(page, "10K") == judged_by_hand(client, table, "Bo")
    assert "Counted from" not in page
