"""`referee import`, `export` and `seed` against a real database file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli import main
from referee.log import loads, replay

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


@pytest.fixture
def database(tmp_path, monkeypatch):
    """Point the CLI at a fresh SQLite file through DATABASE_URL."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'cli.sqlite3'}")
    return tmp_path


def last_line(capsys) -> str:
    return capsys.readouterr().out.strip().splitlines()[-1]


def test_import_prints_the_new_id_and_export_gives_the_same_log(database, capsys, tmp_path):
    source = SEEDS / "tenk-finished.json"
    assert main(["import", str(source)]) == 0
    table_id = last_line(capsys)
    assert table_id == "1"
    out = tmp_path / "out.json"
    assert main(["export", table_id, "-o", str(out)]) == 0
    original, exported = loads(source.read_text()), loads(out.read_text())
    assert exported == original
    assert replay(exported).to_json() == replay(original).to_json()


def test_export_to_standard_output(database, capsys):
    main(["import", str(SEEDS / "tenk-in-progress.json")])
    capsys.readouterr()
    assert main(["export", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "referee-log/1"


def test_import_refuses_a_log_with_an_illegal_move(database, capsys, tmp_path):
    log = json.loads((SEEDS / "tenk-in-progress.json").read_text())
    log["moves"].append({"type": "roll", "dice": ["7"]})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(log))
    assert main(["import", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"move {len(log['moves']) - 1} refused" in err


def test_export_of_an_unknown_table_fails_cleanly(database, capsys):
    assert main(["export", "99"]) == 2
    assert "no table 99" in capsys.readouterr().err


def test_seed_loads_only_into_an_empty_database(database, capsys):
    assert main(["seed", str(SEEDS)]) == 0
    assert "table 1" in capsys.readouterr().out
    assert main(["seed", str(SEEDS)]) == 0
    assert "already has tables" in capsys.readouterr().out
