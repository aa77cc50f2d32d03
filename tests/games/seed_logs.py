"""What every game's example logs in ``seeds/`` must do: the game in progress replays to a
player to move, and the finished game, written as ``referee.log`` writes it (one move a
line, every move naming its player, as the site stores them), to its scores and winners;
stored, every position has a play page, and the finished table its story, turns CSV and
log.  Each game's tests name its own seeds and what its pages must show besides."""

from __future__ import annotations

import csv
import dataclasses
import html
import io
from pathlib import Path

from referee.log import GameLog, dumps, loads, replay

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def check_in_progress(slug: str) -> None:
    """``<slug>-in-progress.json`` replays, with a player to move."""
    result = replay(loads((SEEDS / f"{slug}-in-progress.json").read_text()))
    assert result.error is None and not result.outcome.over and result.outcome.to_move


def check_finished(slug: str, scores: dict[str, int], winners: list[str]) -> None:
    """``<slug>-finished.json`` is as ``referee.log`` writes it and replays to ``scores``
    and ``winners``, every move stamped with its player."""
    text = (SEEDS / f"{slug}-finished.json").read_text(encoding="utf-8")
    log = loads(text)
    assert dumps(log) == text  # written by referee.log, one move a line
    result = replay(log)
    assert result.error is None and result.outcome.over
    assert (result.outcome.scores, result.outcome.winners) == (scores, winners)
    assert all(move.get("player") for move in log.moves)  # stamped, as the site stores them


def logged(name: str) -> GameLog:
    """The example log ``seeds/<name>.json``."""
    return loads((SEEDS / f"{name}.json").read_text(encoding="utf-8"))


def play_pages(client, stored, log: GameLog) -> list[str]:
    """Store ``log`` cut after every move, from none to all, and read each table's play
    page: each answered, with the referee's ruling.  The pages, unescaped, in order."""
    tokens = stored(
        *(dataclasses.replace(log, moves=log.moves[:n]) for n in range(len(log.moves) + 1))
    )
    pages = []
    for token in tokens:
        response = client.get(f"/t/{token}")
        assert response.status_code == 200
        pages.append(html.unescape(response.text))
        assert 'class="ruling"' in pages[-1]
    return pages


def check_story_csv_and_log(client, stored, log: GameLog, *, everyone_scores=True) -> None:
    """A stored table of ``log`` has its story, its turns as CSV (a turn of every player,
    unless ``everyone_scores`` is False) and its log back as stored."""
    (token,) = stored(log)
    assert client.get(f"/t/{token}/history").status_code == 200
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{token}/turns.csv").text)))
    assert rows[0][:3] == ["turn", "player", "points"]
    players = {row[1] for row in rows[1:]}
    assert players == set(log.players) if everyone_scores else players <= set(log.players)
    assert client.get(f"/t/{token}/log.json").json["moves"] == list(log.moves)
