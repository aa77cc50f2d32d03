"""Table settings (a game's ``TABLE_SETTINGS``): picked on the new-table form, stored with the
table (``game_table.settings``), carried over by Play again, at their defaults for an imported
log, and never in the game's log: an export replays as the same game anywhere, and a log that
carries one as an option is refused (docs/gamelog.md: an unknown option is an error)."""

from __future__ import annotations

import html
import io
import json
import random
import zipfile

from referee.autoplay import play_random_game
from referee.cli import main
from referee.games import get_game
from referee.log import GameLog, loads, replay
from referee.web.base.extensions import db
from referee.web.base.models import GameTable
from referee.web.storage.loading import table_by_token
from tests.conftest import Table
from tests.web.test_photos import KEYS, checked, send_photo

SB_LOG = {"format": "referee-log/1", "game": "sb", "players": ["Ann", "Bo"], "moves": []}


def settings_of(app, token: str) -> dict:
    with app.app_context():
        return table_by_token(token).settings


def upload(client, form_token, log: dict):
    data = {"csrf_token": form_token("/import"), "log": (io.BytesIO(json.dumps(log).encode()), "l")}
    return client.post("/import", data=data, content_type="multipart/form-data")


def test_the_new_table_form_offers_a_games_settings_in_words(client):
    page = html.unescape(client.get("/tables/new/sb").text)
    assert "Keys’ colour" in page and 'name="set_key_colour"' in page
    assert '<option selected value="red">red</option>' in page
    assert '<option value="white">white</option>' in page and "Default red." in page
    assert "set_" not in client.get("/tables/new/tenk").text  # a game without settings


def test_the_chosen_setting_is_stored_with_the_table_and_the_default_when_none_is_sent(
    app, new_table
):
    green = new_table("sb", table_settings={"key_colour": "green"})
    assert settings_of(app, green.token) == {"key_colour": "green"}
    assert settings_of(app, new_table("sb").token) == {"key_colour": "red"}
    assert settings_of(app, new_table("tenk").token) == {}


def test_a_setting_the_game_does_not_offer_starts_no_table(app, client, form_token):
    url = "/tables/new/sb"
    data = {"csrf_token": form_token(url), "players-0": "Ann", "players-1": "Bo",
            "opt_target": "60", "set_key_colour": "mauve"}  # fmt: skip
    answer = client.post(url, data=data)
    assert answer.status_code == 422 and "Not a valid choice" in answer.text
    with app.app_context():
        assert db.session.query(GameTable).count() == 0


def test_an_exported_log_never_carries_a_setting_and_replays(app, client, new_table, tmp_path):
    table = new_table("sb", table_settings={"key_colour": "green"}, target=60)
    table.roll(1, 1, 1, 1, 2, 2, 3, 3, k0="4", k1="5")
    exported = client.get(f"{table.url}/log.json").text
    assert "key_colour" not in exported and "green" not in exported
    log = json.loads(exported)
    assert log["options"] == {"target": 60} and len(log["moves"]) == 1
    assert replay(loads(exported)).error is None
    archive = zipfile.ZipFile(io.BytesIO(client.get("/export.zip").data))
    assert all("key_colour" not in archive.read(name).decode() for name in archive.namelist())
    path = tmp_path / "log.json"
    path.write_text(exported, encoding="utf-8")
    assert main(["replay", str(path)]) == 0


def test_a_log_carrying_the_setting_as_an_option_is_refused(
    app, client, form_token, tmp_path, capsys
):
    log = {**SB_LOG, "options": {"target": 60, "key_colour": 2}}
    answer = upload(client, form_token, log)
    assert answer.status_code == 422
    assert "Keys and Base Dice has no option key_colour." in html.unescape(answer.text)
    with app.app_context():
        assert db.session.query(GameTable).count() == 0
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "has no option key_colour" in capsys.readouterr().err


def test_an_imported_log_reads_a_photo_by_the_default_keys_colour(app, client, form_token):
    answer = upload(client, form_token, SB_LOG)
    assert answer.status_code == 302
    token = answer.location.rsplit("/", 1)[1]
    assert settings_of(app, token) == {}  # every setting at its default
    read = send_photo(Table(client, token), KEYS)  # red keys
    assert read.status_code == 200, read.text
    assert sorted(checked(read.text)) == ["2", "2", "3", "4", "4", "5", "6", "6"]  # base dice


def test_play_again_keeps_the_tables_settings(app, client, stored):
    sb, players = get_game("sb"), ("Ann", "Bo")
    moves = play_random_game(sb, players, {"target": 20}, random.Random(3))
    (token,) = stored(GameLog("sb", players, {"target": 20}, tuple(moves)))
    with app.app_context():
        table_by_token(token).settings = {"key_colour": "white"}
        db.session.commit()
    finished = Table(client, token)
    again = client.post(f"{finished.url}/again", data={"csrf_token": finished.form_fields()[1]})
    assert again.status_code == 302
    made = again.location.rsplit("/", 1)[1]
    assert settings_of(app, made) == {"key_colour": "white"}
    assert "Bo to roll" in Table(client, made).ruling()
