"""A table's judgements against the advice are stored once (``referee.web.storage.judgements``):
its story reads them, and judges only the moves since, within a budget per view."""

from __future__ import annotations

import html
import random
import re

import pytest
from sqlalchemy import update

from printables.words import words_for
from referee.autoplay import play_random_game
from referee.core.moves import judged_moves
from referee.core.sentences import render
from referee.games import get_game
from referee.log import GameLog, moves_with_states, replay
from referee.web.base.extensions import db
from referee.web.base.languages import COOKIE
from referee.web.base.models import GameTable
from referee.web.storage import judgements
from tests.conftest import house_client

PLAYERS = ("Ann", "Bo")


@pytest.fixture
def judged_count(monkeypatch):
    """How many moves the story's judging has weighed so far (a list of one count)."""
    count = [0]
    # Judged on the CPU clock, a view's budget may run out early on a busy machine; the tests
    # that count what a view judged give it all the time it needs (the budget test sets its own).
    monkeypatch.setattr(judgements, "VIEW_SECONDS", 60.0)

    def counting(game, before, start=0):
        before = list(before)
        count[0] += len(before)
        return judged_moves(game, before, start)

    monkeypatch.setattr(judgements, "judged_moves", counting)
    return count


def tenk_moves(seed: int = 3) -> list[dict]:
    """The moves of a random two-player 10K game to 3,000."""
    return play_random_game(get_game("tenk"), PLAYERS, {"target": 3000}, random.Random(seed))


def with_odds(app, token: str) -> None:
    """Switch the table's odds on, as the switch does (straight in the database)."""
    with app.app_context():
        db.session.execute(update(GameTable).where(GameTable.token == token).values(show_odds=True))
        db.session.commit()


def against(page: str) -> list[str]:
    """The decisions the story marks against the advice, in words: flagged, or looked back on
    where the table did not show the odds (an import's moves)."""
    return re.findall(
        r"<summary>(?:Against the advice|With hindsight)</summary>(.*?)\.</details>", page
    )


def by_hand(moves: list[dict]) -> list[str]:
    """The decisions against the advice, judged straight from the log."""
    log = GameLog("tenk", PLAYERS, {"target": 3000}, tuple(moves))
    found = judged_moves(get_game("tenk"), moves_with_states(log))
    return [j.words for j in found if not j.verdict.followed]


def test_a_finished_tables_story_reads_the_judgements_stored_on_import(app, stored, judged_count):
    moves = tenk_moves()
    (token,) = stored(GameLog("tenk", PLAYERS, {"target": 3000}, tuple(moves)))
    weighed_on_import = judged_count[0]
    assert weighed_on_import == len(moves)
    house = house_client(app)
    for _ in range(2):
        page = html.unescape(house.get(f"/t/{token}/history").text)
        assert against(page) == by_hand(moves) and against(page)
    assert judged_count[0] == weighed_on_import  # no view judged anything again


def test_a_table_in_play_judges_only_the_moves_since_its_last_view(app, stored, judged_count):
    moves = tenk_moves()
    first = moves[: len(moves) // 2]
    (token,) = stored(GameLog("tenk", PLAYERS, {"target": 3000}, tuple(first)))
    with_odds(app, token)
    house = house_client(app)
    house.get(f"/t/{token}/history")
    assert judged_count[0] == len(first)
    with app.app_context():  # the rest of the game, as moves would be stored
        from referee.web.storage.loading import load, table_by_token
        from referee.web.storage.store import add_moves

        loaded = load(table_by_token(token))
        after = loaded.replay.extended(moves[len(first) : -1])
        add_moves(loaded, moves[len(first) : -1], after)
    page = html.unescape(house.get(f"/t/{token}/history").text)
    assert judged_count[0] == len(moves) - 1
    assert against(page) == by_hand(moves[:-1])


def test_an_undo_keeps_the_judgements_of_the_moves_still_in_place(app, stored, judged_count):
    moves = tenk_moves()
    (token,) = stored(GameLog("tenk", PLAYERS, {"target": 3000}, tuple(moves[:-1])))
    with_odds(app, token)
    house = house_client(app)
    house.get(f"/t/{token}/history")
    weighed = judged_count[0]
    with app.app_context():
        from referee.web.storage.loading import load, table_by_token
        from referee.web.storage.store import take_back

        loaded = load(table_by_token(token))
        kept = len(moves) - 4
        take_back(loaded, 3, replayed(moves[:kept]))
    page = html.unescape(house.get(f"/t/{token}/history").text)
    assert judged_count[0] - weighed <= judgements.MARK  # from the last digest still in place
    assert against(page) == by_hand(moves[:kept])


def replayed(moves: list[dict]):
    """The replay of a 10K game's ``moves``."""
    return replay(GameLog("tenk", PLAYERS, {"target": 3000}, tuple(moves)))


def test_a_view_judges_within_its_budget_and_says_how_far_it_got(
    app, stored, judged_count, monkeypatch
):
    moves = tenk_moves()
    (token,) = stored(GameLog("tenk", PLAYERS, {"target": 3000}, tuple(moves[:-1])))
    with_odds(app, token)
    monkeypatch.setattr(judgements, "VIEW_SECONDS", 0.0)  # one move a view
    house = house_client(app)
    page = html.unescape(house.get(f"/t/{token}/history").text)
    total = len(moves) - 1
    assert f"The first 1 of {total:,} moves are judged against the advice so far" in page
    page = html.unescape(house.get(f"/t/{token}/history").text)
    assert f"The first 2 of {total:,} moves" in page
    monkeypatch.setattr(judgements, "VIEW_SECONDS", 60.0)
    page = html.unescape(house.get(f"/t/{token}/history").text)
    assert "judged against the advice so far" not in page
    assert against(page) == by_hand(moves[:-1])
    assert judged_count[0] == total  # each move weighed once over the three views


def test_a_story_view_racing_a_delete_is_answered_not_a_500(app, stored, monkeypatch):
    """The table is deleted while its story is judged: the judgements are not stored, and
    the page is still the story as read."""
    moves = tenk_moves()
    (token,) = stored(GameLog("tenk", PLAYERS, {"target": 3000}, tuple(moves[:-1])))
    with_odds(app, token)
    judged_further = judgements.judged_further

    def deleted_meanwhile(log, known, seconds):
        found = judged_further(log, known, seconds)
        with db.engine.begin() as other:  # another request's delete, committed first
            other.execute(GameTable.__table__.delete().where(GameTable.token == token))
        return found

    monkeypatch.setattr(judgements, "judged_further", deleted_meanwhile)
    response = house_client(app).get(f"/t/{token}/history")
    assert response.status_code == 200 and "Move by move" in response.text
    assert house_client(app).get(f"/t/{token}/history").status_code == 404


def test_the_stored_decisions_keep_no_words(app, stored):
    """A decision against the advice is stored as its message and values, never as text: each
    phone's story says it again in its own language (docs/translating.md)."""
    moves = tenk_moves()
    (token,) = stored(GameLog("tenk", PLAYERS, {"target": 3000}, tuple(moves)))
    with app.app_context():
        table = db.session.query(GameTable).filter_by(token=token).one()
        rows = db.session.get(judgements.TableJudgement, table.id).decisions
    said = [row[4] for row in rows if row[4] is not None]
    assert said and all(isinstance(words, dict) and "msgid" in words for words in said)
    read = [judgements.Decision.read(row).words for row in rows if row[4] is not None]
    assert read == by_hand(moves)


def test_a_german_phone_reads_the_stored_decisions_in_german(app, stored):
    """The stored decisions, kept as messages and values, are said in each phone's language."""
    app.config["LANGUAGES"] = ("en", "de")
    moves = tenk_moves()
    (token,) = stored(GameLog("tenk", PLAYERS, {"target": 3000}, tuple(moves)))
    phone = house_client(app)
    phone.set_cookie(COOKIE, "de")
    page = html.unescape(phone.get(f"/t/{token}/history").text)
    german = [render(words, words_for("de")) for words in by_hand(moves)]
    assert german and all(words in page for words in german)
    assert all(words not in page for words in by_hand(moves))
