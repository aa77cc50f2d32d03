"""Keys and Base Dice's "Set aside and bank" (issue 25: taps that carry no information are not
asked for): one post once both keys are down, refused with a key still unset."""

from __future__ import annotations

import html
import re

from referee.web.storage.loading import move_data, table_by_token
from tests.conftest import Table


def stored(app, table: Table) -> list[dict]:
    with app.app_context():
        return move_data(table_by_token(table.token).id)


def text(response) -> str:
    return html.unescape(response.text)


def sb_roll(table: Table, base, keys):
    fields = {f"d{i}": str(v) for i, v in enumerate(base)}
    fields.update({f"k{i}": str(v) for i, v in enumerate(keys)})
    return table.post(action="roll", **fields)


def test_set_aside_and_bank_is_one_post_once_both_keys_are_down(new_table, app):
    table = new_table("sb", ("Anna", "Barry"))
    sb_roll(table, [3, 3, 3, 3, 1, 2, 5, 6], [1, 1])
    page = table.page()
    assert re.search(
        r'value="set_aside_bank" class="secondary" data-least="2">Set aside and bank', page
    )
    sb_roll_keys = table.pick(8, 9)  # the keys: a key sandwich of 1s, worth nothing yet
    assert sb_roll_keys.status_code == 302
    sb_roll(table, [3, 3, 3, 1, 1, 2, 5, 6], [])
    response = table.pick(3, 4, bank=True)  # the two 1s on the 1-1 sandwich: 8 points
    assert response.status_code == 302
    assert [m["type"] for m in stored(app, table)][-2:] == ["set_aside", "bank"]
    ruling = html.unescape(table.ruling())
    assert "Anna banked key sandwich of 1s: 2 x 4 = 8." in ruling and "Barry" in ruling


def test_set_aside_and_bank_with_a_key_still_unset_is_refused_and_nothing_stored(new_table, app):
    table = new_table("sb", ("Anna", "Barry"))
    sb_roll(table, [3, 3, 3, 3, 1, 2, 5, 6], [1, 4])
    response = table.pick(0, 1, 2, 3, bank=True)
    assert response.status_code == 422
    assert "Anna cannot stop yet: both keys must be set aside before banking." in text(response)
    assert len(stored(app, table)) == 1
    assert response.text.count("checked") >= 4  # the picks come back ticked


def test_set_aside_and_bank_of_the_last_dice_is_the_set_aside_alone(new_table, app):
    table = new_table("sb", ("Anna", "Barry"))
    sb_roll(table, [3, 3, 3, 3, 4, 4, 4, 4], [1, 1])
    table.pick(*range(8))
    sb_roll(table, [], [2, 6])
    assert table.pick(0, 1, bank=True).status_code == 302
    assert [m["type"] for m in stored(app, table)][-1] == "set_aside"
    assert "All ten dice are set aside: Anna scores Full Split" in html.unescape(table.ruling())
