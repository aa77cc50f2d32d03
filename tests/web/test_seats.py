"""Seats: a phone says "I am Ann" and then enters only Ann's moves (403 for another seat,
nothing stored); a seat another phone holds is offered as watch, table phone or an explicit
take-over, never shared silently; a watcher enters nothing; a table phone (the default)
enters every move as before; the undo names whose move it takes back."""

from __future__ import annotations

import html

import pytest

from tests.conftest import Table, csrf_token
from tests.tiny_game import SLUG

BUST = (1,)  # a whole turn of the tiny test game in one move: the game does not matter here


def sit(table: Table, choice: str, **extra):
    token = csrf_token(table.client, table.url)
    return table.client.post(f"{table.url}/seat", data={"as": choice, "csrf_token": token, **extra})


def moves(table: Table) -> int:
    return int(table.client.get(f"{table.url}/live").get_json()["seq"])


@pytest.fixture
def two_phones(new_table, tiny_game, app):
    """A table of Ann and Bo, and a second phone that was given its link."""
    table = new_table(SLUG)
    other = Table(app.test_client(), table.token)
    return table, other


def test_a_seated_phone_enters_its_own_moves_only(two_phones):
    ann, bo = two_phones
    assert sit(ann, "0").status_code == 302
    assert "This phone: Ann’s seat" in html.unescape(ann.page())
    assert ann.roll(*BUST).status_code == 302  # Ann's turn: Ann's phone rolls
    refused = ann.roll(*BUST)  # Bo's turn now
    assert refused.status_code == 403
    assert "This phone sits in Ann’s seat: Bo’s move is for Bo’s phone" in html.unescape(
        refused.text
    )
    assert moves(ann) == 1


def test_a_seated_phone_waits_while_another_seat_plays(two_phones):
    ann, _ = two_phones
    sit(ann, "1")
    page = html.unescape(ann.page())
    assert "Ann’s turn: Ann’s phone (or a table phone) enters it. This phone is Bo’s." in page
    assert 'value="roll"' not in page


def test_a_seat_held_by_another_phone_is_never_shared_silently(two_phones):
    ann, other = two_phones
    assert sit(ann, "0").status_code == 302
    taken = sit(other, "0")
    assert taken.status_code == 409
    text = html.unescape(taken.text)
    assert "Ann’s seat is already taken by another phone" in text
    assert "Take Ann’s seat over" in text and "Watch only" in text
    assert "This phone: a table phone" in text  # nothing changed for the second phone
    # Taking over is an explicit choice; the first phone becomes a table phone.
    assert sit(other, "0", take_over="yes").status_code == 302
    assert "This phone: Ann’s seat" in html.unescape(other.page())
    assert "This phone: a table phone" in html.unescape(ann.page())


def test_a_watching_phone_enters_nothing(two_phones):
    ann, watcher = two_phones
    assert sit(watcher, "watch").status_code == 302
    page = html.unescape(watcher.page())
    assert "This phone watches: Ann is to play." in page
    token = csrf_token(watcher.client, watcher.url)  # the seat form's: no move form shows
    dice = {f"d{i}": str(v) for i, v in enumerate(BUST)}
    post = watcher.client.post
    roll = post(
        f"{watcher.url}/move", data={"seq": 0, "csrf_token": token, "action": "roll", **dice}
    )
    assert roll.status_code == 403
    assert "This phone only watches this table" in html.unescape(roll.text)
    assert post(f"{watcher.url}/undo", data={"seq": 0, "csrf_token": token}).status_code == 403
    assert moves(ann) == 0
    assert sit(watcher, "table").status_code == 302
    assert watcher.roll(*BUST).status_code == 302


def test_a_table_phone_enters_every_players_moves(two_phones):
    ann, _ = two_phones
    assert ann.roll(*BUST).status_code == 302
    assert ann.roll(*BUST).status_code == 302
    assert moves(ann) == 2


def test_any_phone_undoes_and_the_undo_names_whose_move(two_phones):
    ann, bo = two_phones
    sit(ann, "0")
    ann.roll(*BUST)
    sit(bo, "1")
    assert "Undo Ann's roll 1?" in html.unescape(bo.page())
    response = bo.post("undo")
    assert response.status_code == 302
    assert "Undone: Ann's roll" in html.unescape(bo.client.get(response.location).text)


@pytest.mark.parametrize("choice", ["2", "9", "-1", "x", "", "٠", "\x00", "9" * 5000, "01a"])
def test_a_seat_that_does_not_exist_is_a_400(two_phones, choice):
    ann, _ = two_phones
    response = sit(ann, choice)
    assert response.status_code == 400
    assert "Choose one of the table’s seats." in html.unescape(response.text)


def test_a_seat_post_without_the_form_token_is_refused(two_phones):
    ann, _ = two_phones
    response = ann.client.post(f"{ann.url}/seat", data={"as": "0"})
    assert response.status_code == 400
    assert "This phone: a table phone" in html.unescape(ann.page())


def test_a_stranger_without_the_link_cannot_sit(stranger):
    assert stranger.post(f"/t/{'0' * 32}/seat", data={"as": "0"}).status_code in (400, 404)


def test_one_phone_holds_one_seat_and_a_new_choice_moves_it(two_phones, app):
    ann, _ = two_phones
    assert sit(ann, "0").status_code == 302
    assert sit(ann, "1").status_code == 302
    assert "This phone: Bo’s seat" in html.unescape(ann.page())
    assert claims(app, ann.token) == [1]


def test_the_database_refuses_a_second_seat_for_one_phone(two_phones, app):
    """The unique key on (table, phone) holds even for a write that skips the view."""
    from sqlalchemy.exc import IntegrityError

    from referee.web.base.extensions import db
    from referee.web.base.models import SeatClaim
    from referee.web.storage.loading import table_by_token

    ann, _ = two_phones
    with app.app_context():
        table_id = table_by_token(ann.token).id
        db.session.add_all([SeatClaim(table_id=table_id, seat=s, phone="p" * 32) for s in (0, 1)])
        with pytest.raises(IntegrityError):
            db.session.commit()
        db.session.rollback()


def test_a_seat_choice_at_a_deleted_table_is_a_404(two_phones, client, app):
    ann, _ = two_phones
    token = csrf_token(ann.client, ann.url)
    delete_table_now(app, ann.token)
    response = ann.client.post(f"{ann.url}/seat", data={"as": "0", "csrf_token": token})
    assert response.status_code == 404
    assert "There is nothing here" in response.text


def test_a_split_posted_without_its_player_is_checked_against_the_seat(new_table, app):
    """A Solitaire Dice split that names no sheet goes to the first sheet still to split the
    roll: the seat check judges it as that sheet's, and the stored move names it."""
    table = new_table("solitaire", ("Ann", "Bo"))
    bo = Table(app.test_client(), table.token)
    assert sit(bo, "1").status_code == 302
    assert bo.roll(1, 1, 3, 5, 6).status_code == 302  # the shared roll: the table's move
    refused = forged(bo, action="assign", split="1,3|5,6|1")  # no player: Ann's sheet first
    assert refused.status_code == 403
    assert "This phone sits in Bo’s seat: Ann’s move is for Ann’s phone" in html.unescape(
        refused.text
    )
    blank = forged(bo, action="assign", split="1,3|5,6|1", player="")
    assert blank.status_code == 403
    assert moves(bo) == 1
    assert bo.post(action="assign", split="1,3|5,6|1", player="Bo").status_code == 302
    assert table.post(action="assign", split="1,3|5,6|1").status_code == 302  # a table phone
    assert [m.get("player") for m in logged_moves(app, table.token)] == [None, "Bo", "Ann"]


def test_a_move_is_checked_against_the_seat_whatever_player_the_form_names(two_phones, app):
    """A normal game: the move is the player to move's, whatever ``player`` says."""
    ann, bo = two_phones
    assert sit(bo, "1").status_code == 302
    dice = {f"d{i}": str(v) for i, v in enumerate(BUST)}
    refused = forged(bo, action="roll", player="Bo", **dice)  # Ann's turn
    assert refused.status_code == 403
    assert "Ann’s move is for Ann’s phone" in html.unescape(refused.text)
    assert ann.roll(*BUST, player="Bo").status_code == 302  # a table phone enters it as Ann's
    assert bo.roll(*BUST).status_code == 302
    assert [m.get("player") for m in logged_moves(app, ann.token)] == ["Ann", "Bo"]


def forged(table: Table, **fields):
    """Post a move form this phone's page does not show (another seat's), at the table's seq."""
    data = {"seq": moves(table), "csrf_token": csrf_token(table.client, table.url), **fields}
    return table.client.post(f"{table.url}/move", data=data)


def claims(app, token: str) -> list[int]:
    """The seats phones hold at the table."""
    from sqlalchemy import select

    from referee.web.base.extensions import db
    from referee.web.base.models import SeatClaim
    from referee.web.storage.loading import table_by_token

    with app.app_context():
        table_id = table_by_token(token).id
        query = select(SeatClaim.seat).where(SeatClaim.table_id == table_id)
        return sorted(db.session.scalars(query))


def logged_moves(app, token: str) -> list[dict]:
    """The table's stored moves."""
    from referee.web.storage.loading import export_log

    with app.app_context():
        return list(export_log(token).moves)


def delete_table_now(app, token: str) -> None:
    """Delete the table as another phone with the PIN would, meanwhile."""
    from referee.web.storage.loading import table_by_token
    from referee.web.storage.store import delete_table

    with app.app_context():
        table = table_by_token(token)
        delete_table(table.id, table.version)


def test_a_phone_that_joins_is_asked_who_it_is_and_cannot_move_for_a_seated_player(two_phones):
    ann, joined = two_phones
    assert "Who is this phone?" not in ann.page()  # the phone that started the table
    assert sit(ann, "0").status_code == 302
    page = html.unescape(joined.page())
    asked = page.split('class="card who-is-this-phone"')[1].split("</form>")[0]
    assert "Who is this phone?" in asked and "<option disabled>Ann (has a phone)</option>" in asked
    assert "I am Bo" in asked and "I am Ann" not in asked  # the free seats only
    assert "A table phone, passed round" in asked
    assert page.index("who-is-this-phone") < page.index('class="ruling"')  # asked first
    assert "Ann’s turn: Ann’s phone enters it. Say above who this phone is" in page
    roll = {f"d{i}": str(v) for i, v in enumerate(BUST)}  # Ann's move, posted all the same
    refused = joined.client.post(
        f"{joined.url}/move", data={"seq": 0, "csrf_token": joined.csrf(), "action": "roll", **roll}
    )
    assert refused.status_code == 403
    assert "Ann’s seat is held by another phone. Say first who this phone is" in html.unescape(
        refused.text
    )
    assert moves(ann) == 0
    assert sit(joined, "table").status_code == 302  # one tap: a table phone
    assert "Who is this phone?" not in joined.page()
    assert joined.roll(*BUST).status_code == 302  # as a table phone always could
    assert moves(ann) == 1


def test_an_unanswered_phone_still_enters_the_moves_of_seats_nobody_holds(two_phones):
    ann, joined = two_phones
    assert "Who is this phone?" in joined.page()
    assert joined.roll(*BUST).status_code == 302
    assert moves(ann) == 1


def test_every_table_page_invites_a_phone_from_its_top(two_phones):
    ann, _ = two_phones
    page = ann.page()
    assert page.index('href="#join"') < page.index('class="ruling"')
    assert 'id="join"' in page and "Join this table" in page


def test_a_seat_taken_or_left_moves_the_table_on_for_every_phone(two_phones):
    """A seat choice moves the table's version on, so the other phones' polls hear of it at
    once (their note names the seat), not with the next move."""
    ann, bo = two_phones
    seen = ann.client.get(f"{ann.url}/live").get_json()["version"]
    assert sit(bo, "1").status_code == 302
    heard = ann.client.get(f"{ann.url}/live", query_string={"v": str(seen)})
    assert heard.status_code == 200 and heard.get_json()["version"] == seen + 1
    assert sit(bo, "table").status_code == 302  # Bo's phone leaves the seat: passed round
    left = ann.client.get(f"{ann.url}/live", query_string={"v": str(seen + 1)})
    assert left.status_code == 200 and left.get_json()["version"] == seen + 2


def test_a_move_that_loses_its_write_to_a_seat_choice_is_judged_again_and_stored(
    two_phones, monkeypatch
):
    """A seat taken at the instant a move is stored changes no move: the move is judged on
    the table as it then stands and stored, never refused as "moved on"."""
    import referee.web.play.tables as tables
    from referee.web.access.seats import sit as sit_down

    ann, bo = two_phones
    judge, raced = tables.judge, []

    def judge_while_a_phone_sits(loaded, form):
        verdict = judge(loaded, form)
        if not raced:  # another phone sits between Ann's post being judged and stored
            raced.append(sit_down(loaded.table.id, 1, "another phone", take_over=False))
        return verdict

    monkeypatch.setattr(tables, "judge", judge_while_a_phone_sits)
    assert ann.roll(*BUST).status_code == 302
    assert raced == [True] and moves(ann) == 1
    assert "Bo (has a phone)" in html.unescape(bo.page())
