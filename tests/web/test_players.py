"""Player pages: figures on a known set of games, the dice check, and merging names."""

from __future__ import annotations

import html
import random
import re

import pytest


@pytest.fixture
def three_games(stored, tenk_log):
    """Ann wins, Ann wins, Bo wins (Ann busts twice in the last game)."""
    return stored(
        tenk_log(("Ann", "Bo"), "win", "bust"),
        tenk_log(("Ann", "Bo"), "win", "bust"),
        tenk_log(("Ann", "Bo"), "bust", "win", "bust"),
    )


def text(client, url):
    return " ".join(html.unescape(client.get(url).text).split())


def test_player_figures_on_known_games(client, three_games):
    page = text(client, "/players/ann")
    assert "10K</th><td>3</td><td>2</td> <td>67%</td><td>0</td>" in page
    assert "Longest winning streak: <b>2</b>" in page
    assert "4 turns · average 500 points a turn · best turn <b>1,000</b>" in page
    assert "Bust rate: <b>50%</b> (2 of 4 turns)" in page
    bo = text(client, "/players/bo")
    assert "<td>3</td><td>1</td> <td>33%</td>" in bo and "Longest winning streak: <b>1</b>" in bo


def test_dice_check_counts_and_no_test_below_sixty_values(client, three_games):
    page = text(client, "/players/ann")
    assert "<td>6</td><td>6</td><td>6</td><td>4</td><td>0</td><td>2</td>" in page
    assert "24 values entered: too few to say anything about the dice" in page


def test_dice_check_speaks_once_there_are_enough_values(client, stored, tenk_log):
    stored(*(tenk_log(("Ann", "Bo"), "win", "bust") for _ in range(10)))
    assert "No sign of a biased die in 60 values entered" in text(client, "/players/ann") or (
        "uneven" in text(client, "/players/ann")
    )


def test_players_list_and_unknown_player(client, three_games):
    page = text(client, "/players/")
    assert "Ann" in page and "3 tables · 2 won" in page
    assert client.get("/players/nobody").status_code == 404


def test_merge_counts_another_name_as_the_same_player(client, stored, tenk_log, form_token):
    stored(tenk_log(("Ann", "Bo"), "win", "bust"), tenk_log(("Bob", "Cy"), "win", "bust"))
    token = form_token("/import")
    response = client.post("/players/bo/merge", data={"csrf_token": token, "other": "bob"})
    assert response.status_code == 302
    assert client.get("/players/bob").location.endswith("/players/bo")
    assert "<td>2</td><td>1</td> <td>50%</td>" in text(client, "/players/bo")
    stored(tenk_log(("Bob", "Di"), "win", "bust"))  # a later table as "Bob" counts too
    assert "<td>3</td><td>2</td>" in text(client, "/players/bo")
    history = re.sub(r"<[^>]+>", "", text(client, "/history?player=bob"))
    assert history.count("Resume") == 0 and "Bob 1,000 · Di 0" in history
    assert "Ann 1,000 · Bo 0" in history


def test_merge_with_a_forged_name_is_refused(client, three_games, form_token):
    token = form_token("/import")
    response = client.post("/players/ann/merge", data={"csrf_token": token, "other": "ghost"})
    assert response.status_code == 422 and "Nothing was changed" in response.text
    response = client.post("/players/ann/merge", data={"csrf_token": token, "other": "ann"})
    assert response.status_code == 422


def test_a_player_page_gives_the_best_round_of_round_scored_games(client, stored):
    from referee.autoplay import play_random_game
    from referee.games import get_game
    from referee.log import GameLog, replay

    game = get_game("sixd-one")
    moves = play_random_game(game, ("Ann", "Bo"), {"rounds_per_player": 1}, random.Random(3))
    log = GameLog(game.SLUG, ("Ann", "Bo"), {"rounds_per_player": 1}, tuple(moves))
    rounds = [r.points for r in game.turn_records(replay(log).state) if r.player == "Ann"]
    stored(log)
    page = client.get("/players/ann").text
    assert "<h3>Six D One</h3>" in page
    assert f"best round <b>{max(rounds):,}</b>" in page


def test_averages_are_per_game_never_across_games(client, stored, tenk_log):
    from referee.autoplay import play_random_game
    from referee.games import get_game
    from referee.log import GameLog, replay

    game = get_game("lucky7")
    moves = play_random_game(game, ("Ann", "Bo"), {}, random.Random(5))
    lucky = GameLog(game.SLUG, ("Ann", "Bo"), {}, tuple(moves))
    mine = [r for r in game.turn_records(replay(lucky).state) if r.player == "Ann"]
    scored = sum(r.points for r in mine if not r.bust)
    stored(tenk_log(("Ann", "Bo"), "win", "bust"), lucky)
    page = text(client, "/players/ann")
    section = page[page.index("Turns, game by game") : page.index("Dice check")]
    assert "<h3>10K</h3> <p>1 turn · average 1,000 points a turn" in section
    n = len(mine)
    assert (
        f"<h3>Lucky Sevens</h3> <p>{n} turn{'s' if n != 1 else ''} · "
        f"average {scored / n:,.0f} points a turn" in section
    )
    assert section.index("10K") < section.index("Lucky Sevens")
    assert section.count("points a turn") == 2  # nothing summed over both games
    assert "whether or not the table showed the odds then: a look back." in page


def test_the_players_list_has_pages(client, seat_players):
    seat_players([f"P{n:03d}" for n in range(120)])
    first = client.get("/players/").text
    assert "120 players · page 1 of 3" in first
    assert first.count('href="/players/p') == 50 and ">P000</b>" in first
    assert 'href="/players/?page=2">Next</a>' in first and "Previous" not in first
    last = client.get("/players/?page=3").text
    assert last.count('href="/players/p') == 20 and ">P119</b>" in last
    assert 'href="/players/?page=2">Previous</a>' in last and ">Next<" not in last
    assert "page 3 of 3" in client.get("/players/?page=999").text
    assert "page 1 of 3" in client.get("/players/?page=x").text


def test_ten_thousand_players_keep_the_pages_small(client, seat_players):
    seat_players([f"Player{n:05d}" for n in range(10_000)])
    index = client.get("/players/")
    page = client.get("/players/player04242")
    found = client.get("/players/player04242", query_string={"find": "player0"})
    sizes = {"index": len(index.data), "player": len(page.data), "look-up": len(found.data)}
    assert all(r.status_code == 200 for r in (index, page, found))
    assert "10,000 players · page 1 of 200" in index.text
    assert sizes["index"] < 20_000 and sizes["player"] < 20_000 and sizes["look-up"] < 25_000
    assert found.text.count("/players/player04242/merge?other=") == 30
    assert "Only the first 30 names holding “player0” are shown: type more of the name." in (
        html.unescape(found.text)
    )
