"""PDFs from the app: the Print page, rule sheets, scorepads and a table's scoresheet."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from printables.qr import qr_matrix
from referee.log import loads
from tests.printables.support import printed_qr

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
GAMES = ("tenk", "sb", "solitaire", "lucky7", "sixd-one", "sixd-two", "sixd-five")


def pdf_text(response) -> str:
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)


def test_print_page_offers_every_game(client):
    page = client.get("/print").text
    for slug in GAMES:
        assert f"/print/{slug}/rules.pdf" in page and f"/print/{slug}/scorepad.pdf" in page


@pytest.mark.parametrize("slug", GAMES)
def test_rule_sheet_and_scorepad_download(client, slug):
    assert pdf_text(client.get(f"/print/{slug}/rules.pdf?paper=letter"))
    response = client.get(f"/print/{slug}/scorepad.pdf?players=3")
    size = PdfReader(io.BytesIO(response.data)).pages[0].mediabox
    assert (round(size.width), round(size.height)) == (595, 842)


@pytest.mark.parametrize(
    "url",
    [
        "/print/tenk/rules.pdf?paper=a5",
        "/print/tenk/scorepad.pdf?players=12",
        "/print/tenk/scorepad.pdf?players=x",
    ],
)
def test_bad_print_requests_are_a_clear_4xx(client, url):
    response = client.get(url)
    assert response.status_code == 400 and "error" in response.text


def test_unknown_game_or_table_is_a_404(client):
    assert client.get("/print/chess/rules.pdf").status_code == 404
    assert client.get("/tables/999/sheet.pdf").status_code == 404


def test_table_scoresheet_has_totals_date_and_address(client, stored, app):
    (table_id,) = stored(loads((SEEDS / "tenk-finished.json").read_text()))
    text = pdf_text(client.get(f"/t/{table_id}/sheet.pdf"))
    assert "12,200" in text and "3,900" in text and "Cy" in text
    assert f"/t/{table_id}" in text


def test_links_to_printables_from_help_table_and_history(client, stored):
    (table_id,) = stored(loads((SEEDS / "sb-anna-and-barry.json").read_text()))
    assert "/print/sb/rules.pdf" in client.get("/games/sb").text
    assert f"/t/{table_id}/sheet.pdf" in client.get(f"/t/{table_id}").text
    assert f"/t/{table_id}/sheet.pdf" in client.get(f"/t/{table_id}/history").text


def test_scoresheet_prints_the_configured_address_not_the_host_header(client, stored, app):
    (token,) = stored(loads((SEEDS / "tenk-finished.json").read_text()))
    app.config["BASE_URL"] = "http://192.168.1.20:5000/"
    response = client.get(f"/t/{token}/sheet.pdf", headers={"Host": "evil.example"})
    text = pdf_text(response)
    assert f"http://192.168.1.20:5000/t/{token}" in text
    assert "evil.example" not in text


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils")
@pytest.mark.parametrize("base_url", ["http://192.168.1.20:5000/", ""])
def test_scoresheet_carries_the_qr_code_of_the_printed_address(client, stored, app, base_url):
    (token,) = stored(loads((SEEDS / "sb-anna-and-barry.json").read_text()))
    app.config["BASE_URL"] = base_url
    response = client.get(f"/t/{token}/sheet.pdf", headers={"Host": "evil.example"})
    address = f"{base_url.rstrip('/')}/t/{token}"
    assert address in pdf_text(response)
    assert printed_qr(response.data, address) == [list(row) for row in qr_matrix(address)]
