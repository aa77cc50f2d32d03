"""The game contract, checked once for every registered game.

Every optional hook a game brings has the declared shape (mypy checks the required
parts against their Protocols and the hooks against ``Hooks``, and a misspelled hook is
refused), and every hook is there after registration (a default when the game leaves it
out); random legal play through the
hooks gives answers of the promised shape; a game's form reader knows its own buttons
and refuses any other with a ruling, never a crash.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import inspect
import random
import types
import typing
from collections.abc import Sequence
from pathlib import Path

import pytest
from werkzeug.datastructures import MultiDict

from referee.autoplay import play_random_game
from referee.core.contract import Hooks, table_settings
from referee.core.engine import (
    BOARD,
    FILL_BOARD,
    FILL_DIE,
    FILL_PAD,
    FILL_POOL,
    PUSH_YOUR_LUCK,
    SHEETS,
    Outcome,
    PhotoEntry,
    RuleViolation,
    TurnRecord,
)
from referee.core.moves import (
    apply_move,
    check_players,
    describe_move,
    resolve_options,
    unknown_fields,
)
from referee.games import all_games, has_own

HOOKS = typing.get_type_hints(Hooks)  # every optional hook, as ``Hooks`` declares it
GAMES = all_games()
PLAYERS = ("Ann", "Bo", "Cy")
AT_ONCE = [g for g in GAMES if g.SIMULTANEOUS]  # games with moves made at the same time


def seating(game) -> tuple[str, ...]:
    return PLAYERS[: max(game.MIN_PLAYERS, min(len(PLAYERS), game.MAX_PLAYERS))]


@pytest.fixture(params=GAMES, ids=[g.SLUG for g in GAMES])
def game(request):
    return request.param


def test_every_optional_hook_has_a_default_and_every_game_has_every_hook(game):
    assert Hooks().given() == frozenset()
    assert all(hasattr(game, name) for name in HOOKS)


def test_a_misspelled_hook_is_a_type_error_where_a_package_names_it():
    with pytest.raises(TypeError, match="turn_recrods"):
        Hooks(turn_recrods=lambda state: ())  # type: ignore[call-arg]


MYPY_CHECKS = """
from referee.core.contract import Hooks
def records(state: object) -> tuple[()]: return ()
def stake(state: object, move: object) -> int: return 0
RIGHT = Hooks(SERIES="Six D", SERIES_PLACE=2, turn_records=records)
MISSPELLED = Hooks(turn_recrods=records)
WRONG_VALUE = Hooks(SERIES_PLACE="second")
WRONG_ARGUMENTS = Hooks(at_stake=stake)
"""


def test_mypy_checks_each_hook_a_game_gives_against_its_declared_type(monkeypatch):
    mypy_api = pytest.importorskip("mypy.api")
    monkeypatch.chdir(Path(__file__).parents[2])  # where mypy finds ``referee``
    arguments = ["--config-file=", "--cache-dir=/dev/null", "--no-error-summary"]
    report, errors, status = mypy_api.run([*arguments, "-c", MYPY_CHECKS])
    assert status == 1 and not errors
    assert [line.split(":")[1] for line in report.splitlines()] == ["6", "7", "8"], report
    assert 'Unexpected keyword argument "turn_recrods"' in report
    assert 'Argument "SERIES_PLACE" to "Hooks" has incompatible type "str"' in report
    assert 'Argument "at_stake" to "Hooks" has incompatible type' in report


def test_every_hook_a_game_brings_has_the_declared_shape(game):
    """mypy checks a game's required parts against their Protocols; the optional hooks a
    part brings are checked here: a function takes the declared arguments, a value has the
    declared type."""
    assert game.KIND in (PUSH_YOUR_LUCK, SHEETS, BOARD)
    assert game.ACTIONS and game.own <= {*HOOKS, "advice", "advice_key", "advice_for"}
    for name in game.own & set(HOOKS):
        brought, declared = getattr(game, name), HOOKS[name]
        if typing.get_origin(declared) is types.UnionType:  # None for the default
            declared = next(t for t in typing.get_args(declared) if t is not type(None))
        if typing.get_origin(declared) is collections.abc.Callable:
            arguments = typing.get_args(declared)[0]
            assert len(inspect.signature(brought).parameters) == len(arguments), name
        else:
            assert isinstance(brought, typing.get_origin(declared) or declared), name


def test_every_move_type_declares_its_fields(game):
    assert set(game.MOVE_FIELDS) == set(game.MOVES)
    for fields in game.MOVE_FIELDS.values():
        assert isinstance(fields, tuple) and all(isinstance(f, str) for f in fields)
        assert not {"type", "player"} & set(fields)


def test_moves_made_at_the_same_time_are_moves_of_the_game(game):
    assert isinstance(game.SIMULTANEOUS, frozenset)
    assert game.SIMULTANEOUS <= set(game.MOVES)


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("game", AT_ONCE, ids=[g.SLUG for g in AT_ONCE])
def test_moves_made_at_the_same_time_are_judged_alike_in_either_order(game, seed):
    """Two players' moves of a type made at the same time: each is still legal after the
    other, and either order leaves the same table (what lets a post from a page that
    another player's move has passed be judged on the table as it stands)."""
    rng, players = random.Random(seed), seating(game)
    options = resolve_options(game, {})
    state, tried = game.start(check_players(game, players), options), 0
    for move in play_random_game(game, players, options, random.Random(seed)):
        by_player: dict[str, list] = {}
        for choice in game.choices(state):
            if choice["type"] in game.SIMULTANEOUS:
                by_player.setdefault(choice["player"], []).append(choice)
        if len(by_player) > 1:
            first, second = (rng.choice(by_player[p]) for p in rng.sample(sorted(by_player), 2))
            one = apply_move(game, apply_move(game, state, first), second)
            other = apply_move(game, apply_move(game, state, second), first)
            assert game.view(one) == game.view(other)
            assert game.outcome(one) == game.outcome(other)
            tried += 1
        state = apply_move(game, state, move)
    assert tried


def test_slugs_and_titles_are_unique():
    assert len({g.SLUG for g in GAMES}) == len({g.TITLE for g in GAMES}) == len(GAMES)


@pytest.mark.parametrize("seed", range(3))
def test_random_play_through_the_hooks_gives_well_shaped_answers(game, seed):
    players = seating(game)
    options = resolve_options(game, {})
    moves = play_random_game(game, players, options, random.Random(seed))
    state = game.start(check_players(game, players), options)
    for move in moves:
        assert move["type"] in game.MOVES
        assert unknown_fields(game, move) == []
        assert describe_move(game, move)
        warning = game.warning(state, move)
        assert warning is None or (isinstance(warning, str) and warning)
        assert isinstance(game.is_setup(state, move), bool)
        state = apply_move(game, state, move)
        check_state(game, state, players)
    assert game.is_over(state) and game.outcome(state).over


@pytest.mark.parametrize("seed", range(3))
def test_a_forced_move_is_the_one_legal_move_and_nothing_else_is_entered(game, seed):
    players = seating(game)
    options = resolve_options(game, {})
    state = game.start(check_players(game, players), options)
    for move in play_random_game(game, players, options, random.Random(seed)):
        forced = game.forced(state)
        if forced is not None:
            assert not game.is_over(state) and game.to_move(state) is not None
            assert game.choices(state) == [forced] and game.table_entry(state) is None
            assert game.dice_to_roll(state) is None
            apply_move(game, state, {**forced, "player": game.to_move(state)})
        assert isinstance(game.seat_free(state), bool)
        state = apply_move(game, state, move)
    assert game.forced(state) is None and game.seat_free(state) is False


def test_only_six_d_four_forces_a_move_and_only_six_d_five_frees_the_seats():
    """Six D Six's pass is the table's judgement, Six D Two's end the table's call: neither
    is forced."""
    assert [g.SLUG for g in GAMES if has_own(g, "forced")] == ["sixd-four"]
    assert [g.SLUG for g in GAMES if has_own(g, "seat_free")] == ["sixd-five"]


def check_state(game, state, players: Sequence[str]) -> None:
    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome)
    assert list(outcome.scores) == list(players)
    assert set(outcome.winners) <= set(players)
    assert outcome.to_move in (None, *players)
    assert game.to_move(state) in (None, *players)
    records = game.turn_records(state)
    assert all(isinstance(r, TurnRecord) and r.player in players for r in records)
    for mark in {r.mark for r in records if r.mark}:
        assert mark.words and mark.cell.format(points="1,000")
    view = game.view(state)
    assert dataclasses.is_dataclass(view) and view.__dataclass_params__.frozen
    if game.KIND == PUSH_YOUR_LUCK:
        assert len(records) == game.turns_done(state)
    assert isinstance(game.in_final_round(state), bool)
    waiting = game.waiting_for(state)
    assert waiting is None or set(waiting) <= set(players)
    check_photo_entry(game, state)


def check_photo_entry(game, state) -> None:
    """What a photo should show is one of the shared forms, and nothing when the game is
    over; the tap pad's count is the roll's, when the pad is a roll's; one die is one die
    lying loose."""
    photo = game.photo_entry(state, table_settings(game, {}))
    if photo is None:
        return
    assert isinstance(photo, PhotoEntry) and not game.is_over(state)
    assert photo.form in (FILL_PAD, FILL_BOARD, FILL_POOL, FILL_DIE)
    assert photo.layout in ("loose", "grid")
    if photo.form == FILL_DIE:
        assert photo.count == 1 and photo.layout == "loose"
    if photo.form == FILL_PAD and game.dice_to_roll(state) is not None:
        assert photo.count == game.dice_to_roll(state)
        assert photo.keys == game.keys_to_roll(state)
    if photo.shape:
        assert photo.layout == "grid" and photo.count == photo.shape[0] * photo.shape[1]


def test_a_photo_fills_a_plain_roll_by_default_and_the_board_games_say_their_own():
    """The default reads ``dice_to_roll`` loose dice onto the pad; a roll with keys only a
    game that says their colour may read."""
    brought = {g.SLUG for g in GAMES if has_own(g, "photo_entry")}
    assert brought == {"sb", "sixd-one", "sixd-six", "sixd-three", "sixd-two"}
    tenk = next(g for g in GAMES if g.SLUG == "tenk")
    state = tenk.start(("Ann", "Bo"), resolve_options(tenk, {}))
    assert tenk.photo_entry(state, {}) == PhotoEntry(form=FILL_PAD, layout="loose", count=6)


def test_table_settings_are_no_options_and_each_has_its_choices(game):
    """A table setting is kept beside the log, never in it: no option shares its name (a log
    carrying it is refused as an unknown option), and it offers choices, the first its
    default."""
    names = [s.name for s in game.TABLE_SETTINGS]
    assert len(set(names)) == len(names)
    assert not set(names) & {o.name for o in game.OPTIONS}
    for setting in game.TABLE_SETTINGS:
        assert setting.choices and len(set(setting.choices)) == len(setting.choices)
        assert setting.default == setting.choices[0] and setting.label and setting.help


def test_a_tables_settings_are_filled_in_with_their_defaults():
    sb = next(g for g in GAMES if g.SLUG == "sb")
    assert [s.name for s in sb.TABLE_SETTINGS] == ["key_colour"]
    assert table_settings(sb, {}) == {"key_colour": "red"}
    assert table_settings(sb, {"key_colour": "green", "gone": "x"}) == {"key_colour": "green"}
    assert table_settings(sb, {"key_colour": "mauve"}) == {"key_colour": "red"}  # no longer
    assert table_settings(sb, {"key_colour": 2}) == {"key_colour": "red"}
    tenk = next(g for g in GAMES if g.SLUG == "tenk")
    assert tenk.TABLE_SETTINGS == () and table_settings(tenk, {"key_colour": "green"}) == {}


def test_the_keys_colour_a_table_chose_tells_a_photo_its_keys():
    sb = next(g for g in GAMES if g.SLUG == "sb")
    state = sb.start(("Ann", "Bo"), resolve_options(sb, {}))
    photo = sb.photo_entry(state, {"key_colour": "white"})
    assert photo == PhotoEntry(form=FILL_PAD, layout="loose", count=8, keys=2, key_colour="white")


def test_each_button_reads_as_moves_of_the_game_or_a_ruling(game):
    state = game.start(check_players(game, seating(game)), resolve_options(game, {}))
    for action in game.ACTIONS:
        try:
            moves = game.read_form(state, MultiDict({"action": action}))
        except RuleViolation as exc:
            assert exc.code and exc.message
        else:
            assert moves and all(m["type"] in game.MOVES for m in moves)
            assert all(unknown_fields(game, m) == [] for m in moves)


def test_a_button_of_no_game_is_refused_with_a_ruling(game):
    state = game.start(check_players(game, seating(game)), resolve_options(game, {}))
    with pytest.raises(RuleViolation) as refused:
        game.read_form(state, MultiDict({"action": "nonsense"}))
    assert refused.value.code == "bad-move"
