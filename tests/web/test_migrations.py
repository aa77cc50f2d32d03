"""Schema migrations: an old database with games in it upgrades and gets its summaries."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask_migrate import downgrade, upgrade

from referee.web import create_app
from referee.web.base.extensions import db
from tests.realserver import flask_db_upgrade

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


# Seats as stored before keys were folded by Unicode: (table, seat, name, key then).
OLD_SEATS = [
    (1, 0, "Ann", "ann"), (1, 1, "Ｂo", "ｂo"), (2, 0, "ann", "ann"), (2, 1, "Bo", "bo"),
    (3, 0, "ﬁsh", "cy"), (3, 1, "Cy", "cy"), (4, 0, "fish", "di"), (4, 1, "Di", "di"),
    (5, 0, "Ed", "fay"), (5, 1, "Fay", "fay"), (6, 0, "Gus", "fay"), (6, 1, "X", "y"),
    (7, 0, "Y", "x"), (7, 1, "An\u200bn", "an\u200bn"),
]  # fmt: skip
# Aliases then: "ﬁsh" into Cy and "fish" into Di (two keys that now fold alike); Ｂo into
# Bo (one key now); Ed into Gus and Gus into Fay (a merge merged again since); and a loop
# a race left behind, X into Y into X.
OLD_ALIASES = [("ﬁsh", "cy"), ("fish", "di"), ("ｂo", "bo"), ("ed", "fay"), ("gus", "fay"),
               ("x", "y"), ("y", "x")]  # fmt: skip
# Merges then: (id, source, target, repointed, undone).
OLD_MERGES = [
    (1, "ﬁsh", "cy", [], False), (2, "fish", "di", [], False), (3, "ｂo", "bo", [], False),
    (4, "ed", "gus", [], False), (5, "gus", "fay", ["ed"], False), (6, "ｃy", "ａnn", [], True),
]  # fmt: skip


def test_the_migration_folds_stored_keys_and_keeps_merges_splittable(
    tmp_path, monkeypatch, empty_url
):
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": empty_url})
    with app.app_context():
        upgrade(revision="e5b7c3a9d214")
        engine = sa.create_engine(empty_url)
        with engine.begin() as conn:
            store_old_keys(conn)
        upgrade(revision="0569dd7ac6ac")
        with engine.connect() as conn:
            aliases = dict(conn.execute(sa.text("SELECT key, canonical FROM player_alias")).all())
            seats = conn.execute(
                sa.text("SELECT name, player_key FROM seat ORDER BY table_id, seat")
            ).all()
            merges = conn.execute(
                sa.text("SELECT id, source, target, repointed, undone_at IS NOT NULL"
                        " FROM player_merge ORDER BY id")
            ).all()  # fmt: skip
        engine.dispose()
        db.engine.dispose()
    assert aliases == {"fish": "di", "ed": "fay", "gus": "fay"}
    assert dict(seats) == {
        "Ann": "ann", "Ｂo": "bo", "ann": "ann", "Bo": "bo", "ﬁsh": "di", "Cy": "cy",
        "fish": "di", "Di": "di", "Ed": "fay", "Fay": "fay", "Gus": "fay", "X": "x", "Y": "y",
        "An\u200bn": "ann",
    }  # fmt: skip
    standing = {(m[1], m[2]) for m in merges if not m[4]}
    assert standing == {("fish", "di"), ("ed", "gus"), ("gus", "fay")}
    repointed = {m[0]: json.loads(m[3]) if isinstance(m[3], str) else m[3] for m in merges}
    assert repointed[5] == ["ed"] and merges[5][1:3] == ("cy", "ann")


def store_old_keys(conn) -> None:
    """The rows ``OLD_SEATS``, ``OLD_ALIASES`` and ``OLD_MERGES`` as the old code kept them."""
    tables = sorted({row[0] for row in OLD_SEATS})
    for table_id in tables:
        conn.execute(
            sa.text(
                "INSERT INTO game_table (id, token, game, players, options, created_at,"
                " updated_at) VALUES (:id, :token, 'tenk', '[]', '{}', '2026-01-01',"
                " '2026-01-01')"
            ),
            {"id": table_id, "token": f"{table_id:032x}"},
        )
    figures = ", ".join(["0"] * 9)
    for table_id, seat, name, key in OLD_SEATS:
        conn.execute(
            sa.text(
                "INSERT INTO seat (table_id, seat, name, player_key, score, won, turns, busts,"
                " turn_points, d1, d2, d3, d4, d5, d6)"
                f" VALUES (:t, :s, :n, :k, 0, false, {figures})"
            ),
            {"t": table_id, "s": seat, "n": name, "k": key},
        )
    for key, canonical in OLD_ALIASES:
        conn.execute(
            sa.text("INSERT INTO player_alias (key, canonical) VALUES (:k, :c)"),
            {"k": key, "c": canonical},
        )
    for merge_id, source, target, repointed, undone in OLD_MERGES:
        conn.execute(
            sa.text(
                "INSERT INTO player_merge (id, source, target, repointed, created_at, undone_at)"
                " VALUES (:i, :s, :t, :r, '2026-01-01', :u)"
            ),
            {"i": merge_id, "s": source, "t": target, "r": json.dumps(repointed),
             "u": "2026-01-02" if undone else None},
        )  # fmt: skip


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


def table_with_a_roll(engine: sa.Engine, table_row: str, **values: object) -> None:
    """Store table 1 by the SQL ``table_row`` (an older revision's columns), and a roll on it."""
    with engine.begin() as conn:
        conn.execute(sa.text(table_row), values)
        conn.execute(
            sa.text(
                "INSERT INTO move (table_id, seq, data, created_at)"
                " VALUES (1, 0, '{\"type\": \"roll\"}', '2026-01-01')"
            )
        )


def test_moves_stored_before_the_odds_were_recorded_read_as_not_known(
    tmp_path, monkeypatch, empty_url
):
    """b9d4e6f1a2c8 adds ``move.odds_shown`` (NULL for every move stored before: a story
    looks back on those with hindsight) and ``game_table.rematch``; it downgrades cleanly."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": empty_url})
    with app.app_context():
        upgrade(revision="a3c8e1f2b4d6")
        engine = sa.create_engine(empty_url)
        table_with_a_roll(
            engine,
            "INSERT INTO game_table (id, game, players, options, created_at, updated_at,"
            " show_odds) VALUES (1, 'tenk', '[\"Ann\"]', '{}', '2026-01-01', '2026-01-01', :on)",
            on=True,
        )
        upgrade()
        with engine.connect() as conn:
            shown = conn.execute(sa.text("SELECT odds_shown FROM move")).scalar_one()
            rematch = conn.execute(sa.text("SELECT rematch FROM game_table")).scalar_one()
        downgrade(revision="a3c8e1f2b4d6")
        with engine.connect() as conn:
            columns = {c["name"] for c in sa.inspect(conn).get_columns("move")}
        engine.dispose()
        db.engine.dispose()
    assert shown is None and rematch is None
    assert "odds_shown" not in columns


def test_tables_stored_before_settings_were_kept_have_none(tmp_path, monkeypatch, empty_url):
    """c5e8f2a7d913 adds ``game_table.settings``: a table stored before gets ``{}`` (each of
    its game's settings at its default), its moves and seats kept; it downgrades cleanly."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": empty_url})
    with app.app_context():
        upgrade(revision="b9d4e6f1a2c8")
        engine = sa.create_engine(empty_url)
        table_with_a_roll(
            engine,
            "INSERT INTO game_table (id, game, players, options, created_at, updated_at)"
            " VALUES (1, 'sb', '[\"Ann\", \"Bo\"]', '{\"target\": 60}', '2026-01-01',"
            " '2026-01-01')",
        )
        upgrade()
        with engine.connect() as conn:
            settings = conn.execute(sa.text("SELECT settings FROM game_table")).scalar_one()
            moves = conn.execute(sa.text("SELECT count(*) FROM move")).scalar_one()
        downgrade(revision="b9d4e6f1a2c8")
        with engine.connect() as conn:
            columns = {c["name"] for c in sa.inspect(conn).get_columns("game_table")}
            kept = conn.execute(sa.text("SELECT count(*) FROM game_table")).scalar_one()
        engine.dispose()
        db.engine.dispose()
    assert (json.loads(settings) if isinstance(settings, str) else settings) == {}  # PG parses
    assert moves == 1 and kept == 1 and "settings" not in columns


def test_judgements_stored_in_words_are_judged_again(tmp_path, monkeypatch, empty_url):
    """5d2b8e71c4a9 drops the stored judgements, which held a decision against the advice in
    English words: a story judges its moves again, keeping the words as their message and
    values.  The table and its moves are kept; it downgrades cleanly."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": empty_url})
    with app.app_context():
        upgrade(revision="e2a6c4f8b137")
        engine = sa.create_engine(empty_url)
        table_with_a_roll(
            engine,
            "INSERT INTO game_table (id, game, players, options, created_at, updated_at)"
            " VALUES (1, 'tenk', '[\"Ann\"]', '{}', '2026-01-01', '2026-01-01')",
        )
        with engine.begin() as conn:
            conn.execute(
                sa.text(
                    "INSERT INTO table_judgement (table_id, moves, marks, decisions)"
                    " VALUES (1, 1, '[]', :decisions)"
                ),
                {"decisions": json.dumps([[0, "Ann", False, "50", "bank 300 (worth 300.0)"]])},
            )
        upgrade()
        with engine.connect() as conn:
            judged = conn.execute(sa.text("SELECT count(*) FROM table_judgement")).scalar_one()
            moves = conn.execute(sa.text("SELECT count(*) FROM move")).scalar_one()
        downgrade(revision="e2a6c4f8b137")
        with engine.connect() as conn:
            kept = conn.execute(sa.text("SELECT count(*) FROM game_table")).scalar_one()
        engine.dispose()
        db.engine.dispose()
    assert judged == 0 and moves == 1 and kept == 1


def finished(process: subprocess.Popen) -> tuple[int, str]:
    output, _ = process.communicate(timeout=60)
    return process.returncode, output


def revisions(url: str) -> list[str]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            return list(conn.scalars(sa.text("SELECT version_num FROM alembic_version")))
    finally:
        engine.dispose()


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    from referee.web import MIGRATIONS

    return ScriptDirectory(str(MIGRATIONS)).get_current_head()


def test_two_servers_upgrading_a_new_postgresql_at_once_migrate_it_once(postgres, tmp_path):
    name = postgres.create_database()
    url = postgres.url(name)
    try:
        upgrades = [flask_db_upgrade(url, tmp_path / f"server{i}") for i in (1, 2)]
        results = [finished(process) for process in upgrades]
        assert [code for code, _ in results] == [0, 0], results
        assert revisions(url) == [head_revision()]
    finally:
        postgres.drop_database(name)


def test_an_upgrade_waits_while_another_server_holds_the_upgrade_lock(postgres, tmp_path):
    import psycopg

    from referee.web.base.migration_lock import UPGRADE_LOCK

    name = postgres.create_database()
    url = postgres.url(name)
    conninfo = f"host=127.0.0.1 port={postgres.port} user=postgres dbname={name}"
    try:
        with psycopg.connect(conninfo, autocommit=True) as other_server:
            other_server.execute("SELECT pg_advisory_lock(%s)", (UPGRADE_LOCK,))
            upgrade_process = flask_db_upgrade(url, tmp_path)
            deadline = time.monotonic() + 30
            while not waiting_for_advisory_lock(other_server, name):
                assert upgrade_process.poll() is None, finished(upgrade_process)
                assert time.monotonic() < deadline, "the upgrade never asked for the lock"
                time.sleep(0.05)
            tables = other_server.execute("SELECT count(*) FROM pg_tables WHERE schemaname = "
                                          "'public'").fetchone()  # fmt: skip
            assert tables == (0,)  # it waits before it reads or writes anything
            other_server.execute("SELECT pg_advisory_unlock(%s)", (UPGRADE_LOCK,))
            code, output = finished(upgrade_process)
        assert code == 0, output
        assert revisions(url) == [head_revision()]
    finally:
        postgres.drop_database(name)


def waiting_for_advisory_lock(conn, dbname: str) -> bool:
    """Whether a session on ``dbname`` waits for an advisory lock now."""
    query = (
        "SELECT count(*) FROM pg_stat_activity WHERE datname = %s"
        " AND wait_event_type = 'Lock' AND wait_event = 'advisory'"
    )
    return conn.execute(query, (dbname,)).fetchone()[0] > 0
