"""How often each player followed the advice, over their finished games (issue 17).

A finished table's decisions are judged once per worker and kept by the table's token and
version (a finished game changes only by an undo, which moves its version on).  Judging a
game replays it and weighs every decision (0.1-0.3 s for a 10K, Keys and Base Dice or Lucky
Sevens game), so it happens when the game's story is opened, which shows the judgements;
a player page only adds up what is judged already and never waits for a replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import select

from referee.games import all_games, get_game, has_own
from referee.odds import Judged, decimal
from referee.web.extensions import db
from referee.web.models import GameTable, Seat

KEPT_TABLES = 4096  # judged tables kept per worker before the oldest are let go
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


def keep_judged(table: GameTable, steps: Sequence[Mapping[str, Any]]) -> None:
    """Keep a finished table's judgements, from its story's steps, for its players' pages."""
    if len(_kept) >= KEPT_TABLES:
        _kept.pop(next(iter(_kept)))
    _kept[(table.token, table.version)] = [step["judged"] for step in steps if "judged" in step]


@dataclass(frozen=True)
class Standing:
    """A player's records, from ``judged`` of their ``finished`` tables of advising games."""

    records: Sequence[Record]
    judged: int
    finished: int


def standing(player_key: str) -> Standing:
    """The player's record against the advice, per game that gives advice, over the finished
    tables whose story this worker has judged; a game with no decision judged is left out."""
    advising = [g.SLUG for g in all_games() if has_own(g, "advice")]
    rows = db.session.execute(
        select(GameTable.token, GameTable.version, GameTable.game, Seat.name)
        .join(Seat, Seat.table_id == GameTable.id)
        .where(
            Seat.player_key == player_key,
            GameTable.finished_at.is_not(None),
            GameTable.game.in_(advising),
        )
        .order_by(GameTable.finished_at.desc(), GameTable.id.desc())
    ).all()
    tally: dict[str, list[Any]] = {}
    judged = 0
    for token, version, game, name in rows:
        found = _kept.get((token, version))
        if found is None:
            continue
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
