"""Six D Five's seeds: the finished game replays to its result, the game in progress to a
player to move."""

from __future__ import annotations

from tests.games.seed_logs import check_finished, check_in_progress


def test_a_game_in_progress_replays_to_a_player_to_move() -> None:
    check_in_progress("sixd-five")


def test_a_log_replays_to_its_finished_result() -> None:
    check_finished("sixd-five", {"Sol": 38, "Tam": 41, "Uma": 35, "Vic": 41}, ["Tam", "Vic"])
