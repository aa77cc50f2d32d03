"""Simultaneous play: phones seated at a Solitaire Dice table split one shared roll at once.

Every split posted from the same page (the same ``seq``) for a different sheet is stored,
in any order, judged on the table as it stands; a second split for the same sheet, a
split from before a new roll, and a split the table as it stands refuses change nothing;
a seated phone opens on its own sheet; a refused post's page has no link that is a 405.
"""

from __future__ import annotations

import html
import re
from itertools import permutations
from urllib.parse import urljoin, urlsplit

import pytest

from tests.conftest import Table, csrf_token

ROLL = (1, 1, 3, 5, 6)
SPLIT = "1,5|1,6|3"  # 6 and 7, throw away 3
OTHER_SPLIT = "1,1|5,6|3"  # 2 and 11, throw away 3
PLAYERS = ("Ann", "Bob", "Cat")


def sit(table: Table, seat: int) -> None:
    token = csrf_token(table.client, table.url)
    sat = table.client.post(f"{table.url}/seat", data={"as": str(seat), "csrf_token": token})
    assert sat.status_code == 302


def split(phone: Table, seq: int, csrf: str, player: str, posted: str = SPLIT):
    """Post ``player``'s split as a page showing ``seq`` moves does."""
    data = {"seq": seq, "csrf_token": csrf, "action": "assign", "player": player, "split": posted}
    return phone.client.post(f"{phone.url}/move", data=data)


def moves(app, token: str) -> list[dict]:
    from referee.web.storage.loading import load, table_by_token

    with app.app_context():
        loaded = load(table_by_token(token))
        assert loaded.replay.error is None
        return loaded.moves


@pytest.fixture
def seated(new_table, app):
    """A Solitaire table of Ann, Bob and Cat, one phone seated in each seat, rolled once."""

    def make(players=PLAYERS):
        table = new_table("solitaire", players)
        phones = [Table(app.test_client(), table.token) for _ in players]
        for seat, phone in enumerate(phones):
            sit(phone, seat)
        assert phones[0].roll(*ROLL).status_code == 302
        return table, phones

    return make


@pytest.mark.parametrize("order", list(permutations(range(3))), ids=lambda o: "".join(map(str, o)))
def test_three_splits_posted_from_one_page_are_all_stored_in_any_order(seated, app, order):
    table, phones = seated()
    pages = [phone.form_fields() for phone in phones]  # all three read the same page
    assert {seq for seq, _ in pages} == {1}
    for seat in order:
        seq, csrf = pages[seat]
        response = split(phones[seat], seq, csrf, PLAYERS[seat])
        assert response.status_code == 302, html.unescape(response.text)
    stored = moves(app, table.token)
    assert [m.get("player") for m in stored[1:]] == [PLAYERS[seat] for seat in order]
    ruling = html.unescape(phones[0].ruling())
    assert "Roll again." in ruling
    assert 'name="d0"' in phones[0].page()  # every sheet split: the next roll is asked for


def test_a_phone_whose_split_another_followed_sees_its_own_ruling(seated):
    """Bob and Cat split at the same instant, Cat's stored just after Bob's: Bob's page
    gives the table's ruling, then Bob's own (issue 47), until the next roll; Cat's gives
    Cat's alone."""
    _, phones = seated()
    (seq, csrf_bob), (_, csrf_cat) = phones[1].form_fields(), phones[2].form_fields()
    assert split(phones[1], seq, csrf_bob, "Bob").status_code == 302
    assert split(phones[2], seq, csrf_cat, "Cat", OTHER_SPLIT).status_code == 302
    rulings = [
        [html.unescape(p) for p in re.findall(r"<p[^>]*>([^<]*)</p>", section)]
        for section in (
            re.search(r'<section class="ruling".*?</section>', phone.page(), re.S)[0]
            for phone in phones[1:]
        )
    ]
    bob, cat = rulings
    assert len(bob) == 2 and bob[0].startswith("Cat") and bob[0].endswith("Still to split: Ann.")
    assert bob[1].startswith("This phone’s move: Bob") and "Still to split: Ann, Cat." in bob[1]
    assert cat == [bob[0]]
    assert "This phone’s move: Bob" in phones[1].page()  # kept through a live update
    assert split(phones[0], seq, phones[0].form_fields()[1], "Ann").status_code == 302
    assert phones[0].roll(*ROLL).status_code == 302  # the next roll ends it
    again = re.search(r'<section class="ruling".*?</section>', phones[1].page(), re.S)[0]
    assert again.count("<p") == 1 and "This phone’s move" not in again


def test_two_splits_from_one_table_phone_page_are_both_stored(new_table, app):
    table = new_table("solitaire", ("Ann", "Bob"))
    table.roll(*ROLL)
    seq, csrf = table.form_fields()
    assert split(table, seq, csrf, "Bob", OTHER_SPLIT).status_code == 302
    assert split(table, seq, csrf, "Ann").status_code == 302
    stored = moves(app, table.token)
    assert [(m["player"], m["pairs"]) for m in stored[1:]] == [
        ("Bob", [["1", "1"], ["5", "6"]]),
        ("Ann", [["1", "5"], ["1", "6"]]),
    ]


def test_a_second_split_for_the_same_sheet_is_a_409(seated, app):
    table, phones = seated()
    seq, csrf = phones[1].form_fields()
    assert split(phones[1], seq, csrf, "Bob").status_code == 302
    again = split(phones[1], seq, csrf, "Bob", OTHER_SPLIT)  # a double tap
    assert again.status_code == 409
    assert (
        "This table moved on since your page was loaded: Bob's split was stored meanwhile "
        "(a double tap, or another phone), so nothing was changed."
    ) in html.unescape(again.text)
    assert len(moves(app, table.token)) == 2


def test_a_split_from_before_a_new_roll_is_a_409_though_the_new_roll_would_take_it(new_table, app):
    table = new_table("solitaire", ("Ann", "Bob"))
    table.roll(*ROLL)
    split(table, *table.form_fields(), "Ann")
    seq, csrf = table.form_fields()  # Ann has split; the page waits for Bob
    split(table, seq, csrf, "Bob")
    table.roll(*ROLL)  # the same dice again: Ann's split would be legal on it
    late = split(table, seq, csrf, "Ann")
    assert late.status_code == 409
    assert (
        "This table moved on since your page was loaded: the roll 1 1 3 5 6 came in between, "
        "so nothing was changed. Here is the table as it stands now."
    ) in html.unescape(late.text)
    assert len(moves(app, table.token)) == 4


def test_a_late_split_the_table_as_it_stands_refuses_is_a_422(seated, app):
    table, phones = seated()
    (seq, ann_csrf), (_, cat_csrf) = phones[0].form_fields(), phones[2].form_fields()
    assert split(phones[0], seq, ann_csrf, "Ann").status_code == 302
    wrong = split(phones[2], seq, cat_csrf, "Cat", "2,5|1,6|3")  # no 2 was rolled
    assert wrong.status_code == 422
    assert "does not match the roll" in html.unescape(wrong.text)
    assert len(moves(app, table.token)) == 2


def test_a_late_split_for_another_seat_is_refused_by_the_seat(seated, app):
    table, phones = seated()
    (seq, ann_csrf), (_, cat_csrf) = phones[0].form_fields(), phones[2].form_fields()
    assert split(phones[0], seq, ann_csrf, "Ann").status_code == 302
    refused = split(phones[2], seq, cat_csrf, "Bob")  # Cat's phone posts Bob's split
    assert refused.status_code == 403
    assert "This phone sits in Cat’s seat" in html.unescape(refused.text)
    assert len(moves(app, table.token)) == 2


def test_a_split_that_loses_the_write_to_another_phone_is_judged_again(seated, app, monkeypatch):
    """Another phone's split is stored between this post's judging and its write (as when
    two posts arrive at the same instant): the version claim fails, and the post is judged
    again on the table with the other split and stored."""
    from referee.web.play import tables
    from referee.web.storage import loading, store

    table, phones = seated()
    seq, csrf = phones[2].form_fields()
    real = store.add_moves
    bob = {"type": "assign", "player": "Bob", "pairs": [["1", "5"], ["1", "6"]], "throwaway": "3"}
    calls = []

    def beaten_once(loaded, posted, after, page=None):
        calls.append(loaded.seq)
        if len(calls) == 1:  # Bob's phone gets there first
            current = loading.load(loading.table_by_token(table.token))
            real(current, [bob], current.replay.apply(bob))
        real(loaded, posted, after, page)

    monkeypatch.setattr(tables, "add_moves", beaten_once)
    assert split(phones[2], seq, csrf, "Cat").status_code == 302
    assert calls == [1, 2]
    assert [m["player"] for m in moves(app, table.token)[1:]] == ["Bob", "Cat"]


def test_a_seated_phone_opens_on_its_own_sheet(seated):
    _, phones = seated()
    page = html.unescape(phones[2].page())
    assert "Cat: split" in page and "Ann: split" not in page
    assert 'aria-label="Sheets still to split"' not in page  # no tabs to others' splits
    assert re.search(r'class="card sheet current" aria-label="Cat\'s sheet"', page)
    seq, csrf = phones[2].form_fields()
    split(phones[2], seq, csrf, "Cat")
    page = html.unescape(phones[2].page())
    assert "Cat has split this roll. Still to split: Ann, Bob." in page
    assert 'name="split"' not in page
    assert re.search(r'class="card sheet current" aria-label="Cat\'s sheet"', page)


def test_a_table_phone_still_opens_on_the_first_sheet_and_has_tabs(new_table):
    table = new_table("solitaire", PLAYERS)
    table.roll(*ROLL)
    page = html.unescape(table.page())
    assert "Ann: split" in page
    assert f'href="/t/{table.token}?sheet=Bob#now"' in page


def test_a_refused_posts_page_has_no_link_that_is_a_405(new_table):
    table = new_table("solitaire", PLAYERS)
    table.roll(*ROLL)
    seq, csrf = table.form_fields()
    split(table, seq, csrf, "Ann")
    refused = split(table, seq, csrf, "Ann")
    assert refused.status_code == 409
    base = f"http://localhost{table.url}/move"
    links = set(re.findall(r'<a [^>]*href="([^"]*)"', refused.text))
    assert any("sheet=Bob" in link for link in links)
    for link in links:
        target = urlsplit(urljoin(base, html.unescape(link)))
        if target.netloc != "localhost" or target.path.startswith("/static/"):
            continue
        path = target.path + (f"?{target.query}" if target.query else "")
        assert table.client.get(path).status_code != 405, link


@pytest.mark.parametrize("write", ["move", "undo", "seat", "odds"])
def test_the_address_of_a_refused_post_leads_back_to_the_table(new_table, write):
    table = new_table("solitaire", PLAYERS)
    response = table.client.get(f"{table.url}/{write}")
    assert response.status_code == 303
    assert response.location == table.url


def test_the_help_page_says_each_player_may_split_on_their_own_phone(client):
    page = html.unescape(client.get("/games/solitaire").text)
    assert "a phone seated as a player opens on that player's sheet" in page
    assert "splits tapped on several phones at the same moment are all kept" in page


def test_the_odds_a_phone_shows_are_for_the_sheet_on_its_screen(seated):
    """With the odds on, each seated phone sees the advice for its own split (``facing``),
    none once it has split; a table phone sees the sheet its tab asks for."""
    from tests.web.test_odds_web import switch

    table, phones = seated()
    assert switch(table, "on").status_code == 302
    assert "For Cat’s sheet." in html.unescape(phones[2].page()).replace("'", "’")
    assert "For Ann’s sheet." in html.unescape(phones[0].page()).replace("'", "’")
    seq, csrf = phones[2].form_fields()
    assert split(phones[2], seq, csrf, "Cat").status_code == 302
    assert "For Cat’s sheet." not in html.unescape(phones[2].page()).replace("'", "’")
    asked = html.unescape(table.client.get(f"{table.url}?sheet=Bob").text).replace("'", "’")
    assert "For Bob’s sheet." in asked


@pytest.mark.parametrize(("slug", "dice"), [("solitaire", ROLL), ("tenk", (1, 1, 5, 2, 3, 4))])
def test_the_same_roll_entered_by_two_phones_is_stored_once_and_the_second_is_told(
    new_table, app, slug, dice
):
    table = new_table(slug, players=PLAYERS) if slug == "solitaire" else new_table(slug)
    seq, csrf = table.form_fields()  # both phones show the table before the roll
    first = table.roll(*dice)
    assert first.status_code == 302
    shuffled = {f"d{i}": str(v) for i, v in enumerate(reversed(dice))}  # tapped in another order
    second = table.client.post(
        f"{table.url}/move", data={"seq": seq, "csrf_token": csrf, "action": "roll", **shuffled}
    )
    assert second.status_code == 409
    said = " ".join(html.unescape(second.text).split())
    assert "That is already in:" in said and "so nothing was doubled" in said
    assert len(moves(app, table.token)) == 1


def test_a_different_roll_from_a_page_behind_is_still_told_the_table_moved_on(new_table, app):
    table = new_table("tenk")
    seq, csrf = table.form_fields()
    assert table.roll(1, 1, 5, 2, 3, 4).status_code == 302
    other = {f"d{i}": "2" for i in range(6)}
    second = table.client.post(
        f"{table.url}/move", data={"seq": seq, "csrf_token": csrf, "action": "roll", **other}
    )
    assert second.status_code == 409 and "This table moved on" in second.text
    assert len(moves(app, table.token)) == 1


def test_the_same_roll_that_loses_the_write_to_another_phone_is_told_it_is_already_in(
    new_table, app, monkeypatch
):
    """Two phones post the same roll at the same instant, both from the table as it is: the
    other phone's is stored between this post's judging and its write; this one is told the
    roll is already in, and nothing is doubled."""
    from referee.web.play import tables
    from referee.web.storage import loading, store

    table = new_table("tenk")
    real = store.add_moves

    def beaten(loaded, posted, after, page=None):
        current = loading.load(loading.table_by_token(table.token))
        roll = {"player": "Ann", "type": "roll", "dice": ["4", "3", "2", "5", "1", "1"]}
        real(current, [roll], current.replay.apply(roll))
        real(loaded, posted, after, page)  # the version claim fails

    monkeypatch.setattr(tables, "add_moves", beaten)
    answer = table.roll(1, 1, 5, 2, 3, 4)
    assert answer.status_code == 409
    said = " ".join(html.unescape(answer.text).split())
    assert "That is already in: Ann's roll 4 3 2 5 1 1, entered by another phone" in said
    assert len(moves(app, table.token)) == 1


def test_a_phone_that_joined_is_offered_no_sheet_another_phone_holds(seated, app):
    table, phones = seated()  # Ann, Bob and Cat each on a phone of their own, the roll in
    joined = Table(app.test_client(), table.token)
    page = html.unescape(joined.page())
    assert "Who is this phone?" in page and 'name="split"' not in page
    assert "Still to split: Ann, Bob, Cat, each on their own phone. Say above who" in page
