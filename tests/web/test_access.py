"""Who may change what: table links, the house PIN, read-only finished tables, rate limits."""

from __future__ import annotations

import html
import io
import json
import re
import stat
from datetime import timedelta

import pytest
from sqlalchemy import select

from referee.web import create_app
from referee.web.base.extensions import db
from referee.web.base.models import GameTable, PlayerAlias, PlayerMerge, Seat
from referee.web.storage.loading import table_by_token
from tests.conftest import HOUSE_PIN, Table, csrf_token
from tests.tiny_game import BUST, SLUG

# The game does not matter here: the tests play the tiny test game (tests/tiny_game.py).


@pytest.fixture
def limits_on(monkeypatch):
    """Rate limits as in production (the other tests turn them off)."""
    monkeypatch.setenv("REFEREE_RATE_LIMITS", "on")


def moves_of(app, token: str) -> int:
    with app.app_context():
        return len(table_by_token(token).moves)


@pytest.mark.parametrize(
    "path", ["/history", "/players/", "/import", "/export.zip", f"/tables/new/{SLUG}"]
)
def test_house_pages_ask_a_stranger_for_the_pin(stranger, tiny_game, path):
    response = stranger.get(path)
    assert response.status_code == 302
    assert response.location.startswith("/house?next=")


def test_house_posts_from_a_stranger_are_refused(stranger, stored, tiny_log, app):
    (token,) = stored(tiny_log(("Ann", "Bo"), "win"))
    token_field = csrf_token(stranger, "/house")
    posts = ("/import", "/players/ann/merge", f"/t/{token}/delete", f"/t/{token}/again")
    for path in (*posts, f"/tables/new/{SLUG}"):
        response = stranger.post(path, data={"csrf_token": token_field, "sure": "yes"})
        assert response.status_code == 403, path
        assert "house PIN" in html.unescape(response.text)
    assert table_by_token_exists(app, token)


def table_by_token_exists(app, token: str) -> bool:
    with app.app_context():
        return table_by_token(token) is not None


def test_a_strangers_home_page_lists_no_tables(stranger, stored, tiny_log):
    (token,) = stored(tiny_log(("Ann", "Bo"), "win"))
    assert token not in stranger.get("/").text
    assert "enter the house PIN" in stranger.get("/").text


def test_the_link_is_the_key_and_sequential_ids_lead_nowhere(stranger, stored, tiny_log):
    (token,) = stored(tiny_log(("Ann", "Bo"), "bust"))
    assert re.fullmatch(r"[0-9a-f]{32}", token)
    assert stranger.get("/tables/1").status_code == 404
    assert stranger.get("/t/" + "0" * 32).status_code == 404
    assert stranger.get("/t/1").status_code == 404
    page = stranger.get(f"/t/{token}").text
    assert not re.search(r"/tables/\d", page)
    # Whoever was given the link plays, and the phone remembers the table.
    table = Table(stranger, token)
    assert table.post(**BUST).status_code == 302
    assert token in stranger.get("/").text


def test_tokens_are_unguessable_and_distinct(stored, tiny_log):
    tokens = stored(*[tiny_log(("Ann", "Bo"), "bust") for _ in range(20)])
    assert len(set(tokens)) == 20
    assert all(re.fullmatch(r"[0-9a-f]{32}", t) for t in tokens)


def test_a_wrong_pin_is_refused_and_the_right_one_is_remembered(stranger):
    url = "/house?next=/history"
    bad = stranger.post(url, data={"csrf_token": csrf_token(stranger, url), "pin": "00000000"})
    assert bad.status_code == 422 and "not the house PIN" in bad.text
    assert stranger.get("/history").status_code == 302
    good = stranger.post(url, data={"csrf_token": csrf_token(stranger, url), "pin": HOUSE_PIN})
    assert good.status_code == 302 and good.location == "/history"
    assert stranger.get("/history").status_code == 200


@pytest.mark.parametrize(
    "target",
    ["//evil.example/x", "https://evil.example/", "\\\\evil", "/\r\nSet-Cookie: a=1", "/\t/evil"],
)
def test_after_the_pin_the_phone_never_leaves_the_site(stranger, target):
    url = "/house"
    data = {"csrf_token": csrf_token(stranger, url), "pin": HOUSE_PIN}
    response = stranger.post(url, query_string={"next": target}, data=data)
    assert response.status_code == 302 and response.location == "/"


def test_changing_the_pin_forgets_every_phone(app, client, monkeypatch, tmp_path):
    assert client.get("/history").status_code == 200
    app.config["HOUSE_PIN"] = "87654321"
    assert client.get("/history").status_code == 302


def test_forgetting_the_pin_on_a_phone(client):
    data = {"csrf_token": csrf_token(client, "/")}
    assert client.post("/house/leave", data=data).status_code == 302
    assert client.get("/history").status_code == 302


def test_first_start_makes_a_private_random_pin(tmp_path, monkeypatch):
    monkeypatch.delenv("HOUSE_PIN")
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    url = f"sqlite:///{tmp_path / 'pin.sqlite3'}"
    app = create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    pin_file = tmp_path / "house_pin"
    assert re.fullmatch(r"\d{8}", app.config["HOUSE_PIN"])
    assert pin_file.read_text().strip() == app.config["HOUSE_PIN"]
    assert stat.S_IMODE(pin_file.stat().st_mode) == 0o600
    again = create_app({"SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    assert again.config["HOUSE_PIN"] == app.config["HOUSE_PIN"]


def finish_long_ago(app, token: str) -> None:
    with app.app_context():
        table = table_by_token(token)
        table.finished_at = table.finished_at - timedelta(hours=1)
        db.session.commit()


def test_a_finished_table_closes_for_its_link_after_the_grace_period(
    app, client, stranger, stored, tiny_log
):
    (token,) = stored(tiny_log(("Ann", "Bo"), "win"))
    seq = moves_of(app, token)
    # Within the grace period the table's phones can still undo a slip.
    undo = Table(stranger, token).post("undo")
    assert undo.status_code == 302 and moves_of(app, token) == seq - 1
    assert Table(stranger, token).post(action="bank").status_code == 302  # Ann wins again
    finish_long_ago(app, token)
    assert "scoresheet is closed" in stranger.get(f"/t/{token}").text
    assert "Yes, undo it" in client.get(f"/t/{token}").text
    data = {"seq": str(seq), "csrf_token": csrf_token(stranger, "/house")}
    closed = stranger.post(f"/t/{token}/undo", data=data)
    assert closed.status_code == 403
    assert "only a phone with the house PIN" in html.unescape(closed.text)
    assert moves_of(app, token) == seq
    assert Table(client, token).post("undo").status_code == 302
    assert moves_of(app, token) == seq - 1


def test_deleting_a_table_needs_the_pin_and_a_tick(app, client, stored, tiny_log):
    (token,) = stored(tiny_log(("Ann", "Bo"), "win"))
    data = {"csrf_token": csrf_token(client, f"/t/{token}/history"), "version": "0"}
    assert client.post(f"/t/{token}/delete", data=data).status_code == 302
    assert table_by_token_exists(app, token)
    data["sure"] = "yes"
    assert client.post(f"/t/{token}/delete", data=data).status_code == 302
    assert not table_by_token_exists(app, token)
    assert client.get(f"/t/{token}").status_code == 404


def merge(client, into: str, other: str):
    """Post the merge as its confirmation page does (any page's CSRF token will do)."""
    data = {"csrf_token": csrf_token(client, "/import"), "other": other}
    return client.post(f"/players/{into}/merge", data=data)


def keys(app) -> list[tuple[str, str]]:
    with app.app_context():
        return sorted(tuple(r) for r in db.session.execute(select(Seat.name, Seat.player_key)))


def test_a_merge_can_be_split_back(app, client, stored, tiny_log):
    stored(tiny_log(("Sid", "Ann"), "win"), tiny_log(("Ned", "Bo"), "win"))
    before = keys(app)
    assert merge(client, "sid", "ned").status_code == 302
    assert ("Ned", "sid") in keys(app)
    page = client.get("/players/sid").text
    assert "Split “Ned” back out" in html.unescape(page)
    with app.app_context():
        merge_id = db.session.scalar(select(PlayerMerge.id))
    data = {"csrf_token": csrf_token(client, "/players/sid"), "merge": str(merge_id)}
    response = client.post("/players/sid/split", data=data, follow_redirects=True)
    assert "counts as a player of their own again" in html.unescape(response.text)
    assert keys(app) == before
    with app.app_context():
        assert db.session.get(PlayerAlias, "ned") is None
    # The table the split-back name plays at later counts for that name, not the other.
    stored(tiny_log(("Ned", "Cy"), "win"))
    assert ("Ned", "ned") in keys(app) and ("Ned", "sid") not in keys(app)


def test_a_merge_merged_again_splits_in_order(app, client, stored, tiny_log):
    stored(tiny_log(("Sid", "Ann"), "win"), tiny_log(("Ned", "Bo"), "win"))
    merge(client, "sid", "ned")
    merge(client, "ann", "sid")
    with app.app_context():
        first = db.session.scalar(select(PlayerMerge.id).where(PlayerMerge.source == "ned"))
    data = {"csrf_token": csrf_token(client, "/players/ann"), "merge": str(first)}
    response = client.post("/players/ann/split", data=data, follow_redirects=True)
    assert "undo the later merge first" in html.unescape(response.text)
    assert ("Ned", "ann") in keys(app)


def test_merging_a_player_into_themselves_is_refused(app, client, stored, tiny_log):
    stored(tiny_log(("Sid", "Ann"), "win"))
    assert merge(client, "sid", "sid").status_code == 422
    with app.app_context():
        assert db.session.scalar(select(PlayerMerge.id)) is None


def test_too_many_writes_to_one_table_get_a_429_and_change_nothing(
    limits_on, monkeypatch, app, client, stored, tiny_log
):
    app.config["WRITE_LIMIT_PER_TABLE"] = "3 per minute"
    (token,) = stored(tiny_log(("Ann", "Bo")))
    table = Table(client, token)
    for _ in range(3):
        assert table.post(**BUST).status_code == 302
    refused = table.post(**BUST)
    assert refused.status_code == 429
    assert "wait a minute" in refused.text
    assert moves_of(app, token) == 3


# A window of an hour, not a minute: the counts cannot start afresh mid-test on a slow run.
PER_CLIENT, PER_TABLE = "120 per hour", "120 per hour"


def phone_at(app, token: str, address: str) -> Table:
    """Another phone with the table's link, sending from ``address``."""
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = address
    return Table(phone, token)


def choose_seat(table: Table, choice: str):
    """Post the page's seat choice (a seat's number, ``watch`` or ``table``)."""
    return table.client.post(f"{table.url}/seat", data={"as": choice, "csrf_token": table.csrf()})


def test_a_watchers_refused_moves_cost_it_alone_never_the_seated_players_writes(
    limits_on, app, client, stored, tiny_log
):
    app.config.update(WRITE_LIMIT_PER_CLIENT=PER_CLIENT, WRITE_LIMIT_PER_TABLE=PER_TABLE)
    (token,) = stored(tiny_log(("Ann", "Bo")))
    ann, watcher = Table(client, token), phone_at(app, token, "10.0.0.2")
    assert choose_seat(ann, "0").status_code == 302
    assert choose_seat(watcher, "watch").status_code == 302
    seq, csrf = ann.form_fields()[0], watcher.csrf()  # a watcher's page has no move form
    answers = [
        watcher.client.post(f"{watcher.url}/move", data={"seq": seq, "csrf_token": csrf, **BUST})
        for _ in range(300)
    ]
    # Each refused post costs the watcher: its 121st is refused by its own limit...
    assert [answer.status_code for answer in answers] == [403] * 120 + [429] * 180
    assert "Too many posts from this phone" in answers[-1].text
    # ...and none of them cost the table: Ann's move lands.
    assert ann.post(**BUST).status_code == 302
    assert moves_of(app, token) == 1


def post_refusals(app, house, token: str) -> None:
    """Post, three times each, every kind of refusal the table's write routes give: from a
    watcher, from a page the table moved on from, a form cut short, a move the rules
    refuse, nothing to undo, play again before the end, a photo with no roll to read; each
    must get its status."""
    watcher, table = phone_at(app, token, "10.0.0.3"), Table(house, token)
    assert choose_seat(watcher, "watch").status_code == 302
    seq = table.form_fields()[0]
    version = re.search(r'data-version="(\d+)"', watcher.page()).group(1)
    photo = {"photo": "upload"}  # a file of one byte, sent afresh each time
    posts = [
        (watcher, "move", {"seq": seq, **BUST}, 403),
        (watcher, "undo", {"seq": seq}, 403),
        (watcher, "odds", {"odds": "on", "version": version}, 403),
        (table, "move", {"seq": seq + 5, **BUST}, 409),
        (table, "undo", {"seq": seq + 5}, 409),
        (table, "odds", {"odds": "on", "version": "99"}, 409),  # refused as it writes
        (table, "again", {}, 409),
        (table, "move", {"seq": seq, "action": "bank"}, 422),
        (table, "undo", {"seq": seq}, 422),
        (table, "photo", photo, 422),
        (table, "move", BUST, 400),
    ]
    for phone, path, fields, status in posts:
        for _ in range(3):
            data = {"csrf_token": phone.csrf(), **fields}
            if data.get("photo") == "upload":
                data["photo"] = (io.BytesIO(b"x"), "dice.jpg")
            answer = phone.client.post(f"{phone.url}/{path}", data=data)
            assert answer.status_code == status, (path, fields, answer.text[:300])


def test_refused_posts_of_every_kind_leave_the_tables_writes_to_the_landed_ones(
    limits_on, app, client, stored, tiny_log
):
    app.config["WRITE_LIMIT_PER_TABLE"] = "2 per hour"
    (token,) = stored(tiny_log(("Ann", "Bo")))
    post_refusals(app, client, token)  # 33 refusals: none counts against the table
    table = Table(client, token)
    assert table.post(**BUST).status_code == 302  # the table's two writes, of any kind
    assert table.post("undo").status_code == 302
    refused = table.post(**BUST)
    assert refused.status_code == 429
    said = html.unescape(refused.text)
    assert "This table has taken as many changes as it may just now (2 per hour" in said
    assert "Nothing was changed." in said and refused.headers["Retry-After"] == "3600"
    assert moves_of(app, token) == 0


def test_too_many_pin_attempts_get_a_429(limits_on, stranger):
    for _ in range(10):
        data = {"csrf_token": csrf_token(stranger, "/house"), "pin": "1"}
        assert stranger.post("/house", data=data).status_code == 422
    data = {"csrf_token": csrf_token(stranger, "/house"), "pin": HOUSE_PIN}
    assert stranger.post("/house", data=data).status_code == 429


@pytest.mark.parametrize(
    "query", ["page=99999999999999999999999", "page=²", "page=-4", "page=" + "9" * 5000]
)
def test_history_page_numbers_are_bounded(client, stored, tiny_log, query):
    stored(tiny_log(("Ann", "Bo"), "win"))
    response = client.get(f"/history?{query}")
    assert response.status_code == 200 and "Ann" in response.text


@pytest.mark.parametrize("query", ["player=a%00b", "game=te%00nk", "player=" + "x" * 300])
def test_history_filters_refuse_unusable_text(client, query):
    response = client.get(f"/history?{query}")
    assert response.status_code == 400
    assert "not usable" in response.text


@pytest.mark.parametrize("key", ["a%00b", "x" * 300])
def test_player_keys_are_bounded(client, key):
    assert client.get(f"/players/{key}").status_code == 404


@pytest.mark.parametrize("other", ["a\x00b", "x" * 300])
def test_a_merge_with_unusable_text_is_refused(app, client, stored, tiny_log, other):
    stored(tiny_log(("Sid", "Ann"), "win"))
    assert merge(client, "sid", other).status_code == 400
    with app.app_context():
        assert db.session.scalar(select(PlayerMerge.id)) is None


@pytest.mark.parametrize("name", ["A\x00n", "A\x1bn", "A\nn"])
def test_names_with_control_characters_are_refused(app, client, tiny_game, name):
    url = f"/tables/new/{SLUG}"
    data = {"csrf_token": csrf_token(client, url), "players-0": name, "players-1": "Bo"}
    new = client.post(url, data={**data, "opt_target": "12"})
    assert new.status_code == 422 and "control characters" in new.text
    log = json.dumps({"format": "referee-log/1", "game": SLUG, "players": [name, "Bo"]})
    upload = {"csrf_token": csrf_token(client, "/import"), "log": (io.BytesIO(log.encode()), "x")}
    imported = client.post("/import", data=upload)
    assert imported.status_code == 422 and "control characters" in imported.text
    with app.app_context():
        assert db.session.scalar(select(GameTable.id)) is None


def test_a_long_folded_name_fits(app, client, new_table, tiny_game):
    name = "ß" * 30  # folds to 60 characters
    table = new_table(SLUG, players=(name, "Bo"))
    assert table.post(**BUST).status_code == 302
    with app.app_context():
        assert db.session.scalar(select(Seat.player_key).where(Seat.name == name)) == "ss" * 30
    assert client.get("/players/" + "ss" * 30).status_code == 200


def test_a_table_is_never_longer_than_it_keeps(app, client, stored, tiny_log, monkeypatch):
    import referee.web.play.judging as judging

    monkeypatch.setattr(judging, "MAX_MOVES", 2)
    (token,) = stored(tiny_log(("Ann", "Bo"), "bust", "bust"))
    refused = Table(client, token).post(**BUST)
    assert refused.status_code == 422
    assert moves_of(app, token) == 2


def test_every_table_has_a_version_that_every_write_advances(app, client, stored, tiny_log):
    (token,) = stored(tiny_log(("Ann", "Bo")))
    table = Table(client, token)
    table.post(**BUST)
    table.post("undo")
    with app.app_context():
        assert db.session.scalar(select(GameTable.version).where(GameTable.token == token)) == 2


def test_a_first_visit_says_what_the_house_pin_is_for_before_the_games(stranger):
    home = " ".join(re.sub(r"<[^>]+>", "", html.unescape(stranger.get("/").text)).split())
    said = "To start a table you need this referee’s house PIN: a number the person who runs it"
    assert said in home and "Playing at a table someone started needs no PIN" in home
    assert home.index(said) < home.index("Start a table")
    pin_page = stranger.get("/house").text
    assert "make run" not in pin_page and "instance/house_pin" not in pin_page
    assert "the person who runs it knows, so ask them" in " ".join(html.unescape(pin_page).split())


def test_a_phone_with_the_pin_is_not_told_again(client, tiny_game):
    home = html.unescape(client.get("/").text)
    assert "To start a table you need" not in home
    assert client.get(f"/tables/new/{SLUG}").status_code == 200  # never asked for the PIN again
