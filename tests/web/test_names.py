"""Player names on the web: the new-table form and the import refuse the names a stored table
does not take, two seats that would be one player, and every player's page link works, for
names stored before the rules too.  (The migration that folded the keys stored before is
tested in test_migrations.py.)"""

from __future__ import annotations

import html
import io
import json
import re
from urllib.parse import urljoin, urlsplit

import pytest
from sqlalchemy import func, select

from referee.web.base.extensions import db
from referee.web.base.models import GameTable, PlayerAlias, PlayerMerge, Seat
from tests.conftest import csrf_token
from tests.engine.test_names import ONE_PLAYER, REFUSED
from tests.tiny_game import SLUG

TAKEN_PAIRS = [row for row in ONE_PLAYER if row[0] != "invisible-stored-before"]


def words(response) -> str:
    return " ".join(html.unescape(response.text).split())


def new_table_post(client, *players: str):
    url = f"/tables/new/{SLUG}"
    data = {f"players-{i}": name for i, name in enumerate(players)}
    data.update(csrf_token=csrf_token(client, url), opt_target="12")
    return client.post(url, data=data)


def import_post(client, *players: str):
    log = json.dumps({"format": "referee-log/1", "game": SLUG, "players": list(players)})
    upload = {"csrf_token": csrf_token(client, "/import"), "log": (io.BytesIO(log.encode()), "x")}
    return client.post("/import", data=upload, content_type="multipart/form-data")


def table_count(app) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(GameTable))


# A form carries UTF-8: a lone surrogate cannot reach it (it arrives as U+FFFD, a visible
# sign), so only an import is tried with one.
ENTRIES = [
    pytest.param(entry, *row, id=f"{label}-{row[0]}")
    for label, entry in (("form", new_table_post), ("import", import_post))
    for row in REFUSED
    if not (entry is new_table_post and row[0] == "lone-surrogate")
]


@pytest.mark.parametrize(("entry", "rule", "name", "expected"), ENTRIES)
def test_a_refused_name_gets_a_sentence_and_stores_nothing(
    app, client, tiny_game, entry, rule, name, expected
):
    if rule == "lone-surrogate":  # a log with one is refused as text before its names are read
        expected = "not valid Unicode"
    response = entry(client, name, "Bo")
    assert response.status_code == 422
    page = words(response)
    # The engine's own check speaks first of the C0 controls; the name rules of the rest.
    assert expected in page or "may not hold control characters" in page
    assert table_count(app) == 0


@pytest.mark.parametrize("entry", [new_table_post, import_post], ids=["form", "import"])
@pytest.mark.parametrize(("rule", "one", "other"), TAKEN_PAIRS, ids=[r[0] for r in TAKEN_PAIRS])
def test_two_seats_that_fold_alike_are_refused_naming_both(
    app, client, tiny_game, entry, rule, one, other
):
    response = entry(client, one, other)
    assert response.status_code == 422
    assert f"“{one}” and “{other}” would be one player" in words(response)
    assert table_count(app) == 0


def test_spaces_around_a_name_are_trimmed_on_the_form_and_on_import(app, client, tiny_game):
    assert new_table_post(client, "  Ann ", "Bo").status_code == 302
    assert import_post(client, " Cy", "Di\u3000").status_code == 302
    with app.app_context():
        names = db.session.scalars(select(Seat.name).order_by(Seat.table_id, Seat.seat)).all()
    assert names == ["Ann", "Bo", "Cy", "Di"]


def test_spellings_of_one_name_at_different_tables_are_one_player(app, client, tiny_game):
    for names in [("Ann", "Bo"), ("ａｎｎ", "Cy"), ("ANN", "Di")]:
        assert new_table_post(client, *names).status_code == 302
    with app.app_context():
        keys = db.session.scalars(select(Seat.player_key).where(Seat.seat == 0)).all()
    assert keys == ["ann"] * 3
    assert "<td>3</td>" in client.get("/players/ann").text


# Names stored before the rules, whose keys a URL would mangle, and names that need escaping.
STORED_BEFORE = ["Sl/ash", "..", ".", "...", "100%", "a%2Fb", "Q?#&", "x/..", "Ann"]


@pytest.fixture
def awkward(stored, tiny_log):
    """A table for each awkward name (stored as an import stores, past today's rules)."""
    return stored(*(tiny_log((name, "Zed"), "win") for name in STORED_BEFORE))


def links_in(players_list: str) -> dict[str, str]:
    """Each player's name on the players' list and the link it gives."""
    found = re.findall(r'<a href="([^"]+)"><b>([^<]+)</b>', players_list)
    return {html.unescape(name): html.unescape(href) for href, name in found}


def player_links(client) -> dict[str, str]:
    """The links of the players' list as the test client reads it."""
    return links_in(client.get("/players/").text)


@pytest.mark.parametrize("name", STORED_BEFORE)
def test_every_player_stored_has_a_working_page_link(client, awkward, name):
    href = player_links(client)[name]
    # What a browser asks for: the link resolved against the page, dot segments removed.
    asked = urlsplit(urljoin("http://phone.example/players/", href)).path
    assert asked == href and href.startswith("/players/") and href != "/players/"
    page = client.get(href)
    assert page.status_code == 200
    assert f"<h1>{html.escape(name, quote=False)}</h1>" in page.text


def test_a_player_stored_with_a_slash_can_be_merged_and_split_back(app, client, awkward):
    links = player_links(client)
    token = csrf_token(client, "/import")
    merged = client.post(links["Ann"] + "/merge", data={"csrf_token": token, "other": "sl/ash"})
    assert merged.status_code == 302 and merged.location == links["Ann"]
    assert client.get(links["Sl/ash"]).location == links["Ann"]
    with app.app_context():
        merge_id = db.session.scalar(select(PlayerMerge.id))
    split = client.post(links["Ann"] + "/split", data={"csrf_token": token, "merge": merge_id})
    assert split.status_code == 302
    assert client.get(links["Sl/ash"]).status_code == 200


def test_the_merge_lookup_finds_a_name_however_it_is_spelled(app, client, stored, tiny_log):
    stored(tiny_log(("Ann", "Bo"), "win"), tiny_log(("Ned", "Cy"), "win"))
    token = csrf_token(client, "/import")
    merged = client.post("/players/ann/merge", data={"csrf_token": token, "other": "ＮＥＤ"})
    assert merged.status_code == 302
    with app.app_context():
        assert db.session.get(PlayerAlias, "ned").canonical == "ann"


@pytest.mark.parametrize(
    ("other", "expected"),
    [
        ("Sl/ash", "holds a “/”"),
        ("..", "besides dots"),
        ("Ne\u2028d", "U+2028 (LINE SEPARATOR)"),
        ("\u2800", "“[U+2800]” shows nothing"),
        ("\u0301", "“[U+0301]” shows nothing"),
    ],
)
def test_the_merge_lookup_says_which_name_rule_a_name_nobody_has_breaks(
    app, client, stored, tiny_log, other, expected
):
    stored(tiny_log(("Ann", "Bo"), "win"))
    token = csrf_token(client, "/import")
    refused = client.post("/players/ann/merge", data={"csrf_token": token, "other": other})
    assert refused.status_code == 422
    assert expected in words(refused) and "Nothing was changed." in words(refused)
    with app.app_context():
        assert db.session.scalar(select(PlayerMerge.id)) is None


@pytest.mark.race
def test_player_links_work_under_gunicorn(app, database_url, tmp_path, request, tenk_log):
    """gunicorn decodes a path once, as the test client does: each link stays one segment.
    (A real server of its own knows only the real games: 10K plays here.)"""
    from referee.web.storage.store import import_log
    from tests.realserver import Gunicorn, Phone

    with app.app_context():
        for name in STORED_BEFORE:
            import_log(tenk_log((name, "Zed"), "win"))
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    phone = Phone(server.port).enter_house_pin()
    links = links_in(phone.get("/players/")[1])
    assert set(STORED_BEFORE) <= set(links)
    for name in STORED_BEFORE:
        status, page = phone.get(links[name])
        assert status == 200 and f"<h1>{html.escape(name, quote=False)}</h1>" in page, name
