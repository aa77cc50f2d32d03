"""Turning the play page's posted fields into log moves.

The page posts plain fields so it works without JavaScript: ``d0``..``d9`` for
the dice of a roll, ``pick`` for the indexes of dice tapped to set aside, and
``action`` for the button.  Whether the move is legal is the engine's call.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from referee.engine import RuleViolation
from referee.web.inputs import small_number

FIELD = {"d": re.compile(r"^d(\d{1,2})$"), "k": re.compile(r"^k(\d{1,2})$")}
ACTIONS = ("roll", "set_aside", "set_aside_bank", "bank", "assign", "score", "score_bank", "steal")
GROUPS = ("A", "B", "C", "D")


class NeedsConfirmation(Exception):
    """A legal move the player should confirm first (banking below the entry threshold)."""


def rolled_values(
    form: MultiDict[str, str], expected: int, *, prefix: str = "d", what: str = "die"
) -> list[str]:
    """The values posted for a roll (fields d0, d1... or k0, k1... for keys), in field order.

    A blank among the expected fields gets a clear message; extra fields are passed
    on so the engine can say the count is wrong.
    """
    pattern = FIELD[prefix]
    posted = {int(m.group(1)): v.strip() for k, v in form.items() if (m := pattern.match(k))}
    blanks = [str(i + 1) for i in range(expected) if not posted.get(i)]
    if blanks:
        which = ", ".join(blanks)
        raise RuleViolation(
            "missing-die", f"Tap a value for {what} {which}: the roll needs {expected}."
        )
    return [posted[i] for i in sorted(posted)]


def picked_dice(form: MultiDict[str, str], on_table: tuple[Any, ...]) -> list[str]:
    """The dice tapped to set aside, by their index among the dice on the table."""
    dice = []
    for raw in form.getlist("pick"):
        index = small_number(raw)
        if index is None or index >= len(on_table):
            raise RuleViolation("die-not-rolled", "That die is not on the table.")
        dice.append(str(on_table[index]))
    if len(set(form.getlist("pick"))) != len(form.getlist("pick")):
        raise RuleViolation("die-not-rolled", "The same die was picked twice.")
    return dice


def moves_from_form(game: Any, state: Any, form: MultiDict[str, str]) -> list[dict[str, Any]]:
    """The log moves a posted play form stands for, stamped with the player to move."""
    action = form.get("action", "")
    if action not in ACTIONS:
        raise RuleViolation("bad-move", "The referee did not understand that button.")
    moves: list[dict[str, Any]] = []
    on_table = getattr(state, "on_table", ())  # a forged button may not fit this game
    if action == "roll":
        values = rolled_values(form, game.dice_to_roll(state) or 0)
        dress = getattr(game, "dress_roll", None)
        dice = dress(values, form) if dress else values
        keys_to_roll = getattr(game, "keys_to_roll", None)
        if keys_to_roll:
            keys = rolled_values(form, keys_to_roll(state), prefix="k", what="key")
            dice = dice + [f"K{v}" for v in keys]
        moves.append({"type": "roll", "dice": dice})
    if action in ("set_aside", "set_aside_bank"):
        moves.append({"type": "set_aside", "dice": picked_dice(form, on_table)})
    if action in ("score", "score_bank"):
        moves.append({"type": "score", "sevens": grouped_sevens(form, on_table)})
    if action == "steal":
        moves.append({"type": "steal"})
    if action in ("bank", "set_aside_bank", "score_bank"):
        moves.append({"type": "bank"})
    if action == "assign":
        moves.append(assignment(form))
    player = game.to_move(state)
    return [{"player": player, **m} if player else m for m in moves]


def grouped_sevens(form: MultiDict[str, str], on_table: tuple[Any, ...]) -> list[list[str]]:
    """Lucky Sevens groups: ``g<i>`` = A-D puts die i in that group; ``sevens`` = "3,4|2,5"."""
    if form.get("sevens"):
        return [group.split(",") for group in form["sevens"].split("|")]
    groups: dict[str, list[str]] = {}
    for key, letter in form.items():
        if not key.startswith("g") or not letter:
            continue
        index = small_number(key[1:])
        if letter not in GROUPS or index is None or index >= len(on_table):
            raise RuleViolation("die-not-rolled", "That die is not on the table.")
        groups.setdefault(letter, []).append(str(on_table[index]))
    if not groups:
        raise RuleViolation("bad-move", "Tap dice into a group (A to D) that makes seven.")
    return [groups[letter] for letter in sorted(groups)]


def assignment(form: MultiDict[str, str]) -> dict[str, Any]:
    """A Solitaire split posted as ``split`` = "1,5|1,6|3" (two pairs, then the throwaway)."""
    parts = form.get("split", "").split("|")
    pairs = [p.split(",") for p in parts[:2]]
    if len(parts) != 3 or any(len(p) != 2 for p in pairs):
        raise RuleViolation("bad-split", "Pick a split: two pairs and one throwaway die.")
    move: dict[str, Any] = {"type": "assign", "pairs": pairs, "throwaway": parts[2]}
    if form.get("player"):
        move["player"] = form["player"]
    return move


def confirm_fields(form: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The posted fields to send again when the player confirms (CSRF token excluded)."""
    items = form.items(multi=True) if isinstance(form, MultiDict) else form.items()
    return [(k, v) for k, v in items if k not in ("csrf_token", "confirm")]
