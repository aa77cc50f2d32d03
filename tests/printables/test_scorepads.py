"""Blank scorepads: running-total columns for 10K, SB and Lucky Sevens, the Six D games'
round pads; each game's own pad is its ``tests/games/<package>/test_printables.py``'s."""

from __future__ import annotations

import pytest

import printables
from referee.games import get_game
from tests.printables.support import PAPERS, page_sizes, text_of

RUNNING = ["tenk", "sb", "lucky7"]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", RUNNING)
@pytest.mark.parametrize("players", [2, 4, 8])
def test_a_running_pad_fits_one_page_for_2_to_8_players(slug, players, paper):
    assert page_sizes(printables.scorepad(slug, players=players, paper=paper)) == [PAPERS[paper]]


@pytest.mark.parametrize("slug", RUNNING)
def test_a_running_pad_has_a_turn_and_a_total_cell_per_player_and_numbered_rounds(slug):
    text = text_of(printables.scorepad(slug, players=3))
    assert " ".join(["turn total"] * 3) in text
    assert " ".join(["turn total"] * 4) not in text
    rows = get_game(slug).TEXT.pad.rows
    assert f" {rows} " in f" {text} "
    assert f" {rows + 1} " not in f" {text} "


def test_a_pad_prints_the_tables_own_options():
    text = text_of(printables.scorepad("tenk", options={"target": 5000, "entry": 0}))
    assert "Target 5,000" in text
    assert "needs 0 in one turn" in text


def test_the_round_pads_print_the_tables_options():
    assert "Boards per player: 2" in text_of(
        printables.scorepad("sixd-one", options={"rounds_per_player": 2})
    )
    assert "Rounds: 5" in text_of(printables.scorepad("sixd-two", options={"rounds": 5}))
    assert "48 dice on the stack" in text_of(printables.scorepad("sixd-five", options={"dice": 48}))


def test_options_a_game_does_not_have_are_refused():
    with pytest.raises(printables.PrintError, match="no option"):
        printables.scorepad("sb", options={"entry": 5})


@pytest.mark.parametrize(
    ("slug", "words"),
    [("sb", "Target 60"), ("lucky7", "Exactly 100 wins, never more")],
)
def test_each_pad_names_its_target(slug, words):
    assert words in text_of(printables.scorepad(slug))


@pytest.mark.parametrize("slug", RUNNING)
def test_a_blank_pad_says_how_to_write_a_bust(slug):
    assert "write bust" in text_of(printables.scorepad(slug))


@pytest.mark.parametrize("players", [0, 9, -1])
def test_a_pad_is_for_1_to_8_players(players):
    with pytest.raises(printables.PrintError, match="1 to 8 players"):
        printables.scorepad("tenk", players=players)


@pytest.mark.parametrize("slug", ["tenk", "solitaire"])
def test_the_same_pad_twice_gives_the_same_bytes(slug):
    assert printables.scorepad(slug) == printables.scorepad(slug)


@pytest.mark.parametrize(("slug", "shade"), [("tenk", True), ("sb", True), ("lucky7", False)])
def test_a_blank_pad_asks_to_shade_the_final_round_only_where_there_is_one(slug, shade):
    assert ("Shade the turns of the final round" in text_of(printables.scorepad(slug))) is shade
