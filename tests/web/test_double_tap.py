"""A double tap is quiet: a phone's own second post of the same moves from the same page
lands on the table as after its first, with no refusal; the same moves entered from another
phone's page are told as news, not as an error (issue 47)."""

from __future__ import annotations

import html
import re

from tests.conftest import csrf_of

SET_ASIDE_AND_BANK = {"action": "set_aside_bank", "pick": ["0", "1", "2"]}


def page_fields(table) -> dict[str, str]:
    """The hidden fields of the page's move forms: its move count, CSRF token and own mark."""
    page = table.page()
    seq = re.search(r'name="seq" value="(\d+)"', page)[1]
    mark = re.search(r'name="page" value="([0-9a-f]+)"', page)[1]
    return {"seq": seq, "csrf_token": csrf_of(page), "page": mark}


def stored(app, token: str) -> list[dict]:
    """The table's moves as stored."""
    from referee.web.storage.loading import load, table_by_token

    with app.app_context():
        return load(table_by_token(token)).moves


def said(answer) -> str:
    """An answer's text, entities read and white space folded."""
    return " ".join(html.unescape(answer.text).split())


def test_every_page_posts_a_mark_of_its_own(new_table):
    table = new_table()
    assert page_fields(table)["page"] != page_fields(table)["page"]


def test_a_double_tap_lands_on_the_table_as_one_tap(new_table, app):
    table = new_table()
    table.roll(1, 1, 1, 2, 3, 4)
    fields = {**page_fields(table), **SET_ASIDE_AND_BANK}
    first = table.client.post(f"{table.url}/move", data=fields)
    second = table.client.post(f"{table.url}/move", data=fields)  # the same page, the same move
    assert first.status_code == second.status_code == 302
    assert second.location == first.location
    assert [m["type"] for m in stored(app, table.token)] == ["roll", "set_aside", "bank"]
    landed = table.client.get(second.location)
    assert landed.status_code == 200
    assert 'class="error"' not in landed.text and "already in" not in landed.text


def test_the_same_move_from_another_phone_is_news_not_an_error(new_table, app):
    table = new_table()
    table.roll(1, 1, 1, 2, 3, 4)
    mine, theirs = page_fields(table), page_fields(table)  # two phones on the same table
    first = table.client.post(f"{table.url}/move", data={**mine, **SET_ASIDE_AND_BANK})
    assert first.status_code == 302
    other = table.client.post(f"{table.url}/move", data={**theirs, **SET_ASIDE_AND_BANK})
    assert other.status_code == 409
    assert 'class="error"' not in other.text
    news = re.search(r'<p class="flash" role="status">([^<]*)</p>', other.text)
    assert news is not None
    assert html.unescape(news[1]) == (
        "That is already in: Ann's set-aside 1 1 1; Ann's bank, entered by another phone, so "
        "nothing was doubled. Here is the table as it stands now."
    )
    assert len(stored(app, table.token)) == 3


def test_another_move_from_the_same_page_is_still_refused(new_table, app):
    table = new_table()
    table.roll(1, 1, 1, 2, 3, 4)
    fields = page_fields(table)
    first = table.client.post(f"{table.url}/move", data={**fields, **SET_ASIDE_AND_BANK})
    assert first.status_code == 302
    again = table.client.post(
        f"{table.url}/move", data={**fields, "action": "set_aside", "pick": ["0"]}
    )
    assert again.status_code == 409 and "This table moved on" in said(again)
    assert 'class="error"' in again.text
    assert len(stored(app, table.token)) == 3


def test_a_double_tap_whose_second_post_loses_the_write_lands_on_the_table(
    new_table, app, monkeypatch
):
    """Both posts read the table before either is stored: the first is stored between the
    second's judging and its write, and the second, from the same page, lands quietly."""
    from referee.web.play import tables
    from referee.web.storage import loading, store

    table = new_table()
    table.roll(1, 1, 1, 2, 3, 4)
    fields = {**page_fields(table), **SET_ASIDE_AND_BANK}
    real = store.add_moves

    def beaten(loaded, posted, after, page=None):
        current = loading.load(loading.table_by_token(table.token))
        real(current, posted, after, page)  # the first tap's write
        real(loaded, posted, after, page)  # the version claim fails

    monkeypatch.setattr(tables, "add_moves", beaten)
    answer = table.client.post(f"{table.url}/move", data=fields)
    assert answer.status_code == 302
    assert [m["type"] for m in stored(app, table.token)] == ["roll", "set_aside", "bank"]
