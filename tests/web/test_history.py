"""History, a table's story, CSV and zip export, and importing logs from the web page."""

from __future__ import annotations

import html
import io
import json
import re
import zipfile
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from referee.log import loads, replay
from referee.web.base.extensions import db
from referee.web.base.models import GameTable
from referee.web.storage.loading import table_by_token

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def seed(name):
    return loads((SEEDS / name).read_text())


def words(page: str) -> str:
    """The page's text as read: tags out, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(page)).split())


def test_history_lists_newest_first_with_winner_or_in_progress(client, stored):
    stored(seed("tenk-finished.json"), seed("tenk-in-progress.json"))
    page = words(client.get("/history").text)
    assert page.index("Dee 2,900 · Eli 1,900") < page.index("Ann 3,900 · Bo 0 · Cy 12,200")
    assert "Won by Cy" in page and "in progress" in page
    assert page.count("Resume") == 1


@pytest.mark.parametrize(
    ("query", "shown", "hidden"),
    [
        ("game=sb", ["Anna 29"], ["Ann 3,900", "Sid"]),
        ("player=ANN", ["Ann 3,900"], ["Anna 29", "Sid"]),
        ("player=sid&game=solitaire", ["Sid"], ["Ann 3,900"]),
        ("from=2026-01-01", ["Anna 29", "Sid"], ["Ann 3,900"]),
        ("to=2025-12-31", ["Ann 3,900"], ["Anna 29"]),
    ],
)
def test_history_filters(client, stored, app, query, shown, hidden):
    first, _, _ = stored(
        seed("tenk-finished.json"), seed("sb-anna-and-barry.json"), seed("solitaire-solo.json")
    )
    with app.app_context():
        table_by_token(first).created_at = datetime(2025, 6, 1)
        db.session.commit()
    page = words(client.get(f"/history?{query}").text)
    for table in shown:
        assert table in page
    for table in hidden:
        assert table not in page


def test_bad_filter_values_are_ignored_not_errors(client, stored):
    stored(seed("tenk-finished.json"))
    assert client.get("/history?from=yesterday&page=-3&game=nope").status_code == 200


def test_page_links_keep_the_filters_and_nothing_else(client, stored, tenk_log):
    stored(*[tenk_log(("Ann", "Bo"))] * 51)  # two pages
    query = "player=ann&endpoint=x&_method=POST&_external=1&_scheme=javascript&_anchor=x"
    response = client.get(f"/history?{query}")
    assert response.status_code == 200
    assert 'href="/history?player=ann&amp;page=2"' in response.text


def test_table_story_has_every_move_ruling_busts_and_chart(client, stored, tenk_log):
    (table_id,) = stored(tenk_log(("Ann", "Bo"), "bust", "win", "bust"))
    page = html.unescape(client.get(f"/t/{table_id}/history").text)
    assert 'class="chart"' in page and page.count("<polyline") == 2
    assert "Ann's roll 2 2 3 3 4 6" in page
    assert "Bust: no 1, 5 or set in 2 2 3 3 4 6" in page
    assert 'class="bust final"' in page  # Ann's last turn, in the final round
    assert "won by Bo" in page


def test_turns_csv_has_one_row_per_turn(client, stored, tenk_log):
    (table_id,) = stored(tenk_log(("Ann", "Bo"), "bust", "win", "bust"))
    rows = client.get(f"/t/{table_id}/turns.csv").text.strip().splitlines()
    assert rows[0] == "turn,player,points,bust,total,final_round,note"
    assert rows[1:] == [
        "1,Ann,0,1,0,0,bust on 2 2 3 3 4 6",
        "2,Bo,1000,0,1000,0,",
        "3,Ann,0,1,0,1,bust on 2 2 3 3 4 6",
    ]


def upload(client, form_token, content: bytes, name="game.json"):
    data = {"csrf_token": form_token("/import"), "log": (io.BytesIO(content), name)}
    return client.post("/import", data=data, content_type="multipart/form-data")


def test_export_then_import_gives_the_same_replayed_state(client, stored, form_token, app):
    (table_id,) = stored(seed("lucky7-finished.json"))
    exported = client.get(f"/t/{table_id}/log.json").data
    response = upload(client, form_token, exported)
    assert response.status_code == 302
    new_id = response.location.rsplit("/", 1)[1]
    with app.app_context():
        from referee.web.storage.loading import load, table_by_token

        before = load(table_by_token(table_id)).replay.to_json()
        after = load(table_by_token(new_id)).replay.to_json()
    assert before == after == replay(loads(exported.decode())).to_json()


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"{not json", "Not valid JSON"),
        (b'{"format": "referee-log/1", "game": "chess", "players": ["A"]}', "Unknown game"),
        (b"\xff\xfe", "not UTF-8"),
        (b"[" * 100_000, "nested too deeply"),
        (
            b'{"format": "referee-log/1", "game": "tenk", "players": ["A", "B"], "options": '
            b'{"target": ' + b"9" * 5000 + b"}}",
            "thousands of digits",
        ),
        (
            b'{"format": "referee-log/1", "game": "tenk", "players": ["A", "B"], "moves": ['
            + b",".join([b'{"type": "bank"}'] * 5001)
            + b"]}",
            "at most 5,000 moves",
        ),
    ],
)
def test_malformed_upload_is_refused(client, form_token, content, words, app):
    response = upload(client, form_token, content)
    assert response.status_code == 422 and words in html.unescape(response.text)
    with app.app_context():
        assert db.session.query(GameTable).count() == 0


def test_upload_with_an_illegal_move_names_the_move(client, form_token):
    log = json.loads((SEEDS / "tenk-in-progress.json").read_text())
    log["moves"].insert(3, {"type": "roll", "dice": ["7"]})
    response = upload(client, form_token, json.dumps(log).encode())
    assert response.status_code == 422
    assert "Move 4 was refused" in html.unescape(response.text)


def test_upload_without_a_file_is_refused(client, form_token):
    response = client.post("/import", data={"csrf_token": form_token("/import")})
    assert response.status_code == 422 and "Choose a game log file." in response.text


def test_export_everything_as_one_zip(client, stored):
    stored(seed("tenk-finished.json"), seed("solitaire-shared.json"))
    archive = zipfile.ZipFile(io.BytesIO(client.get("/export.zip").data))
    names = sorted(archive.namelist())
    assert [n.split("-")[:2] for n in names] == [["0001", "tenk"], ["0002", "solitaire"]]
    for name in names:
        assert replay(loads(archive.read(name).decode())).error is None


def test_the_story_legend_names_only_what_the_game_shows(client, stored):
    tenk, solo = stored(seed("tenk-finished.json"), seed("solitaire-solo.json"))
    assert "Busts in red; the final round shaded." in client.get(f"/t/{tenk}/history").text
    solo_page = client.get(f"/t/{solo}/history").text
    assert "Busts in red" not in solo_page and "final round shaded" not in solo_page


def test_history_lists_each_tables_scores_and_winners_without_replaying(
    client, stored, monkeypatch
):
    stored(seed("tenk-finished.json"), seed("tenk-in-progress.json"))
    finished = replay(seed("tenk-finished.json")).outcome
    going = replay(seed("tenk-in-progress.json")).outcome

    def no_replay(*args, **kwargs):
        raise AssertionError("the history list replayed a game")

    monkeypatch.setattr("referee.log.Replay.extended", no_replay)
    response = client.get("/history")
    assert response.status_code == 200
    page = words(response.text)
    final = " · ".join(f"{name} {score:,}" for name, score in finished.scores.items())
    so_far = " · ".join(f"{name} {score:,}" for name, score in going.scores.items())
    assert f"{final} Won by {finished.winners[0]}" in page
    assert f"Scores so far: {so_far} in progress" in page
    winner = finished.winners[0]
    assert f'<span class="won">{winner} {finished.scores[winner]:,}</span>' in response.text


def test_a_long_story_is_folded_ten_turns_at_a_time_the_last_fold_open(client, stored, tenk_log):
    turns = ["bust"] * 24 + ["win"]  # 25 turns, the last one ends the game (target 1,000)
    (table_id,) = stored(tenk_log(("Ann", "Bo"), *turns))
    response = client.get(f"/t/{table_id}/history")
    page = response.text
    assert page.index('class="chart"') < page.index('class="fold"')
    folds = re.findall(r'<details class="fold"( open)?>\s*<summary><b>([^<]+)</b>', page)
    assert folds == [("", "Turns 1–10"), ("", "Turns 11–20"), (" open", "Turns 21–25")]
    text = words(page)
    assert "Turns 1–10 after turn 10: Ann 0 · Bo 0" in text
    assert "Turns 21–25 after turn 25: Ann 1,000 · Bo 0" in text
    assert re.findall(r'<ol start="(\d+)">', page) == ["1", "11", "21"]
    assert page.count('<span class="what">') == 27  # every move is there, folded or not
    assert "Ann's set-aside 1 1 1" in html.unescape(page)


def test_a_very_long_story_holds_the_moves_of_its_last_three_folds_and_links_the_rest(
    client, stored, tenk_log
):
    turns = ["bust"] * 54 + ["win"]  # 55 turns: six folds, the first three as links
    (token,) = stored(tenk_log(("Ann", "Bo"), *turns))
    page = client.get(f"/t/{token}/history").text
    shown = re.findall(r'<details class="fold"( open)?>\s*<summary><b>([^<]+)</b>', page)
    assert shown == [("", "Turns 31–40"), ("", "Turns 41–50"), (" open", "Turns 51–55")]
    assert f'href="/t/{token}/history?fold=1#fold-1"><b>Turns 1–10</b></a>' in page
    assert f'href="/t/{token}/history?fold=2#fold-2"><b>Turns 11–20</b></a>' in page
    assert "Turns 1–10 after turn 10: Ann 0 · Bo 0" in words(page)
    assert f'href="/t/{token}/history?fold=3#fold-3"><b>Turns 21–30</b></a>' in page
    assert page.count('<span class="what">') == 27  # turns 31-55: moves of shown folds only
    asked = client.get(f"/t/{token}/history?fold=2").text
    assert '<span id="fold-2"></span>' in asked
    assert re.findall(r'<ol start="(\d+)">', asked) == ["11", "31", "41", "51"]


def test_a_turn_under_way_ends_the_story_open(client, stored, tenk_log):
    log = tenk_log(("Ann", "Bo"), "bust", "bust")
    (table_id,) = stored(replace(log, moves=(*log.moves, {"type": "roll", "dice": ["1"] * 6})))
    page = words(client.get(f"/t/{table_id}/history").text)
    assert "Turns 1–3 under way" in page


def test_a_story_stops_at_a_stored_move_the_rules_refuse(client, stored):
    from referee.log import GameLog

    moves = ({"type": "roll", "dice": ["2", "2", "3", "3", "4", "6"]}, {"type": "bank"})
    (token,) = stored(GameLog("tenk", ("Ann", "Bo"), {}, moves))
    response = client.get(f"/t/{token}/history")
    assert response.status_code == 200
    assert "Refused on replay" in response.text


def test_turns_csv_notes_read_in_the_phones_language(client, stored, tenk_log, app):
    app.config["LANGUAGES"] = ("en", "de")
    (table_id,) = stored(tenk_log(("Ann", "Bo"), "bust", "win"))
    german = {"Accept-Language": "de"}
    rows = client.get(f"/t/{table_id}/turns.csv", headers=german).text.strip().splitlines()
    assert rows[0] == "turn,player,points,bust,total,final_round,note"  # the data's keys
    assert rows[1].startswith("1,Ann,0,1,0,0,") and "bust on" not in rows[1]
    assert "2 2 3 3 4 6" in rows[1]
