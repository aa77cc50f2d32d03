"""Posts from a page the table has moved on from: refused, unless the players move at once.

A move is posted with the number of moves its page showed (``seq``); a post from a page
that is behind the table is refused (409) with the table as it stands, since the move was
chosen on a table that is no more.  A game whose players move at the same time names
those move types (``SIMULTANEOUS``: Solitaire Dice's splits of a shared roll), and there
several phones post such moves for different players at the same instant, each from the
same page.  Such a post catches up instead: when every move it holds is of such a type
and names its player, and every move stored since its page is of such a type for another
player, nothing it was chosen on has changed, and it is judged on the table as it stands
with every check an up-to-date post gets (``tables.move``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from werkzeug.datastructures import MultiDict

from referee.core.contract import Game
from referee.core.engine import RuleViolation
from referee.core.moves import describe_move
from referee.web.play.entry import stamped

STALE = (
    "This table moved on since your page was loaded (another phone, or a double tap): "
    "nothing was changed. Here is the table as it stands now."
)


def at_once(game: Game, moves: Sequence[Mapping[str, Any]]) -> bool:
    """Whether ``moves`` are all moves the game's players make at the same time, each
    naming its player (so that none depends on which sheet is first in line)."""
    return bool(moves) and all(
        move.get("type") in game.SIMULTANEOUS and isinstance(move.get("player"), str)
        for move in moves
    )


def catch_up_refusal(
    game: Game, state: Any, since: Sequence[Mapping[str, Any]], form: MultiDict[str, str]
) -> str | None:
    """Why the moves posted in ``form`` from a page that ``since`` (the moves stored after
    it, oldest first) has passed may not be judged on ``state``, the table as it stands:
    a sentence for the 409 page; None when they may."""
    if not game.SIMULTANEOUS or not since:  # a game of turns, or a page ahead (an undo since)
        return STALE
    try:
        posted = game.read_form(state, form)  # each names its player, or cannot catch up
    except RuleViolation:
        return STALE
    if not at_once(game, posted):
        return STALE
    players = {move["player"] for move in posted}
    for move in since:
        if not at_once(game, [move]):
            return _moved_on(game, move, "came in between")
        if move["player"] in players:
            return _moved_on(game, move, "was stored meanwhile (a double tap, or another phone)")
    return None


def already_in(
    game: Game, then: Any, since: Sequence[Mapping[str, Any]], form: MultiDict[str, str]
) -> str | None:
    """The sentence for moves posted from a page the table has moved on from that are the
    very moves stored since it (two phones entering the same roll for the same turn, a
    double tap): ``then`` is the table as that page showed it.  None when they are not."""
    try:
        posted = [stamped(game, then, move) for move in game.read_form(then, form)]
    except RuleViolation:
        return None
    stored = since[: len(posted)]
    if (
        not posted
        or len(posted) > len(since)
        or list(map(plain, posted)) != list(map(plain, stored))
    ):
        return None
    said = "; ".join(describe_move(game, move) for move in stored)
    return (
        f"That is already in: {said}, entered by another phone (or a double tap), so nothing "
        "was doubled. Here is the table as it stands now."
    )


def plain(move: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """A move as two phones entering it alike would both post it: its fields, the dice of a
    roll in any order."""
    fields = dict(move)
    if isinstance(fields.get("dice"), list):
        fields["dice"] = sorted(map(str, fields["dice"]))
    return tuple(sorted((key, repr(value)) for key, value in fields.items()))


def _moved_on(game: Game, move: Mapping[str, Any], how: str) -> str:
    return (
        f"This table moved on since your page was loaded: {describe_move(game, move)} {how}, "
        "so nothing was changed. Here is the table as it stands now."
    )
