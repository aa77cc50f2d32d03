"""The pages' CSRF token (``referee/web/play/forms.py``, ``register_page_token``): a session's token
is signed once and kept, since tokens have no time limit here; it is still the one Flask-WTF
checks, another phone's token is still refused, and with a time limit every request signs
its own."""

from __future__ import annotations

import re

import referee.web.play.forms as forms
from tests.tiny_game import SLUG

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


def test_a_sessions_token_is_signed_once_and_every_form_carries_it(
    new_table, tiny_game, monkeypatch
):
    table = new_table(SLUG, ("Ann", "Bo"))
    calls = counted_signing(monkeypatch)
    pages = [table.page() for _ in range(3)]
    assert len(calls) == 1  # the first page signed it; the next two took the kept token
    assert len({token for page in pages for token in tokens_of(page)}) == 1
    assert table.roll(4).status_code == 302  # the kept token is accepted


def test_another_phones_token_is_its_own_and_refused_from_this_phone(app, new_table, tiny_game):
    table = new_table(SLUG, ("Ann", "Bo"))
    other = app.test_client()
    (mine,) = tokens_of(table.page())
    (theirs,) = tokens_of(other.get(table.url).text)
    assert mine != theirs
    seq = {"seq": "0", "action": "roll", "d0": "2"}
    refused = table.client.post(f"{table.url}/move", data={**seq, "csrf_token": theirs})
    assert refused.status_code == 400
    assert "A 2: turn total 2." not in table.page()


def test_with_a_time_limit_every_request_signs_its_own(app, new_table, tiny_game, monkeypatch):
    table = new_table(SLUG, ("Ann", "Bo"))
    app.config["WTF_CSRF_TIME_LIMIT"] = 3600
    calls = counted_signing(monkeypatch)
    for _ in range(3):
        table.page()
    assert len(calls) == 3
    assert table.roll(4).status_code == 302
