"""The PDFs served in the language of the phone that asks (issue 50, docs/translating.md): a
German phone's rule sheet, scorepad and filled sheet in German, an English phone's in English
from the same kept PDFs' cache without a mix-up, the blank sheets' links naming the phone's
language (any cache may keep them a day), English-only links as they were."""

from __future__ import annotations

import pytest

import printables
from referee.web.base.languages import COOKIE
from referee.web.history.printing import printouts
from tests.conftest import house_client
from tests.printables.support import text_of

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


@pytest.fixture
def german(app):
    """The app offering German beside English."""
    app.config["LANGUAGES"] = ("en", "de")
    return app


@pytest.fixture
def builds(monkeypatch):
    """The languages of the PDFs built, in order."""
    built: list[tuple[str, str]] = []
    for name in ("rule_sheet", "scorepad", "filled_sheet"):
        build = getattr(printables, name)

        def counting(*args, _build=build, _name=name, **kwargs):
            built.append((_name, kwargs.get("language") or args[2]))
            return _build(*args, **kwargs)

        monkeypatch.setattr(printables, name, counting)
    printouts.resize(0)  # nothing kept from another test
    printouts.resize(16 * 1024 * 1024)
    return built


def test_a_german_phone_gets_a_german_rule_sheet_and_an_english_one_english(
    german, stranger, builds
):
    german_sheet = stranger.get("/print/tenk/rules.pdf", headers=GERMAN)
    assert german_sheet.status_code == 200
    assert "Spielregeln" in text_of(german_sheet.data)
    english = stranger.get("/print/tenk/rules.pdf")
    assert "10K: rules" in text_of(english.data)
    assert "Spielregeln" not in text_of(english.data)
    for _ in range(2):  # each kept apart: asked again, neither is built again
        assert stranger.get("/print/tenk/rules.pdf", headers=GERMAN).data == german_sheet.data
        assert stranger.get("/print/tenk/rules.pdf").data == english.data
    assert builds == [("rule_sheet", "de"), ("rule_sheet", "en")]
    assert set(english.headers["Vary"].replace(" ", "").split(",")) >= {
        "Accept-Language",
        "Cookie",
    }


def test_the_language_in_a_blank_sheets_address_outweighs_the_phone(german, stranger, builds):
    named = stranger.get("/print/sb/scorepad.pdf?players=2&language=de")
    assert "Spielblock" in text_of(named.data)
    english = stranger.get("/print/sb/scorepad.pdf?players=2&language=en", headers=GERMAN)
    assert "scorepad" in text_of(english.data) and "Spielblock" not in text_of(english.data)
    # A language not offered is no language: the phone's is used.
    assert stranger.get("/print/sb/scorepad.pdf?players=2&language=fr").data == english.data
    assert builds == [("scorepad", "de"), ("scorepad", "en")]


def test_the_blank_sheets_links_name_the_phones_language(german, app, stranger):
    help_page = stranger.get("/games/tenk", headers=GERMAN).text
    assert "/print/tenk/rules.pdf?language=de" in help_page
    assert "/print/tenk/scorepad.pdf?language=de" in help_page
    english = stranger.get("/games/tenk").text
    assert "/print/tenk/rules.pdf?language=en" in english


def test_while_english_alone_is_offered_the_links_are_as_they_were(english_only, stranger):
    page = stranger.get("/games/tenk", headers=GERMAN).text
    assert 'href="/print/tenk/rules.pdf"' in page
    assert "language=" not in page


def test_a_table_prints_in_each_phones_language(german, app, new_table, builds):
    table = new_table("tenk", players=("Ann", "Bo"))
    assert table.roll(1, 1, 1, 5, 2, 3).status_code == 302
    assert table.pick(0, 1, 2, 3).status_code == 302
    english = table.client.get(f"{table.url}/sheet.pdf")
    phone = house_client(app)
    phone.set_cookie(COOKIE, "de")
    german_sheet = phone.get(f"{table.url}/sheet.pdf")
    assert german_sheet.status_code == english.status_code == 200
    assert "Not finished." in text_of(english.data)
    assert "Noch nicht zu Ende." in text_of(german_sheet.data)
    assert "Not finished." not in text_of(german_sheet.data)
    assert phone.get(f"{table.url}/sheet.pdf").data == german_sheet.data
    assert table.client.get(f"{table.url}/sheet.pdf").data == english.data
    assert builds == [("filled_sheet", "en"), ("filled_sheet", "de")]
    assert "private" in german_sheet.headers["Cache-Control"]
