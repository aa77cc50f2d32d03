"""Each phone's language (issue 50, docs/translating.md): English while no other language is
offered whatever the phone asks, the offered language its browser asks for or its chooser's
cookie picked, phones at one table each reading their own words (the rules' sentences and
their numbers included), and the pseudo-locale served."""

from __future__ import annotations

import re

import pytest

from referee.web.base.languages import COOKIE
from tests.catalogues import PSEUDO, pseudo, write_pseudo
from tests.conftest import csrf_of, house_client

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def lang_of(html: str) -> str:
    """The ``lang`` of a page's ``html`` element."""
    return re.search(r'<html lang="([^"]+)">', html).group(1)


@pytest.fixture
def german(app):
    """The app offering German beside English."""
    app.config["LANGUAGES"] = ("en", "de")
    return app


def tokenless(page: str) -> str:
    """A page with its CSRF token (signed with the second it was made in) taken out."""
    return page.replace(csrf_of(page), "token")


def test_a_german_phone_reads_english_while_german_is_not_offered(english_only, client):
    english = tokenless(client.get("/", headers={"Accept-Language": "en"}).text)
    asked_german = tokenless(client.get("/", headers=GERMAN).text)
    assert asked_german == english
    assert lang_of(english) == "en" and ">History<" in english
    assert 'action="/language"' not in english  # no chooser with one language
    assert "Accept-Language" not in client.get("/").headers.get("Vary", "")


def test_a_cookie_for_a_language_not_offered_is_ignored(english_only, client):
    english = tokenless(client.get("/").text)
    client.set_cookie(COOKIE, "de")
    assert tokenless(client.get("/", headers=GERMAN).text) == english


def test_an_offered_language_is_served_to_the_phone_that_asks_for_it(german, client):
    page = client.get("/", headers=GERMAN).text
    assert lang_of(page) == "de"
    assert ">Verlauf<" in page and ">Spieler<" in page and ">Regeln<" in page
    assert '<option value="de" selected>Deutsch</option>' in page
    vary = client.get("/", headers=GERMAN).headers["Vary"]
    assert "Accept-Language" in vary and "Cookie" in vary
    assert lang_of(client.get("/", headers={"Accept-Language": "fr, en;q=0.1"}).text) == "en"


def test_the_error_page_speaks_the_phones_language(german, client):
    page = client.get("/nowhere", headers=GERMAN)
    assert page.status_code == 404
    assert "Hier ist nichts: Den Tisch oder die Seite gibt es nicht." in page.text
    assert ">Zurück zu den Tischen</a>" in page.text
    english = client.get("/nowhere").text
    assert "There is nothing here: the table or page does not exist." in english


def test_the_choosers_cookie_outweighs_the_browser(german, client):
    token = csrf_of(client.get("/").text)
    chosen = client.post("/language", data={"csrf_token": token, "language": "de", "next": "/h"})
    assert chosen.status_code == 303 and chosen.location == "/h"
    cookie = chosen.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}=de;") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert lang_of(client.get("/", headers={"Accept-Language": "en"}).text) == "de"
    client.post("/language", data={"csrf_token": token, "language": "en", "next": "/"})
    assert lang_of(client.get("/", headers=GERMAN).text) == "en"


def test_the_chooser_refuses_what_it_cannot_keep(german, client):
    token = csrf_of(client.get("/").text)
    assert client.post("/language", data={"language": "de", "next": "/"}).status_code == 400
    unknown = client.post("/language", data={"csrf_token": token, "language": "xx"})
    assert unknown.status_code == 400 and COOKIE not in unknown.headers.get("Set-Cookie", "")
    for elsewhere in ("//elsewhere.example/", "https://elsewhere.example/", "javascript:x"):
        data = {"csrf_token": token, "language": "de", "next": elsewhere}
        assert client.post("/language", data=data).location == "/"


def test_phones_at_one_table_each_read_their_own_language(german, app, new_table):
    table = new_table("tenk", players=("Ann", "Bo"))
    assert table.roll(1, 1, 1, 5, 2, 3).status_code == 302
    assert table.pick(0, 1, 2, 3).status_code == 302
    english = table.ruling()
    assert english == (
        "Ann set aside 1 1 1 5 = 1,050 (three 1s 1,000 + 5 50); turn total 1,050: roll 2 or bank."
    )
    phone = house_client(app)
    phone.set_cookie(COOKIE, "de")
    for _ in range(2):  # the page rendered, then the page kept: each in its own language
        german_page = phone.get(table.url).text
        ruling = re.search(r'class="ruling"[^>]*><p>(.*?)</p>', german_page, re.S).group(1)
        assert ruling == (
            "Ann hat 1 1 1 5 = 1.050 (drei 1er 1.000 + 5 50) beiseitegelegt; im Zug 1.050: "
            "würfle mit 2 weiter oder schreib auf."
        )
        assert table.ruling() == english


def test_a_refusal_reaches_the_phone_in_its_language(german, new_table):
    table = new_table("tenk", players=("Ann", "Bo"))
    table.client.set_cookie(COOKIE, "de")
    assert table.roll(2, 3, 4, 6, 6, 1).status_code == 302
    refused = table.pick(0, 1)
    assert refused.status_code == 422
    assert (
        "Nur Einsen, Fünfen und Sätze zählen: die 2 und die 3, die du gewählt hast, "
        "zählen nichts." in refused.text
    )


def test_the_pseudo_locale_is_served(app, tmp_path, new_table):
    app.extensions["babel"].translation_directories.append(str(write_pseudo(tmp_path)))
    app.config["LANGUAGES"] = ("en", PSEUDO)
    table = new_table("tenk", players=("Ann", "Bo"))
    table.client.set_cookie(COOKIE, PSEUDO)
    page = table.page()
    assert lang_of(page) == "en-001"
    assert f'class="brand" href="/">{pseudo("Referee")}</a>' in page
    assert f"<p>{pseudo('{player} to roll six dice.').replace('{player}', 'Ann')}</p>" in page


@pytest.mark.parametrize(
    ("code", "written", "score"),
    [
        ("en", "10,250", "−400"),
        ("de", "10.250", "−400"),
        ("fr", "10\u202f250", "−400"),
        ("es", "10.250", "−400"),
    ],
)
def test_numbers_are_written_as_the_phones_language_writes_them(app, code, written, score):
    app.config["LANGUAGES"] = ("en", "de", "fr", "es")
    with app.test_request_context("/", headers={"Cookie": f"{COOKIE}={code}"}):
        filters = app.jinja_env.filters
        assert filters["thousands"](10250) == written
        assert filters["points"](-400) == score
        assert filters["points"](10250) == written


def test_the_live_poll_says_the_ruling_in_each_phones_language(german, app, new_table):
    table = new_table("tenk", players=("Ann", "Bo"))
    assert table.roll(1, 1, 1, 5, 2, 3).status_code == 302
    english = table.client.get(f"{table.url}/live").get_json()["ruling"]
    assert english == "Ann rolled 1 1 1 2 3 5: set aside at least one scoring combination."
    phone = house_client(app)
    phone.set_cookie(COOKIE, "de")
    german_ruling = phone.get(f"{table.url}/live").get_json()["ruling"]
    assert german_ruling == (
        "Ann hat 1 1 1 2 3 5 gewürfelt: lege mindestens eine zählende Kombination beiseite."
    )
