"""Turning a posted play page into log moves: the game reads its own buttons.

Each game's ``read_form(state, form)`` (see ``referee.formdata``) says which moves a
post stands for; this module stamps each with the player it is for, so that the seat
check and the log name the player the move is applied to whatever the form left out,
and keeps what only the web needs: the confirmation step and the fields to post again
when confirming.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from referee.engine import Game


class NeedsConfirmation(Exception):
    """A legal move the player should confirm first: the game's ``warning`` says why."""


def moves_from_form(game: Game, state: Any, form: MultiDict[str, str]) -> list[dict[str, Any]]:
    """The log moves a posted play form stands for, each naming the player it is for: the
    one it names, else the player to move, else the one the game gives it to
    (``player_of``).  Only the table's own moves (a shared roll) name nobody."""
    return [
        _stamped(m, m.get("player") or game.to_move(state) or game.player_of(state, m))
        for m in game.read_form(state, form)
    ]


def _stamped(move: Mapping[str, Any], player: str | None) -> dict[str, Any]:
    rest = {key: value for key, value in move.items() if key != "player"}
    return {"player": player, **rest} if player else rest


def confirm_fields(form: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The posted fields to send again when the player confirms (CSRF token excluded)."""
    items = form.items(multi=True) if isinstance(form, MultiDict) else form.items()
    return [(k, v) for k, v in items if k not in ("csrf_token", "confirm")]
