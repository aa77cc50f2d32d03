"""Table pages rendered once and kept (``referee.web.play.kept_pages``, issue 49): a kept page
is the page a fresh render gives, byte for byte but for the phone's own CSRF token and page
mark, for every seed table of every game (and pixel for pixel at 390x844, measured once for
the seeds' pages, kept and rendered afresh); another phone gets its own token, and what only
one phone's page holds (a message, a seat others took since) is never served from another's.
"""

from __future__ import annotations

import re

import pytest

from referee.web.base.weighed import WeighedCache
from referee.web.play.kept_pages import CACHE, KEPT_BYTES
from tests.conftest import Table, csrf_of, without_csrf_tokens
from tests.web.support import SEEDS, flash, seed_opening

MARK = re.compile(r'name="page" value="[0-9a-f]+"')
SEED_NAMES = sorted(path.stem for path in SEEDS.glob("*.json"))


def shape(page: str) -> str:
    """A page with its page marks (one per page rendered or served) and its CSRF tokens
    blanked."""
    return without_csrf_tokens(MARK.sub('name="page" value=""', page))


def forget_kept(app) -> None:
    """Empty the app's kept pages: the next read renders."""
    app.extensions[CACHE] = WeighedCache(KEPT_BYTES)


@pytest.mark.parametrize("name", SEED_NAMES)
def test_a_kept_page_is_the_rendered_page_but_for_its_mark(app, client, stored, name) -> None:
    (token,) = stored(seed_opening(name, 10_000))
    first = client.get(f"/t/{token}").text  # rendered, kept
    assert len(app.extensions[CACHE]) == 1
    kept = client.get(f"/t/{token}").text
    forget_kept(app)
    fresh = client.get(f"/t/{token}").text
    assert shape(kept) == shape(first) == shape(fresh)
    assert MARK.findall(kept) == [] or MARK.findall(kept) != MARK.findall(first)


def test_another_phone_gets_its_own_token_and_its_move_lands(app, stored, tenk_log) -> None:
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust", "win"))
    ann, bo = app.test_client(), app.test_client()
    for phone in (ann, bo):  # each a table phone, passed round: the same seating
        question = phone.get(f"/t/{token}").text
        fields = {"as": "table", "csrf_token": csrf_of(question)}
        assert phone.post(f"/t/{token}/seat", data=fields).status_code == 302
        phone.get(f"/t/{token}")  # the seat's message
    ann_page = ann.get(f"/t/{token}").text  # rendered and kept
    bo_page = bo.get(f"/t/{token}").text  # Ann's, kept, with Bo's token
    assert csrf_of(bo_page) != csrf_of(ann_page)
    assert csrf_of(ann_page) not in bo_page
    assert shape(bo_page.replace(csrf_of(bo_page), "")) == shape(
        ann_page.replace(csrf_of(ann_page), "")
    )
    mark = re.search(r'name="page" value="([0-9a-f]+)"', bo_page).group(1)
    roll = {"seq": "4", "csrf_token": csrf_of(bo_page), "page": mark, "action": "roll"}
    roll.update({f"d{i}": str(v) for i, v in enumerate((1, 2, 3, 4, 6, 6))})
    assert bo.post(f"/t/{token}/move", data=roll).status_code == 302


def test_a_message_and_a_seat_taken_since_are_never_served_kept(app, stored, tenk_log) -> None:
    (token,) = stored(tenk_log(("Ann", "Bo"), "bust"))
    ann, bo = app.test_client(), app.test_client()
    question = ann.get(f"/t/{token}").text
    response = ann.post(f"/t/{token}/seat", data={"as": "0", "csrf_token": csrf_of(question)})
    assert "Ann" in flash(response, Table(ann, token))  # the message: a page not kept
    ann.get(f"/t/{token}")  # rendered and kept
    assert 'class="flash"' not in ann.get(f"/t/{token}").text
    assert "I am Bo (taken)" not in ann.get(f"/t/{token}").text
    question = bo.get(f"/t/{token}").text
    sat = bo.post(f"/t/{token}/seat", data={"as": "1", "csrf_token": csrf_of(question)})
    assert sat.status_code == 302
    assert "I am Bo (taken)" in ann.get(f"/t/{token}").text
