"""The recipe of docs/adding-a-game.md, tried: a tiny game that exists only in this test.

Its rules, its text and its play template are all defined below; it is registered,
listed, explained, played to the end through the web client, stored, replayed, undone
and printed, and no file outside this test was written for it.  If shared code ever
needs to know a game by name again, this test is where it shows.
"""

from __future__ import annotations

import re
import types
from dataclasses import dataclass, replace

import pytest
from jinja2 import ChoiceLoader, DictLoader

import printables
from referee.core import formdata
from referee.core.contract import Hooks, Parts
from referee.core.dice import parse_dice
from referee.core.engine import PUSH_YOUR_LUCK, Option, Outcome, RuleViolation, TurnRecord
from referee.core.gametext import EVERY_GAME, GameText, RunningPad, ScoreRow, Step
from referee.games import _REGISTRY, all_games, register
from referee.log import replay
from referee.web.storage.loading import log_of, table_by_token
from tests.printables.support import text_of

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
    example_title="A short turn",
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


def test_a_game_defined_only_here_is_listed_explained_played_stored_and_printed(
    app, client, new_table, tiny_game
):
    assert tiny_game in all_games()
    assert "Tiny Pig" in client.get("/").text
    help_page = client.get(f"/games/{SLUG}").text
    assert "a 1 loses the turn" in help_page and "Points that win." in help_page

    table = new_table(SLUG, players=("Ann", "Bo"), target=5)
    assert "Ann rolls, turn total 0" in table.page()
    assert table.roll(1).status_code == 302  # Ann busts
    assert table.roll(7).status_code == 422  # refused with the engine's words
    assert table.roll(4).status_code == 302
    assert "Bo rolls, turn total 4" in table.page()
    assert table.post(action="bank").status_code == 302
    assert table.roll(3).status_code == 302
    assert table.post("undo").status_code == 302  # takes the 3 back
    assert "Ann rolls, turn total 0" in table.page()
    assert table.roll(6).status_code == 302
    assert table.post(action="bank").status_code == 302
    page = table.page()
    assert re.search(r"Ann\s*<span class=\"badge\">wins</span>", page)

    with app.app_context():
        stored = replay(log_of(table_by_token(table.token)))
    assert stored.outcome.over and stored.outcome.winners == ["Ann"]
    assert stored.outcome.scores == {"Ann": 6, "Bo": 4}

    sheet = client.get(f"{table.url}/sheet.pdf")
    assert sheet.status_code == 200 and "Winner: Ann with 6." in text_of(sheet.data)
    rules = text_of(printables.rule_sheet(SLUG))
    assert "Tiny Pig: rules" in rules and "a 1 busts" not in rules  # the reminder is the pad's
    assert "Target 12" in text_of(printables.scorepad(SLUG, players=2))
    assert client.get(f"/print/{SLUG}/rules.pdf").status_code == 200
    history = client.get(f"{table.url}/history").text
    assert "Ann" in history and "bust" in history


def test_a_game_without_a_text_is_refused_at_registration():
    module = _module()
    with pytest.raises(TypeError, match="has no GameText"):
        register(Parts(rules=module, page=module, text=None))
    assert SLUG not in _REGISTRY
