"""Table links stay inside the app: not in the logs, not readable in the session cookie, and a
phone that forgets the house PIN forgets it on every copy of its cookie."""

from __future__ import annotations

import base64
import binascii
import logging
import re
import socket
import time
import zlib
from unittest import mock

import pytest
from flask.sessions import SecureCookieSessionInterface
from sqlalchemy import func, select

from referee.web.access.rights import pin_fingerprint
from referee.web.base.extensions import db
from referee.web.base.models import HouseGrant
from referee.web.guard.redaction import RedactingFilter, redact
from tests.conftest import HOUSE_PIN, Table, csrf_token
from tests.realserver import Gunicorn, Phone, csrf_of, roll_fields

BUST = {"action": "roll", **{f"d{i}": v for i, v in enumerate("223346")}}
TOKEN = "3f2a91bc" + "0123456789abcdef01234567"


@pytest.mark.parametrize(
    ("line", "logged"),
    [
        (f'1.2.3.4 "POST /t/{TOKEN}/move" 302', '1.2.3.4 "POST /t/3f2a…/move" 302'),
        (f"/t/{TOKEN.upper()}", "/t/3F2A…"),
        (f"GET /house?next=%2Ft%2F{TOKEN}%2Fmove", "GET /house?next=%2Ft%2F3f…%2Fmove"),
        (f"[parameters: ('{TOKEN}',)]", "[parameters: ('3f2a…',)]"),
        ('"GET /j/3f2a91bc" 303', '"GET /j/…" 303'),
        ('"GET /j/3f2a%2091bc" 303', '"GET /j/…" 303'),
        ('"GET /j/3f2a 91bc" 303', '"GET /j/…" 303'),
        ("Error handling request /j/3f2a 91bc", "Error handling request /j/…"),
        ("GET /j?code=3f2a+91bc HTTP/1.1", "GET /j?code=… HTTP/1.1"),
        ("code=3f2a-91bc", "code=…"),
        ('"GET /j" 404', '"GET /j" 404'),
        ('"GET /games/tenk" 200 0.01s', '"GET /games/tenk" 200 0.01s'),
        ("barcode=12 decode=3", "barcode=12 decode=3"),
    ],
)
def test_a_log_line_keeps_four_digits_of_a_token_and_no_join_code(line, logged):
    assert redact(line) == logged


def test_the_apps_own_errors_are_logged_without_the_link(app, caplog, monkeypatch):
    werkzeug = logging.getLogger("werkzeug")
    for logger in (app.logger, werkzeug):  # the migrations' logging setup turned them off
        monkeypatch.setattr(logger, "disabled", False)
    try:
        raise LookupError(f"no row for token {TOKEN!r}")
    except LookupError:
        app.logger.exception("Exception on /t/%s/move [POST]", TOKEN)
    werkzeug.warning('"GET /t/%s HTTP/1.1" 200 -', TOKEN)
    assert "Exception on /t/3f2a…/move" in caplog.text and "'3f2a…'" in caplog.text
    assert '"GET /t/3f2a… HTTP/1.1"' in caplog.text
    assert TOKEN[:8] not in caplog.text
    filters = [f for f in app.logger.filters if isinstance(f, RedactingFilter)]
    assert len(filters) == 1  # however many apps were made in this process


def readable(cookie: str) -> str:
    """Everything a cookie shows to whoever has it but not the key: its text, and each of its
    dot-separated parts decoded from base64 (and inflated, as Flask's signed cookie is)."""
    found = [cookie]
    for part in cookie.split("."):
        try:
            raw = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
        except (binascii.Error, ValueError):
            continue
        found.append(raw.decode("latin-1"))
        try:
            found.append(zlib.decompress(raw).decode("latin-1"))
        except zlib.error:
            pass
    return "\n".join(found)


def session_cookie(client) -> str:
    cookie = client.get_cookie("session")
    assert cookie is not None
    return cookie.value


def test_the_cookie_holds_no_table_link_and_no_join_code(app, stranger, stored, tenk_log):
    tokens = stored(*[tenk_log(("Ann", "Bo"), "bust") for _ in range(3)])
    for token in tokens:
        assert stranger.get(f"/t/{token}").status_code == 200
    watched, seated = Table(stranger, tokens[0]), Table(stranger, tokens[1])
    assert watched.post("seat", **{"as": "watch"}).status_code == 302
    assert seated.post("seat", **{"as": "0"}).status_code == 302
    seen = readable(session_cookie(stranger)).lower()
    for token in tokens:
        assert token not in seen and token[:8] not in seen
    with stranger.session_transaction() as session:  # the app itself still reads it all
        assert set(session["tables"]) == set(tokens) and session["watching"] == [tokens[0]]
        phone = session["phone"]
    assert phone not in seen
    page = stranger.get("/").text  # the phone's list of tables still works
    assert all(token in page for token in tokens)
    assert "watching only" in watched.page()


def test_a_flask_signed_cookie_reads_as_the_test_expects(app):
    """The decoder above does find a token in the cookie as Flask used to write it."""
    signed = SecureCookieSessionInterface().get_signing_serializer(app)
    assert signed is not None
    assert TOKEN in readable(signed.dumps({"tables": [TOKEN]}))


def test_a_changed_cookie_starts_a_new_session(stranger, stored, tenk_log):
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    stranger.get(f"/t/{token}")
    value = session_cookie(stranger)
    flipped = value[:40] + ("A" if value[40] != "A" else "B") + value[41:]
    for forged in (flipped, value[:-3], value[3:], "garbage", "é" * 10):
        stranger.set_cookie("session", forged)
        page = stranger.get("/")
        assert page.status_code == 200 and token not in page.text


def test_a_cookie_signed_before_keeps_its_tables_but_not_the_pin(app, stranger, stored, tenk_log):
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    signed = SecureCookieSessionInterface().get_signing_serializer(app)
    assert signed is not None
    old = {"tables": [token], "phone": "ab" * 16, "house": pin_fingerprint(app)}
    stranger.set_cookie("session", signed.dumps(old))
    page = stranger.get("/")
    assert page.status_code == 200 and token in page.text
    sealed = session_cookie(stranger)
    assert token not in readable(sealed)  # sealed in the reply
    assert stranger.get("/history").status_code == 302  # the PIN is entered again
    with stranger.session_transaction() as session:
        assert session["phone"] == "ab" * 16 and "house" not in session


def enter_pin(phone) -> None:
    data = {"csrf_token": csrf_token(phone, "/house"), "pin": HOUSE_PIN}
    assert phone.post("/house", data=data).status_code == 302


def test_forgetting_the_pin_forgets_it_on_every_copy_of_the_cookie(app, stored, tenk_log):
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    phone, copy = app.test_client(), app.test_client()
    enter_pin(phone)
    assert phone.get("/history").status_code == 200
    copied = session_cookie(phone)
    copy.set_cookie("session", copied)
    assert copy.get("/history").status_code == 200  # the copy holds the house ...
    form = csrf_token(copy, "/import")
    assert (
        phone.post("/house/leave", data={"csrf_token": csrf_token(phone, "/")}).status_code == 302
    )
    copy.set_cookie("session", copied)  # ... until the phone forgets the PIN
    denied = copy.get("/history")
    assert denied.status_code == 302 and denied.location.startswith("/house?next=")
    refused = copy.post(f"/t/{token}/delete", data={"csrf_token": form, "sure": "yes"})
    assert refused.status_code == 403
    assert phone.get("/history").status_code == 302
    assert copy.get(f"/t/{token}").status_code == 200  # the table is still there


def test_entering_the_pin_again_revokes_the_phones_earlier_grant(app):
    phone, copy = app.test_client(), app.test_client()
    enter_pin(phone)
    copy.set_cookie("session", session_cookie(phone))
    enter_pin(phone)
    assert copy.get("/history").status_code == 302
    assert phone.get("/history").status_code == 200
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(HouseGrant)) == 1


def test_each_phone_forgets_only_its_own_grant(app):
    first, second = app.test_client(), app.test_client()
    enter_pin(first)
    enter_pin(second)
    first.post("/house/leave", data={"csrf_token": csrf_token(first, "/")})
    assert first.get("/history").status_code == 302
    assert second.get("/history").status_code == 200


def test_a_new_pin_forgets_every_phone_and_clears_their_grants(app):
    phone = app.test_client()
    enter_pin(phone)
    app.config["HOUSE_PIN"] = "87654321"
    assert phone.get("/history").status_code == 302
    other = app.test_client()
    data = {"csrf_token": csrf_token(other, "/house"), "pin": "87654321"}
    assert other.post("/house", data=data).status_code == 302
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(HouseGrant)) == 1
    assert other.get("/history").status_code == 200


def test_the_database_keeps_no_grant_a_cookie_could_use(app):
    phone = app.test_client()
    enter_pin(phone)
    with phone.session_transaction() as session:
        grant = session["house"]
    with app.app_context():
        (digest,) = db.session.scalars(select(HouseGrant.digest)).all()
    assert grant not in digest and len(grant) >= 40
    stolen = app.test_client()
    with stolen.session_transaction() as session:
        session["house"] = digest
    assert stolen.get("/history").status_code == 302


@pytest.mark.race
def test_the_real_servers_logs_hold_no_link_and_no_join_code(app, database_url, tmp_path, request):
    from referee.web.storage.store import import_log
    from tests.realserver import bust_log

    with app.app_context():
        token = import_log(bust_log(2))
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    phone = Phone(server.port)
    seq, csrf = phone.form(token)
    status, _ = phone.send(
        phone.connect(),
        "POST",
        f"/t/{token}/move",
        {"seq": str(seq), "csrf_token": csrf, **roll_fields((2, 2, 3, 3, 4, 6))},
    )
    assert status == 302
    assert phone.get(f"/t/{token}/qr.svg")[0] == 200
    assert phone.get(f"/j/{token[:8]}")[0] == 303
    assert phone.get(f"/j/{token[:4]}%20{token[4:8]}")[0] == 303
    assert phone.get(f"/j?code={token[:4]}+{token[4:8]}")[0] == 303
    assert phone.get(f"/house?next=/t/{token}")[0] == 200
    seat = {"csrf_token": csrf_of(phone.get(f"/t/{token}")[1]), "as": "watch"}
    assert phone.send(phone.connect(), "POST", f"/t/{token}/seat", seat)[0] == 302
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as raw:
        raw.sendall(f"GET /t/{token} HTTP/one\r\nHost: x\r\n\r\n".encode())  # no such version
        assert raw.recv(100).split(b" ")[1] == b"400"
    server.stop()
    log = server.log.read_text()
    assert f'"POST /t/{token[:4]}…/move" 302' in log
    assert '"GET /j/…" 303' in log
    assert f"Refused a request (Bad Request): 'GET /t/{token[:4]}… HTTP/one'" in log  # error log
    for typed in ("", " ", "+", "%20"):
        assert token[:4] + typed + token[4:8] not in log
    assert re.search(r"/t/[0-9a-f]{5}", log) is None


@pytest.mark.race
def test_a_copied_cookie_loses_the_house_on_every_worker(app, database_url, tmp_path, request):
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    phone = Phone(server.port).enter_house_pin()
    copy = Phone(server.port)
    copy.cookies = dict(phone.cookies)
    for _ in range(4):  # each a new connection: both workers answer some
        assert copy.get("/history")[0] == 200
    status, page = copy.get("/import")
    assert status == 200
    csrf = csrf_of(page)
    leave = {"csrf_token": csrf_of(phone.get("/")[1])}
    assert phone.send(phone.connect(), "POST", "/house/leave", leave)[0] == 302
    for _ in range(4):
        assert copy.get("/history")[0] == 302
        assert copy.send(copy.connect(), "POST", "/import", {"csrf_token": csrf})[0] == 403


def test_a_kept_cookie_is_refused_once_older_than_the_session(app, stranger, stored, tenk_log):
    """A server keeps the cookies it opened; a kept one still ages out like a fresh one."""
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    stranger.get(f"/t/{token}")
    stranger.get("/")  # opened, then kept
    assert token in stranger.get("/").text
    lifetime = app.permanent_session_lifetime.total_seconds()
    later = time.time() + lifetime + 60
    with mock.patch("time.time", return_value=later):
        assert token not in stranger.get("/").text  # a new session: the list is empty


def test_each_request_reads_its_own_copy_of_a_kept_cookie(app, stranger, stored, tenk_log):
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    stranger.get(f"/t/{token}")
    sealer = app.session_interface.get_signing_serializer(app)
    value, max_age = session_cookie(stranger), 3600
    first = sealer.loads(value, max_age)
    first["tables"].append("changed")
    assert sealer.loads(value, max_age)["tables"] == [token]
