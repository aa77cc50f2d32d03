"""Six D Three's seeds: the finished game replays to its result, the game in progress to a
player to move."""

from __future__ import annotations

from tests.games.seed_logs import check_finished, check_in_progress


def test_a_game_in_progress_replays_to_a_player_to_move() -> None:
    check_in_progress("sixd-three")


def test_a_log_replays_to_its_finished_result() -> None:
    check_finished("sixd-three", {"Wren": 48, "Xavi": 71, "Yara": 41, "Zoe": 49}, ["Xavi"])
