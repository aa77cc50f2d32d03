"""Six D Two in the project's own words: the help page and the rule sheet render it.

The worked example is a round played through the engine with its pool entered.
"""

from __future__ import annotations

from referee.core.dice import MAX_MOVE_DICE
from referee.core.engine import Move
from referee.core.gametext import EVERY_GAME, GameText, Ruling, RunningPad, ScoreRow, Step
from referee.core.sentences import say
from referee.games.sixd_two import rules as sixd_two

PLAYERS = ("Ann", "Bo")
POOL = ["2r", "3r", "5r", "6k", "6k", "1g", "4g", "4y"]
TAKES = (["6k", "6k"], ["3r", "5r"], ["1g", "4g"])
ROUNDS_MAX = next(o.maximum for o in sixd_two.OPTIONS if o.name == "rounds")


def _apply(state: sixd_two.SixDTwo, move: Move) -> sixd_two.SixDTwo:
    """The engine's ruling on one move of the example (a refusal would raise)."""
    return sixd_two.MOVES[move["type"]](state, move)


def _example() -> tuple[Step, ...]:
    state = sixd_two.start(PLAYERS, {"rounds": 1})
    state = _apply(state, {"type": "roll", "dice": POOL})
    gained = []
    for dice in TAKES:
        before = sixd_two.outcome(state).scores[sixd_two.to_move(state) or ""]
        who = sixd_two.to_move(state) or ""
        state = _apply(state, {"type": "take", "dice": dice})
        gained.append(sixd_two.outcome(state).scores[who] - before)
    assert sixd_two.is_over(state)
    scores = sixd_two.outcome(state).scores
    return (
        Step(
            (tuple(POOL),),
            (say("the field"),),
            say(
                "Ann and Bo roll eight dice: red 2, 3 and 5, two black 6s, green 1 and 4, and a "
                "yellow 4. They enter the pool, so the referee checks every take against it."
            ),
        ),
        Step(
            (tuple(TAKES[0]), tuple(TAKES[1])),
            (
                say("{player} {points}", player="Ann", points=gained[0]),
                say("{player} {points}", player="Bo", points=gained[1]),
            ),
            say(
                "Ann takes the two black 6s ({ann} pips): nothing lies between them. Bo wanted "
                "the red 2 and 5, but the red 3 sits on the line between them, so the table says "
                "no; Bo takes the red 3 and 5 instead ({bo}).",
                ann=gained[0],
                bo=gained[1],
            ),
        ),
        Step(
            (tuple(TAKES[2]), ("2r", "4y")),
            (say("{player} {points}", player="Ann", points=gained[2]), say("no pair")),
            say(
                "Ann takes the green 1 and 4 ({gained}). A red 2 and a yellow 4 are left: no "
                "colour has two dice, so the round ends by itself. Ann {ann}, Bo {bo}.",
                gained=gained[2],
                ann=scores["Ann"],
                bo=scores["Bo"],
            ),
        ),
    )


TEXT = GameText(
    slug=sixd_two.SLUG,
    intro=(
        say(
            "The second game of Martin Grider's Six D Six set: a field of rolled dice, and pairs "
            "to pick out of it. On your turn take two dice of one colour with a clear straight "
            "path between them and keep their pips."
        )
    ),
    components=(
        say(
            "Dice in several colours, several of each: the Six D Six set's six colours and black, "
            "or any mix you have. More colours make a better game."
        ),
        say("{least} to {most} players.", least=sixd_two.MIN_PLAYERS, most=sixd_two.MAX_PLAYERS),
        say("A scorepad (or the referee on a phone) when you play several rounds."),
    ),
    turn_title=say("A round"),
    turn=(
        say("Roll every die onto the table. Nobody moves them."),
        say(
            "In turn, starting with the round's first player, take two dice of the same colour "
            "that have a clear path between them: a straight line from one to the other that "
            "crosses no other die. If most players think the path is blocked, take another pair."
        ),
        say("Set the pair aside without turning it: its pips are yours."),
        say("When the table agrees that no pair is left, the round is over."),
    ),
    scoring_head=(say("You took"), say("Points")),
    scoring=(ScoreRow(say("Each die"), say("its pips"), ("4r", "2r")),),
    scoring_notes=(say("Black is a colour like the others: two black dice make a pair."),),
    example_title=say("a round with the pool entered"),
    example=_example(),
    endgame=(
        say(
            "A single round is a game: the most pips wins. For a longer game play dealer rounds, "
            "each rolled afresh, and add them up; after the last round the highest total wins. "
            "Equal totals share the win."
        ),
    ),
    rulings=(
        Ruling(
            say("Clear path."),
            say(
                "Whether a path is clear is the table's call, by majority. The referee records "
                "the pair the table accepted and checks only that both dice share a colour, and "
                "that they are in the pool when the pool was entered."
            ),
        ),
        Ruling(
            say("Colours."),
            say("Every die is entered with its colour letter: r, y, g, b, o, p, or k for black."),
        ),
        Ruling(
            say("Entering the pool."),
            say(
                "Before the first take of a round the table may enter every die rolled. The "
                "dealer chooses how many dice are rolled, so a pool may hold any number of dice "
                "and any number of one colour: thirteen reds, or a single die (up to {most} "
                "dice, the most one move may list). Then each take must come from what is left, "
                "and the round ends by itself as soon as no colour has two dice; a roll with no "
                "two dice of one colour ends its round at once. An empty pool is refused.",
                most=MAX_MOVE_DICE,
            ),
        ),
        Ruling(
            say("Without a pool,"),
            say("the referee cannot see the field: any two dice of one colour are recorded."),
        ),
        Ruling(
            say("Ending a round."),
            say(
                "The table ends a round when it finds no pair with a clear path, even if the pool "
                "still holds two dice of one colour; the phone asks to confirm that."
            ),
        ),
        Ruling(
            say("Dealer rounds."),
            say(
                "A table may play up to {most} rounds. Round 1 starts with the first player, "
                "round 2 with the second, and so on round the table. The dealer may choose which "
                "dice and colours to roll; the referee does not check the advice to roll twice "
                "as many dice as there are players.",
                most=ROUNDS_MAX,
            ),
        ),
        Ruling(say("Ties"), say("share the win.")),
        *EVERY_GAME,
    ),
    # A row per round, for the longest game a table may choose.
    pad=RunningPad(
        rows=ROUNDS_MAX,
        note=say("Rounds: {rounds} · every die taken scores its pips", rounds="{rounds}"),
        final_round=False,
        busts=False,
    ),
    reminder=say(
        "Take two dice of one colour with a clear path between them · each die scores "
        "its pips · the most pips wins"
    ),
    emblem=("6k", "6k"),
    on_the_phone=(
        say(
            "The pool may be entered from a photo of the rolled dice lying apart (touching "
            "dice read as one). Each colour comes back filled in as read, the unsure dice "
            "named; check them and enter the pool as usual. A white die, of no colour of the "
            "set, is left out and named."
        ),
        say(
            "“Undo last move” takes back a take. The pool and the end of a round are each a turn "
            "of their own for undo, whoever entered them: undoing the take after them leaves them "
            "in place."
        ),
    ),
)
