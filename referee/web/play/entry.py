"""Turning a posted play page into log moves: the game reads its own buttons.

Each game's ``read_form(state, form)`` (see ``referee.core.formdata``) says which moves a
post stands for; this module stamps each with the player it is for, so that the seat
check and the log name the player the move is applied to whatever the form left out,
adds the moves the rules leave no choice in (``with_forced``), and keeps what only the
web needs: the confirmation step and the fields to post again when confirming.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from werkzeug.datastructures import MultiDict

from referee.core.contract import Game
from referee.core.moves import describe_move
from referee.log import MAX_MOVES, Replay


class NeedsConfirmation(Exception):
    """A legal move the player should confirm first: the game's ``warning`` says why."""


def stamped(game: Game, state: Any, move: Mapping[str, Any]) -> dict[str, Any]:
    """``move`` naming the player it is for in ``state``, the state it is applied to: the
    one it names, else the player to move, else the one the game gives it to
    (``player_of``).  Only the table's own moves (a shared roll) name nobody.  A post of
    several moves (Six D Five's stack count) is stamped move by move as each is applied,
    so each names its own player in turn."""
    player = move.get("player") or game.to_move(state) or game.player_of(state, move)
    rest = {key: value for key, value in move.items() if key != "player"}
    return {"player": player, **rest} if player else rest


def with_forced(game: Game, after: Replay) -> tuple[list[dict[str, Any]], Replay]:
    """The moves the rules leave the players no choice in after ``after`` (the game's
    ``forced``: a pass with nothing to place), each stamped with its player, and the
    replay with them applied: the referee makes them in the same write as the move that
    led to them.  At most ``MAX_MOVES``, whatever a game's hook answers."""
    made: list[dict[str, Any]] = []
    while len(made) < MAX_MOVES and (move := game.forced(after.state)) is not None:
        item = stamped(game, after.state, move)
        after = after.apply(item)
        made.append(item)
    return made, after


def forced_words(game: Game, made: Sequence[Mapping[str, Any]], over: bool) -> str:
    """The forced moves in a sentence, in the game's words for them: "Bo and Cy had
    nothing to play but a pass: the referee made one for each; the game is over."."""
    names = list(dict.fromkeys(str(m.get("player")) for m in made if m.get("player")))
    kinds = list(dict.fromkeys(describe_move(game, m, whose=False) for m in made))
    who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    what = " or ".join(f"a {kind}" for kind in kinds)
    made_for = "made it for them" if len(made) == 1 else "made one for each"
    end = "; the game is over" if over else ""
    return f"{who} had nothing to play but {what}: the referee {made_for}{end}."


def confirm_fields(form: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The posted fields to send again when the player confirms (CSRF token excluded)."""
    items = form.items(multi=True) if isinstance(form, MultiDict) else form.items()
    return [(k, v) for k, v in items if k not in ("csrf_token", "confirm")]
