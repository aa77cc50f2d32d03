"""Turning a posted play page into log moves: the game reads its own buttons.

Each game's ``read_form(state, form)`` (see ``referee.formdata``) says which moves a
post stands for; this module stamps them with the player to move and keeps what only
the web needs: the confirmation step and the fields to post again when confirming.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from referee.engine import Game


class NeedsConfirmation(Exception):
    """A legal move the player should confirm first: the game's ``warning`` says why."""


def moves_from_form(game: Game, state: Any, form: MultiDict[str, str]) -> list[dict[str, Any]]:
    """The log moves a posted play form stands for, stamped with the player to move."""
    moves = game.read_form(state, form)
    player = game.to_move(state)
    return [{"player": player, **m} if player else m for m in moves]


def confirm_fields(form: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The posted fields to send again when the player confirms (CSRF token excluded)."""
    items = form.items(multi=True) if isinstance(form, MultiDict) else form.items()
    return [(k, v) for k, v in items if k not in ("csrf_token", "confirm")]
