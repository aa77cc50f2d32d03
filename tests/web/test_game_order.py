"""Lists of games: by title, a set of games together in its own order (issue 25), the Six D
games among them on the new-table form and the help index."""

from __future__ import annotations

import html
import re

import pytest

from referee.games import all_games

SIXD = ["Six D One", "Six D Two", "Six D Three", "Six D Four", "Six D Five", "Six D Six"]
ORDER = ["10K", "Keys and Base Dice", "Lucky Sevens", *SIXD, "Solitaire Dice"]


def test_all_games_lists_the_set_in_its_own_order():
    assert [game.TITLE for game in all_games()] == ORDER


@pytest.mark.parametrize("url", ["/", "/tables/new", "/games/", "/print"])
def test_every_list_of_games_shows_the_same_order(client, url):
    page = client.get(url, follow_redirects=True).text
    found = [title for title in re.findall(r">([^<>]+)</(?:a|h2)>", page) if title in ORDER]
    assert found == ORDER


def test_six_d_one_two_and_five_are_listed_for_a_new_table_and_on_the_help_index(client):
    for url in ("/tables/new", "/games/"):
        page = html.unescape(client.get(url).text)
        for title in ("Six D One", "Six D Two", "Six D Five"):
            assert title in page


def test_six_d_three_and_four_are_listed_for_a_new_table_and_on_the_help_index(client):
    for url in ("/tables/new", "/games/"):
        page = html.unescape(client.get(url).text)
        assert "Six D Three" in page and "Six D Four" in page
