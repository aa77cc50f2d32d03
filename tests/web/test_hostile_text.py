"""Hostile text: whatever is stored and exported stays valid UTF-8 and JSON, and any Host
header gets a 4xx or the page, with the security headers, never a 500 (both databases)."""

from __future__ import annotations

import hashlib
import html
import http.client
import io
import json
import math
import zipfile

import pytest
from sqlalchemy import select
from werkzeug.test import EnvironBuilder, run_wsgi_app

from referee.log import GameLog
from referee.web.base.extensions import db
from referee.web.base.models import GameTable, MoveRecord
from referee.web.guard.security import HEADERS
from referee.web.storage.loading import table_count
from referee.web.storage.store import import_log
from tests.engine.test_log import HOSTILE_LOGS
from tests.realserver import Gunicorn, Phone

UNUSABLE_HOSTS = ["a" * 64, "a..b", ".", "..", "xn--x", "xn--", f"{'a' * 64}.example:5000"]
USABLE_HOSTS = ["localhost", "example.com:5000", "192.168.1.20:5000", "[::1]:5000", "é.example"]


def strict_json(text: str) -> object:
    """JSON text decoded the strict way: no NaN or Infinity, no duplicate key, no lone
    surrogate (the text must also have been UTF-8 to get here)."""

    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")

    def pairs(items: list) -> dict:
        assert len({k for k, _ in items}) == len(items), "a duplicate key"
        return dict(items)

    data = json.loads(text, parse_constant=refuse, object_pairs_hook=pairs)
    json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8")  # no lone surrogate
    return data


# The digests of export files already found strict: the fuzz exports the house after every
# write, and most of its files are the same bytes as the last time.
STRICT_FILES: set[bytes] = set()


def export_is_strict_json(client) -> int:
    """Every file of the house's export parses as strict JSON; how many there are."""
    response = client.get("/export.zip")
    assert response.status_code == 200
    archive = zipfile.ZipFile(io.BytesIO(response.data))
    for name in archive.namelist():
        file_is_strict(archive.read(name))
    return len(archive.namelist())


def file_is_strict(content: bytes) -> None:
    """An exported file's bytes are strict JSON in UTF-8 (each distinct file parsed once)."""
    digest = hashlib.sha256(content).digest()
    if digest not in STRICT_FILES:
        strict_json(content.decode("utf-8"))
        STRICT_FILES.add(digest)


def upload(client, form_token, content: bytes):
    data = {"csrf_token": form_token("/import"), "log": (io.BytesIO(content), "log.json")}
    return client.post("/import", data=data, content_type="multipart/form-data")


@pytest.mark.parametrize(("text", "words"), HOSTILE_LOGS)
def test_import_refuses_a_log_no_database_or_file_could_hold(
    app, client, form_token, stored, tenk_log, text, words
):
    stored(tenk_log(("Ann", "Bo"), "win"))
    response = upload(client, form_token, text.encode("utf-8"))
    assert response.status_code == 422
    assert words in html.unescape(response.text)
    with app.app_context():
        assert table_count() == 1
    assert export_is_strict_json(client) == 1


def test_import_takes_a_surrogate_pair_and_exports_it_as_utf8(client, form_token):
    text = '{"format": "referee-log/1", "game": "tenk", "players": ["Ann \\ud83d\\ude00", "Bo"]}'
    response = upload(client, form_token, text.encode("utf-8"))
    assert response.status_code == 302
    assert export_is_strict_json(client) == 1
    log = client.get(response.location + "/log.json")
    assert "Ann 😀" in log.get_data(as_text=True)


def test_the_database_refuses_to_store_nan(app, stored, tenk_log):
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    with app.app_context():
        table = db.session.scalar(select(GameTable).where(GameTable.token == token))
        db.session.add(MoveRecord(table_id=table.id, seq=5, data={"type": "bank", "x": math.nan}))
        with pytest.raises(Exception, match="JSON compliant"):
            db.session.flush()
        db.session.rollback()
        assert len(db.session.scalars(select(MoveRecord)).all()) == 1


def test_a_log_holding_nan_is_never_stored(app):
    log = GameLog("tenk", ("Ann", "Bo"), {}, ({"type": "bank", "player": math.inf},))
    with app.app_context():
        with pytest.raises(Exception, match="JSON compliant"):
            import_log(log)
        db.session.rollback()
        assert table_count() == 0


def test_json_responses_refuse_nan(app):
    with app.app_context(), pytest.raises(ValueError, match="JSON compliant"):
        app.json.dumps({"odds": math.nan})


def wsgi_get(app, path: str, host: str, **headers: str):
    """A GET straight through the app's WSGI stack (the test client itself cannot build a
    URL for some of these hosts): status code, headers, body text."""
    environ = EnvironBuilder(path=path, headers={"Host": host, **headers}).get_environ()
    body, status, answer = run_wsgi_app(app.wsgi_app, environ, buffered=True)
    return int(status.split()[0]), answer, b"".join(body).decode("utf-8")


PATHS = ["/", "/history", "/games/tenk", "/nowhere", "/static/css/app.css", "/t/" + "0" * 32]


@pytest.mark.parametrize("host", UNUSABLE_HOSTS)
def test_an_unusable_host_is_a_400_with_the_security_headers(app, host):
    for path in PATHS:
        status, headers, body = wsgi_get(app, path, host)
        assert status == 400, (host, path)
        assert all(headers.get(name) == value for name, value in HEADERS.items())
        assert "does not name a usable host" in body


@pytest.mark.parametrize("host", USABLE_HOSTS)
def test_a_usable_host_gets_the_page(app, client, host):
    status, headers, body = wsgi_get(app, "/games/tenk", host)
    assert status == 200 and "10K" in body
    assert headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
    assert client.get("/", headers={"Host": host}).status_code == 200  # the test client too


def test_a_trusted_proxys_unusable_host_is_refused_too(app):
    from referee.web import create_app

    proxied = create_app({**app.config, "REFEREE_PROXIES": 1})
    status, headers, _ = wsgi_get(proxied, "/games/tenk", "ok.example", X_Forwarded_Host="a..b")
    assert status == 400 and "Content-Security-Policy" in headers
    assert wsgi_get(proxied, "/games/tenk", "a..b", X_Forwarded_Host="ok.example")[0] == 200


def raw_get(port: int, path: str, host: str) -> tuple[int, http.client.HTTPMessage]:
    """A GET with exactly this Host header, over a real connection."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        conn.putheader("Host", host)
        conn.putheader("Connection", "close")
        conn.endheaders()
        response = conn.getresponse()
        response.read()
        return response.status, response.headers
    finally:
        conn.close()


@pytest.mark.race
def test_hostile_hosts_against_the_real_server(app, database_url, tmp_path, request):
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    for host in UNUSABLE_HOSTS:
        for path in PATHS:
            status, headers = raw_get(server.port, path, host)
            assert 400 <= status < 500, (host, path, status)
            assert headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
    for host in USABLE_HOSTS[:4]:
        status, headers = raw_get(server.port, "/games/tenk", host)
        assert status == 200 and headers["X-Content-Type-Options"] == "nosniff"
    assert Phone(server.port).get("/games/tenk")[0] == 200
