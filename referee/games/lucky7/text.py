"""Lucky Sevens in the project's own words: the help page and the rule sheet render it."""

from __future__ import annotations

from referee.core.gametext import EVERY_GAME, GameText, Ruling, RunningPad, ScoreRow, Step, figure
from referee.core.sentences import say, say_n
from referee.games.lucky7 import rules as lucky7

SEVEN_SHAPES = {2: "25", 3: "124", 4: "1123", 5: "11122", 6: "111112", 7: "1111111"}


def _sevens(*groups: str) -> int:
    return sum(lucky7.SEVEN_POINTS[len(g)] for g in groups)


def _points(*groups: str) -> str:
    """A caption: the points of the sevens ``groups`` ("1 point", "2 points")."""
    return say_n("{count} point", "{count} points", _sevens(*groups))


def _example() -> tuple[Step, ...]:
    roll = [3, 4, 1, 2, 4, 6, 6, 6]
    best = lucky7.legal_choices(lucky7.counts_of(roll), 0, 100, 5)
    stuck = [1, 1, 2, 3, 4, 5, 6, 6]
    assert not lucky7.legal_choices(lucky7.counts_of(stuck), 99, 100, 5)
    return (
        Step(
            (("3", "4"), ("1", "2", "4"), ("6", "6", "6")),
            (_points("34"), _points("124"), say("left")),
            say(
                "Roll 3 4 1 2 4 6 6 6. Score 3+4 and 1+2+4: two sevens, {points} points. The "
                "three 6s hold no seven: bank, or roll those three. Scoring 1+6 and 3+4 instead "
                "is legal too ({other} points, four dice left).",
                points=best[0].points,
                other=best[1].points,
            ),
        ),
        Step(
            (("1", "6"), ("5",)),
            (_points("16"), say("one die left")),
            say(
                "Rolling the three: 1 6 5. Score 1+6; with exactly one die left you pick up all "
                "eight again. Score every die of a roll and you <b>complete the set</b>: "
                "{bonus} bonus points, and all eight again.",
                bonus=lucky7.OPTIONS[1].default,
            ),
        ),
        Step(
            (tuple(str(v) for v in stuck),),
            (say("bust on 99"),),
            say(
                "On 99, rolling 1 1 2 3 4 5 6 6: only a one-point seven would finish, but each "
                "leaves another seven among the dice not scored, and anything more passes 100. "
                "No legal choice: a <b>bust</b>."
            ),
        ),
    )


TEXT = GameText(
    slug=lucky7.SLUG,
    intro=say(
        "Eight dice. Find groups that add up to seven, keep rolling while you dare, and land "
        "on exactly 100, not one point more."
    ),
    components=(
        say("Eight ordinary dice."),
        say("The rules, a scorepad (or the referee on a phone) and a pencil."),
        say("Two to eight players; the referee also seats one."),
    ),
    turn=(
        say("Roll all eight dice."),
        say(
            "Score one or more <b>sevens</b>: groups of 2 to 7 dice from this roll whose pips "
            "add up to 7. You need not score every seven you see."
        ),
        say("Then bank the turn total, or roll the dice you have not scored."),
        say(
            "One die left? Pick up all eight again. None left? You <b>completed the set</b>: a "
            "bonus, and all eight again."
        ),
        say("A roll without any seven is a <b>bust</b>: the turn total is lost."),
    ),
    scoring_head=(say("Dice in one seven"), say("Points")),
    scoring=(
        *(
            ScoreRow(
                say_n(
                    "{count} die, e.g. {shape}",
                    "{count} dice, e.g. {shape}",
                    n,
                    shape="+".join(shape),
                ),
                figure(lucky7.SEVEN_POINTS[n]),
                tuple(shape),
            )
            for n, shape in SEVEN_SHAPES.items()
        ),
        ScoreRow(
            say("Completed set: every die scored (the table may choose 6)"),
            figure(lucky7.OPTIONS[1].default),
        ),
    ),
    scoring_notes=(),
    example_title=say("choosing sevens"),
    example=_example(),
    endgame=(
        say(
            "Reaching exactly the target (100 unless the table changed it) wins at once, without "
            "banking. No scoring choice may take your score (banked total plus this turn) past "
            "the target, and a choice that reaches it must leave no seven among the dice you did "
            "not score. A roll that offers no choice obeying both is a bust."
        ),
    ),
    rulings=(
        Ruling(
            say("Stealing."),
            say(
                "When a player banks, the next player may <b>steal</b> that turn: take over its "
                "turn total and the dice that were left, and roll them (the one-die and "
                "completed-set rules apply as usual). The player who banked keeps their points. "
                "A bust by the stealer loses the whole stolen total. Or start fresh with eight "
                "dice. After a bust there is nothing to steal."
            ),
        ),
        Ruling(
            say("A steal must be followed by a roll;"),
            say(
                "banking a stolen total unrolled is refused, so a steal alone never wins. A "
                "player whose total plus the stolen points already reaches the target may still "
                "steal, but any score then passes it and busts. With one player nothing is "
                "offered."
            ),
        ),
        Ruling(
            say("More than one score per roll."),
            say(
                "You may score sevens from a roll in several steps before rolling on. All the "
                "sevens scored from one roll count as one choice, judged and scored together as "
                "if entered at once: the finish (never past the target, and reaching it leaves "
                "no seven among that roll's unscored dice), the completed-set bonus and the "
                "one-die rule all look at everything scored from the roll."
            ),
        ),
        Ruling(
            say("Bonus counts."),
            say(
                "The completed-set bonus is part of the choice that earns it, so it cannot take "
                "you past the target either. The source's table says 6 for it; the referee uses "
                "5 unless the table chooses 6."
            ),
        ),
        Ruling(say("Players."), say("1 to 8 (the source says 2 to 8).")),
        *EVERY_GAME,
    ),
    # Sensible play (score the most sevens, bank at 10, steal 8 or more with four dice or
    # more) finishes in 10-13 turns a player on average, 14-19 for the 90th percentile and
    # 25 at most over 150 autoplayed games each with 2, 4 and 6 players; the exact finish
    # makes the last turns slow, so 25 rounds.
    pad=RunningPad(
        rows=25,
        note=say(
            "Exactly {target} wins, never more · completed set +{set_bonus}",
            target="{target}",
            set_bonus="{set_bonus}",
        ),
        final_round=False,
    ),
    reminder=say(
        "Sevens of {sizes} dice: {points} · one die left or none: roll all eight · no seven: "
        "bust · steal: after a bank, take over the turn total and the dice left",
        sizes="/".join(str(n) for n in lucky7.SEVEN_POINTS),
        points="/".join(str(p) for p in lucky7.SEVEN_POINTS.values()),
    ),
    emblem=("3", "4"),
    odds=(
        say(
            "A table can switch the odds on at the foot of its page (off unless asked for, and "
            "never part of the game). Before each roll the referee then shows the exact chance "
            "that no seven can be scored (near the target, counting the finish rule), the "
            "points one more roll is expected to add, and the choice worth most: the play that "
            "banks the most points this turn on average, worked out over every roll and every "
            "way of scoring sevens. It does not count what the next player may steal."
        ),
    ),
    on_the_phone=(
        say(
            "Tap a group letter (A to D) for each die of a seven; the screen adds up each group "
            "and shows its points."
        ),
        say(
            "Near the end the screen lists every possible choice: the legal ones as buttons, "
            "the others with the reason they are refused."
        ),
    ),
)
