"""``X-Forwarded-*`` headers are believed only from the proxies ``REFEREE_PROXIES`` names,
through the real server as `make run` starts it: the server itself believes none (gunicorn's
threaded workers had believed ``X-Forwarded-Proto`` from 127.0.0.1 with ``REFEREE_PROXIES``
unset, and marked the cookie ``Secure`` over plain HTTP), and the app believes as many
proxies as the setting says.
"""

from __future__ import annotations

import http.client
import re

import pytest

from tests.conftest import ONE_DATABASE
from tests.realserver import Gunicorn

pytestmark = [pytest.mark.race, ONE_DATABASE]

FORWARDED = {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-For": "192.0.2.7",
    "X-Forwarded-Host": "referee.example",
    "X-Forwarded-Prefix": "/elsewhere",
}


def forwarded_house_page(server: Gunicorn) -> tuple[str, str]:
    """The house page asked for from 127.0.0.1 with every ``X-Forwarded-*`` header: its
    session cookie and its text."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request("GET", "/house", headers={**FORWARDED, "Connection": "close"})
        response = connection.getresponse()
        page = response.read().decode()
    finally:
        connection.close()
    cookies = [c for c in response.headers.get_all("Set-Cookie") or [] if c.startswith("session=")]
    assert response.status == 200 and len(cookies) == 1, (response.status, cookies)
    return cookies[0], page


def logged_address(server: Gunicorn) -> str:
    """The client address the access log gives the house page's request."""
    server.stop()  # every line written
    found = re.findall(r'^(\S+) "GET /house" 200', server.log.read_text(), re.MULTILINE)
    assert len(found) == 1, server.log.read_text()[-2000:]
    return found[0]


def test_without_referee_proxies_no_forwarded_header_is_believed(
    database_url, tmp_path, monkeypatch, request
):
    monkeypatch.delenv("REFEREE_PROXIES", raising=False)
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    cookie, page = forwarded_house_page(server)
    assert "Secure" not in cookie
    assert "/elsewhere" not in page and 'href="/static/' in page
    assert logged_address(server) == "127.0.0.1"


def test_with_one_proxy_named_its_forwarded_headers_are_believed(database_url, tmp_path, request):
    server = Gunicorn(database_url, tmp_path, settings={"REFEREE_PROXIES": "1"}).start()
    request.addfinalizer(server.stop)
    cookie, page = forwarded_house_page(server)
    assert "; Secure" in cookie
    assert 'href="/elsewhere/static/' in page
    assert logged_address(server) == "192.0.2.7"
