"""Keys and Base Dice through the play page: keys in their own rows, refusals, the endgame."""

from __future__ import annotations

import html

from referee.web.storage.loading import table_by_token


def roll(table, base, keys=()):
    fields = {f"d{i}": str(v) for i, v in enumerate(base)}
    fields.update({f"k{i}": str(v) for i, v in enumerate(keys)})
    return table.post(action="roll", **fields)


def stored(app, table_id):
    with app.app_context():
        return len(table_by_token(table_id).moves)


def test_roll_form_has_base_rows_and_separate_key_rows(new_table):
    page = new_table("sb", ("Anna", "Barry")).page()
    assert page.count('name="d7"') == 6 and 'name="d8"' not in page
    assert 'class="key-rows"' in page and page.count('name="k1"') == 6


def test_keys_are_stored_with_a_K(new_table, app):
    table = new_table("sb", ("Anna", "Barry"))
    assert roll(table, [1, 1, 2, 3, 3, 4, 5, 5], [2, 6]).status_code == 302
    with app.app_context():
        move = table_by_token(table.token).moves[0].data
    assert move["dice"][-2:] == ["K2", "K6"]


def test_mixed_set_aside_is_refused_with_the_reason(new_table, app):
    table = new_table("sb", ("Anna", "Barry"))
    roll(table, [1, 1, 2, 3, 3, 4, 5, 5], [2, 6])
    response = table.pick(0, 1, 8)
    assert response.status_code == 422
    assert "never both at once" in response.text
    assert stored(app, table.token) == 1


def test_lone_base_die_is_refused(new_table):
    table = new_table("sb", ("Anna", "Barry"))
    roll(table, [1, 1, 2, 3, 3, 4, 5, 5], [2, 6])
    response = table.pick(2)
    assert response.status_code == 422 and "the lone 2 cannot go alone" in response.text


def test_missing_key_value_is_asked_for(new_table, app):
    table = new_table("sb", ("Anna", "Barry"))
    response = roll(table, [1, 1, 2, 3, 3, 4, 5, 5], [2])
    assert response.status_code == 422 and "Tap a value for key 2" in response.text
    assert stored(app, table.token) == 0


def test_bank_refused_while_a_key_is_unset(new_table):
    table = new_table("sb", ("Anna", "Barry"))
    roll(table, [1, 1, 2, 3, 3, 4, 5, 5], [2, 6])
    table.pick(9)
    page = table.page()
    assert "A key is still unset: roll again." in page and "Bank " not in page
    response = table.post(action="bank")
    assert response.status_code == 422 and "both keys must be set aside" in response.text


def test_full_split_scores_at_once_and_shows_worth(new_table):
    table = new_table("sb", ("Anna", "Barry"))
    roll(table, [3, 3, 3, 3, 4, 4, 5, 5], [1, 1])
    table.pick(0, 1, 2, 3, 4, 5, 6, 7)
    roll(table, [], [2, 6])
    table.pick(0, 1)
    assert "All ten dice are set aside: Anna scores Full Split between 2 and 6: 20." in (
        html.unescape(table.ruling())
    )


def test_leader_gets_an_extra_turn_when_tied(new_table):
    table = new_table("sb", ("Anna", "Barry"), target=20)
    for _ in range(2):
        roll(table, [3, 3, 3, 3, 4, 4, 5, 5], [1, 1])
        table.pick(0, 1, 2, 3, 4, 5, 6, 7)
        roll(table, [], [2, 6])
        table.pick(0, 1)
    ruling = html.unescape(table.ruling())
    assert (
        "Anna is no longer strictly ahead (20 against 20), so Anna takes one more turn." in ruling
    )
    page = html.unescape(table.page())
    assert "still to play Anna" in page and "one more turn" in page


def test_undo_and_stale_submission(new_table, app):
    table = new_table("sb", ("Anna", "Barry"))
    seq, token = table.form_fields()
    fields = {"seq": seq, "csrf_token": token, "action": "roll"}
    fields.update({f"d{i}": "2" for i in range(8)} | {"k0": "1", "k1": "6"})
    assert table.client.post(f"{table.url}/move", data=fields).status_code == 302
    assert table.client.post(f"{table.url}/move", data=fields).status_code == 409
    assert table.post("undo").status_code == 302
    assert stored(app, table.token) == 0


def test_sb_help_page_states_the_rulings(client):
    page = html.unescape(client.get("/games/sb").text)
    for words in ("never", "lone", "original leader", "strictly ahead", "Full Split", "40", "4"):
        assert words in page


def test_set_asides_after_one_roll_combine_in_the_preview(new_table):
    """docs/rulings.md, "Every game": a lone 3 may join the 3s set aside from the same roll, and the
    preview says it joins them."""
    table = new_table("sb", ("Anna", "Barry"))
    roll(table, [3, 3, 3, 1, 2, 4, 5, 6], [2, 6])
    table.pick(0, 1)
    page = html.unescape(table.page())
    assert '"3": [1, "3 (with the 3 3 set aside from this roll): the turn would be worth' in page


def test_final_round_shows_what_passes_the_original_leader(new_table):
    table = new_table("sb", ("Anna", "Barry", "Cal"), target="1")
    roll(table, [1, 1, 2, 3, 3, 4, 5, 5], [2, 6])
    table.pick(8, 9)  # both keys: split 2-6
    roll(table, [3, 3, 1, 1, 2, 2, 6, 6])
    table.pick(0, 1, bank=True)  # two 3s between the keys: 4
    page = html.unescape(table.page())
    assert "Final round: Barry needs 5 to pass Anna (4 ties)." in page
    assert "last turn · needs 5 to pass Anna (4 ties)" in page


def test_sb_help_page_says_set_asides_after_one_roll_combine(client):
    page = html.unescape(client.get("/games/sb").text)
    assert "it all counts as one set-aside, judged together as if entered at once" in page
    assert "A key and then a base group from one roll is refused" in page
    assert "3 3 and then the third 3 is a group of three 3s" in page
