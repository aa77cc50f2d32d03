"""Six D Three in the project's own words: the help page and the rule sheet render it.

The worked example is the start of a two-player game played through the engine: the
grid, the deal, seven placements and the one that scores a chain, with the sum in the
referee's words from ``referee.games.sixd_three.rules``.
"""

from __future__ import annotations

from referee.core.engine import Move
from referee.core.gametext import EVERY_GAME, GameText, Ruling, RunningPad, ScoreRow, Step
from referee.core.moves import Cell, where
from referee.core.sentences import both, listed, say
from referee.families.grid import colour_name
from referee.games.sixd_three import rules as sixd_three

PLAYERS = ("Ann", "Bo")
GRID = ["513626", "245134", "364215", "152643", "631452", "426315"]
# The deal, then turns: Ann and Bo place alternately, each drawing one die after placing.
DEAL = (["2g", "4r", "4g"], ["6g", "4y", "3b"])
TURNS: tuple[tuple[str, Cell, str], ...] = (
    ("2g", (2, 3), "2r"),  # Ann
    ("6g", (2, 4), "1g"),  # Bo
    ("4r", (1, 2), "5o"),
    ("4y", (0, 2), "3p"),
    ("4g", (3, 2), "6y"),
    ("3b", (2, 1), "2p"),
    ("2r", (1, 3), "1b"),
)
REROLL = ("1g", "4g")  # Bo's green 1 comes up 4
CHAIN_CELL: Cell = (2, 2)


def _apply(state: sixd_three.SixDThree, move: Move) -> sixd_three.SixDThree:
    """The engine's ruling on one move of the example (a refusal would raise)."""
    return sixd_three.MOVES[move["type"]](state, move)


def _moves() -> list[Move]:
    moves: list[Move] = [{"type": "board", "board": [list(row) for row in GRID]}]
    moves += [{"type": "draw", "dice": hand} for hand in DEAL]
    for die, cell, drawn in TURNS:
        moves += [
            {"type": "place", "die": die, "cell": list(cell)},
            {"type": "draw", "dice": [drawn]},
        ]
    return moves


def _drawn(state: sixd_three.SixDThree) -> tuple[tuple[str | None, ...], ...]:
    """The grid as the table sees it: black dice where nothing is placed yet."""
    assert state.grid is not None
    return tuple(
        tuple(str(state.cover.die_at((r, c)) or f"{GRID[r][c]}k") for c in range(sixd_three.SIDE))
        for r in range(sixd_three.SIDE)
    )


def _example() -> tuple[Step, ...]:
    state = sixd_three.start(PLAYERS, {})
    for move in _moves():
        state = _apply(state, move)
    hand = [
        say("a {colour} {value}", colour=colour_name(d.colour or ""), value=d.value)
        for d in state.hands[1]
    ]
    bo = sixd_three.outcome(state).scores["Bo"]
    state = _apply(state, {"type": "reroll", "die": REROLL[0], "to": REROLL[1]})
    state = _apply(state, {"type": "place", "die": REROLL[1], "cell": list(CHAIN_CELL)})
    placed = state.last
    assert placed is not None
    worth = placed.score
    cover = state.cover

    def die(cell: Cell) -> str:
        return str(cover.die_at(cell))

    green = tuple(die(c) for c in worth.by_colour)
    fours = tuple(die(c) for c in worth.by_pips)
    assert worth.total == sixd_three.outcome(state).scores["Bo"] - bo
    return (
        Step(
            (),
            (),
            say(
                "Ann and Bo have placed {count} dice on the black grid. Bo holds {hand}. Bo "
                "re-rolls the green 1: it comes up 4, and Bo places it on the black 4 at {cell} "
                "(the grid as drawn). The referee adds it up: {sum}.",
                count=len(TURNS),
                hand=both([listed(hand[:-1]), hand[-1]]),
                cell=where(CHAIN_CELL),
                sum=worth.words,
            ),
            board=_drawn(state),
        ),
        Step(
            (("4g",), ("4k",), green, fours),
            ("4", f"+{worth.bonus}", f"+{worth.colour_pips}", f"+{worth.pip_pips}"),
            say(
                "The green chain runs from the new die through the green 2 to the green 6, and "
                "down to the green 4. The 4s run up through the red 4 to the yellow 4. The green 4 "
                "below belongs to both chains and counts once. The red 2 touches the green 2 but "
                "is neither green nor a 4, and the blue 3 matches nothing: they do not count. Bo "
                "scores <b>{total}</b>.",
                total=worth.total,
            ),
        ),
    )


TEXT = GameText(
    slug=sixd_three.SLUG,
    intro=(
        say(
            "The third game of Martin Grider's Six D Six set. Coloured dice go onto a grid of "
            "black dice; a die scores its own pips, more when the black die under it shows the "
            "same number, and the pips of every die it links up with through its colour or its "
            "number. Draws from the bag bring some luck; where to place is all skill."
        )
    ),
    components=(
        say("{count} black dice for the grid.", count=sixd_three.SIDE * sixd_three.SIDE),
        say(
            "{each} dice in each of six colours (red, yellow, green, blue, orange, purple), {all} "
            "in all, and a bag you cannot see into.",
            each=sixd_three.PER_COLOUR,
            all=sixd_three.PER_COLOUR * len(sixd_three.COLOURS),
        ),
        say(
            "{least} to {most} players, and a scorepad (or the referee on a phone).",
            least=sixd_three.MIN_PLAYERS,
            most=sixd_three.MAX_PLAYERS,
        ),
    ),
    turn=(
        say(
            "Setting up: roll the black dice and push them into a {side} × {side} grid without "
            "turning any. Put the coloured dice in the bag. With four players {four} dice come out "
            "of the bag unseen and go back in the box, with five players {five}; show everyone "
            "which.",
            side=sixd_three.SIDE,
            four=sixd_three.REMOVED[4],
            five=sixd_three.REMOVED[5],
        ),
        say(
            "The deal: starting with the first player, everyone draws {hand} dice from the bag and "
            "rolls them. That is your hand.",
            hand=sixd_three.HAND,
        ),
        say(
            "Your turn: you may re-roll one die of your hand, once. Then place one hand die on a "
            "free black die of the grid, without turning it, and score it."
        ),
        say(
            "Then draw one die from the bag and roll it, back to three in hand, while the bag has "
            "any. The next player round the table takes a turn."
        ),
    ),
    scoring_head=(say("The die you placed"), say("Points")),
    scoring=(
        ScoreRow(say("Its pips"), say("always"), ("4g",)),
        ScoreRow(say("On a black die of the same number"), say("its pips again"), ("4g", "4k")),
        ScoreRow(
            say("Each die joined to it through dice of its colour"),
            say("that die's pips"),
            ("4g", "2g", "6g"),
        ),
        ScoreRow(
            say("Each die joined to it through dice of its number"),
            say("that die's pips"),
            ("4g", "4r", "4y"),
        ),
    ),
    scoring_notes=(
        say(
            "Joined means side to side, die to die: a colour chain goes on only through dice of "
            "the placed die's colour, a number chain only through dice of its number. Black grid "
            "dice never join a chain. A die on both chains counts once."
        ),
    ),
    example_title=say("a chain of green dice and 4s"),
    example=_example(),
    endgame=(
        say(
            "When the bag is empty nobody draws; players go on placing from their hands, and a "
            "player whose hand is empty is skipped. When every hand is empty the game is over: the "
            "highest total wins, and equal totals share the win."
        ),
    ),
    rulings=(
        Ruling(
            say("Who starts."),
            say(
                "The first player in the seating order starts, deals first and plays first. To "
                "play the opening roll of the printed rules, seat whoever rolls highest first."
            ),
        ),
        Ruling(
            say("Setting up, in order."),
            say(
                "The first player enters the grid (36 numbers, row by row from the top; black dice "
                "only), then, with four or five players, the colours of the dice put back in the "
                "box ({four} or {five}, two of one colour allowed). Then every player enters their "
                "three dice, in seating order.",
                four=sixd_three.REMOVED[4],
                five=sixd_three.REMOVED[5],
            ),
        ),
        Ruling(
            say("The bag."),
            say(
                "The referee knows what is in the bag: {each} of each colour, less the dice put "
                "back in the box and those drawn. A die of a colour the bag no longer holds is "
                "refused, with the count.",
                each=sixd_three.PER_COLOUR,
            ),
        ),
        Ruling(
            say("Drawing."),
            say(
                "Every draw is entered with colour and number. The player who has just placed "
                "draws before the next turn starts; when the bag is empty nobody draws."
            ),
        ),
        Ruling(
            say("Re-rolling."),
            say(
                "Once a turn, before placing, one hand die; it keeps its colour and may come up "
                "the same number. The re-roll is optional."
            ),
        ),
        Ruling(
            say("Which die."),
            say(
                "A hand die is named by number and colour (“4g”), so two 4s in one hand are never "
                "confused; a die not in your hand is refused, naming your hand."
            ),
        ),
        Ruling(
            say("Chains."),
            say(
                "The chain is every die joined to the placed one through dice of its colour, "
                "together with every die joined through dice of its number; a die on both counts "
                "once, and it carries both chains on. Only placed dice join chains, never the "
                "black grid."
            ),
        ),
        Ruling(
            say("Free cells."),
            say(
                "A die goes on a black die nobody has covered; a covered one is refused. With four "
                "or five players some black dice stay uncovered at the end."
            ),
        ),
        Ruling(say("Ties"), say("share the win.")),
        *EVERY_GAME,
    ),
    # A placement a row: with two players each places half of the 36 dice.
    pad=RunningPad(
        rows=sixd_three.SIDE * sixd_three.SIDE // sixd_three.MIN_PLAYERS,
        note=say("A placement a row: its points, then your new total"),
        final_round=False,
        busts=False,
    ),
    reminder=(
        say(
            "Pips of the placed die · again on a black die of its number · plus every die joined "
            "through its colour or through its number, each once · the highest total wins"
        )
    ),
    emblem=("4g", "4k"),
    on_the_phone=(
        say(
            "The grid may be entered from a photo taken from above, all 36 dice in it. The numbers "
            "come back typed in as read, the unsure ones marked with a ? and named. Turn it to lie "
            "as on the table, tap a wrong die and then its face, and enter it as usual; nothing is "
            "entered before. A hand of the deal, or the die drawn after a placement, may be "
            "entered from a photo of the dice rolled, lying apart: their colours and values come "
            "back tapped in, to check and enter. A re-roll may be entered from a photo of the one "
            "die rolled again, alone in the photo: tap the hand die first, open “Re-roll a die "
            "first”, take the photo, and the value read comes back ticked (with a ? when the "
            "reader is unsure of it); tap “Enter the re-roll”, or the right face first."
        ),
        say(
            "“Undo … whole turn” takes back a turn: its re-roll, its placement and the draw after "
            "it. The black grid, the dice put back in the box and each hand of the opening deal "
            "are undone one at a time, never with a turn."
        ),
    ),
)
