"""referee-log/1: reading, checking, writing and replaying logs (docs/gamelog.md)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from referee.core.moves import unknown_fields
from referee.games import get_game
from referee.log import (
    FORMAT,
    GameLog,
    LogError,
    check_storable,
    dumps,
    loads,
    parse_log,
    replay,
)
from tests.engine.support import EXAMPLE


def log_with(**changes: object) -> dict:
    """The docs/gamelog.md example with some keys replaced (None removes a key)."""
    data = {**EXAMPLE, **changes}
    return {k: v for k, v in data.items() if v is not None}


def test_example_log_reads() -> None:
    log = loads(json.dumps(EXAMPLE))
    assert log == GameLog(
        "tenk", ("Ann", "Bo"), {"target": 10000, "entry": 500}, tuple(EXAMPLE["moves"])
    )


def test_bad_json_is_a_log_error() -> None:
    with pytest.raises(LogError, match="Not valid JSON"):
        loads('{"format": "referee-log/1", ')


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"game": "chess"}, "Unknown game 'chess'."),
        ({"game": None}, "does not say which game"),
        ({"format": "referee-log/2"}, "Not a referee-log/1 log"),
        ({"format": None}, "Not a referee-log/1 log"),
        ({"options": {"bonus": 100}}, "10K has no option bonus."),
        ({"options": {"target": "10000"}}, "Option target must be a whole number"),
        ({"options": {"target": 0}}, "Option target must be between 1 and 1000000, not 0."),
        ({"options": [1, 2]}, "Options must be an object"),
        ({"players": "Ann, Bo"}, "Players must be a list of names."),
        ({"players": ["Ann", 2]}, "Players must be a list of names."),
        ({"players": None}, "Players must be a list of names."),
        ({"players": []}, "10K takes 1 to 8 players, not 0."),
        ({"players": [f"P{i}" for i in range(9)]}, "10K takes 1 to 8 players, not 9."),
        ({"players": ["Ann", " "]}, "name must be 1 to 30 characters"),
        ({"players": ["Ann", "x" * 31]}, "name must be 1 to 30 characters"),
        ({"players": ["Ann", "B\x00o"]}, "may not hold control characters"),
        ({"players": ["Ann", "B\x1b[31mo"]}, "may not hold control characters"),
        ({"players": ["Ann", "Ann"]}, "Each player needs a different name."),
        ({"players": ["Ann", " Ann "]}, "Each player needs a different name."),
        ({"moves": {"type": "bank"}}, "The moves must be a list."),
    ],
)
def test_unreadable_log_is_a_log_error(changes: dict, words: str) -> None:
    with pytest.raises(LogError) as error:
        parse_log(log_with(**changes))
    assert words in str(error.value)


@pytest.mark.parametrize("data", [[], "log", 3, None])
def test_log_must_be_an_object(data: object) -> None:
    with pytest.raises(LogError, match="A game log is a JSON object."):
        parse_log(data)


def test_omitted_options_take_the_defaults() -> None:
    log = parse_log(log_with(options=None, moves=None))
    assert (log.options, log.moves) == ({}, ())
    assert (replay(log).state.target, replay(log).state.entry) == (10_000, 500)


def test_player_names_are_trimmed() -> None:
    assert parse_log(log_with(players=[" Ann", "Bo "])).players == ("Ann", "Bo")


def test_dumps_writes_one_move_per_line_and_reads_back() -> None:
    log = parse_log(EXAMPLE)
    text = dumps(log)
    assert json.loads(text) == {**EXAMPLE, "format": FORMAT}
    assert '    {"type": "bank"}\n' in text
    assert loads(text) == log
    empty = GameLog("tenk", ("Ann",), {})
    assert json.loads(dumps(empty))["moves"] == []


def test_replay_applies_every_move() -> None:
    result = replay(parse_log(EXAMPLE))
    assert (result.moves_applied, result.error) == (3, None)
    assert result.outcome.scores == {"Ann": 1050, "Bo": 0}


def test_replay_stops_at_the_first_refused_move() -> None:
    moves = [*EXAMPLE["moves"], {"type": "bank"}, {"type": "roll", "dice": ["7"]}]
    result = replay(parse_log(log_with(moves=moves)))
    assert result.moves_applied == 3
    assert (result.error.move, result.error.code) == (3, "nothing-to-bank")
    assert result.error.message == "Bo must roll before banking."
    assert result.outcome.to_move == "Bo"


def test_a_replay_keeps_where_the_last_two_turns_began() -> None:
    """Ann banks (moves 0-2), busts (3), then rolls and sets aside (4-5): the turns began
    at moves 3 and 4; applied one by one or all at once, the replay says the same."""
    win = [
        {"type": "roll", "dice": ["1", "1", "1", "2", "3", "4"]},
        {"type": "set_aside", "dice": ["1", "1", "1"]},
        {"type": "bank"},
    ]
    bust = [{"type": "roll", "dice": ["2", "2", "3", "3", "4", "6"]}]
    going = [{"type": "roll", "dice": ["1", "2", "3", "4", "6", "6"]}, win[1] | {"dice": ["1"]}]
    log = GameLog("tenk", ("Ann",), {"target": 5000, "entry": 0}, tuple(win + bust + going))
    assert replay(log, []).turn_starts == (0, 0)
    assert replay(log, win).turn_starts == (0, 3)
    assert replay(log, win + bust).turn_starts == (3, 4)
    whole = replay(log)
    assert whole.turn_starts == (3, 4)
    one_by_one = replay(log, [])
    for move in log.moves:
        one_by_one = one_by_one.apply(move)
    assert one_by_one.turn_starts == whole.turn_starts


def test_a_replay_keeps_where_the_last_setup_move_is() -> None:
    """Six D Two: a pool (move 0), a take, the end of round 1 (2), a take.  The last setup
    move is the end; applied one by one, all at once or stopped by a refused move, the
    replay says the same; a game without setup moves has none (-1)."""
    moves = (
        {"type": "roll", "dice": ["2r", "3r", "6k", "6k"]},
        {"type": "take", "dice": ["2r", "3r"]},
        {"type": "end"},
        {"type": "take", "dice": ["4g", "1g"]},
    )
    log = GameLog("sixd-two", ("Ann", "Bo"), {"rounds": 2}, moves)
    assert replay(log, []).setup_at == -1
    assert replay(log, moves[:2]).setup_at == 0
    whole = replay(log)
    assert whole.setup_at == 2
    one_by_one = replay(log, [])
    for move in log.moves:
        one_by_one = one_by_one.apply(move)
    assert one_by_one.setup_at == whole.setup_at
    stopped = replay(log, [*moves[:3], {"type": "roll", "dice": []}])
    assert stopped.error is not None and stopped.setup_at == 2
    tenk = GameLog(EXAMPLE["game"], ("Ann", "Bo"), {}, tuple(EXAMPLE["moves"]))
    assert replay(tenk).setup_at == -1


def example_text(**changes: str) -> str:
    """The docs/gamelog.md example as JSON text, some top-level values replaced by raw JSON text."""
    parts = {k: json.dumps(v) for k, v in EXAMPLE.items()} | changes
    return "{" + ", ".join(f'"{k}": {v}' for k, v in parts.items()) + "}"


SURROGATE = "a lone surrogate"
NOT_FINITE = "NaN or Infinity"
HOSTILE_LOGS = [
    (example_text(players='["Ann", "B\\ud800o"]'), SURROGATE),
    (example_text(players='["Ann", "\\udfff"]'), SURROGATE),
    (example_text(game='"tenk\\ud800"'), SURROGATE),
    (example_text(format='"referee-log/1\\udc00"'), SURROGATE),
    (example_text(options='{"target\\ud800": 1000}'), SURROGATE),
    (example_text(moves='[{"type": "roll\\ud800"}]'), SURROGATE),
    (example_text(moves='[{"type": "bank", "player": "Ann\\ud800"}]'), SURROGATE),
    (example_text(moves='[{"type": "roll", "dice": ["1\\ud800", "2"]}]'), SURROGATE),
    (example_text(moves='[{"type": "bank", "\\ud800": 1}]'), SURROGATE),
    (example_text(extra='"\\ude00"'), SURROGATE),
    (example_text(options='{"target": NaN}'), NOT_FINITE),
    (example_text(options='{"target": Infinity}'), NOT_FINITE),
    (example_text(options='{"target": -Infinity}'), NOT_FINITE),
    (example_text(options='{"target": 1e999}'), NOT_FINITE),
    (example_text(moves='[{"type": "bank", "player": NaN}]'), NOT_FINITE),
    (example_text(moves='[{"type": "roll", "dice": [Infinity]}]'), NOT_FINITE),
    (example_text(extra="-Infinity"), NOT_FINITE),
    (example_text(moves='[{"type": "bank", "type": "roll"}]'), "The key 'type' appears twice"),
    (example_text(options='{"target": 1000, "target": 500}'), "'target' appears twice"),
    (example_text(game='"tenk", "game": "sb"'), "The key 'game' appears twice"),
]

# Fields docs/gamelog.md does not name: replay reads past them, a stored table never keeps them.
UNDECLARED_FIELDS = [
    (example_text(moves='[{"type": "bank", "note": "hi"}]'), "has no field 'note'"),
    (
        example_text(moves='[{"type": "roll", "dice": ["1", "5"], "keys": []}]'),
        "Move 1: a roll move of 10K has no field 'keys' (its fields: type, player, dice).",
    ),
    (
        example_text(moves=json.dumps([*EXAMPLE["moves"], {"type": "bank", "by": "Ann"}])),
        "Move 4: a bank move of 10K has no field 'by'",
    ),
]


@pytest.mark.parametrize(("text", "words"), UNDECLARED_FIELDS)
def test_a_move_field_the_game_does_not_read_is_ignored_by_replay_and_refused_on_import(
    text: str, words: str
) -> None:
    log = loads(text)
    game = get_game(log.game)
    declared = tuple(
        {k: v for k, v in move.items() if k not in unknown_fields(game, move)} for move in log.moves
    )
    assert replay(log).to_json() == replay(replace(log, moves=declared)).to_json()
    with pytest.raises(LogError) as error:
        check_storable(log)
    assert words in str(error.value)


@pytest.mark.parametrize(("text", "words"), HOSTILE_LOGS)
def test_text_no_file_or_database_can_hold_makes_a_log_unreadable(text: str, words: str) -> None:
    with pytest.raises(LogError) as error:
        loads(text)
    message = str(error.value)
    assert words in message
    assert "\n" not in message and message.encode("utf-8")


def test_valid_text_in_a_log_still_reads() -> None:
    paired = example_text(players='["Ann \\ud83d\\ude00", "B\\u00f6"]')  # a surrogate pair
    assert loads(paired).players == ("Ann 😀", "Bö")
    unknown_move = example_text(moves='[{"type": "jump", "height": 3}]')
    assert replay(loads(unknown_move)).error.code == "unknown-move"  # refused as a move


def test_decoded_data_is_checked_as_well_as_text() -> None:
    with pytest.raises(LogError, match=NOT_FINITE):
        parse_log(log_with(moves=[{"type": "bank", "player": float("nan")}]))
    with pytest.raises(LogError, match=SURROGATE):
        parse_log(log_with(players=["Ann", "\ud800"]))


def test_a_log_is_never_written_with_nan() -> None:
    log = GameLog("tenk", ("Ann", "Bo"), {}, ({"type": "bank", "player": float("inf")},))
    with pytest.raises(ValueError, match="not JSON compliant"):
        dumps(log)
