"""Each game's rulings reach a German phone in German (issue 50): a short game of each game
whose rules' sentences were said with ``say``, its page read by an English and a German phone."""

from __future__ import annotations

import html
import random
import re

import pytest

from printables.words import words_for
from referee.autoplay import play_random_game
from referee.core.moves import apply_move, move_words, resolve_options
from referee.core.sentences import Sentence, render
from referee.games import get_game
from referee.log import GameLog
from referee.web.base.languages import COOKIE
from tests.conftest import Table, csrf_token, house_client, table_maker

GAMES = {
    "solitaire": ("Ann",),
    "sixd-one": ("Ann", "Bo"),
    "sixd-two": ("Ann", "Bo"),
    "sixd-three": ("Ann", "Bo"),
    "sixd-four": ("Ann", "Bo"),
    "sixd-five": ("Ann", "Bo"),
    "sixd-six": ("Ann", "Bo"),
}
MOVES = 5  # a short game: the table's first moves


def ruling_of(page: str) -> str:
    found = re.search(r'class="ruling"[^>]*><p>(.*?)</p>', page, re.S)
    assert found, "the page shows no ruling"
    return html.unescape(found.group(1))


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_german_phone_reads_the_games_ruling_in_german(app, stored, slug):
    app.config["LANGUAGES"] = ("en", "de")
    game = get_game(slug)
    players = GAMES[slug]
    options = resolve_options(game, {})
    moves = play_random_game(game, players, options, random.Random(4))[:MOVES]
    state = game.start(list(players), options)
    for move in moves:
        last = {**move, "player": move.get("player") or game.to_move(state)}  # as stored
        state = apply_move(game, state, move)
    ruling = game.ruling(state)
    assert isinstance(ruling, Sentence)
    german = render(ruling, words_for("de"))
    assert german != ruling
    (token,) = stored(GameLog(slug, players, options, tuple(moves)))
    english_phone, german_phone = house_client(app), house_client(app)
    german_phone.set_cookie(COOKIE, "de")
    assert ruling_of(english_phone.get(f"/t/{token}").text) == ruling
    assert ruling_of(german_phone.get(f"/t/{token}").text) == german
    said = move_words(game, last).kind  # the story tells each move in the phone's words
    story = f"/t/{token}/history"
    assert render(said, words_for("de")) in html.unescape(german_phone.get(story).text)
    assert said in html.unescape(english_phone.get(story).text)


def test_a_german_phone_reads_its_own_ruling_in_german(app, new_table):
    """The own ruling a phone keeps in its session (its split made at the same time as
    another's) is kept as a message with values: a German phone reads it in German."""
    app.config["LANGUAGES"] = ("en", "de")
    table = new_table("solitaire", ("Ann", "Bob"))
    phones = [Table(app.test_client(), table.token) for _ in range(2)]
    phones[0].client.set_cookie(COOKIE, "de")
    for seat, phone in enumerate(phones):
        sat = phone.client.post(
            f"{phone.url}/seat",
            data={"as": str(seat), "csrf_token": csrf_token(phone.client, phone.url)},
        )
        assert sat.status_code == 302
    assert phones[1].roll(1, 1, 3, 5, 6).status_code == 302
    pages = [phone.form_fields() for phone in phones]  # both read the same page
    for seat, (seq, csrf) in enumerate(pages):
        data = {"seq": seq, "csrf_token": csrf, "action": "assign", "split": "1,5|1,6|3"}
        answer = phones[seat].client.post(
            f"{phones[seat].url}/move", data=dict(data, player=("Ann", "Bob")[seat])
        )
        assert answer.status_code == 302
    page = html.unescape(phones[0].page())
    assert (
        "Ann: 6 und 7, Abwurf 3 (neue Abwurfzahl) — 1 von 8; −400, insgesamt −400. "
        "Noch aufzuteilen: Bob." in page
    )
    assert "Ann: 6 and 7" not in page


def test_a_game_played_in_german_logs_what_the_same_game_played_in_english_logs(app):
    """The same 10K turns entered from a German phone at one table and an English phone at
    another: the two tables' game logs (``log.json``) are identical, their rulings apart."""
    app.config["LANGUAGES"] = ("en", "de")
    logs, rulings = [], []
    for language in ("de", "en"):
        phone = house_client(app)
        phone.set_cookie(COOKIE, language)
        table = table_maker(phone)("tenk", ("Ann", "Bo"))
        assert table.roll(1, 1, 1, 5, 2, 3).status_code == 302
        assert table.pick(0, 1, 2, 3, bank=True).status_code == 302
        assert table.roll(2, 3, 4, 6, 6, 2).status_code == 302  # Bo busts
        assert table.roll(5, 2, 3, 4, 6, 6).status_code == 302
        rulings.append(table.ruling())
        logs.append(phone.get(f"{table.url}/log.json").get_json())
    assert rulings[0] != rulings[1]  # each phone read its own language
    assert logs[0] == logs[1] and len(logs[0]["moves"]) == 5  # set aside and bank are two
