"""Joining a table from another phone: the QR code of its link, and its short join code."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import update

from referee.log import loads
from referee.web.access.joining import join_code, qr_svg, read_join_code
from referee.web.base.extensions import db
from referee.web.base.models import GameTable

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
NOT_FOUND = "No table has that join code."


def seed(name: str):
    return loads((SEEDS / name).read_text(encoding="utf-8"))


@pytest.fixture
def token(stored, tiny_log) -> str:
    """One table's token (of the tiny test game: the game does not matter here)."""
    (token,) = stored(tiny_log(("Ann", "Bo"), "win"))
    return token


@pytest.fixture
def limits_on(monkeypatch):
    """Rate limits as in production (the other tests turn them off)."""
    monkeypatch.setenv("REFEREE_RATE_LIMITS", "on")


def test_a_join_code_is_the_tokens_first_eight_hex_digits_in_two_groups():
    assert join_code("3f2a91bc0123456789abcdef01234567") == "3f2a 91bc"


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("3f2a91bc", "3f2a91bc"),
        ("3f2a 91bc", "3f2a91bc"),
        ("3F2A-91BC", "3f2a91bc"),
        ("  3f2a  91bc\n", "3f2a91bc"),
        ("3 f 2 a - 9 1 b c", "3f2a91bc"),
        ("3f2a91b", None),  # seven digits
        ("3f2a91bc0", None),  # nine
        ("3f2a91bg", None),  # not hex
        ("3f2a\x0091bc", None),
        ("３ｆ２ａ９１ｂｃ", None),  # full-width
        ("١٢٣٤٥٦٧٨", None),  # Arabic-Indic digits
        ("", None),
        ("3f2a91bc" * 625, None),  # 5,000 characters
    ],
)
def test_a_typed_code_forgives_spaces_dashes_and_case_and_nothing_else(typed, read):
    assert read_join_code(typed) == read


@pytest.mark.parametrize("seed_name", sorted(p.name for p in SEEDS.glob("*.json")))
def test_every_play_page_shows_the_join_panel(client, stored, seed_name):
    (token,) = stored(seed(seed_name))
    page = client.get(f"/t/{token}").text
    assert "Join this table" in page
    assert f'<span class="join-code">{token[:4]} {token[4:8]}</span>' in page
    assert f'src="/t/{token}/qr.svg"' in page
    assert f">http://localhost/t/{token}</a>" in page
    assert '<details class="join-panel" id="join">' in page  # closed: one line above nothing else


def test_the_qr_code_is_an_svg_of_the_link_the_phone_used(client, token):
    response = client.get(f"/t/{token}/qr.svg")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.text.startswith("<svg") and response.text.rstrip().endswith("</svg>")
    assert response.text == qr_svg(f"http://localhost/t/{token}")
    assert response.cache_control.private and response.cache_control.max_age == 86400
    on_the_lan = client.get(f"/t/{token}/qr.svg", base_url="http://192.168.1.20:5000")
    assert on_the_lan.text == qr_svg(f"http://192.168.1.20:5000/t/{token}")


def test_the_qr_code_is_answered_304_when_the_phone_has_it(client, token):
    etag = client.get(f"/t/{token}/qr.svg").headers["ETag"]
    again = client.get(f"/t/{token}/qr.svg", headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.data


def test_the_qr_code_is_drawn_once_and_kept(client, token, monkeypatch):
    import segno

    drawn = []
    make = segno.make
    monkeypatch.setattr(segno, "make", lambda *a, **k: drawn.append(a) or make(*a, **k))
    first = client.get(f"/t/{token}/qr.svg").text
    assert client.get(f"/t/{token}/qr.svg").text == first and len(drawn) == 1


def test_no_qr_code_for_a_table_that_does_not_exist(client, token):
    assert client.get(f"/t/{'0' * 32}/qr.svg").status_code == 404


@pytest.mark.parametrize(
    "spelling",
    ["{a}{b}", "{a} {b}", "{A}{B}", "{A}-{B}", "{a}%20-%20{b}", "%20{a}{b}%20", "{a}-{B}"],
)
def test_a_join_code_in_any_spelling_opens_its_table(stranger, token, spelling):
    code = spelling.format(a=token[:4], b=token[4:8], A=token[:4].upper(), B=token[4:8].upper())
    response = stranger.get(f"/j/{code}")
    assert response.status_code == 303
    assert response.location == f"/t/{token}"


def test_the_home_page_field_opens_the_table(stranger, token):
    home = stranger.get("/").text
    assert "Join a table" in home
    assert 'action="/j"' in home and 'name="code"' in home
    response = stranger.get("/j", query_string={"code": f" {token[:4].upper()} {token[4:8]} "})
    assert response.status_code == 303
    assert response.location == f"/t/{token}"
    assert stranger.get(response.location).status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/j/3f2a91b",
        "/j/3f2a91bc0",
        "/j/3f2a91bg",
        "/j/%00",
        "/j/3f2a%0091bc",
        "/j/３ｆ２ａ９１ｂｃ",
        "/j/١٢٣٤٥٦٧٨",
        "/j/" + "7" * 5000,
        "/j",
        "/j?code=",
        "/j?code=%00",
        "/j?code=" + "a" * 5000,
        "/j?code=%F0%9F%8E%B2",
    ],
)
def test_a_malformed_code_gets_a_404_with_a_sentence(stranger, token, path):
    response = stranger.get(path)
    assert response.status_code == 404
    assert NOT_FOUND in response.text


def test_a_code_no_table_has_gets_a_404(stranger, token):
    other = format((int(token[:8], 16) + 1) % 2**32, "08x")
    response = stranger.get(f"/j/{other}")
    assert response.status_code == 404
    assert NOT_FOUND in response.text


def test_two_tables_sharing_a_code_open_neither(app, stranger, stored, tiny_log):
    first, second = stored(tiny_log(("Ann", "Bo")), tiny_log(("Cy", "Di")))
    with app.app_context():
        twin = first[:8] + second[8:]
        db.session.execute(update(GameTable).where(GameTable.token == second).values(token=twin))
        db.session.commit()
    response = stranger.get(f"/j/{first[:8]}")
    assert response.status_code == 404
    assert NOT_FOUND in response.text


def test_too_many_join_codes_from_one_phone_get_a_429(limits_on, app, stranger, token):
    app.config["JOIN_LIMIT"] = "3 per minute"
    for _ in range(3):
        assert stranger.get("/j/00000000").status_code == 404
    refused = stranger.get(f"/j/{token[:8]}")
    assert refused.status_code == 429
    assert "Too many join codes" in refused.text
