"""Helpers of the web tests that each game's own web tests use too: the moves a table has
stored, its undo box read and posted, a table seated from the opening moves of a seed log."""

from __future__ import annotations

import dataclasses
import html
import re
from pathlib import Path

from referee.log import GameLog, loads
from tests.conftest import Table

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def stored(app, token: str) -> list[dict]:
    """The moves the table behind ``token`` has stored, in order, as data."""
    from referee.web.storage.loading import move_data, table_by_token

    with app.app_context():
        return move_data(table_by_token(token).id)


def stored_moves(app, table: Table) -> list[dict]:
    """The moves ``table`` has stored, in order, as data."""
    return stored(app, table.token)


def undo_box(table: Table) -> str:
    """The undo box of the table's page (empty when the page has none)."""
    page = html.unescape(table.page())
    start = page.find('<details class="undo')
    return "" if start < 0 else page[start : page.index('<details class="this-phone"', start)]


def words(fragment: str) -> str:
    """The words of an HTML fragment, tags dropped and spaces folded."""
    return " ".join(re.sub(r"<[^>]+>", " ", fragment).split())


def undo_turn(table: Table, **fields):
    """Post the undo box's "undo the whole turn"."""
    return table.post("undo", turn="whole", **fields)


def seed_opening(name: str, count: int) -> GameLog:
    """The first ``count`` moves of a seed log (each stamped with its player, as the play
    page stamps a move with the player to move)."""
    log = loads((SEEDS / f"{name}.json").read_text(encoding="utf-8"))
    return dataclasses.replace(log, moves=log.moves[:count])


def seated(client, stored, log: GameLog) -> Table:
    """A driver of ``log`` stored as a table (``stored`` is the fixture)."""
    return Table(client, stored(log)[0])


def flash(response, table: Table) -> str:
    """The words flashed on the page a post redirected to."""
    assert response.status_code == 302
    page = html.unescape(table.client.get(response.location).text)
    return words(re.search(r'class="flash[^"]*"[^>]*>(.*?)</', page, re.S).group(1))
