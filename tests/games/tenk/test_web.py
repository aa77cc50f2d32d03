"""10K through the play page: create, play, bad input, undo, stale submissions."""

from __future__ import annotations

import html

import pytest

from referee.web.base.languages import COOKIE
from referee.web.storage.loading import replay_table, table_by_token
from tests.web.test_odds_web import switch


def moves_stored(app, table_id: int) -> list[dict]:
    with app.app_context():
        return [m.data for m in table_by_token(table_id).moves]


def test_new_table_form_shows_options_with_defaults(client):
    page = client.get("/tables/new/tenk").text
    assert "Entry threshold" in page and 'value="10000"' in page and 'value="500"' in page


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (("Ann", "Ann"), "Each player needs a different name."),
        ((), "10K takes 1 to 8 players, not 0."),
        (("A" * 31,), "Field cannot be longer than 30 characters."),
    ],
)
def test_new_table_refuses_bad_seating(client, form_token, players, message):
    data = {"csrf_token": form_token("/tables/new/tenk"), "opt_target": "10000", "opt_entry": "500"}
    data.update({f"players-{i}": p for i, p in enumerate(players)})
    response = client.post("/tables/new/tenk", data=data)
    assert response.status_code == 422
    assert message in html.unescape(response.text)


def test_player_names_are_escaped(new_table):
    table = new_table(players=("<b>Ann<b>", "Bo"))  # no "/": a name may not hold one
    page = table.page()
    assert "&lt;b&gt;Ann&lt;b&gt;" in page and "<b>Ann<b>" not in page


def test_a_turn_from_roll_to_bank(new_table, app):
    table = new_table()
    assert table.roll(1, 1, 1, 5, 2, 6).status_code == 302
    assert "Ann rolled 1 1 1 2 5 6" in table.ruling()
    assert table.pick(0, 1, 2, 3, bank=True).status_code == 302
    assert "Ann banked 1,050: total 1,050. Bo to roll." in table.ruling()
    assert moves_stored(app, table.token) == [
        {"player": "Ann", "type": "roll", "dice": ["1", "1", "1", "5", "2", "6"]},
        {"player": "Ann", "type": "set_aside", "dice": ["1", "1", "1", "5"]},
        {"player": "Ann", "type": "bank"},
    ]


def test_bust_is_announced_with_what_was_lost(new_table):
    table = new_table()
    table.roll(1, 5, 2, 3, 4, 6)
    table.pick(0)
    table.roll(2, 2, 3, 4, 6)
    assert html.unescape(table.ruling()) == (
        "Bust: no 1, 5 or set in 2 2 3 4 6 — Ann loses 100. Bo to roll."
    )


def test_page_shows_turn_total_and_set_aside(new_table):
    table = new_table()
    table.roll(1, 1, 1, 5, 2, 6)
    table.pick(0, 1, 2)
    page = table.page()
    assert "turn total <b>1,000</b>" in page
    assert "Bank 1,000" in page and "scores 0" not in page


def test_bank_button_warns_below_entry(new_table):
    table = new_table()
    table.roll(1, 2, 3, 3, 4, 6)
    table.pick(0)
    page = table.page()
    assert "Bank: scores 0 (500 to enter)" in page and "banking 100 scores 0" in page
    assert "Bank 100" not in page


def test_bank_button_says_what_banking_scores(new_table):
    """Below the entry threshold the button says banking scores 0; once entered, the total."""
    table = new_table(entry="500")
    table.roll(1, 5, 2, 3, 4, 6)
    table.pick(0, 1)
    assert "Bank: scores 0 (500 to enter)" in table.page()
    table.roll(1, 1, 1, 2)
    table.pick(0, 1, 2, bank=True)  # Ann banks 1,150
    table.roll(2, 2, 3, 3, 4, 6)  # Bo busts
    table.roll(5, 2, 3, 3, 4, 6)  # Ann is on the board: a bank of 50 scores 50
    table.pick(0)
    assert 'class="bank-button">Bank 50</button>' in table.page()


def test_set_asides_after_one_roll_combine_in_the_preview(new_table):
    """docs/rulings.md, "Every game": a third 1 joining two set aside from the same roll is shown
    as the whole group and what it adds, as the referee then scores it."""
    table = new_table()
    table.roll(1, 1, 1, 2, 3, 4)
    table.pick(0, 1)
    page = html.unescape(table.page())
    assert '"1": [1000, "1 1 1 = 1,000 (with the 1 1 set aside: +800)"]' in page
    table.pick(0)
    assert "Ann set aside 1 1 1 = 1,000" in html.unescape(table.ruling())


def test_final_round_shows_what_passes_the_leader(new_table):
    table = new_table(players=("Ann", "Bo", "Cy"), target="1000", entry="0")
    table.roll(1, 1, 1, 2, 3, 4)
    table.pick(0, 1, 2, bank=True)
    page = html.unescape(table.page())
    assert "Final round: Bo needs 1,001 to pass Ann (1,000 ties)." in page
    assert "last turn · needs 1,001 to pass Ann (1,000 ties)" in page  # Bo and Cy alike
    assert page.count("to pass Ann") == 3
    table.roll(1, 5, 2, 3, 4, 6)
    table.pick(0, 1, bank=True)  # Bo banks 150
    page = html.unescape(table.page())
    assert "Final round: Cy needs 1,001 to pass Ann (1,000 ties)." in page
    assert "needs 851" not in page  # Bo has played: no more notes for Bo


def test_final_round_need_respects_the_entry_threshold(new_table):
    table = new_table(target="1000", entry="500")
    table.roll(1, 1, 1, 2, 3, 4)
    table.pick(0, 1, 2, bank=True)
    assert "Bo needs 1,001 to pass Ann (1,000 ties)." in html.unescape(table.page())


@pytest.mark.parametrize(
    ("fields", "status", "words"),
    [
        (
            {"d0": "7", "d1": "1", "d2": "1", "d3": "1", "d4": "1", "d5": "1"},
            422,
            "7 is not a die value",
        ),
        (
            {"d0": "1", "d1": "1", "d2": "1", "d3": "1", "d4": "1"},
            422,
            "Tap a value for die 6: the roll needs 6",
        ),
        ({**{f"d{i}": "2" for i in range(7)}}, 422, "Ann rolls 6 dice now, but 7 were entered"),
        ({"d0": "x", "d1": "1", "d2": "1", "d3": "1", "d4": "1", "d5": "1"}, 422, "is not a die"),
    ],
)
def test_bad_rolls_are_refused_and_change_nothing(new_table, app, fields, status, words):
    table = new_table()
    response = table.post(action="roll", **fields)
    assert response.status_code == status
    assert words in html.unescape(response.text)
    assert moves_stored(app, table.token) == []


def test_refused_roll_keeps_the_entered_dice(new_table):
    table = new_table()
    response = table.post(action="roll", d0="3", d1="4", d2="7", d3="1", d4="1", d5="1")
    assert response.status_code == 422
    assert 'name="d0" value="3" checked' in response.text


def test_non_scoring_pick_is_refused_with_the_reason(new_table, app):
    table = new_table()
    table.roll(1, 2, 3, 3, 4, 6)
    response = table.pick(0, 1)
    assert response.status_code == 422
    assert "the 2 you picked scores nothing" in html.unescape(response.text)
    assert len(moves_stored(app, table.token)) == 1


def test_a_die_that_is_not_on_the_table_is_refused(new_table, app):
    table = new_table()
    table.roll(1, 2, 3, 3, 4, 6)
    response = table.pick(9)
    assert response.status_code == 422 and "not on the table" in response.text
    assert len(moves_stored(app, table.token)) == 1


def test_bank_before_setting_aside_is_refused(new_table):
    table = new_table()
    table.roll(1, 2, 3, 3, 4, 6)
    response = table.post(action="bank")
    assert response.status_code == 422
    assert "must set aside a scoring combination before banking" in response.text


def test_banking_below_entry_asks_to_confirm_then_scores_zero(new_table, app):
    table = new_table()
    table.roll(1, 2, 3, 3, 4, 6)
    response = table.pick(0, bank=True)
    assert response.status_code == 422
    text = html.unescape(response.text)
    assert "needs 500 in one turn to get on the board: banking 100 scores 0" in text
    assert "Yes, bank it" in text
    assert len(moves_stored(app, table.token)) == 1
    assert table.pick(0, bank=True, confirm="1").status_code == 302
    assert "short of the 500 needed" in table.ruling()
    with app.app_context():
        assert replay_table(table_by_token(table.token)).outcome.scores["Ann"] == 0


def test_move_out_of_turn_is_refused(new_table, app):
    table = new_table()
    table.roll(1, 1, 1, 5, 2, 6)
    response = table.post(action="set_aside", pick=["0"], player="Bo")
    # The page stamps the player itself, so a forged player field is ignored...
    assert response.status_code == 302
    with app.app_context():
        from referee.core.engine import RuleViolation
        from referee.core.moves import apply_move

        current = replay_table(table_by_token(table.token))
        # ...and the engine refuses a move named for the wrong player.
        with pytest.raises(RuleViolation) as info:
            apply_move(current.game, current.state, {"type": "bank", "player": "Bo"})
        assert info.value.code == "wrong-player"


def test_stale_submission_is_refused_not_applied_twice(new_table, app):
    table = new_table()
    seq, token = table.form_fields()
    data = {
        "seq": seq,
        "csrf_token": token,
        "action": "roll",
        **{f"d{i}": v for i, v in enumerate("111526")},
    }
    assert table.client.post(f"{table.url}/move", data=data).status_code == 302
    again = table.client.post(f"{table.url}/move", data=data)
    assert again.status_code == 409
    assert "That is already in" in again.text and "nothing was doubled" in again.text
    assert len(moves_stored(app, table.token)) == 1


def test_forged_or_missing_csrf_token_is_refused(new_table, app):
    table = new_table()
    seq, _ = table.form_fields()
    for token in ("forged", None):
        data = {"seq": seq, "action": "roll", **{f"d{i}": "1" for i in range(6)}}
        if token:
            data["csrf_token"] = token
        response = table.client.post(f"{table.url}/move", data=data)
        assert response.status_code == 400
        assert "Reload the page" in response.text
    assert moves_stored(app, table.token) == []


def test_unknown_table_is_a_404(client):
    assert client.get("/tables/4040").status_code == 404
    assert client.post("/tables/4040/move", data={}).status_code in (400, 404)


def test_unknown_action_is_refused(new_table):
    table = new_table()
    response = table.post(action="explode")
    assert response.status_code == 422 and "did not understand" in response.text


def test_undo_takes_back_a_mistyped_roll(new_table, app):
    table = new_table()
    table.roll(2, 2, 3, 4, 6, 6)  # meant 1 2 3 4 6 6: it busted Ann
    assert "Bo to roll" in table.ruling()
    page = table.page()
    assert "Undo Ann&#39;s roll 2 2 3 4 6 6?" in page
    response = table.post("undo")
    assert response.status_code == 302
    assert "Undone: Ann&#39;s roll 2 2 3 4 6 6." in table.page()
    assert moves_stored(app, table.token) == []
    assert "Ann to roll six dice." in table.ruling()


def test_undo_with_a_stale_page_changes_nothing(new_table, app):
    table = new_table()
    table.roll(1, 1, 1, 5, 2, 6)
    _, token = table.form_fields()
    response = table.client.post(f"{table.url}/undo", data={"seq": 0, "csrf_token": token})
    assert response.status_code == 409
    assert len(moves_stored(app, table.token)) == 1


def test_colour_run_checkbox_scores_ten_thousand(new_table):
    table = new_table()
    table.roll(1, 2, 3, 4, 5, 6, colour_run="1")
    table.pick(0, 1, 2, 3, 4, 5, bank=True)
    assert "Ann banked 10,000" in table.ruling()


def test_colour_run_question_shows_the_six_dice_in_their_colours(new_table):
    page = new_table().page()
    run = page[page.index('class="colour-run"') :]
    run = run[: run.index("</label>")]
    dice = [f'class="die c-{c} ' for c in "rygbop"]
    assert all(d in run for d in dice) and 'class="run-dice" aria-hidden="true"' in run
    assert [run.index(d) for d in dice] == sorted(run.index(d) for d in dice)
    assert "red 1, yellow 2, green 3, blue 4, orange 5, purple 6" in run


def test_game_plays_to_the_end_with_final_round(new_table, app):
    table = new_table(target=1000, entry=0)
    table.roll(1, 1, 1, 2, 3, 4)
    table.pick(0, 1, 2, bank=True)
    assert "Final round: Ann banked 1,000; everyone else gets one more turn." in table.ruling()
    table.roll(5, 2, 3, 3, 4, 6)
    table.pick(0, bank=True)
    page = html.unescape(table.page())
    assert "Game over: Ann wins with 1,000." in page
    assert "Ann wins" in page or "Ann</h2>" in page or "wins</h2>" in page
    with app.app_context():
        assert table_by_token(table.token).finished_at is not None


def test_move_after_game_over_is_refused(new_table):
    table = new_table(players=("Solo",), target=1000, entry=0)
    table.roll(1, 1, 1, 2, 3, 4)
    table.pick(0, 1, 2, bank=True)
    response = table.roll(1, 1, 1, 2, 3, 4)
    assert response.status_code == 422


def test_export_gives_the_log(new_table):
    table = new_table()
    table.roll(1, 1, 1, 5, 2, 6)
    response = table.client.get(f"{table.url}/log.json")
    assert response.status_code == 200
    assert response.json["format"] == "referee-log/1" and len(response.json["moves"]) == 1


def test_help_page_states_the_rulings(client):
    page = html.unescape(client.get("/games/tenk").text)
    for words in ("three pairs", "1,250", "10,000", "Entry threshold", "share the win", "hot dice"):
        assert words.lower() in page.lower()


def test_help_page_says_set_asides_after_one_roll_combine(client):
    page = html.unescape(client.get("/games/tenk").text)
    assert "everything taken from that roll counts as one set-aside" in page
    assert "1 1 and then 1 is three 1s for 1,000" in page
    assert "2 2 and then the third 2" in page


def test_a_german_phone_reads_the_advice_to_win_a_two_player_game_in_german(new_table, app):
    """The two-player game's note under the odds (``winning.note``), said: German on a
    German phone, English as it was on an English one."""
    app.config["LANGUAGES"] = ("en", "de")
    table = new_table("tenk", ("Ann", "Bo"))
    assert switch(table, "on").status_code in (302, 303)
    assert table.roll(1, 1, 2, 3, 4, 6).status_code == 302
    assert table.pick(0, 1).status_code == 302  # 200 in the turn: bank or roll on
    assert "To win a two-player game: " in html.unescape(table.page())
    table.client.set_cookie(COOKIE, "de")
    german = html.unescape(table.page())
    assert "Um ein Spiel zu zweit zu gewinnen: " in german and "two-player" not in german
