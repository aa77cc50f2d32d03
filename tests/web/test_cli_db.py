"""`referee import`, `export` and `seed` against a real database file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.cli import main
from referee.log import MAX_MOVES, loads, replay

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


@pytest.fixture
def database(tmp_path, monkeypatch, database_url):
    """Point the CLI at this test's database (SQLite, then PostgreSQL) through DATABASE_URL."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", database_url)
    return tmp_path


def last_line(capsys) -> str:
    return capsys.readouterr().out.strip().splitlines()[-1]


def test_import_prints_the_new_link_and_export_gives_the_same_log(database, capsys, tmp_path):
    source = SEEDS / "tenk-finished.json"
    assert main(["import", str(source)]) == 0
    link = last_line(capsys)
    assert re.fullmatch(r"/t/[0-9a-f]{32}", link)
    out = tmp_path / "out.json"
    assert main(["export", link, "-o", str(out)]) == 0
    original, exported = loads(source.read_text()), loads(out.read_text())
    assert exported == original
    assert replay(exported).to_json() == replay(original).to_json()


@pytest.mark.parametrize("form", ["token", "link", "url"])
def test_export_takes_the_link_or_its_token(database, capsys, form):
    main(["import", str(SEEDS / "tenk-in-progress.json")])
    link = last_line(capsys)
    given = {"token": link[3:], "link": link, "url": f"http://192.0.2.1:5000{link}"}[form]
    assert main(["export", given]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "referee-log/1"


def test_import_refuses_a_log_longer_than_a_table_keeps(database, capsys, tmp_path):
    log = json.loads((SEEDS / "tenk-in-progress.json").read_text())
    log["moves"] = [{"type": "roll", "dice": ["2", "2", "3", "3", "4", "6"]}] * (MAX_MOVES + 1)
    big = tmp_path / "big.json"
    big.write_text(json.dumps(log))
    assert main(["import", str(big)]) == 2
    assert "at most 5,000 moves" in capsys.readouterr().err


def test_import_refuses_a_log_with_an_illegal_move(database, capsys, tmp_path):
    log = json.loads((SEEDS / "tenk-in-progress.json").read_text())
    log["moves"].append({"type": "roll", "dice": ["7"]})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(log))
    assert main(["import", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"move {len(log['moves']) - 1} refused" in err


@pytest.mark.parametrize(
    "move",
    [
        '{"type": "bank", "player": "Ann\\ud800"}',
        '{"type": "bank", "player": NaN}',
        '{"type": "bank", "type": "bank"}',
        '{"type": "bank", "note": "x"}',
    ],
)
def test_import_refuses_a_log_no_database_could_hold(database, capsys, tmp_path, move):
    text = (SEEDS / "tenk-in-progress.json").read_text()
    bad = tmp_path / "bad.json"
    bad.write_text(text.replace('"moves": [', f'"moves": [{move}, ', 1))
    assert main(["import", str(bad)]) == 2  # refused before the database is opened
    err = capsys.readouterr().err
    assert err.startswith("referee import: ") and err.count("\n") == 1


def test_export_of_an_unknown_table_fails_cleanly(database, capsys):
    assert main(["export", "/t/" + "0" * 32]) == 2
    assert "no table at /t/000" in capsys.readouterr().err


def test_seed_loads_only_into_an_empty_database(database, capsys):
    assert main(["seed", str(SEEDS)]) == 0
    assert "tenk-finished.json: /t/" in capsys.readouterr().out
    assert main(["seed", str(SEEDS)]) == 0
    assert "already has tables" in capsys.readouterr().out


def test_seed_loads_the_example_games_without_a_folder(database, capsys):
    assert main(["seed"]) == 0
    out = capsys.readouterr().out
    assert all(f"{path.name}: /t/" in out for path in SEEDS.glob("*.json"))


def serving(monkeypatch) -> list:
    """Stand in for the server ``referee serve`` starts: the calls it gets."""
    calls: list = []
    monkeypatch.setattr("referee.serving.command.main", lambda *args: calls.append(args))
    return calls


def test_serve_migrates_loads_the_examples_then_serves_on_the_address_given(
    database, capsys, monkeypatch
):
    calls = serving(monkeypatch)
    assert main(["serve", "--host", "127.0.0.1", "--port", "5123"]) == 0
    assert "tenk-finished.json: /t/" in capsys.readouterr().out
    assert calls == [("127.0.0.1", "5123")]
    assert main(["serve"]) == 0  # a second start: the tables are kept, nothing loaded twice
    assert "already has tables" in capsys.readouterr().out
    assert calls[-1] == (None, None)  # BIND and PORT, else 0.0.0.0:5000


def test_serve_without_the_examples_leaves_the_database_empty(database, capsys, monkeypatch):
    from referee.web import create_app
    from referee.web.base.extensions import db
    from referee.web.storage.loading import table_count

    calls = serving(monkeypatch)
    assert main(["serve", "--no-seed"]) == 0
    assert calls == [(None, None)]
    with create_app().app_context():
        assert table_count() == 0
        db.session.remove()
        db.engine.dispose()


def test_without_gunicorn_waitress_serves_on_the_host_and_port(database, capsys, monkeypatch):
    import waitress

    from referee.serving import command as serve
    from referee.serving.request_limits import HEADER_BYTES, IDLE_SECONDS
    from referee.web import create_app

    ran = []
    monkeypatch.setenv("BASE_URL", "http://192.0.2.1:5000")
    monkeypatch.delenv("THREADS", raising=False)
    monkeypatch.setattr(serve, "has_gunicorn", lambda: False)
    monkeypatch.setattr("referee.web.serving_app", create_app)  # no odds thread in the tests
    monkeypatch.setattr(waitress, "serve", lambda app, **how: ran.append(how))
    serve.main("127.0.0.1", "5123")
    (how,) = ran
    assert (how["host"], how["port"], how["threads"]) == ("127.0.0.1", 5123, serve.THREADS)
    assert how["max_request_header_size"] == HEADER_BYTES
    assert how["channel_timeout"] == IDLE_SECONDS
    assert "Listening on 127.0.0.1 only: http://127.0.0.1:5123/" in capsys.readouterr().out
