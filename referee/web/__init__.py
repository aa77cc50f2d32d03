"""The Flask web layer: ``create_app`` builds the app in named steps."""

from __future__ import annotations

import os
import secrets
import threading
from pathlib import Path
from typing import Any

from flask import Flask
from jinja2 import Environment
from sqlalchemy import event
from sqlalchemy.engine import Engine

from referee.files import folders
from referee.games import all_games, has_own
from referee.web.base.extensions import csrf, db, migrate, strict_json_responses
from referee.web.guard import limits, outages
from referee.web.guard.security import precreate_sqlite, private_dir, private_file, unshared

MIGRATIONS = Path(__file__).with_name("migrations")


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: config, extensions, blueprints, error handlers."""
    where = folders()  # a source checkout's top level, or inside the installed package
    app = Flask(
        __name__,
        instance_path=os.environ.get("REFEREE_INSTANCE", str(where.instance)),
        template_folder=str(where.templates),
        static_folder=str(where.static),
    )
    configure(app, test_config)
    register_extensions(app)
    register_security(app)
    register_blueprints(app)
    register_errorhandlers(app)
    return app


def serving_app() -> Flask:
    """The app as gunicorn serves it: ``create_app`` with every game loaded, and the odds'
    tables worked out and the page templates compiled in the background as the worker
    starts, so no page waits for them (about 1.2 s of work), and the interpreter lock shared
    finely between its threads."""
    from referee.web.base.heavy import share_lock_finely
    from referee.web.play.advice import work_out_odds

    share_lock_finely()
    app = create_app()
    all_games()
    templates = app.jinja_env  # made here, once, not by the thread and a request at once

    def warm_up() -> None:
        work_out_odds()
        compile_templates(templates)

    threading.Thread(target=warm_up, name="warm-up", daemon=True).start()
    return app


def compile_templates(templates: Environment) -> None:
    """Compile every template once and keep it: a worker's first table page would otherwise
    compile the ones it uses (some 70 ms of CPU alone; among sixteen heavy pages, sharing
    the interpreter lock, most of a second)."""
    for name in templates.list_templates():
        templates.get_template(name)


def database_url(instance: Path) -> str:
    """``DATABASE_URL`` made SQLAlchemy-ready, or the embedded SQLite file."""
    url = os.environ.get("DATABASE_URL")
    if not url:
        return f"sqlite:///{instance / 'referee.sqlite3'}"
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def secret_key(app: Flask) -> str:
    """``SECRET_KEY`` from the environment, else one kept in the instance folder (a
    warning in the log when the database is shared: other servers will not have it)."""
    if key := os.environ.get("SECRET_KEY"):
        return key
    path = Path(app.instance_path) / "secret_key"
    unshared(app, "SECRET_KEY", path)
    return private_file(path, lambda: secrets.token_hex(32))


def configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    """Defaults, then the environment, then ``test_config``."""
    instance = Path(app.instance_path)
    private_dir(instance)
    app.config.update(
        SQLALCHEMY_DATABASE_URI=database_url(instance),
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=1024 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",
        # The signed cookie is sent again only when it changes (it lasts a year from
        # then), not re-signed on every poll and page.
        SESSION_REFRESH_EACH_REQUEST=False,
        FINISHED_GRACE_SECONDS=int(os.environ.get("FINISHED_GRACE_SECONDS", 1800)),
        WRITE_LIMIT_PER_CLIENT=os.environ.get("WRITE_LIMIT_PER_CLIENT", "120 per minute"),
        WRITE_LIMIT_PER_TABLE=os.environ.get("WRITE_LIMIT_PER_TABLE", "120 per minute"),
        PIN_LIMIT=os.environ.get("PIN_LIMIT", "10 per minute"),
        JOIN_LIMIT=os.environ.get("JOIN_LIMIT", "30 per minute"),
        RATELIMIT_ENABLED=os.environ.get("REFEREE_RATE_LIMITS", "on") != "off",
        BASE_URL=os.environ.get("BASE_URL", ""),
        REPLAY_CACHE_MB=float(os.environ.get("REPLAY_CACHE_MB", 64)),
        PDF_CACHE_MB=float(os.environ.get("PDF_CACHE_MB", 16)),
        PDF_LIMIT=os.environ.get("PDF_LIMIT", "20 per minute"),
        REQUEST_TIME_LIMIT=float(os.environ.get("REQUEST_TIME_LIMIT", 10)),
        REDIS_URL=os.environ.get("REDIS_URL", ""),
        DATABASE_TIMEOUT=float(os.environ.get("DATABASE_TIMEOUT", outages.DEFAULT_TIMEOUT)),
    )
    if test_config:
        app.config.update(test_config)
    app.config.setdefault(
        "SQLALCHEMY_ENGINE_OPTIONS",
        outages.engine_options(
            app.config["SQLALCHEMY_DATABASE_URI"], app.config["DATABASE_TIMEOUT"]
        ),
    )
    for name, value in limits.storage_settings(app.config["REDIS_URL"]).items():
        app.config.setdefault(name, value)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = secret_key(app)
    precreate_sqlite(app.config["SQLALCHEMY_DATABASE_URI"], instance)


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets the page read while a move is being written; SQLite leaves
    # foreign keys off unless asked.  synchronous=FULL, SQLite's usual default, said
    # here so that no build's other default makes it less: each commit flushes the WAL
    # to disk before the move is answered, so a stored move survives a power cut.
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()


def register_extensions(app: Flask) -> None:
    """Bind the database (strict JSON, a request's waits for it bounded), migrations, CSRF
    protection, rate limits (in Redis with ``REDIS_URL``), compression, the house PIN, the
    time limit of a request and the memory budgets of what is kept between requests."""
    from referee.web.access import rights as access
    from referee.web.base import compression
    from referee.web.guard import deadlines
    from referee.web.history import printing
    from referee.web.play import forms, photos
    from referee.web.storage.replays import MIB, replays

    strict_json_responses(app)
    db.init_app(app)
    outages.register(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    photos.allow_photos(app)  # before the CSRF check reads the body
    csrf.init_app(app)
    forms.register_page_token(app)
    limits.register(app)
    compression.register(app)
    access.register(app)
    deadlines.register(app)
    replays.resize(int(app.config["REPLAY_CACHE_MB"] * MIB))
    printing.printouts.resize(int(app.config["PDF_CACHE_MB"] * MIB))
    from referee.web.base import models  # noqa: F401  (tables must be known to migrations)


def register_security(app: Flask) -> None:
    """Security headers, the HTTPS-aware session cookie (sealed), trusted proxies
    (``REFEREE_PROXIES``), and logs that never hold a table's link."""
    from referee.web.guard import sealed_session, security
    from referee.web.guard.redaction import guard_app_logs

    security.register(app)
    sealed_session.register(app)
    guard_app_logs(app.logger)


def register_blueprints(app: Flask) -> None:
    """Mount the pages, give their layout each game's own stylesheet and script, each
    seat's colour, each phone's language (Flask-Babel, the chooser, the ``points`` filter:
    scores with the typographic minus, and ``thousands``, in the phone's number format),
    a ``url_for`` that keeps the links it built, the turn list, scoreboard and join panel
    rendered once and kept, whole table pages kept by what they show, static files at
    addresses naming their bytes (kept by phones for a year), and the manifest,
    icons, service worker and offline page that make the app installable."""
    from referee.web.access import joining
    from referee.web.access import rights as access
    from referee.web.base import assets, languages, links, script_words, shell, static_files
    from referee.web.guard import health
    from referee.web.history import charts, printing
    from referee.web.history import routes as history
    from referee.web.play import (
        advice,
        helppages,
        kept_fragments,
        kept_pages,
        live,
        photos,
        seat_choice,
        tables,
    )
    from referee.web.players import routes as players

    assets.register(app)
    static_files.register(app)  # before the links it names are built and kept
    links.register(app)
    kept_fragments.register(app)
    kept_pages.register(app)
    app.add_template_global(charts.seat_colour)
    app.add_template_global(has_own)
    languages.register(app)  # the points and thousands filters in the phone's language
    script_words.register(app)  # the page scripts' words in the phone's language
    app.register_blueprint(access.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(advice.bp)
    app.register_blueprint(live.bp)
    live.answer_unchanged_polls(app)
    app.register_blueprint(seat_choice.bp)
    app.register_blueprint(helppages.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(players.bp)
    app.register_blueprint(printing.bp)
    app.register_blueprint(joining.bp)
    app.register_blueprint(health.bp)
    app.register_blueprint(photos.bp)
    shell.register(app)


def register_errorhandlers(app: Flask) -> None:
    """One page per error status; the 500 handler rolls the session back."""
    from referee.web.guard import errors

    errors.register(app)
