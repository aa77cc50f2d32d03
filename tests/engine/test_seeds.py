"""The Six D Six seeds: finished games that replay to their results, games in progress."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.log import dumps, loads, replay

LOGS = Path(__file__).resolve().parents[2] / "seeds"
EXPECTED = {
    "sixd-one-finished": ({"Mia": 268, "Noor": 194, "Olek": 384}, ["Olek"]),
    "sixd-two-finished": ({"Pia": 71, "Quin": 63, "Rosa": 66}, ["Pia"]),
    "sixd-five-finished": ({"Sol": 38, "Tam": 41, "Uma": 35, "Vic": 41}, ["Tam", "Vic"]),
    "sixd-three-finished": ({"Wren": 48, "Xavi": 71, "Yara": 41, "Zoe": 49}, ["Xavi"]),
    "sixd-four-finished": ({"Ada": 3, "Ben": 5, "Cleo": 6}, ["Cleo"]),
    "sixd-six-finished": ({"Dara": 24, "Eli": 20, "Fern": 18}, ["Dara"]),
}


def test_there_is_a_finished_log_and_one_in_progress_per_game() -> None:
    names = {p.stem for p in LOGS.glob("sixd-*.json")}
    assert names == {*EXPECTED, *(n.replace("finished", "in-progress") for n in EXPECTED)}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_game_in_progress_replays_to_a_player_to_move(name: str) -> None:
    log = loads((LOGS / f"{name.replace('finished', 'in-progress')}.json").read_text())
    result = replay(log)
    assert result.error is None and not result.outcome.over and result.outcome.to_move


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_log_replays_to_its_finished_result(name: str) -> None:
    text = (LOGS / f"{name}.json").read_text(encoding="utf-8")
    log = loads(text)
    assert dumps(log) == text  # written by referee.log, one move a line
    result = replay(log)
    assert result.error is None and result.outcome.over
    assert (result.outcome.scores, result.outcome.winners) == EXPECTED[name]
    assert all(move.get("player") for move in log.moves)  # stamped, as the site stores them
