"""Six D Two: one test per ruling in docs/rulings.md ("The Six D games", "Every game"),
the move formats of docs/gamelog.md, bad input, the play page's form and view, and the CLI."""

from __future__ import annotations

import json
from functools import partial

import pytest
from werkzeug.datastructures import MultiDict

from referee.cli import main
from referee.core.dice import MAX_MOVE_DICE
from referee.core.engine import RuleViolation, SetupError
from referee.core.moves import describe_move, resolve_options
from referee.games import get_game
from referee.games.sixd_two import page as sixd_two_page
from referee.games.sixd_two import rules as sixd_two
from referee.log import GameLog, replay
from tests.engine import support

TWO = get_game("sixd-two")
AB = ("Ann", "Bo")
ABC = ("Ann", "Bo", "Cy")
POOL = "2r 3r 5r 6k 6k 1g 4g 4y"


def pool(dice: str, **extra: object) -> dict:
    return {"type": "roll", "dice": dice.split(), **extra}


def take(dice: str, **extra: object) -> dict:
    return {"type": "take", "dice": dice.split(), **extra}


END = {"type": "end"}

play = partial(support.play, "sixd-two", players=AB)
refused = partial(support.refused, "sixd-two", players=AB)
play3 = partial(support.play, "sixd-two", players=ABC)


# --- Taking pairs ------------------------------------------------------------------------------


def test_each_turn_a_player_takes_two_dice_of_one_colour_and_scores_their_pips() -> None:
    state = play(take("4r 2r"))
    assert TWO.outcome(state).scores == {"Ann": 6, "Bo": 0}
    assert TWO.to_move(state) == "Bo"
    assert state.ruling == "Ann took the red 4 and 2: 6 pips, 6 this round. Bo to take."
    state = play(take("4r 2r"), take("6k 6k"), take("1g 1g"))
    assert TWO.outcome(state).scores == {"Ann": 8, "Bo": 12}


def test_black_is_a_colour_like_the_others() -> None:
    assert TWO.outcome(play(take("5k 3k"))).scores["Ann"] == 8


def test_a_take_of_two_colours_is_refused() -> None:
    error = refused(take("4r 2g"))
    assert error.code == "mixed-colours"
    assert error.message == "The two dice of a take share one colour: the 4 is red, the 2 green."


@pytest.mark.parametrize("dice", ["4 2", "4r 2", "4 2r"])
def test_every_die_of_a_take_needs_its_colour_letter(dice: str) -> None:
    error = refused(take(dice))
    assert error.code == "no-colour"
    assert "needs its colour letter, like" in error.message


@pytest.mark.parametrize("dice", ["", "4r", "4r 2r 1r", "1r 1r 1r 1r"])
def test_a_take_is_exactly_two_dice(dice: str) -> None:
    error = refused(take(dice))
    assert error.code == "wrong-dice-count"
    assert error.message == f"A take is two dice of one colour, not {len(dice.split())}."


@pytest.mark.parametrize("dice", [["7r", "1r"], ["0r", "1r"], ["K3", "K3"], [3, 4], ["\x00", "1r"]])
def test_a_die_outside_one_to_six_is_refused(dice: list) -> None:
    assert refused({"type": "take", "dice": dice}).code == "bad-die"


def test_without_a_pool_any_two_dice_of_one_colour_are_recorded() -> None:
    state = play(*[take("6r 6r")] * 9)
    assert TWO.outcome(state).scores == {"Ann": 60, "Bo": 48}


def test_the_clear_path_is_the_tables_call_so_the_referee_records_the_take() -> None:
    # The red 2 and 5 with the red 3 between them: the table says no, takes the 3 and 5.
    state = play(pool(POOL), take("3r 5r"))
    assert TWO.outcome(state).scores["Ann"] == 8
    assert sorted(str(d) for d in state.pool) == sorted("2r 6k 6k 1g 4g 4y".split())


# --- The pool ----------------------------------------------------------------------------------


def test_with_a_pool_both_dice_must_be_in_what_is_left_of_it() -> None:
    error = refused(pool(POOL), take("6r 2r"))
    assert error.code == "die-not-rolled"
    assert error.message == "There is no red 6 in the pool (red left: 2 3 5)."
    error = refused(pool(POOL), take("6k 6k"), take("6k 6k"))
    assert error.message == "There is no black 6 in the pool (no black dice left)."
    error = refused(pool(POOL), take("4y 4y"))  # one yellow 4 is not two
    assert error.message == "There is no yellow 4 in the pool (no yellow dice left)."


def test_a_pool_is_entered_before_the_first_take_of_a_round() -> None:
    state = play(pool(POOL))
    assert TWO.to_move(state) == "Ann"
    assert state.ruling == (
        "Ann entered a pool of 8 dice: red 2 3 5, yellow 4, green 1 4, black 6 6. Ann takes first."
    )
    error = refused(take("6r 6r"), pool(POOL))
    assert error.code == "too-late-to-roll"
    assert refused(pool(POOL), pool(POOL)).code == "pool-entered"


def test_the_pool_is_entered_by_the_player_to_move() -> None:
    assert refused(pool(POOL, player="Bo")).code == "wrong-player"
    assert play(pool(POOL, player="Ann")).pool is not None


def test_every_die_of_the_pool_needs_its_colour() -> None:
    error = refused(pool("2r 3 5r"))
    assert error.code == "no-colour"
    assert error.message == "Every die needs its colour letter, like 3r or 3k: the 3 has none."
    assert refused(pool("2r K3")).code == "bad-die"
    assert refused(pool("2r 8r")).code == "bad-die"


def test_ruling_pool_of_any_size() -> None:
    """docs/rulings.md, sixd-two: a rolled pool may hold any number of dice and any number of one
    colour; only the log's own size limit on a move (``MAX_MOVE_DICE``) bounds it."""
    assert refused(pool("")).code == "empty-pool"
    state = play(pool(" ".join(["6r"] * 13)))  # more red dice than a set has
    assert len(state.pool) == 13 and state.ruling.startswith("Ann entered a pool of 13 dice")
    state = play(pool(" ".join(["6r"] * 13)), take("6r 6r"))
    assert sixd_two_page.view(state).pairs == ("r",) and len(state.pool) == 11
    assert sixd_two.choices(state) == [take("6r 6r"), END]  # one distinct pair, listed once
    reds = play(pool(" ".join(f"{v}r" for v in "1234561234561")))
    assert len(sixd_two.choices(reds)) == 21 + 1  # every pair of values, doubles included
    one = play(pool("4g"), rounds=2)
    assert one.round == 1
    assert one.ruling.startswith("Ann entered a pool of 1 die: green 4. No colour has two dice")
    most = " ".join(["1r", "1k"] * (MAX_MOVE_DICE // 2))
    assert len(play(pool(most)).pool) == MAX_MOVE_DICE == 200
    error = refused(pool(f"{most} 2k"))
    assert (error.code, error.message) == (
        "too-many-dice",
        "A move lists at most 200 dice; this one lists 201.",
    )


def test_the_round_ends_by_itself_when_no_colour_has_two_dice_left() -> None:
    state = play(pool(POOL), take("6k 6k"), take("3r 5r"), take("1g 4g"))
    assert TWO.is_over(state)
    assert TWO.outcome(state).scores == {"Ann": 17, "Bo": 8}
    assert state.ruling == (
        "Ann took the green 1 and 4: 5 pips, 17 this round. No colour has two dice left: "
        "round 1 ends with Ann 17, Bo 8. Game over: Ann wins with 17."
    )


def test_a_rolled_pool_with_no_two_dice_of_one_colour_ends_its_round_at_once() -> None:
    state = play(pool("1r 2y 3g 4b 5o 6p 1k"), rounds=2)
    assert state.round == 1 and TWO.to_move(state) == "Bo"
    assert state.ruling.startswith(
        "Ann entered a pool of 7 dice: red 1, yellow 2, green 3, blue 4, orange 5, purple 6, "
        "black 1. No colour has two dice: round 1 ends with Ann 0, Bo 0. Round 2 of 2"
    )


# --- Ending rounds and the game ----------------------------------------------------------------


def test_the_round_ends_when_the_table_declares_no_pair_left() -> None:
    state = play(take("6r 5r"), END)
    assert TWO.is_over(state)
    assert state.ruling == (
        "Bo declared no pair left: round 1 ends with Ann 11, Bo 0. Game over: Ann wins with 11."
    )


def test_end_is_the_tables_call_even_with_a_pair_left_in_the_pool() -> None:
    state = play(pool(POOL))
    warning = TWO.warning(state, END)
    assert warning == "The pool still holds a red, green or black pair: end round 1 anyway?"
    last = play(pool(POOL), take("6k 6k"), take("3r 5r"))
    assert TWO.warning(last, END) == "The pool still holds a green pair: end round 1 anyway?"
    assert TWO.is_over(play(pool(POOL), END))
    assert TWO.warning(play(), END) is None
    assert TWO.warning(state, take("6k 6k")) is None


def test_end_is_made_by_the_player_to_move() -> None:
    assert refused(take("6r 5r"), {"type": "end", "player": "Ann"}).code == "wrong-player"


def test_after_a_pool_ran_dry_end_ends_the_next_round() -> None:
    moves = [pool(POOL), take("6k 6k"), take("3r 5r"), take("1g 4g"), END]
    state = play(*moves, rounds=3)
    assert state.round == 2
    assert TWO.outcome(state).scores == {"Ann": 17, "Bo": 8}
    assert [(r.player, r.points) for r in TWO.turn_records(state)] == [
        ("Ann", 17),
        ("Bo", 8),
        ("Ann", 0),
        ("Bo", 0),
    ]


def test_round_k_starts_with_seat_k_and_the_game_ends_after_the_last_round() -> None:
    starters = []
    moves: list[dict] = []
    for _ in range(4):
        starters.append(TWO.to_move(play3(*moves, rounds=4)))
        moves += [take("1b 2b"), END]
    assert starters == ["Ann", "Bo", "Cy", "Ann"]
    state = play3(*moves, rounds=4)
    assert TWO.is_over(state) and TWO.to_move(state) is None
    assert TWO.outcome(state).scores == {"Ann": 6, "Bo": 3, "Cy": 3}
    error = support.refused("sixd-two", *moves, END, players=ABC, rounds=4)
    assert error.code == "game-over"


def test_rounds_run_from_one_to_eighteen() -> None:
    option = {o.name: o for o in TWO.OPTIONS}["rounds"]
    assert (option.default, option.minimum, option.maximum) == (1, 1, 18)
    for bad in (0, 19, False, 1.5):
        with pytest.raises(SetupError):
            resolve_options(TWO, {"rounds": bad})


def test_scores_are_finished_rounds_plus_the_pips_taken_this_round() -> None:
    state = play(take("6r 5r"), END, take("1y 2y"), rounds=2)
    assert TWO.outcome(state).scores == {"Ann": 11, "Bo": 3}
    assert TWO.player_notes(state) == {"Ann": "0 this round", "Bo": "3 this round"}


def test_players_two_to_eight() -> None:
    assert (TWO.MIN_PLAYERS, TWO.MAX_PLAYERS) == (2, 8)


def test_ties_share_the_win() -> None:
    state = play(take("6r 5r"), take("5g 6g"), END)
    assert TWO.outcome(state).winners == ["Ann", "Bo"]
    assert state.ruling.endswith("Game over: Ann and Bo share the win with 11.")


def test_winners_are_empty_until_the_game_is_over() -> None:
    assert TWO.outcome(play(take("6r 5r"), END, rounds=2)).winners == []


def test_a_refused_move_leaves_the_state_as_it_was() -> None:
    state = play(pool(POOL), take("6k 6k"))
    for move in (take("6k 6k"), pool(POOL), take("1g 4r"), {"type": "take", "dice": "1g 4g"}):
        support.refusal_of(TWO, state, move)


# --- Contract: moves in words, random play, the play page ---------------------------------------


def test_moves_in_words() -> None:
    assert describe_move(TWO, take("4r 2r", player="Bo")) == "Bo's take red 4 and red 2"
    assert describe_move(TWO, pool("1r 2r", player="Ann")) == "Ann's pool red 1 and red 2"
    assert describe_move(TWO, {**END, "player": "Ann"}) == "Ann's end of the round"


def test_the_table_may_enter_a_pool_before_the_first_take() -> None:
    state = play()
    entry = sixd_two.table_entry(state)
    assert entry == sixd_two.PoolEntry("roll", "dice", "rygbopk", per_colour=None, usual=6)
    listed = sixd_two.choices(state)
    assert len(listed) == 7 * 21 + 1 and listed[-1] == END
    assert listed[0] == take("1r 1r")
    assert sixd_two.table_entry(play(take("1r 1r"))) is None
    assert sixd_two.table_entry(play(pool(POOL))) is None


def test_choices_with_a_pool_are_its_distinct_pairs() -> None:
    listed = sixd_two.choices(play(pool(POOL)))
    assert listed == [
        take("2r 3r"),
        take("2r 5r"),
        take("3r 5r"),
        take("1g 4g"),
        take("6k 6k"),
        END,
    ]


def form(*pairs: tuple[str, str]) -> MultiDict:
    return MultiDict(list(pairs))


def test_the_pool_is_typed_colour_by_colour() -> None:
    moves = TWO.read_form(
        play(), form(("action", "roll"), ("pool_r", "235"), ("pool_k", "6 6"), ("pool_g", ""))
    )
    assert moves == [pool("2r 3r 5r 6k 6k")]
    with pytest.raises(RuleViolation) as refusal:
        TWO.read_form(play(), form(("action", "roll"), ("pool_r", "27")))
    assert refusal.value.code == "bad-die"


def test_a_take_is_tapped_in_the_pool_or_typed_by_colour_and_values() -> None:
    state = play(pool(POOL))
    moves = TWO.read_form(state, form(("action", "take"), ("pick", "3"), ("pick", "4")))
    assert moves == [take("6k 6k")]
    assert TWO.read_form(play(), form(("action", "take"), ("colour", "b"), ("values", "42"))) == [
        take("4b 2b")
    ]
    for fields in ((("colour", "x"), ("values", "42")), (("values", "42"),), (("colour", "rr"),)):
        with pytest.raises(RuleViolation):
            TWO.read_form(play(), form(("action", "take"), *fields))
    assert TWO.read_form(play(), form(("action", "end"))) == [END]


def test_the_view_shows_the_pool_left_and_the_colours_with_a_pair() -> None:
    view = TWO.view(play(pool(POOL), take("6k 6k"), rounds=2))
    assert (view.round, view.rounds, view.starter, view.to_move, view.over) == (
        1, 2, "Ann", "Bo", False
    )  # fmt: skip
    assert [str(d) for d in view.pool] == "2r 3r 5r 1g 4g 4y".split()
    assert view.pairs == ("r", "g") and not view.may_roll
    assert view.seats[0] == sixd_two_page.SeatView("Ann", 12, 12, False)
    hash(view)
    assert TWO.view(play()).may_roll and TWO.view(play()).pool is None


# --- referee replay --json ---------------------------------------------------------------------


def test_replay_json_reports_the_running_totals(tmp_path, capsys) -> None:
    log = {
        "format": "referee-log/1",
        "game": "sixd-two",
        "players": list(AB),
        "options": {"rounds": 2},
        "moves": [take("6r 5r"), END, pool(POOL, player="Bo"), take("6k 6k")],
    }
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "game": "sixd-two",
        "over": False,
        "scores": {"Ann": 11, "Bo": 12},
        "winners": [],
        "to_move": "Ann",
        "moves_applied": 4,
        "error": None,
    }
    log["moves"].append(take("6k 6k"))
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert error == {
        "move": 4,
        "code": "die-not-rolled",
        "message": "There is no black 6 in the pool (no black dice left).",
    }
    log["options"] = {"rounds": 19}
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 2


def test_a_pool_counts_as_the_entering_players_dice() -> None:
    result = replay(GameLog("sixd-two", AB, {}, (pool("1r 1r 6k"),)))
    assert result.rolled == {"Ann": (2, 0, 0, 0, 0, 1)}


# --- Setup, for undo ---------------------------------------------------------------------------


def test_a_pool_and_the_end_of_a_round_are_setup_and_takes_are_play() -> None:
    moves = (pool(POOL), take("2r 3r"), take("6k 6k"), END, take("4g 1g"))
    assert support.setups("sixd-two", *moves, rounds=2) == [True, False, False, True, False]
    found = support.setups("sixd-two", take("2r 3r"), END, pool(POOL), take("6k 6k"), rounds=2)
    assert found == [False, True, True, False]
