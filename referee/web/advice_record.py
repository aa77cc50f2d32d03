"""How often each player followed the advice, over their finished games (issue 17).

A finished table's decisions are judged once per worker and kept by the table's token and
version (a finished game changes only by an undo, which moves its version on).  Judging
replays the game, so a page judges only a few new tables each visit, newest first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from time import perf_counter
from typing import Any

from sqlalchemy import select

from referee.games import all_games, get_game, has_own
from referee.odds import Judged, decimal
from referee.web.extensions import db
from referee.web.history import story
from referee.web.models import GameTable, Seat

KEPT_TABLES = 4096  # judged tables kept per worker before the oldest are let go
BUDGET_SECONDS = 0.03  # what one player page may spend judging tables not judged yet
_kept: dict[tuple[str, int], list[Judged]] = {}


@dataclass(frozen=True)
class Record:
    """One player's decisions in one game's finished tables, judged against the advice."""

    title: str
    decisions: int
    followed: int
    cost: Fraction  # expected points the other decisions gave up

    @property
    def share(self) -> str:
        """The share followed, as a whole percentage: "83%"."""
        return f"{round(100 * self.followed / self.decisions)}%"

    @property
    def cost_shown(self) -> str:
        """The points given up, to one decimal."""
        return decimal(self.cost)


def judged_table(table: GameTable) -> list[Judged]:
    """Every decision of ``table`` the game's advice can judge (kept per version)."""
    key = (table.token, table.version)
    if key not in _kept:
        if len(_kept) >= KEPT_TABLES:
            _kept.pop(next(iter(_kept)))
        steps = story(table, judging=True)[0]
        _kept[key] = [step["judged"] for step in steps if "judged" in step]
    return _kept[key]


@dataclass(frozen=True)
class Standing:
    """A player's records, from ``judged`` of their ``finished`` tables of advising games."""

    records: Sequence[Record]
    judged: int
    finished: int


def standing(player_key: str, budget: float = BUDGET_SECONDS) -> Standing:
    """The player's record against the advice, per game that gives advice, over their
    finished tables, newest first; a game with no decision judged is left out.

    Judging a table replays it, so one page judges only as many tables not judged yet as
    ``budget`` seconds allow; the rest wait for the page's next visits (the count says so).
    """
    advising = [g.SLUG for g in all_games() if has_own(g, "advice")]
    rows = db.session.execute(
        select(GameTable.id, GameTable.token, GameTable.version, GameTable.game, Seat.name)
        .join(Seat, Seat.table_id == GameTable.id)
        .where(
            Seat.player_key == player_key,
            GameTable.finished_at.is_not(None),
            GameTable.game.in_(advising),
        )
        .order_by(GameTable.finished_at.desc(), GameTable.id.desc())
    ).all()
    deadline = perf_counter() + budget
    tally: dict[str, list[Any]] = {}
    judged = 0
    for table_id, token, version, game, name in rows:
        found = _kept.get((token, version))
        if found is None:
            if perf_counter() > deadline:
                continue
            found = judged_table(db.session.get_one(GameTable, table_id))
        judged += 1
        mine = [j for j in found if j.player == name]
        entry = tally.setdefault(game, [0, 0, Fraction(0)])
        entry[0] += len(mine)
        entry[1] += sum(j.verdict.followed for j in mine)
        entry[2] += sum((j.verdict.cost for j in mine), Fraction(0))
    records = [
        Record(get_game(slug).TITLE, n, followed, cost)
        for slug, (n, followed, cost) in sorted(tally.items())
        if n
    ]
    return Standing(records, judged, len(rows))
