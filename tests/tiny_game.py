"""A tiny game that exists only in the tests: Pig with one die, its rules, its text and its
play template all defined here, registered by the ``tiny_game`` fixture (a plugin of the root
conftest) for one test at a time.  ``tests/web/test_adding_a_game.py`` tries the recipe of
docs/adding-a-game.md with it; the shared tests where the game does not matter play it, as
the one game that carries no rules of its own into what they check.
"""

from __future__ import annotations

import types
from dataclasses import dataclass, replace

import pytest
from jinja2 import ChoiceLoader, DictLoader

from referee.core import formdata
from referee.core.contract import Hooks, Parts
from referee.core.dice import parse_dice
from referee.core.engine import PUSH_YOUR_LUCK, Option, Outcome, RuleViolation, TurnRecord
from referee.core.gametext import EVERY_GAME, GameText, RunningPad, ScoreRow, Step
from referee.games import _REGISTRY, register
from referee.log import GameLog

SLUG = "tiny-pig"


# --- the rules: Pig with one die --------------------------------------------------------


@dataclass(frozen=True)
class Pig:
    """Seats, banked scores, the turn total and the last ruling."""

    players: tuple[str, ...]
    scores: tuple[int, ...]
    target: int
    seat: int = 0
    turn_total: int = 0
    over: bool = False
    ruling: str = ""
    turns: tuple[TurnRecord, ...] = ()


@dataclass(frozen=True)
class PigView:
    """What the play template shows."""

    player: str
    turn_total: int
    may_bank: bool


def start(players, options) -> Pig:
    return Pig(tuple(players), (0,) * len(players), options["target"], ruling="Roll the die.")


def _roll(state: Pig, move) -> Pig:
    dice = parse_dice(move.get("dice"))
    if len(dice) != 1:
        raise RuleViolation("wrong-dice-count", "Roll exactly one die.")
    value = dice[0].value
    if value == 1:
        return _end_turn(state, 0, bust=True, words=f"A 1: {state.players[state.seat]} busts.")
    total = state.turn_total + value
    return replace(state, turn_total=total, ruling=f"A {value}: turn total {total}.")


def _bank(state: Pig, move) -> Pig:
    if not state.turn_total:
        raise RuleViolation("nothing-to-bank", "Roll at least once before banking.")
    return _end_turn(state, state.turn_total, bust=False, words="Banked.")


def _end_turn(state: Pig, gain: int, *, bust: bool, words: str) -> Pig:
    scores = list(state.scores)
    scores[state.seat] += gain
    record = TurnRecord(state.players[state.seat], gain, scores[state.seat], bust)
    over = scores[state.seat] >= state.target
    seat = state.seat if over else (state.seat + 1) % len(state.players)
    return replace(state, scores=tuple(scores), seat=seat, turn_total=0, over=over,
                   ruling=words, turns=(*state.turns, record))  # fmt: skip


def outcome(state: Pig) -> Outcome:
    best = max(state.scores)
    scores = dict(zip(state.players, state.scores, strict=True))
    winners = [p for p, s in scores.items() if s == best] if state.over else []
    return Outcome(state.over, scores, winners, None if state.over else state.players[state.seat])


def read_form(state: Pig, form) -> formdata.Moves:
    return formdata.by_button(form, {
        "roll": lambda: [{"type": "roll", "dice": formdata.rolled_values(form, 1)}],
        "bank": lambda: [dict(formdata.BANK)],
    })  # fmt: skip


TEXT = GameText(
    slug=SLUG,
    intro="One die. Roll as often as you dare; a 1 loses the turn.",
    components=("One die, and a pencil.",),
    turn=("Roll the die.", "A 1 is a <b>bust</b>; any other face adds to the turn.", "Bank."),
    scoring_head=("Face", "Points"),
    scoring=(ScoreRow("Each 2 to 6", "its face", ("4",)),),
    scoring_notes=(),
    example_title="a short turn",
    example=(Step((("4",), ("1",)), ("+4", "bust"), "A 4, then a 1: the turn scores nothing."),),
    endgame=("Bank to the target and win.",),
    rulings=EVERY_GAME,
    pad=RunningPad(rows=12, note="Target {target}"),
    reminder="2-6 add their face · a 1 busts",
    emblem=("4",),
)

PLAY_TEMPLATE = """{% extends "play_base.html" %}
{% block turn %}
<h2 class="pig">{{ view.player }} rolls, turn total {{ view.turn_total }}</h2>
<form method="post" action="{{ url_for('tables.move', token=table.token) }}">
  {{ m.hidden_move(seq) }}
  {{ m.die_entry(0, entered) }}
  <button name="action" value="roll">Enter roll</button>
  {% if view.may_bank %}<button name="action" value="bank">Bank</button>{% endif %}
</form>
{% endblock %}
"""


def _module() -> types.ModuleType:
    game = types.ModuleType(SLUG)
    game.__dict__.update(
        SLUG=SLUG, TITLE="Tiny Pig", KIND=PUSH_YOUR_LUCK, MIN_PLAYERS=1, MAX_PLAYERS=4,
        OPTIONS=(Option("target", 12, "Target", "Points that win.", 5, 100),),
        MOVES={"roll": _roll, "bank": _bank}, MOVE_FIELDS={"roll": ("dice",), "bank": ()},
        ACTIONS=("roll", "bank"),
        start=start, outcome=outcome, read_form=read_form,
        to_move=lambda s: outcome(s).to_move, is_over=lambda s: s.over,
        turns_done=lambda s: len(s.turns), ruling=lambda s: s.ruling,
        view=lambda s: PigView(s.players[s.seat], s.turn_total, s.turn_total > 0),
        dice_to_roll=lambda s: None if s.over else 1,
        choices=lambda s: [dict(formdata.BANK)] if s.turn_total else [],
    )  # fmt: skip
    return game


@pytest.fixture
def tiny_game(app):
    """The tiny game registered, with its template, for this test only."""
    module = _module()
    hooks = Hooks(turn_records=lambda s: s.turns, at_stake=lambda s: s.turn_total)
    game = register(Parts(rules=module, page=module, text=TEXT, hooks=hooks))
    app.jinja_loader = ChoiceLoader([DictLoader({f"{SLUG}/play.html": PLAY_TEMPLATE}),
                                     app.jinja_loader])  # fmt: skip
    yield game
    _REGISTRY.pop(SLUG)


# What a turn of the tiny game is, as moves: "win" a 6 and a 6, banked (12 points, the
# default target); "bust" a 1.
TURNS = {
    "win": [{"type": "roll", "dice": ["6"]}, {"type": "roll", "dice": ["6"]}, {"type": "bank"}],
    "bust": [{"type": "roll", "dice": ["1"]}],
}
BUST = {"action": "roll", "d0": "1"}  # the play page's form for a roll of a 1


@pytest.fixture
def tiny_log(tiny_game):
    """A tiny game's log (the game registered): each turn is "win" (a 6 and a 6 banked: 12,
    the default target, so the game ends) or "bust" (a 1)."""

    def build(players, *turns, target=12) -> GameLog:
        moves = [move for turn in turns for move in TURNS[turn]]
        return GameLog(SLUG, tuple(players), {"target": target}, tuple(moves))

    return build
