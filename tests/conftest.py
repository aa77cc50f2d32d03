"""Shared fixtures: an app on a fresh migrated database (SQLite, then PostgreSQL), its client."""

from __future__ import annotations

import os
import re

import pytest
from flask_migrate import upgrade

from referee.web import create_app

HOUSE_PIN = "12345678"


@pytest.fixture(autouse=True)
def house_settings(monkeypatch):
    """Every app in the tests has a known house PIN; rate limits are off unless a test asks."""
    monkeypatch.setenv("HOUSE_PIN", HOUSE_PIN)
    monkeypatch.setenv("REFEREE_RATE_LIMITS", "off")


def pytest_report_header(config):
    """Say so up front when the PostgreSQL runs will be skipped."""
    from tests.pgserver import server_bindir

    if server_bindir() is None and os.geteuid() != 0:
        return [POSTGRES_MISSING]
    return []


def pytest_terminal_summary(terminalreporter, config):
    """Repeat it at the end (``-q`` hides the header), once PostgreSQL tests were skipped."""
    if config.stash.get(POSTGRES_SKIPPED, False):
        terminalreporter.write_line(POSTGRES_MISSING, yellow=True, bold=True)


POSTGRES_SKIPPED = pytest.StashKey[bool]()
POSTGRES_MISSING = (
    "WARNING: PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin): every "
    "[postgresql] test is skipped. Install Debian's postgresql (.ci/system-packages as root)."
)
PG_DATABASE = "referee"


@pytest.fixture(scope="session")
def postgres(request):
    """A throwaway PostgreSQL cluster for the session (see ``tests/pgserver.py``) with one
    database, ``referee``, migrated once and emptied before each test that uses it."""
    from referee.web.extensions import db
    from tests import pgserver

    try:
        cluster = pgserver.start()
    except pgserver.Unavailable:
        if os.geteuid() == 0:
            pytest.fail("PostgreSQL is not installed: run `.ci/system-packages` (or `make test`).")
        request.config.stash[POSTGRES_SKIPPED] = True
        pytest.skip("PostgreSQL server binaries not installed")
    try:
        cluster.execute(f"CREATE DATABASE {PG_DATABASE}")
        config = {"TESTING": True, "SECRET_KEY": "test"}
        migrated = create_app({**config, "SQLALCHEMY_DATABASE_URI": cluster.url(PG_DATABASE)})
        with migrated.app_context():
            upgrade()
            db.engine.dispose()
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    """This test's database: a new SQLite file (empty: the app or the CLI migrates it), or
    the session's migrated PostgreSQL database, emptied (faster than a fresh copy)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.sqlite3'}"
    cluster = request.getfixturevalue("postgres")
    cluster.empty(PG_DATABASE)
    return cluster.url(PG_DATABASE)


@pytest.fixture
def app(tmp_path, monkeypatch, database_url):
    """An app on this test's own database (SQLite, then PostgreSQL), schema built by the
    real migrations.  ``DATABASE_URL`` is unset: tests choose the database explicitly."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    config = {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": database_url}
    app = create_app(config)
    if not database_url.startswith("postgresql"):  # PostgreSQL's was migrated for the session
        with app.app_context():
            upgrade()
    yield app
    from referee.web.extensions import db

    with app.app_context():
        db.engine.dispose()


def house_grant(app) -> str:
    """A new house grant for the app's PIN, stored: what a phone's session holds under
    ``"house"`` once it has entered the PIN."""
    from referee.web.access import grant_house
    from referee.web.extensions import db

    with app.app_context():
        grant = grant_house()
        db.session.commit()
    return grant


def house_client(app):
    """A test client (it keeps cookies, so CSRF tokens match) on a phone with the house PIN."""
    client = app.test_client()
    grant = house_grant(app)
    with client.session_transaction() as session:
        session["house"] = grant
    return client


@pytest.fixture
def client(app):
    """The house phone: a test client that has entered the house PIN."""
    return house_client(app)


@pytest.fixture
def stranger(app):
    """A phone that was never given a table's link nor the house PIN."""
    return app.test_client()


class Table:
    """Drive one table through the play page the way a phone does: read the page, post its form."""

    def __init__(self, client, token: str) -> None:
        self.client = client
        self.token = token
        self.url = f"/t/{token}"

    def page(self) -> str:
        """The play page's HTML."""
        response = self.client.get(self.url)
        assert response.status_code == 200
        return response.text

    def form_fields(self) -> tuple[int, str]:
        """The (seq, csrf token) the page is showing."""
        html = self.page()
        seq = int(re.search(r'name="seq" value="(\d+)"', html).group(1))
        token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
        return seq, token

    def post(self, path: str = "move", **fields):
        """Post a form as the page would (current seq and token unless given)."""
        seq, token = self.form_fields()
        data = {"seq": seq, "csrf_token": token, **fields}
        return self.client.post(f"{self.url}/{path}", data=data)

    def roll(self, *values: int, **extra):
        """Enter a roll, one value per die field."""
        fields = {f"d{i}": str(v) for i, v in enumerate(values)}
        return self.post(action="roll", **fields, **extra)

    def pick(self, *indexes: int, bank: bool = False, **extra):
        """Tap dice on the table by position and set them aside (and bank)."""
        action = "set_aside_bank" if bank else "set_aside"
        return self.post(action=action, pick=[str(i) for i in indexes], **extra)

    def ruling(self) -> str:
        """The referee's last ruling as shown."""
        html = self.page()
        return re.search(r'class="ruling"[^>]*><p>(.*?)</p>', html, re.S).group(1)


def csrf_token(client, url: str) -> str:
    """The CSRF token from a page's form."""
    html = client.get(url).text
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html).group(1)


@pytest.fixture
def form_token(client):
    """A function giving the CSRF token of a page's form."""
    return lambda url: csrf_token(client, url)


@pytest.fixture
def new_table(client):
    """Create a table through the new-table form and return a ``Table`` driver."""

    def make(game: str = "tenk", players=("Ann", "Bo"), **options) -> Table:
        url = f"/tables/new/{game}"
        data = {"csrf_token": csrf_token(client, url)}
        data.update({f"players-{i}": name for i, name in enumerate(players)})
        from referee.games import get_game

        defaults = {o.name: o.default for o in get_game(game).OPTIONS}
        data.update({f"opt_{k}": str(v) for k, v in {**defaults, **options}.items()})
        response = client.post(url, data=data)
        assert response.status_code == 302, response.text
        return Table(client, response.location.rsplit("/", 1)[1])

    return make


@pytest.fixture
def stored(app):
    """Store game logs as tables (through the same code as an import) and return their tokens."""
    from referee.web.store import import_log

    def store(*logs):
        with app.app_context():
            return [import_log(log) for log in logs]

    return store


@pytest.fixture
def tenk_log():
    """A short 10K log (target 1,000, no entry): each turn is "win" (1 1 1 banked) or "bust"."""
    from referee.log import GameLog

    def build(players, *turns, target=1000):
        moves = []
        for turn in turns:
            if turn == "win":
                moves += [
                    {"type": "roll", "dice": ["1", "1", "1", "2", "3", "4"]},
                    {"type": "set_aside", "dice": ["1", "1", "1"]},
                    {"type": "bank"},
                ]
            else:
                moves.append({"type": "roll", "dice": ["2", "2", "3", "3", "4", "6"]})
        return GameLog("tenk", tuple(players), {"target": target, "entry": 0}, tuple(moves))

    return build


@pytest.fixture
def seat_players(app):
    """A function giving each name a 10K table of its own with no moves, written straight
    to the database (thousands of players in a second), under the key the name folds to."""
    from sqlalchemy import insert, select

    from referee.web.extensions import db
    from referee.web.models import GameTable, Seat, new_token, utcnow
    from referee.web.summaries import fold

    def seat(names):
        with app.app_context():
            now = utcnow()
            tokens = {new_token(): name for name in names}
            db.session.execute(
                insert(GameTable),
                [{"token": token, "game": "tenk", "players": [name], "created_at": now,
                  "options": {"target": 1000, "entry": 0}, "updated_at": now}
                 for token, name in tokens.items()],
            )  # fmt: skip
            made = db.session.execute(
                select(GameTable.id, GameTable.token).where(GameTable.token.in_(list(tokens)))
            )
            db.session.execute(
                insert(Seat),
                [{"table_id": table_id, "seat": 0, "name": tokens[token],
                  "player_key": fold(tokens[token])} for table_id, token in made],
            )  # fmt: skip
            db.session.commit()

    return seat
