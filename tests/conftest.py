"""Shared fixtures: an app on a fresh migrated database (SQLite, then PostgreSQL), its client.

The suite runs in parallel (pytest-xdist, ``make test``): each worker migrates one SQLite
file and one PostgreSQL database once, then hands every test a copy of the file or the
database emptied.  Hypothesis's profiles are registered here (``HYPOTHESIS_PROFILE``).
"""

from __future__ import annotations

import os
import re
import shutil
import time

import pytest
from flask import Flask
from flask_migrate import upgrade
from hypothesis import settings
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from referee.web import create_app
from tests import kept_routes

# The browser and PDF fixtures, the tiny test game, the parallel order and the garbage
# collector's pace, for every test folder.
pytest_plugins = [
    "tests.browser.kit",
    "tests.printables.kit",
    "tests.tiny_game",
    "tests.scheduling",
    "tests.garbage",
]

HOUSE_PIN = "12345678"


class KeptTemplates(BytecodeCache):
    """Compiled templates kept for the whole test process.  Each test's app is new, and its
    Jinja environment would compile every page it renders again (a play page's templates
    take 0.1-0.3 s), where a served worker compiles each once; Jinja checks every kept
    template against its source, so a template that changed is compiled again."""

    def __init__(self) -> None:
        self.kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill ``bucket`` with the template's code, when it was compiled before."""
        code = self.kept.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep the template's code just compiled."""
        self.kept[bucket.key] = bucket.bytecode_to_string()


Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": KeptTemplates()}
# Each URL rule's builder is compiled once for the process too (tests/kept_routes.py).
kept_routes.keep()

# Hypothesis's profiles, chosen by ``HYPOTHESIS_PROFILE``: "ci" (the default, what `make test`
# and CI run), "dev" (a quick look while editing) and "deep" (ten times CI's, now and then).
# Each property asks for ``examples(n)``: n under "ci", scaled under the others.
settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=25, deadline=None)
settings.register_profile("deep", max_examples=1000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def wait_until(condition, within: float = 30.0, every: float = 0.05) -> bool:
    """Whether ``condition()`` came true within ``within`` seconds (a generous outer limit),
    asking it every ``every`` seconds: a test waits for the event it needs, never for a
    fixed time."""
    deadline = time.monotonic() + within
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(every)
    return True


# A static file's version in its address (``referee.web.base.static_files``).
STATIC_VERSION = re.compile(r"\?v=[0-9a-f]{12}(?=\")")


def unversioned(page: str) -> str:
    """``page`` with the versions taken out of its static files' addresses, to be read as
    markup that names the files alone."""
    return STATIC_VERSION.sub("", page)


def examples(ci: int) -> int:
    """How many examples a property tries: ``ci`` under the "ci" profile, in proportion
    under the others (at least 2)."""
    return max(2, ci * settings.default.max_examples // 100)


@pytest.fixture(autouse=True)
def house_settings(monkeypatch):
    """Every app in the tests has a known house PIN; rate limits are off unless a test asks."""
    monkeypatch.setenv("HOUSE_PIN", HOUSE_PIN)
    monkeypatch.setenv("REFEREE_RATE_LIMITS", "off")


@pytest.fixture(autouse=True)
def no_time_limit_left_behind():
    """A test leaves no request's time limit set on its thread: one left there would stop
    the next tests' work with ``OutOfTime`` once it passed (a request made from inside
    another on one thread shares its ``g``, and the outer one's limit was never lifted)."""
    yield
    from referee.web.base import deadline

    assert deadline.remaining() is None, "this test left a request's time limit set"


def pytest_report_header(config):
    """Say so up front when the PostgreSQL runs will be skipped."""
    from tests.pgserver import server_bindir

    if server_bindir() is None and os.geteuid() != 0:
        return [POSTGRES_MISSING]
    return []


def pytest_terminal_summary(terminalreporter, config):
    """Repeat it at the end (``-q`` hides the header), once PostgreSQL tests were skipped
    (told by the skips' reason: under xdist the skips happen in the workers)."""
    skipped = terminalreporter.stats.get("skipped", [])
    if any(POSTGRES_NOT_INSTALLED in str(report.longrepr) for report in skipped):
        terminalreporter.write_line(POSTGRES_MISSING, yellow=True, bold=True)


POSTGRES_NOT_INSTALLED = "PostgreSQL server binaries not installed"
POSTGRES_MISSING = (
    "WARNING: PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin): every "
    "[postgresql] test is skipped. Install Debian's postgresql (.ci/system-packages as root)."
)
PG_DATABASE = "referee"
SQLITE_FILE = "test.sqlite3"


@pytest.fixture(scope="session")
def postgres(request):
    """A throwaway PostgreSQL cluster for this process (see ``tests/pgserver.py``; each xdist
    worker starts its own on a free port) with one database, ``referee``, migrated once and
    emptied before each test that uses it."""
    from referee.web.base.extensions import db
    from tests import pgserver

    try:
        cluster = pgserver.start()
    except pgserver.Unavailable:
        if os.geteuid() == 0:
            pytest.fail("PostgreSQL is not installed: run `.ci/system-packages` (or `make test`).")
        pytest.skip(POSTGRES_NOT_INSTALLED)
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


REDIS_NOT_INSTALLED = "Debian's redis-server is not installed"


def started_redis():
    """A throwaway Redis on a free loopback port (``tests/redisserver.py``), started; the
    test is skipped without Debian's redis-server (it fails as root: .ci/system-packages
    installs it)."""
    from tests import redisserver

    server = redisserver.Redis()
    try:
        return server.start()
    except redisserver.Unavailable:
        server.remove()
        if os.geteuid() == 0:
            pytest.fail("redis-server is not installed: run `.ci/system-packages` (`make test`).")
        pytest.skip(REDIS_NOT_INSTALLED)


@pytest.fixture
def redis_server():
    """A Redis for this test alone: it may stop it and start it again."""
    server = started_redis()
    yield server
    server.remove()


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory):
    """An SQLite file built by the real migrations, once for this process: each test's
    ``app`` starts on a copy (a byte copy takes a millisecond, the migrations 50 ms)."""
    from referee.web.base.extensions import db

    folder = tmp_path_factory.mktemp("migrated")
    path = folder / SQLITE_FILE
    config = {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REFEREE_INSTANCE", str(folder))
        migrated = create_app(config)
        with migrated.app_context():
            upgrade()
            db.engine.dispose()
    assert not path.with_name(SQLITE_FILE + "-wal").exists(), "the migrated file is not whole"
    return path


@pytest.fixture
def sqlite_url(tmp_path):
    """A new SQLite file's URL in this test's folder (empty: the app or the CLI migrates it)."""
    return f"sqlite:///{tmp_path / SQLITE_FILE}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, sqlite_url):
    """This test's database: a new SQLite file (empty: the app or the CLI migrates it), or
    the session's migrated PostgreSQL database, emptied (faster than a fresh copy).
    A module whose tests the database cannot change overrides this with ``sqlite_url``."""
    if request.param == "sqlite":
        return sqlite_url
    cluster = request.getfixturevalue("postgres")
    cluster.empty(PG_DATABASE)
    return cluster.url(PG_DATABASE)


# For tests whose database cannot change what they check (pure form parsing, fuzz of pure
# validation): they run on SQLite only (their ids still say "sqlite").
ONE_DATABASE = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def copy_migrated(template, database_url: str) -> bool:
    """Put a copy of the migrated SQLite file where ``database_url`` points, private (0600)
    as the app makes its own; False (and nothing done) when a file is there already."""
    from sqlalchemy.engine import make_url

    path = make_url(database_url).database
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        return False
    with os.fdopen(fd, "wb") as copy, open(template, "rb") as migrated:
        shutil.copyfileobj(migrated, copy)
    return True


@pytest.fixture
def app(tmp_path, monkeypatch, database_url, request):
    """An app on this test's own database (SQLite, then PostgreSQL), schema built by the
    real migrations (a copy of this process's migrated SQLite file; PostgreSQL's database
    was migrated for the process).  ``DATABASE_URL`` is unset: tests choose the database."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    copied = database_url.startswith("sqlite:///") and copy_migrated(
        request.getfixturevalue("migrated_sqlite"), database_url
    )
    config = {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": database_url}
    app = create_app(config)
    if database_url.startswith("sqlite") and not copied:  # a file the test put there itself
        with app.app_context():
            upgrade()
    yield app
    from referee.web.base.extensions import db

    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def english_only(app):
    """The app offering English alone (the ``LANGUAGES`` setting), whatever languages the
    release offers: what a phone reads when its language is not offered."""
    app.config["LANGUAGES"] = ("en",)
    return app


def house_grant(app) -> str:
    """A new house grant for the app's PIN, stored: what a phone's session holds under
    ``"house"`` once it has entered the PIN."""
    from referee.web.access.rights import grant_house
    from referee.web.base.extensions import db

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
        return seq, csrf_of(html)

    def csrf(self) -> str:
        """The csrf token the page's forms carry."""
        return csrf_of(self.page())

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


CSRF_FIELD = re.compile(r'(name="csrf_token"[^>]*value=")([^"]+)"')


def csrf_of(html: str) -> str:
    """The CSRF token of a page's forms."""
    return CSRF_FIELD.search(html).group(2)


def without_csrf_tokens(html: str) -> str:
    """A page with its CSRF tokens blanked: a token is the session's, signed with the
    second it was signed in, so two renderings of one page a second apart differ there
    alone (and any signature of it is as good)."""
    return CSRF_FIELD.sub(r'\1"', html)


def csrf_token(client, url: str) -> str:
    """The CSRF token from a page's form."""
    return csrf_of(client.get(url).text)


@pytest.fixture
def form_token(client):
    """A function giving the CSRF token of a page's form."""
    return lambda url: csrf_token(client, url)


@pytest.fixture
def new_table(client):
    """Create a table through the new-table form and return a ``Table`` driver: the game's
    options as keywords, its table settings (``TABLE_SETTINGS``) in ``table_settings``."""
    return table_maker(client)


def table_maker(client):
    """``new_table`` for the phone ``client``: a table made through its new-table form."""

    def make(game: str = "tenk", players=("Ann", "Bo"), table_settings=None, **options) -> Table:
        url = f"/tables/new/{game}"
        data = {"csrf_token": csrf_token(client, url)}
        data.update({f"players-{i}": name for i, name in enumerate(players)})
        from referee.games import get_game

        defaults = {o.name: o.default for o in get_game(game).OPTIONS}
        data.update({f"opt_{k}": str(v) for k, v in {**defaults, **options}.items()})
        data.update({f"set_{k}": v for k, v in (table_settings or {}).items()})
        response = client.post(url, data=data)
        assert response.status_code == 302, response.text
        return Table(client, response.location.rsplit("/", 1)[1])

    return make


@pytest.fixture
def stored(app):
    """Store game logs as tables (through the same code as an import) and return their tokens."""
    from referee.web.storage.store import import_log

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

    from referee.web.base.extensions import db
    from referee.web.base.models import GameTable, Seat, new_token, utcnow
    from referee.web.storage.summaries import fold

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
