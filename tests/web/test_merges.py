"""Merging two names into one player, as a user goes through it: the player page says which
name disappears into which, a confirmation shows what moves (tables, finished, wins) before
anything changes, the merge is made only from there, and the player page splits it back.
Merging a player into themselves, from or into a name nobody has, is refused with a
sentence and changes nothing."""

from __future__ import annotations

import html
import re

import pytest
from sqlalchemy import func, select


@pytest.fixture
def sid_and_ned(stored, tiny_log):
    """Sid won 1 of 2 tables (one still going); Ned won 2 of 2, the first as "NED"."""
    return stored(
        tiny_log(("Sid", "Ann"), "win"),
        tiny_log(("Ann", "Sid"), "bust"),  # in progress
        tiny_log(("Bo", "NED"), "win"),
        tiny_log(("Ned", "Bo"), "win"),
    )


def text(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(response.text)).split())


def state(app) -> tuple:
    """Everything a merge changes: aliases, merges and each seat's key."""
    from referee.web.base.extensions import db
    from referee.web.base.models import PlayerAlias, PlayerMerge, Seat

    with app.app_context():
        return (
            db.session.scalar(select(func.count()).select_from(PlayerAlias)),
            db.session.scalar(select(func.count()).select_from(PlayerMerge)),
            sorted(db.session.execute(select(Seat.table_id, Seat.seat, Seat.player_key)).all()),
        )


def merge(client, form_token, target: str, other: str):
    token = form_token("/import")
    return client.post(f"/players/{target}/merge", data={"csrf_token": token, "other": other})


def test_the_player_page_says_which_name_disappears_into_which(client, sid_and_ned):
    page = text(client.get("/players/sid"))
    assert "Same person, another name? Another name Sid played under Look it up" in page
    assert "Pick the name, and it disappears into Sid: its tables and wins count as Sid’s." in page
    assert "Merge this name into the player" not in page


def test_the_merge_form_looks_names_up(client, sid_and_ned):
    response = client.get("/players/sid", query_string={"find": " NE "})
    assert response.status_code == 200
    assert 'href="/players/sid/merge?other=ned">Ned</a>' in response.text
    assert 'value="NE"' in response.text
    card = response.text.partition('id="merge"')[2].partition("</section>")[0]
    assert "<select" not in card  # names as links, no picker
    mine = client.get("/players/sid", query_string={"find": "s"}).text
    assert ">Sid</a>" not in mine  # never offered to merge into themselves
    assert "No other player’s name holds “zz”." in text(
        client.get("/players/sid", query_string={"find": "zz"})
    )
    assert client.get("/players/sid", query_string={"find": "x" * 101}).status_code == 400


def test_the_confirmation_shows_what_moves_and_changes_nothing(client, app, sid_and_ned):
    before = state(app)
    response = client.get("/players/sid/merge", query_string={"other": "ned"})
    assert response.status_code == 200
    page = text(response)
    assert "Merge “Ned” into “Sid”?" in page
    assert "The name Ned disappears into Sid : every table played as Ned counts as Sid’s" in page
    assert "Sid keeps their name and page; Ned leaves the list of players." in page
    assert "Tables All Finished Won Moving from Ned 2 2 1 Sid now 2 1 1 Sid after 4 3 2" in page
    assert "Played as Ned, NED: all of it moves." in page
    assert "sat at the same table" not in page
    assert 'name="other" value="ned"' in response.text
    assert "Merge Ned into Sid Cancel" in page
    assert state(app) == before


def test_merge_then_split_back_from_the_player_page(client, app, form_token, sid_and_ned):
    before = state(app)
    response = merge(client, form_token, "sid", "ned")
    assert response.status_code == 302 and response.location.endswith("/players/sid")
    page = text(client.get("/players/sid"))
    assert "Merged: “Ned” is now counted as Sid: 2 tables and 1 win moved." in page
    assert "To undo it, split Ned back out under “Names merged into Sid”." in page
    assert "All 3 2 67%" in page  # finished, won, rate
    assert "Names merged into Sid" in page and "“Ned” merged" in page
    assert client.get("/players/ned").location.endswith("/players/sid")
    assert "Ned" not in text(client.get("/players/")).split("Players", 1)[1].split("Sid")[0]

    split = re.search(r'name="merge" value="(\d+)"', client.get("/players/sid").text).group(1)
    token = form_token("/import")
    response = client.post("/players/sid/split", data={"csrf_token": token, "merge": split})
    assert response.status_code == 302
    page = text(client.get("/players/sid"))
    assert "Split back: “Ned” counts as a player of their own again" in page
    assert "All 1 1 100%" in page and "Names merged into Sid" not in page
    assert client.get("/players/ned").status_code == 200
    assert state(app)[2] == before[2]


def test_shared_tables_are_pointed_out(client, stored, tiny_log):
    stored(tiny_log(("Sid", "Ned"), "win"), tiny_log(("Ned", "Bo"), "win"))
    page = text(client.get("/players/sid/merge", query_string={"other": "ned"}))
    assert "Ned and Sid sat at the same table 1 time: two people, perhaps?" in page


@pytest.mark.parametrize(
    ("target", "other", "status", "words"),
    [
        ("sid", "sid", 422, "“Sid” cannot be merged into themselves: pick another name."),
        ("sid", "ghost", 422, "No player is called “ghost”: look the name up and pick it."),
        ("sid", "", 422, "Pick the other name to merge into Sid."),
        ("ghost", "sid", 404, "No player is called “ghost”."),
        ("sid", "x" * 500, 400, "That text is not usable here: at most 100 plain characters."),
    ],
)
def test_a_merge_that_cannot_be_made_is_refused_with_a_sentence(
    client, app, form_token, sid_and_ned, target, other, status, words
):
    before = state(app)
    check = client.get(f"/players/{target}/merge", query_string={"other": other})
    token = form_token("/import")
    made = client.post(f"/players/{target}/merge", data={"csrf_token": token, "other": other})
    for response in (check, made):
        assert response.status_code == status
        assert words in text(response)
        assert status == 400 or "Nothing was changed." in text(response)
    assert state(app) == before


def test_a_name_merged_already_is_refused(client, app, form_token, sid_and_ned):
    assert merge(client, form_token, "sid", "ned").status_code == 302
    before = state(app)
    again = merge(client, form_token, "bo", "ned")
    assert again.status_code == 422
    assert "“Ned” already counts as Sid. Nothing was changed." in text(again)
    into_merged = client.get("/players/ned/merge", query_string={"other": "bo"})
    assert into_merged.status_code == 422
    assert "“ned” was merged into Sid already: merge into Sid." in text(into_merged)
    assert state(app) == before


def split(client, form_token, target: str, merge_id: int):
    token = form_token("/import")
    return client.post(f"/players/{target}/split", data={"csrf_token": token, "merge": merge_id})


def merge_ids(app) -> list[int]:
    from referee.web.base.extensions import db
    from referee.web.base.models import PlayerMerge

    with app.app_context():
        return list(db.session.scalars(select(PlayerMerge.id).order_by(PlayerMerge.id)))


def test_the_same_merge_twice_is_stored_once(client, app, form_token, sid_and_ned):
    assert merge(client, form_token, "sid", "ned").status_code == 302
    before = state(app)
    again = merge(client, form_token, "sid", "ned")
    assert again.status_code == 422
    assert "“Ned” already counts as Sid. Nothing was changed." in text(again)
    assert state(app) == before and before[1] == 1


def test_merging_back_the_other_way_is_refused(client, app, form_token, sid_and_ned):
    assert merge(client, form_token, "sid", "ned").status_code == 302
    before = state(app)
    back = merge(client, form_token, "ned", "sid")
    assert back.status_code == 422
    assert "“ned” was merged into Sid already: merge into Sid. Nothing was changed." in text(back)
    assert state(app) == before


def test_a_split_after_the_names_were_merged_again_is_refused(client, app, form_token, sid_and_ned):
    assert merge(client, form_token, "sid", "ned").status_code == 302
    assert merge(client, form_token, "bo", "sid").status_code == 302  # Sid (and Ned) into Bo
    before = state(app)
    first = merge_ids(app)[0]
    refused = split(client, form_token, "bo", first)
    assert refused.status_code == 422
    assert "The names were merged again since; undo the later merge first." in text(refused)
    assert "Nothing was changed." in text(refused)
    assert state(app) == before


def test_a_merge_split_and_made_again_splits_only_once(client, app, form_token, sid_and_ned):
    at_first = state(app)
    assert merge(client, form_token, "sid", "ned").status_code == 302
    first = merge_ids(app)[0]
    assert split(client, form_token, "sid", first).status_code == 302
    assert state(app)[2] == at_first[2]
    assert merge(client, form_token, "sid", "ned").status_code == 302
    before = state(app)
    stale = split(client, form_token, "sid", first)  # the first merge's button, pressed again
    assert stale.status_code == 422
    assert "That merge does not exist or was already undone. Nothing was changed." in text(stale)
    assert state(app) == before
    assert split(client, form_token, "sid", merge_ids(app)[1]).status_code == 302
    assert state(app)[2] == at_first[2]


def test_a_split_puts_back_every_seat_and_the_names_merged_before(
    client, app, form_token, stored, tiny_log
):
    stored(tiny_log(("Sid", "Ann"), "win"), tiny_log(("Ned", "NED"), "win"),
           tiny_log(("Teddy", "Bo"), "bust"))  # fmt: skip
    at_first = state(app)
    assert merge(client, form_token, "ned", "teddy").status_code == 302  # Teddy into Ned
    one_merge = state(app)
    assert merge(client, form_token, "sid", "ned").status_code == 302  # Ned (and Teddy) into Sid
    assert split(client, form_token, "sid", merge_ids(app)[1]).status_code == 302
    assert state(app)[2] == one_merge[2]
    assert client.get("/players/teddy").location.endswith("/players/ned")
    assert split(client, form_token, "ned", merge_ids(app)[0]).status_code == 302
    assert state(app)[2] == at_first[2]


def test_a_merge_that_loses_to_another_write_is_a_409_that_changes_nothing(
    client, app, form_token, sid_and_ned, monkeypatch
):
    import sqlite3

    from sqlalchemy.exc import OperationalError

    from referee.web.players import merges

    def locked(*keys):
        refusal = sqlite3.OperationalError("database is locked")
        refusal.sqlite_errorname = "SQLITE_BUSY_SNAPSHOT"  # another write made it stale
        raise OperationalError("INSERT INTO player", {}, refusal)

    before = state(app)
    monkeypatch.setattr(merges, "lock_players", locked)
    response = merge(client, form_token, "sid", "ned")
    assert response.status_code == 409
    assert "Another change to these players was being saved at the same moment." in text(response)
    assert "Nothing was changed." in text(response)
    assert state(app) == before
