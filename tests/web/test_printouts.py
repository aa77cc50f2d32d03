"""PDFs are built once and kept by what they are built from: a filled sheet by its table's
version, so a move builds it anew; builds are rate-limited per phone (``PDF_LIMIT``) with a
429 and a sentence; every PDF has an ETag, so a phone that has it gets a 304."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

import printables
from referee.log import loads
from referee.web.history.printing import printouts
from tests.conftest import Table

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


@pytest.fixture
def builds(monkeypatch):
    """Count the PDFs built, by kind."""
    counted = {"rule_sheet": 0, "scorepad": 0, "filled_sheet": 0}
    for name in counted:
        build = getattr(printables, name)

        def counting(*args, _build=build, _name=name, **kwargs):
            counted[_name] += 1
            return _build(*args, **kwargs)

        monkeypatch.setattr(printables, name, counting)
    printouts.resize(0)  # nothing kept from another test
    printouts.resize(16 * 1024 * 1024)
    return counted


@pytest.fixture
def limits_on(monkeypatch):
    """Rate limits as in production (the other tests turn them off), two builds a minute."""
    monkeypatch.setenv("REFEREE_RATE_LIMITS", "on")
    monkeypatch.setenv("PDF_LIMIT", "2 per minute")


def test_a_rule_sheet_or_scorepad_asked_again_is_not_built_again(stranger, builds):
    for _ in range(3):
        assert stranger.get("/print/tenk/rules.pdf").status_code == 200
        assert stranger.get("/print/sb/scorepad.pdf?players=3").status_code == 200
    assert builds == {"rule_sheet": 1, "scorepad": 1, "filled_sheet": 0}
    stranger.get("/print/tenk/rules.pdf?paper=letter")
    stranger.get("/print/tenk/rules.pdf?paper=LETTER")  # the same paper
    stranger.get("/print/sb/scorepad.pdf?players=5")
    assert builds == {"rule_sheet": 2, "scorepad": 2, "filled_sheet": 0}


def test_a_move_builds_the_filled_sheet_anew(new_table, client, builds):
    table = new_table(entry=0)
    first = client.get(f"{table.url}/sheet.pdf")
    assert client.get(f"{table.url}/sheet.pdf").data == first.data
    assert builds["filled_sheet"] == 1
    assert table.roll(2, 2, 3, 3, 4, 6).status_code == 302
    after = client.get(f"{table.url}/sheet.pdf")
    assert builds["filled_sheet"] == 2 and after.data != first.data
    assert after.headers["ETag"] != first.headers["ETag"]


def test_a_phone_that_has_the_pdf_gets_a_304(client, stored, builds):
    (token,) = stored(loads((SEEDS / "tenk-finished.json").read_text()))
    for url, caching in (
        ("/print/tenk/rules.pdf", {"public", "max-age=86400"}),
        (f"/t/{token}/sheet.pdf", {"private", "no-cache"}),
    ):
        first = client.get(url)
        assert set(first.headers["Cache-Control"].replace(" ", "").split(",")) == caching
        again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304 and not again.data
    assert builds == {"rule_sheet": 1, "scorepad": 0, "filled_sheet": 1}


def test_a_bad_paper_builds_nothing_and_keeps_nothing(stranger, builds):
    response = stranger.get("/print/tenk/rules.pdf?paper=a5")
    assert response.status_code == 400 and len(printouts) == 0


def test_builds_past_the_limit_are_a_429_with_a_sentence_and_kept_ones_still_open(
    limits_on, stranger, builds
):
    assert stranger.get("/print/tenk/rules.pdf").status_code == 200
    assert stranger.get("/print/sb/rules.pdf").status_code == 200
    refused = stranger.get("/print/lucky7/rules.pdf")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert "Too many printouts made for this phone" in html.unescape(refused.text)
    assert stranger.get("/print/tenk/rules.pdf").status_code == 200  # kept: no build
    assert builds["rule_sheet"] == 2
    other_phone = {"REMOTE_ADDR": "192.0.2.7"}
    assert stranger.get("/print/lucky7/rules.pdf", environ_base=other_phone).status_code == 200


def test_the_kept_pdfs_stay_within_their_budget(stranger, builds):
    printouts.resize(200 * 1024)  # room for two or three
    for slug in ("tenk", "sb", "lucky7", "solitaire"):
        assert stranger.get(f"/print/{slug}/rules.pdf").status_code == 200
        assert 0 < printouts.held <= printouts.budget
    assert len(printouts) < 4


def test_a_stranger_without_the_link_builds_no_sheet(stranger, builds):
    assert stranger.get(f"/t/{'0' * 32}/sheet.pdf").status_code == 404
    assert builds["filled_sheet"] == 0


def test_a_watching_phone_gets_the_same_kept_sheet(new_table, app, builds):
    table = new_table(entry=0)
    table.roll(2, 2, 3, 3, 4, 6)
    watcher = Table(app.test_client(), table.token)
    mine = table.client.get(f"{table.url}/sheet.pdf")
    theirs = watcher.client.get(f"{table.url}/sheet.pdf")
    assert mine.data == theirs.data and builds["filled_sheet"] == 1
