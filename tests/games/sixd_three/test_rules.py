"""Six D Three: one test per ruling in docs/rulings.md ("The Six D games", "Every game"),
the move formats and setup order of docs/gamelog.md, bad input, the play page's form and view,
and the CLI."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import partial

import pytest
from werkzeug.datastructures import MultiDict

from referee.cli import main
from referee.core.dice import Die, parse_die
from referee.core.engine import BagEntry, BoardEntry, RuleViolation
from referee.core.moves import apply_move, describe_move
from referee.families.grid import Board, parse_board
from referee.games import get_game
from referee.games.sixd_three import page as sixd_three_page
from referee.games.sixd_three import rules as sixd_three
from referee.log import GameLog, replay
from tests.engine import support

THREE = get_game("sixd-three")
AB = ("Ann", "Bo")
ABC = ("Ann", "Bo", "Cy")
ABCD = ("Ann", "Bo", "Cy", "Dee")
ABCDE = ("Ann", "Bo", "Cy", "Dee", "Eve")
GRID = ["513626", "245134", "364215", "152643", "631452", "426315"]


def grid(rows: list[str] = GRID, **extra: object) -> dict:
    return {"type": "board", "board": [list(row) for row in rows], **extra}


def draw(dice: str, **extra: object) -> dict:
    return {"type": "draw", "dice": dice.split(), **extra}


def place(die: str, row: int, col: int, **extra: object) -> dict:
    return {"type": "place", "die": die, "cell": [row, col], **extra}


def reroll(die: str, to: str, **extra: object) -> dict:
    return {"type": "reroll", "die": die, "to": to, **extra}


def remove(*colours: str) -> dict:
    return {"type": "remove", "colours": list(colours)}


DEALT = [grid(), draw("2g 4r 4g"), draw("6g 4y 3b")]  # Ann's hand, then Bo's

play = partial(support.play, "sixd-three", players=AB)
refused = partial(support.refused, "sixd-three", players=AB)
play3 = partial(support.play, "sixd-three", players=ABC)
play4 = partial(support.play, "sixd-three", players=ABCD)
refused4 = partial(support.refused, "sixd-three", players=ABCD)
play5 = partial(support.play, "sixd-three", players=ABCDE)


def bag_order(removed: str = "") -> list[str]:
    """Every die of the bag, colour by colour, values 1 to 6, less those removed (the
    lowest value of their colour)."""
    dice = [f"{v}{c}" for c in sixd_three.COLOURS for v in range(1, 7)]
    for colour in removed:
        dice.remove(next(d for d in dice if d.endswith(colour)))
    return dice


def scripted(players: tuple[str, ...]) -> list[dict]:
    """A whole game: the dice drawn in ``bag_order``; each turn the first hand die goes on
    the first free cell in reading order."""
    removed = "rg"[: sixd_three.REMOVED.get(len(players), 0)]
    bag = bag_order(removed)
    moves = [grid()]
    if removed:
        moves.append(remove(*removed))
    game = THREE
    state = game.start(players, {})
    for move in moves:
        state = apply_move(game, state, move)
    while not game.is_over(state):
        if state.phase in ("deal", "draw"):
            count = 3 if state.phase == "deal" else 1
            move = draw(" ".join(bag[:count]))
            bag = bag[count:]
        else:
            free = next(
                (r, c) for r in range(6) for c in range(6) if state.cover.die_at((r, c)) is None
            )
            move = place(str(state.hands[state.seat][0]), *free)
        state = apply_move(game, state, move)
        moves.append(move)
    return moves


def cover(dice: dict[tuple[int, int], str]) -> Board:
    """A 6 x 6 board of placed dice."""
    board = Board.empty(6, 6)
    for cell, die in dice.items():
        board = board.put(cell, parse_die(die))
    return board


BLACK = parse_board([list(row) for row in GRID], max_side=6)


def worth(placed: dict[tuple[int, int], str], die: str, cell: tuple[int, int]):
    return sixd_three.score(BLACK, cover(placed), parse_die(die), cell)


# --- Setting up --------------------------------------------------------------------------------


def test_the_first_player_enters_the_36_black_dice_of_the_grid() -> None:
    state = play()
    assert THREE.to_move(state) == "Ann" and state.phase == "grid"
    assert refused(grid(player="Bo")).code == "wrong-player"
    state = play(grid(player="Ann"))
    assert state.grid is not None and len(state.grid.cells()) == 36
    assert state.ruling == "The grid is entered. Ann draws three dice from the bag and rolls them."


def test_the_grid_is_six_full_rows_of_six() -> None:
    short = grid()
    short["board"][2][5] = None
    error = refused(short)
    assert error.code == "wrong-dice-count"
    assert error.message == (
        "The grid is 6 rows of 6 black dice, 36 in all: 35 were entered (row 3, column 6 is empty)."
    )
    assert refused(grid(GRID[:5])).code == "wrong-dice-count"
    assert refused(grid([*GRID, "123456"])).code == "board-too-big"
    assert refused(grid([row + "1" for row in GRID])).code == "board-too-big"


def test_grid_dice_are_black_entered_by_value() -> None:
    black = grid()
    black["board"] = [[f"{d}k" for d in row] for row in GRID]
    assert play(black).grid == play(grid()).grid
    coloured = grid()
    coloured["board"][1][2] = "5r"
    error = refused(coloured)
    assert error.code == "black-dice-only"
    assert error.message == "The grid's dice are black: the 5 at row 2, column 3 is entered as red."


def test_the_grid_is_entered_once() -> None:
    assert refused(grid(), grid()).code == "grid-laid"


def test_with_four_players_two_dice_go_back_in_the_box_unseen() -> None:
    state = play4(grid())
    assert state.phase == "remove" and THREE.to_move(state) == "Ann"
    assert state.ruling == (
        "The grid is entered. With 4 players two dice go back in the box unseen: Ann enters "
        "their colours."
    )
    state = play4(grid(), remove("r", "g"))
    assert dict(state.bag())["r"] == 5 and dict(state.bag())["g"] == 5 and state.in_bag == 34
    assert state.ruling == (
        "Back in the box, unseen: red and green. Ann draws three dice from the bag and rolls them."
    )
    error = refused4(grid(), remove("r"))
    assert error.code == "wrong-dice-count"
    assert error.message == "With 4 players exactly two dice go back in the box, not 1."


def test_two_dice_of_one_colour_may_go_back_in_the_box() -> None:
    assert dict(play4(grid(), remove("p", "p")).bag())["p"] == 4


def test_with_five_players_one_die_goes_back_in_the_box() -> None:
    assert play5(grid()).ruling == (
        "The grid is entered. With 5 players one die goes back in the box unseen: Ann enters "
        "its colour."
    )
    state = play5(grid(), remove("o"))
    assert state.in_bag == 35 and state.removed == ("o",)
    error = support.refused("sixd-three", grid(), remove("o", "o"), players=ABCDE)
    assert (error.code, error.message) == (
        "wrong-dice-count",
        "With 5 players exactly one die goes back in the box, not 2.",
    )


@pytest.mark.parametrize("players", [AB, ABC, ("A", "B", "C", "D", "E", "F")])
def test_with_two_three_or_six_players_no_dice_are_removed(players) -> None:
    state = support.play("sixd-three", grid(), players=players)
    assert state.phase == "deal" and state.in_bag == 36
    error = support.refused("sixd-three", grid(), remove(), players=players)
    assert error.code == "no-remove"
    assert error.message == f"With {len(players)} players no dice go back in the box."


@pytest.mark.parametrize("colours", [["k", "r"], ["x", "r"], [3, "r"], [None, "r"], ["rr", "g"]])
def test_a_die_removed_is_named_by_a_colour_of_the_bag(colours: list) -> None:
    error = refused4(grid(), {"type": "remove", "colours": colours})
    assert error.code == "bad-colour"


def test_the_dice_removed_are_a_list() -> None:
    assert refused4(grid(), {"type": "remove", "colours": "rg"}).code == "bad-move"
    assert refused4(grid(), remove("r", "g"), remove("r", "g")).code == "no-remove"


def test_setup_order_is_the_grid_then_the_dice_removed_then_the_draws() -> None:
    assert refused4(draw("1r 2r 3r")).code == "grid-first"
    assert refused4(remove("r", "g")).code == "grid-first"
    assert refused4(place("1r", 0, 0)).code == "grid-first"
    error = refused4(grid(), draw("1r 2r 3r"))
    assert error.code == "remove-first"
    assert error.message == (
        "With 4 players two dice go back in the box before the deal: Ann enters their colours."
    )
    assert refused4(grid(), place("1r", 0, 0)).code == "remove-first"
    assert refused4(grid(), reroll("1r", "2r")).code == "remove-first"


def test_the_deal_is_three_dice_each_in_seating_order() -> None:
    state = play3(grid())
    order = []
    for hand in ("1r 2r 3r", "4r 5r 6r", "1y 2y 3y"):
        order.append(THREE.to_move(state))
        state = apply_move(THREE, state, draw(hand))
    assert order == ["Ann", "Bo", "Cy"]
    assert state.hands[1] == tuple(parse_die(d) for d in ("4r", "5r", "6r"))
    assert state.ruling == (
        "Cy drew a yellow 1, a yellow 2 and a yellow 3. Every hand is dealt: Ann may re-roll "
        "one die, then places one."
    )
    assert (
        support.refused("sixd-three", grid(), draw("1r 2r 3r", player="Bo"), players=ABC).code
        == "wrong-player"
    )
    error = refused(grid(), draw("1r 2r"))
    assert error.code == "wrong-dice-count"
    assert error.message == "Ann draws three dice, not 2."


def test_nobody_moves_before_the_deal_is_done() -> None:
    error = refused(grid(), draw("1r 2r 3r"), place("1r", 0, 0))
    assert error.code == "deal-first"
    assert error.message == "Everyone draws three dice before the first turn: Bo draws next."


def test_the_first_player_takes_the_first_turn() -> None:
    state = play(*DEALT)
    assert THREE.to_move(state) == "Ann" and state.phase == "turn"


# --- The bag ---------------------------------------------------------------------------------


def test_the_bag_holds_six_of_each_colour_less_the_dice_removed_and_drawn() -> None:
    state = play4(grid(), remove("r", "r"), draw("1r 2g 3g"))
    assert state.bag() == (("r", 3), ("y", 6), ("g", 4), ("b", 6), ("o", 6), ("p", 6))
    assert state.in_bag == 31
    view = THREE.view(state)
    assert view.bag[0] == sixd_three.InBag("r", "red", 3, 1, 2)


def test_a_draw_of_a_colour_used_up_is_refused_with_the_count() -> None:
    moves = [grid(), remove("b", "b"), draw("1b 2b 3b")]
    error = refused4(*moves, draw("4b 5b 1r"))
    assert error.code == "colour-used-up"
    assert error.message == (
        "The bag has no blue die left: of the 6, 3 drawn and 2 put back in the box, and this "
        "draw already holds 1."
    )
    error = support.refused("sixd-three", grid(), draw("1o 2o 3o"), draw("4o 5o 6o"),
                            draw("1o 2r 3r"), players=ABC)  # fmt: skip
    assert (error.code, error.message) == (
        "colour-used-up",
        "The bag has no orange die left: of the 6, 6 drawn.",
    )


def test_a_drawn_die_needs_its_colour_and_is_never_black() -> None:
    error = refused(grid(), draw("1r 2 3r"))
    assert error.code == "no-colour"
    assert error.message == "Every die drawn needs its colour letter, like 2r: the 2 has none."
    error = refused(grid(), draw("1r 2k 3r"))
    assert (error.code, error.message) == (
        "not-in-bag",
        "The bag holds no black dice: they are all on the grid.",
    )
    assert refused(grid(), draw("1r K2 3r")).code == "bad-die"


def test_after_placing_the_player_draws_one_die_before_the_next_turn() -> None:
    state = play(*DEALT, place("2g", 2, 3))
    assert state.phase == "draw" and THREE.to_move(state) == "Ann"
    assert state.ruling == (
        "Ann placed the green 2 at row 3, column 4: 2 + 2 on a black 2 = 4. Ann has 4. Ann "
        "draws a die (30 in the bag)."
    )
    assert refused(*DEALT, place("2g", 2, 3), draw("1r", player="Bo")).code == "wrong-player"
    error = refused(*DEALT, place("2g", 2, 3), draw("1r 2r"))
    assert (error.code, error.message) == ("wrong-dice-count", "Ann draws one die, not 2.")
    error = refused(*DEALT, place("2g", 2, 3), place("4r", 0, 0))
    assert error.code == "draw-first"
    assert error.message == "Ann draws a die from the bag before anyone places again."
    assert refused(*DEALT, place("2g", 2, 3), reroll("4r", "5r")).code == "draw-first"
    state = play(*DEALT, place("2g", 2, 3), draw("2r"))
    assert THREE.to_move(state) == "Bo" and state.hands[0] == tuple(
        parse_die(d) for d in ("4r", "4g", "2r")
    )


def test_nobody_draws_during_a_turn() -> None:
    error = refused(*DEALT, draw("1r"))
    assert error.code == "no-draw"
    assert error.message == "Nobody draws now: Ann places a die (a draw follows a placement)."


def test_when_the_bag_is_empty_nobody_draws() -> None:
    moves = scripted(ABC)
    last_draw = max(i for i, m in enumerate(moves) if m["type"] == "draw")
    state = play3(*moves[: last_draw + 1])
    assert state.in_bag == 0 and [len(h) for h in state.hands] == [3, 3, 3]
    after = play3(*moves[: last_draw + 2])  # the next placement: no draw follows
    assert after.phase == "turn" and THREE.to_move(after) != THREE.to_move(state)
    assert after.ruling.endswith("may re-roll one die, then places one.")
    assert support.refusal_of(THREE, after, draw("1r")).code == "no-draw"


def test_a_player_whose_hand_is_empty_is_skipped() -> None:
    # Hands empty evenly in play, so the skip is shown on a table where Bo's hand is empty.
    moves = scripted(ABC)
    last_draw = max(i for i, m in enumerate(moves) if m["type"] == "draw")
    state = play3(*moves[: last_draw + 1])
    seat = state.seat
    hands = list(state.hands)
    hands[(seat + 1) % 3] = ()
    state = replace(state, hands=tuple(hands))
    die = str(state.hands[seat][0])
    free = next((r, c) for r in range(6) for c in range(6) if state.cover.die_at((r, c)) is None)
    after = apply_move(THREE, state, place(die, *free))
    assert after.seat == (seat + 2) % 3


# --- Re-rolling --------------------------------------------------------------------------------


def test_one_hand_die_may_be_re_rolled_once_a_turn_before_placing() -> None:
    state = play(*DEALT, reroll("4r", "6r"))
    assert state.hands[0] == tuple(parse_die(d) for d in ("2g", "6r", "4g"))
    assert state.ruling == "Ann re-rolled the red 4: it shows 6. Ann places a die."
    error = refused(*DEALT, reroll("4r", "6r"), reroll("2g", "3g"))
    assert error.code == "rerolled-already"
    assert error.message == "Ann has re-rolled a die this turn: one re-roll a turn."
    next_turn = [*DEALT, reroll("4r", "6r"), place("6r", 0, 0), draw("1p")]
    assert play(*next_turn, reroll("4y", "5y")).rerolled  # Bo's turn: a re-roll of his own


def test_a_re_rolled_die_keeps_its_colour_and_may_show_the_same_number() -> None:
    assert play(*DEALT, reroll("4r", "4r")).hands[0][1] == parse_die("4r")
    assert play(*DEALT, reroll("4r", "5")).hands[0][1] == parse_die("5r")
    error = refused(*DEALT, reroll("4r", "5g"))
    assert error.code == "wrong-colour"
    assert error.message == "A re-rolled die keeps its colour: the red 4 cannot come up green."
    assert refused(*DEALT, reroll("4r", "7r")).code == "bad-die"
    assert refused(*DEALT, reroll("4r", "K5")).code == "bad-die"


def test_a_die_not_in_hand_is_refused_naming_the_hand() -> None:
    error = refused(*DEALT, place("4y", 0, 0))
    assert error.code == "not-in-hand"
    assert error.message == "Ann holds no yellow 4: the hand is green 2, red 4, green 4."
    assert refused(*DEALT, reroll("6g", "1g")).code == "not-in-hand"


@pytest.mark.parametrize("die", ["4", "4k", "K4"])
def test_a_hand_die_is_named_with_its_colour(die: str) -> None:
    error = refused(*DEALT, place(die, 0, 0))
    assert error.code == "no-colour"
    assert error.message == "Name the die placed with its value and colour letter, like 4r."


# --- Placing -----------------------------------------------------------------------------------


def test_a_die_goes_on_a_free_cell_of_the_grid() -> None:
    moves = [*DEALT, place("2g", 2, 3), draw("1p")]
    error = refused(*moves, place("4y", 2, 3))
    assert (error.code, error.message) == ("covered", "Row 3, column 4 already holds a green 2.")
    state = play(*moves, place("4y", 2, 2))
    assert state.cover.die_at((2, 2)) == parse_die("4y")


@pytest.mark.parametrize(
    ("cell", "code"),
    [
        ([6, 0], "off-board"),
        ([0, 6], "off-board"),
        ([-1, 0], "off-board"),
        ([10**100, 0], "off-board"),
        ([0], "bad-cell"),
        ([True, 0], "bad-cell"),
        ([0.0, 0], "bad-cell"),
        ("0,0", "bad-cell"),
        ("\x00", "bad-cell"),
        (None, "bad-cell"),
    ],
)
def test_a_cell_that_is_not_on_the_grid_is_refused(cell: object, code: str) -> None:
    error = refused(*DEALT, {"type": "place", "die": "2g", "cell": cell})
    assert error.code == code
    assert "\x00" not in error.message and len(error.message) < 200


# --- Scoring -------------------------------------------------------------------------------------


def test_a_lone_die_scores_its_pips() -> None:
    score = worth({}, "5r", (0, 1))  # black 1 under it
    assert (score.total, score.words) == (5, "5 (nothing joins it) = 5")


def test_the_black_match_bonus_adds_the_pips_again() -> None:
    score = worth({}, "5r", (0, 0))  # black 5 under it
    assert (score.bonus, score.total, score.words) == (5, 10, "5 + 5 on a black 5 = 10")


def test_the_chain_goes_on_through_the_placed_dies_colour_only() -> None:
    # green 4 at (2,2): green 2 right, green 6 beyond, a red 6 touching the green 6.
    placed = {(2, 3): "2g", (2, 4): "6g", (1, 4): "6r", (3, 4): "3g"}
    score = worth(placed, "4g", (2, 2))
    assert score.by_colour == ((2, 3), (2, 4), (3, 4)) and score.by_pips == ()
    assert score.total == 4 + 4 + 2 + 6 + 3
    assert score.words == "4 + 4 on a black 4 + 11 through the green chain = 19"


def test_the_chain_goes_on_through_the_placed_dies_pips_only() -> None:
    # the 4s: red 4 above, yellow 4 above that; the blue 2 beside the yellow 4 is no 4.
    placed = {(1, 2): "4r", (0, 2): "4y", (0, 3): "2b", (0, 1): "4b"}
    score = worth(placed, "4g", (2, 2))
    assert score.by_pips == ((0, 1), (0, 2), (1, 2)) and score.by_colour == ()
    assert score.words == "4 + 4 on a black 4 + 12 through the 4s = 20"


def test_the_chain_goes_on_through_colour_and_pips_together() -> None:
    placed = {(2, 3): "2g", (1, 2): "4r", (2, 1): "3b"}
    score = worth(placed, "4g", (2, 2))
    assert score.total == 4 + 4 + 2 + 4  # the blue 3 matches neither
    assert score.words == "4 + 4 on a black 4 + 2 through the green chain + 4 through the 4s = 14"


def test_a_die_matching_both_counts_once_and_carries_both_chains() -> None:
    # the green 4 below matches both; beyond it a green 1 (colour) and a yellow 4 (pips).
    placed = {(3, 2): "4g", (4, 2): "1g", (3, 1): "4y"}
    score = worth(placed, "4g", (2, 2))
    assert score.by_colour == ((3, 2), (4, 2)) and score.by_pips == ((3, 1),)
    assert score.both == ((3, 2),)
    assert score.total == 4 + 4 + (4 + 1) + 4
    assert score.words == (
        "4 + 4 on a black 4 + 5 through the green chain + 4 through the 4s "
        "(the green 4 joins both ways, counted once) = 17"
    )


def test_a_chain_does_not_switch_attribute_half_way() -> None:
    # green 4 -> green 2 (colour) -> red 2: the red 2 shares the green 2's pips, not the
    # placed die's colour or pips, so the colour chain stops.
    placed = {(2, 3): "2g", (2, 4): "2r"}
    assert worth(placed, "4g", (2, 2)).chain == ((2, 3),)


def test_the_black_grid_never_joins_a_chain_and_corners_do_not_touch() -> None:
    placed = {(1, 1): "4g", (3, 3): "4g"}  # diagonal neighbours only
    assert worth(placed, "4g", (2, 2)).chain == ()


def test_the_help_pages_example_is_a_chain_scoring_28() -> None:
    board, sums = THREE.TEXT.example
    assert len(board.board) == 6 and all(len(row) == 6 for row in board.board)
    assert board.board[2][2] == "4g" and board.board[0][0] == "5k"
    assert (
        "4 + 4 on a black 4 + 12 through the green chain + 8 through the 4s (the green 4 "
        "joins both ways, counted once) = 28."
    ) in board.text
    assert sums.captions == ("4", "+4", "+12", "+8")
    assert sums.dice == (("4g",), ("4k",), ("2g", "6g", "4g"), ("4y", "4r"))
    assert sums.text.endswith("Bo scores <b>28</b>.")


def test_a_placement_adds_its_score_to_the_players_total_and_records_it() -> None:
    state = play(*DEALT, place("2g", 2, 3), draw("1p"), place("4y", 2, 2))
    assert THREE.outcome(state).scores == {"Ann": 2 + 2, "Bo": 4 + 4}
    records = [(r.player, r.points, r.total) for r in THREE.turn_records(state)]
    assert records == [("Ann", 4, 4), ("Bo", 8, 8)]
    assert THREE.turns_done(state) == 2
    assert state.ruling == (
        "Bo placed the yellow 4 at row 3, column 3: 4 + 4 on a black 4 = 8. Bo has 8. Bo "
        "draws a die (29 in the bag)."
    )


# --- The end -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [AB, ABC, ABCD, ABCDE, ("A", "B", "C", "D", "E", "F")])
def test_the_game_ends_when_every_hand_and_the_bag_are_empty(players) -> None:
    moves = scripted(players)
    state = support.play("sixd-three", *moves, players=players)
    assert THREE.is_over(state) and THREE.to_move(state) is None
    assert state.in_bag == 0 and not any(state.hands)
    assert len(state.placed) == 36 - sixd_three.REMOVED.get(len(players), 0)
    result = THREE.outcome(state)
    assert result.winners and all(result.scores[w] == max(result.scores.values())
                                  for w in result.winners)  # fmt: skip
    assert state.ruling.split("Every die is placed. ")[1].startswith("Game over: ")
    error = support.refused("sixd-three", *moves, draw("1r"), players=players)
    assert error.code == "game-over"


def test_ties_share_the_win() -> None:
    state = play(*scripted(AB))
    tied = replace(state, totals=(50, 50))
    assert THREE.outcome(tied).winners == ["Ann", "Bo"]


def test_winners_are_empty_until_the_game_is_over() -> None:
    assert THREE.outcome(play(*DEALT, place("2g", 2, 3))).winners == []


def test_players_two_to_six_and_no_options() -> None:
    assert (THREE.MIN_PLAYERS, THREE.MAX_PLAYERS, THREE.OPTIONS) == (2, 6, ())


# --- Every game: checked entries -----------------------------------------------------------------


def test_a_player_not_at_the_table_is_refused() -> None:
    assert refused(grid(player="Dee")).code == "unknown-player"
    assert refused(grid(player="\x00")).code == "unknown-player"


@pytest.mark.parametrize("die", ["7r", "0r", "3x", "", "33r", "\x00", 4, None, 10**100])
def test_a_die_outside_one_to_six_is_refused(die: object) -> None:
    assert refused(*DEALT, {"type": "place", "die": die, "cell": [0, 0]}).code == "bad-die"
    assert refused(grid(), {"type": "draw", "dice": [die, "1r", "2r"]}).code == "bad-die"


@pytest.mark.parametrize("dice", [None, "1r 2r 3r", 3, {"a": 1}])
def test_a_draw_that_is_not_a_list_is_refused(dice: object) -> None:
    assert refused(grid(), {"type": "draw", "dice": dice}).code == "bad-move"


def test_a_huge_draw_is_refused_by_its_count() -> None:
    error = refused(grid(), {"type": "draw", "dice": ["1r"] * 10**5})
    assert (error.code, error.message) == ("wrong-dice-count", "Ann draws three dice, not 100000.")


def test_an_unknown_move_is_refused_with_the_moves_of_the_game() -> None:
    error = refused({"type": "roll", "dice": ["1"]})
    assert error.code == "unknown-move"
    assert error.message == (
        'Six D Three has no move "roll" (moves: board, draw, place, remove, reroll).'
    )


def test_a_refused_move_leaves_the_state_as_it_was() -> None:
    state = play(*DEALT, place("2g", 2, 3), draw("1p"))
    for move in (place("2g", 2, 2), place("4y", 2, 3), draw("1r"), grid(), reroll("4y", "1g"),
                 place("4y", 9, 9), {"type": "remove", "colours": ["r"]}):  # fmt: skip
        support.refusal_of(THREE, state, move)


# --- Contract: moves in words, random play, the play page ----------------------------------------


def test_moves_in_words() -> None:
    assert (
        describe_move(THREE, place("4g", 2, 2, player="Bo")) == "Bo's placement at row 3, column 3"
    )
    assert describe_move(THREE, draw("3r 5g", player="Ann")) == "Ann's draw red 3 and green 5"
    assert describe_move(THREE, reroll("3r", "5r")) == "the re-roll"
    assert describe_move(THREE, grid(player="Ann")) == "Ann's black grid"
    assert describe_move(THREE, remove("r")) == "the dice put back in the box"


def test_the_table_enters_the_grid_the_dice_removed_and_the_draws() -> None:
    assert sixd_three.table_entry(play4()) == BoardEntry("board", "board", 36, shape=(6, 6))
    bag = tuple((c, 6) for c in "rygbop")
    assert sixd_three.table_entry(play4(grid())) == BagEntry("remove", "colours", bag, 2, False)
    state = play4(grid(), remove("r", "r"))
    assert sixd_three.table_entry(state) == BagEntry("draw", "dice", (("r", 4), *bag[1:]), 3)
    assert sixd_three.table_entry(play(*DEALT)) is None
    assert sixd_three.table_entry(play(*DEALT, place("2g", 0, 0))).count == 1
    assert all(sixd_three.choices(play4(*m)) == [] for m in ([], [grid()]))


def test_choices_are_every_re_roll_then_every_placement() -> None:
    moves = sixd_three.choices(play(*DEALT))
    rerolls = [m for m in moves if m["type"] == "reroll"]
    places = [m for m in moves if m["type"] == "place"]
    assert len(rerolls) == 3 * 6 and len(places) == 3 * 36
    assert rerolls[0] == reroll("2g", "1g") and places[0] == place("2g", 0, 0)
    after = sixd_three.choices(play(*DEALT, reroll("2g", "1g")))
    assert all(m["type"] == "place" for m in after)


def form(**fields: str) -> MultiDict:
    return MultiDict(fields)


def test_the_grid_is_typed_row_by_row() -> None:
    moves = THREE.read_form(play(), form(action="board", board="/".join(GRID)))
    assert moves == [grid()]


def test_the_dice_removed_are_tapped_by_colour() -> None:
    state = play4(grid())
    posted = MultiDict([("action", "remove"), ("colour", "r"), ("colour", "g")])
    assert THREE.read_form(state, posted) == [remove("r", "g")]
    with pytest.raises(RuleViolation) as refusal:
        THREE.read_form(state, MultiDict([("action", "remove"), ("colour", "k")]))
    assert refusal.value.code == "bad-colour"


def test_a_draw_is_a_colour_and_a_value_tapped_per_die() -> None:
    state = play(grid())
    posted = form(action="draw", c0="g", d0="2", c1="r", d1="4", c2="g", d2="4")
    assert THREE.read_form(state, posted) == [draw("2g 4r 4g")]
    with pytest.raises(RuleViolation) as refusal:
        THREE.read_form(state, form(action="draw", c0="g", d0="2", c1="r", d1="4", d2="4"))
    assert (refusal.value.code, refusal.value.message) == ("no-colour", "Tap the colour of die 3.")
    with pytest.raises(RuleViolation) as refusal:
        THREE.read_form(state, form(action="draw", c0="g", d0="2"))
    assert refusal.value.code == "missing-die"
    after = play(*DEALT, place("2g", 0, 0))
    assert THREE.read_form(after, form(action="draw", c0="p", d0="6")) == [draw("6p")]


def test_a_re_roll_and_a_placement_tap_the_hand_die() -> None:
    state = play(*DEALT)
    assert THREE.read_form(state, form(action="reroll", hand="1", value="6")) == [
        reroll("4r", "6r")
    ]
    assert THREE.read_form(state, form(action="place", hand="2", cell="2,2")) == [place("4g", 2, 2)]
    for bad in ({"hand": "3"}, {"hand": "-1"}, {"hand": "١"}, {}):
        with pytest.raises(RuleViolation) as refusal:
            THREE.read_form(state, form(action="place", cell="2,2", **bad))
        assert refusal.value.code == "not-in-hand"
    for value in ("", "7", "66", "x"):
        with pytest.raises(RuleViolation) as refusal:
            THREE.read_form(state, form(action="reroll", hand="0", value=value))
        assert refusal.value.code == "bad-die"


def test_the_view_shows_the_grid_the_bag_the_hands_and_the_last_sum() -> None:
    state = play(*DEALT, place("2g", 2, 3), draw("1p"), place("4y", 2, 2))
    view = THREE.view(state)
    assert (view.phase, view.to_move, view.to_draw, view.in_bag) == ("draw", "Bo", 1, 29)
    assert view.rows[2][2] == sixd_three.Square((2, 2), 4, parse_die("4y"), "Bo")
    assert view.rows[0][0] == sixd_three.Square((0, 0), 5)
    assert view.seats[0] == sixd_three_page.SeatView(
        "Ann", 4, tuple(parse_die(d) for d in ("4r", "4g", "1p")), False
    )
    assert (view.last_by, view.last_words) == ("Bo", "4 + 4 on a black 4 = 8")
    assert view.previews == () and not view.may_reroll
    assert (view.placed, view.side) == (2, 6)  # the page's "2 of 36 dice placed"
    hash(view)


def test_a_cell_of_the_view_shows_the_die_placed_on_it_else_the_black_one() -> None:
    view = THREE.view(play(*DEALT, place("2g", 2, 3), draw("1p"), place("4y", 2, 2)))
    covered, free = view.rows[2][2], view.rows[0][0]
    assert (covered.value, covered.colour, covered.label) == (4, "y", "Bo’s yellow 4")
    assert (free.value, free.colour, free.label) == (5, None, "black 5")


def test_the_view_previews_every_hand_die_on_every_free_cell() -> None:
    state = play(*DEALT, place("2g", 2, 3), draw("1p"))
    view = THREE.view(state)
    assert view.may_reroll and [p.die for p in view.previews] == [
        parse_die(d) for d in ("6g", "4y", "3b")
    ]
    assert all(len(p.cells) == 35 for p in view.previews)
    by_cell = {c.cell: c for c in view.previews[0].cells}
    assert by_cell[(2, 2)] == sixd_three.Preview((2, 2), 6 + 2, "6 + 2 through the green chain = 8")
    assert sixd_three.preview(state, Die(6, "g"), (2, 2)).total == 8
    with pytest.raises(RuleViolation):
        sixd_three.preview(state, Die(6, "g"), (2, 3))


def test_the_view_before_the_grid() -> None:
    view = THREE.view(play())
    assert (view.phase, view.rows, view.to_move, view.in_bag) == ("grid", (), "Ann", 36)


def test_player_notes_show_each_hand() -> None:
    assert THREE.player_notes(play()) == {}
    assert THREE.player_notes(play(*DEALT)) == {
        "Ann": "hand: green 2, red 4, green 4",
        "Bo": "hand: green 6, yellow 4, blue 3",
    }


# --- referee replay --json -----------------------------------------------------------------------


def test_replay_json_reports_the_totals_and_who_draws(tmp_path, capsys) -> None:
    log = {
        "format": "referee-log/1",
        "game": "sixd-three",
        "players": list(AB),
        "moves": [
            grid(player="Ann"),
            draw("2g 4r 4g", player="Ann"),
            draw("6g 4y 3b", player="Bo"),
            place("2g", 2, 3, player="Ann"),
            draw("1p", player="Ann"),
            reroll("4y", "4y", player="Bo"),
            place("4y", 2, 2, player="Bo"),
        ],
    }
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "game": "sixd-three",
        "over": False,
        "scores": {"Ann": 4, "Bo": 8},
        "winners": [],
        "to_move": "Bo",
        "moves_applied": 7,
        "error": None,
    }
    log["moves"].append(draw("1o", player="Ann"))
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["error"] == {
        "move": 7,
        "code": "wrong-player",
        "message": "It is Bo's turn, not Ann's.",
    }
    log["options"] = {"rounds": 2}
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 2


def test_a_log_replays_to_the_same_state_as_the_moves() -> None:
    moves = scripted(AB)
    assert replay(GameLog("sixd-three", AB, {}, tuple(moves))).state == play(*moves)


# --- Setup, for undo ---------------------------------------------------------------------------


def test_the_grid_the_dice_put_back_and_each_hand_of_the_deal_are_setup() -> None:
    moves = scripted(ABCD)
    found = support.setups("sixd-three", *moves[:9], players=ABCD)
    # grid, remove, four hands dealt; then Ann's placement and the draw that refills her hand
    assert found == [True] * 6 + [False, False, False]
    assert [m["type"] for m in moves[6:9]] == ["place", "draw", "place"]


def test_the_draw_after_a_placement_is_part_of_the_placers_turn() -> None:
    moves = (*DEALT, place("2g", 0, 0), draw("1b"))
    assert support.setups("sixd-three", *moves) == [True, True, True, False, False]
