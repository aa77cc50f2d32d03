"""The pages' CSRF token (``referee/web/play/forms.py``, ``register_page_token``): a session's token
is signed once and kept, since tokens have no time limit here; it is still the one Flask-WTF
checks, another phone's token is still refused, and with a time limit every request signs
its own."""

from __future__ import annotations

import re

import referee.web.play.forms as forms

TOKEN = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def tokens_of(html: str) -> set[str]:
    """Every CSRF token a page's forms carry."""
    return set(TOKEN.findall(html))


def counted_signing(monkeypatch) -> list[int]:
    """Count the calls to Flask-WTF's signing from the pages' ``csrf_token``."""
    calls: list[int] = []
    signing = forms.generate_csrf

    def counting() -> str:
        calls.append(1)
        return signing()

    monkeypatch.setattr(forms, "generate_csrf", counting)
    return calls


def test_a_sessions_token_is_signed_once_and_every_form_carries_it(new_table, monkeypatch):
    table = new_table("tenk", ("Ann", "Bo"))
    calls = counted_signing(monkeypatch)
    pages = [table.page() for _ in range(3)]
    assert len(calls) == 1  # the first page signed it; the next two took the kept token
    assert len({token for page in pages for token in tokens_of(page)}) == 1
    assert table.roll(1, 1, 1, 2, 3, 4).status_code == 302  # the kept token is accepted


def test_another_phones_token_is_its_own_and_refused_from_this_phone(app, new_table):
    table = new_table("tenk", ("Ann", "Bo"))
    other = app.test_client()
    (mine,) = tokens_of(table.page())
    (theirs,) = tokens_of(other.get(table.url).text)
    assert mine != theirs
    seq = {"seq": "0", "action": "roll", **{f"d{i}": "2" for i in range(6)}}
    refused = table.client.post(f"{table.url}/move", data={**seq, "csrf_token": theirs})
    assert refused.status_code == 400
    assert "2 2 2 2 2 2" not in table.page()


def test_with_a_time_limit_every_request_signs_its_own(app, new_table, monkeypatch):
    table = new_table("tenk", ("Ann", "Bo"))
    app.config["WTF_CSRF_TIME_LIMIT"] = 3600
    calls = counted_signing(monkeypatch)
    for _ in range(3):
        table.page()
    assert len(calls) == 3
    assert table.roll(1, 1, 1, 2, 3, 4).status_code == 302
