"""`referee replay`: the summary, the --json object and the exit codes (docs/gamelog.md)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from referee.cli import main
from tests.engine.support import EXAMPLE


@pytest.fixture
def write(tmp_path: Path):
    """Write a log (an object, or raw text) to a file and return its path."""

    def write(data: object) -> str:
        path = tmp_path / "log.json"
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return str(path)

    return write


def run_json(capsys: pytest.CaptureFixture[str], path: str) -> tuple[int, dict]:
    code = main(["replay", "--json", path])
    return code, json.loads(capsys.readouterr().out)


def test_json_matches_the_gamelog_example(write, capsys) -> None:
    code, out = run_json(capsys, write(EXAMPLE))
    assert code == 0
    assert out == {
        "game": "tenk",
        "over": False,
        "scores": {"Ann": 1050, "Bo": 0},
        "winners": [],
        "to_move": "Bo",
        "moves_applied": 3,
        "error": None,
    }
    assert list(out) == ["game", "over", "scores", "winners", "to_move", "moves_applied", "error"]


def test_summary_is_readable(write, capsys) -> None:
    assert main(["replay", write(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "10K: 3 moves applied." in out
    assert "Scores: Ann 1,050, Bo 0." in out
    assert "Bo to move." in out
    assert "Last ruling: Ann banked 1,050: total 1,050. Bo to roll." in out


def test_log_can_come_from_standard_input(monkeypatch, capsys) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(EXAMPLE)))
    code, out = run_json(capsys, "-")
    assert (code, out["moves_applied"]) == (0, 3)


def test_refused_move_exits_1_with_the_error_object(write, capsys) -> None:
    moves = [EXAMPLE["moves"][0], {"type": "set_aside", "dice": ["1r", "2o"]}]
    code, out = run_json(capsys, write({**EXAMPLE, "moves": moves}))
    assert code == 1
    assert out["moves_applied"] == 1
    assert out["error"] == {
        "move": 1,
        "code": "not-scoring",
        "message": "Only 1s, 5s and sets score: the 2 you picked scores nothing.",
    }
    assert re.fullmatch(r"[a-z]+(-[a-z]+)*", out["error"]["code"])
    assert (out["to_move"], out["scores"]) == ("Ann", {"Ann": 0, "Bo": 0})


def test_error_index_counts_from_zero(write, capsys) -> None:
    code, out = run_json(capsys, write({**EXAMPLE, "moves": [{"type": "bank"}]}))
    assert (code, out["moves_applied"], out["error"]["move"]) == (1, 0, 0)


def test_player_field_is_checked_when_present(write, capsys) -> None:
    moves = [{**m, "player": "Ann"} for m in EXAMPLE["moves"]] + [{"type": "bank", "player": "Ann"}]
    code, out = run_json(capsys, write({**EXAMPLE, "moves": moves}))
    assert code == 1
    assert out["error"] == {
        "move": 3,
        "code": "wrong-player",
        "message": "It is Bo's turn, not Ann's.",
    }


def test_summary_names_the_refused_move(write, capsys) -> None:
    assert main(["replay", write({**EXAMPLE, "moves": [{"type": "bank"}]})]) == 1
    out = capsys.readouterr().out
    assert "Move 0 refused (nothing-to-bank): Ann must roll before banking." in out


def test_finished_game_names_the_winners(write, capsys) -> None:
    solo = {**EXAMPLE, "players": ["Ann"], "options": {"target": 1000}}
    code, out = run_json(capsys, write(solo))
    assert code == 0
    assert (out["over"], out["winners"], out["to_move"]) == (True, ["Ann"], None)


@pytest.mark.parametrize(
    ("log", "words"),
    [
        ('{"format": "referee-log/1",', "Not valid JSON"),
        ({**EXAMPLE, "game": "chess"}, "Unknown game 'chess'."),
        ({**EXAMPLE, "options": {"bonus": 1}}, "10K has no option bonus."),
        ({**EXAMPLE, "players": "Ann"}, "Players must be a list of names."),
        ({**EXAMPLE, "players": ["Ann", "Ann"]}, "Each player needs a different name."),
        ({**EXAMPLE, "players": ["Ann", "\ud800"]}, "not valid Unicode"),
        ({**EXAMPLE, "options": {"target": float("nan")}}, "NaN or Infinity"),
        ('{"format": "referee-log/1", "format": "referee-log/1"}', "appears twice"),
    ],
)
def test_unreadable_log_exits_2_with_one_line(write, capsys, log: object, words: str) -> None:
    assert main(["replay", "--json", write(log)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("referee replay: ") and words in captured.err
    assert captured.err.count("\n") == 1


def test_missing_file_exits_2(tmp_path: Path, capsys) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "Cannot read" in capsys.readouterr().err


def test_non_utf8_file_exits_2(tmp_path: Path, capsys) -> None:
    path = tmp_path / "log.json"
    path.write_bytes(b"\xff\xfe{}")
    assert main(["replay", str(path)]) == 2
    assert "is not UTF-8 text." in capsys.readouterr().err
