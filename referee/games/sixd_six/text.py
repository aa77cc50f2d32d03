"""Six D Six in the project's own words: the help page and the rule sheet render it.

The worked example is the opening of a two-player game played through the engine: the
rolled square, a row of five blue dice, a pair of orange ones, and the column of three
5s that completes the blue row for 6 + 6 + 3 = 15, with the sum in the referee's words
from ``referee.games.sixd_six.rules``.
"""

from __future__ import annotations

from referee.core.engine import Move
from referee.core.gametext import EVERY_GAME, SQUARE, GameText, Ruling, RunningPad, ScoreRow, Step
from referee.core.moves import Cell, where
from referee.core.sentences import say, say_n
from referee.families.grid import Board
from referee.games.sixd_six import rules as sixd_six

PLAYERS = ("Ann", "Bo")
# Six of each colour; the top row's five blue dice, the orange 2 and 4 at the bottom left
# and the three 5s of the last column are the takes of the example.
ROLLED = (
    "6b 2b 1b 4b 3b 1y",
    "3r 5y 2g 6p 1o 5b",
    "4p 1r 6y 3g 2p 5r",
    "2y 6o 4r 5p 1g 5g",
    "1p 3y 5o 2r 6g 4y",
    "2o 4o 3p 6r 4g 5o",
)
# (board cells, area cells) of each take: Ann, Bo, Ann.
TAKES: tuple[tuple[tuple[Cell, ...], tuple[Cell, ...]], ...] = (
    (((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)), ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))),
    (((5, 0), (5, 1)), ((0, 0), (1, 0))),
    (((1, 5), (2, 5), (3, 5)), ((0, 5), (1, 5), (2, 5))),
)
# Ann's slide after the third take: the yellow 1 alone above the gap goes down three.
SLID_FROM, SLID_TO = (0, 5), (3, 5)


def _apply(state: sixd_six.SixDSix, move: Move) -> sixd_six.SixDSix:
    """The engine's ruling on one move of the example (a refusal would raise)."""
    return sixd_six.MOVES[move["type"]](state, move)


def _take(cells: tuple[Cell, ...], place: tuple[Cell, ...]) -> Move:
    return {"type": "take", "cells": [list(c) for c in cells], "place": [list(c) for c in place]}


def _drawn(board: Board) -> tuple[tuple[str | None, ...], ...]:
    """The board with its empty squares outlined."""
    return tuple(tuple(SQUARE if d is None else d for d in row) for row in board.notation())


def slid(board: Board) -> list[list[str | None]]:
    """The example's board after Ann's slide, in log notation."""
    rows = board.notation()
    rows[SLID_TO[0]][SLID_TO[1]] = rows[SLID_FROM[0]][SLID_FROM[1]]
    rows[SLID_FROM[0]][SLID_FROM[1]] = None
    return rows


def moves() -> list[Move]:
    """The example as log moves: the square, the three takes and the slide."""
    state = sixd_six.start(PLAYERS, {})
    played: list[Move] = [{"type": "board", "board": [row.split() for row in ROLLED]}]
    played += [_take(cells, place) for cells, place in TAKES]
    for move in played:
        state = _apply(state, move)
    return [*played, {"type": "slide", "board": slid(state.board)}]


def _example() -> tuple[Step, ...]:
    state = sixd_six.start(PLAYERS, {})
    state = _apply(state, {"type": "board", "board": [row.split() for row in ROLLED]})
    state = _apply(state, _take(*TAKES[0]))
    row_take = state.last
    state = _apply(state, _take(*TAKES[1]))
    before = _drawn(state.board)
    ann = sixd_six.outcome(state).scores["Ann"]
    state = _apply(state, _take(*TAKES[2]))
    fives = state.last
    assert row_take is not None and fives is not None and state.phase == sixd_six.SLIDE
    worth = fives.placement.score
    assert worth.total == sixd_six.outcome(state).scores["Ann"] - ann
    holes = sixd_six.gap_cells(state.board)
    state = _apply(state, {"type": "slide", "board": slid(state.board)})
    area = sixd_six.area_grids(state)[0][1]
    first, last = TAKES[2][0][0], TAKES[2][0][-1]
    return (
        Step(
            (),
            (),
            say(
                "Ann took the five blue dice at the left of the top row (one colour, every number "
                "different) into her empty area: {sum}. Bo took the orange 2 and 4 at the bottom "
                "left. Now Ann takes the three 5s from {first} down to {last}: one number in three "
                "colours.",
                sum=row_take.placement.score.words,
                first=where(first),
                last=where(last),
            ),
            board=before,
        ),
        Step(
            (),
            (),
            say_n(
                "Ann places them {turned}, the blue 5 at the end of her blue row. The row now "
                "holds all six numbers: a line of six, 6 points and 6 more; the column of 5s "
                "scores 3. The referee adds it up: {sum}. Ann has <b>{total}</b>. The take left "
                "{count} empty square under the yellow 1: Ann slides it down.",
                "Ann places them {turned}, the blue 5 at the end of her blue row. The row now "
                "holds all six numbers: a line of six, 6 points and 6 more; the column of 5s "
                "scores 3. The referee adds it up: {sum}. Ann has <b>{total}</b>. The take left "
                "{count} empty squares under the yellow 1: Ann slides it down.",
                len(holes),
                turned=fives.placement.turn_words,
                sum=worth.words,
                total=sixd_six.outcome(state).scores["Ann"],
            ),
            board=area,
        ),
    )


TEXT = GameText(
    slug=sixd_six.SLUG,
    intro=(
        say(
            "The sixth game of Martin Grider's Six D Six set, inspired by Qwirkle. The dice are "
            "rolled once, into a square; after that there is no luck at all. Take sets of dice "
            "that match by colour or by number, build them into your own area, and score the lines "
            "you make."
        )
    ),
    components=(
        say(
            "{each} dice in each of six colours (red, yellow, green, blue, orange, purple), {all} "
            "in all.",
            each=sixd_six.PER_COLOUR,
            all=sixd_six.PER_COLOUR * len(sixd_six.COLOURS),
        ),
        say(
            "{least} to {most} players, a table with room for everyone's area, and a scorepad (or "
            "the referee on a phone).",
            least=sixd_six.MIN_PLAYERS,
            most=sixd_six.MAX_PLAYERS,
        ),
    ),
    turn=(
        say(
            "Setting up: roll all the dice and push them into a {side} × {side} square without "
            "turning any.",
            side=sixd_six.SIDE,
        ),
        say(
            "Take a set: two or more dice joined side to side, where every row and every column of "
            "the set is one colour with all numbers different, or one number in all different "
            "colours. Lift it out keeping its shape."
        ),
        say(
            "Place it in your area, the same shape: you may turn it a quarter, a half or three "
            "quarters round, but never flip it over. From your second take on it must touch your "
            "dice, and every row and column it joins must still follow the rule."
        ),
        say(
            "Score the lines your new dice are in. Then, if the take left an empty square between "
            "two dice of a row or a column, slide dice along the rows and columns until no such "
            "gap is left. The next player round the table takes a turn."
        ),
        say("If no set on the square fits your area, pass."),
    ),
    scoring_head=(say("A line of your area that holds a new die"), say("Points")),
    scoring=(
        ScoreRow(say("One colour, every number different"), say("its length"), ("1r", "4r", "6r")),
        ScoreRow(say("One number, every colour different"), say("its length"), ("5r", "5g", "5b")),
        ScoreRow(
            say("A line of {longest}, the longest there is", longest=sixd_six.LONGEST),
            say("{longest} + {bonus} more", longest=sixd_six.LONGEST, bonus=sixd_six.SIX_BONUS),
            ("6b", "2b", "1b", "4b", "3b", "5b"),
        ),
    ),
    scoring_notes=(
        say(
            "A line is a run of dice side by side in one row or one column of your area. A die in "
            "a row and a column scores in both; a line holding several new dice scores once. The "
            "pips never add up: only the length of the lines counts."
        ),
    ),
    example_title=say("a line of six for 15"),
    example=_example(),
    endgame=(
        say(
            "At the end of a turn, if no two dice side by side on the square are one colour with "
            "different numbers or one number in different colours, no set is left and the game is "
            "over. It is over too when every player has passed in a row. The highest total wins; "
            "equal totals share the win."
        ),
    ),
    rulings=(
        Ruling(
            say("Who starts."),
            say(
                "The first player in the seating order enters the rolled square (the numbers row "
                "by row, then the colours; six of each colour) and takes first; then round the "
                "table."
            ),
        ),
        Ruling(
            say("No set at all."),
            say(
                "A rolled square in which no two dice side by side make a line ends the game at "
                "once, everyone on 0, sharing the win. Roll again for a real game."
            ),
        ),
        Ruling(
            say("A set is judged by its own dice."),
            say(
                "Its lines are the runs of its own dice in a row or a column; a die beside the set "
                "on the square does not count, and two of its dice in one row with a gap between "
                "them are no line."
            ),
        ),
        Ruling(
            say("Naming a take."),
            say(
                "A take names the set's squares and, in the same order, where each die lands in "
                "your area. The referee works out the turn; a mirror image is refused even when "
                "its lines would do, and any turn that lands the dice the same way is the same "
                "placement."
            ),
        ),
        Ruling(
            say("Your area."),
            say(
                "It has no edges and grows any way. Touching means side by side with a die already "
                "there, not corner to corner. A line that joins your new dice through dice already "
                "in your area must follow the rule too."
            ),
        ),
        Ruling(
            say("Scoring."),
            say(
                "A take scores at once, before any slide: every line of two or more dice through a "
                "new die, its length, and a line of six 6 more."
            ),
        ),
        Ruling(
            say("Sliding."),
            say(
                "Needed exactly when a row or a column has an empty square between two dice. Which "
                "dice to slide (the fewest, says the game) is the table's call: the referee checks "
                "only that the slid board has the same dice and no such gap. A slide is refused "
                "when there is no gap."
            ),
        ),
        Ruling(
            say("Passing."),
            say(
                "Refused while your area is empty, since any set fits there. Otherwise it is the "
                "table's call; the phone asks first when the referee sees a set that fits. A pass "
                "is written on the scoresheet; a take ends a run of passes."
            ),
        ),
        Ruling(
            say("The end"),
            say(
                "is checked at the end of every turn, after the slide if there is one. Dice left "
                "on the square score nothing."
            ),
        ),
        Ruling(say("Ties"), say("share the win.")),
        *EVERY_GAME,
    ),
    # A take a row: with two players, 36 dice go at two or more a take.
    pad=RunningPad(
        rows=sixd_six.SIDE * sixd_six.SIDE // sixd_six.SMALLEST_SET,
        note=say("A turn a row: the take's points (or pass), then your new total"),
        final_round=False,
        busts=False,
    ),
    reminder=(
        say(
            "Each line of 2+ dice in your area holding a new die scores its length · a line of 6 "
            "scores 6 more · lines are one colour with different numbers, or one number in "
            "different colours"
        )
    ),
    emblem=("5b", "5r"),
    sheet_boards=sixd_six.area_grids,
    on_the_phone=(
        say(
            "Instead of typing the square, take a photo of it from above, all 36 dice in it. The "
            "numbers and colours come back filled in as read, the dice the phone is unsure of "
            "marked with a ? and named. Turn it a quarter at a time until it lies as on the table, "
            "tap a wrong die and then its face (or a colour, then the die), and enter the square "
            "as usual; nothing is entered before. A photo that does not read as six rows of six is "
            "refused with a sentence."
        ),
        say(
            "“Undo … whole turn” takes back a take and its slid board. The rolled square is a turn "
            "of its own for undo: undoing the first take leaves it in place."
        ),
    ),
)
