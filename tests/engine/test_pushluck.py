"""The push-your-luck machinery the three turn-based games share: scoreboard, marks, buttons."""

from __future__ import annotations

from referee import formdata
from referee.dice import parse_dice
from referee.engine import TurnMark, TurnRecord
from referee.pushluck import Scoreboard, bust_on, turn_buttons

SEATED = Scoreboard.seated(("Ann", "Bo", "Cy"))


def test_a_turn_that_starts_the_final_round_gives_everyone_else_one_more_turn() -> None:
    board = SEATED.end_turn(10, starts_final_round=True)
    assert (board.player, board.still_to_play()) == ("Bo", ["Bo", "Cy"])
    assert board.plays_again(2) and not board.plays_again(0)
    assert board.end_turn(0).end_turn(0).over


def test_turns_played_in_the_final_round_are_recorded_as_such() -> None:
    board = SEATED.end_turn(10, starts_final_round=True).end_turn(5)
    assert [(t.player, t.final_round) for t in board.turns] == [("Ann", False), ("Bo", True)]


def test_a_players_note_joins_its_words() -> None:
    notes = SEATED.notes(lambda seat: ["needs 500", "last turn"] if seat == 1 else [])
    assert notes == {"Ann": "", "Bo": "needs 500 · last turn", "Cy": ""}


def test_a_turn_record_reads_its_mark_in_words() -> None:
    assert TurnRecord("Ann", 0, 0, mark=TurnMark("below entry", cell="{points}*")).note == (
        "below entry"
    )
    assert TurnRecord("Ann", 50, 50).note == ""
    assert bust_on(parse_dice(["2", "3", "4"])).words == "bust on 2 3 4"


def test_the_turn_buttons_are_the_ones_the_form_reader_knows() -> None:
    readers = formdata.roll_set_aside_bank(list, list, "score")
    assert turn_buttons("score") == tuple(readers)
