"""Filled scoresheets: a replayed table's turns, totals, busts, final round and winners (each
game's own sheet: its ``tests/games/<package>/test_printables.py``)."""

from __future__ import annotations

import random

import pytest

import printables
from printables.scorepads import TurnCell
from printables.sheets import turn_cell
from referee.autoplay import play_random_game
from referee.core.engine import TurnRecord, points
from referee.games import get_game
from referee.games.lucky7 import rules as lucky7
from referee.games.tenk import rules as tenk
from referee.log import GameLog, replay
from tests.printables.support import PAPERS, SEEDS, page_sizes, reader, seed_replay, text_of

SEED_NAMES = sorted(p.stem for p in SEEDS.glob("*.json"))
DATE, ADDRESS = "2025-03-14", "http://localhost:5000/tables/7"


def sheet(name: str, **kwargs) -> bytes:
    return printables.filled_sheet(seed_replay(name), title_date=DATE, address=ADDRESS, **kwargs)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", SEED_NAMES)
def test_every_seed_prints_on_the_chosen_paper(name, paper):
    sizes = page_sizes(sheet(name, paper=paper))
    assert sizes and set(sizes) == {PAPERS[paper]}


@pytest.mark.parametrize("name", SEED_NAMES)
def test_a_filled_sheet_shows_every_players_current_total(name):
    text = text_of(sheet(name))
    for player, score in seed_replay(name).outcome.scores.items():
        assert player in text
        assert points(score) in text


@pytest.mark.parametrize("name", SEED_NAMES)
def test_the_foot_carries_the_tables_date_and_address(name):
    text = text_of(sheet(name))
    assert DATE in text
    assert ADDRESS in text


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("tenk-finished", "Winner: Cy with 12,200."),
        ("lucky7-finished", "Winner: Lou with 100."),
        ("solitaire-solo", "Winner: Sid with 580."),
        ("solitaire-shared", "Winner: Ann with -20."),
        ("tenk-in-progress", "Not finished. Dee plays next. Scores so far: Dee 2,900, Eli 1,900."),
        ("sb-anna-and-barry", "Not finished. Anna plays next. Scores so far: Anna 29, Barry 27."),
    ],
)
def test_the_result_names_the_winner_or_who_plays_next(name, words):
    assert words in text_of(sheet(name))


def test_the_legend_explains_only_the_marks_the_sheet_uses():
    tenk = text_of(sheet("tenk-finished"))
    assert "grey: the final round" in tenk
    assert "below the entry threshold" in tenk
    lucky = text_of(sheet("lucky7-finished"))
    assert "a stolen turn" in lucky
    assert "final round" not in lucky
    assert "below the entry" not in lucky
    sb = text_of(sheet("sb-anna-and-barry"))
    assert "bust:" not in sb


def test_an_unfinished_game_prints_its_empty_rounds_ready_for_the_pencil():
    text = text_of(sheet("sb-anna-and-barry"))
    assert " 20 " in f" {text} "  # the pad's last round


def test_the_seating_given_must_be_the_replays():
    with pytest.raises(printables.PrintError, match="seats Ann, Bo, Cy"):
        sheet("tenk-finished", players=["Bo", "Ann", "Cy"])
    assert sheet("tenk-finished", players=["Ann", "Bo", "Cy"]).startswith(b"%PDF")


@pytest.mark.parametrize("name", SEED_NAMES)
def test_the_same_table_twice_gives_the_same_bytes(name):
    assert sheet(name) == sheet(name)


@pytest.mark.parametrize(
    ("record", "cell"),
    [
        (TurnRecord("Ann", 450, 950), TurnCell("450", 950)),
        (TurnRecord("Ann", 0, 500, bust=True), TurnCell("bust", 500, bust=True)),
        (TurnRecord("Bo", 0, 0, mark=tenk.BELOW_ENTRY), TurnCell("0*", 0)),
        (TurnRecord("Max", 12, 40, mark=lucky7.stolen_from("Lou")), TurnCell("S 12", 40)),
        (TurnRecord("Cy", 1000, 11_000, final_round=True), TurnCell("1,000", 11_000,
                                                                    final_round=True)),
    ],
)  # fmt: skip
def test_a_turn_is_written_as_players_write_it(record, cell):
    assert turn_cell(record) == cell


def shading_fills(data: bytes) -> int:
    """How many light grey (SHADE) fills the first page paints."""
    content = reader(data).pages[0].get_contents().get_data()
    return content.count(b".86 .86 .86 rg")


@pytest.mark.parametrize("name", ["tenk-finished", "lucky7-finished", "sb-anna-and-barry"])
def test_each_final_round_turn_is_shaded_light_grey(name):
    finals = sum(t.final_round for t in seed_replay(name).state.board.turns)
    assert shading_fills(sheet(name)) == finals
    assert (finals > 0) == (name == "tenk-finished")


def test_a_long_game_runs_onto_a_second_page_with_the_names_repeated():
    moves = play_random_game(get_game("tenk"), ["Ann", "Bo"], {"target": 30_000}, random.Random(1))
    long = replay(GameLog(tenk.SLUG, ("Ann", "Bo"), {"target": 30_000}, tuple(moves)))
    data = printables.filled_sheet(long, title_date=DATE, address=ADDRESS)
    pages = reader(data).pages
    assert len(pages) >= 2
    second = pages[1].extract_text()
    assert "Ann" in second and "Bo" in second and "turn" in second
    assert points(long.outcome.scores["Ann"]) in second


@pytest.mark.parametrize("slug", ["tenk", "solitaire"])
def test_names_with_markup_characters_are_printed_as_typed(slug):
    names = ("Ann & Bo", "<Cy>")
    data = printables.filled_sheet(
        replay(GameLog(slug, names, {}, ())), title_date="1 May", address=ADDRESS
    )
    text = text_of(data)
    assert "Ann & Bo" in text and "<Cy>" in text
