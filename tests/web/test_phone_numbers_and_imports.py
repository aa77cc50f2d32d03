"""What the templates' marking left (issue 50, docs/translating.md): a refused game log said in
the phone's language on the import page (the decoder's own problem included), the dice check's
p-values and every number of a select list in the phone's number format, and the printing
page's forms naming the language of the page's address; English as it was."""

from __future__ import annotations

import html
import io
import json
import re
from urllib.parse import urlencode

import pytest

from printables.words import words_for
from referee.core.sentences import decimal, render
from referee.log import JSON_PROBLEMS
from referee.web.base.languages import COOKIE, PhoneWords
from referee.web.players.stats import dice_check
from tests.printables.support import text_of

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


@pytest.fixture
def german(app):
    """The app offering German beside English."""
    app.config["LANGUAGES"] = ("en", "de")
    return app


def upload(client, form_token, content: bytes):
    data = {"csrf_token": form_token("/import"), "log": (io.BytesIO(content), "game.json")}
    return client.post("/import", data=data, content_type="multipart/form-data")


def refusal(page: str) -> str:
    """The import page's refusal, its markup and spacing taken out."""
    found = re.search(r'<p class="error"[^>]*>(.*?)</p>', page, re.S)
    assert found, page
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).split())


@pytest.mark.parametrize(
    ("content", "english", "deutsch"),
    [
        (
            b"{not json",
            "Not valid JSON: Expecting property name enclosed in double quotes at line 1.",
            "Kein gültiges JSON: Schlüsselname in doppelten Anführungszeichen erwartet in Zeile 1.",
        ),
        (
            b'\xef\xbb\xbf{"format": "referee-log/1"}',
            "Not valid JSON: Unexpected UTF-8 BOM (decode using utf-8-sig) at line 1.",
            "Kein gültiges JSON: Unerwartetes UTF-8-BOM am Anfang der Datei in Zeile 1.",
        ),
        (
            b'{"format": "referee-log/1", "game": "tenk", "players": ["A", "B"]}\n{}',
            "Not valid JSON: Extra data at line 2.",
            "Kein gültiges JSON: Weitere Daten nach dem Ende in Zeile 2.",
        ),
        (
            b'{"format": "referee-log/1", "game": "chess", "players": ["A"]}',
            "Unknown game 'chess'.",
            "Unbekanntes Spiel 'chess'.",
        ),
        (
            b'{"format": "referee-log/1", "game": "tenk", "players": ["A", "B"], "moves": ['
            + b",".join([b'{"type": "bank"}'] * 5001)
            + b"]}",
            "A table keeps at most 5,000 moves; this log has 5,001.",
            "Ein Tisch behält höchstens 5.000 Eingaben; dieses Protokoll hat 5.001.",
        ),
    ],
)
def test_a_refused_log_reads_in_the_phones_language(
    german, client, form_token, content, english, deutsch
):
    answer = upload(client, form_token, content)
    assert answer.status_code == 422 and refusal(answer.text) == english
    client.set_cookie(COOKIE, "de")
    answer = upload(client, form_token, content)
    assert answer.status_code == 422 and refusal(answer.text) == deutsch


def test_a_refused_move_of_an_imported_log_reads_in_german(german, client, form_token):
    log = {"format": "referee-log/1", "game": "tenk", "players": ["A", "B"]}
    log["moves"] = [{"type": "bank"}]
    client.set_cookie(COOKIE, "de")
    answer = upload(client, form_token, json.dumps(log).encode())
    said = refusal(answer.text)
    assert answer.status_code == 422 and said.startswith("Eingabe 1 wurde abgelehnt (")
    assert "Nothing" not in said and "refused" not in said


@pytest.mark.parametrize(
    "text", ["", "{", '{"a" 1}', "[1 2]", '"abc', '"a\nb"', '"\\q"', '"\\u12"', "1 2", "\ufeff{}"]
)
def test_every_problem_the_json_decoder_names_is_said(text):
    with pytest.raises(json.JSONDecodeError) as refused:
        json.loads(text)
    said = JSON_PROBLEMS[refused.value.msg]
    assert said == refused.value.msg  # English: the decoder's words, as before
    assert render(said, words_for("de")) != said


@pytest.mark.parametrize(
    ("written", "english", "deutsch"),
    [("0.05", "0.05", "0,05"), ("1234.5", "1,234.5", "1.234,5"), ("0.001", "0.001", "0,001")],
)
def test_a_decimal_is_said_in_the_readers_numbers(written, english, deutsch):
    said = decimal(written)
    assert said == english and render(said, words_for("de")) == deutsch


def test_a_number_without_decimals_is_a_whole_number():
    assert decimal("12") == 12


@pytest.mark.parametrize(
    ("counts", "english", "deutsch"),
    [
        ([10] * 6, "(chi-square p = 1.00)", "(Chi-Quadrat p = 1,00)"),
        ([18, 10, 10, 10, 10, 2], "(chi-square p = 0.025)", "(Chi-Quadrat p = 0,025)"),
        ([30, 10, 10, 10, 0, 0], "(chi-square p < 0.001)", "(Chi-Quadrat p < 0,001)"),
    ],
)
def test_the_dice_checks_p_value_is_in_the_readers_numbers(counts, english, deutsch):
    verdict = dice_check(counts).verdict
    assert english in verdict
    assert deutsch in render(verdict, words_for("de"))


def test_a_german_phone_reads_the_dice_check_in_german_numbers(german, client, stored, tenk_log):
    stored(*(tenk_log(("Ann", "Bo"), "win", "bust") for _ in range(10)))  # 60 of Ann's values
    english = " ".join(html.unescape(client.get("/players/ann").text).split())
    assert "The 60 values entered are very uneven (chi-square p < 0.001)." in english
    client.set_cookie(COOKIE, "de")
    page = " ".join(html.unescape(client.get("/players/ann").text).split())
    assert "sehr ungleich verteilt (Chi-Quadrat p < 0,001)." in page
    assert "0.001" not in page


@pytest.fixture
def marked_numbers(monkeypatch):
    """The phone's numbers, each written with a mark before it, to see which pass through."""
    monkeypatch.setattr(PhoneWords, "number", lambda self, value: f"#{value}")


def test_the_numbers_of_select_lists_are_in_the_phones_format(german, client, marked_numbers):
    client.set_cookie(COOKIE, "de")
    new_table = client.get("/tables/new/lucky7").text
    choices = re.findall(r"<option[^>]*>([^<]*)</option>", new_table)
    assert "#5" in choices and "#6" in choices
    printing = client.get("/print").text
    players = re.search(r'<select name="players">(.*?)</select>', printing).group(1)
    assert re.findall(r">([^<]*)</option>", players) == [f"#{n}" for n in range(1, 9)]


def forms_of(page: str) -> list[tuple[str, dict[str, str]]]:
    """Each GET form's action and the fields a browser sends with it as it stands (its hidden
    fields and each select's selected or first option)."""
    found = []
    for action, body in re.findall(
        r'<form method="get" action="([^"]+)"[^>]*>(.*?)</form>', page, re.S
    ):
        fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', body))
        for name, options in re.findall(r'<select name="([^"]+)">(.*?)</select>', body, re.S):
            values = re.findall(r'<option value="([^"]*)"( selected)?', options)
            fields[name] = next((v for v, on in values if on), values[0][0])
        found.append((html.unescape(action), fields))
    return found


def test_the_printing_page_keeps_the_language_its_address_names(german, stranger):
    forms = forms_of(stranger.get("/print?language=de").text)  # an English phone
    assert len(forms) >= 10 and all(fields["language"] == "de" for _, fields in forms)
    action, fields = forms[0]
    sheet = stranger.get(f"{action.partition('?')[0]}?{urlencode(fields)}")  # as a GET form
    assert sheet.status_code == 200 and "Spielregeln" in text_of(sheet.data)
    assert {f["language"] for _, f in forms_of(stranger.get("/print", headers=GERMAN).text)} == {
        "de"
    }
    assert {f["language"] for _, f in forms_of(stranger.get("/print").text)} == {"en"}


def test_while_english_alone_is_offered_the_printing_forms_name_no_language(english_only, stranger):
    page = stranger.get("/print?language=de").text
    assert 'name="language"' not in page and "language=" not in page
    assert '<option value="a4">A4</option>' in page
