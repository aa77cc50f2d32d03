"""The example Six D Six logs (tests/engine/sixd_logs): finished games that replay cleanly.

They wait here for the seeds folder until the games' play pages exist: every seed is
stored and its play page opened by the web tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.log import dumps, loads, replay

LOGS = Path(__file__).with_name("sixd_logs")
EXPECTED = {
    "sixd-one-finished": ({"Mia": 268, "Noor": 194, "Olek": 384}, ["Olek"]),
    "sixd-two-finished": ({"Pia": 71, "Quin": 63, "Rosa": 66}, ["Pia"]),
    "sixd-five-finished": ({"Sol": 38, "Tam": 41, "Uma": 35, "Vic": 41}, ["Tam", "Vic"]),
}


def test_there_is_a_log_per_game() -> None:
    assert sorted(p.stem for p in LOGS.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_log_replays_to_its_finished_result(name: str) -> None:
    text = (LOGS / f"{name}.json").read_text(encoding="utf-8")
    log = loads(text)
    assert dumps(log) == text  # written by referee.log, one move a line
    result = replay(log)
    assert result.error is None and result.outcome.over
    assert (result.outcome.scores, result.outcome.winners) == EXPECTED[name]
    assert all(move.get("player") for move in log.moves)  # stamped, as the site stores them
