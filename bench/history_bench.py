"""History and player pages with 10,000 stored tables: are they still under 100 ms?

Builds a fresh SQLite database through the real migrations, then bulk-inserts
10,000 tables: their moves (about a million rows) and the summary rows the app
keeps beside them, all taken from real replays of a pool of autoplayed games
(10K, Keys and Base Dice, Solitaire Dice, Lucky Sevens) seated from 30 names.
Then it times, through the Flask test client, the first history page, history
filtered by game and by player, and the page of the busiest player.
"""

from __future__ import annotations

import os
import random
import statistics
import tempfile
import time
from datetime import datetime, timedelta
from typing import Any

TABLES = 10_000
NAMES = [f"Player {n:02d}" for n in range(30)]
GAMES = (
    ("tenk", {"target": 2000}),
    ("sb", {"target": 30}),
    ("solitaire", {}),
    ("lucky7", {"target": 30}),
)
TARGET_MS = 100
RUNS = 15


def _pool(rng: random.Random) -> list[tuple[Any, ...]]:
    """Autoplayed finished games with their moves, per-seat figures and per-seat judgements
    against the advice (as a game is judged when it ends)."""
    from referee.autoplay import play_random_game
    from referee.core.moves import judged_moves
    from referee.games import get_game
    from referee.log import GameLog, moves_with_states, replay
    from referee.web.storage.advice_record import seat_judgements
    from referee.web.storage.judgements import Decision
    from referee.web.storage.summaries import seat_figures

    pool = []
    for n in range(40):
        slug, options = GAMES[n % len(GAMES)]
        players = rng.sample(NAMES, rng.randint(1 if slug == "solitaire" else 2, 4))
        moves = play_random_game(get_game(slug), players, options, rng)
        log = GameLog(slug, tuple(players), options, tuple(moves))
        result = replay(log)
        decisions = judged_moves(result.game, moves_with_states(log))
        judged = seat_judgements(players, [Decision.of(d) for d in decisions])
        figures = seat_figures(players, result)
        pool.append(
            (slug, players, options, moves, result, list(zip(figures, judged, strict=True)))
        )
    return pool


def _fill(engine: Any, rng: random.Random) -> float:
    """Bulk-insert the tables; returns the seconds it took."""
    import sqlalchemy as sa

    from referee.web.base.models import new_token
    from referee.web.storage.summaries import seat_row

    started = time.perf_counter()
    pool = _pool(rng)
    now = datetime(2026, 11, 1)
    tables, moves, seats = [], [], []
    for table_id in range(1, TABLES + 1):
        slug, players, options, game_moves, result, figures = rng.choice(pool)
        created = now - timedelta(minutes=37 * (TABLES - table_id))
        tables.append(
            {
                "id": table_id,
                "token": new_token(),
                "game": slug,
                "players": list(players),
                "options": dict(options),
                "created_at": created,
                "updated_at": created,
                "finished_at": created + timedelta(minutes=20),
                "move_count": len(game_moves),
                "winners": list(result.outcome.winners),
            }
        )
        moves.extend(
            {"table_id": table_id, "seq": seq, "data": m, "created_at": created}
            for seq, m in enumerate(game_moves)
        )
        seats.extend(
            seat_row(table_id, f) | {"advice_version": 0, **judged} for f, judged in figures
        )
    with engine.begin() as conn:  # reflected as JSON columns: the values go in as they are
        meta = sa.MetaData()
        meta.reflect(conn, only=["game_table", "move", "seat"])
        conn.execute(meta.tables["game_table"].insert(), tables)
        conn.execute(meta.tables["move"].insert(), moves)
        conn.execute(meta.tables["seat"].insert(), seats)
    return time.perf_counter() - started


def _time(client: Any, url: str) -> dict[str, float]:
    """Median and worst milliseconds of GET ``url`` (after one warm-up request)."""
    assert client.get(url).status_code == 200, url
    samples = []
    for _ in range(RUNS):
        started = time.perf_counter()
        response = client.get(url)
        samples.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
    return {"median": statistics.median(samples), "worst": max(samples)}


def run() -> dict[str, Any]:
    """Build the 10,000-table database and time the pages."""
    import sqlalchemy as sa
    from flask_migrate import upgrade

    folder = tempfile.mkdtemp(prefix="referee-history-bench-")
    os.environ["REFEREE_INSTANCE"] = folder
    url = f"sqlite:///{folder}/history.sqlite3"
    from referee.web import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})
    with app.app_context():
        upgrade()
    engine = sa.create_engine(url)
    setup = _fill(engine, random.Random(7))
    with engine.connect() as conn:
        busiest = conn.execute(
            sa.text(
                "SELECT player_key FROM seat GROUP BY player_key ORDER BY count(*) DESC LIMIT 1"
            )
        ).scalar_one()
        their_tables = conn.execute(
            sa.text("SELECT count(*) FROM seat WHERE player_key = :k"), {"k": busiest}
        ).scalar_one()
        move_rows = conn.execute(sa.text("SELECT count(*) FROM move")).scalar_one()
    engine.dispose()
    from referee.web.access.rights import grant_house
    from referee.web.base.extensions import db

    with app.app_context():
        grant = grant_house()
        db.session.commit()
    client = app.test_client()  # the house phone: history and player pages need the PIN
    with client.session_transaction() as session:
        session["house"] = grant
    pages = {
        "history": "/history",
        "history, one game": "/history?game=lucky7",
        "history, one player": f"/history?player={busiest}",
        "history, page 100": "/history?page=100",
        "busiest player's page": f"/players/{busiest}",
    }
    record = client.get(pages["busiest player's page"]).text  # every game judged, all counted
    assert "Against the odds" in record and "Counted from" not in record
    timings = {name: _time(client, path) for name, path in pages.items()}
    return {
        "tables": TABLES,
        "move_rows": move_rows,
        "busiest_player_tables": their_tables,
        "setup_s": setup,
        "target_ms": TARGET_MS,
        "pages": timings,
        "pass": all(t["median"] < TARGET_MS for t in timings.values()),
    }


def lines(result: dict[str, Any]) -> list[str]:
    """The figures as lines for the bench table."""
    out = [
        f"history with {result['tables']:,} tables ({result['move_rows']:,} move rows; busiest "
        f"player at {result['busiest_player_tables']:,} tables; setup {result['setup_s']:.0f} s):"
    ]
    for name, t in result["pages"].items():
        verdict = "PASS" if t["median"] < result["target_ms"] else "FAIL"
        out.append(
            f"  {name:<32} {t['median']:>7.1f} ms median, {t['worst']:.1f} worst"
            f"   target < {result['target_ms']} ms: {verdict}"
        )
    return out


if __name__ == "__main__":
    print("\n".join(lines(run())))
