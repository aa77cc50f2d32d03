"""Six D Five: one test per ruling in docs/rulings.md ("The Six D games", "Every game"),
the move formats of docs/gamelog.md, bad input, the play page's form and view, and the CLI."""

from __future__ import annotations

import json
from functools import partial

import pytest
from werkzeug.datastructures import MultiDict

from referee.cli import main
from referee.core.engine import RuleViolation, SetupError
from referee.core.moves import describe_move, resolve_options
from referee.games import get_game
from referee.games.sixd_five import rules as sixd_five
from tests.engine import support

FIVE = get_game("sixd-five")
ABC = ("Ann", "Bo", "Cy")
PLACE = {"type": "place"}


def sides(**totals: object) -> dict:
    return {"type": "sides", "totals": totals}


play = partial(support.play, "sixd-five", players=ABC)
refused = partial(support.refused, "sixd-five", players=ABC)
FULL = [PLACE] * 36


def test_players_place_one_die_each_in_turn_starting_with_the_first() -> None:
    order = [FIVE.to_move(play(*[PLACE] * n)) for n in range(7)]
    assert order == ["Ann", "Bo", "Cy", "Ann", "Bo", "Cy", "Ann"]
    state = play(PLACE, PLACE)
    assert FIVE.turns_done(state) == 2
    assert state.ruling == "Bo placed die 2 of 36: 34 to go; Cy to place."


def test_the_stacking_is_the_tables_call_and_the_referee_counts_the_dice() -> None:
    state = play(*FULL)
    assert state.placed == 36 and not FIVE.is_over(state)
    error = refused(*FULL, PLACE)
    assert error.code == "stack-done"
    assert error.message == "All 36 dice are on the stack: Ann enters the pips on each side."


def test_after_the_last_die_the_next_seat_enters_the_sides() -> None:
    state = play(*FULL)
    assert FIVE.to_move(state) == "Ann"  # 36 dice, three players: Cy placed the last
    assert state.ruling == (
        "Cy placed the last die, 36 of 36. Ann enters the pips showing on each side."
    )
    assert refused(*FULL, {**sides(Ann=1, Bo=2, Cy=3), "player": "Cy"}).code == "wrong-player"
    state = play(*FULL, {**sides(Ann=1, Bo=2, Cy=3), "player": "Ann"})
    assert FIVE.is_over(state) and FIVE.to_move(state) is None


def test_the_referee_keeps_each_players_side_total_and_the_most_pips_wins() -> None:
    state = play(*FULL, sides(Ann=23, Bo=19, Cy=31))
    result = FIVE.outcome(state)
    assert result.scores == {"Ann": 23, "Bo": 19, "Cy": 31}
    assert result.winners == ["Cy"]
    assert state.ruling == "Sides: Ann 23, Bo 19, Cy 31. Game over: Cy wins with 31."
    assert [(r.player, r.points) for r in FIVE.turn_records(state)] == [
        ("Ann", 23),
        ("Bo", 19),
        ("Cy", 31),
    ]


def test_sides_are_refused_before_the_last_die() -> None:
    error = refused(*[PLACE] * 35, sides(Ann=1, Bo=2, Cy=3))
    assert error.code == "stack-not-done"
    assert error.message == "The sides are counted after the last die: 35 of 36 are on the stack."


def test_a_side_shows_zero_to_six_times_the_dice() -> None:
    assert FIVE.outcome(play(*FULL, sides(Ann=0, Bo=216, Cy=0))).scores["Bo"] == 216
    error = refused(*FULL, sides(Ann=0, Bo=217, Cy=0))
    assert error.code == "bad-total"
    assert error.message == "Bo's side shows 0 to 216 pips with 36 dice, not 217."
    assert refused(*FULL, sides(Ann=-1, Bo=2, Cy=0)).code == "bad-total"
    error = refused(*FULL, sides(Ann=10**5000, Bo=2, Cy=0))
    assert error.message == "Ann's side shows 0 to 216 pips with 36 dice."


@pytest.mark.parametrize("bad", [True, 1.5, "12", None, [12]])
def test_a_side_total_is_a_whole_number(bad: object) -> None:
    error = refused(*FULL, sides(Ann=bad, Bo=2, Cy=0))
    assert error.code == "bad-total"
    assert error.message == "The pips on Ann's side are a whole number, 0 to 216."


def test_every_player_gets_exactly_one_side_total() -> None:
    error = refused(*FULL, sides(Ann=1, Bo=2))
    assert (error.code, error.message) == ("missing-total", "Enter the pips on Cy's side.")
    error = refused(*FULL, sides(Ann=1, Bo=2, Cy=3, Dee=4))
    assert (error.code, error.message) == ("unknown-player", "'Dee' is not playing at this table.")
    for totals in ([1, 2, 3], "Ann=1", None):
        assert refused(*FULL, {"type": "sides", "totals": totals}).code == "bad-totals"


def test_the_number_of_dice_runs_from_two_to_seventy_two() -> None:
    option = {o.name: o for o in FIVE.OPTIONS}["dice"]
    assert (option.default, option.minimum, option.maximum) == (36, 2, 72)
    state = support.play("sixd-five", PLACE, PLACE, sides(Ann=5, Bo=12), dice=2)
    assert FIVE.outcome(state).scores == {"Ann": 5, "Bo": 12}
    assert support.refused("sixd-five", PLACE, PLACE, sides(Ann=13, Bo=1), dice=2).code == (
        "bad-total"
    )
    for bad in (1, 73, True):
        with pytest.raises(SetupError):
            resolve_options(FIVE, {"dice": bad})


def test_players_two_to_four() -> None:
    assert (FIVE.MIN_PLAYERS, FIVE.MAX_PLAYERS) == (2, 4)


def test_ties_share_the_win() -> None:
    state = play(*FULL, sides(Ann=30, Bo=19, Cy=30))
    assert FIVE.outcome(state).winners == ["Ann", "Cy"]
    assert state.ruling.endswith("Game over: Ann and Cy share the win with 30.")


def test_scores_are_zero_and_winners_empty_until_the_sides_are_entered() -> None:
    result = FIVE.outcome(play(*FULL))
    assert result.scores == {"Ann": 0, "Bo": 0, "Cy": 0} and result.winners == []


def test_moves_after_the_game_are_refused() -> None:
    assert refused(*FULL, sides(Ann=1, Bo=2, Cy=3), PLACE).code == "game-over"


def test_a_refused_move_leaves_the_state_as_it_was() -> None:
    support.refusal_of(FIVE, play(*FULL[:5]), sides(Ann=1, Bo=2, Cy=3))
    support.refusal_of(FIVE, play(*FULL), sides(Ann=1, Bo=2))
    support.refusal_of(FIVE, play(*FULL), PLACE)


# --- Contract: moves in words, random play, the play page ---------------------------------------


def test_moves_in_words() -> None:
    assert describe_move(FIVE, {**PLACE, "player": "Bo"}) == "Bo's die on the stack"
    assert describe_move(FIVE, {**sides(Ann=1), "player": "Ann"}) == "Ann's side totals"


def test_random_play_places_then_enters_totals() -> None:
    assert sixd_five.choices(play()) == [PLACE] and sixd_five.table_entry(play()) is None
    state = play(*FULL)
    assert sixd_five.choices(state) == []
    assert sixd_five.table_entry(state) == sixd_five.TotalsEntry("sides", "totals", ABC, 0, 216)


def form(**fields: str) -> MultiDict:
    return MultiDict(fields)


def test_the_sides_are_typed_by_seat() -> None:
    state = play(*FULL)
    moves = FIVE.read_form(state, form(action="sides", side0="23", side1=" 19 ", side2="31"))
    assert moves == [sides(Ann=23, Bo=19, Cy=31)]
    assert FIVE.read_form(state, form(action="sides", side0="23")) == [sides(Ann=23)]
    for bad in ("-1", "1.5", "x", "²", "9" * 7):
        with pytest.raises(RuleViolation) as refusal:
            FIVE.read_form(state, form(action="sides", side0=bad))
        assert refusal.value.code == "bad-number"
    assert FIVE.read_form(play(), form(action="place")) == [PLACE]


def test_the_stack_is_entered_as_the_count_of_dice_on_it() -> None:
    state = play(*FULL[:5])
    assert FIVE.read_form(state, form(action="stack", count="8")) == [PLACE] * 3
    assert FIVE.read_form(state, form(action="stack", count=" 36 ")) == [PLACE] * 31
    assert FIVE.read_form(play(), form(action="stack", count="1")) == [PLACE]


@pytest.mark.parametrize(
    ("count", "code", "message"),
    [
        ("5", "count-not-up", "The stack already holds 5 dice: nothing was added."),
        ("3", "count-not-up",
         "The stack already holds 5 dice, not 3: nothing was added (Undo takes a die back)."),
        ("37", "too-many-dice", "The stack takes 36 dice in all, not 37: nothing was added."),
        ("", "no-count", "Type how many dice are on the stack now."),
        ("٨", "bad-number", "Type the dice on the stack as a whole number."),
        ("9" * 5000, "bad-number", "Type the dice on the stack as a whole number."),
        ("-2", "bad-number", "Type the dice on the stack as a whole number."),
    ],
)  # fmt: skip
def test_a_count_must_go_up_and_stay_within_the_dice(count, code, message) -> None:
    with pytest.raises(RuleViolation) as refusal:
        FIVE.read_form(play(*FULL[:5]), form(action="stack", count=count))
    assert (refusal.value.code, refusal.value.message) == (code, message)


def test_a_count_of_one_die_is_said_in_the_singular() -> None:
    with pytest.raises(RuleViolation) as refusal:
        FIVE.read_form(play(PLACE), form(action="stack", count="1"))
    assert refusal.value.message == "The stack already holds 1 die: nothing was added."


def test_any_phone_may_add_dice_but_the_sides_are_the_counters() -> None:
    assert FIVE.seat_free(play()) and FIVE.seat_free(play(*FULL[:35]))
    assert not FIVE.seat_free(play(*FULL))
    assert not FIVE.seat_free(play(*FULL, sides(Ann=1, Bo=2, Cy=3)))


def test_the_view_counts_the_dice_and_shows_the_sides() -> None:
    view = FIVE.view(play(*FULL[:5]))
    assert (view.phase, view.placed, view.left, view.most, view.to_move) == (
        "place", 5, 31, 216, "Cy"
    )  # fmt: skip
    assert FIVE.view(play(*FULL)).phase == "sides"
    over = FIVE.view(play(*FULL, sides(Ann=1, Bo=2, Cy=3)))
    assert (over.phase, over.sides, over.to_move) == ("over", (1, 2, 3), None)
    hash(over)


def test_replay_json_reports_the_side_totals(tmp_path, capsys) -> None:
    log = {
        "format": "referee-log/1",
        "game": "sixd-five",
        "players": ["Ann", "Bo"],
        "options": {"dice": 4},
        "moves": [PLACE, PLACE, PLACE, PLACE, {**sides(Ann=12, Bo=9), "player": "Ann"}],
    }
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "game": "sixd-five",
        "over": True,
        "scores": {"Ann": 12, "Bo": 9},
        "winners": ["Ann"],
        "to_move": None,
        "moves_applied": 5,
        "error": None,
    }
    log["moves"][-1] = sides(Ann=12, Bo=25)
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert (out["to_move"], out["error"]["code"], out["error"]["move"]) == ("Ann", "bad-total", 4)
    log["options"] = {"dice": 73}
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 2
    log["options"] = {"dice": 4, "colours": 6}
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 2
