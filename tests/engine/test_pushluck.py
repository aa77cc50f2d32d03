"""The push-your-luck machinery the three turn-based games share: scoreboard, marks, buttons."""

from __future__ import annotations

from referee.core import formdata
from referee.core.dice import parse_dice
from referee.core.engine import TurnMark, TurnRecord
from referee.families.pushluck import Scoreboard, bust_on, turn_buttons

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


def test_the_final_round_tells_each_player_still_to_play_what_passes_the_leader() -> None:
    board = SEATED.end_turn(1000, starts_final_round=True)
    assert board.to_pass(1) == "needs 1,001 to pass Ann (1,000 ties)"
    board = board.end_turn(1200)
    assert board.to_pass(1) is None  # Bo has played
    assert board.to_pass(2) == "needs 1,201 to pass Bo (1,200 ties)"
    assert SEATED.to_pass(1) is None  # no final round yet


def test_what_passes_the_leader_is_at_least_the_fewest_points_a_bank_adds() -> None:
    board = SEATED.end_turn(300, starts_final_round=True)
    assert board.to_pass(1, least=500) == "needs 500 to pass Ann"  # 300 cannot be banked
    assert board.to_pass(1, least=300) == "needs 301 to pass Ann (300 ties)"


def test_leaders_on_the_same_total_are_named_together() -> None:
    board = Scoreboard(("Ann", "Bo", "Cy"), (40, 40, 10), seat=2, final_queue=(2,))
    assert board.to_pass(2) == "needs 31 to pass Ann and Bo (30 ties)"
