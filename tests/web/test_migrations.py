"""Schema migrations: an old database with games in it upgrades and gets its summaries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask_migrate import downgrade, upgrade

from referee.web import create_app
from referee.web.extensions import db

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
FIRST_REVISION = "dc9c21f46a17"


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_url(request, tmp_path):
    """A database with no schema at all: a new SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'old.sqlite3'}"
        return
    cluster = request.getfixturevalue("postgres")
    name = cluster.create_database()
    yield cluster.url(name)
    cluster.drop_database(name)


def test_upgrade_fills_summaries_for_games_stored_before(tmp_path, monkeypatch, empty_url):
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    url = empty_url
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    log = json.loads((SEEDS / "tenk-finished.json").read_text())
    with app.app_context():
        upgrade(revision=FIRST_REVISION)
        engine = sa.create_engine(url)
        with engine.begin() as conn:
            conn.execute(
                sa.text(
                    "INSERT INTO game_table (id, game, players, options, created_at, updated_at)"
                    " VALUES (1, 'tenk', :players, :options, '2026-01-01', '2026-01-01')"
                ),
                {"players": json.dumps(log["players"]), "options": json.dumps(log["options"])},
            )
            for seq, move in enumerate(log["moves"]):
                conn.execute(
                    sa.text(
                        "INSERT INTO move (table_id, seq, data, created_at)"
                        " VALUES (1, :seq, :data, '2026-01-01')"
                    ),
                    {"seq": seq, "data": json.dumps(move)},
                )
        upgrade()
        with engine.connect() as conn:
            count, winners = conn.execute(
                sa.text("SELECT move_count, winners FROM game_table WHERE id = 1")
            ).one()
            seats = conn.execute(
                sa.text("SELECT name, player_key, score, won FROM seat ORDER BY seat")
            ).all()
        engine.dispose()
        downgrade(revision=FIRST_REVISION)
        db.engine.dispose()
    assert count == len(log["moves"])
    assert (json.loads(winners) if isinstance(winners, str) else winners) == ["Cy"]  # PG parses
    assert [tuple(s) for s in seats] == [
        ("Ann", "ann", 3900, 0),
        ("Bo", "bo", 0, 0),
        ("Cy", "cy", 12200, 1),
    ]


def test_a_phone_holding_two_seats_keeps_its_latest_on_upgrade(tmp_path, monkeypatch, empty_url):
    """Before a7c4e2b9d361 a race could give one phone two seats of a table; the upgrade
    keeps its latest claim, then the database refuses a second one for good."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": empty_url})
    with app.app_context():
        upgrade(revision="e5b7c3a9d214")
        engine = sa.create_engine(empty_url)
        claim = sa.text(
            "INSERT INTO seat_claim (id, table_id, seat, phone, claimed_at)"
            " VALUES (:id, 1, :seat, :phone, '2026-01-01')"
        )
        with engine.begin() as conn:
            conn.execute(
                sa.text(
                    "INSERT INTO game_table (id, game, players, options, created_at, updated_at)"
                    " VALUES (1, 'tenk', '[\"Ann\", \"Bo\", \"Cy\"]', '{}', '2026-01-01',"
                    " '2026-01-01')"
                )
            )
            for id_, seat, phone in ((1, 0, "p"), (2, 1, "p"), (3, 2, "q")):
                conn.execute(claim, {"id": id_, "seat": seat, "phone": phone})
        upgrade()
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT seat, phone FROM seat_claim ORDER BY seat")).all()
            assert [tuple(row) for row in rows] == [(1, "p"), (2, "q")]
        with pytest.raises(sa.exc.IntegrityError), engine.begin() as conn:
            conn.execute(claim, {"id": 4, "seat": 0, "phone": "q"})
        engine.dispose()
        db.engine.dispose()
