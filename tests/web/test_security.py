"""Safe to leave on a network: headers, the session cookie, proxies, CSV cells, file modes."""

from __future__ import annotations

import csv
import io
import os
import re
import stat
from pathlib import Path

import pytest
from flask_migrate import upgrade
from werkzeug.wrappers import Response

from referee.files import CHECKOUT as PROJECT
from referee.web import create_app
from referee.web.guard.security import (
    CONTENT_SECURITY_POLICY,
    private_file,
    security_headers,
    spreadsheet_safe,
)
from tests.tiny_game import SLUG

EXPECTED = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
CSP_PARTS = (
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
)


def mode(path: Path) -> int:
    """The permission bits of a file or folder."""
    return stat.S_IMODE(path.stat().st_mode)


def assert_security_headers(response) -> None:
    """Every security header is there, with the strict policy."""
    for name, value in EXPECTED.items():
        assert response.headers.get(name) == value, name
    csp = response.headers["Content-Security-Policy"]
    assert all(part in csp for part in CSP_PARTS)
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "camera=()" in response.headers["Permissions-Policy"]
    assert "microphone=()" in response.headers["Permissions-Policy"]


@pytest.mark.parametrize(
    ("url", "status", "kind"),
    [
        ("/", 200, "text/html"),
        ("/history", 302, "text/html"),
        ("/no/such/page", 404, "text/html"),
        ("/t/0123456789abcdef0123456789abcdef", 404, "text/html"),
        ("/static/css/app.css", 200, "text/css"),
        ("/static/js/js-on.js", 200, "text/javascript"),
        (f"/print/{SLUG}/rules.pdf", 200, "application/pdf"),
        ("/manifest.webmanifest", 200, "application/manifest+json"),
        ("/sw.js", 200, "text/javascript"),
        ("/offline", 200, "text/html"),
    ],
)
def test_security_headers_on_every_response(stranger, tiny_game, url, status, kind):
    response = stranger.get(url)
    response.close()  # a static file is streamed from an open file
    assert response.status_code == status
    assert response.mimetype == kind
    assert_security_headers(response)


def test_security_headers_on_a_refused_post(stranger):
    response = stranger.post("/house", data={"pin": "1"})
    assert response.status_code == 400  # no CSRF token
    assert_security_headers(response)


@pytest.mark.parametrize("part", ['x="1"', 'filename="log.json"'])
def test_a_form_field_without_a_name_is_a_400(stranger, part):
    body = f"--b\r\nContent-Disposition: form-data; {part}\r\n\r\n1\r\n--b--\r\n"
    response = stranger.post(
        "/house", data=body.encode(), content_type="multipart/form-data; boundary=b"
    )
    assert response.status_code == 400 and "without a name" in response.text


def test_the_policy_has_no_inline_allowances():
    assert "'unsafe-" not in CONTENT_SECURITY_POLICY


def session_cookie(response) -> str:
    """The Set-Cookie header of the session cookie."""
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert len(cookies) == 1, response.headers.getlist("Set-Cookie")
    return cookies[0]


def test_session_cookie_is_secure_over_https(stranger):
    cookie = session_cookie(stranger.get("/house", base_url="https://localhost"))
    assert "; Secure" in cookie
    assert "; HttpOnly" in cookie and "; SameSite=Lax" in cookie


def test_session_cookie_is_not_secure_over_plain_http(stranger):
    cookie = session_cookie(stranger.get("/house"))
    assert "Secure" not in cookie
    assert "; HttpOnly" in cookie and "; SameSite=Lax" in cookie


def test_forwarded_proto_is_ignored_without_trusted_proxies(stranger):
    cookie = session_cookie(stranger.get("/house", headers={"X-Forwarded-Proto": "https"}))
    assert "Secure" not in cookie


@pytest.fixture
def proxied_app(tmp_path, monkeypatch):
    """An app that trusts one proxy in front of it."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("REFEREE_PROXIES", "1")
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.sqlite3'}",
        }
    )
    yield app
    from referee.web.base.extensions import db

    with app.app_context():
        db.engine.dispose()


def test_forwarded_proto_from_a_trusted_proxy_makes_the_cookie_secure(proxied_app):
    client = proxied_app.test_client()
    cookie = session_cookie(client.get("/house", headers={"X-Forwarded-Proto": "https"}))
    assert "; Secure" in cookie
    cookie = session_cookie(proxied_app.test_client().get("/house"))
    assert "Secure" not in cookie


def test_forwarded_for_from_a_trusted_proxy_is_the_client_address(proxied_app):
    seen = []

    @proxied_app.get("/_whoami")
    def whoami():
        from flask import request

        seen.append(request.remote_addr)
        return "ok"

    proxied_app.test_client().get("/_whoami", headers={"X-Forwarded-For": "192.0.2.7"})
    assert seen == ["192.0.2.7"]


def test_a_405_names_the_methods_the_page_takes(stranger):
    response = stranger.post("/games/tenk")
    assert response.status_code == 405
    assert set(response.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}
    assert "That page cannot be used that way." in response.text
    assert response.headers["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    ("cell", "safe"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1+1", "'+1+1"),
        ("-2", "'-2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("Ann", "Ann"),
        ("Ann = Bo", "Ann = Bo"),
        ("", ""),
        (0, 0),
        (-50, -50),
        (1000, 1000),
        (None, None),
    ],
)
def test_spreadsheet_safe(cell, safe):
    assert spreadsheet_safe(cell) == safe


def test_turns_csv_neutralises_formulas_in_names(client, stored, tiny_log):
    names = ('=HYPERLINK("http://x")', "+1+1", "@SUM(A1)", "-2")
    (token,) = stored(tiny_log(names, "win", "bust", "win", "bust", target=100))
    response = client.get(f"/t/{token}/turns.csv")
    assert response.status_code == 200
    assert_security_headers(response)
    header, *rows = list(csv.reader(io.StringIO(response.text)))
    assert header[:3] == ["turn", "player", "points"]
    assert [row[1] for row in rows] == ["'" + name for name in names]
    assert [row[0] for row in rows] == ["1", "2", "3", "4"]
    assert [row[2] for row in rows] == ["12", "0", "12", "0"]
    for row in rows:
        assert not row[1].startswith(("=", "+", "-", "@"))


@pytest.fixture
def fresh_instance(tmp_path, monkeypatch):
    """An instance folder that does not exist yet, and no settings that would avoid it."""
    instance = tmp_path / "instance"
    monkeypatch.setenv("REFEREE_INSTANCE", str(instance))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    old = os.umask(0o022)
    yield instance
    os.umask(old)


def test_instance_secret_key_and_database_are_private(fresh_instance):
    app = create_app({"TESTING": True})
    assert mode(fresh_instance) == 0o700
    assert mode(fresh_instance / "secret_key") == 0o600
    database = fresh_instance / "referee.sqlite3"
    assert mode(database) == 0o600
    from referee.web.base.extensions import db

    with app.app_context():
        upgrade()
        with db.engine.connect() as connection:  # a connection open: -wal and -shm exist
            connection.exec_driver_sql("SELECT 1")
            wal = database.with_name(database.name + "-wal")
            assert wal.exists()
            assert mode(wal) == 0o600
            assert mode(database.with_name(database.name + "-shm")) == 0o600
        db.engine.dispose()
    assert mode(database) == 0o600
    key = (fresh_instance / "secret_key").read_text(encoding="utf-8").strip()
    assert app.secret_key == key and len(key) == 64
    again = create_app({"TESTING": True})
    assert again.secret_key == key
    with again.app_context():
        db.engine.dispose()


SHARED_DATABASE = "postgresql+psycopg://referee@127.0.0.1:5/referee"  # never connected to


@pytest.mark.parametrize("setting", ["SECRET_KEY", "HOUSE_PIN"])
def test_a_server_keeping_its_own_key_or_pin_on_a_shared_database_says_so(
    fresh_instance, monkeypatch, caplog, setting
):
    monkeypatch.delenv("HOUSE_PIN")
    monkeypatch.setenv({"SECRET_KEY": "HOUSE_PIN", "HOUSE_PIN": "SECRET_KEY"}[setting], "set")
    create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": SHARED_DATABASE})
    (warning,) = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert warning.startswith(f"{setting} is not set: this server keeps its own in ")
    assert "other servers on the same database will not share" in warning
    assert (fresh_instance / setting.lower()).exists()


@pytest.mark.parametrize("database", ["sqlite", "postgresql with both set"])
def test_a_lone_server_or_one_given_key_and_pin_warns_of_nothing(
    fresh_instance, monkeypatch, caplog, database
):
    config = {"TESTING": True}
    if database != "sqlite":
        monkeypatch.setenv("SECRET_KEY", "set")
        config["SQLALCHEMY_DATABASE_URI"] = SHARED_DATABASE
    else:
        monkeypatch.delenv("HOUSE_PIN")
    app = create_app(config)
    assert not [r for r in caplog.records if r.levelname == "WARNING"]
    from referee.web.base.extensions import db

    with app.app_context():
        db.engine.dispose()


def test_an_existing_instance_folder_is_made_private(fresh_instance):
    fresh_instance.mkdir(mode=0o755)
    fresh_instance.chmod(0o755)
    app = create_app({"TESTING": True})
    assert mode(fresh_instance) == 0o700
    from referee.web.base.extensions import db

    with app.app_context():
        db.engine.dispose()


def test_private_file_is_created_once_with_mode_0600(tmp_path):
    path = tmp_path / "pin"
    old = os.umask(0)
    try:
        assert private_file(path, lambda: " 1234\n") == "1234"
    finally:
        os.umask(old)
    assert mode(path) == 0o600
    assert private_file(path, lambda: pytest.fail("made twice")) == "1234"
    path.chmod(0o644)
    assert private_file(path, lambda: "other") == "1234"
    assert mode(path) == 0o600


def test_private_file_is_not_left_empty_when_making_it_fails(tmp_path):
    path = tmp_path / "pin"

    def broken() -> str:
        raise OSError("no randomness")

    with pytest.raises(OSError):
        private_file(path, broken)
    assert not path.exists()


TEMPLATES = PROJECT / "templates"
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.I)
EVENT_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.I)
STYLE = re.compile(r"<style\b|\sstyle\s*=|javascript:", re.I)


@pytest.mark.parametrize("path", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: p.name)
def test_templates_have_no_inline_script_or_style(path):
    html = path.read_text(encoding="utf-8")
    assert not INLINE_SCRIPT.search(html)
    assert not EVENT_HANDLER.search(html)
    assert not STYLE.search(html)


def test_base_template_loads_its_script_from_a_file():
    html = (TEMPLATES / "base.html").read_text(encoding="utf-8")
    assert "js/js-on.js" in html
    assert not INLINE_SCRIPT.search(html)
    assert (PROJECT / "static" / "js" / "js-on.js").exists()


def test_scripts_do_not_set_inline_styles():
    for path in (PROJECT / "static" / "js").glob("*.js"):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"\.style\b|\.innerHTML\b|setAttribute\(\s*['\"]style", source)


def sqlite_refusal(message: str, name: str | None = None):
    """A view that fails as SQLite does with ``message`` (and the error's ``name``, as the
    sqlite3 module gives it)."""
    import sqlite3

    from sqlalchemy.exc import OperationalError

    def view():
        refusal = sqlite3.OperationalError(message)
        if name is not None:
            refusal.sqlite_errorname = name
        raise OperationalError("UPDATE player", {}, refusal)

    return view


def test_a_write_that_loses_a_lock_to_another_is_a_409_not_a_500(app, client) -> None:
    """A write whose snapshot another write made stale, that no view answered itself: the
    loser is told with a sentence; the database locked past its timeout by another process
    is a 503 with a sentence; a real database fault is still a 500."""
    from sqlalchemy.exc import OperationalError

    app.add_url_rule(
        "/lost-race", "lost_race", sqlite_refusal("database is locked", "SQLITE_BUSY_SNAPSHOT")
    )
    app.add_url_rule("/locked", "locked", sqlite_refusal("database is locked", "SQLITE_BUSY"))
    app.add_url_rule("/broken-db", "broken_db", sqlite_refusal("disk I/O error", "SQLITE_IOERR"))
    lost = client.get("/lost-race")
    assert lost.status_code == 409
    assert "Another phone changed the same thing" in lost.get_data(as_text=True)
    locked = client.get("/locked")
    assert locked.status_code == 503 and locked.headers["Retry-After"] == "5"
    assert "cannot reach its database just now, so nothing was changed" in locked.get_data(
        as_text=True
    )
    with pytest.raises(OperationalError):  # not taken for a lost race: the 500 path
        client.get("/broken-db")


def test_a_header_a_view_set_itself_is_kept_whatever_its_case():
    response = Response("x", headers={"x-frame-options": "SAMEORIGIN"})
    security_headers(response)
    assert response.headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]
    assert all(response.headers.get(name) == value for name, value in EXPECTED.items()
               if name != "X-Frame-Options")  # fmt: skip
