"""Six D One's seeds: the finished game replays to its result, the game in progress to a
player to move."""

from __future__ import annotations

from tests.games.seed_logs import check_finished, check_in_progress


def test_a_game_in_progress_replays_to_a_player_to_move() -> None:
    check_in_progress("sixd-one")


def test_a_log_replays_to_its_finished_result() -> None:
    check_finished("sixd-one", {"Mia": 268, "Noor": 194, "Olek": 384}, ["Olek"])
