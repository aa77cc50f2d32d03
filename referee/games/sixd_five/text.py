"""Six D Five in the project's own words: the help page and the rule sheet render it.

The worked example is a short game played through the engine.
"""

from __future__ import annotations

from referee.core.engine import Move
from referee.core.gametext import EVERY_GAME, GameText, Ruling, RunningPad, ScoreRow, Step
from referee.core.sentences import both, say
from referee.games.sixd_five import rules as sixd_five

DICE = next(o for o in sixd_five.OPTIONS if o.name == "dice")
PLAYERS = ("Ann", "Bo", "Cy")
EXAMPLE_DICE = 12
SIDES = {"Ann": ("6", "5", "5", "3"), "Bo": ("4", "4", "6", "2"), "Cy": ("6", "6", "4", "3")}


def _apply(state: sixd_five.SixDFive, move: Move) -> sixd_five.SixDFive:
    """The engine's ruling on one move of the example (a refusal would raise)."""
    return sixd_five.MOVES[move["type"]](state, move)


def _example() -> tuple[Step, ...]:
    state = sixd_five.start(PLAYERS, {"dice": EXAMPLE_DICE})
    for _ in range(EXAMPLE_DICE):
        state = _apply(state, {"type": "place"})
    counter = sixd_five.to_move(state)
    totals = {name: sum(int(v) for v in faces) for name, faces in SIDES.items()}
    state = _apply(state, {"type": "sides", "totals": totals})
    won = sixd_five.outcome(state).winners
    best = totals[won[0]]
    verdict = (
        say("{player} wins with {points}", player=won[0], points=best)
        if len(won) == 1
        else say("{players} share the win with {points}", players=both(won), points=best)
    )
    return (
        Step(
            (("4", "4"),),
            (say("faces touching"),),
            say(
                "Ann, Bo and Cy play with {count} dice, each facing one side of the stack. Ann "
                "places first, then Bo, then Cy: {each} dice each. Each new die touches the stack, "
                "and where it touches a die the two faces show the same pips; the others watch "
                "that it does.",
                count=EXAMPLE_DICE,
                each=EXAMPLE_DICE // len(PLAYERS),
            ),
        ),
        Step(
            tuple(SIDES.values()),
            tuple(
                say("{player} {points}", player=name, points=total)
                for name, total in totals.items()
            ),
            say(
                "After the {count}th die {player}, next in turn, enters the pips showing on each "
                "side: {verdict}.",
                count=EXAMPLE_DICE,
                player=counter or "",
                verdict=verdict,
            ),
        ),
    )


TEXT = GameText(
    slug=sixd_five.SLUG,
    intro=(
        say(
            "The fifth game of Martin Grider's Six D Six set: build one stack of dice together, "
            "each player facing one side of it, and score the pips showing on your side."
        )
    ),
    components=(
        say(
            "{count} dice (the set's coloured dice, or any; big dice stack best) and a flat, level "
            "table.",
            count=DICE.default,
        ),
        say(
            "{least} to {most} players, one to each side of the stack. With two, the first player "
            "has the edge; three or four play best.",
            least=sixd_five.MIN_PLAYERS,
            most=sixd_five.MAX_PLAYERS,
        ),
    ),
    turn=(
        say("Place one die on the stack. Every die must touch another."),
        say("Where your die touches another, the two touching faces must show the same pips."),
        say("Then the next player round the table places a die."),
    ),
    scoring_head=(say("On your side of the stack"), say("Points")),
    scoring=(ScoreRow(say("Each face showing"), say("its pips"), ("5", "3")),),
    scoring_notes=(
        say(
            "A side can show at most six pips for each die in the game: {most} with {count} dice.",
            most=sixd_five.MOST_PIPS * DICE.default,
            count=DICE.default,
        ),
    ),
    example_title=say("a game of {count} dice", count=EXAMPLE_DICE),
    example=_example(),
    endgame=(
        say(
            "When the last die is on the stack, count the pips showing on each side. The most pips "
            "wins; equal totals share the win."
        ),
    ),
    rulings=(
        Ruling(
            say("Stacking is the table's call."),
            say(
                "Whether a die touches the stack and matches the faces it touches is judged by the "
                "players; the referee records each die placed and says whose turn it is."
            ),
        ),
        Ruling(
            say("Entering the stack."),
            say(
                "Tap once for each die, or type how many dice are on the stack now: the referee "
                "counts the dice added since for the players in turn. Any phone at the table may "
                "enter dice, a phone seated as one player too, since adding a die is nobody's "
                "choice; only a watching phone may not. The sides are entered by the counter's "
                "phone or a table phone."
            ),
        ),
        Ruling(
            say("How many dice."),
            say(
                "{count} unless the table chooses another number from {least} to {most}. The first "
                "player places first, then round the table.",
                count=DICE.default,
                least=DICE.minimum,
                most=DICE.maximum,
            ),
        ),
        Ruling(
            say("Counting the sides."),
            say(
                "After the last die the next player in turn enters every player's side: a whole "
                "number from 0 to six times the number of dice, for each player exactly once."
            ),
        ),
        Ruling(
            say("A falling stack"),
            say(
                "is not covered by the rules: the table decides whether to rebuild it or count it "
                "as it stands. The referee keeps counting; “Undo last move” takes back a die."
            ),
        ),
        Ruling(say("Ties"), say("share the win.")),
        *EVERY_GAME,
    ),
    # A game is one row.  Four rows let each seat start one game of a match: the first
    # player has the edge, most of all with two.
    pad=RunningPad(
        rows=sixd_five.MAX_PLAYERS,
        note=say(
            "{dice} dice on the stack · a game a row · your side's pips are your score",
            dice="{dice}",
        ),
        final_round=False,
        busts=False,
    ),
    reminder=say(
        "Every die touches another; touching faces match · your score is the pips on your "
        "side when the last die is placed · the most pips wins"
    ),
    emblem=("5", "5"),
)
