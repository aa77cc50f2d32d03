"""Six D Five's stack entered as it stands, a count of the dice on it (issue 25: taps that
carry no information are not asked for), each die for its player in turn; who may enter it."""

from __future__ import annotations

import html

import pytest

from referee.web.storage.loading import move_data, table_by_token
from tests.conftest import Table, csrf_token

ABC = ("Ann", "Bo", "Cy")


def stored(app, table: Table) -> list[dict]:
    with app.app_context():
        return move_data(table_by_token(table.token).id)


def text(response) -> str:
    return html.unescape(response.text)


def sit(table: Table, choice: str):
    token = csrf_token(table.client, table.url)
    return table.client.post(f"{table.url}/seat", data={"as": choice, "csrf_token": token})


def test_the_stack_is_entered_as_a_count_each_die_for_its_player_in_turn(new_table, app):
    table = new_table("sixd-five", ABC)
    table.post(action="place")
    page = html.unescape(table.page())
    assert 'name="action" value="stack"' in page and "Or type the dice on the stack now" in page
    assert table.post(action="stack", count="6").status_code == 302
    assert stored(app, table) == [
        {"player": name, "type": "place"} for name in ("Ann", "Bo", "Cy", "Ann", "Bo", "Cy")
    ]
    assert "Cy placed die 6 of 36: 30 to go; Ann to place." in html.unescape(table.ruling())
    assert table.post(action="place").status_code == 302  # one more die: still one tap
    assert stored(app, table)[-1] == {"player": "Ann", "type": "place"}


def test_a_count_to_the_last_die_leaves_the_sides_to_the_next_seat(new_table, app):
    table = new_table("sixd-five", ("Ann", "Bo"), dice=5)
    assert table.post(action="stack", count="5").status_code == 302
    page = html.unescape(table.page())
    assert "Ann placed the last die, 5 of 5. Bo enters the pips showing on each side." in page
    assert "Bo counts the sides" in page and 'value="stack"' not in page
    assert [m["player"] for m in stored(app, table)] == ["Ann", "Bo", "Ann", "Bo", "Ann"]


@pytest.mark.parametrize(
    ("count", "said"),
    [
        ("2", "The stack already holds 3 dice, not 2: nothing was added (Undo takes a die back)."),
        ("3", "The stack already holds 3 dice: nothing was added."),
        ("37", "The stack takes 36 dice in all, not 37: nothing was added."),
        ("", "Type how many dice are on the stack now."),
        ("٥", "Type the dice on the stack as a whole number."),
        ("7" * 5000, "Type the dice on the stack as a whole number."),
    ],
)
def test_a_bad_count_is_refused_with_a_sentence_and_nothing_stored(new_table, app, count, said):
    table = new_table("sixd-five", ABC)
    table.post(action="stack", count="3")
    response = table.post(action="stack", count=count)
    assert response.status_code == 422
    assert said in text(response)
    assert len(stored(app, table)) == 3
    if 0 < len(count) < 5:  # the count comes back in its field
        assert f'placeholder="36" value="{count}"' in text(response)


def test_a_seated_phone_may_enter_the_stack_but_not_another_seats_sides(new_table, app):
    ann = new_table("sixd-five", ("Ann", "Bo"), dice=4)
    bo = Table(app.test_client(), ann.token)
    sit(ann, "0")
    ann.post(action="place")
    page = html.unescape(ann.page())  # Bo's die next, but any phone may enter it
    assert "Bo placed die 2" in page and "This phone is Ann’s" not in page
    assert ann.post(action="stack", count="4").status_code == 302
    assert [m["player"] for m in stored(app, ann)] == ["Ann", "Bo", "Ann", "Bo"]
    sit(bo, "1")  # Ann counts the sides: Bo's phone waits
    assert "Ann’s turn: Ann’s phone (or a table phone) enters it." in html.unescape(bo.page())
    refused = bo.post(action="sides", side0="5", side1="6")
    assert refused.status_code == 403 and len(stored(app, ann)) == 4


def test_a_watching_phone_enters_no_dice(new_table, app):
    table = new_table("sixd-five", ("Ann", "Bo"))
    sit(table, "watch")
    token = csrf_token(table.client, table.url)
    data = {"seq": "0", "csrf_token": token, "action": "stack", "count": "3"}
    response = table.client.post(f"{table.url}/move", data=data)
    assert response.status_code == 403 and "only watches" in text(response)
    assert stored(app, table) == []


def test_the_help_page_says_who_may_enter_the_stack(client):
    page = html.unescape(client.get("/games/sixd-five").text)
    assert "type how many dice are on the stack now" in page
    assert "Any phone at the table may enter dice, a phone seated as one player too" in page
