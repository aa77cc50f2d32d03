"""Shared fixtures: an app on a fresh migrated SQLite file, its client and CLI runner."""

from __future__ import annotations

import re

import pytest
from flask_migrate import upgrade

from referee.web import create_app


@pytest.fixture
def app(tmp_path, monkeypatch):
    """An app with its own database, schema built by the real migrations."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.sqlite3'}",
        }
    )
    with app.app_context():
        upgrade()
    yield app
    from referee.web.extensions import db

    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app):
    """A test client that keeps cookies (so CSRF tokens match)."""
    return app.test_client()


class Table:
    """Drive one table through the play page the way a phone does: read the page, post its form."""

    def __init__(self, client, table_id: int) -> None:
        self.client = client
        self.id = table_id
        self.url = f"/tables/{table_id}"

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
        from referee.engine import get_game

        defaults = {o.name: o.default for o in get_game(game).OPTIONS}
        data.update({f"opt_{k}": str(v) for k, v in {**defaults, **options}.items()})
        response = client.post(url, data=data)
        assert response.status_code == 302, response.text
        return Table(client, int(response.location.rsplit("/", 1)[1]))

    return make


@pytest.fixture
def stored(app):
    """Store game logs as tables (through the same code as an import) and return their ids."""
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
