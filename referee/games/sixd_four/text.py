"""Six D Four in the project's own words: the help page and the rule sheet render it.

The worked example is the opening of a two-player game played through the engine, up
to a placement that captures two pieces at once; its words are the referee's, from
``referee.games.sixd_four.rules``.
"""

from __future__ import annotations

from referee.core.engine import Move
from referee.core.gametext import EVERY_GAME, SQUARE, GameText, Ruling, RunningPad, ScoreRow, Step
from referee.core.moves import Cell, where
from referee.core.sentences import say
from referee.games.sixd_four import rules as sixd_four

PLAYERS = ("Ann", "Bo")
# Ann (red) and Bo (yellow) place alternately.  Twelve placements put down all twelve
# coloured pieces without a capture; then Ann, out of red, places black and captures her
# own red; Bo places black; Ann places the red she got back.
OPENING: tuple[Cell, ...] = (
    (2, 1), (1, 1), (3, 1), (1, 2), (5, 5), (1, 3),
    (5, 4), (2, 3), (4, 5), (4, 2), (3, 5), (4, 1),
)  # fmt: skip
BLACKS: tuple[Cell, ...] = ((3, 2), (3, 3))
DOUBLE: Cell = (2, 2)
PIP = "1"  # pieces are drawn as dice showing one pip: the pips do not matter


def _apply(state: sixd_four.SixDFour, move: Move) -> sixd_four.SixDFour:
    """The engine's ruling on one move of the example (a refusal would raise)."""
    return sixd_four.MOVES[move["type"]](state, move)


def _drawn(state: sixd_four.SixDFour) -> tuple[tuple[str | None, ...], ...]:
    """The board with every piece as a die of its colour, and its empty squares."""
    return tuple(tuple(f"{PIP}{c}" if c else SQUARE for c in row) for row in state.squares)


def _example() -> tuple[Step, ...]:
    state = sixd_four.start(PLAYERS, {})
    for cell in OPENING:
        state = _apply(state, {"type": "place", "cell": list(cell)})
        assert state.last is not None and not state.last.captured
    state = _apply(state, {"type": "place", "cell": list(BLACKS[0])})
    own = state.last
    assert own is not None and [c.owner for c in own.captured] == [0]
    own_words = sixd_four.placement_words(PLAYERS, own)
    state = _apply(state, {"type": "place", "cell": list(BLACKS[1])})
    before = _drawn(state)
    state = _apply(state, {"type": "place", "cell": list(DOUBLE)})
    double = state.last
    assert double is not None and len(double.captured) == 2
    yellow_line = (DOUBLE[0] - 1, DOUBLE[1])
    return (
        Step(
            (),
            (),
            say(
                "Ann (red) and Bo (yellow) have placed all their pieces without a capture. Ann, "
                "out of red, had to place black: {placed} The red touched Bo's yellow below it, so "
                "it was caught; it is back in Ann's hand. Then Bo, out of yellow, placed black at "
                "{cell}.",
                placed=own_words,
                cell=where(BLACKS[1]),
            ),
            board=before,
        ),
        Step(
            (),
            (),
            say(
                "Ann holds a red again and places it at {cell}. {placed} Each of the two already "
                "touched a piece of another colour: the yellow touched Bo's black, the black "
                "touched Bo's yellow below it. The yellow at {stays} stays: apart from Ann's new "
                "piece it touches only yellow. Ann's red to the left is her own colour.",
                cell=where(DOUBLE),
                placed=sixd_four.placement_words(PLAYERS, double),
                stays=where(yellow_line),
            ),
            board=_drawn(state),
        ),
    )


TEXT = GameText(
    slug=sixd_four.SLUG,
    intro=(
        say(
            "The fourth game of Martin Grider's Six D Six set: pure strategy, no luck. Dice are "
            "pieces here and their pips do not count. Capture black pieces to win, but first you "
            "will have to capture your own."
        )
    ),
    components=(
        say(
            "{pieces} dice of one colour for each player, and {black} black dice in a pool "
            "everyone can reach.",
            pieces=sixd_four.PIECES,
            black=sixd_four.BLACK_PIECES,
        ),
        say(
            "A chessboard: {small} × {small} squares of it for two players, all {large} × {large} "
            "for more.",
            small=sixd_four.SMALL,
            large=sixd_four.LARGE,
        ),
        say("{least} to {most} players.", least=sixd_four.MIN_PLAYERS, most=sixd_four.MAX_PLAYERS),
    ),
    turn=(
        say(
            "Put one piece on an empty square: one of your own colour while you hold any, a black "
            "one from the pool once you hold none of yours."
        ),
        say(
            "Your piece captures every piece beside it (not corner to corner) that is of another "
            "colour than yours and already touches a piece of a colour different from its own. "
            "Take all of them off at once."
        ),
        say(
            "A captured piece of a player's colour goes back to that player's hand, to be placed "
            "again before any black. A captured black piece is yours to keep."
        ),
        say("If you have nothing to place, or no square is empty, you pass."),
    ),
    scoring_head=(say("You keep"), say("Counts")),
    scoring=(
        ScoreRow(say("Each black piece you captured"), say("one"), ("1k",)),
        ScoreRow(say("Pieces of a player's colour"), say("nothing: they go back"), ("1r", "1y")),
    ),
    scoring_notes=(
        say(
            "Capturing other players' pieces brings you nothing, and capturing your own with a "
            "black piece gets them back so you can go after the black pieces again."
        ),
    ),
    example_title=say("a double capture"),
    example=_example(),
    endgame=(
        say(
            "The game ends when all {black} black pieces are captured, or when every player in "
            "turn has had to pass. Most black pieces captured wins; equal counts share the win.",
            black=sixd_four.BLACK_PIECES,
        ),
    ),
    rulings=(
        Ruling(
            say("Which piece."),
            say(
                "The referee knows what you hold, so a placement only names the square: your "
                "colour while you hold any (pieces captured back count), black after that."
            ),
        ),
        Ruling(
            say("Captures."),
            say(
                "Judged all at once, on the board with your new piece on it. A neighbour is "
                "captured when its colour differs from your piece's and, your piece aside, it "
                "touches a piece of another colour than its own; a piece that touches only its own "
                "colour is safe. A piece never captures its own colour, so black never captures "
                "black, but a black piece you place may capture your own pieces."
            ),
        ),
        Ruling(
            say("Passing."),
            say(
                "Only with nothing to place (none of your colour in hand and the pool empty) or no "
                "empty square; a pass is refused otherwise. On the phone the referee makes such a "
                "pass itself, says so, and takes it back with the move that forced it. When every "
                "player passes in a row the game ends."
            ),
        ),
        Ruling(
            say("Who starts."),
            say("The first player in the seating order, then round the table."),
        ),
        Ruling(
            say("A long game."),
            say(
                "The rules set no limit on turns; the referee keeps counting for as long as the "
                "table plays."
            ),
        ),
        Ruling(say("Ties"), say("share the win.")),
        *EVERY_GAME,
    ),
    # A capture a row: write the black pieces a placement captured and your new count.
    pad=RunningPad(
        rows=sixd_four.BLACK_PIECES // 2,
        note=say("A row each time you capture black: how many, then your count"),
        final_round=False,
        busts=False,
    ),
    reminder=(
        say(
            "Own colour first, then black · capture neighbours of another colour that already "
            "touch another colour · your colour comes back to you, black you keep · most black "
            "wins"
        )
    ),
    emblem=("1r", "1k"),
)
