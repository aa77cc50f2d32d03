"""Taps that carry no information are not asked for (issue 25): Six D Five's stack entered
as a count, Six D Four's forced passes made by the referee (said in words, undone with the
move that forced them), Keys and Base Dice's "Set aside and bank"."""

from __future__ import annotations

import html
import random
import re

import pytest

from referee.autoplay import play_random_game
from referee.core.moves import resolve_options
from referee.games import get_game
from referee.log import GameLog, loads, replay
from referee.web.storage.store import import_log, move_data, table_by_token
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


# --- Six D Five: the stack as it stands ---------------------------------------------------


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


# --- Six D Four: forced passes ------------------------------------------------------------


def forced_mid_game() -> tuple[list[dict], dict]:
    """A three-player game of random play up to a placement after which one player must
    pass and the next may place: (the moves before it, the placement)."""
    game = get_game("sixd-four")
    for seed in range(100):
        moves = play_random_game(game, ABC, resolve_options(game, {}), random.Random(seed))
        kinds = "".join("P" if m["type"] == "pass" else "." for m in moves)
        at = kinds.find(".P.")
        if at >= 0:
            return moves[:at], moves[at]
    raise AssertionError("no random game passes in the middle")


def test_a_forced_pass_in_the_middle_of_a_game_is_made_stamped_and_said(client, app):
    before, placement = forced_mid_game()
    with app.app_context():
        token = import_log(GameLog("sixd-four", ABC, {}, tuple(before)))
    table = Table(client, token)
    placer = get_game("sixd-four").to_move(_state(before))
    response = table.post(action="place", cell=",".join(map(str, placement["cell"])))
    assert response.status_code == 302
    moves = stored(app, table)
    passer = moves[-1]["player"]
    assert moves[-1] == {"player": passer, "type": "pass"} and passer != placer
    assert moves[-2]["player"] == placer and len(moves) == len(before) + 2
    page = html.unescape(table.page())
    said = f"{passer} had nothing to play but a pass: the referee made it for them."
    assert said in page and "the game is over" not in page
    assert f"{passer} passed." in page
    undo = page[page.index('<details class="undo') :]
    assert f"Undo {placer}'s placement at " in undo and f"after it: {passer}'s pass?" in undo
    exported = loads(client.get(f"{table.url}/log.json").text)
    replayed = replay(exported)  # the log with the referee's passes replays as stored
    assert replayed.error is None and replayed.moves_applied == len(before) + 2
    assert table.post("undo").status_code == 302
    assert len(stored(app, table)) == len(before)


def _state(moves):
    return replay(GameLog("sixd-four", ABC, {}, tuple(moves))).state


# --- Keys and Base Dice: set aside and bank -------------------------------------------------


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


def test_the_help_page_says_who_may_enter_the_stack(client):
    page = html.unescape(client.get("/games/sixd-five").text)
    assert "type how many dice are on the stack now" in page
    assert "Any phone at the table may enter dice, a phone seated as one player too" in page


def test_the_help_page_says_the_referee_makes_a_forced_pass(client):
    page = html.unescape(client.get("/games/sixd-four").text)
    assert "On the phone the referee makes such a pass itself, says so, and takes it back" in page
